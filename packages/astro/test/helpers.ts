/** Test helpers: build a fixture once into a temp dir, serve a dist/ folder on 127.0.0.1, launch Chromium. */
import { createServer, type Server } from 'node:http';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';

export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
export const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** Copy a fixture (or example) dir into a temp repo and build it with the CLI's build function. */
export async function buildFixture(dir: string): Promise<{ root: string; dist: string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'lectern-site-'));
  await cp(dir, root, { recursive: true, filter: (src) => !/[\\/](dist|\.lectern|node_modules)([\\/]|$)/.test(src) });
  const { buildSite } = await import('../src/cli/run.ts');
  const { outDir } = await buildSite(root, { logLevel: 'warn' });
  return { root, dist: outDir, cleanup: () => rm(root, { recursive: true, force: true }) };
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
 * `lectern serve <dir>` as a user runs it, in a child process (`env` added to this one's): its URL once it listens,
 * and the process (the caller stops it).
 */
export async function startServe(
  dir: string,
  env: NodeJS.ProcessEnv = {},
  port = 0,
): Promise<{ url: string; child: import('node:child_process').ChildProcess }> {
  const { spawn } = await import('node:child_process');
  const bin = path.join(REPO, 'packages/astro/bin/lectern.js');
  const child = spawn(process.execPath, [bin, 'serve', dir, '--port', String(port)], {
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
