/**
 * Building the assistant's search index: every page split by heading into sections, stored in SQLite. Text is
 * stemmed here, in JavaScript, and stored as term ids (a dictionary of stems with their document frequencies), so
 * the ranker reads ready-made fields instead of re-tokenising text per question (see corpus.ts, which loads them
 * into memory once per build of the index).
 *
 * Per page: the title, keys (frontmatter keywords, the operation's id, tags and path words) and description; per
 * section: its heading (with the headings above it; on an endpoint page, its request body's fields) and body, plus
 * the text answers quote.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, renameSync, rmSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { openDatabase } from './db.ts';
import { chunkBody, indexWords, root, searchableText, splitSections, stem } from './text.ts';

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
  /** docs.json `seo.trailingSlash`: the links in answers and their sources end pages with '/' (`/guides/setup/#keys`). */
  trailingSlash?: boolean;
}

/**
 * Written to `meta.format`; an index in another format is rebuilt, not read. 7: the stored text keeps callouts as
 * block quotes and numbers step titles `1)` (what the offline answers open with and list), so an index of format 6
 * is rebuilt to answer that way.
 */
export const INDEX_FORMAT = 'lectern-assistant-index/7';

export const FIELDS = ['title', 'keys', 'description', 'heading', 'body'] as const;
export type Field = (typeof FIELDS)[number];

export function normalisePagePath(path: string): string {
  const p = path.trim().replace(/^\/+/, '').replace(/\/+$/, '');
  return p === '' || p === 'index' ? '/' : '/' + p;
}

export const PAGE_FIELDS = ['title', 'keys', 'description'] as const;
export const SECTION_FIELDS = ['heading', 'body'] as const;

const SCHEMA = `
  CREATE TABLE terms (id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE, df INTEGER NOT NULL);
  CREATE TABLE roots (root TEXT NOT NULL, term INTEGER NOT NULL, PRIMARY KEY (root, term)) WITHOUT ROWID;
  CREATE TABLE pages (
    id INTEGER PRIMARY KEY, path TEXT NOT NULL, title TEXT NOT NULL, description TEXT,
    version TEXT, language TEXT, method TEXT, api_path TEXT,
    title_terms BLOB, keys_terms BLOB, description_terms BLOB,
    first_section INTEGER NOT NULL, section_count INTEGER NOT NULL);
  CREATE TABLE sections (
    id INTEGER PRIMARY KEY, page INTEGER NOT NULL, anchor TEXT, heading TEXT, content TEXT NOT NULL,
    heading_terms BLOB, body_terms BLOB);
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

const DROP = `
  DROP TABLE IF EXISTS sections; DROP TABLE IF EXISTS section_text; DROP TABLE IF EXISTS pages; DROP TABLE IF EXISTS page_fields;
  DROP TABLE IF EXISTS terms; DROP TABLE IF EXISTS roots; DROP TABLE IF EXISTS meta;
`;

/** Term ids as stored: little-endian uint32 (SQLite keeps an empty blob as NULL). */
export function encodeTerms(ids: number[]): Uint8Array {
  const out = new Uint8Array(ids.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < ids.length; i++) view.setUint32(i * 4, ids[i]!, true);
  return out;
}

export function decodeTerms(blob: Uint8Array | null): Uint32Array {
  if (!blob) return new Uint32Array(0);
  const n = blob.byteLength >> 2;
  const out = new Uint32Array(n);
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  for (let i = 0; i < n; i++) out[i] = view.getUint32(i * 4, true);
  return out;
}

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

/** The most of an endpoint page's markdown its passage quotes (the operation, its parameters and body first). */
const ENDPOINT_CONTENT = 4000;

/** An endpoint page's markdown up to `ENDPOINT_CONTENT` characters, cut between blocks (never inside a code fence). */
function endpointContent(markdown: string): string {
  if (markdown.length <= ENDPOINT_CONTENT) return markdown;
  const chunks = chunkBody(markdown, 600);
  let out = chunks[0] ?? '';
  for (const c of chunks.slice(1)) {
    if (out.length + c.length + 2 > ENDPOINT_CONTENT) break;
    out += `\n\n${c}`;
  }
  return out.length <= ENDPOINT_CONTENT ? out : out.slice(0, ENDPOINT_CONTENT);
}

/**
 * The text of an endpoint page that is searched (the page quotes all of it): its responses reduced to what the
 * endpoint returns when it succeeds, the names of the top-level fields of 2xx responses. Error responses repeat the
 * same fields on every page (`message`, `documentation_url`), and the types, descriptions and nested fields of a
 * returned object describe the data model, not what the endpoint does: searched, they let a question's words
 * ("private", "state", "url") match hundreds of endpoints returning the same object. Measured on the GitHub
 * question sets (bench/assistant-quality.ts): held-out hit@5 0.85 -> 0.88 and 0.70 -> 0.75.
 * Reads the layout of documents.ts `operationMarkdown` (`## Responses`, `- \`200\` — …`, indented field lines).
 */
export function endpointSearchText(markdown: string): string {
  const at = markdown.search(/^## Responses$/m);
  if (at < 0) return markdown;
  let success = false;
  const kept: string[] = [];
  for (const line of markdown.slice(at).split('\n')) {
    const head = /^- `(\d{3}|default)`/.exec(line);
    if (head) {
      success = /^2/.test(head[1]!);
      kept.push(line);
    } else if (/^\s+- /.test(line)) {
      // `  - \`name\` (type) — description`: the name of a top-level field only.
      const name = /^\s+- `([^`.]+)`/.exec(line);
      if (success && name) kept.push(`  - ${name[1]}`);
    } else kept.push(line);
  }
  return markdown.slice(0, at) + kept.join('\n');
}

/**
 * What an operation takes, searched above its body text: the top-level fields of its request body, each with its
 * allowed values and the first clause of its description (`default_branch` — "Updates the default branch for this
 * repository"; `event` — `APPROVE`, `REQUEST_CHANGES`). A reader asks for what an update sets ("change the default
 * branch", "archive a repo", "approve a PR"); in the body those words sit in a long text whose length normalisation
 * drowns them, so an endpoint whose title says nothing of them ranked below other resources' titles. Measured on the
 * GitHub question sets (bench/assistant-quality.ts, round 8): first places of the seen parts 184 -> 190 of 275.
 * Parameters (names or descriptions) and response fields measured no better or worse, and are not included.
 * Reads the layout of documents.ts `operationMarkdown` (`## Request body`, `- \`name\` (type) — description One of: …`).
 */
export function requestFields(markdown: string): string {
  const at = markdown.search(/^## Request body$/m);
  if (at < 0) return '';
  const out: string[] = [];
  for (const line of markdown.slice(at).split('\n').slice(1)) {
    if (/^## /.test(line)) break;
    // Top-level fields only: nested ones are written `parent.child`.
    const field = /^- `([^`.]+)`/.exec(line);
    if (!field) continue;
    out.push(field[1]!);
    const clause = / — ([^.]*)/.exec(line);
    if (clause) out.push(clause[1]!);
    const values = /One of: (.*)\.$/.exec(line);
    if (values) out.push(values[1]!.replace(/`/g, ''));
  }
  return searchableText(out.join('\n'));
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

interface SectionRow {
  anchor: string | null;
  heading: string | null;
  content: string;
  /** Term ids of the heading (with the headings above it) and of the body. */
  headingTerms: number[];
  bodyTerms: number[];
}

function insertDocuments(db: DatabaseSync, documents: AssistantDocument[], options: IndexOptions): number {
  // Stems first: term ids and document frequencies (pages containing the stem in any field) need every page.
  const ids = new Map<string, number>();
  const df: number[] = [0];
  // Roots (text.ts `root`) of the words behind each term: derived forms a question's word can find.
  const rootTerms = new Map<string, Set<number>>();
  const idsOf = (text: string): number[] =>
    indexWords(text).map((w) => {
      const t = stem(w);
      let id = ids.get(t);
      if (id === undefined) {
        id = df.length;
        ids.set(t, id);
        df.push(0);
      }
      const r = root(w);
      if (r !== t) {
        const set = rootTerms.get(r);
        if (set) set.add(id);
        else rootTerms.set(r, new Set([id]));
      }
      return id;
    });
  const pages: Array<{
    doc: AssistantDocument;
    path: string;
    title: number[];
    keys: number[];
    description: number[];
    sections: SectionRow[];
  }> = [];
  const seenPaths = new Set<string>();
  for (const doc of documents) {
    const path = normalisePagePath(doc.path);
    if (seenPaths.has(path)) continue;
    seenPaths.add(path);
    const page = {
      doc,
      path,
      title: idsOf(doc.title),
      keys: idsOf(keysText(doc)),
      description: idsOf(searchableText(lead(doc.description))),
      sections: [] as SectionRow[],
    };
    if (doc.operation) {
      // An endpoint page documents one operation: its parameters, body fields and responses are facets of it, so
      // the page is one section (quoted up to ENDPOINT_CONTENT characters, whole sections of it).
      // Its heading field holds what the operation takes (requestFields): the section has no heading of its own.
      page.sections.push({
        anchor: null,
        heading: null,
        content: endpointContent(doc.markdown),
        headingTerms: idsOf(requestFields(doc.markdown)),
        bodyTerms: idsOf(searchableText(endpointSearchText(doc.markdown))),
      });
    } else {
      const markdownSections = splitSections(doc.markdown);
      if (markdownSections.length === 0) markdownSections.push({ parents: [], body: doc.description ?? '' });
      let first = true;
      for (const s of markdownSections) {
        // A level-1 heading equal to the page title is the page's top, not a section of its own.
        const isTitle = s.heading !== undefined && s.parents.length === 0 && s.heading === doc.title;
        const headingText = isTitle ? undefined : [...s.parents, s.heading].filter((h): h is string => !!h).join(' › ') || undefined;
        const anchor = isTitle ? null : (s.anchor ?? null);
        const heading = headingText ? idsOf(headingText) : [];
        for (const chunk of chunkBody(s.body)) {
          if (chunk.trim() === '' && headingText === undefined && !first) continue;
          page.sections.push({
            anchor,
            heading: headingText ?? null,
            content: chunk,
            headingTerms: heading,
            bodyTerms: idsOf(searchableText(chunk)),
          });
          first = false;
        }
      }
    }
    const seen = new Set<number>([...page.title, ...page.keys, ...page.description]);
    for (const sec of page.sections) for (const t of [...sec.headingTerms, ...sec.bodyTerms]) seen.add(t);
    for (const t of seen) df[t]!++;
    pages.push(page);
  }

  const insertTerm = db.prepare('INSERT INTO terms (id, term, df) VALUES (?, ?, ?)');
  const insertPage = db.prepare(
    `INSERT INTO pages (id, path, title, description, version, language, method, api_path, title_terms, keys_terms, description_terms, first_section, section_count)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertSection = db.prepare(
    'INSERT INTO sections (id, page, anchor, heading, content, heading_terms, body_terms) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const totals: Record<Field, number> = { title: 0, keys: 0, description: 0, heading: 0, body: 0 };
  let n = 0;
  db.exec('BEGIN');
  try {
    for (const [term, id] of ids) insertTerm.run(id, term, df[id]!);
    const insertRoot = db.prepare('INSERT INTO roots (root, term) VALUES (?, ?)');
    for (const [r, terms] of rootTerms) {
      // A root shared with no other term finds nothing new.
      if (terms.size < 2 && ids.get(r) === undefined) continue;
      for (const id of terms) insertRoot.run(r, id);
    }
    pages.forEach((page, i) => {
      const { doc } = page;
      insertPage.run(
        i + 1,
        page.path,
        doc.title,
        doc.description ?? null,
        doc.version ?? null,
        doc.language ?? null,
        doc.operation?.method ?? null,
        doc.operation?.path ?? null,
        encodeTerms(page.title),
        encodeTerms(page.keys),
        encodeTerms(page.description),
        n + 1,
        page.sections.length,
      );
      totals.title += page.title.length;
      totals.keys += page.keys.length;
      totals.description += page.description.length;
      for (const sec of page.sections) {
        n++;
        insertSection.run(n, i + 1, sec.anchor, sec.heading, sec.content, encodeTerms(sec.headingTerms), encodeTerms(sec.bodyTerms));
        totals.heading += sec.headingTerms.length;
        totals.body += sec.bodyTerms.length;
      }
    });
    const meta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    meta.run('format', INDEX_FORMAT);
    meta.run('builtAt', new Date().toISOString());
    meta.run('build', randomUUID());
    meta.run('pages', String(pages.length));
    meta.run('sections', String(n));
    // Average field lengths: page fields over pages, section fields over sections.
    const averages = Object.fromEntries(
      FIELDS.map((f) => [
        f,
        (PAGE_FIELDS as readonly string[]).includes(f) ? (pages.length > 0 ? totals[f] / pages.length : 0) : n > 0 ? totals[f] / n : 0,
      ]),
    );
    meta.run('averages', JSON.stringify(averages));
    if (options.defaultLanguage) meta.run('defaultLanguage', options.defaultLanguage);
    if (options.trailingSlash) meta.run('trailingSlash', 'true');
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return n;
}
