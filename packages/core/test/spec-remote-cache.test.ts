/**
 * The last good copy of a remote spec: kept in the build cache after a fetch that loads, used with a warning naming
 * its age when a later fetch of the same URL fails, never for another URL. Against a real HTTP server on 127.0.0.1.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSitePlan } from '../src/index.ts';
import type { ApiDocument } from '../src/model.ts';
import { loadSpec } from '../src/documents/index.ts';
import { describeAge, remoteSpecCache } from '../src/documents/remote-cache.ts';

const spec = (title: string, paths: string[]) =>
  JSON.stringify({
    openapi: '3.1.0',
    info: { title, version: '1' },
    paths: Object.fromEntries(paths.map((p) => [p, { get: { summary: `Get ${p}`, responses: { '200': { description: 'OK' } } } }])),
  });

describe('remote spec copies in the build cache', () => {
  let server: Server;
  let base: string;
  let work: string;
  /** What the server answers per path: a body (200), or a status code. */
  const answers = new Map<string, string | number>();
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'lectern-remote-cache-'));
    server = createServer((req, res) => {
      const answer = answers.get(req.url ?? '') ?? 404;
      if (typeof answer === 'number') return void res.writeHead(answer).end('unavailable');
      res.writeHead(200, { 'content-type': answer.startsWith('<') ? 'text/html' : 'application/json' }).end(answer);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  it('keeps the copy of a fetch that loaded and builds with it, with its age, when the host fails later', async () => {
    const dir = path.join(work, 'cache-a');
    const day = 24 * 3600 * 1000;
    const fetchedAt = Date.UTC(2026, 10, 20, 9, 0);
    const cache = remoteSpecCache(dir, () => fetchedAt);
    answers.set('/a.json', spec('Pets', ['/pets', '/owners']));
    const first = await loadSpec({ root: work, source: `${base}/a.json`, allowHttp: true, remoteCache: cache });
    expect(first.diagnostics).toEqual([]);
    expect(readdirSync(dir)).toHaveLength(1);

    answers.set('/a.json', 503);
    const later = await loadSpec({
      root: work,
      source: `${base}/a.json`,
      allowHttp: true,
      remoteCache: cache,
      now: () => fetchedAt + 3 * day + 5000,
    });
    expect((later.document as ApiDocument).operations.map((o) => o.path).sort()).toEqual(['/owners', '/pets']);
    expect(later.diagnostics).toHaveLength(1);
    const [warning] = later.diagnostics;
    expect(warning).toMatchObject({ severity: 'warning', code: 'spec/stale-copy', file: `${base}/a.json` });
    expect(warning!.message).toContain('HTTP 503');
    expect(warning!.message).toContain('3 days ago (2026-11-20T09:00:00.000Z)');

    // Without the cache, the same failure is the error it always was.
    const without = await loadSpec({ root: work, source: `${base}/a.json`, allowHttp: true });
    expect(without.document).toBeUndefined();
    expect(without.diagnostics.map((d) => d.code)).toEqual(['spec/fetch-failed']);
  });

  it('never serves a copy for another URL, and never keeps a response that is not a spec', async () => {
    const dir = path.join(work, 'cache-b');
    const cache = remoteSpecCache(dir);
    answers.set('/b.json', spec('B', ['/b']));
    expect((await loadSpec({ root: work, source: `${base}/b.json`, allowHttp: true, remoteCache: cache })).document).toBeDefined();

    // Another URL (even the same path with a query) fails as before: no copy of /b.json stands in for it.
    const other = await loadSpec({ root: work, source: `${base}/b.json?v=2`, allowHttp: true, remoteCache: cache });
    expect(other.document).toBeUndefined();
    expect(other.diagnostics.map((d) => d.code)).toEqual(['spec/fetch-failed']);
    expect(cache.read(`${base}/b.json?v=2`)).toBeUndefined();

    // A maintenance page served with 200 is reported and does not replace the last good copy.
    answers.set('/b.json', '<html><body>Down for maintenance</body></html>');
    const html = await loadSpec({ root: work, source: `${base}/b.json`, allowHttp: true, remoteCache: cache });
    expect(html.document).toBeUndefined();
    expect(html.diagnostics.some((d) => d.severity === 'error')).toBe(true);
    answers.set('/b.json', 500);
    const fallback = await loadSpec({ root: work, source: `${base}/b.json`, allowHttp: true, remoteCache: cache });
    expect((fallback.document as ApiDocument).title).toBe('B');
    expect(fallback.diagnostics.map((d) => d.code)).toEqual(['spec/stale-copy']);

    // A cache file renamed onto another URL's name is refused: the URL inside decides.
    const [file] = readdirSync(dir);
    const stolen = remoteSpecCache(dir);
    writeFileSync(path.join(dir, file!), JSON.stringify({ url: `${base}/elsewhere.json`, fetchedAt: 0, text: spec('X', ['/x']) }));
    expect(stolen.read(`${base}/b.json`)).toBeUndefined();
  });

  it('buildSitePlan keeps the copy in .lectern/cache/lectern/remote-specs and plans the endpoint pages from it', async () => {
    const root = path.join(work, 'site');
    const url = `${base}/site.json`;
    mkdirSync(root, { recursive: true });
    writeFileSync(
      path.join(root, 'docs.json'),
      JSON.stringify({
        theme: 'mint',
        name: 'T',
        colors: { primary: '#000000' },
        navigation: { groups: [{ group: 'API', openapi: url, pages: [] }] },
      }),
    );
    answers.set('/site.json', spec('Site', ['/users', '/orders']));
    const endpointSlugs = (plan: Awaited<ReturnType<typeof buildSitePlan>>['plan']) =>
      plan.pages
        .filter((p) => p.kind === 'operation')
        .map((p) => p.slug)
        .sort();

    const first = await buildSitePlan(root, { allowHttp: true });
    expect(first.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const slugs = endpointSlugs(first.plan);
    expect(slugs).toHaveLength(2);
    expect(existsSync(path.join(root, '.lectern/cache/lectern/remote-specs'))).toBe(true);

    answers.set('/site.json', 502);
    const offline = await buildSitePlan(root, { allowHttp: true });
    expect(offline.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(offline.diagnostics.map((d) => d.code)).toContain('spec/stale-copy');
    expect(endpointSlugs(offline.plan)).toEqual(slugs);

    // Turned off (option or LECTERN_CACHE=off): the failed fetch is an error again.
    const off = await buildSitePlan(root, { allowHttp: true, remoteSpecDir: false });
    expect(off.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(['spec/fetch-failed']);
    process.env.LECTERN_CACHE = 'off';
    try {
      const envOff = await buildSitePlan(root, { allowHttp: true });
      expect(envOff.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(['spec/fetch-failed']);
    } finally {
      delete process.env.LECTERN_CACHE;
    }
  });

  it('describes ages in words', () => {
    expect(describeAge(20_000)).toBe('less than a minute');
    expect(describeAge(60_000)).toBe('1 minute');
    expect(describeAge(5 * 3600_000)).toBe('5 hours');
    expect(describeAge(9 * 24 * 3600_000)).toBe('9 days');
  });
});
