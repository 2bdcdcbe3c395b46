/**
 * Searching the assistant's index: one result per page (its best section, anchor kept), ranked by BM25F over the
 * page's title, keywords/operation and description and the section's heading and body, with the reader's
 * vocabulary expanded (ranking.ts, vocabulary.ts), earlier turns of the conversation and client context searched
 * with less weight, and the reader's language, version and current page preferred.
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
  type Scratch,
  type WeightedGroup,
} from './ranking.ts';
import { buildQuery, HISTORY } from './query.ts';
import { pathScope, titleActions, titleIsBulk, type Action, type PathScope } from './intent.ts';

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

/**
 * Whether a GET endpoint lists a collection (rather than reading one item): its title says so ("List …", "Get all
 * …"), or, when the title starts with neither "List" nor "Get", its path ends in a collection rather than a
 * parameter.
 */
export function readsCollection(title: string, apiPath: string): boolean {
  if (/^(list|get all)\b/i.test(title.trim())) return true;
  if (/^get\b/i.test(title.trim())) return false;
  return !/\}\/?$/.test(apiPath);
}

/** The index in memory, with what was worked out about its operations (by page id, when first needed). */
interface Loaded {
  corpus: Corpus;
  scratch: Scratch;
  operations: Array<{ actions: Set<Action>; bulk: boolean } | undefined>;
  scopes: Array<PathScope | undefined>;
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
      const share = (l: string) => ((holding.get(l) ?? 0) + 1) / ((pages.get(l) ?? 0) + 1);
      for (const l of pages.keys()) if (l !== preferred) lean.set(l, (lean.get(l) ?? 0) + Math.log(share(l) / share(preferred)));
    }
  }
  let best: { language: string; by: number } | undefined;
  for (const [language, by] of lean) if (!best || by > best.by) best = { language, by };
  return best;
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
      const { corpus, scratch, operations, scopes: pageScopes } = inMemory();
      const { limit } = options;
      const query = buildQuery({
        text: options.text,
        ...(options.history ? { history: options.history } : {}),
        ...(options.context ? { context: options.context } : {}),
      });
      const { question, groups, elliptic, methods, collection, everyItem, aboutState, actions, number, scopes } = query;
      const terms = question.map((g) => g.text);
      const currentLanguage = languageOfPath(corpus, options.currentPath);
      const readerLanguage = options.language ?? currentLanguage;
      const outcome = (passages: Passage[], language = readerLanguage): SearchOutcome =>
        language ? { terms, passages, language } : { terms, passages };
      if (limit <= 0 || corpus.pageCount === 0 || groups.length === 0) return outcome([]);
      // Derived forms the stemmer keeps apart (watcher/watch, registration/register): the index's terms whose words
      // share the root of the question's word.
      for (const g of question) {
        const own = g.alternatives[0]?.stems;
        if (!own || own.length !== 1 || g.text.includes(' ')) continue;
        for (const term of termsOfRoot(corpus, root(g.text), own[0]!)) {
          if (!g.alternatives.some((a) => a.stems.length === 1 && a.stems[0] === term))
            g.alternatives.push({ stems: [term], weight: RANKING.rootWeight });
        }
      }

      // Undoing what a word names ("take the star back", "remove my star"): the index's un- verb (`unstar`).
      if (actions.has('delete')) {
        for (const g of question) {
          if (g.text.includes(' ') || g.text.startsWith('un')) continue;
          const undone = stem(`un${g.text}`);
          if (corpus.termIds.has(undone) && !g.alternatives.some((a) => a.stems.length === 1 && a.stems[0] === undone))
            g.alternatives.push({ stems: [undone], weight: RANKING.undoneWeight });
        }
      }
      // What the request prefers: the filter, else the current page's language and version, else the default language.
      const current = options.currentPath ? pagePathOf(options.currentPath) : undefined;
      const currentPage = current ? corpus.byPath.get(current) : undefined;
      const preferredVersion = options.version ?? currentPage?.version ?? undefined;
      const sectionText = new Map<number, SectionText>();
      const textOfSection = (sec: number): SectionText => {
        let text = sectionText.get(sec);
        if (!text) sectionText.set(sec, (text = textOf.get(sec) as unknown as SectionText));
        return text;
      };

      // The address a reader follows: with docs.json `seo.trailingSlash`, the page's with its slash (no extra 308).
      const pageLink = (page: string) => (corpus.trailingSlash && page !== '/' ? `${page}/` : page);
      const prepared = prepareQuery(groups, corpus);
      // The leading pages, each with its best section, searched with `preferredLanguage` preferred (undefined: none).
      const rankIn = (preferredLanguage: string | undefined) => {
        // Pages searched: within the filter, or the preferences (unversioned, language-less pages always).
        const version = options.version ?? preferredVersion;
        const language = options.language ?? preferredLanguage;
        let allowed: Uint8Array | undefined;
        if ((version && corpus.versions.size > 0) || (language && corpus.languages.size > 0)) {
          allowed = new Uint8Array(corpus.pageCount + 1);
          for (let p = 1; p <= corpus.pageCount; p++) {
            const info = corpus.pages[p]!;
            allowed[p] =
              (!version || !info.version || info.version === version) && (!language || !info.language || info.language === language)
                ? 1
                : 0;
          }
        }
        // Request preferences, as a factor on a page's score.
        const prior = (info: PageInfo): number => {
          let f = 1;
          if (!options.language && preferredLanguage && info.language && info.language !== preferredLanguage) f *= RANKING.otherLanguage;
          if (!options.version && preferredVersion && info.version && info.version !== preferredVersion) f *= RANKING.otherVersion;
          f *= nearness(info.path, current, elliptic);
          if (methods.size > 0 && info.method && info.method !== 'WEBHOOK')
            f *= methods.has(info.method.toLowerCase()) ? RANKING.methodMatch : RANKING.methodMismatch;
          // A question for a collection: an endpoint listing one answers it rather than one reading a single item.
          if (collection && info.method === 'GET' && info.apiPath)
            f *= readsCollection(info.title, info.apiPath) ? RANKING.collection : RANKING.itemForCollection;
          // "What's the URL of my Pages site…?", "Which configurations get applied…?": a state is read, not written.
          if (aboutState && info.method && info.method !== 'GET' && info.method !== 'WEBHOOK') f *= RANKING.writeForState;
          // The operation's own action (its title's verb: Create / Get / Update / Remove …) when it is the question's
          // (on top of the method: POST creates and updates), and an operation on all items at once for a question
          // about one (for a question about all of them, it is the one). A title verb of another action is not held
          // against a page: the method prior does that.
          if (info.method && info.method !== 'WEBHOOK' && (actions.size > 0 || number === 'one')) {
            const op = (operations[info.id] ??= { actions: titleActions(info.title), bulk: titleIsBulk(info.title) });
            if (actions.size > 0 && op.actions.size > 0) if ([...op.actions].some((a) => actions.has(a))) f *= RANKING.actionMatch;
            if (number === 'one' && op.bulk) f *= RANKING.bulkForOne;
            if (everyItem && op.bulk) f *= RANKING.bulkForAll;
          }
          // The owner the question names (an organization, a repository, another user, the reader) against the
          // operation's path: \`/orgs/{org}/…\`, \`/repos/{owner}/{repo}/…\`, \`/users/{username}/…\`, \`/user/…\`.
          if (scopes.size > 0 && info.apiPath && info.method !== 'WEBHOOK') {
            const scope = (pageScopes[info.id] ??= pathScope(info.apiPath));
            let named = false;
            for (const s of scope.named) if (scopes.has(s)) named = true;
            if (named) f *= RANKING.scopeMatch;
            else if (scope.owner && scope.owner !== 'repo') f *= RANKING.scopeMismatch;
          }
          return f;
        };
        // The best section decides; a second section on the subject adds a little (the page is about it).
        const pageScore = (best: number, second: number | undefined) => best + (second === undefined ? 0 : RANKING.secondSection * second);

        let first = firstPass(corpus, prepared, allowed, scratch);
        let candidates = bestSections(corpus, first);
        if (allowed && !options.language && !options.version && candidates.size < FALLBACK_BELOW) {
          first = firstPass(corpus, prepared, undefined, scratch);
          candidates = bestSections(corpus, first);
        }
        // First pass ranking, then the leading pages scored exactly (phrases, proximity) on their best sections.
        const firstRanked = [...candidates].map(([page, c]) => {
          const bonus = first.titleBonus(page);
          const second = c.scores[1];
          return {
            page,
            sections: c.sections,
            score: pageScore(c.scores[0]! + bonus, second === undefined ? undefined : second + bonus) * prior(corpus.pages[page]!),
          };
        });
        firstRanked.sort((x, y) => y.score - x.score || x.page - y.page);
        const field = (terms: Uint32Array) => ({ positions: positionsOf(terms, prepared.termWeight), length: terms.length });
        const ranked = firstRanked.slice(0, Math.max(limit, RERANK_PAGES)).map(({ page, sections }) => {
          const info = corpus.pages[page]!;
          const pageView = { title: field(info.title_), keys: field(info.keys), description: field(info.description_) };
          const bonus = first.titleBonus(page);
          const scored = sections
            .map((sec) => ({
              sec,
              ...exactScore(
                prepared,
                { ...pageView, heading: field(corpus.sectionHeading[sec]!), body: field(corpus.sectionBody[sec]!) },
                corpus,
                bonus,
              ),
            }))
            .sort((x, y) => y.score - x.score || x.sec - y.sec);
          const top = scored[0]!;
          return { info, top, score: pageScore(top.score, scored[1]?.score) * prior(info) };
        });
        if (ranked.length === 0) return ranked;
        // A section that sends the reader to another page for what was asked — a link whose text has one of the
        // question's own words, to a page among these — defers to that page: the overview's card for Docusaurus, the
        // guide's "add a [redirect](/create/redirects)".
        const own = new Set(question.filter((g) => !g.negated).flatMap((g) => g.alternatives[0]?.stems ?? []));
        const rankedPaths = new Set(ranked.map((r) => r.info.path));
        // Only pages that can still be among the first `limit` after it are read (it lowers a score by at most that).
        const bound = ranked.map((r) => r.score).sort((x, y) => y - x)[Math.min(limit, ranked.length) - 1]! * RANKING.deferToLink;
        for (const r of ranked) {
          if (r.score < bound) continue;
          const away = pageLinks(textOfSection(r.top.sec).content).some(
            (link) => link.page !== r.info.path && rankedPaths.has(link.page) && indexStems(link.text).some((s) => own.has(s)),
          );
          if (away) r.score *= RANKING.deferToLink;
        }
        ranked.sort((x, y) => y.score - x.score || x.info.path.localeCompare(y.info.path));
        return ranked;
      };

      const preferredLanguage = options.language ?? currentLanguage ?? corpus.defaultLanguage;
      let ranked = rankIn(preferredLanguage);
      let language = readerLanguage;
      // A question in another language than the preferred one (asked in English on a Chinese page, where only the
      // English words left in code and product names match, and the section with the most English code wins): when
      // its words are another language's (`languageLean`) and that language's best page holds more of them, and
      // scores higher, than any page of the preferred one, the question is searched in that language, and answered
      // in it. An explicit language filter is always obeyed.
      if (!options.language && preferredLanguage && corpus.languages.size > 1) {
        const preferred = ranked.filter((r) => r.info.language == null || r.info.language === preferredLanguage);
        const mostMatched = Math.max(0, ...preferred.map((r) => r.top.matched));
        const lean = mostMatched < question.length ? languageLean(corpus, question, preferredLanguage) : undefined;
        if (lean && lean.by >= LANGUAGE_LEAN) {
          const inOther = rankIn(lean.language);
          const top = inOther[0];
          if (top?.info.language === lean.language && top.top.matched > mostMatched && top.score > (preferred[0]?.score ?? 0)) {
            language = lean.language;
            ranked = inOther;
          }
        }
      }
      if (ranked.length === 0) return outcome([]);

      const passages = ranked.slice(0, limit).map(({ info, top, score }): Passage => {
        const text = textOfSection(top.sec);
        const p: Passage = {
          path: text.anchor == null ? pageLink(info.path) : `${pageLink(info.path)}#${text.anchor}`,
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
      });
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

/** Each page's best sections by the first pass (at most `SECTIONS_PER_PAGE`, best first). */
function bestSections(corpus: Corpus, first: FirstPass): Map<number, { sections: number[]; scores: number[] }> {
  const out = new Map<number, { sections: number[]; scores: number[] }>();
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
