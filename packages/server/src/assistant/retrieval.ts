/**
 * Searching the assistant's index: one result per page (its best section, anchor kept), ranked by BM25F over the
 * page's title, keywords/operation and description and the section's heading and body, with the reader's
 * vocabulary expanded (ranking.ts, vocabulary.ts), earlier turns of the conversation and client context searched
 * with less weight, and the reader's language, version and current page preferred.
 *
 * `retrieve` is the entry point the message endpoints call: the conversation, the client's context, the current
 * path and the filter in; the passages to answer from out.
 */
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { FIELDS, INDEX_FORMAT, normalisePagePath, type Field } from './indexing.ts';
import { positionsOf, prepareQuery, RANKING, scoreSection, titleBonus, type CorpusStats, type SectionView, type WeightedGroup } from './ranking.ts';
import { buildQuery } from './query.ts';

export {
  buildAssistantIndex,
  buildAssistantIndexInto,
  normalisePagePath,
  INDEX_FORMAT,
  type AssistantDocument,
  type IndexOptions,
} from './indexing.ts';

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
  /** Higher is better: the page's best section, with the preferences of the request applied. */
  score: number;
  /** How well the section answers the question, 0–1, independent of other pages (the composers' threshold). */
  relevance: number;
  /** How many words of the question (or their synonyms) the section and its page mention. */
  matched: number;
  /** Endpoint pages: the operation (uppercase method). */
  operation?: { method: string; path: string };
  /** The page's description (frontmatter, or the operation's). */
  description?: string;
}

export interface SearchOptions {
  /** The question (and, appended, any client context: searched with the question's weight). */
  text: string;
  limit: number;
  version?: string;
  language?: string;
  /** Page the reader is on: results on it, or next to it, rank higher; its language and version are preferred. */
  currentPath?: string;
  /** Earlier questions of the conversation, most recent last: searched with less weight. */
  history?: string[];
  /** Client-supplied context (code, selected text): searched with less weight. */
  context?: string[];
}

export interface SearchOutcome {
  /** The plain words of the question searched for (stopwords dropped). */
  terms: string[];
  passages: Passage[];
}

export interface AssistantIndex {
  search(options: SearchOptions): SearchOutcome;
  /** Number of sections in the index. */
  size(): number;
  /** The site's default language, when the index knows it. */
  defaultLanguage(): string | undefined;
  close(): void;
}

/** Quote each term so user text can never be FTS syntax. */
export function ftsQuery(terms: string[]): string {
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}


/**
 * The FTS5 query finding candidates: every alternative of every group as a quoted phrase, OR-ed; common words
 * only where they say what a page is about (title, keywords, heading), so they don't make FTS5 rank every section.
 */
function matchExpression(groups: WeightedGroup[], stats: CorpusStats, fields: 'sections' | 'pages'): string {
  const isCommon = (stems: string[]) => stems.every((s) => stats.df(s) > stats.pages * RANKING.common);
  // In sections, common words only count in titles, keywords and headings — on large sites, and when the question
  // has a rarer word to find candidates by ("payment" alone must search everything).
  const restrict =
    fields === 'sections' && stats.pages >= RANKING.commonFrom && groups.some((g) => g.origin === 'question' && !isCommon(g.alternatives[0]!.stems));
  const parts = new Set<string>();
  for (const g of groups) {
    for (const a of g.alternatives) {
      // Weak alternatives only score candidates found by something else.
      if (a.weight * g.weight < RANKING.matchWeight) continue;
      const quoted = ftsQuery([a.stems.join(' ')]);
      parts.add(restrict && isCommon(a.stems) ? `{title keys heading} : ${quoted}` : quoted);
    }
  }
  return [...parts].join(' OR ');
}

/**
 * The page the reader is on, and pages next to it, rank higher: much higher for a short question ("test mode?",
 * "what does this return?"), which most likely asks about what the reader is looking at.
 */
function nearness(page: string, current: string | undefined, short: boolean): number {
  if (!current) return 1;
  if (page === current) return short ? 2 : 1.3;
  const a = page.split('/').filter(Boolean);
  const b = current.split('/').filter(Boolean);
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++;
  if (shared > 0 && a.length === b.length && shared === a.length - 1) return short ? 1.2 : 1.1; // same directory
  return shared > 0 ? 1.03 : 1;
}

/** A path as the index stores pages: no query, no anchor, leading slash, no trailing slash. */
function pagePathOf(path: string): string {
  return normalisePagePath(path.split('#')[0]!.split('?')[0]!);
}

/** Sections FTS5 ranks first (by bm25 over all fields)... */
const POOL = 150;
const FALLBACK_POOL = 40;
/** ...of which the first pages go on to be scored, with their best few sections; and pages found by title. */
const CANDIDATE_PAGES = 40;
const TITLE_POOL = 60;
const TITLE_PAGES = 30;
const SECTIONS_PER_PAGE = 3;

interface PageInfo {
  id: number;
  path: string;
  title: string;
  description: string | null;
  version: string | null;
  language: string | null;
  method: string | null;
  apiPath: string | null;
  stems: { title: string[]; keys: string[]; description: string[] };
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
  title_stems: string;
  keys_stems: string;
  description_stems: string;
}

interface Meta {
  /** Changes with every build of the index. */
  build: string;
  pages: number;
  averages: Record<Field, number>;
  defaultLanguage?: string;
  languages: Set<string>;
  versions: Set<string>;
  byId: Map<number, PageInfo>;
  byPath: Map<string, PageInfo>;
  /** Document frequencies looked up so far. */
  df: Map<string, number>;
}

function split(stems: string): string[] {
  return stems === '' ? [] : stems.split(' ');
}

/** Open an index built by `buildAssistantIndex` (a path or an open database). */
export function openAssistantIndex(pathOrDb: string | DatabaseSync): AssistantIndex {
  const db = typeof pathOrDb === 'string' ? new DatabaseSync(pathOrDb, { readOnly: true }) : pathOrDb;
  const where = typeof pathOrDb === 'string' ? pathOrDb : 'database';
  const format = (() => {
    try {
      return (db.prepare("SELECT value FROM meta WHERE key = 'format'").get() as { value?: string } | undefined)?.value;
    } catch {
      return undefined;
    }
  })();
  if (format !== INDEX_FORMAT) {
    if (typeof pathOrDb === 'string') db.close();
    throw new Error(
      format === undefined
        ? `not an assistant index, or one built by an older Lectern (no format ${INDEX_FORMAT}): ${where}; rebuild it (buildAssistantIndex, or delete the file)`
        : `assistant index ${where} has format ${format}, this Lectern reads ${INDEX_FORMAT}; rebuild it (buildAssistantIndex, or delete the file)`,
    );
  }

  const metaRows = db.prepare('SELECT key, value FROM meta');
  const pageRows = db.prepare(
    'SELECT id, path, title, description, version, language, method, api_path, title_stems, keys_stems, description_stems FROM pages',
  );
  const dfOf = db.prepare('SELECT df FROM terms WHERE term = ?');
  const longer = db.prepare('SELECT term FROM terms WHERE term > ? AND term < ? ORDER BY df DESC LIMIT ?');
  const textOf = db.prepare('SELECT anchor, heading, content FROM section_text WHERE id = ?');
  const sectionsOf = db.prepare('SELECT rowid, heading, body FROM sections WHERE rowid IN (SELECT value FROM json_each(?))');
  const count = db.prepare('SELECT count(*) AS n FROM sections');
  const rank = `bm25(sections, ${FIELDS.map((f) => RANKING.weight[f].toFixed(1)).join(', ')})`;
  const pageRank = `bm25(page_fields, ${(['title', 'keys', 'description'] as const).map((f) => RANKING.weight[f].toFixed(1)).join(', ')})`;
  const pageCandidates = db.prepare(
    `SELECT p.id AS page, p.first_section AS rowid, p.section_count AS sections FROM page_fields JOIN pages p ON p.id = page_fields.rowid
      WHERE page_fields MATCH :q
        AND (:version IS NULL OR page_fields.version IS NULL OR page_fields.version = :version)
        AND (:language IS NULL OR page_fields.language IS NULL OR page_fields.language = :language)
      ORDER BY ${pageRank} LIMIT :pool`,
  );
  const candidates = new Map<string, StatementSync>();
  const candidateQuery = (kind: 'strict' | 'any'): StatementSync => {
    let stmt = candidates.get(kind);
    if (!stmt) {
      stmt = db.prepare(
        `SELECT rowid, page FROM sections WHERE sections MATCH :q
           ${kind === 'strict' ? 'AND (:version IS NULL OR version IS NULL OR version = :version) AND (:language IS NULL OR language IS NULL OR language = :language)' : ''}
         ORDER BY ${rank} LIMIT :pool`,
      );
      candidates.set(kind, stmt);
    }
    return stmt;
  };

  // Site facts and the page table, read once per build of the index (the dev server rebuilds it in place).
  let meta: Meta | undefined;
  const readMeta = (): Meta => {
    const values = new Map(metaRows.all().map((r) => [String(r.key), String(r.value)] as const));
    const build = values.get('build') ?? '';
    if (meta && meta.build === build) return meta;
    const pages = new Map<number, PageInfo>();
    const languages = new Set<string>();
    const versions = new Set<string>();
    const byPath = new Map<string, PageInfo>();
    for (const r of pageRows.all() as unknown as PageRow[]) {
      const info: PageInfo = {
        id: r.id,
        path: r.path,
        title: r.title,
        description: r.description,
        version: r.version,
        language: r.language,
        method: r.method,
        apiPath: r.api_path,
        stems: { title: split(r.title_stems), keys: split(r.keys_stems), description: split(r.description_stems) },
      };
      pages.set(r.id, info);
      byPath.set(r.path, info);
      if (r.language) languages.add(r.language);
      if (r.version) versions.add(r.version);
    }
    meta = {
      build,
      pages: Number(values.get('pages') ?? 0),
      averages: JSON.parse(values.get('averages') ?? '{}') as Record<Field, number>,
      languages,
      versions,
      byId: pages,
      byPath,
      df: new Map(),
      ...(values.get('defaultLanguage') ? { defaultLanguage: values.get('defaultLanguage')! } : {}),
    };
    return meta;
  };

  return {
    search(options) {
      const m = readMeta();
      const { limit } = options;
      const query = buildQuery({ text: options.text, ...(options.history ? { history: options.history } : {}), ...(options.context ? { context: options.context } : {}) });
      const { question, groups, elliptic, methods } = query;
      const terms = question.map((g) => g.text);
      if (limit <= 0 || m.pages === 0 || groups.length === 0) return { terms, passages: [] };
      // Derived forms the stemmer keeps apart (register/registration): the index's words that start with the
      // question's stem.
      for (const g of question) {
        const own = g.alternatives[0]?.stems;
        if (!own || own.length !== 1 || own[0]!.length < RANKING.minPrefix) continue;
        for (const r of longer.all(own[0]!, `${own[0]!}\uffff`, RANKING.prefixTerms) as Array<{ term: string }>) {
          if (!g.alternatives.some((a) => a.stems.length === 1 && a.stems[0] === r.term)) g.alternatives.push({ stems: [r.term], weight: RANKING.prefixWeight });
        }
      }

      // What the request prefers: the filter, else the current page's language and version, else the default language.
      const current = options.currentPath ? pagePathOf(options.currentPath) : undefined;
      const currentPage = current ? m.byPath.get(current) : undefined;
      const prefix = current?.split('/')[1];
      const currentLanguage = currentPage?.language ?? (prefix && m.languages.has(prefix) ? prefix : undefined);
      const preferredLanguage = options.language ?? currentLanguage ?? m.defaultLanguage;
      const preferredVersion = options.version ?? currentPage?.version ?? undefined;

      const dfCache = m.df;
      const stats: CorpusStats = {
        pages: m.pages,
        averages: m.averages,
        df: (s) => {
          let v = dfCache.get(s);
          if (v === undefined) {
            v = Number((dfOf.get(s) as { df?: number } | undefined)?.df ?? 0);
            if (dfCache.size >= 50_000) dfCache.clear();
            dfCache.set(s, v);
          }
          return v;
        },
      };
      const prepared = prepareQuery(groups, stats);
      const match = matchExpression(groups, stats, 'sections');

      // Stage 1: candidates. The best sections by FTS5's bm25 (within the filter, or the preferences), of the first
      // CANDIDATE_PAGES pages; pages whose title, keywords or description match (what the bm25 of long bodies
      // buries), with their first section; and, when no filter was sent and the preferences leave few, pages outside.
      const picked = new Map<number, number[]>();
      const version = options.version ?? preferredVersion ?? null;
      const language = options.language ?? preferredLanguage ?? null;
      const add = (rows: Array<{ rowid: number | null; page: number }>, morePages: number) => {
        const limit = picked.size + morePages;
        for (const r of rows) {
          if (r.rowid == null) continue;
          const list = picked.get(r.page);
          if (list) {
            if (list.length < SECTIONS_PER_PAGE && !list.includes(r.rowid)) list.push(r.rowid);
          } else if (picked.size < limit) picked.set(r.page, [r.rowid]);
        }
      };
      type Candidate = { rowid: number | null; page: number };
      if (match !== '') add(candidateQuery('strict').all({ q: match, pool: POOL, version, language }) as Candidate[], CANDIDATE_PAGES);
      // A page found by its title comes with its first sections (a page's sections have consecutive ids).
      const byTitle = pageCandidates.all({ q: matchExpression(groups, stats, 'pages'), pool: TITLE_POOL, version, language }) as Array<Candidate & { sections: number }>;
      add(byTitle.flatMap((r) => Array.from({ length: Math.min(SECTIONS_PER_PAGE, r.sections) }, (_, i) => ({ page: r.page, rowid: r.rowid! + i }))), TITLE_PAGES);
      if (match !== '' && !options.language && !options.version && (m.languages.size > 1 || m.versions.size > 1) && picked.size < CANDIDATE_PAGES / 2) {
        add(candidateQuery('any').all({ q: match, pool: FALLBACK_POOL }) as Candidate[], FALLBACK_POOL);
      }
      if (picked.size === 0) return { terms, passages: [] };

      // Stage 2: every picked section scored with its page (BM25F, synonyms, proximity, title), best per page.
      const field = (stems: string[]) => ({ positions: positionsOf(stems, prepared.wanted), length: stems.length });
      const pageViews = new Map<number, { view: Pick<SectionView, 'title' | 'keys' | 'description'>; bonus: number }>();
      const best = new Map<number, { rowid: number; score: number; second: number; relevance: number; matched: number }>();
      const pageOfRow = new Map<number, number>();
      for (const [pageId, list] of picked) for (const rowid of list) pageOfRow.set(rowid, pageId);
      for (const row of sectionsOf.all(JSON.stringify([...pageOfRow.keys()])) as Array<{ rowid: number; heading: string; body: string }>) {
        const pageId = pageOfRow.get(row.rowid);
        if (pageId === undefined) continue;
        const info = m.byId.get(pageId)!;
        let pageView = pageViews.get(pageId);
        if (!pageView) {
          pageView = {
            view: { title: field(info.stems.title), keys: field(info.stems.keys), description: field(info.stems.description) },
            bonus: titleBonus(prepared, info.stems.title, stats),
          };
          pageViews.set(pageId, pageView);
        }
        const view: SectionView = { ...pageView.view, heading: field(split(row.heading)), body: field(split(row.body)) };
        const s = scoreSection(prepared, view, stats, pageView.bonus);
        const prev = best.get(pageId);
        if (!prev) best.set(pageId, { rowid: row.rowid, score: s.score, second: 0, relevance: s.relevance, matched: s.matched });
        else if (s.score > prev.score) best.set(pageId, { rowid: row.rowid, score: s.score, second: prev.score, relevance: s.relevance, matched: s.matched });
        else if (s.score > prev.second) prev.second = s.score;
      }

      const ranked = [...best.entries()].map(([pageId, b]) => {
        const info = m.byId.get(pageId)!;
        // The best section decides; a second section on the subject adds a little (the page is about it).
        let score = b.score + RANKING.secondSection * b.second;
        if (!options.language && preferredLanguage && info.language && info.language !== preferredLanguage) score *= RANKING.otherLanguage;
        if (!options.version && preferredVersion && info.version && info.version !== preferredVersion) score *= RANKING.otherVersion;
        score *= nearness(info.path, current, elliptic);
        if (methods.size > 0 && info.method && info.method !== 'WEBHOOK') score *= methods.has(info.method.toLowerCase()) ? RANKING.methodMatch : RANKING.methodMismatch;
        return { info, b, score };
      });
      ranked.sort((x, y) => y.score - x.score || x.info.path.localeCompare(y.info.path));

      const passages = ranked.slice(0, limit).map(({ info, b, score }): Passage => {
        const text = textOf.get(b.rowid) as { anchor: string | null; heading: string | null; content: string };
        const p: Passage = {
          path: text.anchor == null ? info.path : `${info.path}#${text.anchor}`,
          page: info.path,
          title: info.title,
          content: text.content,
          score,
          relevance: b.relevance,
          matched: b.matched,
        };
        if (text.heading != null) p.heading = text.heading;
        if (info.version != null) p.version = info.version;
        if (info.language != null) p.language = info.language;
        if (info.method != null && info.apiPath != null) p.operation = { method: info.method, path: info.apiPath };
        if (info.description != null && info.description !== '') p.description = info.description;
        return p;
      });
      return { terms, passages };
    },
    size() {
      return Number((count.get() as { n: number }).n);
    },
    defaultLanguage() {
      return readMeta().defaultLanguage;
    },
    close() {
      if (db.isOpen) db.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The entry point of the message endpoints

export interface ConversationTurn {
  role: 'user' | 'assistant';
  text: string;
}

export interface RetrieveRequest {
  /** The conversation, oldest first; the last user turn is the question. */
  turns: ConversationTurn[];
  /** Client-supplied context (`context[].value`: code, selected text). */
  context?: string[];
  currentPath?: string;
  filter?: { version?: string | null; language?: string | null } | null;
  /** How many pages to return (`retrievalPageSize`). */
  limit: number;
}

export interface Retrieval extends SearchOutcome {
  /** The question: the last user turn. */
  question: string;
  /** What was searched for, as shown in the `search` tool call: the question, then the context. */
  query: string;
}

/** Search the index for the last question of a conversation, with the earlier questions in mind. */
export function retrieve(index: AssistantIndex, request: RetrieveRequest): Retrieval {
  const users = request.turns.filter((t) => t.role === 'user' && t.text.trim() !== '');
  const question = users.at(-1)?.text.trim() ?? '';
  const context = (request.context ?? []).map((c) => c.slice(0, 500)).filter((c) => c.trim() !== '');
  const query = context.length > 0 ? `${question}\n${context.join('\n')}` : question;
  const options: SearchOptions = { text: question, limit: request.limit };
  // Earlier questions, without repeats of this one (a client may resend a question the thread already holds).
  const same = (t: string) => t.trim().toLowerCase() === question.toLowerCase();
  const history = users.slice(0, -1).map((t) => t.text).filter((t) => !same(t));
  if (history.length > 0) options.history = history;
  if (context.length > 0) options.context = context;
  if (request.filter?.version) options.version = request.filter.version;
  if (request.filter?.language) options.language = request.filter.language;
  if (request.currentPath) options.currentPath = request.currentPath;
  return { ...index.search(options), question, query };
}

/** A message as v1 (AI SDK 4) and v2 (AI SDK 5) clients send it: text in `parts`, or in `content`. */
export interface MessageLike {
  role: string;
  content?: string;
  parts?: ReadonlyArray<{ type: string; text?: string }>;
}

/**
 * The conversation of a request: the messages the client sent, and when it sent only the new question, the
 * earlier turns stored in its thread.
 */
export function conversationTurns(
  messages: ReadonlyArray<MessageLike>,
  stored: ReadonlyArray<{ role: 'user' | 'assistant'; content: string }> = [],
): ConversationTurn[] {
  const turns: ConversationTurn[] = [];
  for (const m of messages) {
    if (m.role !== 'user' && m.role !== 'assistant') continue;
    const fromParts = (m.parts ?? [])
      .filter((p) => p.type === 'text' && typeof p.text === 'string')
      .map((p) => p.text)
      .join('\n')
      .trim();
    const text = fromParts !== '' ? fromParts : (m.content ?? '').trim();
    if (text !== '') turns.push({ role: m.role, text });
  }
  const asked = turns.filter((t) => t.role === 'user').length;
  if (asked <= 1 && stored.length > 0) return [...stored.map((s) => ({ role: s.role, text: s.content })), ...turns];
  return turns;
}
