/**
 * How the proxy reaches an upstream. The handler is runtime-neutral; a transport does the network part.
 * `nodeTransport` (node-transport.ts) checks every resolved address at connect time; `fetchTransport` below is
 * for edge runtimes, where the platform owns DNS and sockets (see docs/deploy/serve.mdx).
 */
import { ProxyFailure } from './errors.ts';

/** What a transport factory is given: the handler's resolved limits and options. */
export interface TransportSettings {
  connectTimeoutMs: number;
  /** Upper bound for waiting on response headers and between body chunks. */
  idleTimeoutMs: number;
  /** Resolver override (Node transport only). */
  resolveHost?: (hostname: string) => Promise<Array<{ address: string; family: 4 | 6 }>>;
  /** Idle keep-alive sockets to upstreams close after this long. */
  keepAliveTimeoutMs?: number;
  /** Sockets per upstream origin (the handler passes its global cap of requests in flight). */
  connections?: number;
}

export type PrivateAccess = 'none' | 'loopback' | 'any';

export interface UpstreamRequest {
  method: string;
  url: URL;
  headers: Array<[string, string]>;
  body: Uint8Array | null;
  signal: AbortSignal;
  /**
   * Which refused addresses this request may still reach: `none` (the rule), `loopback` (an allowlisted
   * `localhost` origin), `any` (an allowlisted origin whose host is an IP literal: that address, named).
   */
  allowPrivate: PrivateAccess;
}

export interface UpstreamResponse {
  status: number;
  /** Raw header pairs; repeated headers (Set-Cookie) appear once per value. */
  headers: Array<[string, string]>;
  body: AsyncIterable<Uint8Array> | null;
  /** Stop reading the body and release the connection. */
  cancel(): void;
}

export interface Transport {
  send(request: UpstreamRequest): Promise<UpstreamResponse>;
  /** True when `body` is already content-decoded (fetch): Content-Encoding/Length are then dropped. */
  readonly decodesBody: boolean;
  close(): Promise<void>;
}

/**
 * A transport over the platform's `fetch` (Cloudflare Workers, Deno Deploy, Vercel Edge, Netlify Edge). Address
 * checks after DNS are impossible there; the handler still refuses IP literals in private ranges, and these
 * platforms do not route to private networks. Redirects are never followed by fetch (`redirect: "manual"`).
 */
export function fetchTransport(fetchImpl: typeof fetch = fetch): Transport {
  return {
    decodesBody: true,
    async send(request) {
      let response: Response;
      try {
        response = await fetchImpl(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body && request.body.byteLength > 0 ? (request.body as Uint8Array<ArrayBuffer>) : null,
          redirect: 'manual',
          signal: request.signal,
        });
      } catch (error) {
        if (request.signal.aborted) throw error;
        throw new ProxyFailure(502, 'upstream_unreachable', `could not reach ${request.url.origin}: ${String(error)}`);
      }
      const headers: Array<[string, string]> = [];
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') headers.push([name, value]);
      });
      for (const cookie of response.headers.getSetCookie()) headers.push(['set-cookie', cookie]);
      const body = response.body;
      return {
        status: response.status,
        headers,
        body: body as unknown as AsyncIterable<Uint8Array> | null,
        cancel: () => {
          body?.cancel().catch(() => {});
        },
      };
    },
    async close() {},
  };
}
