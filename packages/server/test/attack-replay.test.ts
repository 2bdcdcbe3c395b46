/**
 * The second attack run's findings (issue 38) replayed in one place, each as it was reproduced, where a replay is
 * cheap: real handlers and servers on 127.0.0.1, real core functions. Each finding has its own, fuller test beside it;
 * the heavy ones (builds, Chromium) are only named here:
 *
 *  1  restricted operations in the published spec  — packages/core/test/publish-spec.test.ts, packages/astro/test/restricted-leaks.test.ts
 *  2  spec content cut-and-join javascript: links  — packages/astro/test/spec-content-urls.test.ts (Chromium), core script-url-variants
 *  3  secrets through in-repo symlinks              — packages/astro/test/symlink-secrets.test.ts, packages/core/test/repo-file-links.test.ts
 *  4  spec text breaks the HTML script mover        — packages/astro/test/html-tokens.test.ts (a build; not replayed here)
 *  5  one reader blocks the assistant / the proxy   — assistant-size-limits.test.ts, assistant-event-loop.test.ts, proxy.test.ts
 *  6  one database, several sites                  — serve-assistant-domain.test.ts
 *  7  `%` in x-mint.href passes check              — packages/core/test/spec-href-escapes.test.ts
 *  8  NUL / lone surrogate on PostgreSQL           — assistant-unstorable-text.test.ts (PostgreSQL there; SQLite here)
 *  9  build cache entries trusted as they are      — packages/astro/test/build-cache-verify.test.ts, cache-trust.test.ts (not replayed here)
 * 10  the manifest names restricted pages          — serve-manifest.test.ts
 * 11  a symlink in dist/ to a restricted page      — serve.test.ts
 * 12  upstream headers that act on the docs origin — proxy.test.ts
 * and files only restricted pages link to           — packages/astro/test/restricted-files.test.ts (also a snippet only
 *    restricted pages import, and a restricted operation's description in a spec)
 * The first run's findings (issue 15) are replayed in attack-replay-first.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedSpecText, refusedRepoFile, safeSpecContent } from '@lectern/core';
import { hrefProblem } from '../../core/src/documents/extensions.ts';
import { createAssistantHandler } from '../src/assistant/index.ts';
import { createProxyHandler, createServer, type LecternServer, type ProxyHandler } from '../src/index.ts';
import { createTestSite, startServer, type TestServer, type TestSite } from './assistant.helpers.ts';
import { proxiedGet } from './proxy.helpers.ts';

let dir = '';
let site: TestSite;
let assistant: TestServer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'lectern-attack-replay-'));
  site = await createTestSite();
  assistant = await startServer({
    index: site.indexPath,
    keys: site.keysPath,
    threads: site.threadsPath,
    domains: ['acme'],
    onError: () => {},
  });
});

afterAll(async () => {
  await assistant?.close();
  site?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

async function ask(body: unknown, domain = 'acme', key = site.acmeKey) {
  const response = await fetch(assistant.endpoint(domain), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, code: (JSON.parse(text.startsWith('{') ? text : '{}') as { error?: { code?: string } }).error?.code };
}
const message = (text: string) => ({ id: 'm1', role: 'user', content: text, parts: [{ type: 'text', text }] });

describe('issue 38, second attack run, replayed', () => {
  it('finding 1: a restricted operation is not in the published copy of its spec', () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/things': { get: { summary: 'List things', description: 'public', responses: { 200: { description: 'ok' } } } },
        '/vault': {
          post: {
            summary: 'Open the vault',
            description: 'zephyrine combination',
            'x-mint': { groups: ['staff'], content: 'zephyrine content' },
            responses: { 200: { description: 'zephyrine response' } },
          },
        },
      },
    };
    const published = publishedSpecText(JSON.stringify(spec), 'openapi.json')!;
    expect(published).toContain('List things');
    expect(published).not.toMatch(/zephyrine|Open the vault/);
  });

  it.each([
    ["[t]{''}(javascript:alert(document.domain))"],
    ["[d]{''}: javascript:alert(document.domain)\n\n[x][d]"],
    ["[t]{''}(JaVaScRiPt:alert(1))"],
    ["[t]{''}(&#106;avascript:alert(1))"],
  ])('finding 2: cut-and-join does not leave a javascript: link (%j)', (source) => {
    const { text, refused } = safeSpecContent(source);
    expect(refused.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/javascript:|&#0*106;avascript/i);
  });

  it('finding 3: an in-repo symlink to .git/config, a dotfile or out of the repo is refused', () => {
    const repo = path.join(dir, 'repo');
    mkdirSync(path.join(repo, '.git'), { recursive: true });
    mkdirSync(path.join(repo, 'images'));
    writeFileSync(path.join(repo, '.git/config'), '[remote "origin"]\n\turl = https://x-access-token:ghs_secret@github.com/o/r\n');
    writeFileSync(path.join(repo, '.env.yaml'), 'token: secret\n');
    writeFileSync(path.join(dir, 'outside.txt'), 'outside\n');
    symlinkSync('../.git/config', path.join(repo, 'images/x.png'));
    symlinkSync('../.env.yaml', path.join(repo, 'images/env.yaml'));
    symlinkSync(path.join(dir, 'outside.txt'), path.join(repo, 'images/out.png'));
    for (const link of ['x.png', 'env.yaml', 'out.png']) expect(refusedRepoFile(repo, path.join(repo, 'images', link)), link).toBeDefined();
  });

  it('finding 5: a 900 KB question and a 20,000-part body are refused before any search', async () => {
    expect(await ask({ fp: 'anonymous', messages: [message('paginate '.repeat(100_000))] })).toMatchObject({ status: 413 });
    const parts = Array.from({ length: 20_000 }, () => ({ type: 'text', text: 'a' }));
    expect(await ask({ fp: 'anonymous', messages: [{ id: 'm1', role: 'user', content: 'a', parts }] })).toEqual({
      status: 400,
      code: 'too_many_parts',
    });
  });

  it('finding 5: slow upstream requests from many addresses get a clear 503 past the global cap, not a wait', async () => {
    const held: http.ServerResponse[] = [];
    const upstream = http.createServer((_req, res) => void held.push(res));
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
    const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const proxy: ProxyHandler = createProxyHandler({
      manifest: { servers: [], proxyAllow: [origin] },
      limits: { rateLimit: false, maxConcurrent: 10, maxConcurrentPerClient: 3 },
    });
    const request = (clientAddress: string) =>
      proxy(
        new Request('http://docs.test/_lectern/api/request', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ method: 'GET', url: `${origin}/slow` }),
        }),
        { clientAddress },
      );
    try {
      // Five addresses, three slow requests each (the cap per address): ten are let through, five refused at once.
      const slow = Array.from({ length: 15 }, (_, i) => request(`198.51.100.${1 + (i % 5)}`));
      await new Promise((r) => setTimeout(r, 100));
      const normal = await request('198.51.100.99');
      expect(normal.status).toBe(503);
      expect(((await normal.json()) as { error: { code: string } }).error.code).toBe('proxy_at_capacity');
      for (const res of held) res.end('late');
      const statuses = await Promise.all(slow.map(async (p) => (await p).status));
      expect(statuses.filter((s) => s === 503)).toHaveLength(5);
    } finally {
      await proxy.close();
      upstream.closeAllConnections();
      await new Promise((r) => upstream.close(r));
    }
  });

  it("finding 6: a key of another site's domain gets 404 domain_not_served", async () => {
    expect(await ask({ fp: 'anonymous', messages: [message('How do I paginate?')] }, 'globex', site.globexKey)).toEqual({
      status: 404,
      code: 'domain_not_served',
    });
  });

  it('finding 7: an x-mint.href with % is refused, as the build refuses it', () => {
    expect(hrefProblem('/guides/100%-done')).toMatch(/%/);
    expect(hrefProblem('/../../etc')).toBe('leaves the site');
    expect(hrefProblem('/guides/done')).toBeUndefined();
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['lone surrogate', 'a\ud800b'],
  ])('finding 8: a %s in a question is 400, not a database error', async (_n, text) => {
    expect(await ask({ fp: 'anonymous', messages: [message(text)] })).toMatchObject({ status: 400 });
  });

  describe('lectern serve', () => {
    let served: LecternServer;
    beforeAll(async () => {
      const dist = path.join(dir, 'dist');
      mkdirSync(path.join(dist, '_lectern'), { recursive: true });
      mkdirSync(path.join(dist, 'internal/vault'), { recursive: true });
      mkdirSync(path.join(dist, 'images'));
      const manifest = { version: 1, name: 'T', servers: [], proxyAllow: [], redirects: [], restricted: { 'internal/vault': ['staff'] } };
      writeFileSync(path.join(dist, '_lectern/manifest.json'), JSON.stringify(manifest));
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Home</title>');
      writeFileSync(path.join(dist, 'internal/vault/index.html'), '<!doctype html><title>Vault</title>zephyrine');
      symlinkSync(path.join(dist, 'internal/vault/index.html'), path.join(dist, 'images/page.html'));
      served = await createServer({ dist, port: 0, log: false });
    });
    afterAll(async () => {
      await served?.close();
    });

    it('finding 10: the manifest naming the restricted pages is never sent', async () => {
      for (const p of ['/_lectern/manifest.json', '/_lectern/MANIFEST.json', '/_lectern//manifest.json']) {
        const response = await fetch(served.url + p);
        expect(response.status, p).not.toBe(200);
        expect(await response.text(), p).not.toContain('internal/vault');
      }
    });

    it('finding 11: a symlink in dist/ to a restricted page is gated like the page', async () => {
      for (const p of ['/internal/vault/', '/images/page.html']) {
        const response = await fetch(served.url + p);
        expect(response.status, p).toBe(401);
        expect(await response.text(), p).not.toContain('zephyrine');
      }
      expect((await fetch(served.url + '/')).status).toBe(200);
    });
  });

  it('finding 12: upstream headers that act on the docs origin are dropped', async () => {
    const { response, body } = await proxiedGet([
      ['Access-Control-Allow-Origin', '*'],
      ['Access-Control-Allow-Credentials', 'true'],
      ['Link', '<https://evil.example/x.js>; rel=preload; as=script'],
      ['Permissions-Policy', 'camera=*'],
      ['Origin-Agent-Cluster', '?0'],
      ['Speculation-Rules', '"https://evil.example/rules.json"'],
      ['Supports-Loading-Mode', 'credentialed-prerender'],
      ['Set-Cookie', 'session=upstream'],
      ['Content-Type', 'text/plain'],
    ]);
    expect(body).toBe('ok');
    const names = [...response.headers.keys()];
    expect(names.filter((n) => n.startsWith('access-control-'))).toEqual([]);
    for (const n of ['link', 'permissions-policy', 'origin-agent-cluster', 'speculation-rules', 'supports-loading-mode', 'set-cookie'])
      expect(response.headers.get(n), n).toBeNull();
  });
});
