/**
 * `@lectern/server/dev`: what `lectern dev` mounts on every site, the playground proxy on Node sockets, the docs' MCP
 * server (its SDK loads on the first request) and the Connect adapters, without the assistant (its AI SDK,
 * PostgreSQL and index modules load only for a site that enables it, from `@lectern/server`).
 */
export { createProxyHandler } from './proxy/node-handler.ts';
export { proxyMiddleware, assistantMiddleware, toConnectMiddleware } from './node/adapters.ts';
export type { ConnectMiddleware, WebHandler } from './node/adapters.ts';
export { prefersMarkdown } from './serve/negotiate.ts';
export { createMcpHandler, MCP_PATH } from './mcp/handler.ts';
export type { McpHandler, McpHandlerOptions } from './mcp/handler.ts';
export type { PageAccess, PageLookup } from './mcp/pages.ts';
