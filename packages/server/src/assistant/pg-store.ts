/**
 * The assistant's state in PostgreSQL (`pg`, pure JavaScript): keys (sha-256 hashes only), domains, threads and
 * their messages, and rate-limit windows counted atomically with `INSERT … ON CONFLICT … DO UPDATE … RETURNING`.
 *
 * Every connection and query is bounded in time. When the database is down, operations fail quickly with
 * `StoreUnavailableError` (the handler answers 503); the pool reconnects by itself once it is back, and the
 * migrations, if they could not run at start, run on the next request.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { generateKey, hashSecret, isValidName, KEY_PREFIX, KeyStoreError, type KeyRecord, type KeyStore } from './keys.ts';
import type { WindowCounter } from './limits.ts';
import { migrate } from './pg-migrations.ts';
import { redactDatabaseUrl, StoreUnavailableError, type AssistantStore } from './store.ts';
import { newThread, threadKeyMatches, type StoredMessage, type ThreadStore } from './threads.ts';

export interface PostgresStoreOptions {
  /** Connections per instance (default 10). */
  poolSize?: number;
  /** Longest wait for a connection, new or from the pool (default 3,000 ms). */
  connectTimeoutMs?: number;
  /** Longest wait for a query's answer (default 5,000 ms; also the server-side `statement_timeout`). */
  queryTimeoutMs?: number;
  /** Connections lost while idle, and other background failures (default: ignored; the pool replaces them). */
  onError?: (error: unknown) => void;
}

type Row = Record<string, unknown>;

/** Inserts the messages of a JSON array `$MESSAGES` into the thread `t` of a preceding `WITH t AS (… RETURNING id)`, in order. */
const INSERT_MESSAGES = `INSERT INTO lectern_messages (thread_id, role, content, sources, created_at)
  SELECT t.id, e.m->>'role', e.m->>'content', e.m->'sources', (e.m->>'createdAt')::timestamptz
  FROM t, jsonb_array_elements($MESSAGES::jsonb) WITH ORDINALITY AS e(m, n)
  ORDER BY e.n`;

function messagesJson(messages: StoredMessage[]): string {
  return JSON.stringify(messages.map((m) => ({ role: m.role, content: m.content, sources: m.sources ?? null, createdAt: m.createdAt })));
}

function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

/** One pool behind its migrations, shared by the keys, threads and counters: every failure is a `StoreUnavailableError`. */
interface Database {
  /** `PostgreSQL postgres://…` without credentials. */
  description: string;
  /** Connects and migrates once (again after a failure). */
  ready(): Promise<void>;
  query<R extends Row = Row>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
  /** Runs `fn` in a transaction on one connection; a `KeyStoreError` from `fn` rolls back and passes through. */
  transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function openPool(url: string, options: PostgresStoreOptions): pg.Pool {
  const queryTimeout = options.queryTimeoutMs ?? 5_000;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 3_000,
    query_timeout: queryTimeout,
    statement_timeout: queryTimeout,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: 'lectern-assistant',
    allowExitOnIdle: true,
  });
  // An idle connection the server closed (restart, failover) is reported here; the pool drops it and opens a new
  // one when needed. Without a listener the process would crash.
  pool.on('error', (error) => options.onError?.(error));
  return pool;
}

function openDatabase(url: string, options: PostgresStoreOptions): Database {
  const pool = openPool(url, options);
  const description = `PostgreSQL ${redactDatabaseUrl(url)}`;

  const unavailable = (error: unknown): StoreUnavailableError => {
    if (error instanceof StoreUnavailableError) return error;
    const reason = error instanceof Error ? error.message : String(error);
    return new StoreUnavailableError(`the assistant database (${description}) is unavailable: ${reason}`, { cause: error });
  };

  let migrated: Promise<void> | undefined;
  const ready = (): Promise<void> => {
    migrated ??= (async () => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await migrate(client);
      } catch (error) {
        broken = error as Error;
        throw error;
      } finally {
        client.release(broken);
      }
    })().catch((error: unknown) => {
      migrated = undefined; // try again on the next call
      throw unavailable(error);
    });
    return migrated;
  };

  async function query<R extends Row = Row>(text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    await ready();
    try {
      return await pool.query<R>(text, values);
    } catch (error) {
      throw unavailable(error);
    }
  }

  async function transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    await ready();
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw unavailable(error);
    }
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const out = await fn(client);
      await client.query('COMMIT');
      return out;
    } catch (error) {
      await client.query('ROLLBACK').catch((e: Error) => void (broken = e));
      if (error instanceof KeyStoreError) throw error;
      broken ??= error as Error;
      throw unavailable(error);
    } finally {
      client.release(broken);
    }
  }

  let closed: Promise<void> | undefined;
  return { description, ready, query, transaction, close: () => (closed ??= pool.end().catch(() => {})) };
}

const KEY_COLUMNS = `k.id, k.org, k.hint, k.created_at, k.revoked_at,
    ARRAY(SELECT d.domain FROM lectern_key_domains d WHERE d.key_id = k.id ORDER BY d.domain) AS domains`;

function toKey(row: Row): KeyRecord {
  const record: KeyRecord = {
    id: String(row.id),
    org: String(row.org),
    domains: (row.domains as string[] | null) ?? [],
    hint: String(row.hint),
    createdAt: iso(row.created_at),
  };
  if (row.revoked_at != null) record.revokedAt = iso(row.revoked_at);
  return record;
}

function postgresKeyStore({ query, transaction }: Database): KeyStore {
  return {
    async create({ org, domains }) {
      if (!isValidName(org)) throw new KeyStoreError(`invalid organization "${org}": use letters, digits, ".", "_" or "-"`);
      if (domains.length === 0) throw new KeyStoreError('a key needs at least one domain');
      for (const d of domains) {
        if (!isValidName(d)) throw new KeyStoreError(`invalid domain "${d}": use letters, digits, ".", "_" or "-"`);
      }
      const unique = [...new Set(domains)];
      const key = generateKey();
      const id = 'key_' + randomBytes(8).toString('hex');
      const createdAt = new Date().toISOString();
      const hint = key.slice(0, KEY_PREFIX.length + 4);
      await transaction(async (client) => {
        // A concurrent registration of the same domain waits for ours (or we for it); the owner is then read back.
        await client.query('INSERT INTO lectern_domains (domain, org) SELECT unnest($1::text[]), $2 ON CONFLICT (domain) DO NOTHING', [
          unique,
          org,
        ]);
        const owners = await client.query<{ domain: string; org: string }>(
          'SELECT domain, org FROM lectern_domains WHERE domain = ANY($1::text[])',
          [unique],
        );
        const foreign = owners.rows.find((r) => r.org !== org);
        if (foreign) throw new KeyStoreError(`domain "${foreign.domain}" belongs to another organization`);
        await client.query('INSERT INTO lectern_keys (id, org, hash, hint, created_at) VALUES ($1, $2, $3, $4, $5)', [
          id,
          org,
          hashSecret(key),
          hint,
          createdAt,
        ]);
        await client.query('INSERT INTO lectern_key_domains (key_id, domain) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', [
          id,
          unique,
        ]);
      });
      return { key, record: { id, org, domains: [...unique].sort(), hint, createdAt } };
    },
    async findBySecret(secret) {
      const { rows } = await query(`SELECT ${KEY_COLUMNS} FROM lectern_keys k WHERE k.hash = $1`, [hashSecret(secret)]);
      return rows[0] ? toKey(rows[0]) : undefined;
    },
    async list() {
      const { rows } = await query(`SELECT ${KEY_COLUMNS} FROM lectern_keys k ORDER BY k.created_at, k.id`);
      return rows.map(toKey);
    },
    async revoke(id) {
      const { rowCount } = await query('UPDATE lectern_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1', [id]);
      return (rowCount ?? 0) > 0;
    },
    async domainOrg(domain) {
      const { rows } = await query<{ org: string }>('SELECT org FROM lectern_domains WHERE domain = $1', [domain]);
      return rows[0]?.org;
    },
  };
}

function toMessage(row: Row): StoredMessage {
  const m: StoredMessage = {
    role: row.role === 'assistant' ? 'assistant' : 'user',
    content: String(row.content),
    createdAt: iso(row.created_at),
  };
  if (Array.isArray(row.sources)) m.sources = row.sources as StoredMessage['sources'];
  return m;
}

function postgresThreadStore({ query }: Database): ThreadStore {
  return {
    async create({ org, domain, fp, messages = [] }) {
      const { thread, key } = newThread(org, domain, fp);
      const lastActive = messages.reduce((max, m) => (m.createdAt > max ? m.createdAt : max), messages[0]?.createdAt ?? thread.createdAt);
      // One statement: the thread and its first messages.
      await query(
        `WITH t AS (
           INSERT INTO lectern_threads (id, key_hash, org, domain, fp, created_at, last_active_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id)
         ${INSERT_MESSAGES.replace('$MESSAGES', '$8')}`,
        [thread.id, hashSecret(key), org, domain, fp, thread.createdAt, lastActive, messagesJson(messages)],
      );
      return { thread, key };
    },
    async open({ id, key, org, domain }) {
      const { rows } = await query('SELECT key_hash, org, domain, fp, created_at FROM lectern_threads WHERE id = $1', [id]);
      const row = rows[0];
      if (!row) return undefined;
      const keyOk = threadKeyMatches(String(row.key_hash), key);
      if (!keyOk || row.org !== org || row.domain !== domain) return undefined;
      return { id, org, domain, fp: String(row.fp), createdAt: iso(row.created_at) };
    },
    async append(threadId, messages) {
      if (messages.length === 0) return;
      const newest = messages.reduce((max, m) => (m.createdAt > max ? m.createdAt : max), messages[0]!.createdAt);
      // One statement: the thread's last activity becomes its newest message (as in SQLite) and the messages are
      // added, in their order.
      await query(
        `WITH t AS (
           UPDATE lectern_threads SET last_active_at = GREATEST(
             $2::timestamptz, (SELECT max(created_at) FROM lectern_messages WHERE thread_id = $1))
           WHERE id = $1 RETURNING id)
         ${INSERT_MESSAGES.replace('$MESSAGES', '$3')}`,
        [threadId, newest, messagesJson(messages)],
      );
    },
    async messages(threadId) {
      const { rows } = await query('SELECT role, content, sources, created_at FROM lectern_messages WHERE thread_id = $1 ORDER BY seq', [
        threadId,
      ]);
      return rows.map(toMessage);
    },
    async purge(before) {
      const { rowCount } = await query('DELETE FROM lectern_threads WHERE last_active_at < $1', [before.toISOString()]);
      return rowCount ?? 0;
    },
  };
}

/** Rate-limit windows counted in the database, shared by every instance; finished windows swept once a minute. */
function postgresCounters({ query }: Database): WindowCounter {
  let lastSweep = 0;
  return {
    async increment(scope, key, windowStart, windowMs) {
      const now = Date.now();
      if (now - lastSweep >= 60_000) {
        lastSweep = now;
        // Finished windows are of no use; whichever instance sweeps first removes them.
        void query('DELETE FROM lectern_rate_windows WHERE window_end <= $1', [now]).catch(() => {});
      }
      const { rows } = await query<{ count: number }>(
        `INSERT INTO lectern_rate_windows (scope, key, window_start, window_end, count) VALUES ($1, $2, $3, $4, 1)
         ON CONFLICT (scope, key, window_start) DO UPDATE SET count = lectern_rate_windows.count + 1
         RETURNING count`,
        [scope, key, windowStart, windowStart + windowMs],
      );
      return Number(rows[0]!.count);
    },
  };
}

/** The pool behind its migrations, for the other tables of the same database (page feedback: feedback/store.ts). */
export { openDatabase as openPostgresDatabase, type Database as PostgresDatabase };

/** Open a PostgreSQL-backed store. Nothing connects until `ready()` or the first operation. */
export function openPostgresStore(url: string, options: PostgresStoreOptions = {}): AssistantStore {
  const db = openDatabase(url, options);
  return {
    kind: 'postgres',
    description: db.description,
    keys: postgresKeyStore(db),
    threads: postgresThreadStore(db),
    counters: postgresCounters(db),
    ready: db.ready,
    close: db.close,
  };
}
