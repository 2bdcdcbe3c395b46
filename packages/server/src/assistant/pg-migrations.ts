/**
 * The assistant's PostgreSQL schema, as numbered migrations. Every instance runs them at start (and again after
 * a failed attempt): under an advisory lock, in one transaction, skipping those `lectern_migrations` records, so
 * several instances starting together apply each migration exactly once. Append new migrations; never edit one
 * that has shipped.
 */

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'keys, threads, messages, rate-limit windows',
    sql: `
      CREATE TABLE lectern_domains (
        domain text PRIMARY KEY,
        org text NOT NULL
      );
      CREATE TABLE lectern_keys (
        id text PRIMARY KEY,
        org text NOT NULL,
        hash text NOT NULL UNIQUE,
        hint text NOT NULL,
        created_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE TABLE lectern_key_domains (
        key_id text NOT NULL REFERENCES lectern_keys(id) ON DELETE CASCADE,
        domain text NOT NULL,
        PRIMARY KEY (key_id, domain)
      );
      CREATE TABLE lectern_threads (
        id text PRIMARY KEY,
        key_hash text NOT NULL,
        org text NOT NULL,
        domain text NOT NULL,
        fp text NOT NULL,
        created_at timestamptz NOT NULL,
        last_active_at timestamptz NOT NULL
      );
      CREATE INDEX lectern_threads_last_active ON lectern_threads (last_active_at);
      CREATE TABLE lectern_messages (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        thread_id text NOT NULL REFERENCES lectern_threads(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('user', 'assistant')),
        content text NOT NULL,
        sources jsonb,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX lectern_messages_thread ON lectern_messages (thread_id, seq);
      -- Counters are not worth a disk flush per request: unlogged (no WAL), so a request's count commits without
      -- waiting for fsync. After a PostgreSQL crash or a failover they start again from zero.
      CREATE UNLOGGED TABLE lectern_rate_windows (
        scope text NOT NULL,
        key text NOT NULL,
        window_start bigint NOT NULL,
        window_end bigint NOT NULL,
        count integer NOT NULL,
        PRIMARY KEY (scope, key, window_start)
      );
      CREATE INDEX lectern_rate_windows_end ON lectern_rate_windows (window_end);
    `,
  },
  {
    version: 2,
    name: 'page feedback ratings',
    sql: `
      -- One row per rating (a reader's vote on one page view; a changed vote updates its row). No personal data:
      -- the id is random, made by the page.
      CREATE TABLE lectern_feedback (
        id text PRIMARY KEY,
        path text NOT NULL,
        helpful boolean NOT NULL,
        comment text,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX lectern_feedback_created ON lectern_feedback (created_at);
    `,
  },
];

/** The advisory lock that serialises migrating instances (any fixed 64-bit number; never change it). */
const LOCK_ID = '5839204711';

export const LATEST_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));

/** One connection (a `pg` client); only what migrating needs, so no `pg` types leak into the declarations. */
export interface MigrationClient {
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

/** Apply the missing migrations; resolves with the versions applied now (empty when up to date). */
export async function migrate(client: MigrationClient): Promise<number[]> {
  const applied: number[] = [];
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [LOCK_ID]);
    await client.query(`CREATE TABLE IF NOT EXISTS lectern_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ version: number }>('SELECT version FROM lectern_migrations');
    const done = new Set(rows.map((r) => Number(r.version)));
    const newest = Math.max(0, ...done);
    if (newest > LATEST_VERSION) {
      throw new Error(
        `the database's assistant schema is at version ${newest}, newer than this Lectern knows (${LATEST_VERSION}): upgrade Lectern on this instance`,
      );
    }
    for (const m of MIGRATIONS) {
      if (done.has(m.version)) continue;
      await client.query(m.sql);
      await client.query('INSERT INTO lectern_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
  return applied;
}
