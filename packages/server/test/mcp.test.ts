/**
 * The docs' MCP server in `lectern serve` (`/mcp`, Streamable HTTP): the real command in a child process over a small
 * site (the assistant fixture, a restricted page added, a dist of Markdown copies), and the MCP SDK's own client.
 */
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp, startServe } from '../../astro/test/helpers.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
const children: ChildProcess[] = [];

/** The assistant fixture with a restricted page, and a dist holding every page's Markdown copy and a manifest. */
function site(ipPerDay?: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-mcp-'));
  dirs.push(dir);
  cpSync(path.join(repoRoot, 'fixtures/assistant/docs'), dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'guides/secret.mdx'),
    '---\ntitle: Zanzibar rotation plan\ngroups: ["staff"]\n---\n\nThe zanzibar vault keys rotate every Tuesday.\n',
  );
  const config = JSON.parse(readFileSync(path.join(dir, 'docs.json'), 'utf8'));
  config.navigation.groups[0].pages.push('guides/secret');
  if (ipPerDay) config.lectern = { assistant: { limits: { ipPerDay } } };
  writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(config));
  const dist = path.join(dir, 'dist');
  mkdirSync(path.join(dist, 'guides'), { recursive: true });
  mkdirSync(path.join(dist, '_lectern'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Acme</title>');
  for (const slug of ['quickstart', 'guides/authentication', 'guides/secret']) {
    const source = readFileSync(path.join(dir, `${slug}.mdx`), 'utf8');
    writeFileSync(path.join(dist, `${slug}.md`), `# ${/title: (.*)/.exec(source)![1]}\n\n${source.replace(/^---[\s\S]*?---\n/, '')}`);
  }
  writeFileSync(
    path.join(dist, '_lectern/manifest.json'),
    JSON.stringify({
      version: 1,
      name: 'Acme Payments',
      servers: [],
      restricted: { 'guides/secret': ['staff'] },
      ...(ipPerDay ? { site: 'https://docs.acme.test/' } : {}),
    }),
  );
  return dir;
}

/** `lectern serve` over `dir`, stopped after the file's tests. */
async function serve(dir: string): Promise<string> {
  const { url, child } = await startServe(dir);
  children.push(child);
  return url;
}

type ToolResult = { isError?: boolean; content: Array<{ type: string; text?: string }> };
const text = (result: unknown) => (result as ToolResult).content.map((c) => c.text ?? '').join('\n---\n');

afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('lectern serve /mcp', () => {
  let url = '';
  let client: Client;
  beforeAll(async () => {
    url = await serve(site());
    client = await connectMcp(`${url}/mcp`);
  }, 60_000);
  afterAll(() => client?.close());

  it('lists the search and get_page tools, with input schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['get_page', 'search']);
    const search = tools.find((t) => t.name === 'search')!;
    expect(search.inputSchema.required).toEqual(['query']);
    expect(search.description).toContain('Acme Payments');
  });

  it('searches the public pages: title, URL on this server, page path and snippet', async () => {
    const result = await client.callTool({ name: 'search', arguments: { query: 'rotate secret API keys', limit: 3 } });
    expect(result.isError).toBeFalsy();
    const out = text(result);
    expect(out).toContain('Title: Authentication');
    expect(out).toContain(`URL: ${url}/guides/authentication`);
    expect(out).toContain('Page: /guides/authentication');
    expect(out).toMatch(/Content: .*key/i);
    expect((result as ToolResult).content.length).toBeLessThanOrEqual(3);
  }, 60_000);

  it('never returns a restricted page from search', async () => {
    const result = await client.callTool({ name: 'search', arguments: { query: 'zanzibar vault rotation plan' } });
    expect(text(result)).not.toMatch(/Zanzibar rotation plan|guides\/secret|every Tuesday/);
  });

  it('reads a page as Markdown by path or by URL', async () => {
    const byPath = await client.callTool({ name: 'get_page', arguments: { path: '/guides/authentication' } });
    expect(byPath.isError).toBeFalsy();
    expect(text(byPath)).toMatch(/^# Authentication\n/);
    expect(text(byPath)).toContain('sk_test_');
    const byUrl = await client.callTool({ name: 'get_page', arguments: { path: `${url}/quickstart#install-the-sdk` } });
    expect(text(byUrl)).toMatch(/^# Quickstart\n/);
  });

  it('answers a restricted page exactly like a missing one (a tool error naming search)', async () => {
    const secret = await client.callTool({ name: 'get_page', arguments: { path: '/guides/secret' } });
    const missing = await client.callTool({ name: 'get_page', arguments: { path: '/guides/nowhere' } });
    for (const [result, asked] of [
      [secret, '/guides/secret'],
      [missing, '/guides/nowhere'],
    ] as const) {
      expect(result.isError).toBe(true);
      expect(text(result)).toBe(`no public page at "${asked}": use the search tool to find pages and their paths`);
    }
    const dotted = await client.callTool({ name: 'get_page', arguments: { path: '/guides/../docs.json' } });
    expect(dotted.isError).toBe(true);
    expect(text(dotted)).toMatch(/plain segments/);
  });

  it('refuses bad input with clear MCP errors: unknown tool, oversized arguments, huge bodies', async () => {
    const unknown = await client.callTool({ name: 'delete_everything', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toMatch(/Tool delete_everything not found/);
    const long = await client.callTool({ name: 'search', arguments: { query: 'x'.repeat(5_000) } });
    expect(long.isError).toBe(true);
    expect(text(long)).toMatch(/Invalid arguments for tool search/);
    const huge = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search', arguments: { query: 'y'.repeat(200_000) } },
      }),
    });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.message).toMatch(/larger than 65536 bytes/);
    const get = await fetch(`${url}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
  });
});

describe('lectern serve /mcp rate limit', () => {
  it('answers 429 past the per-IP limit (docs.json lectern.assistant.limits.ipPerDay); results link to lectern.site', async () => {
    const url = await serve(site(2));
    const client = await connectMcp(`${url}/mcp`);
    try {
      const ok = await client.callTool({ name: 'get_page', arguments: { path: '/quickstart' } });
      expect(ok.isError).toBeFalsy();
      // The manifest names the site's address (lectern.site): results link there, not to the host asked.
      const found = await client.callTool({ name: 'search', arguments: { query: 'rotate secret API keys', limit: 1 } });
      expect(text(found)).toContain('URL: https://docs.acme.test/guides/authentication');
      const refused = await client.callTool({ name: 'get_page', arguments: { path: '/quickstart' } }).catch((e: unknown) => e);
      expect(refused).toMatchObject({
        code: 429,
        message: expect.stringMatching(/Rate limited: too many tool calls .*limit 2 per 86400s/),
      });
      // Listing tools is not a tool call: still answered.
      expect((await client.listTools()).tools).toHaveLength(2);
    } finally {
      await client.close();
    }
  }, 60_000);
});
