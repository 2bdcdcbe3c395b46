/**
 * `@lectern/server/dev`: what `lectern dev` mounts on every site, the playground proxy on Node sockets and the
 * Connect adapters, without the assistant (its AI SDK, PostgreSQL and index modules load only for a site that
 * enables it, from `@lectern/server`).
 */
export { createProxyHandler } from './proxy/node-handler.ts';
export { proxyMiddleware, assistantMiddleware } from './node/adapters.ts';
export type { ConnectMiddleware, WebHandler } from './node/adapters.ts';
export { prefersMarkdown } from './serve/negotiate.ts';
