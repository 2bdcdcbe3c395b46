/**
 * MCP discovery and the authenticated MCP server, as Mintlify documents them (issue 34): a real build of a small site
 * with a restricted page writes `/.well-known/mcp.json` and the server cards; `lectern serve`'s server (createServer on
 * 127.0.0.1, the docs' MCP handler mounted) answers them, `/.well-known/mcp` too, names them in its pages' `Link` header,
 * and their tools are the ones the MCP SDK's own client lists. `/authed/mcp` reads a restricted page only with the credentials that open its HTML;
 * `/mcp` never does, and a server without an authentication gate refuses `/authed/mcp`.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSitePlan } from '@lectern/core';
import * as server from '@lectern/server';
import type { AuthGate, LecternServer } from '@lectern/server';
import { mcpDiscovery } from '../src/build/mcp-discovery.ts';
import { connectMcp, mcpGetPage, writeMcpSite } from './helpers.ts';

const SITE = 'https://docs.example.test';
const TOKEN = 'Bearer staff-token';

let root = '';
let dist = '';
const servers: LecternServer[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lectern-mcp-discovery-'));
  await writeMcpSite(root, { lectern: { socialImages: false } }, 'guides/flux');
  const { buildSite } = await import('../src/cli/run.ts');
  dist = (await buildSite(root, { logLevel: 'error', site: SITE })).outDir;
}, 240_000);

afterAll(async () => {
  for (const s of servers) await s.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** `lectern serve`'s server for the build, with the docs' MCP server and, when given, an authentication gate. */
async function serve(auth?: AuthGate): Promise<string> {
  const manifest = await server.readManifest(dist, () => {});
  const mcp = server.createMcpHandler({
    dist,
    manifest,
    index: async () => {
      const { plan, config } = await buildSitePlan(root);
      const db = new DatabaseSync(':memory:');
      server.buildAssistantIndexInto(db, server.documentsFromPlan(plan, config ? { config } : {}));
      return server.openAssistantIndex(db);
    },
  });
  const started = await server.createServer({ dist, manifest, mcp, port: 0, log: false, ...(auth ? { auth } : {}) });
  servers.push(started);
  return started.url;
}

const json = async (file: string) => JSON.parse(await readFile(path.join(dist, file), 'utf8'));

/** Staff readers carry the token; the gate answers anyone else with a redirect to a login page. */
const gate: AuthGate = (request) =>
  request.headers.get('authorization') === TOKEN ? null : new Response(null, { status: 302, headers: { Location: '/login' } });

describe('MCP discovery documents', () => {
  it('a build writes /.well-known/mcp.json and the server cards, naming /mcp and, for restricted pages, /authed/mcp', async () => {
    expect(await json('.well-known/mcp.json')).toEqual({
      version: '1.0.0',
      transport: 'http',
      url: `${SITE}/mcp`,
      servers: [
        { name: 'public', url: `${SITE}/mcp`, transport: 'http', authentication: 'none' },
        { name: 'authenticated', url: `${SITE}/authed/mcp`, transport: 'http', authentication: 'custom' },
      ],
    });
    const card = await json('.well-known/mcp/server-card.json');
    expect(card).toMatchObject({ name: 'acme-docs-search', url: `${SITE}/mcp`, transport: 'http', authentication: 'none' });
    expect(card.tools.map((t: { name: string }) => t.name)).toEqual(['search', 'get_page']);
    const cards = await json('.well-known/mcp/server-cards.json');
    expect(cards.servers.map((c: { url: string }) => c.url)).toEqual([`${SITE}/mcp`, `${SITE}/authed/mcp`]);
    // Nothing of the restricted page in them.
    expect(JSON.stringify(cards)).not.toMatch(/staff|runbook|zanzibar/i);
  });

  it('a site without restricted pages names only the public server', () => {
    const documents = mcpDiscovery({ config: { name: 'Open' }, plan: { pages: [{ slug: 'index' }] } } as never, '/v2');
    expect(documents['.well-known/mcp.json']).toMatchObject({ url: '/v2/mcp', servers: [{ name: 'public', url: '/v2/mcp' }] });
    expect((documents['.well-known/mcp/server-cards.json'] as { servers: unknown[] }).servers).toHaveLength(1);
  });

  it('lectern serve answers them (/.well-known/mcp too), pages link them, and their tools are the ones the server lists', async () => {
    const url = await serve();
    for (const pathname of ['/.well-known/mcp', '/.well-known/mcp.json']) {
      const response = await fetch(url + pathname);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual(await json('.well-known/mcp.json'));
    }
    // Every page names them, with the other agent files, in a Link header (as Mintlify's pages do).
    const home = await fetch(url + '/guides/flux');
    expect(home.headers.get('link')).toBe(
      '</llms.txt>; rel="llms-txt", </llms-full.txt>; rel="llms-full-txt", </.well-known/mcp/server-card.json>; rel="mcp-server-card", </.well-known/agent-skills/index.json>; rel="agent-skills"',
    );
    expect(home.headers.get('x-llms-txt')).toBe('/llms.txt');
    const card = (await (await fetch(url + '/.well-known/mcp/server-card.json')).json()) as {
      tools: Array<{ name: string; inputSchema: { properties: object; required: string[] }; annotations: object }>;
    };
    const client = await connectMcp(`${url}/mcp`);
    try {
      const listed = (await client.listTools()).tools;
      expect(listed.map((t) => t.name)).toEqual(card.tools.map((t) => t.name));
      for (const tool of card.tools) {
        const served = listed.find((t) => t.name === tool.name)!;
        expect(served.inputSchema.properties).toEqual(tool.inputSchema.properties);
        expect(served.inputSchema.required ?? []).toEqual(tool.inputSchema.required);
        expect(served.annotations).toEqual(tool.annotations);
      }
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('/authed/mcp', () => {
  it('reads a restricted page with the credentials that open its HTML, never without them', async () => {
    const url = await serve(gate);
    // The page's HTML: the gate decides.
    expect((await fetch(`${url}/staff`, { redirect: 'manual' })).status).toBe(302);
    expect((await fetch(`${url}/staff`, { headers: { Authorization: TOKEN } })).status).toBe(200);

    const staff = await connectMcp(`${url}/authed/mcp`, { Authorization: TOKEN });
    const stranger = await connectMcp(`${url}/authed/mcp`, { Authorization: 'Bearer guess' });
    const anonymous = await connectMcp(`${url}/authed/mcp`);
    const publicServer = await connectMcp(`${url}/mcp`, { Authorization: TOKEN });
    try {
      const opened = await mcpGetPage(staff, '/staff');
      expect(opened.isError).toBeFalsy();
      expect(opened.content[0]!.text).toContain('The zanzibar vault opens on Tuesdays.');
      expect((await mcpGetPage(staff, '/guides/flux')).content[0]!.text).toContain('1.21 gigawatts');
      for (const client of [stranger, anonymous, publicServer]) {
        const refused = await mcpGetPage(client, '/staff');
        expect(refused.isError).toBe(true);
        expect(refused.content[0]!.text).toBe('no public page at "/staff": use the search tool to find pages and their paths');
        expect((await mcpGetPage(client, '/guides/flux')).isError).toBeFalsy();
      }
    } finally {
      for (const client of [staff, stranger, anonymous, publicServer]) await client.close();
    }
  }, 60_000);

  it('is refused with a clear JSON-RPC error by a server without an authentication gate', async () => {
    const url = await serve();
    const response = await fetch(`${url}/authed/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: TOKEN },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/no authentication configured.*connect to \/mcp/);
    await expect(connectMcp(`${url}/authed/mcp`, { Authorization: TOKEN })).rejects.toThrow();
  }, 60_000);
});
