/**
 * Test helpers: build a fixture once into a temp dir, write a small docs repo, serve a dist/ folder on 127.0.0.1,
 * launch Chromium, connect the MCP SDK's client to the docs' MCP server.
 */
import { createServer, type Server } from 'node:http';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RunOptions } from '../src/cli/run.ts';

export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
export const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** Copy a fixture (or example) dir into a temp repo and build it with the CLI's build function (`options` added). */
export async function buildFixture(
  dir: string,
  options: RunOptions = {},
): Promise<{ root: string; dist: string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'lectern-site-'));
  await cp(dir, root, { recursive: true, filter: (src) => !/[\\/](dist|\.lectern|node_modules)([\\/]|$)/.test(src) });
  const { buildSite } = await import('../src/cli/run.ts');
  const { outDir } = await buildSite(root, { logLevel: 'warn', ...options });
  return { root, dist: outDir, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/** Every file under `dir`, as its path relative to `base` with `/`, sorted. */
export async function filesUnder(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(abs, base)));
    else out.push(path.relative(base, abs).split(path.sep).join('/'));
  }
  return out.sort();
}

/** Every file under `dir` (relative path with `/`) -> the SHA-256 of its bytes: two outputs compare as maps. */
export async function fileDigests(dir: string, base = dir): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) for (const [k, v] of await fileDigests(abs, base)) out.set(k, v);
    else
      out.set(
        path.relative(base, abs).split(path.sep).join('/'),
        createHash('sha256')
          .update(await readFile(abs))
          .digest('hex'),
      );
  }
  return out;
}

/** The text of highlighted HTML: its tags dropped, the escapes `&lt; &gt; &quot; &amp;` undone. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

export async function readPage(dist: string, slug: string): Promise<string> {
  const file = slug === '' || slug === 'index' ? path.join(dist, 'index.html') : path.join(dist, slug, 'index.html');
  return readFile(file, 'utf8');
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.pf_meta': 'application/octet-stream',
};

/** A static file server for dist/ (directory index, 404.html) on an ephemeral 127.0.0.1 port. */
export async function serveDist(dist: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let file = path.join(dist, decodeURIComponent(url.pathname));
    if (!file.startsWith(dist)) {
      res.statusCode = 403;
      res.end();
      return;
    }
    try {
      const s = await stat(file).catch(() => undefined);
      if (s?.isDirectory()) file = path.join(file, 'index.html');
      else if (!s) file = (await stat(file + '.html').catch(() => undefined)) ? file + '.html' : file;
      const body = await readFile(file);
      res.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
      res.end(body);
    } catch {
      res.statusCode = 404;
      res.setHeader('content-type', 'text/html');
      res.end(await readFile(path.join(dist, '404.html')).catch(() => 'not found'));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

/** An ephemeral TCP port on 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  const { createServer: createNetServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createNetServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * `lectern serve <dir>` as a user runs it, in a child process (`env` added to this one's; a variable set to
 * `undefined` is left out), with `args` after the port: its URL once it listens, and the process (the caller stops it).
 */
export async function startServe(
  dir: string,
  env: NodeJS.ProcessEnv = {},
  port = 0,
  args: string[] = [],
): Promise<{ url: string; child: import('node:child_process').ChildProcess }> {
  const { spawn } = await import('node:child_process');
  const bin = path.join(REPO, 'packages/astro/bin/lectern.js');
  const child = spawn(process.execPath, [bin, 'serve', dir, '--port', String(port), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const match = /serving .* at (http:\/\/\S+)/.exec(out);
      if (match) resolve({ url: match[1]!.replace(/\/$/, ''), child });
    });
    child.stderr.on('data', (c: Buffer) => void (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`lectern serve exited with ${code}:\n${out}`)));
  });
}

/**
 * `lectern dev` as a user runs it: the CLI in a child process (Astro switches its dev request handler off inside
 * Vitest, so an in-process dev server would answer 404). Resolves once the server answers.
 */
export async function startDev(root: string): Promise<{ url: string; log: () => string; stop: () => Promise<void> }> {
  const { spawn } = await import('node:child_process');
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
  delete env.VITEST;
  delete env.VITEST_POOL_ID;
  delete env.VITEST_WORKER_ID;
  delete env.NODE_ENV;
  const bin = path.join(REPO, 'packages/astro/bin/lectern.js');
  const child = spawn(process.execPath, [bin, 'dev', root, '--port', String(port)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`lectern dev exited with ${child.exitCode}:\n${out}`);
    if (
      await fetch(url + '/_lectern/code.css').then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 240) {
      child.kill();
      throw new Error(`lectern dev did not answer within 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    log: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/**
 * Registers the file's `beforeAll`/`afterAll`: builds a copy of `dir` under the sub-path `base` and serves its dist/
 * with `lectern serve`'s server on 127.0.0.1. Read `site.dist` and `site.origin` (no trailing slash) inside tests.
 */
export function servedBuild(dir: string, base: string): { readonly dist: string; readonly origin: string } {
  const site = { dist: '', origin: '' };
  const cleanups: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    const built = await buildFixture(dir, { logLevel: 'error', base });
    cleanups.push(built.cleanup);
    site.dist = built.dist;
    const { createServer } = await import('@lectern/server');
    const server = await createServer({ dist: site.dist, port: 0, log: false });
    cleanups.unshift(() => server.close());
    site.origin = server.url.replace(/\/$/, '');
  }, 180_000);
  afterAll(async () => {
    for (const c of cleanups) await c();
  });
  return site;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * Registers the file's `beforeAll`/`afterAll`: builds a fixture, serves its dist/ on 127.0.0.1 and launches
 * Chromium. Read `site.dist`, `site.url` and `site.browser` inside tests.
 */
export function servedFixture(name: string): { readonly dist: string; readonly url: string; readonly browser: Browser } {
  const site = {} as { dist: string; url: string; browser: Browser };
  const cleanups: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    const built = await buildFixture(path.join(FIXTURES, name));
    cleanups.push(built.cleanup);
    site.dist = built.dist;
    const served = await serveDist(built.dist);
    cleanups.push(served.close);
    site.url = served.url;
    site.browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await site.browser?.close();
    for (const c of cleanups) await c();
  });
  return site;
}

/** The docs.json fields a small test site starts from. */
export const TEST_DOCS = { name: 'Acme Docs', theme: 'mint', colors: { primary: '#0D9373' } };

/** Writes a small docs repo into `root`: docs.json (`config` over `TEST_DOCS`) and `files` (path -> text; folders made). */
export async function writeTestSite(root: string, config: Record<string, unknown>, files: Record<string, string> = {}): Promise<void> {
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ ...TEST_DOCS, ...config }));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
}

/**
 * The site of the MCP tests: a home page, a public guide at `guide` (the flux capacitor) and a page restricted to the
 * staff group (the zanzibar vault), in one navigation group; `config` is added to its docs.json.
 */
export async function writeMcpSite(root: string, config: Record<string, unknown> = {}, guide = 'guide'): Promise<void> {
  const page = (title: string, body: string, extra = '') => `---\ntitle: ${title}\n${extra}---\n\n${body}\n`;
  await writeTestSite(
    root,
    { ...config, navigation: { groups: [{ group: 'Start', pages: ['index', guide, 'staff'] }] } },
    {
      'index.mdx': page('Welcome', 'Start here.'),
      [`${guide}.mdx`]: page('Flux guide', 'The flux capacitor needs 1.21 gigawatts.'),
      'staff.mdx': page('Staff runbook', 'The zanzibar vault opens on Tuesdays.', 'groups: ["staff"]\n'),
    },
  );
}

/** What a tool of the docs' MCP server answers: its text, and `isError` when the call failed. */
export type McpToolResult = { isError?: boolean; content: Array<{ type: string; text: string }> };

/** The MCP SDK's own client, connected to the MCP server at `url` (Streamable HTTP) with `headers` on its requests. */
export async function connectMcp(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  const client = new Client({ name: 'lectern-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** The MCP server's `get_page` tool called for `pathname`. */
export async function mcpGetPage(client: Client, pathname: string): Promise<McpToolResult> {
  return (await client.callTool({ name: 'get_page', arguments: { path: pathname } })) as McpToolResult;
}

/** The MCP server's `search` tool called for `query`. */
export async function mcpSearch(client: Client, query: string): Promise<McpToolResult> {
  return (await client.callTool({ name: 'search', arguments: { query } })) as McpToolResult;
}

/** Where a cloud instance's metadata answers: an address the playground proxy refuses to call. */
export const METADATA = 'http://169.254.169.254';

/**
 * The Widgets API of the tests of API operations as MCP tools: served at `apiOrigin` with bearer security, its `paths`,
 * and an operation on the instance metadata address marked for MCP (the proxy refuses to call it).
 */
export function widgetsSpec(apiOrigin: string, paths: Record<string, unknown>): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'Widgets', version: '1' },
    servers: [{ url: apiOrigin }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths: {
      ...paths,
      '/latest/meta-data': {
        get: {
          operationId: 'readMetadata',
          summary: 'Read instance metadata',
          servers: [{ url: METADATA }],
          'x-mint': { mcp: { enabled: true } },
          responses: { '200': { description: 'Metadata' } },
        },
      },
    },
  };
}
