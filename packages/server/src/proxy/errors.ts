/** The proxy's own refusals and failures: `{ "error": { code, message } }` + `X-Lectern-Proxy-Error: 1`. */
import { PROXY_ERROR_HEADER } from '@lectern/core/contract';

export type ProxyErrorCode =
  | 'method_not_allowed'
  | 'unsupported_media_type'
  | 'cross_site_request'
  | 'invalid_request'
  | 'request_too_large'
  | 'rate_limited'
  | 'too_many_concurrent'
  | 'proxy_busy'
  | 'proxy_at_capacity'
  | 'scheme_not_allowed'
  | 'origin_not_allowed'
  | 'address_not_allowed'
  | 'redirect_not_allowed'
  | 'too_many_redirects'
  | 'upstream_timeout'
  | 'upstream_unreachable'
  | 'upstream_tls_error'
  | 'upstream_protocol_error'
  | 'response_too_large'
  | 'internal_error';

export interface ProxyErrorBody {
  error: { code: ProxyErrorCode; message: string };
}

export function proxyError(status: number, code: ProxyErrorCode, message: string, extraHeaders: Record<string, string> = {}): Response {
  const body: ProxyErrorBody = { error: { code, message } };
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      [PROXY_ERROR_HEADER]: '1',
      ...extraHeaders,
    },
  });
}

/** A refusal raised deep inside the proxy (redirect checks, transport), turned into a `proxyError` at the top. */
export class ProxyFailure extends Error {
  readonly status: number;
  readonly code: ProxyErrorCode;
  constructor(status: number, code: ProxyErrorCode, message: string) {
    super(message);
    this.name = 'ProxyFailure';
    this.status = status;
    this.code = code;
  }
}
