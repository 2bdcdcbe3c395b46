/**
 * A throwaway PostgreSQL server for tests and benchmarks: Debian's binaries (`apt-get install -y postgresql`), a
 * data directory under TMPDIR, 127.0.0.1 on a free port, password authentication. As root it runs as the
 * `postgres` user (initdb refuses root). `stop()` and `start()` take the server down and back on the same port,
 * `destroy()` removes everything.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type PostgresAvailability = { ok: true; bin: string; user?: { uid: number; gid: number } } | { ok: false; reason: string };

/** Where PostgreSQL's server binaries are, and whom to run them as; or why they cannot run here. */
export function postgresAvailability(): PostgresAvailability {
  const candidates: string[] = [];
  if (process.env.LECTERN_PG_BIN) candidates.push(process.env.LECTERN_PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(debian, v, 'bin')));
  }
  const config = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (config.status === 0) candidates.push(config.stdout.trim());
  const bin = candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'postgres')));
  if (!bin) return { ok: false, reason: 'PostgreSQL server binaries not found (install them: apt-get install -y postgresql)' };
  if (process.getuid?.() !== 0) return { ok: true, bin };
  // initdb and postgres refuse to run as root: use the account Debian's package creates.
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) {
    return {
      ok: false,
      reason: 'running as root and there is no "postgres" user to run PostgreSQL as (apt-get install -y postgresql creates it)',
    };
  }
  return { ok: true, bin, user: { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) } };
}

export interface PostgresServer {
  port: number;
  /** `postgres://lectern:<password>@127.0.0.1:<port>/<database>`. */
  url(database?: string): string;
  password: string;
  /** Create a database and return its URL. */
  createDatabase(name: string): Promise<string>;
  /** Fast shutdown; resolves once the server has exited. */
  stop(): Promise<void>;
  /** Start again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stop and remove the data directory. */
  destroy(): Promise<void>;
  /** The server log, for failure messages. */
  log(): string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Give others the right to traverse (not list) each folder from TMPDIR down to `dir`, so the postgres user reaches it. */
function openPath(dir: string): void {
  const top = path.resolve(tmpdir());
  let current = path.resolve(dir);
  const chain: string[] = [];
  while (current.startsWith(top) && current !== path.dirname(current)) {
    chain.push(current);
    if (current === top) break;
    current = path.dirname(current);
  }
  for (const folder of chain) chmodSync(folder, statSync(folder).mode | 0o011);
}

export interface StartOptions {
  /**
   * Keep PostgreSQL's durability settings (fsync, synchronous commit) as in production, for benchmarks. Default
   * false: tests turn them off, since their data is thrown away.
   */
  durable?: boolean;
}

export async function startPostgres(
  available: Extract<PostgresAvailability, { ok: true }>,
  options: StartOptions = {},
): Promise<PostgresServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-pg-'));
  const data = path.join(dir, 'data');
  const password = randomBytes(12).toString('hex');
  const pwfile = path.join(dir, 'pwfile');
  writeFileSync(pwfile, password + '\n');
  const logFile = path.join(dir, 'server.log');
  writeFileSync(logFile, '');
  const as = available.user ? { uid: available.user.uid, gid: available.user.gid } : {};
  if (available.user) {
    openPath(dir);
    chownSync(dir, available.user.uid, available.user.gid);
    chownSync(pwfile, available.user.uid, available.user.gid);
  }
  const init = spawnSync(
    path.join(available.bin, 'initdb'),
    ['-D', data, '-U', 'lectern', '--pwfile', pwfile, '-A', 'scram-sha-256', '-E', 'UTF8', '--no-sync', '--locale', 'C'],
    { ...as, encoding: 'utf8', cwd: dir },
  );
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed (${init.status}): ${init.stderr || init.stdout}`);
  }
  const port = await freePort();
  let child: ChildProcess | undefined;
  const url = (database = 'postgres') => `postgres://lectern:${password}@127.0.0.1:${port}/${database}`;

  const waitReady = async (): Promise<void> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const client = new pg.Client({ connectionString: url(), connectionTimeoutMillis: 1_000 });
      try {
        await client.connect();
        await client.query('SELECT 1');
        await client.end();
        return;
      } catch (error) {
        await client.end().catch(() => {});
        if (child?.exitCode !== null && child?.exitCode !== undefined)
          throw new Error(`postgres exited with ${child.exitCode}: ${readFileSync(logFile, 'utf8')}`);
        if (Date.now() > deadline)
          throw new Error(`postgres did not accept connections in 30 s: ${(error as Error).message}\n${readFileSync(logFile, 'utf8')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };

  const start = async (): Promise<void> => {
    const fd = openSync(logFile, 'a');
    child = spawn(
      path.join(available.bin, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${dir}`,
        ...(options.durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
        '-c',
        'max_connections=200',
        '-c',
        'shared_buffers=32MB',
      ],
      { ...as, cwd: dir, stdio: ['ignore', fd, fd] },
    );
    closeSync(fd);
    await waitReady();
  };

  const stop = async (): Promise<void> => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGINT'); // fast shutdown: disconnects clients, stops cleanly
    });
  };

  await start();
  return {
    port,
    password,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop,
    start,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => readFileSync(logFile, 'utf8'),
  };
}
