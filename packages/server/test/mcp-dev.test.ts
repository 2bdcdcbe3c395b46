/**
 * `lectern dev` serves the docs' MCP server at `/mcp` too (the CLI in a child process): search over the current plan,
 * pages' Markdown from the plan (restricted pages never, though the dev server shows them), the MCP discovery
 * documents, and `/authed/mcp`, where restricted pages are read (the dev server shows them to everyone).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp, mcpGetPage, mcpSearch, startDev, writeMcpSite } from '../../astro/test/helpers.ts';

let root = '';
let dev: Awaited<ReturnType<typeof startDev>> | undefined;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lectern-mcp-dev-'));
  await writeMcpSite(root, { lectern: { socialImages: false } });
  dev = await startDev(root);
}, 120_000);

afterAll(async () => {
  await dev?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('lectern dev /mcp', () => {
  it("searches and reads the plan's public pages with the MCP SDK client; restricted pages never", async () => {
    const client = await connectMcp(`${dev!.url}/mcp`);
    try {
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['get_page', 'search']);
      const found = await mcpSearch(client, 'flux capacitor gigawatts');
      expect(found.content[0]!.text).toContain(`URL: ${dev!.url}/guide`);
      const guide = await mcpGetPage(client, '/guide');
      expect(guide.isError).toBeFalsy();
      expect(guide.content[0]!.text).toContain('The flux capacitor needs 1.21 gigawatts.');
      const hidden = await mcpSearch(client, 'zanzibar vault');
      expect(hidden.content.map((c) => c.text).join('\n')).not.toMatch(/Staff runbook|\/staff|opens on Tuesdays/);
      const staff = await mcpGetPage(client, '/staff');
      expect(staff.isError).toBe(true);
      expect(staff.content[0]!.text).toBe('no public page at "/staff": use the search tool to find pages and their paths');
    } finally {
      await client.close();
    }
  }, 60_000);

  it('answers the MCP discovery documents, naming its own /mcp and /authed/mcp (the site has a restricted page)', async () => {
    for (const pathname of ['/.well-known/mcp', '/.well-known/mcp.json']) {
      const doc = (await (await fetch(dev!.url + pathname)).json()) as { url: string; servers: Array<{ name: string; url: string }> };
      expect(doc.url).toBe(`${dev!.url}/mcp`);
      expect(doc.servers.map((s) => [s.name, s.url])).toEqual([
        ['public', `${dev!.url}/mcp`],
        ['authenticated', `${dev!.url}/authed/mcp`],
      ]);
    }
    const card = (await (await fetch(`${dev!.url}/.well-known/mcp/server-card.json`)).json()) as { tools: Array<{ name: string }> };
    expect(card.tools.map((t) => t.name)).toEqual(['search', 'get_page']);
    const cards = (await (await fetch(`${dev!.url}/.well-known/mcp/server-cards.json`)).json()) as { servers: unknown[] };
    expect(cards.servers).toHaveLength(2);
  }, 60_000);

  it('reads restricted pages at /authed/mcp, as the dev server shows them to everyone', async () => {
    const client = await connectMcp(`${dev!.url}/authed/mcp`);
    try {
      const staff = await mcpGetPage(client, '/staff');
      expect(staff.isError).toBeFalsy();
      expect(staff.content[0]!.text).toContain('The zanzibar vault opens on Tuesdays.');
    } finally {
      await client.close();
    }
  }, 60_000);
});
