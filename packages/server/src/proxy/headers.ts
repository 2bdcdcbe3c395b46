/** Header rules of the playground proxy: what goes upstream and what comes back to the docs origin. */

/** Hop-by-hop headers (RFC 9110 §7.6.1) plus `Proxy-*`; never forwarded in either direction. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
]);

/** Request headers the proxy sets itself or refuses to pass on. */
const REQUEST_DROPPED = new Set(['host', 'content-length', 'expect', 'http2-settings']);

/**
 * Response headers that would act on the docs origin rather than on the playground: cookies, transport security,
 * site-data clearing, alternative services, key pinning, the upstream's own CSP (replaced by a sandbox CSP).
 */
const RESPONSE_DROPPED = new Set([
  'set-cookie',
  'set-cookie2',
  'strict-transport-security',
  'clear-site-data',
  'alt-svc',
  'public-key-pins',
  'public-key-pins-report-only',
  'content-security-policy',
  'content-security-policy-report-only',
  'service-worker-allowed',
  'refresh',
  'location',
  // Policies a browser applies to the whole origin that received them (reporting, federated login, client hints).
  'nel',
  'report-to',
  'reporting-endpoints',
  'set-login',
  'accept-ch',
  'critical-ch',
  // Feature grants, process isolation and prerendering of the docs origin.
  'permissions-policy',
  'feature-policy',
  'origin-agent-cluster',
  'speculation-rules',
  'supports-loading-mode',
]);

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Field values: visible ASCII, obs-text, space and tab; no CR, LF or NUL.
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

export function isToken(value: string): boolean {
  return TOKEN.test(value);
}

/** Names listed in a `Connection` header value (lowercase). */
function connectionListed(value: string | null | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (value ?? '').split(',')) {
    const name = part.trim().toLowerCase();
    if (name) out.add(name);
  }
  return out;
}

function isHopByHop(name: string, listed: Set<string>): boolean {
  return HOP_BY_HOP.has(name) || name.startsWith('proxy-') || listed.has(name);
}

export interface HeaderProblem {
  name: string;
  message: string;
}

/**
 * Headers to send upstream from the ProxyRequest's `headers` object: hop-by-hop, Host, Content-Length and
 * Expect dropped. Only a `Cookie` the caller wrote into the ProxyRequest goes upstream, never the docs origin's
 * cookies (those arrive on the proxy request itself, which is never copied). Invalid names/values are reported.
 */
export function upstreamRequestHeaders(input: Record<string, unknown> | undefined): {
  headers: Array<[string, string]>;
  problems: HeaderProblem[];
} {
  const headers: Array<[string, string]> = [];
  const problems: HeaderProblem[] = [];
  if (!input) return { headers, problems };
  let connection: string | undefined;
  for (const [name, value] of Object.entries(input)) {
    if (name.toLowerCase() === 'connection' && typeof value === 'string') connection = value;
  }
  const listed = connectionListed(connection);
  for (const [name, value] of Object.entries(input)) {
    if (typeof value !== 'string') {
      problems.push({ name, message: `header ${JSON.stringify(name)} must be a string, got ${typeof value}` });
      continue;
    }
    if (!isToken(name)) {
      problems.push({ name, message: `header name ${JSON.stringify(name)} is not a valid HTTP token` });
      continue;
    }
    if (!FIELD_VALUE.test(value)) {
      problems.push({ name, message: `header ${JSON.stringify(name)} contains a control character (CR, LF or NUL)` });
      continue;
    }
    const lower = name.toLowerCase();
    if (isHopByHop(lower, listed) || REQUEST_DROPPED.has(lower)) continue;
    headers.push([name, value]);
  }
  return { headers, problems };
}

export const SET_COOKIE_EXPOSED = 'X-Lectern-Set-Cookie';
export const LOCATION_EXPOSED = 'X-Lectern-Location';
export const LINK_EXPOSED = 'X-Lectern-Link';

/**
 * Headers of the answer to the browser from the upstream response headers: hop-by-hop and origin-affecting
 * headers removed, any `X-Lectern-*` header from upstream removed (so upstream cannot forge a proxy error),
 * each `Set-Cookie` exposed as `X-Lectern-Set-Cookie` (never set on the docs origin), `Location` of a
 * response that was not followed exposed as `X-Lectern-Location` (so the browser never follows it on the docs
 * origin), `Link` exposed as `X-Lectern-Link` (never preloaded on the docs origin), upstream CORS grants
 * (`Access-Control-*`) dropped, and a sandbox CSP + nosniff added so an upstream HTML answer cannot run script on the docs origin.
 */
export function downstreamResponseHeaders(upstream: Array<[string, string]>, options: { decoded: boolean }): Headers {
  const out = new Headers();
  let connection: string | undefined;
  for (const [name, value] of upstream) if (name.toLowerCase() === 'connection') connection = value;
  const listed = connectionListed(connection);
  for (const [name, value] of upstream) {
    const lower = name.toLowerCase();
    if (isHopByHop(lower, listed) || lower.startsWith('x-lectern-')) continue;
    if (lower === 'set-cookie') {
      out.append(SET_COOKIE_EXPOSED, value);
      continue;
    }
    if (lower === 'location') {
      out.append(LOCATION_EXPOSED, value);
      continue;
    }
    // `Link` can preload or prefetch into the docs origin: kept for the reader (pagination) under another name.
    if (lower === 'link') {
      if (FIELD_VALUE.test(value)) out.append(LINK_EXPOSED, value);
      continue;
    }
    // CORS grants from upstream would let other sites read the docs origin's proxy answers.
    if (RESPONSE_DROPPED.has(lower) || lower.startsWith('access-control-')) continue;
    // A transport that decoded the body (fetch) makes these describe bytes we no longer have.
    if (options.decoded && (lower === 'content-encoding' || lower === 'content-length')) continue;
    if (!isToken(name) || !FIELD_VALUE.test(value)) continue;
    out.append(name, value);
  }
  out.set('Content-Security-Policy', "sandbox; default-src 'none'");
  out.set('X-Content-Type-Options', 'nosniff');
  return out;
}
