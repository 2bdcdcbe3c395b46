/**
 * The assistant's search index: every document split by heading into sections, stored in a SQLite FTS5 table
 * (porter stemming, BM25 ranking with title and heading weighted above body text).
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { openDatabase } from './db.ts';
import { chunkBody, queryTerms, splitSections, termCoverage } from './text.ts';

export interface AssistantDocument {
  /** Page path, e.g. `/guides/authentication` (a missing leading `/` is added). */
  path: string;
  title: string;
  description?: string;
  /** Markdown body (no frontmatter, no JSX). */
  markdown: string;
  version?: string;
  language?: string;
}

export interface Passage {
  /** Page path plus heading anchor, e.g. `/guides/authentication#rotating-keys`. */
  path: string;
  /** Page path without the anchor. */
  page: string;
  title: string;
  heading?: string;
  content: string;
  version?: string;
  language?: string;
  /** Higher is better (BM25, boosted near the current page). */
  score: number;
  /** How many query terms the passage mentions. */
  matched: number;
}

export interface SearchOptions {
  text: string;
  limit: number;
  version?: string;
  language?: string;
  /** Page the reader is on: results on it, or next to it, rank higher. */
  currentPath?: string;
}

export interface SearchOutcome {
  /** The plain terms searched for (after dropping stopwords). */
  terms: string[];
  passages: Passage[];
}

export interface AssistantIndex {
  search(options: SearchOptions): SearchOutcome;
  /** Number of sections in the index. */
  size(): number;
  close(): void;
}

export function normalisePagePath(path: string): string {
  const p = path.trim().replace(/^\/+/, '').replace(/\/+$/, '');
  return p === '' || p === 'index' ? '/' : '/' + p;
}

const SCHEMA = `
  CREATE VIRTUAL TABLE sections USING fts5(
    title, heading, body, description,
    page UNINDEXED, anchor UNINDEXED, page_title UNINDEXED, heading_text UNINDEXED,
    version UNINDEXED, language UNINDEXED,
    tokenize = 'porter unicode61 remove_diacritics 2'
  );
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/**
 * Build (or rebuild) the index at `dbPath` from `documents`. The new index is written next to the old one and
 * moved into place, so a server holding the old file keeps answering from it.
 */
export function buildAssistantIndex(
  documents: AssistantDocument[],
  dbPath: string,
): { documents: number; sections: number } {
  const tmp = dbPath === ':memory:' ? dbPath : `${dbPath}.${process.pid}.${Date.now()}.tmp`;
  const db = openDatabase(tmp);
  let sections = 0;
  try {
    if (tmp !== ':memory:') db.exec('PRAGMA journal_mode = DELETE');
    db.exec(SCHEMA);
    sections = insertDocuments(db, documents);
  } finally {
    db.close();
  }
  if (tmp !== dbPath) {
    for (const suffix of ['-wal', '-shm', '-journal']) if (existsSync(dbPath + suffix)) rmSync(dbPath + suffix);
    renameSync(tmp, dbPath);
  }
  return { documents: documents.length, sections };
}

/** Build an index into an already-open (e.g. `:memory:`) database. */
export function buildAssistantIndexInto(db: DatabaseSync, documents: AssistantDocument[]): number {
  db.exec('DROP TABLE IF EXISTS sections; DROP TABLE IF EXISTS meta;');
  db.exec(SCHEMA);
  return insertDocuments(db, documents);
}

function insertDocuments(db: DatabaseSync, documents: AssistantDocument[]): number {
  const insert = db.prepare(
    `INSERT INTO sections (title, heading, body, description, page, anchor, page_title, heading_text, version, language)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let n = 0;
  db.exec('BEGIN');
  try {
    for (const doc of documents) {
      const page = normalisePagePath(doc.path);
      const sections = splitSections(doc.markdown);
      if (sections.length === 0) sections.push({ parents: [], body: doc.description ?? '' });
      let first = true;
      for (const s of sections) {
        // A level-1 heading equal to the page title is the page's top, not a section of its own.
        const isTitle = s.heading !== undefined && s.parents.length === 0 && s.heading === doc.title;
        const headingText = isTitle ? undefined : [...s.parents, s.heading].filter((h): h is string => !!h).join(' › ') || undefined;
        const anchor = isTitle ? null : (s.anchor ?? null);
        for (const chunk of chunkBody(s.body)) {
          if (chunk.trim() === '' && headingText === undefined && !first) continue;
          insert.run(
            doc.title,
            headingText ?? '',
            chunk,
            first ? (doc.description ?? '') : '',
            page,
            anchor,
            doc.title,
            headingText ?? null,
            doc.version ?? null,
            doc.language ?? null,
          );
          first = false;
          n++;
        }
      }
    }
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('builtAt', new Date().toISOString());
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return n;
}

/** Quote each term so user text can never be FTS5 syntax; prefix-match words of 4+ letters. */
export function ftsQuery(terms: string[]): string {
  return terms.map((t) => `"${t.replace(/"/g, '""')}"${t.length >= 4 ? '*' : ''}`).join(' OR ');
}

function nearness(page: string, current: string | undefined): number {
  if (!current) return 1;
  const cur = normalisePagePath(current.split('#')[0]!.split('?')[0]!);
  if (page === cur) return 2;
  const a = page.split('/').filter(Boolean);
  const b = cur.split('/').filter(Boolean);
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++;
  if (shared > 0 && a.length === b.length && shared === a.length - 1) return 1.2; // same directory
  return shared > 0 ? 1.05 : 1;
}

/** Open an index built by `buildAssistantIndex` (a path or an open database). */
export function openAssistantIndex(pathOrDb: string | DatabaseSync): AssistantIndex {
  const db = typeof pathOrDb === 'string' ? new DatabaseSync(pathOrDb, { readOnly: true }) : pathOrDb;
  const has = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sections'").get();
  if (!has) throw new Error(`not an assistant index (no sections table): ${typeof pathOrDb === 'string' ? pathOrDb : 'database'}`);
  const query = db.prepare(
    `SELECT page, anchor, page_title, heading_text, body, version, language,
            bm25(sections, 10.0, 4.0, 1.0, 2.0) AS rank
       FROM sections
      WHERE sections MATCH :q
        AND (:version IS NULL OR version IS NULL OR version = :version)
        AND (:language IS NULL OR language IS NULL OR language = :language)
      ORDER BY rank
      LIMIT :pool`,
  );
  const count = db.prepare('SELECT count(*) AS n FROM sections');
  return {
    search({ text, limit, version, language, currentPath }) {
      const terms = queryTerms(text);
      if (terms.length === 0 || limit <= 0) return { terms, passages: [] };
      const rows = query.all({
        q: ftsQuery(terms),
        version: version ?? null,
        language: language ?? null,
        pool: Math.max(limit * 6, 30),
      });
      const passages = rows.map((r): Passage => {
        const page = String(r.page);
        const heading = r.heading_text == null ? undefined : String(r.heading_text);
        const content = String(r.body);
        const p: Passage = {
          path: r.anchor == null ? page : `${page}#${String(r.anchor)}`,
          page,
          title: String(r.page_title),
          content,
          score: -Number(r.rank) * nearness(page, currentPath),
          matched: termCoverage(terms, `${String(r.page_title)} ${heading ?? ''} ${content}`),
        };
        if (heading !== undefined) p.heading = heading;
        if (r.version != null) p.version = String(r.version);
        if (r.language != null) p.language = String(r.language);
        return p;
      });
      passages.sort((a, b) => b.score - a.score);
      return { terms, passages: passages.slice(0, limit) };
    },
    size() {
      return Number((count.get() as { n: number }).n);
    },
    close() {
      db.close();
    },
  };
}
