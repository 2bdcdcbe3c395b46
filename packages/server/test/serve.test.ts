/**
 * `lectern serve` end to end on 127.0.0.1: a small static dist created here, served by `createServer` and by
 * `runServeCommand`, checked through real sockets.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteManifest } from '@lectern/core';
import {
  compileRedirects,
  createServer,
  proxyMiddleware,
  assistantMiddleware,
  createProxyHandler,
  type LecternServer,
} from '../src/index.ts';

let root: string;
let dist: string;
let site: LecternServer;
const logLines: string[] = [];
const bigCss = `body { color: red; }\n${'.c { margin: 0 auto; padding: 1rem; }\n'.repeat(400)}`;
const video = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256));

/** A raw request (Node's http, so nothing decodes or follows for us). */
function get(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function write(file: string, content: string | Buffer) {
  const full = path.join(dist, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
}

const manifest: SiteManifest = {
  version: 1,
  name: 'Acme Docs',
  servers: [],
  proxyAllow: [],
  redirects: [
    { source: '/old-page', destination: '/guides/quickstart', permanent: true },
    { source: '/temp', destination: '/guides/quickstart', permanent: false },
    { source: '/blog/:slug', destination: '/articles/:slug', permanent: true },
    { source: '/beta/:path*', destination: '/v2/beta/:path*', permanent: true },
    { source: '/external', destination: 'https://example.com/docs', permanent: false },
  ],
  restricted: { 'internal/secret': ['staff'], 'internal/flat-secret': ['staff'] },
};

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'lectern-serve-'));
  dist = path.join(root, 'dist');
  write('index.html', `<!doctype html><title>Home</title>${'<p>hello</p>'.repeat(200)}`);
  write('guides/quickstart/index.html', '<!doctype html><title>Quickstart</title>');
  write('flat.html', '<!doctype html><title>Flat</title>');
  write('404.html', '<!doctype html><title>Not found</title><h1>Page not found</h1>');
  write('_astro/app.abc123.css', bigCss);
  write('_astro/island.def456.js', `export const x = ${JSON.stringify('y'.repeat(3000))};`);
  write('images/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  write('media/clip.mp4', video);
  write('data.json', JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i })) }));
  write('internal/secret/index.html', '<!doctype html><title>Secret</title>');
  write('internal/secret.md', '# Secret\n\nThe launch code.');
  write('internal/secret/rss.xml', '<rss><channel><title>Secret</title></channel></rss>');
  write('internal/flat-secret.html', '<!doctype html><title>Flat secret</title>');
  // A symlink inside dist/ that leads out of it (a repo asset linked to /etc/passwd, say).
  writeFileSync(path.join(root, 'outside.txt'), 'outside dist');
  symlinkSync(path.join(root, 'outside.txt'), path.join(dist, 'images', 'linked.txt'));
  write('.env', 'SECRET=1');
  // Symlinks inside dist/ to a restricted page, its Markdown, the manifest and a dotfile (issue 38, finding 11).
  symlinkSync(path.join(dist, 'internal/secret/index.html'), path.join(dist, 'images', 'page.html'));
  symlinkSync(path.join(dist, 'internal/secret.md'), path.join(dist, 'images', 'notes.txt'));
  symlinkSync(path.join(dist, 'internal/secret'), path.join(dist, 'public-dir'));
  symlinkSync('../internal/flat-secret.html', path.join(dist, 'images', 'relative.png'));
  symlinkSync(path.join(dist, '.env'), path.join(dist, 'images', 'env.txt'));
  symlinkSync(path.join(dist, 'flat.html'), path.join(dist, 'images', 'flat-link.html'));
  write('_lectern/manifest.json', JSON.stringify({ ...manifest, name: 'From manifest file' }));
  site = await createServer({
    dist,
    manifest,
    port: 0,
    log: (line) => logLines.push(line),
    assistant: async (request, info) =>
      new Response(JSON.stringify({ method: request.method, path: new URL(request.url).pathname, ip: info?.clientIp }), {
        headers: { 'Content-Type': 'application/json' },
      }),
  });
});

afterAll(async () => {
  await site?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('static files', () => {
  it('serves HTML pages by path, with the right type and no-cache', async () => {
    for (const [url, title] of [
      ['/', 'Home'],
      ['/guides/quickstart', 'Quickstart'],
      ['/guides/quickstart/', 'Quickstart'],
      ['/flat', 'Flat'],
      ['/flat/', 'Flat'],
    ] as const) {
      const res = await get(`${site.url}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.toString()).toContain(`<title>${title}</title>`);
    }
  });

  it('marks hashed /_astro/ assets immutable and types them', async () => {
    const css = await get(`${site.url}/_astro/app.abc123.css`);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const js = await get(`${site.url}/_astro/island.def456.js`);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const png = await get(`${site.url}/images/logo.png`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const json = await get(`${site.url}/data.json`);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('compresses text with brotli or gzip per Accept-Encoding, and not images', async () => {
    const br = await get(`${site.url}/_astro/app.abc123.css`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(bigCss);
    expect(br.body.length).toBeLessThan(bigCss.length / 5);
    const gz = await get(`${site.url}/_astro/app.abc123.css`, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(bigCss);
    const plain = await get(`${site.url}/_astro/app.abc123.css`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(bigCss);
    const png = await get(`${site.url}/images/logo.png`, { 'Accept-Encoding': 'br, gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
    const html = await get(`${site.url}/`, { 'Accept-Encoding': 'br' });
    expect(html.headers['content-encoding']).toBe('br');
  });

  it('revalidates with ETag (304) and serves byte ranges of media', async () => {
    const first = await get(`${site.url}/images/logo.png`);
    const etag = first.headers.etag ?? '';
    expect(etag).toMatch(/^W\//);
    const again = await get(`${site.url}/images/logo.png`, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const range = await get(`${site.url}/media/clip.mp4`, { Range: 'bytes=100-199' });
    expect(range.status).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(range.headers['content-type']).toBe('video/mp4');
    expect(range.body.equals(video.subarray(100, 200))).toBe(true);
    const outside = await get(`${site.url}/media/clip.mp4`, { Range: 'bytes=99999-' });
    expect(outside.status).toBe(416);
  });

  it('answers HEAD without a body', async () => {
    const head = await get(`${site.url}/data.json`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(100);
    expect(head.body.length).toBe(0);
  });

  it('serves the site 404 page for misses, and never dotfiles or paths outside dist', async () => {
    for (const url of ['/missing', '/.env', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd', '/guides/%00']) {
      const res = await get(`${site.url}${url}`);
      // Encoded separators and NULs are refused outright (400); the rest are misses.
      const refused = /%2f|%00/i.test(url);
      expect(res.status, url).toBe(refused ? 400 : 404);
      expect(res.body.toString(), url).not.toContain('root:');
      if (refused) continue;
      expect(res.body.toString(), url).toContain('Page not found');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('refuses methods other than GET and HEAD on pages', async () => {
    const res = await get(`${site.url}/`, {}, 'DELETE');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});

describe('redirects', () => {
  it.each([
    ['/old-page', 308, '/guides/quickstart'],
    ['/old-page/', 308, '/guides/quickstart'],
    ['/temp', 307, '/guides/quickstart'],
    ['/blog/hello-world', 308, '/articles/hello-world'],
    ['/beta/a/b/c', 308, '/v2/beta/a/b/c'],
    ['/beta', 308, '/v2/beta'],
    ['/old-page?ref=x', 308, '/guides/quickstart?ref=x'],
    ['/external', 307, 'https://example.com/docs'],
  ])('%s -> %i %s', async (from, status, location) => {
    const res = await get(`${site.url}${from}`);
    expect(res.status).toBe(status);
    expect(res.headers.location).toBe(location);
  });

  it('does not redirect paths that only look similar', async () => {
    expect((await get(`${site.url}/blog/a/b`)).status).toBe(404);
    expect((await get(`${site.url}/old-page-2`)).status).toBe(404);
  });

  it('matches partial wildcards and optional parameters', () => {
    const match = compileRedirects([
      { source: '/articles/concepts-*', destination: '/collections/overview', permanent: true },
      { source: '/docs/:section?', destination: '/guides/:section?', permanent: false },
    ]);
    expect(match('/articles/concepts-intro', '')).toEqual({ location: '/collections/overview', status: 308 });
    expect(match('/articles/other', '')).toBeNull();
    expect(match('/docs/auth', '')).toEqual({ location: '/guides/auth', status: 307 });
    expect(match('/docs', '')).toEqual({ location: '/guides', status: 307 });
  });
});

describe('endpoints', () => {
  it('reports health', async () => {
    const res = await get(`${site.url}/_lectern/health`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(res.body.toString())).toMatchObject({ status: 'ok', name: 'Acme Docs' });
  });

  it('mounts the playground proxy (a refusal is the proxy JSON error)', async () => {
    const res = await fetch(`${site.url}/_lectern/api/request`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ method: 'GET', url: 'https://not-a-server.example/' }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-lectern-proxy-error')).toBe('1');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('origin_not_allowed');
  });

  it('mounts the assistant handler at POST/OPTIONS /discovery/v1/assistant/:domain/message', async () => {
    const post = await fetch(`${site.url}/discovery/v1/assistant/acme/message`, { method: 'POST', body: '{}' });
    expect(await post.json()).toEqual({ method: 'POST', path: '/discovery/v1/assistant/acme/message', ip: '127.0.0.1' });
    const options = await fetch(`${site.url}/discovery/v1/assistant/acme/message`, { method: 'OPTIONS' });
    expect(((await options.json()) as { method: string }).method).toBe('OPTIONS');
    expect((await fetch(`${site.url}/discovery/v1/assistant/acme/message`)).status).toBe(404);
  });

  it('mounts the same handler at POST/OPTIONS /discovery/v2/assistant/:domain/message', async () => {
    const post = await fetch(`${site.url}/discovery/v2/assistant/acme/message`, { method: 'POST', body: '{}' });
    expect(await post.json()).toEqual({ method: 'POST', path: '/discovery/v2/assistant/acme/message', ip: '127.0.0.1' });
    const options = await fetch(`${site.url}/discovery/v2/assistant/acme/message`, { method: 'OPTIONS' });
    expect(((await options.json()) as { method: string }).method).toBe('OPTIONS');
    expect((await fetch(`${site.url}/discovery/v3/assistant/acme/message`, { method: 'POST', body: '{}' })).status).toBe(405);
  });

  it('does not serve restricted pages without an auth gate, under any spelling of their path', async () => {
    for (const spelling of [
      '/internal/secret',
      '/internal/secret/',
      '/internal/secret/index.html',
      '/internal/secret.html',
      '/internal/secret.md',
      '/internal/secret/rss.xml',
      '/internal//secret',
      '/Internal/../internal/secret',
      '/internal/flat-secret',
      '/internal/flat-secret.html',
    ]) {
      const res = await get(`${site.url}${spelling}`);
      expect([400, 401, 404], spelling).toContain(res.status);
      expect(res.body.toString(), spelling).not.toMatch(/Secret|launch code/i);
    }
  });

  it('refuses encoded separators and dot segments instead of resolving them', async () => {
    for (const spelling of [
      '/internal/secret%2f',
      '/internal%2Fsecret',
      '/internal/secret%2Findex.html',
      '/x/..%2finternal/secret',
      '/internal%5csecret',
    ]) {
      const res = await get(`${site.url}${spelling}`);
      expect(res.status, spelling).toBe(400);
      expect(res.body.toString(), spelling).not.toMatch(/Secret/);
    }
    expect((await get(`${site.url}/guides/quickstart/`)).status).toBe(200);
  });

  it('never follows a symlink out of dist/', async () => {
    const res = await get(`${site.url}/images/linked.txt`);
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain('outside dist');
  });

  it('gates a symlink inside dist/ as the file it leads to (restricted pages, dotfiles), and serves a link to a public page', async () => {
    for (const spelling of [
      '/images/page.html',
      '/images/page',
      '/images/notes.txt',
      '/public-dir/',
      '/public-dir/index.html',
      '/public-dir/rss.xml',
      '/images/relative.png',
      '/images/env.txt',
    ]) {
      const res = await get(`${site.url}${spelling}`);
      expect([401, 404], spelling).toContain(res.status);
      expect(res.body.toString(), spelling).not.toMatch(/Secret|launch code|SECRET=1/i);
    }
    const linked = await get(`${site.url}/images/flat-link.html`);
    expect(linked.status).toBe(200);
    expect(linked.body.toString()).toContain('<title>Flat</title>');
  });

  it('answers only IP literals, localhost and allowed hosts (DNS-rebinding protection)', async () => {
    const port = new URL(site.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'docs.localhost', `[::1]:${port}`]) {
      expect((await get(`${site.url}/flat`, { host })).status, host).toBe(200);
    }
    for (const host of ['rebind.attacker.example', `rebind.attacker.example:${port}`, 'localhost.attacker.example']) {
      const page = await get(`${site.url}/flat`, { host });
      expect(page.status, host).toBe(403);
      expect(page.body.toString()).toContain('--allowed-host');
      const proxied = await get(`${site.url}/_lectern/api/request`, { host }, 'POST');
      expect(proxied.status, host).toBe(403);
    }
    const allowing = await createServer({
      dist,
      manifest: { ...manifest, site: 'https://docs.acme.test' },
      port: 0,
      log: false,
      allowedHosts: ['.preview.acme.test'],
    });
    try {
      for (const host of ['docs.acme.test', 'pr-7.preview.acme.test', 'preview.acme.test'])
        expect((await get(`${allowing.url}/flat`, { host })).status, host).toBe(200);
      expect((await get(`${allowing.url}/flat`, { host: 'acme.test' })).status).toBe(403);
    } finally {
      await allowing.close();
    }
  });

  it('writes one access log line per request', async () => {
    const before = logLines.length;
    await get(`${site.url}/flat?x=1`);
    const lines = logLines.slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/127\.0\.0\.1 "GET \/flat\?x=1" 200 \d+ [\d.]+ms$/);
  });
});

describe('configuration', () => {
  it('reads dist/_lectern/manifest.json when no manifest is passed, and consults the auth gate', async () => {
    const seen: string[] = [];
    const other = await createServer({
      dist,
      port: 0,
      log: false,
      auth: (request, page) => {
        seen.push(`${page.slug}:${page.groups.join(',')}`);
        return request.headers.get('cookie') === 'staff=1' ? null : new Response('sign in', { status: 403 });
      },
    });
    try {
      const health = JSON.parse((await get(`${other.url}/_lectern/health`)).body.toString()) as { name: string };
      expect(health.name).toBe('From manifest file');
      expect((await get(`${other.url}/old-page`)).status).toBe(308);
      expect((await get(`${other.url}/internal/secret/`)).status).toBe(403);
      const allowed = await get(`${other.url}/internal/secret/`, { Cookie: 'staff=1' });
      expect(allowed.status).toBe(200);
      expect(allowed.headers['cache-control']).toBe('private, no-store');
      expect(seen).toEqual(['internal/secret:staff', 'internal/secret:staff']);
    } finally {
      await other.close();
    }
  });

  it('reports a broken manifest file clearly', async () => {
    const brokenRoot = mkdtempSync(path.join(tmpdir(), 'lectern-serve-bad-'));
    try {
      mkdirSync(path.join(brokenRoot, '_lectern'), { recursive: true });
      writeFileSync(path.join(brokenRoot, '_lectern', 'manifest.json'), JSON.stringify({ version: 2, servers: {} }));
      await expect(createServer({ dist: brokenRoot, port: 0, log: false })).rejects.toThrow(
        /manifest\.json: \/version must be 1.*\/servers must be an array/,
      );
    } finally {
      rmSync(brokenRoot, { recursive: true, force: true });
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes an in-flight request before closing, then refuses new connections', async () => {
    const slow = http.createServer((_req, res) => {
      setTimeout(() => res.end('{"late":true}'), 300);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', () => resolve()));
    const slowOrigin = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    const server = await createServer({ dist, port: 0, log: false, manifest: { ...manifest, proxyAllow: [slowOrigin] } });
    try {
      const inflight = fetch(`${server.url}/_lectern/api/request`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ method: 'GET', url: `${slowOrigin}/` }),
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const closed = server.close();
      const response = await inflight;
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ late: true });
      await closed;
      await expect(get(`${server.url}/`)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      slow.close();
    }
  });
});

describe('lectern serve command', () => {
  it('serves <dir>/dist and exits 0 on SIGTERM', async () => {
    const script = `
      import { runServeCommand } from ${JSON.stringify(path.resolve(import.meta.dirname, '../src/index.ts'))};
      process.exitCode = await runServeCommand(process.argv.slice(1)); // with -e, argv[1] is the first argument
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, root, '--port', '0', '--host', '127.0.0.1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start line: ${output}`)), 30_000);
      child.on('exit', () => reject(new Error(`exited early: ${output}`)));
      child.stdout.on('data', () => {
        const match = /serving .* at (http:\/\/\S+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });
    const res = await get(`${url}/guides/quickstart`);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain('Quickstart');
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(output).toContain('SIGTERM received');
  });

  it('fails clearly without a build and on bad flags', async () => {
    const { runServeCommand } = await import('../src/index.ts');
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      expect(await runServeCommand([path.join(root, 'nowhere')])).toBe(1);
      expect(errors.at(-1)).toContain('no build found');
      expect(await runServeCommand([root, '--port', 'abc'])).toBe(2);
      expect(errors.at(-1)).toContain('--port');
      expect(await runServeCommand([root, '--bogus'])).toBe(2);
    } finally {
      console.error = original;
    }
  });
});

describe('dev-server middleware', () => {
  it('answers proxy and assistant routes and passes everything else to next()', async () => {
    const proxy = createProxyHandler({ manifest: { servers: [], proxyAllow: [] }, limits: { rateLimit: false } });
    const chain = [proxyMiddleware(proxy), assistantMiddleware(async () => new Response('assistant'))];
    const dev = http.createServer((req, res) => {
      let i = 0;
      const next = (error?: unknown) => {
        const mw = chain[i++];
        if (error || !mw) {
          res.statusCode = error ? 500 : 404;
          return res.end(error ? 'error' : 'vite');
        }
        mw(req, res, next);
      };
      next();
    });
    await new Promise<void>((resolve) => dev.listen(0, '127.0.0.1', () => resolve()));
    const base = `http://127.0.0.1:${(dev.address() as AddressInfo).port}`;
    try {
      const refused = await fetch(`${base}/_lectern/api/request`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ method: 'GET', url: 'http://169.254.169.254/' }),
      });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('x-lectern-proxy-error')).toBe('1');
      expect(await (await fetch(`${base}/discovery/v1/assistant/x/message`, { method: 'POST' })).text()).toBe('assistant');
      expect(await (await fetch(`${base}/discovery/v2/assistant/x/message`, { method: 'POST' })).text()).toBe('assistant');
      expect(await (await fetch(`${base}/discovery/v1/assistant/x/message`)).text()).toBe('vite');
      expect(await (await fetch(`${base}/some/page`)).text()).toBe('vite');
    } finally {
      dev.closeAllConnections();
      dev.close();
      await proxy.close();
    }
  });
});
