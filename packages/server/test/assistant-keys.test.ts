import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { hashSecret, KEY_PREFIX, openSqliteKeyStore, runKeysCommand } from '../src/assistant/index.ts';
import { buildAssistantIndex } from '../src/assistant/index.ts';
import { startServer, userMessage } from './assistant.helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'lectern-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => ((err += String(s)), true));
  try {
    const code = await runKeysCommand(argv);
    return { code, out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

describe('lectern keys', () => {
  const db = join(dir, 'keys.db');

  it('creates a key, shows it once, stores only its hash', async () => {
    const r = await run(['create', '--org', 'acme', '--domain', 'acme', '--domain', 'acme-staging', '--db', db]);
    expect(r.code).toBe(0);
    const key = new RegExp(`${KEY_PREFIX}[A-Za-z0-9_-]{20,}`).exec(r.out)?.[0];
    expect(key).toBeDefined();
    expect(r.out).toMatch(/only time the key is shown/);
    // Everything SQLite wrote (main file plus write-ahead log).
    const raw = [db, `${db}-wal`]
      .filter((f) => existsSync(f))
      .map((f) => readFileSync(f).toString('latin1'))
      .join('');
    expect(raw).not.toContain(key!);
    expect(raw).toContain(hashSecret(key!));
    const store = openSqliteKeyStore(db);
    expect(await store.findBySecret(key!)).toMatchObject({ org: 'acme', domains: ['acme', 'acme-staging'] });
    expect(await store.domainOrg('acme-staging')).toBe('acme');
  });

  it('lists keys without their secrets, and revokes by id', async () => {
    const list = await run(['list', '--db', db, '--json']);
    expect(list.code).toBe(0);
    const keys = JSON.parse(list.out);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toHaveProperty('key');
    expect(keys[0].hint).toMatch(new RegExp(`^${KEY_PREFIX}.{4}$`));
    const text = await run(['list', '--db', db]);
    expect(text.out).toContain(keys[0].id);
    expect(text.out).toContain('active');

    const revoke = await run(['revoke', keys[0].id, '--db', db]);
    expect(revoke.code).toBe(0);
    expect((await run(['list', '--db', db])).out).toMatch(/revoked/);
    const again = await run(['revoke', 'key_nope', '--db', db]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/no key with id "key_nope"/);
  });

  it('refuses a domain that belongs to another organization', async () => {
    const r = await run(['create', '--org', 'globex', '--domain', 'acme', '--db', db]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/domain "acme" belongs to another organization/);
    expect(JSON.parse((await run(['list', '--db', db, '--json'])).out)).toHaveLength(1);
  });

  it('reports usage errors with exit code 2', async () => {
    for (const argv of [
      [],
      ['create'],
      ['create', '--org', 'a'],
      ['frobnicate'],
      ['revoke'],
      ['create', '--org', 'a', '--domain', 'bad domain!'],
    ]) {
      const r = await run([...argv, '--db', db]);
      expect(r.code, argv.join(' ')).toBe(argv.includes('bad domain!') ? 1 : 2);
      expect(r.err.length).toBeGreaterThan(0);
    }
    expect((await run(['--help'])).code).toBe(0);
  });

  it('a created key works against the endpoint; revoking it locks it out', async () => {
    const keysDb = join(dir, 'e2e-keys.db');
    const indexDb = join(dir, 'e2e-index.db');
    buildAssistantIndex([{ path: '/intro', title: 'Intro', markdown: '## Webhooks\n\nWebhooks are signed.' }], indexDb);
    const created = await run(['create', '--org', 'o1', '--domain', 'd1', '--db', keysDb, '--json']);
    const { key, id } = JSON.parse(created.out);
    const server = await startServer({ index: indexDb, keys: keysDb, threads: join(dir, 'e2e-threads.db') });
    try {
      const ask = () =>
        fetch(server.endpoint('d1'), {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ fp: 'anonymous', messages: [userMessage('are webhooks signed?')] }),
        }).then(async (r) => (await r.text(), r.status));
      expect(await ask()).toBe(200);
      expect((await run(['revoke', id, '--db', keysDb])).code).toBe(0);
      expect(await ask()).toBe(401);
    } finally {
      await server.close();
    }
  });
});
