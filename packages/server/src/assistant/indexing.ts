/**
 * Building the assistant's search index: every page split by heading into sections, stored in SQLite (FTS5 for
 * candidate search, plain tables for what answers show). Text is stemmed here, in JavaScript, so the index and the
 * ranker see the same words (see `indexStems`); the FTS5 tokenizer only splits at spaces.
 *
 * Per section row, the page's own fields (title, keywords + operation, description) sit next to the section's
 * heading and body, so a section is scored together with the page it belongs to.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, renameSync, rmSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { openDatabase } from './db.ts';
import { chunkBody, indexStems, splitSections } from './text.ts';

export interface AssistantDocument {
  /** Page path, e.g. `/guides/authentication` (a missing leading `/` is added). */
  path: string;
  title: string;
  description?: string;
  /** Markdown body (no frontmatter, no JSX). */
  markdown: string;
  version?: string;
  language?: string;
  /** Words readers search for that the text may not use: frontmatter `keywords`, the sidebar title. */
  keywords?: string[];
  /** Endpoint pages: the operation they document. */
  operation?: {
    /** Uppercase HTTP method, or `WEBHOOK`. */
    method: string;
    path: string;
    operationId?: string;
    tags?: string[];
  };
}

export interface IndexOptions {
  /** The site's default language (docs.json: the language with `default: true`, else the first one). */
  defaultLanguage?: string;
}

/** Written to `meta.format`; an index in another format is rebuilt, not read. */
export const INDEX_FORMAT = 'lectern-assistant-index/2';

export const FIELDS = ['title', 'keys', 'description', 'heading', 'body'] as const;
export type Field = (typeof FIELDS)[number];

export function normalisePagePath(path: string): string {
  const p = path.trim().replace(/^\/+/, '').replace(/\/+$/, '');
  return p === '' || p === 'index' ? '/' : '/' + p;
}

const SCHEMA = `
  CREATE TABLE pages (
    id INTEGER PRIMARY KEY, path TEXT NOT NULL, title TEXT NOT NULL, description TEXT,
    version TEXT, language TEXT, method TEXT, api_path TEXT,
    title_stems TEXT NOT NULL, keys_stems TEXT NOT NULL, description_stems TEXT NOT NULL, first_section INTEGER, section_count INTEGER NOT NULL DEFAULT 0);
  CREATE INDEX pages_path ON pages (path);
  CREATE VIRTUAL TABLE page_fields USING fts5(
    title, keys, description, version UNINDEXED, language UNINDEXED,
    tokenize = 'unicode61 remove_diacritics 0'
  );
  CREATE VIRTUAL TABLE sections USING fts5(
    title, keys, description, heading, body,
    page UNINDEXED, version UNINDEXED, language UNINDEXED,
    tokenize = 'unicode61 remove_diacritics 0'
  );
  CREATE TABLE section_text (id INTEGER PRIMARY KEY, page INTEGER NOT NULL, anchor TEXT, heading TEXT, content TEXT NOT NULL);
  CREATE TABLE terms (term TEXT PRIMARY KEY, df INTEGER NOT NULL) WITHOUT ROWID;
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

const DROP = `
  DROP TABLE IF EXISTS sections; DROP TABLE IF EXISTS section_text; DROP TABLE IF EXISTS pages; DROP TABLE IF EXISTS page_fields;
  DROP TABLE IF EXISTS terms; DROP TABLE IF EXISTS meta;
`;

/**
 * Build (or rebuild) the index at `dbPath` from `documents`. The new index is written next to the old one and
 * moved into place, so a server holding the old file keeps answering from it.
 */
export function buildAssistantIndex(
  documents: AssistantDocument[],
  dbPath: string,
  options: IndexOptions = {},
): { documents: number; sections: number } {
  const tmp = dbPath === ':memory:' ? dbPath : `${dbPath}.${process.pid}.${Date.now()}.tmp`;
  const db = openDatabase(tmp);
  let sections = 0;
  try {
    if (tmp !== ':memory:') db.exec('PRAGMA journal_mode = DELETE');
    db.exec(SCHEMA);
    sections = insertDocuments(db, documents, options);
  } finally {
    db.close();
  }
  if (tmp !== dbPath) {
    for (const suffix of ['-wal', '-shm', '-journal']) if (existsSync(dbPath + suffix)) rmSync(dbPath + suffix);
    renameSync(tmp, dbPath);
  }
  return { documents: documents.length, sections };
}

/** Build an index into an already-open (e.g. `:memory:`) database, replacing what it held. Returns the sections. */
export function buildAssistantIndexInto(db: DatabaseSync, documents: AssistantDocument[], options: IndexOptions = {}): number {
  db.exec(DROP);
  db.exec(SCHEMA);
  return insertDocuments(db, documents, options);
}

/** The first paragraph of a description, at most ~300 characters (long API descriptions stay in the body). */
function lead(description: string | undefined): string {
  if (!description) return '';
  const first = description.trim().split(/\n\s*\n/)[0] ?? '';
  return first.length <= 320 ? first : first.slice(0, 320);
}

function keysText(doc: AssistantDocument): string {
  const parts = [...(doc.keywords ?? [])];
  const op = doc.operation;
  if (op) {
    if (op.operationId) parts.push(op.operationId);
    parts.push(...(op.tags ?? []));
    // Path words, without parameters: `/repos/{owner}/{repo}/forks` -> repos forks.
    parts.push(op.path.replace(/\{[^}]*\}/g, ' '));
  }
  return parts.join('\n');
}

function insertDocuments(db: DatabaseSync, documents: AssistantDocument[], options: IndexOptions): number {
  const insertPage = db.prepare(
    `INSERT INTO pages (id, path, title, description, version, language, method, api_path, title_stems, keys_stems, description_stems)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertSection = db.prepare(
    `INSERT INTO sections (rowid, title, keys, description, heading, body, page, version, language)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertText = db.prepare('INSERT INTO section_text (id, page, anchor, heading, content) VALUES (?, ?, ?, ?, ?)');
  const insertFields = db.prepare('INSERT INTO page_fields (rowid, title, keys, description, version, language) VALUES (?, ?, ?, ?, ?, ?)');
  const setSections = db.prepare('UPDATE pages SET first_section = ?, section_count = ? WHERE id = ?');
  const df = new Map<string, number>();
  const totals: Record<string, number> = { title: 0, keys: 0, description: 0, heading: 0, body: 0 };
  let n = 0;
  let pageId = 0;
  db.exec('BEGIN');
  try {
    const seenPaths = new Set<string>();
    for (const doc of documents) {
      const path = normalisePagePath(doc.path);
      if (seenPaths.has(path)) continue;
      seenPaths.add(path);
      pageId++;
      const title = indexStems(doc.title);
      const keys = indexStems(keysText(doc));
      const description = indexStems(lead(doc.description));
      insertPage.run(pageId, path, doc.title, doc.description ?? null, doc.version ?? null, doc.language ?? null,
        doc.operation?.method ?? null, doc.operation?.path ?? null, title.join(' '), keys.join(' '), description.join(' '));
      insertFields.run(pageId, title.join(' '), keys.join(' '), description.join(' '), doc.version ?? null, doc.language ?? null);
      const firstSection = n + 1;
      const pageTerms = new Set<string>([...title, ...keys, ...description]);
      const sections = splitSections(doc.markdown);
      if (sections.length === 0) sections.push({ parents: [], body: doc.description ?? '' });
      let first = true;
      for (const s of sections) {
        // A level-1 heading equal to the page title is the page's top, not a section of its own.
        const isTitle = s.heading !== undefined && s.parents.length === 0 && s.heading === doc.title;
        const headingText = isTitle ? undefined : [...s.parents, s.heading].filter((h): h is string => !!h).join(' › ') || undefined;
        const anchor = isTitle ? null : (s.anchor ?? null);
        const heading = headingText ? indexStems(headingText) : [];
        for (const h of heading) pageTerms.add(h);
        for (const chunk of chunkBody(s.body)) {
          if (chunk.trim() === '' && headingText === undefined && !first) continue;
          const body = indexStems(chunk);
          for (const b of body) pageTerms.add(b);
          n++;
          insertSection.run(n, title.join(' '), keys.join(' '), description.join(' '), heading.join(' '), body.join(' '),
            pageId, doc.version ?? null, doc.language ?? null);
          insertText.run(n, pageId, anchor, headingText ?? null, chunk);
          totals.title! += title.length;
          totals.keys! += keys.length;
          totals.description! += description.length;
          totals.heading! += heading.length;
          totals.body! += body.length;
          first = false;
        }
      }
      setSections.run(firstSection, n + 1 - firstSection, pageId);
      for (const t of pageTerms) df.set(t, (df.get(t) ?? 0) + 1);
    }
    const insertTerm = db.prepare('INSERT INTO terms (term, df) VALUES (?, ?)');
    for (const [term, count] of df) insertTerm.run(term, count);
    const meta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    meta.run('format', INDEX_FORMAT);
    meta.run('builtAt', new Date().toISOString());
    meta.run('build', randomUUID());
    meta.run('pages', String(pageId));
    meta.run('sections', String(n));
    meta.run('averages', JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, n > 0 ? totals[f]! / n : 0]))));
    if (options.defaultLanguage) meta.run('defaultLanguage', options.defaultLanguage);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return n;
}
