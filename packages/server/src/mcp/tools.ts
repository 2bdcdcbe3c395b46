/**
 * The docs MCP server's tools: `search` (the assistant's retrieval over the site's public pages), `get_page` (a
 * page's Markdown copy) and one tool per API operation marked for MCP (operations.ts). One `McpServer` per request
 * (stateless Streamable HTTP), so the tools close over nothing but the site and that request.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { AssistantIndex, Passage } from '../assistant/retrieval.ts';
import { MAX_SEARCH_CHARS } from '../assistant/retrieval.ts';
import type { OperationTool, ToolAnswer } from './operations.ts';
import { MAX_PAGE_PATH, type PageAnswer } from './pages.ts';

/** Most results `search` returns. */
export const MAX_SEARCH_RESULTS = 20;
/** Characters of a section's text shown as a result's snippet. */
const SNIPPET_CHARS = 400;

export interface DocsTools {
  /** The site's name (docs.json `name`), in the server's name and the tools' descriptions. */
  siteName: string;
  /** The assistant's index of the site's public pages; rejects when it cannot be opened. */
  index: () => Promise<AssistantIndex>;
  readPage: (path: string) => Promise<PageAnswer>;
  /** A page path (`/guides/auth#keys`) -> its address (`https://docs.example.com/guides/auth#keys`). */
  urlOf: (path: string) => string;
  /** The API operations marked for MCP, and how to call one (through the playground proxy). */
  operations?: OperationTool[];
  callOperation?: (tool: OperationTool, args: Record<string, unknown>) => Promise<ToolAnswer>;
}

function snippet(passage: Passage): string {
  const text = passage.content.replace(/\s+/g, ' ').trim();
  return text.length <= SNIPPET_CHARS ? text : `${text.slice(0, SNIPPET_CHARS).replace(/\s+\S*$/, '')}…`;
}

function result(passage: Passage, urlOf: (path: string) => string): string {
  const title = passage.heading && passage.heading !== passage.title ? `${passage.title} — ${passage.heading}` : passage.title;
  const lines = [`Title: ${title}`, `URL: ${urlOf(passage.path)}`, `Page: ${passage.page}`];
  if (passage.operation) lines.push(`Endpoint: ${passage.operation.method} ${passage.operation.path}`);
  lines.push(`Content: ${snippet(passage)}`);
  return lines.join('\n');
}

const error = (text: string) => ({ isError: true, content: [{ type: 'text' as const, text }] });

/** A new MCP server with the docs tools registered. */
export function docsServer(tools: DocsTools): McpServer {
  const site = tools.siteName || 'this documentation site';
  const server = new McpServer({ name: tools.siteName || 'docs', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.registerTool(
    'search',
    {
      title: `Search ${site}`,
      description: `Search the public pages of ${site}. Returns the best-matching pages with their title, URL, page path and a snippet; read a whole page with get_page.`,
      inputSchema: {
        query: z.string().min(1).max(MAX_SEARCH_CHARS).describe('What to look for, in words or as a question'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(MAX_SEARCH_RESULTS)
          .optional()
          .describe(`How many results (default 8, at most ${MAX_SEARCH_RESULTS})`),
      },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ query, limit }) => {
      let index: AssistantIndex;
      try {
        index = await tools.index();
      } catch (e) {
        return error(`search is not available on this server: ${(e as Error).message}`);
      }
      const { passages } = index.search({ text: query, limit: limit ?? 8 });
      if (passages.length === 0)
        return { content: [{ type: 'text' as const, text: `No pages of ${site} match ${JSON.stringify(query)}.` }] };
      return { content: passages.map((p) => ({ type: 'text' as const, text: result(p, tools.urlOf) })) };
    },
  );
  server.registerTool(
    'get_page',
    {
      title: `Read a page of ${site}`,
      description: `The Markdown of a public page of ${site}, by its path (such as "/quickstart", as search returns it) or its URL.`,
      inputSchema: {
        path: z.string().min(1).max(MAX_PAGE_PATH).describe('The page path ("/guides/authentication") or its full URL'),
      },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ path }) => {
      const page = await tools.readPage(path);
      if ('error' in page) return error(page.error);
      return { content: [{ type: 'text' as const, text: page.markdown }] };
    },
  );
  for (const tool of tools.operations ?? []) {
    const call = tools.callOperation;
    if (!call) continue;
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: tool.shape,
        annotations: { readOnlyHint: tool.operation.method === 'get' || tool.operation.method === 'head', openWorldHint: true },
      },
      async (args: Record<string, unknown>) => call(tool, args),
    );
  }
  return server;
}
