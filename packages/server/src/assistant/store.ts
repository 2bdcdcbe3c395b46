/**
 * Where the assistant keeps its state: keys, threads (with their messages) and rate-limit windows.
 *
 * SQLite files under `<root>/.lectern/` plus in-process counters are the default (one instance). A PostgreSQL
 * database (`DATABASE_URL` or docs.json `lectern.assistant.database`) is shared by every instance that names it:
 * limits are counted once for all of them, and a thread started on one instance continues on any other.
 */
import type { KeyStore } from './keys.ts';
import type { WindowCounter } from './limits.ts';
import type { ThreadStore } from './threads.ts';

export interface AssistantStore {
  kind: 'sqlite' | 'postgres';
  /** Where the data lives, without credentials (for logs). */
  description: string;
  keys: KeyStore;
  threads: ThreadStore;
  /** Shared rate-limit counters; `undefined` keeps them in process memory. */
  counters?: WindowCounter;
  /** Resolves once the store is usable (PostgreSQL: connected and migrated); rejects with the reason otherwise. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The database could not be reached or did not answer in time. The handler answers 503 with `Retry-After`; the
 * store recovers by itself once the database is back.
 */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}

/** `postgres://user:***@host:5432/db` — a connection string safe to print. */
export function redactDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    for (const name of ['password', 'sslkey', 'sslpassword']) if (u.searchParams.has(name)) u.searchParams.set(name, '***');
    return u.toString();
  } catch {
    return '(unparseable connection string)';
  }
}

/**
 * Check a PostgreSQL connection string. `where` names its origin (`DATABASE_URL`, `--database`,
 * `docs.json /lectern/assistant/database`). Returns the problem, or `undefined` when it is usable.
 */
export function databaseUrlProblem(value: unknown, where: string): string | undefined {
  if (typeof value !== 'string' || value.trim() === '')
    return `${where}: expected a PostgreSQL connection string such as postgres://user@host:5432/lectern`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${where}: not a URL; expected postgres://user@host:5432/database (the password can come from PGPASSWORD)`;
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    return `${where}: unsupported scheme "${url.protocol.replace(/:$/, '')}"; only postgres:// and postgresql:// are supported (leave it unset for the SQLite default)`;
  }
  return undefined;
}

export interface DatabaseChoice {
  /** The PostgreSQL connection string, or `undefined` for SQLite. */
  url?: string;
  /** Where the choice came from, for messages. */
  source: string;
}

/**
 * Which database the assistant uses: `--database` first, then `$DATABASE_URL`, then docs.json
 * `lectern.assistant.database`; none of them means SQLite. Throws an `Error` naming the source when the chosen
 * value is not a PostgreSQL connection string.
 */
export function chooseDatabase(input: { flag?: string | undefined; env?: string | undefined; settings?: unknown }): DatabaseChoice {
  const candidates: Array<[unknown, string]> = [
    [input.flag, '--database'],
    [input.env, 'DATABASE_URL'],
    [input.settings, 'docs.json /lectern/assistant/database'],
  ];
  for (const [value, source] of candidates) {
    if (value === undefined || value === '') continue;
    const problem = databaseUrlProblem(value, source);
    if (problem) throw new Error(problem);
    return { url: value as string, source };
  }
  return { source: 'default' };
}
