/**
 * Content negotiation for a page URL: does the request's `Accept` header prefer the page's Markdown
 * (`text/markdown`) over its HTML? Used by `lectern serve` (static.ts) and `lectern dev` alike.
 */

/** `[type, q, position]` of each entry of an `Accept` header (`q` defaults to 1; a bad `q` counts as 0). */
function entries(accept: string): Array<[string, number, number]> {
  return accept.split(',').flatMap((part, i): Array<[string, number, number]> => {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    if (!type) return [];
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    return [[type.trim(), Number.isFinite(value) ? value : 0, i]];
  });
}

/**
 * True when `accept` names `text/markdown` (or `text/x-markdown`) with a quality above HTML's: HTML's is that of
 * `text/html` or `application/xhtml+xml`, else of `text/*`, else of `*\/*`, else 0. At equal quality the type listed
 * first wins, and a named `text/markdown` wins over a wildcard. A browser's `Accept` never prefers Markdown.
 */
export function prefersMarkdown(accept: string | null | undefined): boolean {
  if (!accept) return false;
  let md: [number, number] = [0, Infinity];
  let html: [number, number] | undefined;
  let textAny: number | undefined;
  let any: number | undefined;
  for (const [type, q, at] of entries(accept)) {
    if (type === 'text/markdown' || type === 'text/x-markdown') {
      if (q > md[0]) md = [q, at];
    } else if (type === 'text/html' || type === 'application/xhtml+xml') {
      if (!html || q > html[0]) html = [q, at];
    } else if (type === 'text/*') textAny = q;
    else if (type === '*/*') any = q;
  }
  if (md[0] <= 0) return false;
  const rival = html ?? [textAny ?? any ?? 0, Infinity];
  return md[0] > rival[0] || (md[0] === rival[0] && md[1] < rival[1]);
}
