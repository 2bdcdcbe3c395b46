/** Browser stand-in for Node's `querystring` module, as httpsnippet uses it (`stringify`, `escape`). */
export function escape(s: string): string {
  return encodeURIComponent(s);
}

export function stringify(obj: Record<string, unknown> | null | undefined): string {
  if (!obj) return '';
  return Object.entries(obj)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${escape(k)}=${escape(x === undefined || x === null ? '' : String(x))}`))
    .join('&');
}

export function parse(s: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(s)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

export default { escape, stringify, parse };
