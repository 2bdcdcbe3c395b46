/**
 * `@lectern/server/edge`: the playground proxy for runtimes without Node sockets (Cloudflare Workers, Vercel Edge,
 * Deno Deploy, Netlify Edge). Nothing here imports Node built-ins; the default transport is the platform's fetch.
 */
export { createProxyHandler, parseProxyRequest } from './proxy/handler.ts';
export type { ProxyHandler, ProxyOptions, ProxyLimits, ConnectionInfo } from './proxy/handler.ts';
export { fetchTransport } from './proxy/transport.ts';
export type { Transport, TransportSettings, UpstreamRequest, UpstreamResponse, PrivateAccess } from './proxy/transport.ts';
export { blockedAddressReason } from './proxy/ip.ts';
export type { ProxyErrorCode, ProxyErrorBody } from './proxy/errors.ts';
export { PROXY_PATH, PROXY_ERROR_HEADER } from '@lectern/core/contract';
