/**
 * `POST /mcp`: the docs' MCP server over the Streamable HTTP transport, stateless (a new server and transport per
 * request, JSON responses), as one web-standard Request -> Response handler. Bodies are bounded, and every
 * `tools/call` counts against a per-IP window (the assistant's limiter): past it, 429 with a JSON-RPC error.
 */
import path from 'node:path';
import type { SiteManifest } from '@lectern/core';
import { clientIp, readLimited } from '../assistant/http.ts';
import { createRateLimiter, rateLimitHeaders } from '../assistant/limits.ts';
import type { AssistantIndex } from '../assistant/retrieval.ts';
import { createStaticServer } from '../serve/static.ts';
import type { ConnectionInfo } from '../proxy/handler.ts';
import type { OperationTool } from './operations.ts';
import { createPageReader, distPages, type PageAccess, type PageLookup } from './pages.ts';

/** Where `lectern serve` mounts the MCP server (under the site's base). */
export const MCP_PATH = '/mcp';
/** Largest request body, in bytes (413 past it). */
export const DEFAULT_MCP_MAX_BODY = 64 * 1024;

export interface McpHandlerOptions {
  /** The built site (`<project>/dist`): pages' Markdown copies are read from it (restricted ones never). */
  dist?: string;
  /** Instead of `dist`: a page's Markdown by slug, undefined for a missing or restricted page (`lectern dev`). */
  pages?: PageLookup;
  manifest: Pick<SiteManifest, 'name' | 'restricted' | 'site' | 'base'>;
  /** The assistant index of the site's public pages (opened on first search; a rejection is a tool error). */
  index: () => Promise<AssistantIndex>;
  /** Tool calls per client IP per window (default: the assistant's, 10,000 a day). */
  limits?: { ipLimit?: number; ipWindowMs?: number };
  /** Read the client IP from the last `X-Forwarded-For` entry (only behind a reverse proxy of your own). */
  trustProxy?: boolean;
  maxBodyBytes?: number;
  /**
   * The API operations marked for MCP (`x-mint.mcp` / `x-mcp`, see operations.ts), loaded on first use; a rejection
   * leaves them out. Called through `proxy` (required with them).
   */
  operations?: () => Promise<OperationTool[]>;
  /** The playground proxy (`createProxyHandler`) operation tools call through. */
  proxy?: (request: Request, info?: ConnectionInfo) => Promise<Response>;
}

const CORS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
  'Access-Control-Expose-Headers': 'Mcp-Session-Id, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset',
};

function rpcError(status: number, code: number, message: string, headers: Record<string, string> = {}, id: unknown = null): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id }), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...CORS, ...headers },
  });
}

/** JSON-RPC messages of a body that call a tool. */
function toolCalls(body: unknown): Array<{ id?: unknown }> {
  const messages = Array.isArray(body) ? body : [body];
  return messages.filter((m): m is { id?: unknown } => !!m && typeof m === 'object' && (m as { method?: unknown }).method === 'tools/call');
}

/** Memoised, retried after a failure. */
function once<T>(open: () => Promise<T>): () => Promise<T> {
  let opened: Promise<T> | undefined;
  return () => {
    opened ??= open().catch((e: unknown) => {
      opened = undefined;
      throw e;
    });
    return opened;
  };
}

/**
 * The handler; `access` (the authenticated server, `/authed/mcp`) opens the restricted pages the request's credentials
 * open as HTML. Without it, restricted pages are never read.
 */
export type McpHandler = (request: Request, info?: ConnectionInfo, access?: PageAccess) => Promise<Response>;

export function createMcpHandler(options: McpHandlerOptions): McpHandler {
  const { manifest } = options;
  const base = manifest.base && manifest.base !== '/' ? `/${manifest.base.split('/').filter(Boolean).join('/')}/` : '/';
  const dist = options.dist === undefined ? undefined : path.resolve(options.dist);
  const lookup =
    options.pages ?? (dist ? distPages({ dist, files: createStaticServer(dist), restricted: manifest.restricted ?? {} }) : undefined);
  if (!lookup) throw new Error('createMcpHandler: give the built site (dist) or a page lookup (pages)');
  const readPage = createPageReader(base, lookup);
  // The SDK loads on the first request: a dev server or a site nobody connects to does not pay for it.
  const sdk = once(async () => ({
    ...(await import('./tools.ts')),
    ...(await import('./operations.ts')),
    ...(await import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js')),
  }));
  const limiter = createRateLimiter({
    ...(options.limits?.ipLimit !== undefined ? { ipLimit: options.limits.ipLimit } : {}),
    ...(options.limits?.ipWindowMs !== undefined ? { ipWindowMs: options.limits.ipWindowMs } : {}),
  });
  const index = once(options.index);
  const operations = once(async () => (options.proxy && options.operations ? options.operations().catch(() => []) : []));
  const maxBody = options.maxBodyBytes ?? DEFAULT_MCP_MAX_BODY;
  /** Search results link to the site's published address when the build knew it, else to the host asked. */
  const siteOrigin = URL.canParse(manifest.site ?? '') ? new URL(manifest.site!).origin : undefined;

  return async (request, info, access) => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { ...CORS, 'Access-Control-Max-Age': '86400' } });
    if (request.method !== 'POST') {
      // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
      return rpcError(405, -32000, `Method not allowed: this MCP server is stateless, send JSON-RPC with POST (got ${request.method})`, {
        Allow: 'POST, OPTIONS',
      });
    }
    const bytes = await readLimited(request, maxBody).catch(() => null);
    if (bytes === undefined) return rpcError(413, -32000, `Request body is larger than ${maxBody} bytes`);
    if (bytes === null) return rpcError(400, -32700, 'Parse error: the request body could not be read to the end');
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch (e) {
      return rpcError(400, -32700, `Parse error: the body is not valid JSON (${(e as Error).message})`);
    }
    const calls = toolCalls(body);
    if (calls.length > 0) {
      const ip = clientIp(request, info, options.trustProxy === true);
      const states = [];
      for (const _ of calls) states.push(await limiter.hit('ip', ip));
      const last = states.at(-1)!;
      if (last.exceeded) {
        return rpcError(
          429,
          -32000,
          `Rate limited: too many tool calls from this IP address (limit ${last.limit} per ${last.windowMs / 1000}s); try again later`,
          rateLimitHeaders(states, limiter.now()),
          calls.length === 1 && !Array.isArray(body) ? (calls[0]!.id ?? null) : null,
        );
      }
    }
    const origin = siteOrigin ?? new URL(request.url).origin;
    const proxy = options.proxy;
    const { docsServer, callOperation, WebStandardStreamableHTTPServerTransport } = await sdk();
    const server = docsServer({
      siteName: manifest.name,
      index,
      readPage: (path) => readPage(path, access),
      urlOf: (page) => `${origin}${base}${page.replace(/^\//, '')}`,
      operations: await operations(),
      ...(proxy ? { callOperation: (tool, args) => callOperation(tool, args, proxy, { headers: request.headers, info }) } : {}),
    });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(request, { parsedBody: body });
      for (const [name, value] of Object.entries(CORS)) response.headers.set(name, value);
      response.headers.set('Cache-Control', 'no-store');
      return response;
    } finally {
      await server.close().catch(() => {});
    }
  };
}
