// Playground proxy (web-standard handler) -------------------------------------------------------
export { createProxyHandler } from './proxy/node-handler.ts';
export { parseProxyRequest } from './proxy/handler.ts';
export type { ProxyHandler, ProxyOptions, ProxyLimits, ConnectionInfo } from './proxy/handler.ts';
export { fetchTransport } from './proxy/transport.ts';
export type { Transport, TransportSettings, UpstreamRequest, UpstreamResponse, PrivateAccess } from './proxy/transport.ts';
export { nodeTransport } from './proxy/node-transport.ts';
export type { ResolveHost, ResolvedAddress, NodeTransportOptions } from './proxy/node-transport.ts';
export { blockedAddressReason } from './proxy/ip.ts';
export { allowedOrigins } from './proxy/origins.ts';
export type { ProxyErrorCode, ProxyErrorBody } from './proxy/errors.ts';
export { createRateLimiter } from './proxy/rate-limit.ts';
export type { RateLimitOptions, RateLimiter } from './proxy/rate-limit.ts';

// Node adapters (lectern serve, astro dev) -------------------------------------------------------
export { toNodeListener, toConnectMiddleware, proxyMiddleware, assistantMiddleware, connectionInfo } from './node/adapters.ts';
export type { WebHandler, NodeListener, ConnectMiddleware } from './node/adapters.ts';

// lectern serve ----------------------------------------------------------------------------------
export { createServer, readManifest } from './serve/server.ts';
export type { ServeOptions, LecternServer, AuthGate } from './serve/server.ts';
export { runServeCommand } from './serve/command.ts';
export type { ServeCommandExtras } from './serve/command.ts';
export { compileRedirects } from './serve/redirects.ts';
export type { RedirectRule, RedirectMatch } from './serve/redirects.ts';

// Docs assistant API (v1, AI SDK v4 data stream) ---------------------------------------------------
export * from './assistant/index.ts';

// The docs' MCP server (Streamable HTTP, stateless: search and get_page) -------------------------------
export { createMcpHandler, MCP_PATH, DEFAULT_MCP_MAX_BODY } from './mcp/handler.ts';
export type { McpHandler, McpHandlerOptions } from './mcp/handler.ts';
export type { PageAccess } from './mcp/pages.ts';
export { operationTools, callOperation, MAX_ANSWER_CHARS } from './mcp/operations.ts';
export type { OperationTool } from './mcp/operations.ts';

// Page feedback ("Was this page helpful?") ---------------------------------------------------------
export { createFeedbackHandler, parseRating, FEEDBACK_PATH } from './feedback/handler.ts';
export type { FeedbackHandler, FeedbackHandlerOptions } from './feedback/handler.ts';
export { openFeedbackStore, openSqliteFeedbackStore, openPostgresFeedbackStore, DEFAULT_FEEDBACK_DB } from './feedback/store.ts';
export type { FeedbackStore, FeedbackRating, PageFeedback } from './feedback/store.ts';
export { runFeedbackCommand, listFeedback, formatFeedback, parseSince } from './feedback/command.ts';
