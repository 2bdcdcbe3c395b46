/**
 * The playground proxy as a web-standard handler: `POST /_lectern/api/request` with a JSON `ProxyRequest`,
 * answered with the upstream's status, headers and (streamed) body, or with a JSON proxy error.
 * Security model: docs/api-pages/proxy.mdx.
 */
import type { SiteManifest } from '@lectern/core';
import { PROXY_ERROR_HEADER, type ProxyRequest } from '@lectern/core/contract';
import { proxyError, ProxyFailure } from './errors.ts';
import { downstreamResponseHeaders, isToken, upstreamRequestHeaders } from './headers.ts';
import { blockedAddressReason, ipFamily } from './ip.ts';
import { allowedOrigins, type AllowedOrigins } from './origins.ts';
import { createRateLimiter, type RateLimitOptions } from './rate-limit.ts';
import { fetchTransport, type PrivateAccess, type Transport, type TransportSettings, type UpstreamResponse } from './transport.ts';

export interface ProxyLimits {
  /** Largest upstream request body, decoded (default 10 MiB). */
  maxRequestBytes?: number;
  /** Largest upstream response body, as received (default 50 MiB). */
  maxResponseBytes?: number;
  /** TCP + TLS connect timeout per hop (default 10 s). */
  connectTimeoutMs?: number;
  /** Whole exchange including redirects and the response body (default 30 s). */
  timeoutMs?: number;
  /** Redirects followed (default 5). */
  maxRedirects?: number;
  /** Per client address (default 120 requests per 60 s); `false` turns it off. */
  rateLimit?: RateLimitOptions | false;
  /**
   * Request bodies held in memory at once, across all clients (default 64 MiB). A request whose body does not fit
   * waits for none: it gets 503 with Retry-After, so a flood of large bodies cannot exhaust memory.
   */
  maxBufferedBytes?: number;
  /** Requests one client address may have in flight at once (default 16), so one reader cannot hold every socket. */
  maxConcurrentPerClient?: number;
  /**
   * Upstream requests in flight at once, across all clients (default 48): a request past it gets 503
   * `proxy_at_capacity` with Retry-After at once, instead of waiting behind slow requests for a socket. A request
   * counts until its answer has been passed on to the end (or cut off). The Node transport opens at most this many
   * sockets per upstream origin, so an admitted request never queues for one.
   */
  maxConcurrent?: number;
}

export interface ConnectionInfo {
  /** The peer address of the TCP connection, from the server adapter. */
  clientAddress?: string;
  /** The same address under the name the assistant handler reads (adapters set both). */
  clientIp?: string;
}

export interface ProxyOptions {
  manifest: Pick<SiteManifest, 'servers' | 'proxyAllow'>;
  limits?: ProxyLimits;
  /** Custom resolver for the Node transport (tests simulate DNS answers with it). */
  resolveHost?: TransportSettings['resolveHost'];
  /**
   * Network layer, or a factory given the resolved limits. From `@lectern/server` the default is the Node
   * transport with connect-time address checks; from `@lectern/server/edge` it is `fetchTransport()`.
   */
  transport?: Transport | ((settings: TransportSettings) => Transport);
  /**
   * Behind a reverse proxy: take the client address for the rate limit from the last `X-Forwarded-For` entry
   * (the one your proxy appended). Off by default, as clients can forge that header.
   */
  trustProxy?: boolean;
  /** Idle keep-alive sockets to upstreams close after this long (default 4 s). */
  keepAliveTimeoutMs?: number;
}

export type ProxyHandler = ((request: Request, info?: ConnectionInfo) => Promise<Response>) & {
  /** Problems found in the manifest's servers/allowlist (entries skipped). */
  readonly problems: readonly string[];
  /** Closes upstream connections. */
  close(): Promise<void>;
};

const DEFAULTS = {
  maxRequestBytes: 10 * 1024 * 1024,
  maxResponseBytes: 50 * 1024 * 1024,
  connectTimeoutMs: 10_000,
  timeoutMs: 30_000,
  maxRedirects: 5,
  rateLimit: { max: 120, windowMs: 60_000 } as RateLimitOptions,
  maxBufferedBytes: 64 * 1024 * 1024,
  maxConcurrentPerClient: 16,
  maxConcurrent: 48,
};

const REFUSED_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
/** Checked with a single character class and the length: a grouped `(…{4})*` overflows the stack on megabytes. */
const BASE64_CHARS = /^[A-Za-z0-9+/]*={0,2}$/;
/** Headers kept when a redirect leads to another origin; everything else (credentials included) is dropped. */
const CROSS_ORIGIN_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'content-type',
  'content-language',
  'user-agent',
  'cache-control',
  'pragma',
  'if-none-match',
  'if-modified-since',
  'range',
]);

export function createProxyHandler(options: ProxyOptions): ProxyHandler {
  const limits = resolveLimits(options.limits);
  const origins = allowedOrigins(options.manifest);
  const limiter = limits.rateLimit ? createRateLimiter(limits.rateLimit) : null;
  const settings: TransportSettings = {
    connectTimeoutMs: limits.connectTimeoutMs,
    idleTimeoutMs: limits.timeoutMs,
    resolveHost: options.resolveHost,
    keepAliveTimeoutMs: options.keepAliveTimeoutMs,
    connections: limits.maxConcurrent,
  };
  const net: Transport = typeof options.transport === 'function' ? options.transport(settings) : (options.transport ?? fetchTransport());
  /** Bytes reserved for request bodies being read or sent, across all requests. */
  let buffered = 0;
  /** Requests in flight per client address (for the per-client concurrency cap). */
  const inFlight = new Map<string, number>();
  /** Requests in flight across all clients (for the global cap), each until its answer has been passed on. */
  let inFlightTotal = 0;

  const handler = async (request: Request, info?: ConnectionInfo): Promise<Response> => {
    if (request.method !== 'POST') {
      return proxyError(405, 'method_not_allowed', `the playground proxy accepts POST only, got ${request.method}`, {
        Allow: 'POST',
      });
    }
    if (request.headers.get('sec-fetch-site') === 'cross-site') {
      return proxyError(403, 'cross_site_request', 'the playground proxy only answers pages of its own docs site');
    }
    const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/json') {
      return proxyError(415, 'unsupported_media_type', `send the ProxyRequest as application/json (got ${mediaType || 'no Content-Type'})`);
    }
    const client = clientAddress(request, info, options.trustProxy === true);
    if (limiter) {
      const decision = limiter.take(client);
      if (!decision.ok) {
        return proxyError(429, 'rate_limited', `too many playground requests; retry in ${decision.retryAfterSeconds} s`, {
          'Retry-After': String(decision.retryAfterSeconds),
        });
      }
    }
    // Envelope: base64 grows the body by 4/3, plus room for URL and headers.
    const envelopeLimit = Math.ceil((limits.maxRequestBytes * 4) / 3) + 256 * 1024;
    const declaredLength = Number(request.headers.get('content-length') ?? NaN);
    if (declaredLength > envelopeLimit) {
      return proxyError(413, 'request_too_large', `the request body is larger than ${formatBytes(limits.maxRequestBytes)}`);
    }
    if ((inFlight.get(client) ?? 0) >= limits.maxConcurrentPerClient) {
      return proxyError(
        429,
        'too_many_concurrent',
        `more than ${limits.maxConcurrentPerClient} playground requests at once from one address; retry when one finishes`,
        { 'Retry-After': '1' },
      );
    }
    if (inFlightTotal >= limits.maxConcurrent) {
      return proxyError(
        503,
        'proxy_at_capacity',
        `the playground proxy is already waiting on ${limits.maxConcurrent} API requests (its limit across all readers); retry in a moment`,
        { 'Retry-After': '1' },
      );
    }
    // Room for the body is reserved before it is read: the declared length, or chunk by chunk when none is declared.
    let reserved = 0;
    const reserve = (bytes: number): boolean => {
      if (bytes <= reserved) return true;
      if (buffered + (bytes - reserved) > limits.maxBufferedBytes) return false;
      buffered += bytes - reserved;
      reserved = bytes;
      return true;
    };
    if (!reserve(Number.isFinite(declaredLength) ? Math.max(declaredLength, 1024) : 1024)) return busy();
    inFlight.set(client, (inFlight.get(client) ?? 0) + 1);
    inFlightTotal++;
    // The request's slots are held until its answer's body has been passed on (or cut off), not only until the
    // headers: an upstream that trickles its body holds a socket as long as one that is slow to answer.
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      inFlightTotal--;
      const left = (inFlight.get(client) ?? 1) - 1;
      if (left > 0) inFlight.set(client, left);
      else inFlight.delete(client);
    };
    let streaming = false;
    try {
      const response = await forward(request, envelopeLimit, reserve, release);
      streaming = response.body !== null && response.headers.get(PROXY_ERROR_HEADER) === null;
      return response;
    } finally {
      buffered -= reserved;
      if (!streaming) release();
    }
  };

  /** Reads, checks and sends one request (within the reservation made by the handler). */
  const forward = async (
    request: Request,
    envelopeLimit: number,
    reserve: (bytes: number) => boolean,
    release: () => void,
  ): Promise<Response> => {
    const raw = await readLimited(request, envelopeLimit, reserve);
    if (raw === 'busy') return busy();
    if (raw === 'too-large') {
      return proxyError(413, 'request_too_large', `the request body is larger than ${formatBytes(limits.maxRequestBytes)}`);
    }
    if (raw instanceof Error) return proxyError(400, 'invalid_request', `could not read the request body: ${raw.message}`);

    const parsed = parseProxyRequest(raw);
    if ('problems' in parsed) return proxyError(400, 'invalid_request', parsed.problems.join('; '));
    if (parsed.body && parsed.body.byteLength > limits.maxRequestBytes) {
      return proxyError(413, 'request_too_large', `the request body is larger than ${formatBytes(limits.maxRequestBytes)}`);
    }
    const refusal = checkTarget(parsed.url, origins);
    if (refusal) return proxyError(403, refusal.code, refusal.message);
    if (!parsed.headers.some(([name]) => name.toLowerCase() === 'accept-encoding')) {
      const accepted = acceptedEncodings(request.headers.get('accept-encoding'));
      if (accepted) parsed.headers.push(['accept-encoding', accepted]);
    }

    const timeout = new AbortController();
    // The whole exchange's deadline also frees the request's slots, even if nobody reads or cancels its answer.
    const timer = setTimeout(() => {
      timeout.abort(new Error('timeout'));
      release();
    }, limits.timeoutMs);
    const signal = AbortSignal.any([timeout.signal, request.signal]);
    let handedOff = false;
    try {
      const { response, url, redirects } = await exchange(net, parsed, signal, origins, limits.maxRedirects);
      const declared = Number(response.headers.find(([n]) => n.toLowerCase() === 'content-length')?.[1] ?? NaN);
      if (declared > limits.maxResponseBytes) {
        response.cancel();
        return proxyError(
          502,
          'response_too_large',
          `the upstream response (${formatBytes(declared)}) is larger than ${formatBytes(limits.maxResponseBytes)}`,
        );
      }
      const headers = downstreamResponseHeaders(response.headers, { decoded: net.decodesBody });
      if (redirects > 0) headers.set('X-Lectern-Final-Url', url.href);
      if (response.status < 200 || response.status > 599) {
        response.cancel();
        return proxyError(502, 'upstream_protocol_error', `the upstream answered with status ${response.status}`);
      }
      const noBody = NULL_BODY.has(response.status) || parsed.method === 'HEAD' || !response.body;
      if (noBody) {
        response.cancel();
        // The answer to the browser's POST carries no body, so these would describe bytes that never come.
        headers.delete('content-length');
        headers.delete('content-encoding');
        return new Response(null, { status: response.status, headers });
      }
      handedOff = true;
      const body = limitedStream(response, limits.maxResponseBytes, () => {
        clearTimeout(timer);
        release();
      });
      return new Response(body, { status: response.status, headers });
    } catch (error) {
      if (error instanceof ProxyFailure) return proxyError(error.status, error.code, error.message);
      if (timeout.signal.aborted) {
        return proxyError(504, 'upstream_timeout', `${parsed.url.host} did not answer within ${limits.timeoutMs} ms`);
      }
      if (request.signal.aborted) return proxyError(499, 'invalid_request', 'the client closed the request');
      return proxyError(502, 'upstream_protocol_error', `request to ${parsed.url.host} failed: ${String(error)}`);
    } finally {
      if (!handedOff) clearTimeout(timer);
    }
  };

  return Object.assign(handler, {
    problems: origins.problems as readonly string[],
    async close() {
      await net.close();
    },
  });
}

/** Defaults filled in (an explicit `undefined` keeps the default); invalid values throw with every problem named. */
function resolveLimits(given: ProxyLimits | undefined): typeof DEFAULTS & { rateLimit: RateLimitOptions | false } {
  const defined = Object.fromEntries(Object.entries(given ?? {}).filter(([, v]) => v !== undefined));
  const limits = { ...DEFAULTS, ...defined } as typeof DEFAULTS & { rateLimit: RateLimitOptions | false };
  const problems: string[] = [];
  for (const key of [
    'maxRequestBytes',
    'maxResponseBytes',
    'connectTimeoutMs',
    'timeoutMs',
    'maxBufferedBytes',
    'maxConcurrentPerClient',
    'maxConcurrent',
  ] as const) {
    if (!(typeof limits[key] === 'number' && limits[key] > 0))
      problems.push(`limits.${key} must be a positive number (got ${String(limits[key])})`);
  }
  if (!(Number.isInteger(limits.maxRedirects) && limits.maxRedirects >= 0)) {
    problems.push(`limits.maxRedirects must be an integer >= 0 (got ${String(limits.maxRedirects)})`);
  }
  if (problems.length) throw new Error(`createProxyHandler: ${problems.join('; ')}`);
  return limits;
}

interface ParsedRequest {
  method: string;
  url: URL;
  headers: Array<[string, string]>;
  body: Uint8Array | null;
  /** Query parameters that carry credentials: left out on a redirect to another origin. */
  credentialQuery: string[];
}

/** Validates a ProxyRequest, collecting every problem. */
export function parseProxyRequest(text: string): ParsedRequest | { problems: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problems: [`the body is not valid JSON (${(error as Error).message})`] };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { problems: ['the body must be a JSON object {method, url, headers?, body?, bodyBase64?}'] };
  }
  const input = value as Partial<Record<keyof ProxyRequest, unknown>>;
  const problems: string[] = [];
  let method = '';
  if (typeof input.method !== 'string' || !isToken(input.method)) {
    problems.push('"method" must be an HTTP method name such as "GET" or "POST"');
  } else {
    method = input.method.toUpperCase();
    if (REFUSED_METHODS.has(method)) problems.push(`"method" ${method} is not supported by the playground proxy`);
  }
  let url: URL | undefined;
  if (typeof input.url !== 'string' || input.url.length === 0) {
    problems.push('"url" must be an absolute http(s) URL string');
  } else if (input.url.length > 16 * 1024) {
    problems.push('"url" is longer than 16 KiB');
  } else {
    try {
      url = new URL(input.url);
      if (url.username || url.password) {
        problems.push('"url" must not contain credentials (user:password@); send an Authorization header instead');
      }
    } catch {
      problems.push(`"url" ${JSON.stringify(input.url.slice(0, 200))} is not an absolute URL`);
    }
  }
  let headers: Array<[string, string]> = [];
  if (input.headers !== undefined && input.headers !== null) {
    if (typeof input.headers !== 'object' || Array.isArray(input.headers)) {
      problems.push('"headers" must be an object of header name -> string value');
    } else {
      const result = upstreamRequestHeaders(input.headers as Record<string, unknown>);
      headers = result.headers;
      for (const p of result.problems) problems.push(`"headers": ${p.message}`);
    }
  }
  let body: Uint8Array | null = null;
  const hasText = input.body !== undefined && input.body !== null;
  const hasBinary = input.bodyBase64 !== undefined && input.bodyBase64 !== null;
  if (hasText && hasBinary) problems.push('"body" and "bodyBase64" are mutually exclusive');
  else if (hasText) {
    if (typeof input.body !== 'string') problems.push('"body" must be a string (UTF-8 text); use "bodyBase64" for binary data');
    else body = new TextEncoder().encode(input.body);
  } else if (hasBinary) {
    const b64 = typeof input.bodyBase64 === 'string' ? input.bodyBase64.replace(/\s+/g, '') : null;
    if (b64 === null || b64.length % 4 !== 0 || !BASE64_CHARS.test(b64)) problems.push('"bodyBase64" must be a standard base64 string');
    else body = decodeBase64(b64);
  }
  if (method === 'HEAD' && body && body.byteLength > 0) problems.push('a HEAD request cannot have a body');
  let credentialQuery: string[] = [];
  if (input.credentialQuery !== undefined && input.credentialQuery !== null) {
    const list = input.credentialQuery;
    if (!Array.isArray(list) || list.length > 32 || !list.every((n) => typeof n === 'string' && n.length > 0 && n.length <= 256)) {
      problems.push('"credentialQuery" must be a list of at most 32 query parameter names (strings of 1 to 256 characters)');
    } else credentialQuery = list as string[];
  }
  if (problems.length > 0 || !url) return { problems };
  return { method, url, headers, body, credentialQuery };
}

/** Why the proxy must not request `url`, or null. */
function checkTarget(
  url: URL,
  origins: AllowedOrigins,
): { code: 'scheme_not_allowed' | 'origin_not_allowed' | 'address_not_allowed'; message: string } | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { code: 'scheme_not_allowed', message: `only http and https URLs can be proxied, not ${url.protocol}` };
  }
  if (origins.explicit.has(url.origin)) return null;
  if (!origins.servers.has(url.origin)) {
    const known = [...new Set([...origins.servers, ...origins.explicit])];
    const list = known.length
      ? ` Allowed: ${known.slice(0, 10).join(', ')}${known.length > 10 ? ', …' : ''}.`
      : ' This site declares no servers.';
    return {
      code: 'origin_not_allowed',
      message: `${url.origin} is not a server of this site's API specs and not in lectern.proxy.allow.${list}`,
    };
  }
  if (ipFamily(url.hostname) !== 0) {
    const reason = blockedAddressReason(url.hostname);
    if (reason) {
      return {
        code: 'address_not_allowed',
        message: `${url.hostname} is a ${reason}; add ${url.origin} to lectern.proxy.allow to reach it`,
      };
    }
  }
  return null;
}

/** How far an allowlist entry lifts the address rule for `url` (see `UpstreamRequest.allowPrivate`). */
export function privateAccess(url: URL, origins: AllowedOrigins): PrivateAccess {
  if (!origins.explicit.has(url.origin)) return 'none';
  if (ipFamily(url.hostname) !== 0) return 'any';
  const host = url.hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') ? 'loopback' : 'none';
}

/** Sends the request and follows redirects by hand, checking every target. */
async function exchange(
  net: Transport,
  first: ParsedRequest,
  signal: AbortSignal,
  origins: AllowedOrigins,
  maxRedirects: number,
): Promise<{ response: UpstreamResponse; url: URL; redirects: number }> {
  let { method, url, headers, body } = first;
  const { credentialQuery } = first;
  for (let redirects = 0; ; redirects++) {
    const response = await net.send({ method, url, headers, body, signal, allowPrivate: privateAccess(url, origins) });
    const location = response.headers.find(([n]) => n.toLowerCase() === 'location')?.[1];
    if (!REDIRECTS.has(response.status) || location === undefined) return { response, url, redirects };
    response.cancel();
    if (redirects >= maxRedirects) {
      throw new ProxyFailure(502, 'too_many_redirects', `more than ${maxRedirects} redirects, last to ${location.slice(0, 200)}`);
    }
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new ProxyFailure(
        502,
        'upstream_protocol_error',
        `the upstream redirected to an invalid URL ${JSON.stringify(location.slice(0, 200))}`,
      );
    }
    const refusal = checkTarget(next, origins);
    if (refusal) {
      throw new ProxyFailure(
        403,
        'redirect_not_allowed',
        `the upstream redirected to ${next.origin}, which is refused: ${refusal.message}`,
      );
    }
    if (next.username || next.password) {
      throw new ProxyFailure(403, 'redirect_not_allowed', 'the upstream redirected to a URL with credentials');
    }
    if (response.status === 303 ? method !== 'HEAD' : (response.status === 301 || response.status === 302) && method === 'POST') {
      method = 'GET';
      body = null;
      headers = headers.filter(([n]) => !/^content-(type|encoding|language|location)$/i.test(n));
    }
    if (next.origin !== url.origin) {
      // Any header may carry a credential (`Authorization`, `Cookie`, an API key such as `X-Api-Key`): on the
      // way to another origin only headers that describe the request itself go along.
      headers = headers.filter(([n]) => CROSS_ORIGIN_HEADERS.has(n.toLowerCase()));
      // API keys in the query string stay behind too, even when the API wrote them into its `Location`.
      next = withoutQueryParameters(next, credentialQuery);
    }
    url = next;
  }
}

/** `url` without the query parameters named in `names` (the rest of the query kept byte for byte). */
export function withoutQueryParameters(url: URL, names: readonly string[]): URL {
  if (!names.length || !url.search) return url;
  const drop = new Set(names);
  const nameOf = (pair: string) => {
    const raw = pair.split('=', 1)[0]!.replace(/\+/g, ' ');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  };
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair && !drop.has(nameOf(pair)));
  const out = new URL(url);
  out.search = kept.length ? `?${kept.join('&')}` : '';
  return out;
}

/** The response body as a stream that stops at `max` bytes and calls `done` once when it ends in any way. */
function limitedStream(response: UpstreamResponse, max: number, done: () => void): ReadableStream<Uint8Array> {
  const source = response.body as AsyncIterable<Uint8Array>;
  const iterator = source[Symbol.asyncIterator]();
  let received = 0;
  let finished = false;
  const finish = () => {
    if (!finished) {
      finished = true;
      done();
    }
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await iterator.next();
          if (next.done) {
            finish();
            controller.close();
            return;
          }
          const chunk = next.value;
          received += chunk.byteLength;
          if (received > max) {
            finish();
            response.cancel();
            controller.error(new Error(`upstream response larger than ${formatBytes(max)}`));
            return;
          }
          controller.enqueue(chunk);
        } catch (error) {
          finish();
          controller.error(error);
        }
      },
      cancel() {
        finish();
        response.cancel();
      },
    },
    { highWaterMark: 0 },
  );
}

const busy = () =>
  proxyError(503, 'proxy_busy', 'the playground proxy is handling too much request data right now; retry in a moment', {
    'Retry-After': '1',
  });

/** The body as text, up to `limit` bytes; `reserve(size)` must grant memory for each size reached. */
async function readLimited(
  request: Request,
  limit: number,
  reserve: (bytes: number) => boolean,
): Promise<string | 'too-large' | 'busy' | Error> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limit) return 'too-large';
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        return 'too-large';
      }
      if (!reserve(size)) {
        await reader.cancel().catch(() => {});
        return 'busy';
      }
      chunks.push(value);
    }
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    all.set(c, offset);
    offset += c.byteLength;
  }
  return new TextDecoder().decode(all);
}

function clientAddress(request: Request, info: ConnectionInfo | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  return info?.clientAddress ?? info?.clientIp ?? 'unknown';
}

/** The browser's own Accept-Encoding, restricted to codings every browser decodes. */
function acceptedEncodings(header: string | null): string | null {
  if (!header) return null;
  const codings = header
    .split(',')
    .map((p) => p.split(';')[0]?.trim().toLowerCase() ?? '')
    .filter((c) => c === 'gzip' || c === 'deflate' || c === 'br');
  return codings.length ? [...new Set(codings)].join(', ') : null;
}

function decodeBase64(b64: string): Uint8Array {
  const binary = atob(b64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(n % (1024 * 1024) ? 1 : 0)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(n % 1024 ? 1 : 0)} KiB`;
  return `${n} bytes`;
}
