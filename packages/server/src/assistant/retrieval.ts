/**
 * Searching the assistant's index: one result per page (its best section, anchor kept), ranked by BM25F over the
 * page's title, keywords/operation and description and the section's heading and body, with the reader's
 * vocabulary expanded (ranking.ts, vocabulary.ts), earlier turns of the conversation and client context searched
 * with less weight, and the reader's language, version and current page preferred (priors.ts).
 *
 * `retrieve` is the entry point the message endpoints call: the conversation, the client's context, the current
 * path and the filter in; the passages to answer from out.
 */
import { DatabaseSync } from 'node:sqlite';
import { loadCorpus, termsOfRoot, type Corpus, type PageInfo } from './corpus.ts';
import { indexStems, root, stem } from './text.ts';
import { pageLinks } from './links.ts';
import { INDEX_FORMAT, normalisePagePath } from './indexing.ts';
import {
  createScratch,
  exactScore,
  firstPass,
  positionsOf,
  prepareQuery,
  RANKING,
  type FirstPass,
  type PreparedQuery,
  type Scratch,
  type SectionScore,
  type WeightedGroup,
} from './ranking.ts';
import { buildQuery, HISTORY, type Query } from './query.ts';
import type { Action } from './intent.ts';
import { pagePrior, type OperationFacts, type Preferences } from './priors.ts';

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
  /** The reader's language, when known: the filter's, else that of the page they are on (the composers answer in it). */
  language?: string;
}

export interface AssistantIndex {
  search(options: SearchOptions): SearchOutcome;
  /** Number of sections in the index. */
  size(): number;
  /** The site's default language, when the index knows it. */
  defaultLanguage(): string | undefined;
  close(): void;
}

/** The index in memory, with what was worked out about its operations (by page id, when first needed). */
interface Loaded extends OperationFacts {
  corpus: Corpus;
  scratch: Scratch;
}

/** A path as the index stores pages: no query, no anchor, leading slash, no trailing slash. */
function pagePathOf(path: string): string {
  return normalisePagePath(path.split('#')[0]!.split('?')[0]!);
}

/** The language of the page at `currentPath`: its own, else its first path segment when that is one of the site's. */
function languageOfPath(corpus: Corpus, currentPath: string | undefined): string | undefined {
  const current = currentPath ? pagePathOf(currentPath) : undefined;
  const prefix = current?.split('/')[1];
  return (
    (current ? corpus.byPath.get(current)?.language : undefined) ??
    (prefix && corpus.languages.has(prefix) ? prefix : undefined) ??
    undefined
  );
}

interface SectionText {
  anchor: string | null;
  heading: string | null;
  content: string;
}

/** How much more a question's words must be another language's than the preferred one's (see `languageLean`). */
const LANGUAGE_LEAN = 1;

/**
 * The language whose pages the question's words are most typical of, compared with `preferred`: over the question's
 * words, the sum of log(share of that language's pages holding the word / share of the preferred language's pages).
 * An English question leans to English on a Chinese site whose pages keep English only in code and product names.
 */
function languageLean(corpus: Corpus, question: WeightedGroup[], preferred: string): { language: string; by: number } | undefined {
  const pages = new Map<string, number>();
  for (let p = 1; p <= corpus.pageCount; p++) {
    const l = corpus.pages[p]!.language;
    if (l) pages.set(l, (pages.get(l) ?? 0) + 1);
  }
  const lean = new Map<string, number>();
  const seen = new Uint8Array(corpus.pageCount + 1);
  for (const g of question) {
    if (g.negated) continue;
    for (const term of g.alternatives[0]?.stems ?? []) {
      const t = corpus.termIds.get(term);
      if (t === undefined) continue;
      const holding = pagesHoldingByLanguage(corpus, t, seen);
      const share = (l: string) => ((holding.get(l) ?? 0) + 1) / ((pages.get(l) ?? 0) + 1);
      for (const l of pages.keys()) if (l !== preferred) lean.set(l, (lean.get(l) ?? 0) + Math.log(share(l) / share(preferred)));
    }
  }
  let best: { language: string; by: number } | undefined;
  for (const [language, by] of lean) if (!best || by > best.by) best = { language, by };
  return best;
}

/** How many pages of each language hold term `t` (in a page field or a section); `seen` is working space. */
function pagesHoldingByLanguage(corpus: Corpus, t: number, seen: Uint8Array): Map<string, number> {
  seen.fill(0);
  const holding = new Map<string, number>();
  const count = (p: number) => {
    const l = corpus.pages[p]!.language;
    if (seen[p] || !l) return;
    seen[p] = 1;
    holding.set(l, (holding.get(l) ?? 0) + 1);
  };
  const { pagePostings: pp, sectionPostings: sp, sectionPage } = corpus;
  for (let e = pp.offsets[t]!; e < pp.offsets[t + 1]!; e++) count(pp.ids[e]!);
  for (let e = sp.offsets[t]!; e < sp.offsets[t + 1]!; e++) count(sectionPage[sp.ids[e]!]!);
  return holding;
}

/** Pages scored exactly (word positions) after the first pass, at least; and sections per page. */
const RERANK_PAGES = 30;
const SECTIONS_PER_PAGE = 3;
/** With no filter sent, pages outside the preferred language and version are searched when fewer match inside. */
const FALLBACK_BELOW = 20;

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

  const buildOf = db.prepare("SELECT value FROM meta WHERE key = 'build'");
  const textOf = db.prepare('SELECT anchor, heading, content FROM sections WHERE id = ?');
  // The index in memory, read again when it was rebuilt (the dev server rebuilds it in place).
  let loaded: Loaded | undefined;
  const inMemory = (): Loaded => {
    const build = String((buildOf.get() as { value?: string } | undefined)?.value ?? '');
    if (!loaded || loaded.corpus.build !== build) {
      const corpus = loadCorpus(db);
      loaded = { corpus, scratch: createScratch(corpus), operations: [], scopes: [] };
    }
    return loaded;
  };

  return {
    search(options) {
      const { corpus, scratch, operations, scopes } = inMemory();
      const built = buildQuery({
        text: options.text,
        ...(options.history ? { history: options.history } : {}),
        ...(options.context ? { context: options.context } : {}),
      });
      const terms = built.question.map((g) => g.text);
      const currentLanguage = languageOfPath(corpus, options.currentPath);
      const readerLanguage = options.language ?? currentLanguage;
      const outcome = (passages: Passage[], language = readerLanguage): SearchOutcome =>
        language ? { terms, passages, language } : { terms, passages };
      if (options.limit <= 0 || corpus.pageCount === 0 || built.groups.length === 0) return outcome([]);

      const query = withIndexForms(corpus, built);
      const search: Search = {
        corpus,
        scratch,
        facts: { operations, scopes },
        query,
        prepared: prepareQuery(query.groups, corpus),
        limit: options.limit,
        sectionText: sectionTextReader((sec) => textOf.get(sec) as unknown as SectionText),
      };
      const preferences = preferencesOf(corpus, options, options.language ?? currentLanguage ?? corpus.defaultLanguage);
      let ranked = rankPages(search, preferences);
      let language = readerLanguage;
      // An explicit language filter is always obeyed.
      if (!options.language && corpus.languages.size > 1) {
        const other = rankInQuestionLanguage(search, preferences, ranked);
        if (other) ({ ranked, language } = other);
      }
      if (ranked.length === 0) return outcome([]);
      const passages = ranked
        .slice(0, options.limit)
        .map((r) => passageOf(r, search.sectionText(r.top.sec), corpus.trailingSlash === true));
      return outcome(passages, language);
    },
    size() {
      return inMemory().corpus.sectionCount;
    },
    defaultLanguage() {
      return inMemory().corpus.defaultLanguage;
    },
    close() {
      loaded = undefined;
      if (db.isOpen) db.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// One search

/** What stays the same through one search (both passes when it is searched in a second language). */
interface Search {
  corpus: Corpus;
  scratch: Scratch;
  facts: OperationFacts;
  /** The query, its words widened by the index's forms of them (`withIndexForms`). */
  query: Query;
  prepared: PreparedQuery;
  /** How many pages the request wants. */
  limit: number;
  sectionText: (sec: number) => SectionText;
}

/** A page in the ranking: its best section (scored exactly) and the page's score with the priors applied. */
interface RankedPage {
  info: PageInfo;
  top: SectionScore & { sec: number };
  score: number;
}

/** Reads a section's text from the index once per search (the link check and the passages both need it). */
function sectionTextReader(read: (sec: number) => SectionText): (sec: number) => SectionText {
  const texts = new Map<number, SectionText>();
  return (sec) => {
    let text = texts.get(sec);
    if (!text) texts.set(sec, (text = read(sec)));
    return text;
  };
}

/**
 * The query with the index's own forms of the question's words added as alternatives: derived forms the stemmer
 * keeps apart (watcher/watch, registration/register), and for a question that deletes, the un- verb of a word
 * ("take the star back", "remove my star": `unstar`).
 */
function withIndexForms(corpus: Corpus, query: Query): Query {
  const widened = new Map(query.question.map((g) => [g, withUndoneForm(corpus, withDerivedForms(corpus, g), query.actions)]));
  return { ...query, question: query.question.map((g) => widened.get(g)!), groups: query.groups.map((g) => widened.get(g) ?? g) };
}

/** A one-word group with, as alternatives, the index's terms whose words share its word's root. */
function withDerivedForms(corpus: Corpus, g: WeightedGroup): WeightedGroup {
  const own = g.alternatives[0]?.stems;
  if (!own || own.length !== 1 || g.text.includes(' ')) return g;
  const alternatives = [...g.alternatives];
  for (const term of termsOfRoot(corpus, root(g.text), own[0]!)) {
    if (!alternatives.some((a) => a.stems.length === 1 && a.stems[0] === term))
      alternatives.push({ stems: [term], weight: RANKING.rootWeight });
  }
  return alternatives.length === g.alternatives.length ? g : { ...g, alternatives };
}

/** For a question that deletes, the index's un- verb of a one-word group's word (`unstar` for "star"). */
function withUndoneForm(corpus: Corpus, g: WeightedGroup, actions: Set<Action>): WeightedGroup {
  if (!actions.has('delete') || g.text.includes(' ') || g.text.startsWith('un')) return g;
  const undone = stem(`un${g.text}`);
  if (!corpus.termIds.has(undone) || g.alternatives.some((a) => a.stems.length === 1 && a.stems[0] === undone)) return g;
  return { ...g, alternatives: [...g.alternatives, { stems: [undone], weight: RANKING.undoneWeight }] };
}

/** What the request prefers: the filter, else the current page's language and version, else the default language. */
function preferencesOf(corpus: Corpus, options: SearchOptions, language: string | undefined): Preferences {
  const currentPage = options.currentPath ? pagePathOf(options.currentPath) : undefined;
  const version = options.version ?? (currentPage ? corpus.byPath.get(currentPage) : undefined)?.version ?? undefined;
  return { language, version, languageFiltered: Boolean(options.language), versionFiltered: Boolean(options.version), currentPage };
}

/**
 * The leading pages in the language and version preferred, each with its best section: a first pass over every
 * section, then the leading pages scored exactly (phrases, proximity) on their best sections, then pages deferring
 * to a page they send the reader to.
 */
function rankPages(search: Search, preferences: Preferences): RankedPage[] {
  const { corpus, prepared, query, limit } = search;
  const priorInput = { preferences, query, facts: search.facts };
  const prior = (info: PageInfo) => pagePrior(info, priorInput);
  const { first, candidates } = firstPassPages(corpus, prepared, search.scratch, preferences);
  const leading = rankByFirstPass(corpus, first, candidates, prior).slice(0, Math.max(limit, RERANK_PAGES));
  const ranked = leading.map(({ page, sections }) => scoreExactly(corpus, prepared, first.titleBonus(page), page, sections, prior));
  if (ranked.length === 0) return ranked;
  const deferred = deferToLinkedPages(ranked, ownStems(query.question), limit, search.sectionText);
  return deferred.sort((x, y) => y.score - x.score || x.info.path.localeCompare(y.info.path));
}

/** Pages searched: within the filter, or the preferences (unversioned, language-less pages always); undefined: all. */
function allowedPages(corpus: Corpus, { version, language }: Preferences): Uint8Array | undefined {
  if (!(version && corpus.versions.size > 0) && !(language && corpus.languages.size > 0)) return undefined;
  const allowed = new Uint8Array(corpus.pageCount + 1);
  for (let p = 1; p <= corpus.pageCount; p++) {
    const info = corpus.pages[p]!;
    allowed[p] =
      (!version || !info.version || info.version === version) && (!language || !info.language || info.language === language) ? 1 : 0;
  }
  return allowed;
}

/**
 * The first pass over the allowed pages, and each page's best sections; with no filter sent and fewer than
 * `FALLBACK_BELOW` pages matching, over all pages.
 */
function firstPassPages(
  corpus: Corpus,
  prepared: PreparedQuery,
  scratch: Scratch,
  preferences: Preferences,
): { first: FirstPass; candidates: Map<number, PageSections> } {
  const allowed = allowedPages(corpus, preferences);
  const first = firstPass(corpus, prepared, allowed, scratch);
  const candidates = bestSections(corpus, first);
  const filtered = preferences.languageFiltered || preferences.versionFiltered;
  if (!allowed || filtered || candidates.size >= FALLBACK_BELOW) return { first, candidates };
  const all = firstPass(corpus, prepared, undefined, scratch);
  return { first: all, candidates: bestSections(corpus, all) };
}

/** The best section decides; a second section on the subject adds a little (the page is about it). */
function pageScore(best: number, second: number | undefined): number {
  return best + (second === undefined ? 0 : RANKING.secondSection * second);
}

/** Pages by their first-pass score (title bonus and priors applied), best first. */
function rankByFirstPass(
  corpus: Corpus,
  first: FirstPass,
  candidates: Map<number, PageSections>,
  prior: (info: PageInfo) => number,
): Array<{ page: number; sections: number[]; score: number }> {
  const ranked = [...candidates].map(([page, c]) => {
    const bonus = first.titleBonus(page);
    const second = c.scores[1];
    return {
      page,
      sections: c.sections,
      score: pageScore(c.scores[0]! + bonus, second === undefined ? undefined : second + bonus) * prior(corpus.pages[page]!),
    };
  });
  return ranked.sort((x, y) => y.score - x.score || x.page - y.page);
}

/** A page scored exactly on its best sections (word positions: phrases, proximity); the best one is kept. */
function scoreExactly(
  corpus: Corpus,
  prepared: PreparedQuery,
  titleBonus: number,
  page: number,
  sections: number[],
  prior: (info: PageInfo) => number,
): RankedPage {
  const info = corpus.pages[page]!;
  const field = (terms: Uint32Array) => ({ positions: positionsOf(terms, prepared.termWeight), length: terms.length });
  const pageView = { title: field(info.title_), keys: field(info.keys), description: field(info.description_) };
  const scored = sections
    .map((sec) => ({
      sec,
      ...exactScore(
        prepared,
        { ...pageView, heading: field(corpus.sectionHeading[sec]!), body: field(corpus.sectionBody[sec]!) },
        corpus,
        titleBonus,
      ),
    }))
    .sort((x, y) => y.score - x.score || x.sec - y.sec);
  const top = scored[0]!;
  return { info, top, score: pageScore(top.score, scored[1]?.score) * prior(info) };
}

/** The stems the question's own words are searched by (not those it negates, nor synonyms). */
function ownStems(question: WeightedGroup[]): Set<string> {
  return new Set(question.filter((g) => !g.negated).flatMap((g) => g.alternatives[0]?.stems ?? []));
}

/**
 * A section that sends the reader to another page for what was asked — a link whose text has one of the question's
 * own words, to a page among these — defers to that page: the overview's card for Docusaurus, the guide's "add a
 * [redirect](/create/redirects)". Only pages that can still be among the first `limit` after it are read (it lowers
 * a score by at most that).
 */
function deferToLinkedPages(
  ranked: RankedPage[],
  own: Set<string>,
  limit: number,
  sectionText: (sec: number) => SectionText,
): RankedPage[] {
  const rankedPaths = new Set(ranked.map((r) => r.info.path));
  const bound = ranked.map((r) => r.score).sort((x, y) => y - x)[Math.min(limit, ranked.length) - 1]! * RANKING.deferToLink;
  const sendsAway = (r: RankedPage) =>
    pageLinks(sectionText(r.top.sec).content).some(
      (link) => link.page !== r.info.path && rankedPaths.has(link.page) && indexStems(link.text).some((s) => own.has(s)),
    );
  return ranked.map((r) => (r.score >= bound && sendsAway(r) ? { ...r, score: r.score * RANKING.deferToLink } : r));
}

/**
 * A question in another language than the preferred one (asked in English on a Chinese page, where only the English
 * words left in code and product names match, and the section with the most English code wins): when its words are
 * another language's (`languageLean`) and that language's best page holds more of them, and scores higher, than any
 * page of the preferred one, the question is searched in that language, and answered in it. Undefined: it is not.
 */
function rankInQuestionLanguage(
  search: Search,
  preferences: Preferences,
  ranked: RankedPage[],
): { ranked: RankedPage[]; language: string } | undefined {
  const { question } = search.query;
  if (!preferences.language) return undefined;
  const preferred = ranked.filter((r) => r.info.language == null || r.info.language === preferences.language);
  const mostMatched = Math.max(0, ...preferred.map((r) => r.top.matched));
  if (mostMatched >= question.length) return undefined;
  const lean = languageLean(search.corpus, question, preferences.language);
  if (!lean || lean.by < LANGUAGE_LEAN) return undefined;
  const inOther = rankPages(search, { ...preferences, language: lean.language });
  const top = inOther[0];
  const wins = top?.info.language === lean.language && top.top.matched > mostMatched && top.score > (preferred[0]?.score ?? 0);
  return wins ? { ranked: inOther, language: lean.language } : undefined;
}

/** The address a reader follows: with docs.json `seo.trailingSlash`, the page's with its slash (no extra 308). */
function pageLink(page: string, trailingSlash: boolean): string {
  return trailingSlash && page !== '/' ? `${page}/` : page;
}

/** What the composers answer from: a ranked page's best section. */
function passageOf({ info, top, score }: RankedPage, text: SectionText, trailingSlash: boolean): Passage {
  const link = pageLink(info.path, trailingSlash);
  const p: Passage = {
    path: text.anchor == null ? link : `${link}#${text.anchor}`,
    page: info.path,
    title: info.title,
    content: text.content,
    score,
    relevance: top.relevance,
    matched: top.matched,
  };
  if (text.heading != null) p.heading = text.heading;
  if (info.version != null) p.version = info.version;
  if (info.language != null) p.language = info.language;
  if (info.method != null && info.apiPath != null) p.operation = { method: info.method, path: info.apiPath };
  if (info.description != null && info.description !== '') p.description = info.description;
  return p;
}

/** A page's best sections by the first pass, best first, with their scores. */
interface PageSections {
  sections: number[];
  scores: number[];
}

/** Each page's best sections by the first pass (at most `SECTIONS_PER_PAGE`, best first). */
function bestSections(corpus: Corpus, first: FirstPass): Map<number, PageSections> {
  const out = new Map<number, PageSections>();
  for (let i = 0; i < first.count; i++) {
    const sec = first.sections[i]!;
    const score = first.score[sec]!;
    const page = corpus.sectionPage[sec]!;
    const entry = out.get(page);
    if (!entry) {
      out.set(page, { sections: [sec], scores: [score] });
      continue;
    }
    let at = entry.scores.length;
    while (at > 0 && entry.scores[at - 1]! < score) at--;
    if (at >= SECTIONS_PER_PAGE) continue;
    entry.sections.splice(at, 0, sec);
    entry.scores.splice(at, 0, score);
    if (entry.sections.length > SECTIONS_PER_PAGE) {
      entry.sections.pop();
      entry.scores.pop();
    }
  }
  return out;
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

/**
 * The most characters of a question (and of each earlier question) the search reads. The search keeps at most 24
 * groups of words anyway, but reading the words (stems, phrases, intent) costs time in proportion to the text, on the
 * event loop: a question at the size cap (16,000 characters) took ~200 ms, so a few in parallel held up every other
 * request of the server (issue 38, finding 5). The whole question is still stored and given to the composer.
 */
export const MAX_SEARCH_CHARS = 2_000;

/** The first `MAX_SEARCH_CHARS` characters of `text`, cut at a space when there is one near the end. */
export function searchPart(text: string): string {
  if (text.length <= MAX_SEARCH_CHARS) return text;
  const cut = text.slice(0, MAX_SEARCH_CHARS);
  const space = cut.lastIndexOf(' ');
  return space > MAX_SEARCH_CHARS - 100 ? cut.slice(0, space) : cut;
}

/** Search the index for the last question of a conversation, with the earlier questions in mind. */
export function retrieve(index: AssistantIndex, request: RetrieveRequest): Retrieval {
  const users = request.turns.filter((t) => t.role === 'user' && t.text.trim() !== '');
  const question = users.at(-1)?.text.trim() ?? '';
  const context = (request.context ?? []).map((c) => c.slice(0, 500)).filter((c) => c.trim() !== '');
  const query = context.length > 0 ? `${question}\n${context.join('\n')}` : question;
  const options: SearchOptions = { text: searchPart(question), limit: request.limit };
  // Earlier questions, without repeats of this one (a client may resend a question the thread already holds).
  const same = (t: string) => t.trim().toLowerCase() === question.toLowerCase();
  const history = users
    .slice(0, -1)
    .map((t) => t.text)
    .filter((t) => !same(t))
    .slice(-HISTORY.turns)
    .map(searchPart);
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
