/**
 * Browser stand-in for Node's legacy `url` module, as much of it as httpsnippet uses (`parse(url, true)` and
 * `format(parts)`), built on the WHATWG URL. Only bundled into the playground's live samples.
 */
interface Parts {
  protocol?: string | null;
  slashes?: boolean | null;
  auth?: string | null;
  host?: string | null;
  port?: string | null;
  hostname?: string | null;
  hash?: string | null;
  search?: string | null;
  query?: Record<string, string | string[]> | string | null;
  pathname?: string | null;
  path?: string | null;
  href?: string;
}

export function parse(input: string, parseQuery = false): Parts {
  const u = new URL(input);
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of u.searchParams) {
    const prev = query[k];
    query[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  const auth = u.username ? decodeURIComponent(u.username) + (u.password ? `:${decodeURIComponent(u.password)}` : '') : null;
  return {
    protocol: u.protocol,
    slashes: true,
    auth,
    host: u.host,
    port: u.port || null,
    hostname: u.hostname,
    hash: u.hash || null,
    search: u.search || null,
    query: parseQuery ? query : u.search.slice(1) || null,
    pathname: u.pathname,
    path: u.pathname + u.search,
    href: u.href,
  };
}

export function format(p: Parts): string {
  let search = p.search ?? '';
  if (!search && p.query && typeof p.query === 'object') {
    const pairs = Object.entries(p.query).flatMap(([k, v]) =>
      (Array.isArray(v) ? v : [v]).map((x) => `${encodeURIComponent(k)}=${encodeURIComponent(x)}`),
    );
    search = pairs.length ? `?${pairs.join('&')}` : '';
  }
  if (search && !search.startsWith('?')) search = `?${search}`;
  const auth = p.auth ? `${p.auth}@` : '';
  return `${p.protocol ?? ''}${p.slashes ? '//' : ''}${auth}${p.host ?? ''}${p.pathname ?? ''}${search}${p.hash ?? ''}`;
}

export default { parse, format };
