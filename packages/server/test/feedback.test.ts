/**
 * Page ratings through a real `lectern serve` (createServer on 127.0.0.1) into both stores (SQLite file, real
 * PostgreSQL): accepted from the site's own pages, refused cross-origin, for unknown pages, malformed or too large,
 * and past the per-address limit; the CLI's list reads them back.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type LecternServer } from '../src/serve/server.ts';
import { openPostgresFeedbackStore, openSqliteFeedbackStore, type FeedbackStore } from '../src/feedback/store.ts';
import { formatFeedback, listFeedback, parseSince, runFeedbackCommand } from '../src/feedback/command.ts';
import { postgresAvailability, startPostgres, type PostgresServer } from './postgres.ts';

const available = postgresAvailability();
if (!available.ok) {
  if (process.env.CI) throw new Error(`PostgreSQL is required in CI (.ci/run installs it): ${available.reason}`);
  console.warn(`[feedback] PostgreSQL cases skipped: ${available.reason}`);
}

let dir = '';
let dist = '';
let pgServer: PostgresServer | undefined;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'lectern-feedback-'));
  dist = path.join(dir, 'dist');
  for (const [file, text] of Object.entries({
    'index.html': '<h1>Home</h1>',
    'guide/index.html': '<h1>Guide</h1>',
    '404.html': '<h1>Missing</h1>',
    '_lectern/manifest.json': JSON.stringify({ version: 1, name: 'T', servers: [], site: 'https://docs.example.com' }),
  })) {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), text);
  }
  if (available.ok) pgServer = await startPostgres(available);
}, 120_000);
afterAll(async () => {
  await pgServer?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const kinds: Array<{ kind: string; open: () => Promise<FeedbackStore> }> = [
  { kind: 'SQLite', open: async () => openSqliteFeedbackStore(path.join(dir, `feedback-${Math.random()}.db`)) },
  {
    kind: 'PostgreSQL',
    open: async () => openPostgresFeedbackStore(await pgServer!.createDatabase(`fb_${Math.random().toString(36).slice(2, 10)}`)),
  },
];

describe.each(kinds)('page ratings in $kind', ({ kind, open }) => {
  const skip = kind === 'PostgreSQL' && !available.ok;
  let store: FeedbackStore;
  let server: LecternServer;
  beforeAll(async () => {
    if (skip) return;
    store = await open();
    server = await createServer({ dist, port: 0, log: false, feedback: { store, perHour: 11 } });
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
  });
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/_lectern/feedback`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it.skipIf(skip)('tells the widget ratings are taken, stores them per page, a changed vote replacing its rating', async () => {
    const probe = await fetch(`${server.url}/_lectern/feedback.json`);
    expect(await probe.json()).toEqual({ enabled: true, endpoint: '/_lectern/feedback' });
    expect((await post({ path: '/guide', helpful: true, id: 'view-aaaaaaaaaaaaaaaa' })).status).toBe(204);
    expect((await post({ path: '/guide/', helpful: false, id: 'view-aaaaaaaaaaaaaaaa', comment: ' Step 2 fails ' })).status).toBe(204);
    expect((await post({ path: '/', helpful: true })).status).toBe(204);
    // From the static copy of the site (docs.json lectern.site): allowed, with CORS.
    const other = await post({ path: '/guide', helpful: false }, { Origin: 'https://docs.example.com' });
    expect(other.status).toBe(204);
    expect(other.headers.get('access-control-allow-origin')).toBe('https://docs.example.com');
    const pages = await listFeedback(store);
    expect(pages.map(({ path, up, down, lastComment }) => ({ path, up, down, lastComment }))).toEqual([
      { path: '/guide', up: 0, down: 2, lastComment: 'Step 2 fails' },
      { path: '/', up: 1, down: 0, lastComment: undefined },
    ]);
    expect(await listFeedback(store, new Date(Date.now() + 60_000).toISOString())).toEqual([]);
    expect(formatFeedback(pages, 'x')).toMatch(/^\/guide\s+0\s+2\s+\S+\s+"Step 2 fails"$/m);
  });

  it.skipIf(skip)(
    'refuses cross-origin, missing-origin, unknown-page, malformed and oversized ratings, then limits the address',
    async () => {
      const cases: Array<[Response, number, string]> = [
        [await post({ path: '/guide', helpful: false }, { Origin: 'https://evil.example' }), 403, 'cross_origin'],
        [
          await fetch(`${server.url}/_lectern/feedback`, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } }),
          403,
          'cross_origin',
        ],
        [await post({ path: '/nope', helpful: false }), 404, 'unknown_page'],
        [await post({ path: '/404', helpful: false }), 404, 'unknown_page'],
        [await post({ path: '/_lectern/manifest.json', helpful: false }), 404, 'unknown_page'],
        [await post({ path: 'guide', helpful: 'no' }), 400, 'invalid_rating'],
        [await post({ path: '/guide', helpful: true, email: 'a@b.c' }), 400, 'invalid_rating'],
        [await post('{nope'), 400, 'invalid_json'],
      ];
      for (const [res, status, code] of cases) {
        expect(res.status).toBe(status);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
      }
      const big = await post({ path: '/guide', helpful: true, comment: 'x'.repeat(5000) });
      expect(big.status).toBe(413);
      const preflight = await fetch(`${server.url}/_lectern/feedback`, { method: 'OPTIONS', headers: { Origin: 'https://evil.example' } });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      // perHour 11: the first test used 4, the 7 refusals after the origin check used the rest.
      const limited = await post({ path: '/guide', helpful: true });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await listFeedback(store)).reduce((n, p) => n + p.up + p.down, 0)).toBe(3);
    },
  );
});

describe('page ratings under a base path (--base /pr-7/)', () => {
  it('takes them at /pr-7/_lectern/feedback for pages under the base, stored without it', async () => {
    const store = openSqliteFeedbackStore(path.join(dir, 'base.db'));
    const manifest = { version: 1 as const, name: 'T', servers: [], proxyAllow: [], redirects: [], restricted: {}, base: '/pr-7/' };
    const server = await createServer({ dist, manifest, port: 0, log: false, feedback: { store } });
    try {
      const post = (p: string) =>
        fetch(`${server.url}/pr-7/_lectern/feedback`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: server.url },
          body: JSON.stringify({ path: p, helpful: true }),
        });
      expect(await (await fetch(`${server.url}/pr-7/_lectern/feedback.json`)).json()).toEqual({
        enabled: true,
        endpoint: '/pr-7/_lectern/feedback',
      });
      expect((await post('/pr-7/guide')).status).toBe(204);
      expect((await post('/guide')).status).toBe(404);
      expect((await listFeedback(store)).map((p) => p.path)).toEqual(['/guide']);
    } finally {
      await server.close();
      await store.close();
    }
  });
});

describe('page ratings of a restricted page', () => {
  it('are taken only from a reader the auth gate lets see the page', async () => {
    const store = openSqliteFeedbackStore(path.join(dir, 'restricted.db'));
    const manifest = { version: 1 as const, name: 'T', servers: [], proxyAllow: [], redirects: [], restricted: { guide: ['staff'] } };
    const auth = (request: Request) => (request.headers.get('cookie') === 'staff=1' ? null : new Response('sign in', { status: 401 }));
    const server = await createServer({ dist, manifest, auth, port: 0, log: false, feedback: { store } });
    try {
      const post = (cookie?: string) =>
        fetch(`${server.url}/_lectern/feedback`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
          body: JSON.stringify({ path: '/guide', helpful: false }),
        });
      expect((await post()).status).toBe(404);
      expect((await post('staff=1')).status).toBe(204);
      expect((await listFeedback(store)).map((p) => [p.path, p.down])).toEqual([['/guide', 1]]);
    } finally {
      await server.close();
      await store.close();
    }
  });
});

describe('lectern feedback', () => {
  it('reads --since as an age or a date, refuses anything else', async () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    expect(parseSince('7d', now)).toBe('2026-11-22T10:00:00.000Z');
    expect(parseSince('2026-11-01', now)).toBe('2026-11-01T00:00:00.000Z');
    expect(parseSince('last week', now)).toBeUndefined();
    expect(await runFeedbackCommand(['--since', 'yesterday', '--db', path.join(dir, 'x.db')])).toBe(2);
  });

  it('lists a docs repo’s SQLite ratings as JSON', async () => {
    const root = path.join(dir, 'repo');
    const store = openSqliteFeedbackStore(path.join(root, '.lectern/feedback.db'));
    await store.record({ id: 'r'.repeat(16), path: '/guide', helpful: false, comment: 'unclear', createdAt: new Date().toISOString() });
    await store.close();
    const lines: string[] = [];
    const log = console.log;
    console.log = (line: string) => void lines.push(line);
    try {
      expect(await runFeedbackCommand([root, '--json', '--since', '1d'])).toBe(0);
    } finally {
      console.log = log;
    }
    expect(JSON.parse(lines.join(''))).toMatchObject([{ path: '/guide', up: 0, down: 1, lastComment: 'unclear' }]);
  });
});
