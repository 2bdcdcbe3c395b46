/**
 * Keeping page ratings for a while only (docs.json `lectern.feedback.retentionDays`, issue 36), in both stores (SQLite
 * file, real PostgreSQL): the store deletes ratings made before a time; the feedback handler behind a real server on
 * 127.0.0.1 deletes those older than the retention when it starts, then after a stored rating at most once an hour;
 * `lectern feedback --prune` deletes them from the command line; the real `lectern serve` CLI reads the setting (and
 * refuses a bad one, naming its JSON pointer). The core schema reports a bad value at its pointer too.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@lectern/core';
import { createServer } from '../src/serve/server.ts';
import { openPostgresFeedbackStore, openSqliteFeedbackStore, type FeedbackStore } from '../src/feedback/store.ts';
import { readRetentionDays, runFeedbackCommand } from '../src/feedback/command.ts';
import { postgresAvailability, startPostgres, type PostgresServer } from './postgres.ts';

const available = postgresAvailability();
if (!available.ok) {
  if (process.env.CI) throw new Error(`PostgreSQL is required in CI (.ci/run installs it): ${available.reason}`);
  console.warn(`[feedback-retention] PostgreSQL cases skipped: ${available.reason}`);
}

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const bin = path.join(repoRoot, 'packages/astro/bin/lectern.js');
const DAY = 86_400_000;

let dir = '';
let pgServer: PostgresServer | undefined;

/** A docs repo: docs.json (`lectern` block given) and a served `dist/` with two pages. */
function writeRepo(root: string, lectern: Record<string, unknown>): void {
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      name: 'T',
      theme: 'mint',
      colors: { primary: '#0D9373' },
      navigation: { pages: ['index', 'guide'] },
      feedback: { thumbsRating: true },
      lectern,
    }),
    'dist/index.html': '<h1>Home</h1>',
    'dist/guide/index.html': '<h1>Guide</h1>',
    'dist/_lectern/manifest.json': JSON.stringify({ version: 1, name: 'T', servers: [] }),
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'lectern-feedback-retention-'));
  if (available.ok) pgServer = await startPostgres(available);
}, 120_000);
afterAll(async () => {
  await pgServer?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** `lectern feedback …` as its function: exit code and what it printed. */
async function command(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const { log, error } = console;
  console.log = (line: string) => void out.push(line);
  console.error = (line: string) => void err.push(line);
  try {
    return { code: await runFeedbackCommand(args), out: out.join('\n'), err: err.join('\n') };
  } finally {
    Object.assign(console, { log, error });
  }
}

const iso = (t: number) => new Date(t).toISOString();
const rating = (id: string, at: number, helpful = false) => ({ id: id.padEnd(16, 'x'), path: '/guide', helpful, createdAt: iso(at) });
const count = async (store: FeedbackStore) => {
  const pages = await store.summary();
  return pages.reduce((n, p) => n + p.up + p.down, 0);
};

const kinds: Array<{ kind: string; open: () => Promise<{ store: FeedbackStore; args: string[] }> }> = [
  {
    kind: 'SQLite',
    open: async () => {
      const file = path.join(dir, `retention-${Math.random()}.db`);
      return { store: openSqliteFeedbackStore(file), args: ['--db', file] };
    },
  },
  {
    kind: 'PostgreSQL',
    open: async () => {
      const url = await pgServer!.createDatabase(`fr_${Math.random().toString(36).slice(2, 10)}`);
      return { store: openPostgresFeedbackStore(url), args: ['--database', url] };
    },
  },
];

describe.each(kinds)('retention in $kind', ({ kind, open }) => {
  const skip = kind === 'PostgreSQL' && !available.ok;

  it.skipIf(skip)('prune deletes the ratings made before the time, and only those', async () => {
    const { store } = await open();
    try {
      const now = Date.now();
      await store.record(rating('old', now - 40 * DAY));
      await store.record(rating('edge', now - 30 * DAY + 1000));
      await store.record(rating('new', now - DAY, true));
      expect(await store.prune(iso(now - 30 * DAY))).toBe(1);
      expect(await store.prune(iso(now - 30 * DAY))).toBe(0);
      expect(await store.summary()).toEqual([expect.objectContaining({ path: '/guide', up: 1, down: 1 })]);
      await expect(store.prune('last week')).rejects.toThrow(/expected an ISO-8601 time/);
    } finally {
      await store.close();
    }
  });

  it.skipIf(skip)('the handler deletes old ratings on start, then after a rating at most once an hour', async () => {
    const { store } = await open();
    const start = Date.parse('2026-11-29T12:00:00Z');
    let now = start;
    const lines: string[] = [];
    await store.record(rating('start-old', start - 31 * DAY));
    await store.record(rating('start-kept', start - 29 * DAY));
    const dist = path.join(dir, `dist-${Math.random()}`);
    mkdirSync(path.join(dist, 'guide'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<h1>Home</h1>');
    writeFileSync(path.join(dist, 'guide/index.html'), '<h1>Guide</h1>');
    const server = await createServer({
      dist,
      port: 0,
      log: false,
      feedback: { store, retentionDays: 30, now: () => now, log: (line) => lines.push(line) },
    });
    const post = () =>
      fetch(`${server.url}/_lectern/feedback`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url },
        body: JSON.stringify({ path: '/guide', helpful: true }),
      });
    try {
      await expect.poll(() => count(store), { timeout: 10_000 }).toBe(1);
      expect(lines).toEqual(['lectern serve: page ratings: deleted 1 older than 30 days (lectern.feedback.retentionDays)']);
      // Within the hour: a rating that became old stays.
      await store.record(rating('later-old', start - 40 * DAY));
      now = start + 30 * 60_000;
      expect((await post()).status).toBe(204);
      expect(await count(store)).toBe(3);
      // A day and an hour on, the next rating deletes it and "start-kept" (now 30 days and an hour old).
      now = start + DAY + 3_600_000;
      expect((await post()).status).toBe(204);
      expect(await count(store)).toBe(2);
    } finally {
      await server.close();
      await store.close();
    }
  });

  it.skipIf(skip)('lectern feedback --prune deletes them: --older-than, or docs.json lectern.feedback.retentionDays', async () => {
    const { store, args } = await open();
    const root = path.join(dir, `repo-${Math.random()}`);
    mkdirSync(root);
    writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ lectern: { feedback: { retentionDays: 30 } } }));
    try {
      const now = Date.now();
      await store.record(rating('a', now - 100 * DAY));
      await store.record(rating('b', now - 50 * DAY));
      await store.record(rating('c', now - DAY));
      const first = await command([root, '--prune', '--older-than', '90d', '--json', ...args]);
      expect(first.code).toBe(0);
      expect(JSON.parse(first.out)).toEqual({ deleted: 1, before: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
      const second = await command([root, '--prune', ...args]);
      expect(second).toMatchObject({ code: 0, out: expect.stringMatching(/^Deleted 1 ratings made before \S+ from /) });
      expect(await count(store)).toBe(1);
    } finally {
      await store.close();
    }
  });
});

describe('lectern feedback --prune refuses what it cannot use', () => {
  it('names the problem and exits 2', async () => {
    const root = path.join(dir, 'usage');
    mkdirSync(root);
    const db = ['--db', path.join(dir, 'usage.db')];
    const cases: Array<[string[], RegExp]> = [
      [[root, '--prune', ...db], /--prune needs an age: set "lectern": \{"feedback": \{"retentionDays": 365\}\}/],
      [[root, '--prune', '--older-than', 'soon', ...db], /--older-than: expected a date such as 2026-01-01 or an age such as 90d/],
      [[root, '--prune', '--since', '7d', ...db], /with --prune, say which to delete with --older-than/],
      [[root, '--older-than', '7d', ...db], /--older-than goes with --prune/],
    ];
    for (const [args, message] of cases) {
      const r = await command(args);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
    }
    writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ lectern: { feedback: { retentionDays: 0 } } }));
    const bad = await command([root, '--prune', ...db]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('docs.json /lectern/feedback/retentionDays: expected a whole number of days, at least 1');
    expect(readRetentionDays(root)).toEqual({ problem: expect.stringContaining('(got 0)') });
  });
});

describe('docs.json lectern.feedback.retentionDays', () => {
  it('is checked by the schema at its JSON pointer', () => {
    const root = path.join(dir, 'schema');
    mkdirSync(root);
    const load = (retentionDays: unknown) => {
      writeFileSync(
        path.join(root, 'docs.json'),
        JSON.stringify({
          name: 'T',
          theme: 'mint',
          colors: { primary: '#0D9373' },
          navigation: { pages: ['index'] },
          lectern: { feedback: { retentionDays } },
        }),
      );
      return loadConfig(root);
    };
    expect(load(365).config?.lectern?.feedback?.retentionDays).toBe(365);
    for (const bad of [0, 1.5, '30']) {
      const errors = load(bad).diagnostics.filter((d) => d.severity === 'error');
      expect(errors).toEqual([
        expect.objectContaining({ pointer: '/lectern/feedback/retentionDays', message: expect.stringMatching(/day/) }),
      ]);
    }
  });
});

describe('lectern serve with lectern.feedback.retentionDays', () => {
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('deletes the older ratings when it starts', async () => {
    const root = path.join(dir, 'serve');
    writeRepo(root, { feedback: { retentionDays: 30 } });
    const store = openSqliteFeedbackStore(path.join(root, '.lectern/feedback.db'));
    await store.record(rating('old', Date.now() - 45 * DAY));
    await store.record(rating('new', Date.now() - 5 * DAY, true));
    await store.close();
    const proc = spawn(process.execPath, [bin, 'serve', root, '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    const text = await new Promise<string>((resolve, reject) => {
      let out = '';
      proc.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        if (/deleted \d+ older than/.test(out) && /serving .* at http/.test(out)) resolve(out);
      });
      proc.stderr!.on('data', (c: Buffer) => void (out += c.toString()));
      proc.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
    });
    expect(text).toContain('page ratings: deleted 1 older than 30 days (lectern.feedback.retentionDays)');
    const listed = await command([root, '--json']);
    expect(JSON.parse(listed.out)).toEqual([expect.objectContaining({ path: '/guide', up: 1, down: 0 })]);
  }, 60_000);

  it('refuses to start with a bad value, naming it', () => {
    const root = path.join(dir, 'serve-bad');
    writeRepo(root, { feedback: { retentionDays: 'forever' } });
    const r = spawnSync(process.execPath, [bin, 'serve', root, '--port', '0'], { cwd: root, encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      'docs.json /lectern/feedback/retentionDays: expected a whole number of days, at least 1, such as 365 (got "forever")',
    );
  }, 40_000);
});
