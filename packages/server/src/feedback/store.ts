/**
 * Where page ratings ("Was this page helpful?") are kept: the assistant's database. SQLite
 * (`<root>/.lectern/feedback.db`) by default, or the PostgreSQL database the assistant uses (`--database`,
 * `$DATABASE_URL`, docs.json `lectern.assistant.database`; table `lectern_feedback`, migration 2). A rating is a
 * page path, yes or no, an optional comment and a time: nothing about the reader.
 */
import { openDatabase } from '../assistant/db.ts';
import { openPostgresDatabase } from '../assistant/pg-store.ts';

/** Relative to the docs repo root (the CLI's working directory). */
export const DEFAULT_FEEDBACK_DB = '.lectern/feedback.db';

export interface FeedbackRating {
  /** Random, made by the page for one view: a reader who changes their vote replaces their rating. */
  id: string;
  /** The page, as `/slug` (`/` for the home page). */
  path: string;
  helpful: boolean;
  comment?: string;
  /** ISO-8601 UTC. */
  createdAt: string;
}

/** One page's ratings. */
export interface PageFeedback {
  path: string;
  up: number;
  down: number;
  /** The newest rating's time. */
  lastAt: string;
  /** The newest comment, and its time. */
  lastComment?: string;
  lastCommentAt?: string;
}

export interface FeedbackStore {
  kind: 'sqlite' | 'postgres';
  /** Where the ratings live, without credentials. */
  description: string;
  /** Store a rating; one with the same id replaces it (a comment it lacks keeps the stored one). */
  record(rating: FeedbackRating): Promise<void>;
  /** Every page rated at or after `since` (ISO-8601), most thumbs-down first. */
  summary(since?: string): Promise<PageFeedback[]>;
  /** Delete the ratings made before `before` (ISO-8601); resolves with how many were deleted. */
  prune(before: string): Promise<number>;
  ready(): Promise<void>;
  close(): Promise<void>;
}

interface Row {
  path: string;
  up: number;
  down: number;
  last_at: string;
}
interface CommentRow {
  path: string;
  comment: string;
  created_at: string;
}

/** Rows of counts and comments (newest first) -> one entry per page. */
function pages(rows: Row[], comments: CommentRow[], iso: (v: unknown) => string): PageFeedback[] {
  const newest = new Map<string, CommentRow>();
  for (const c of comments) if (!newest.has(c.path)) newest.set(c.path, c);
  return rows.map((r) => {
    const c = newest.get(r.path);
    const page: PageFeedback = { path: r.path, up: Number(r.up), down: Number(r.down), lastAt: iso(r.last_at) };
    if (c) Object.assign(page, { lastComment: c.comment, lastCommentAt: iso(c.created_at) });
    return page;
  });
}

const EPOCH = '1970-01-01T00:00:00.000Z';

/** `before` as the stores' ISO-8601 UTC text (SQLite compares it as text), or an error naming it. */
function isoTime(before: string): string {
  const t = Date.parse(before);
  if (Number.isNaN(t)) throw new Error(`expected an ISO-8601 time to prune ratings before, got ${JSON.stringify(before)}`);
  return new Date(t).toISOString();
}

/** SQLite ratings (`node:sqlite`), the table created on open. */
export function openSqliteFeedbackStore(path: string): FeedbackStore {
  const db = openDatabase(path);
  db.exec(`CREATE TABLE IF NOT EXISTS feedback (
      id TEXT PRIMARY KEY, path TEXT NOT NULL, helpful INTEGER NOT NULL, comment TEXT, created_at TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS feedback_created ON feedback (created_at);`);
  const upsert = db.prepare(`INSERT INTO feedback (id, path, helpful, comment, created_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET helpful = excluded.helpful, comment = COALESCE(excluded.comment, feedback.comment),
      created_at = excluded.created_at
    WHERE feedback.path = excluded.path`);
  const counts = db.prepare(`SELECT path, SUM(helpful) AS up, SUM(1 - helpful) AS down, MAX(created_at) AS last_at
    FROM feedback WHERE created_at >= ? GROUP BY path ORDER BY down DESC, up DESC, path`);
  const comments = db.prepare(`SELECT path, comment, created_at FROM feedback
    WHERE comment IS NOT NULL AND created_at >= ? ORDER BY created_at DESC`);
  const older = db.prepare('DELETE FROM feedback WHERE created_at < ?');
  return {
    kind: 'sqlite',
    description: `SQLite ${path}`,
    async record(r) {
      upsert.run(r.id, r.path, r.helpful ? 1 : 0, r.comment ?? null, r.createdAt);
    },
    async summary(since = EPOCH) {
      return pages(counts.all(since) as unknown as Row[], comments.all(since) as unknown as CommentRow[], String);
    },
    async prune(before) {
      return Number(older.run(isoTime(before)).changes);
    },
    ready: async () => {},
    close: async () => db.close(),
  };
}

/** PostgreSQL ratings: the assistant's pool and migrations. Nothing connects until `ready()` or the first operation. */
export function openPostgresFeedbackStore(url: string): FeedbackStore {
  const db = openPostgresDatabase(url, {});
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
  return {
    kind: 'postgres',
    description: db.description,
    async record(r) {
      await db.query(
        `INSERT INTO lectern_feedback (id, path, helpful, comment, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO UPDATE SET helpful = EXCLUDED.helpful, comment = COALESCE(EXCLUDED.comment, lectern_feedback.comment),
           created_at = EXCLUDED.created_at
         WHERE lectern_feedback.path = EXCLUDED.path`,
        [r.id, r.path, r.helpful, r.comment ?? null, r.createdAt],
      );
    },
    async summary(since = EPOCH) {
      const counts = await db.query<Row & Record<string, unknown>>(
        `SELECT path, COUNT(*) FILTER (WHERE helpful) AS up, COUNT(*) FILTER (WHERE NOT helpful) AS down, MAX(created_at) AS last_at
         FROM lectern_feedback WHERE created_at >= $1 GROUP BY path ORDER BY down DESC, up DESC, path`,
        [since],
      );
      const comments = await db.query<CommentRow & Record<string, unknown>>(
        `SELECT path, comment, created_at FROM lectern_feedback WHERE comment IS NOT NULL AND created_at >= $1 ORDER BY created_at DESC`,
        [since],
      );
      return pages(counts.rows, comments.rows, iso);
    },
    async prune(before) {
      const deleted = await db.query('DELETE FROM lectern_feedback WHERE created_at < $1', [isoTime(before)]);
      return deleted.rowCount ?? 0;
    },
    ready: db.ready,
    close: db.close,
  };
}

/** The store for a database choice (`chooseDatabase`): PostgreSQL when it names one, else SQLite at `sqlitePath`. */
export function openFeedbackStore(choice: { url?: string | undefined }, sqlitePath: string): FeedbackStore {
  return choice.url ? openPostgresFeedbackStore(choice.url) : openSqliteFeedbackStore(sqlitePath);
}
