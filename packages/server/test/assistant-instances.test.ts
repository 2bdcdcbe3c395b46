/**
 * Two real `lectern serve` processes on 127.0.0.1 sharing one real PostgreSQL server: one configured with
 * DATABASE_URL, the other with docs.json `lectern.assistant.database` (password from PGPASSWORD). Keys come from
 * `lectern keys … --database`. Limits are exact across instances, threads continue across them, revocation
 * reaches both, and a stopped database gives 503s (no hang, no crash) until it is back.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_CLIENTS, chatV2, userUiMessage } from './ai-clients.ts';
import { postgresAvailability, startPostgres, type PostgresServer } from './postgres.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const bin = path.join(repoRoot, 'packages/astro/bin/lectern.js');
const LIMIT = 25;

const available = postgresAvailability();
if (!available.ok) {
  if (process.env.CI) throw new Error(`PostgreSQL is required in CI (.ci/run installs it): ${available.reason}`);
  console.warn(`[assistant-instances] skipped: ${available.reason}`);
}

interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  output: () => string;
}

let server: PostgresServer;
let databaseUrl = '';
let dir = '';
const instances: Instance[] = [];

function docsRoot(name: string, assistant: Record<string, unknown>): string {
  const root = path.join(dir, name);
  cpSync(path.join(repoRoot, 'fixtures/assistant/docs'), root, { recursive: true });
  const config = JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8'));
  config.lectern = { assistant: { enabled: true, limits: { organizationPerHour: LIMIT }, ...assistant } };
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify(config));
  mkdirSync(path.join(root, 'dist'));
  writeFileSync(path.join(root, 'dist/index.html'), '<!doctype html><title>site</title>');
  return root;
}

/** The environment without any database variable the developer's shell may have. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'PGPASSWORD', 'PGHOST', 'PGUSER', 'PGDATABASE', 'PGPORT']) delete env[name];
  return { ...env, ...extra };
}

async function serve(name: string, root: string, env: NodeJS.ProcessEnv): Promise<Instance> {
  const child = spawn(process.execPath, [bin, 'serve', root, '--port', '0'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (c: Buffer) => void (text += c.toString()));
  child.stderr!.on('data', (c: Buffer) => void (text += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /serving .* at (http:\/\/\S+)/.exec(text);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!.replace(/\/$/, ''));
      }
    }, 20);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`${name} exited with ${code}: ${text}`));
    });
  });
  return { name, url, child, output: () => text };
}

/**
 * `lectern keys …` as a child process, awaited without blocking the event loop: a blocking wait longer than the
 * servers' keep-alive timeout let fetch reuse a socket the server had already closed ("other side closed").
 */
function keys(args: string[], env: NodeJS.ProcessEnv = cleanEnv({})): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'keys', ...args], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (c: Buffer) => void (stdout += c.toString()));
    child.stderr!.on('data', (c: Buffer) => void (stderr += c.toString()));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

async function createKey(org: string, domain: string): Promise<{ key: string; id: string }> {
  const r = await keys(['create', '--org', org, '--domain', domain, '--database', databaseUrl, '--json']);
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}

/** One question to `instance`, v1 or v2, the body read to the end. */
async function ask(instance: Instance, key: string, domain: string, version: 1 | 2, extra: Record<string, unknown> = {}) {
  const text = 'How do I paginate through results?';
  const message = version === 1 ? { id: 'm1', role: 'user', content: text, parts: [{ type: 'text', text }] } : userUiMessage(text);
  const response = await fetch(`${instance.url}/discovery/v${version}/assistant/${domain}/message`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ fp: 'anonymous', messages: [message], ...extra }),
    // A hang is a failure: a stopped database must be answered, not waited for.
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

async function sql<T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(!available.ok)('two lectern serve instances sharing one PostgreSQL database', () => {
  let acme = { key: '', id: '' };

  beforeAll(async () => {
    if (!available.ok) return;
    dir = mkdtempSync(path.join(tmpdir(), 'lectern-instances-'));
    server = await startPostgres(available);
    databaseUrl = await server.createDatabase('lectern_assistant');
    acme = await createKey('acme', 'acme');
    const a = docsRoot('a', {});
    // The second instance names the database in docs.json, without the password (PGPASSWORD supplies it).
    const b = docsRoot('b', { database: databaseUrl.replace(`:${server.password}@`, '@') });
    instances.push(
      ...(await Promise.all([
        serve('A', a, cleanEnv({ DATABASE_URL: databaseUrl })),
        serve('B', b, cleanEnv({ PGPASSWORD: server.password })),
      ])),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      instances.map(
        (i) =>
          new Promise<void>((resolve) => {
            if (i.child.exitCode !== null) return resolve();
            i.child.once('exit', () => resolve());
            i.child.kill('SIGTERM');
          }),
      ),
    );
    await server?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('both instances use the database, never print its password, and migrated it once', async () => {
    for (const i of instances) {
      await expect.poll(() => i.output(), { timeout: 15_000 }).toContain('assistant database reachable, schema up to date');
      expect(i.output()).toMatch(
        /assistant keys, threads and limits in PostgreSQL postgres:\/\/lectern(:\*\*\*)?@127\.0\.0\.1:\d+\/lectern_assistant/,
      );
      expect(i.output()).not.toContain(server.password);
    }
    const versions = await sql<{ version: number }>('SELECT version FROM lectern_migrations ORDER BY version');
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
  });

  it('a key made with `lectern keys create --database` works on both, in v1 and v2', async () => {
    for (const i of instances) {
      for (const version of [1, 2] as const) {
        const r = await ask(i, acme.key, 'acme', version);
        expect(r.status, `${i.name} v${version}: ${r.body}`).toBe(200);
      }
    }
    const listed = await keys(['list', '--database', databaseUrl, '--json']);
    expect(listed.status, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).map((k: { id: string }) => k.id)).toContain(acme.id);
    // Only the hash is stored.
    const rows = await sql<{ hash: string }>('SELECT hash FROM lectern_keys WHERE id = $1', [acme.id]);
    expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await sql('SELECT * FROM lectern_keys'))).not.toContain(acme.key);
  });

  it(`a limit of ${LIMIT} per organization allows exactly ${LIMIT} requests across both instances under concurrent load`, async () => {
    const limited = await createKey('busy', 'busy');
    // The hourly window must not roll over mid-test: start in a fresh part of the hour.
    const msToNextHour = 3_600_000 - (Date.now() % 3_600_000);
    if (msToNextHour < 60_000) await new Promise((r) => setTimeout(r, msToNextHour + 1_000));
    const total = 4 * LIMIT;
    const results = await Promise.all(
      Array.from({ length: total }, (_, n) => ask(instances[n % 2]!, limited.key, 'busy', n % 4 < 2 ? 2 : 1)),
    );
    const ok = results.filter((r) => r.status === 200);
    const limitedOut = results.filter((r) => r.status === 429);
    expect(ok.length).toBe(LIMIT);
    expect(limitedOut.length).toBe(total - LIMIT);
    // Both instances served some of the allowed requests, and counted them in one window: every remaining count once.
    const remaining = ok.map((r) => Number(r.headers.get('ratelimit-remaining'))).sort((x, y) => x - y);
    expect(remaining).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
    for (const r of limitedOut) {
      expect(JSON.parse(r.body).error.code).toBe('rate_limited');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const [row] = await sql<{ count: number }>("SELECT count FROM lectern_rate_windows WHERE scope = 'org' AND key = 'busy'");
    expect(row!.count).toBe(total);
  });

  it('a thread started on one instance continues on the other (and only with its key)', async () => {
    const client = AI_CLIENTS.at(-1)!;
    const [a, b] = instances as [Instance, Instance];
    const first = userUiMessage('How do I verify webhook signatures?');
    const r1 = await chatV2(client, { api: `${a.url}/discovery/v2/assistant/acme/message`, key: acme.key, messages: [first] });
    const threadId = r1.headers.get('x-thread-id')!;
    const threadKey = r1.headers.get('x-thread-key')!;
    expect(threadId).toMatch(/^thr_/);

    const r2 = await chatV2(client, {
      api: `${b.url}/discovery/v2/assistant/acme/message`,
      key: acme.key,
      body: { threadId, threadKey },
      messages: [first, r1.message, userUiMessage('What about idempotency keys?')],
    });
    expect(r2.status).toBe(200);
    expect(r2.headers.get('x-thread-id')).toBe(threadId);
    expect(r2.headers.get('x-thread-key')).toBeNull();
    expect(r2.chunks.find((c) => c.type === 'finish').threadId).toBe(threadId);

    // And back on A, through v1.
    const r3 = await ask(a, acme.key, 'acme', 1, { threadId, threadKey });
    expect(r3.status).toBe(200);
    expect(r3.headers.get('x-thread-id')).toBe(threadId);

    const messages = await sql<{ role: string; content: string }>(
      'SELECT role, content FROM lectern_messages WHERE thread_id = $1 ORDER BY seq',
      [threadId],
    );
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(messages[0]!.content).toBe('How do I verify webhook signatures?');
    expect(messages[2]!.content).toBe('What about idempotency keys?');

    const wrong = await ask(b, acme.key, 'acme', 2, { threadId, threadKey: 'thk_not-the-key' });
    expect(wrong.status).toBe(404);
  });

  it('a key revoked with `lectern keys revoke --database` stops working on both instances', async () => {
    const doomed = await createKey('acme', 'acme');
    for (const i of instances) expect((await ask(i, doomed.key, 'acme', 2)).status).toBe(200);
    const revoked = await keys(['revoke', doomed.id, '--database', databaseUrl]);
    expect(revoked.status, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain(`Revoked ${doomed.id}`);
    expect(revoked.stdout).not.toContain(server.password);
    for (const i of instances) {
      for (const version of [1, 2] as const) {
        const r = await ask(i, doomed.key, 'acme', version);
        expect(r.status).toBe(401);
        expect(JSON.parse(r.body).error).toEqual({ code: 'invalid_key', message: 'this API key has been revoked' });
      }
    }
  });

  it('a stopped database gives clear 503s on both instances, and they recover when it is back', async () => {
    const ops = await createKey('ops', 'ops');
    const before = await ask(instances[0]!, ops.key, 'ops', 2);
    expect(before.status).toBe(200);
    await server.stop();
    try {
      for (const i of instances) {
        for (const version of [1, 2] as const) {
          const r = await ask(i, ops.key, 'ops', version);
          expect(r.status, `${i.name} v${version}: ${r.body}`).toBe(503);
          expect(r.headers.get('retry-after')).toBe('5');
          expect(r.headers.get('content-type')).toMatch(/^application\/json/);
          expect(JSON.parse(r.body).error).toEqual({
            code: 'database_unavailable',
            message: 'the assistant cannot reach its database right now; try again in a few seconds',
          });
        }
        // The rest of the site is served as usual, and the process is alive.
        expect((await fetch(`${i.url}/_lectern/health`)).status).toBe(200);
        expect(i.child.exitCode).toBeNull();
      }
      // The CLI says so too, and exits.
      const listed = await keys(['list', '--database', databaseUrl]);
      expect(listed.status).toBe(1);
      expect(listed.stderr).toMatch(
        /lectern keys: the assistant database \(PostgreSQL postgres:\/\/lectern:\*\*\*@127\.0\.0\.1:\d+\/lectern_assistant\) is unavailable/,
      );
    } finally {
      await server.start();
    }
    for (const i of instances) {
      await expect.poll(async () => (await ask(i, ops.key, 'ops', 2)).status, { timeout: 30_000, interval: 250 }).toBe(200);
      expect(i.child.exitCode).toBeNull();
    }
  });
});

describe('lectern serve with an unusable database setting', () => {
  it('names the setting and exits', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'lectern-instances-bad-'));
    try {
      cpSync(path.join(repoRoot, 'fixtures/assistant/docs'), root, { recursive: true });
      const config = JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8'));
      config.lectern = { assistant: { enabled: true, database: 'mysql://db/lectern', limits: { organizationPerHour: 0, perMinute: 5 } } };
      writeFileSync(path.join(root, 'docs.json'), JSON.stringify(config));
      mkdirSync(path.join(root, 'dist'));
      const r = spawnSync(process.execPath, [bin, 'serve', root, '--port', '0'], {
        cwd: root,
        env: cleanEnv({}),
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('docs.json /lectern/assistant/limits/perMinute: unknown setting (allowed: organizationPerHour, ipPerDay)');
      expect(r.stderr).toContain(
        'docs.json /lectern/assistant/limits/organizationPerHour: expected a whole number of requests, at least 1 (got 0)',
      );
      const fixed = { ...config, lectern: { assistant: { enabled: true, database: 'mysql://db/lectern' } } };
      writeFileSync(path.join(root, 'docs.json'), JSON.stringify(fixed));
      const r2 = spawnSync(process.execPath, [bin, 'serve', root, '--port', '0'], {
        cwd: root,
        env: cleanEnv({}),
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(r2.status).toBe(1);
      expect(r2.stderr).toContain(
        'docs.json /lectern/assistant/database: unsupported scheme "mysql"; only postgres:// and postgresql:// are supported',
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
