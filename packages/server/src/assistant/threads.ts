/**
 * Conversation threads. A thread has an id and a one-time key (only its sha-256 is stored); it belongs to one
 * organization and domain, and nothing outside them can read or extend it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { openDatabase, transaction, type DatabaseSync } from './db.ts';
import { hashSecret } from './keys.ts';

/** A new thread's record and its key (the key is shown to the caller once; stores keep its hash). */
export function newThread(org: string, domain: string, fp: string): { thread: ThreadRecord; key: string } {
  const thread: ThreadRecord = { id: 'thr_' + randomBytes(12).toString('base64url'), org, domain, fp, createdAt: new Date().toISOString() };
  return { thread, key: 'thk_' + randomBytes(24).toString('base64url') };
}

/** Whether `key` is the key whose hash a store kept (constant time). */
export function threadKeyMatches(keyHash: string, key: string): boolean {
  const expected = Buffer.from(keyHash, 'hex');
  const actual = Buffer.from(hashSecret(key), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export interface ThreadRecord {
  id: string;
  org: string;
  domain: string;
  fp: string;
  createdAt: string;
}

export interface StoredMessage {
  role: 'user' | 'assistant';
  content: string;
  /** Sources the answer quoted (assistant messages). */
  sources?: Array<{ path: string; title: string }>;
  createdAt: string;
}

/** Thread storage. SQLite by default; the interface is small enough to back with PostgreSQL. */
export interface ThreadStore {
  /** Create a thread, with its first messages if given (one write); `key` is returned only here. */
  create(input: { org: string; domain: string; fp: string; messages?: StoredMessage[] }): Promise<{ thread: ThreadRecord; key: string }>;
  /** The thread when id, key, org and domain all match; otherwise `undefined` (never says which failed). */
  open(input: { id: string; key: string; org: string; domain: string }): Promise<ThreadRecord | undefined>;
  append(threadId: string, messages: StoredMessage[]): Promise<void>;
  messages(threadId: string): Promise<StoredMessage[]>;
  /** Delete threads (and their messages) with no message since `before`; resolves with how many were deleted. */
  purge(before: Date): Promise<number>;
  /** Release the underlying connection, if any. */
  close?(): void;
}

/** SQLite thread store (`node:sqlite`). */
export function openSqliteThreadStore(pathOrDb: string | DatabaseSync): ThreadStore {
  const db = typeof pathOrDb === 'string' ? openDatabase(pathOrDb) : pathOrDb;
  db.exec(`
    CREATE TABLE IF NOT EXISTS assistant_threads (
      id TEXT PRIMARY KEY, key_hash TEXT NOT NULL, org TEXT NOT NULL, domain TEXT NOT NULL, fp TEXT NOT NULL,
      created_at TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS assistant_messages (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      thread_id TEXT NOT NULL REFERENCES assistant_threads(id) ON DELETE CASCADE,
      role TEXT NOT NULL, content TEXT NOT NULL, sources TEXT, created_at TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS assistant_messages_thread ON assistant_messages (thread_id, seq);
  `);
  const insertThread = db.prepare('INSERT INTO assistant_threads (id, key_hash, org, domain, fp, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  const getThread = db.prepare('SELECT * FROM assistant_threads WHERE id = ?');
  const insertMessage = db.prepare('INSERT INTO assistant_messages (thread_id, role, content, sources, created_at) VALUES (?, ?, ?, ?, ?)');
  const listMessages = db.prepare('SELECT * FROM assistant_messages WHERE thread_id = ? ORDER BY seq');
  // ISO-8601 UTC timestamps sort as text. A thread's last activity is its newest message, else its creation.
  // The stale ids are chosen once: deleting a thread's messages first must not make it look freshly created.
  const stale = db.prepare(`SELECT t.id FROM assistant_threads t LEFT JOIN assistant_messages m ON m.thread_id = t.id
    GROUP BY t.id HAVING MAX(COALESCE(m.created_at, t.created_at)) < ?`);
  const purgeMessages = db.prepare('DELETE FROM assistant_messages WHERE thread_id IN (SELECT value FROM json_each(?))');
  const purgeThreads = db.prepare('DELETE FROM assistant_threads WHERE id IN (SELECT value FROM json_each(?))');

  return {
    async create({ org, domain, fp, messages = [] }) {
      const { thread, key } = newThread(org, domain, fp);
      transaction(db, () => {
        insertThread.run(thread.id, hashSecret(key), org, domain, fp, thread.createdAt);
        for (const m of messages) {
          insertMessage.run(thread.id, m.role, m.content, m.sources ? JSON.stringify(m.sources) : null, m.createdAt);
        }
      });
      return { thread, key };
    },
    async open({ id, key, org, domain }) {
      const row = getThread.get(id);
      if (!row) return undefined;
      const keyOk = threadKeyMatches(String(row.key_hash), key);
      if (!keyOk || row.org !== org || row.domain !== domain) return undefined;
      return { id, org, domain, fp: String(row.fp), createdAt: String(row.created_at) };
    },
    async append(threadId, messages) {
      transaction(db, () => {
        for (const m of messages) {
          insertMessage.run(threadId, m.role, m.content, m.sources ? JSON.stringify(m.sources) : null, m.createdAt);
        }
      });
    },
    async messages(threadId) {
      return listMessages.all(threadId).map((row) => {
        const m: StoredMessage = {
          role: row.role === 'assistant' ? 'assistant' : 'user',
          content: String(row.content),
          createdAt: String(row.created_at),
        };
        if (typeof row.sources === 'string') m.sources = JSON.parse(row.sources) as StoredMessage['sources'];
        return m;
      });
    },
    async purge(before) {
      const cutoff = before.toISOString();
      return transaction(db, () => {
        const ids = JSON.stringify(stale.all(cutoff).map((row) => String(row.id)));
        purgeMessages.run(ids);
        return Number(purgeThreads.run(ids).changes);
      });
    },
    close() {
      if (typeof pathOrDb === 'string' && db.isOpen) db.close();
    },
  };
}

/** Days a conversation is kept after its last message (docs.json `lectern.assistant.retentionDays`). */
export const DEFAULT_RETENTION_DAYS = 30;

/**
 * Purge threads idle for more than `days` now and then every hour (the timer does not keep the process alive).
 * Returns a function that stops it. `days <= 0` keeps threads for as long as the request needs them: every thread
 * older than one hour is purged.
 */
export function scheduleRetention(store: ThreadStore, days: number, onError: (error: unknown) => void): () => void {
  const keepMs = days > 0 ? days * 86_400_000 : 3_600_000;
  const run = () => store.purge(new Date(Date.now() - keepMs)).catch(onError);
  void run();
  const timer = setInterval(run, 3_600_000);
  timer.unref();
  return () => clearInterval(timer);
}
