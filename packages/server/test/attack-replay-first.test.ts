/**
 * The first attack run's findings (issue 15) replayed in one place, each as it was reproduced, where a replay is
 * cheap: real servers on 127.0.0.1, real core and playground functions. Each finding has its own, fuller test; the
 * heavy ones (builds, Chromium, lectern dev) are only named here:
 *
 *  1  restricted pages readable without signing in — replayed (serve); packages/astro/test/restricted-leaks.test.ts (search, llms.txt, navigation)
 *  2  x-mint.content compiled and executed         — packages/astro/test/spec-content.test.ts (build, Chromium)
 *  3  OAuth authorizationUrl javascript:            — replayed (oauthEndpoint); packages/playground/test/oauth-url.test.ts
 *  4  x-mint.href with ../.. writes outside         — replayed (hrefProblem); packages/core/test/spec-href-escapes.test.ts
 *  5  symlinks followed when assets are copied      — replayed (serve, out of dist/); packages/astro/test/symlink-secrets.test.ts (build)
 *  6  proxy memory exhaustion                       — packages/server/test/proxy.test.ts
 *  7  DNS rebinding (any Host answered)             — replayed (serve); packages/server/test/serve.test.ts
 *  8  bodyBase64 of 4 MiB gives 500                 — packages/server/test/proxy.test.ts, proxy-units.test.ts
 *  9  origin-wide upstream headers pass the proxy   — replayed (proxy); packages/server/test/proxy.test.ts
 * 10  one slow upstream fills the socket pool       — packages/server/test/proxy.test.ts (per-origin limits)
 * 11  the assistant keeps everything forever        — packages/server/test/assistant-retention.test.ts
 * 12  dotfiles and x-excluded operations published  — replayed (publishedSpecText); packages/astro/test/publish-assets.test.ts
 * 13  lectern dev serves .lectern/*.db and /@fs/    — packages/astro/test/dev.test.ts
 * The second run's replay is attack-replay.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedSpecText } from '@lectern/core';
import { hrefProblem } from '../../core/src/documents/extensions.ts';
import { oauthEndpoint } from '../../playground/src/oauth-url.ts';
import { createServer, type LecternServer } from '../src/index.ts';
import { proxiedGet } from './proxy.helpers.ts';

let dir = '';
let served: LecternServer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'lectern-attack-replay-first-'));
  const dist = path.join(dir, 'dist');
  mkdirSync(path.join(dist, '_lectern'), { recursive: true });
  mkdirSync(path.join(dist, 'secret'), { recursive: true });
  mkdirSync(path.join(dist, 'images'));
  const manifest = { version: 1, name: 'T', servers: [], proxyAllow: [], redirects: [], restricted: { secret: ['admin'] } };
  writeFileSync(path.join(dist, '_lectern/manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(path.join(dist, 'secret/index.html'), '<!doctype html><title>Secret</title>zephyrine');
  writeFileSync(path.join(dist, 'secret.md'), '# Secret\n\nzephyrine');
  writeFileSync(path.join(dir, 'outside.txt'), 'zephyrine-outside');
  symlinkSync(path.join(dir, 'outside.txt'), path.join(dist, 'images/logo.png'));
  served = await createServer({ dist, port: 0, log: false });
});

afterAll(async () => {
  await served?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A GET with a raw path and Host (fetch normalises both). */
function get(pathname: string, host?: string): Promise<{ status: number; body: string }> {
  const url = new URL(served.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: pathname, headers: host ? { host } : {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('issue 15, first attack run, replayed', () => {
  it.each(['/secret', '/secret.md', '/secret%2f', '/secret%2Findex.html', '/x/..%2fsecret', '/secret/index.html', '/SECRET.md'])(
    'finding 1: %s does not show the restricted page',
    async (p) => {
      const response = await get(p);
      expect(response.status, p).not.toBe(200);
      expect([400, 401, 403, 404], p).toContain(response.status);
      expect(response.body, p).not.toContain('zephyrine');
    },
  );

  it('finding 1: the public page is still served', async () => {
    expect((await get('/')).status).toBe(200);
  });

  it('finding 3: an OAuth authorizationUrl with javascript: is refused', () => {
    const page = 'https://docs.acme.test/api/login';
    for (const raw of ['javascript:alert(document.domain)//', ' JavaScript:alert(1)', 'data:text/html,x']) {
      const result = oauthEndpoint(raw, page);
      expect(result, raw).toBeInstanceOf(Error);
    }
    expect(oauthEndpoint('https://auth.acme.test/authorize', page)).not.toBeInstanceOf(Error);
  });

  it('finding 4: an x-mint.href with ../.. is refused', () => {
    expect(hrefProblem('/../../etc/cron.d/x')).toBe('leaves the site');
    expect(hrefProblem('/guides/../../../x')).toBe('leaves the site');
    expect(hrefProblem('/guides/done')).toBeUndefined();
  });

  it('finding 5: a symlink out of dist/ is not followed', async () => {
    const response = await get('/images/logo.png');
    expect(response.status).toBe(404);
    expect(response.body).not.toContain('zephyrine-outside');
  });

  it('finding 7: a rebound Host is refused (page and proxy), the bind address is answered', async () => {
    const page = await get('/', 'attacker.example');
    expect(page.status).toBe(403);
    expect(page.body).toContain('--allowed-host');
    expect((await get('/', new URL(served.url).host)).status).toBe(200);
  });

  it('finding 9: origin-wide upstream headers are dropped by the proxy', async () => {
    const { response, body } = await proxiedGet([
      ['NEL', '{"report_to":"x","max_age":86400}'],
      ['Report-To', '{"group":"x","max_age":86400,"endpoints":[{"url":"https://evil.example/r"}]}'],
      ['Reporting-Endpoints', 'x="https://evil.example/r"'],
      ['Set-Login', 'logged-in'],
      ['Accept-CH', 'Sec-CH-UA-Model'],
      ['Content-Type', 'text/plain'],
    ]);
    expect(response.status).toBe(200);
    expect(body).toBe('ok');
    for (const n of ['nel', 'report-to', 'reporting-endpoints', 'set-login', 'accept-ch']) expect(response.headers.get(n), n).toBeNull();
  });

  it('finding 12: x-excluded and x-hidden operations are not in the published spec', () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/things': { get: { summary: 'List things', responses: { 200: { description: 'ok' } } } },
        '/internal': { post: { summary: 'zephyrine excluded', 'x-excluded': true, responses: { 200: { description: 'ok' } } } },
        '/hidden': { get: { summary: 'zephyrine hidden', 'x-hidden': true, responses: { 200: { description: 'ok' } } } },
      },
    };
    const published = publishedSpecText(JSON.stringify(spec), 'openapi.json');
    expect(published).not.toBeNull();
    expect(published).toContain('List things');
    expect(published).not.toContain('zephyrine');
  });
});
