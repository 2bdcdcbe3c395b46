/**
 * Conversation threads. A thread has an id and a one-time key (only its sha-256 is stored); it belongs to one
 * organization and domain, and nothing outside them can read or extend it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { openDatabase, transaction, type DatabaseSync } from './db.ts';
import { hashSecret } from './keys.ts';

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
  /** Create a thread; `key` is returned only here. */
  create(input: { org: string; domain: string; fp: string }): Promise<{ thread: ThreadRecord; key: string }>;
  /** The thread when id, key, org and domain all match; otherwise `undefined` (never says which failed). */
  open(input: { id: string; key: string; org: string; domain: string }): Promise<ThreadRecord | undefined>;
  append(threadId: string, messages: StoredMessage[]): Promise<void>;
  messages(threadId: string): Promise<StoredMessage[]>;
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
  const insertThread = db.prepare(
    'INSERT INTO assistant_threads (id, key_hash, org, domain, fp, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const getThread = db.prepare('SELECT * FROM assistant_threads WHERE id = ?');
  const insertMessage = db.prepare(
    'INSERT INTO assistant_messages (thread_id, role, content, sources, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const listMessages = db.prepare('SELECT * FROM assistant_messages WHERE thread_id = ? ORDER BY seq');

  return {
    async create({ org, domain, fp }) {
      const thread: ThreadRecord = {
        id: 'thr_' + randomBytes(12).toString('base64url'),
        org,
        domain,
        fp,
        createdAt: new Date().toISOString(),
      };
      const key = 'thk_' + randomBytes(24).toString('base64url');
      insertThread.run(thread.id, hashSecret(key), org, domain, fp, thread.createdAt);
      return { thread, key };
    },
    async open({ id, key, org, domain }) {
      const row = getThread.get(id);
      if (!row) return undefined;
      const expected = Buffer.from(String(row.key_hash), 'hex');
      const actual = Buffer.from(hashSecret(key), 'hex');
      const keyOk = expected.length === actual.length && timingSafeEqual(expected, actual);
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
    close() {
      if (typeof pathOrDb === 'string' && db.isOpen) db.close();
    },
  };
}
