/**
 * The playground proxy contract (browser island <-> `lectern serve` / dev server / edge handler), in one place for
 * core, the server's proxy and the playground: `@lectern/core/contract`. It imports nothing, so the playground's
 * browser bundle and the server's runtime load it without core's spec parsers.
 *
 * `POST /_lectern/api/request` with JSON `ProxyRequest`. The answer is the upstream response (status, headers
 * minus hop-by-hop and Set-Cookie, body streamed). When the proxy itself refuses or fails it answers 4xx/5xx with
 * header `X-Lectern-Proxy-Error: 1` and JSON `{ "error": { "code": string, "message": string } }`.
 */

export interface ProxyRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** UTF-8 text body. */
  body?: string;
  /** Binary / multipart body, base64 (mutually exclusive with `body`). */
  bodyBase64?: string;
  /**
   * Names of query parameters of `url` that carry credentials (API keys in the query): the proxy leaves them out
   * of the URL when a redirect leads to another origin, as it does with credential headers.
   */
  credentialQuery?: string[];
}

/** Where the proxy is mounted (under the site's base path, when it has one). */
export const PROXY_PATH = '/_lectern/api/request';
/** Set on the proxy's own refusals and failures (not on upstream answers). */
export const PROXY_ERROR_HEADER = 'X-Lectern-Proxy-Error';
