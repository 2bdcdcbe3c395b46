/**
 * The two stores behave alike: the same keys, threads and counter checks run against SQLite files and a real
 * PostgreSQL server. PostgreSQL-only: concurrent migrations, concurrent domain registration, atomic counters from
 * two pools at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KeyStoreError,
  openPostgresStore,
  openSqliteKeyStore,
  openSqliteThreadStore,
  type KeyStore,
  type ThreadStore,
  type WindowCounter,
} from '../src/assistant/index.ts';
import { memoryWindowCounter } from '../src/assistant/limits.ts';
import { postgresAvailability, startPostgres, type PostgresServer } from './postgres.ts';

const available = postgresAvailability();
if (!available.ok) {
  if (process.env.CI) throw new Error(`PostgreSQL is required in CI (.ci/run installs it): ${available.reason}`);
  console.warn(`[assistant-store] PostgreSQL cases skipped: ${available.reason}`);
}

let server: PostgresServer | undefined;
let dir = '';
let dbCount = 0;
const closers: Array<() => unknown> = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'lectern-store-'));
  if (available.ok) server = await startPostgres(available);
}, 120_000);
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await server?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

interface Stores {
  keys: KeyStore;
  threads: ThreadStore;
  counters: WindowCounter;
}

const kinds: Array<{ kind: string; open: () => Promise<Stores> }> = [
  {
    kind: 'SQLite',
    open: async () => {
      const n = ++dbCount;
      const keys = openSqliteKeyStore(path.join(dir, `keys-${n}.db`));
      const threads = openSqliteThreadStore(path.join(dir, `threads-${n}.db`));
      closers.push(
        () => keys.close?.(),
        () => threads.close?.(),
      );
      return { keys, threads, counters: memoryWindowCounter() };
    },
  },
];
if (available.ok) {
  kinds.push({
    kind: 'PostgreSQL',
    open: async () => {
      const url = await server!.createDatabase(`store_${++dbCount}`);
      const store = openPostgresStore(url);
      closers.push(() => store.close());
      await store.ready();
      return { keys: store.keys, threads: store.threads, counters: store.counters! };
    },
  });
}

describe.each(kinds)('$kind store', ({ open }) => {
  let s: Stores;
  beforeAll(async () => {
    s = await open();
  });

  it('keys: created once, found by secret, scoped to domains of one organization, revoked', async () => {
    const { key, record } = await s.keys.create({ org: 'acme', domains: ['docs', 'api'] });
    expect(key).toMatch(/^lectern_dsc_/);
    expect(record).toMatchObject({ org: 'acme', domains: ['api', 'docs'], hint: key.slice(0, 16) });
    expect(await s.keys.findBySecret(key)).toEqual(record);
    expect(await s.keys.findBySecret(key + 'x')).toBeUndefined();
    expect(await s.keys.domainOrg('docs')).toBe('acme');
    expect(await s.keys.domainOrg('nope')).toBeUndefined();
    await expect(s.keys.create({ org: 'globex', domains: ['docs'] })).rejects.toThrow(
      new KeyStoreError('domain "docs" belongs to another organization'),
    );
    await expect(s.keys.create({ org: 'bad org', domains: ['x'] })).rejects.toThrow(/invalid organization "bad org"/);
    expect((await s.keys.list()).map((k) => k.id)).toEqual([record.id]);
    expect(await s.keys.revoke(record.id)).toBe(true);
    expect(await s.keys.revoke(record.id)).toBe(true);
    expect(await s.keys.revoke('key_missing')).toBe(false);
    expect((await s.keys.findBySecret(key))!.revokedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('threads: open only with id, key, organization and domain; messages in order; purge by last activity', async () => {
    const { thread, key } = await s.threads.create({ org: 'acme', domain: 'docs', fp: 'anonymous' });
    expect(await s.threads.open({ id: thread.id, key, org: 'acme', domain: 'docs' })).toEqual(thread);
    expect(await s.threads.open({ id: thread.id, key: key + 'x', org: 'acme', domain: 'docs' })).toBeUndefined();
    expect(await s.threads.open({ id: thread.id, key, org: 'globex', domain: 'docs' })).toBeUndefined();
    expect(await s.threads.open({ id: thread.id, key, org: 'acme', domain: 'api' })).toBeUndefined();
    const t0 = new Date(Date.now() - 10 * 86_400_000);
    const messages = [
      { role: 'user' as const, content: 'first', createdAt: t0.toISOString() },
      { role: 'assistant' as const, content: 'answer', sources: [{ path: '/a', title: 'A' }], createdAt: t0.toISOString() },
      { role: 'user' as const, content: 'second', createdAt: t0.toISOString() },
    ];
    await s.threads.append(thread.id, messages);
    expect(await s.threads.messages(thread.id)).toEqual(messages);
    // Last activity is the newest message (else the creation): this thread has been idle for ten days.
    const fresh = await s.threads.create({ org: 'acme', domain: 'docs', fp: 'anonymous' });
    expect(await s.threads.purge(new Date(Date.now() - 86_400_000))).toBe(1);
    expect(await s.threads.messages(thread.id)).toEqual([]);
    expect(await s.threads.open({ id: thread.id, key, org: 'acme', domain: 'docs' })).toBeUndefined();
    expect(await s.threads.open({ id: fresh.thread.id, key: fresh.key, org: 'acme', domain: 'docs' })).toEqual(fresh.thread);
    expect(await s.threads.purge(new Date(Date.now() + 1_000))).toBe(1);
  });

  it('threads: created with their first message in one write', async () => {
    const first = { role: 'user' as const, content: 'hello', createdAt: new Date().toISOString() };
    const { thread, key } = await s.threads.create({ org: 'acme', domain: 'docs', fp: 'u1', messages: [first] });
    expect(await s.threads.messages(thread.id)).toEqual([first]);
    expect(await s.threads.open({ id: thread.id, key, org: 'acme', domain: 'docs' })).toEqual(thread);
  });

  it('counters: every concurrent increment is counted once, per window', async () => {
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const counts = await Promise.all(Array.from({ length: 300 }, () => s.counters.increment('org', 'acme', hour, 3_600_000)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(await s.counters.increment('org', 'acme', hour + 3_600_000, 3_600_000)).toBe(1);
    expect(await s.counters.increment('ip', 'acme', hour, 3_600_000)).toBe(1);
  });
});

describe.skipIf(!available.ok)('PostgreSQL store, several instances at once', () => {
  let url = '';
  beforeAll(async () => {
    url = await server!.createDatabase('store_shared');
  });

  it('migrates once when four instances start together, and again is a no-op', async () => {
    const stores = Array.from({ length: 4 }, () => openPostgresStore(url));
    closers.push(...stores.map((s) => () => s.close()));
    await Promise.all(stores.map((s) => s.ready()));
    const again = openPostgresStore(url);
    closers.push(() => again.close());
    await again.ready();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query('SELECT version FROM lectern_migrations ORDER BY version');
    await client.end();
    expect(rows).toEqual([{ version: 1 }, { version: 2 }]);
  });

  it('counts from two pools as one, and one domain cannot be claimed by two organizations racing', async () => {
    const [a, b] = [openPostgresStore(url), openPostgresStore(url)];
    closers.push(
      () => a.close(),
      () => b.close(),
    );
    const day = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const counts = await Promise.all(
      Array.from({ length: 400 }, (_, i) => (i % 2 ? a : b).counters!.increment('ip', '127.0.0.1', day, 86_400_000)),
    );
    expect(new Set(counts).size).toBe(400);
    expect(Math.max(...counts)).toBe(400);
    const claims = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).keys.create({ org: `org${i}`, domains: ['contested'] })),
    );
    expect(claims.filter((c) => c.status === 'fulfilled')).toHaveLength(1);
    for (const c of claims.filter((c) => c.status === 'rejected')) {
      expect((c as PromiseRejectedResult).reason).toBeInstanceOf(KeyStoreError);
    }
  });

  it('refuses to run against a schema newer than it knows', async () => {
    const newer = await server!.createDatabase('store_newer');
    const client = new pg.Client({ connectionString: newer });
    await client.connect();
    await client.query(
      'CREATE TABLE lectern_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    await client.query("INSERT INTO lectern_migrations (version, name) VALUES (99, 'from the future')");
    await client.end();
    const store = openPostgresStore(newer);
    closers.push(() => store.close());
    await expect(store.ready()).rejects.toThrow(/schema is at version 99, newer than this Lectern knows \(2\): upgrade Lectern/);
  });

  it('fails fast with StoreUnavailableError when nothing listens', async () => {
    const store = openPostgresStore(`postgres://lectern:x@127.0.0.1:${server!.port + 1}/none`);
    closers.push(() => store.close());
    await expect(store.keys.findBySecret('lectern_dsc_x')).rejects.toMatchObject({
      name: 'StoreUnavailableError',
      message: expect.stringMatching(
        /^the assistant database \(PostgreSQL postgres:\/\/lectern:\*\*\*@127\.0\.0\.1:\d+\/none\) is unavailable: /,
      ),
    });
  });
});
