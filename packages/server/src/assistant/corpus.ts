/**
 * The assistant's index in memory: the term dictionary with document frequencies, the pages and sections as term
 * ids, field lengths, and postings (which pages and sections hold a term, how often in each field). Loaded once per
 * build of the index (a few tens of milliseconds for a thousand pages), so a question is scored with array lookups
 * instead of SQL and string work.
 */
import type { DatabaseSync } from 'node:sqlite';
import { decodeTerms, type Field } from './indexing.ts';

export interface PageInfo {
  id: number;
  path: string;
  title: string;
  description: string | null;
  version: string | null;
  language: string | null;
  method: string | null;
  apiPath: string | null;
  /** Term ids of the page's fields. */
  title_: Uint32Array;
  keys: Uint32Array;
  description_: Uint32Array;
  firstSection: number;
  sectionCount: number;
}

/** Postings in compressed-row form: the entries of term t are `offsets[t]` up to `offsets[t + 1]`. */
export interface Postings {
  offsets: Int32Array;
  /** Page or section id of each entry. */
  ids: Int32Array;
  /** Occurrences per field of each entry (`stride` per entry, in the order of the fields). */
  tf: Uint16Array;
  stride: number;
}

export interface Corpus {
  /** Changes with every build of the index. */
  build: string;
  pageCount: number;
  sectionCount: number;
  /** Average field lengths: title/keys/description over pages, heading/body over sections. */
  averages: Record<Field, number>;
  defaultLanguage?: string;
  /** docs.json `seo.trailingSlash` when the index was built: page links end with '/'. */
  trailingSlash?: boolean;
  languages: Set<string>;
  versions: Set<string>;
  /** Term -> id; ids start at 1. */
  termIds: Map<string, number>;
  /** Id -> term. */
  termOf: string[];
  /** Pages holding each term (by id). */
  df: Int32Array;
  /** Terms by the roots of the words behind them (text.ts `root`), where a root stands for several terms. */
  roots: Map<string, number[]>;
  /** Pages by id (index 0 unused). */
  pages: PageInfo[];
  byPath: Map<string, PageInfo>;
  /** Page of each section (by section id; index 0 unused). */
  sectionPage: Int32Array;
  sectionHeading: Uint32Array[];
  sectionBody: Uint32Array[];
  /** Field lengths by page (title, keys, description) and by section (heading, body). */
  pageLength: { title: Float64Array; keys: Float64Array; description: Float64Array };
  sectionLength: { heading: Float64Array; body: Float64Array };
  /** Title, keys and description counts per page; heading and body counts per section. */
  pagePostings: Postings;
  sectionPostings: Postings;
}

interface PageRow {
  id: number;
  path: string;
  title: string;
  description: string | null;
  version: string | null;
  language: string | null;
  method: string | null;
  api_path: string | null;
  title_terms: Uint8Array | null;
  keys_terms: Uint8Array | null;
  description_terms: Uint8Array | null;
  first_section: number;
  section_count: number;
}

/** Postings of `items` (each a list of fields, each a list of term ids), items numbered from 1. */
function postingsOf(items: Uint32Array[][], termCount: number): Postings {
  const stride = items[0]?.length ?? 1;
  const seen = new Int32Array(termCount + 1);
  const counts = new Int32Array(termCount + 2);
  items.forEach((fields, i) => {
    for (const field of fields) {
      for (const t of field) {
        if (seen[t] === i + 1) continue;
        seen[t] = i + 1;
        counts[t + 1]!++;
      }
    }
  });
  const offsets = new Int32Array(termCount + 2);
  for (let t = 1; t <= termCount + 1; t++) offsets[t] = offsets[t - 1]! + counts[t]!;
  const ids = new Int32Array(offsets[termCount + 1]!);
  const tf = new Uint16Array(ids.length * stride);
  const fill = offsets.slice();
  const at = new Int32Array(termCount + 1).fill(-1);
  seen.fill(0);
  items.forEach((fields, i) => {
    fields.forEach((field, f) => {
      for (const t of field) {
        if (seen[t] !== i + 1) {
          seen[t] = i + 1;
          at[t] = fill[t]!++;
          ids[at[t]!] = i + 1;
        }
        const k = at[t]! * stride + f;
        if (tf[k]! < 65535) tf[k]!++;
      }
    });
  });
  return { offsets: offsets.subarray(0, termCount + 2), ids, tf, stride };
}

/** Read an index (see indexing.ts) into memory. */
export function loadCorpus(db: DatabaseSync): Corpus {
  const values = new Map(
    db
      .prepare('SELECT key, value FROM meta')
      .all()
      .map((r) => [String(r.key), String(r.value)] as const),
  );
  const termIds = new Map<string, number>();
  const termRows = db.prepare('SELECT id, term, df FROM terms ORDER BY id').all() as Array<{ id: number; term: string; df: number }>;
  const termCount = termRows.length === 0 ? 0 : termRows[termRows.length - 1]!.id;
  const df = new Int32Array(termCount + 1);
  const termOf: string[] = [];
  for (const r of termRows) {
    termIds.set(r.term, r.id);
    termOf[r.id] = r.term;
    df[r.id] = r.df;
  }
  const roots = new Map<string, number[]>();
  for (const r of db.prepare('SELECT root, term FROM roots').all() as Array<{ root: string; term: number }>) {
    const list = roots.get(r.root);
    if (list) list.push(r.term);
    else roots.set(r.root, [r.term]);
  }

  const pageRows = db
    .prepare(
      'SELECT id, path, title, description, version, language, method, api_path, title_terms, keys_terms, description_terms, first_section, section_count FROM pages ORDER BY id',
    )
    .all() as unknown as PageRow[];
  const pages: PageInfo[] = [];
  const byPath = new Map<string, PageInfo>();
  const languages = new Set<string>();
  const versions = new Set<string>();
  const pageCount = pageRows.length;
  const pageLength = {
    title: new Float64Array(pageCount + 1),
    keys: new Float64Array(pageCount + 1),
    description: new Float64Array(pageCount + 1),
  };
  for (const r of pageRows) {
    const info: PageInfo = {
      id: r.id,
      path: r.path,
      title: r.title,
      description: r.description,
      version: r.version,
      language: r.language,
      method: r.method,
      apiPath: r.api_path,
      title_: decodeTerms(r.title_terms),
      keys: decodeTerms(r.keys_terms),
      description_: decodeTerms(r.description_terms),
      firstSection: r.first_section,
      sectionCount: r.section_count,
    };
    pages[r.id] = info;
    byPath.set(r.path, info);
    pageLength.title[r.id] = info.title_.length;
    pageLength.keys[r.id] = info.keys.length;
    pageLength.description[r.id] = info.description_.length;
    if (r.language) languages.add(r.language);
    if (r.version) versions.add(r.version);
  }

  const sectionRows = db.prepare('SELECT id, page, heading_terms, body_terms FROM sections ORDER BY id').all() as Array<{
    id: number;
    page: number;
    heading_terms: Uint8Array | null;
    body_terms: Uint8Array | null;
  }>;
  const sectionCount = sectionRows.length;
  const sectionPage = new Int32Array(sectionCount + 1);
  const sectionHeading: Uint32Array[] = [new Uint32Array(0)];
  const sectionBody: Uint32Array[] = [new Uint32Array(0)];
  const sectionLength = { heading: new Float64Array(sectionCount + 1), body: new Float64Array(sectionCount + 1) };
  for (const r of sectionRows) {
    sectionPage[r.id] = r.page;
    const heading = decodeTerms(r.heading_terms);
    const body = decodeTerms(r.body_terms);
    sectionHeading[r.id] = heading;
    sectionBody[r.id] = body;
    sectionLength.heading[r.id] = heading.length;
    sectionLength.body[r.id] = body.length;
  }

  const corpus: Corpus = {
    build: values.get('build') ?? '',
    pageCount,
    sectionCount,
    averages: JSON.parse(values.get('averages') ?? '{}') as Record<Field, number>,
    languages,
    versions,
    termIds,
    termOf,
    df,
    roots,
    pages,
    byPath,
    sectionPage,
    sectionHeading,
    sectionBody,
    pageLength,
    sectionLength,
    pagePostings: postingsOf(
      pages.slice(1).map((p) => [p.title_, p.keys, p.description_]),
      termCount,
    ),
    sectionPostings: postingsOf(
      sectionHeading.slice(1).map((h, i) => [h, sectionBody[i + 1]!]),
      termCount,
    ),
  };
  if (values.get('defaultLanguage')) corpus.defaultLanguage = values.get('defaultLanguage')!;
  if (values.get('trailingSlash') === 'true') corpus.trailingSlash = true;
  return corpus;
}

/** The index's terms sharing the root of a reader's word (derived forms), its own stem left out. */
export function termsOfRoot(corpus: Corpus, rootOfWord: string, own: string): string[] {
  const ids = new Set(corpus.roots.get(rootOfWord) ?? []);
  const same = corpus.termIds.get(rootOfWord);
  if (same !== undefined) ids.add(same);
  const ownId = corpus.termIds.get(own);
  if (ownId !== undefined) ids.delete(ownId);
  return [...ids].map((id) => corpus.termOf[id]!);
}
