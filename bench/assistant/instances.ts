/**
 * Part of `npm run bench -- assistant`: real `lectern serve` processes answering the v2 endpoint under load.
 *
 * Two instances share one PostgreSQL server (started here from Debian's binaries, as the tests do, but with its
 * default durability: fsync and synchronous commit on); for reference,
 * one instance on the SQLite default takes the same load in the same run. Each run sends `requests` questions with
 * `concurrency` streams in flight, spread over the instances, and reads every answer to its end. Reported:
 * requests per second, time to first byte and full-answer time (p50/p99), errors, and each instance's memory.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { postgresAvailability, startPostgres, type PostgresServer } from '../../packages/server/test/postgres.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const bin = path.join(repoRoot, 'packages/astro/bin/lectern.js');

export interface InstancesOptions {
  /** The benchmark's folder: docs.json, the spec and `index.db` (the built assistant index). */
  dir: string;
  questions: Array<{ q: string }>;
  requests: number;
  concurrency: number;
}

interface Instance {
  url: string;
  child: ChildProcess;
  startRssMB: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Resident and peak resident memory of a process, from /proc (MB). */
function memory(pid: number): { rssMB: number; peakMB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMB: kb('VmRSS') / 1024, peakMB: kb('VmHWM') / 1024 };
}

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'PGPASSWORD', 'PGHOST', 'PGUSER', 'PGDATABASE']) delete env[name];
  return { ...env, ...extra };
}

/** A docs root `lectern serve` can run: the site's docs.json (assistant on, limits out of the way), the index, a dist. */
function makeRoot(dir: string, name: string): string {
  const root = path.join(dir, name);
  mkdirSync(path.join(root, '.lectern'), { recursive: true });
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  const config = JSON.parse(readFileSync(path.join(dir, 'docs.json'), 'utf8'));
  config.lectern = { assistant: { enabled: true, limits: { organizationPerHour: 1_000_000_000, ipPerDay: 1_000_000_000 } } };
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify(config));
  writeFileSync(path.join(root, 'dist/index.html'), '<!doctype html><title>bench</title>');
  copyFileSync(path.join(dir, 'index.db'), path.join(root, '.lectern/assistant-index.db'));
  return root;
}

async function serve(root: string, env: NodeJS.ProcessEnv): Promise<Instance> {
  const child = spawn(process.execPath, [bin, 'serve', root, '--port', '0'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (c: Buffer) => void (text += c.toString()));
  child.stderr!.on('data', (c: Buffer) => void (text += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /serving .* at (http:\/\/\S+)/.exec(text);
      if (m) {
        clearInterval(timer);
        resolve(m[1]!.replace(/\/$/, ''));
      }
    }, 20);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`lectern serve exited with ${code}: ${text}`));
    });
  });
  return { url, child, startRssMB: memory(child.pid!).rssMB };
}

function createKey(cwd: string, env: NodeJS.ProcessEnv): string {
  const r = spawnSync(process.execPath, [bin, 'keys', 'create', '--org', 'bench', '--domain', 'github', '--json'], { cwd, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`lectern keys create failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!).key;
}

async function ask(url: string, key: string, q: string): Promise<{ ttfb: number; total: number }> {
  const start = performance.now();
  const res = await fetch(`${url}/discovery/v2/assistant/github/message`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ fp: 'bench', retrievalPageSize: 5, messages: [{ id: 'q', role: 'user', parts: [{ type: 'text', text: q }] }] }),
  });
  if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
  const reader = res.body!.getReader();
  let ttfb = -1;
  for (;;) {
    const { done } = await reader.read();
    if (ttfb < 0) ttfb = performance.now() - start;
    if (done) break;
  }
  return { ttfb, total: performance.now() - start };
}

async function load(instances: Instance[], key: string, options: InstancesOptions, label: string): Promise<void> {
  const qs = options.questions;
  for (let i = 0; i < 40; i++) await ask(instances[i % instances.length]!.url, key, qs[i % qs.length]!.q); // warm-up
  const ttfb: number[] = [];
  const total: number[] = [];
  let next = 0;
  let errors = 0;
  let firstError = '';
  const start = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async (_, lane) => {
      // Each lane sticks to one instance, so the streams in flight are spread evenly.
      const instance = instances[lane % instances.length]!;
      while (next < options.requests) {
        const i = next++;
        try {
          const r = await ask(instance.url, key, qs[(i * 13) % qs.length]!.q);
          ttfb.push(r.ttfb);
          total.push(r.total);
        } catch (error) {
          errors++;
          firstError ||= (error as Error).message;
        }
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.log(`\n${label}`);
  console.log(`  ${options.requests} v2 answers, ${options.concurrency} streams in flight: ${(options.requests / seconds).toFixed(0)} req/s, ${errors} errors${firstError ? ` (${firstError})` : ''}`);
  console.log(`  time to first byte  p50 ${ms(percentile(ttfb, 50))}, p99 ${ms(percentile(ttfb, 99))}, over 1 s: ${ttfb.filter((x) => x > 1000).length}`);
  console.log(`  full answer         p50 ${ms(percentile(total, 50))}, p99 ${ms(percentile(total, 99))}`);
  for (const [n, instance] of instances.entries()) {
    const m = memory(instance.child.pid!);
    console.log(`  instance ${n + 1} memory   RSS ${m.rssMB.toFixed(0)} MB after the run (${instance.startRssMB.toFixed(0)} MB at start), peak ${m.peakMB.toFixed(0)} MB`);
  }
}

async function stop(instances: Instance[]): Promise<void> {
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
}

export async function benchInstances(options: InstancesOptions): Promise<void> {
  console.log('\n### lectern serve processes, v2 endpoint (client, servers and PostgreSQL on the same 2 cores)');
  const available = postgresAvailability();
  let server: PostgresServer | undefined;
  const instances: Instance[] = [];
  try {
    // Reference: one instance, SQLite files, limits in memory.
    const sqliteRoot = makeRoot(options.dir, 'sqlite');
    const sqliteKey = createKey(sqliteRoot, cleanEnv({}));
    const single = await serve(sqliteRoot, cleanEnv({}));
    instances.push(single);
    await load([single], sqliteKey, options, '1 instance, SQLite (the default)');
    await stop([single]);

    if (!available.ok) {
      console.log(`\n2 instances, PostgreSQL: skipped (${available.reason})`);
      return;
    }
    server = await startPostgres(available, { durable: true });
    const url = await server.createDatabase('bench');
    const env = cleanEnv({ DATABASE_URL: url });
    const roots = [makeRoot(options.dir, 'pg-a'), makeRoot(options.dir, 'pg-b')];
    const key = createKey(roots[0]!, env);
    const pair = await Promise.all(roots.map((root) => serve(root, env)));
    instances.push(...pair);
    await load(pair, key, options, '2 instances, one PostgreSQL database (keys, threads, limits shared)');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'lectern-assistant'");
    const threads = await client.query<{ n: string }>('SELECT count(*) AS n FROM lectern_threads');
    await client.end();
    console.log(`  PostgreSQL          ${rows[0]!.n} connections from the two instances, ${threads.rows[0]!.n} threads stored`);
  } finally {
    await stop(instances);
    await server?.destroy();
  }
}
