/**
 * The MCP discovery documents Mintlify serves (`ai/model-context-protocol.mdx`, "Discovery endpoint"), naming the docs'
 * MCP server that `lectern serve` and `lectern dev` run: `/.well-known/mcp` (and `/.well-known/mcp.json`), the server
 * card `/.well-known/mcp/server-card.json` and the list of cards `/.well-known/mcp/server-cards.json`. A site with
 * restricted pages also names the authenticated server at `/authed/mcp`. A build writes them into `dist/` (the repo's
 * own files win); `lectern dev` answers them from the current plan (dev/mcp-discovery.ts).
 *
 * The cards describe the tools `search` and `get_page` as @lectern/server's MCP server registers them (mcp/tools.ts;
 * a test compares the two); the API operations marked for MCP are listed by the server itself (`tools/list`).
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isRestricted } from '@lectern/core/access';
import type { Site } from '../model/store.ts';
import { skillSlug } from './skill.ts';

/** Longest `search` query and `get_page` path (mcp/tools.ts, from the assistant's and the page reader's limits). */
const MAX_QUERY = 2_000;
const MAX_PATH = 1_000;
const MAX_RESULTS = 20;

/** The discovery files, by their path under `dist/` (`/.well-known/mcp` is answered from `mcp.json`). */
export const MCP_DISCOVERY_FILES = [
  '.well-known/mcp.json',
  '.well-known/mcp/server-card.json',
  '.well-known/mcp/server-cards.json',
] as const;

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** The built-in tools as `tools/list` describes them (JSON Schema of their arguments). */
function tools(name: string) {
  const site = name || 'this documentation site';
  return [
    {
      name: 'search',
      title: `Search ${site}`,
      description: `Search the public pages of ${site}. Returns the best-matching pages with their title, URL, page path and a snippet; read a whole page with get_page.`,
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', minLength: 1, maxLength: MAX_QUERY, description: 'What to look for, in words or as a question' },
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: MAX_RESULTS,
            description: `How many results (default 8, at most ${MAX_RESULTS})`,
          },
        },
        required: ['query'],
      },
      annotations: READ_ONLY,
    },
    {
      name: 'get_page',
      title: `Read a page of ${site}`,
      description: `The Markdown of a public page of ${site}, by its path (such as "/quickstart", as search returns it) or its URL.`,
      inputSchema: {
        type: 'object',
        properties: {
          path: {
            type: 'string',
            minLength: 1,
            maxLength: MAX_PATH,
            description: 'The page path ("/guides/authentication") or its full URL',
          },
        },
        required: ['path'],
      },
      annotations: READ_ONLY,
    },
  ];
}

/** How the authenticated server is entered: the credentials the server's own authentication gate accepts (no OAuth). */
export const AUTHED_MCP_AUTHENTICATION = 'custom';

/**
 * The documents, by file (MCP_DISCOVERY_FILES): `root` is the site's address and base without a trailing slash
 * (`https://docs.example.com/v2`), or only its base path (`/v2`, `''`) when the address is not known.
 */
export function mcpDiscovery(site: Pick<Site, 'config' | 'plan'>, root: string): Record<(typeof MCP_DISCOVERY_FILES)[number], unknown> {
  const name = site.config.name;
  const authed = site.plan.pages.some((p) => isRestricted(p));
  const servers = [
    { name: 'public', url: `${root}/mcp`, transport: 'http', authentication: 'none' },
    ...(authed ? [{ name: 'authenticated', url: `${root}/authed/mcp`, transport: 'http', authentication: AUTHED_MCP_AUTHENTICATION }] : []),
  ];
  const card = (server: (typeof servers)[number]) => ({
    name: `${skillSlug(name)}-search${server.name === 'public' ? '' : '-authenticated'}`,
    version: '1.0.0',
    url: server.url,
    transport: 'http',
    description: `Search and read the ${name || 'documentation'} pages${server.name === 'public' ? '' : ' a signed-in reader may open'}`,
    capabilities: { tools: true, resources: false },
    authentication: server.authentication,
    tools: tools(name),
  });
  return {
    '.well-known/mcp.json': { version: '1.0.0', transport: 'http', url: servers[0]!.url, servers },
    '.well-known/mcp/server-card.json': card(servers[0]!),
    '.well-known/mcp/server-cards.json': { servers: servers.map(card) },
  };
}

/** Writes the documents into `dist` (a file the repo has, copied with its static files, is kept as it is). */
export async function writeMcpDiscovery(site: Site, dist: string, root: string): Promise<void> {
  for (const [rel, body] of Object.entries(mcpDiscovery(site, root))) {
    const file = path.join(dist, rel);
    if (existsSync(file)) continue;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(body, null, 2) + '\n');
  }
}
