/**
 * What a page's score is multiplied by when the assistant ranks pages: the request's preferences (language, version,
 * the page the reader is on) and, for an endpoint page, how its operation fits what the question asks (method,
 * a collection or one item, its action, its owner). Each rule is one factor, 1 when it does not apply; `pagePrior`
 * multiplies them.
 */
import type { PageInfo } from './corpus.ts';
import { pathScope, titleActions, titleIsBulk, type Action, type PathScope } from './intent.ts';
import type { Query } from './query.ts';
import { RANKING } from './ranking.ts';

/** Where a search looks, and what it prefers there. */
export interface Preferences {
  /** The filter's language, else the preferred one (the reader's page's, the question's, or the site's default). */
  language: string | undefined;
  /** The filter's version, else that of the page the reader is on. */
  version: string | undefined;
  /** The language / version was sent as a filter: only pages in it are searched, so it is not weighed. */
  languageFiltered: boolean;
  versionFiltered: boolean;
  /** The page the reader is on, as the index stores its path. */
  currentPage: string | undefined;
}

/** What was worked out about endpoint pages' operations, by page id, when first needed (kept with the index). */
export interface OperationFacts {
  operations: Array<{ actions: Set<Action>; bulk: boolean } | undefined>;
  scopes: Array<PathScope | undefined>;
}

/** What the rules read: the request's preferences, what the question asks, and the operations' facts. */
export interface PriorInput {
  preferences: Preferences;
  query: Pick<Query, 'elliptic' | 'methods' | 'collection' | 'aboutState' | 'actions' | 'number' | 'everyItem' | 'scopes'>;
  facts: OperationFacts;
}

/** The product of the rules' factors, in this order (each is 1 when its rule does not apply). */
export function pagePrior(info: PageInfo, input: PriorInput): number {
  return (
    otherLanguage(info, input) *
    otherVersion(info, input) *
    nearCurrentPage(info, input) *
    methodFit(info, input) *
    collectionFit(info, input) *
    writeForState(info, input) *
    actionFit(info, input) *
    bulkForOne(info, input) *
    bulkForAll(info, input) *
    ownerFit(info, input)
  );
}

/** A page in another language than the preferred one (with a language filter, such pages are not searched). */
function otherLanguage(info: PageInfo, { preferences: p }: PriorInput): number {
  return !p.languageFiltered && p.language && info.language && info.language !== p.language ? RANKING.otherLanguage : 1;
}

function otherVersion(info: PageInfo, { preferences: p }: PriorInput): number {
  return !p.versionFiltered && p.version && info.version && info.version !== p.version ? RANKING.otherVersion : 1;
}

function nearCurrentPage(info: PageInfo, { preferences, query }: PriorInput): number {
  return nearness(info.path, preferences.currentPage, query.elliptic);
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

/** An endpoint page (webhooks are pages about events, not operations the reader calls). */
function isOperation(info: PageInfo): boolean {
  return Boolean(info.method) && info.method !== 'WEBHOOK';
}

/** The HTTP method of the question's actions (POST creates and updates, DELETE removes …). */
function methodFit(info: PageInfo, { query }: PriorInput): number {
  if (query.methods.size === 0 || !isOperation(info)) return 1;
  return query.methods.has(info.method!.toLowerCase()) ? RANKING.methodMatch : RANKING.methodMismatch;
}

/** A question for a collection: an endpoint listing one answers it rather than one reading a single item. */
function collectionFit(info: PageInfo, { query }: PriorInput): number {
  if (!query.collection || info.method !== 'GET' || !info.apiPath) return 1;
  return readsCollection(info.title, info.apiPath) ? RANKING.collection : RANKING.itemForCollection;
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

/** "What's the URL of my Pages site…?", "Which configurations get applied…?": a state is read, not written. */
function writeForState(info: PageInfo, { query }: PriorInput): number {
  return query.aboutState && isOperation(info) && info.method !== 'GET' ? RANKING.writeForState : 1;
}

/**
 * The operation's title (its action and whether it acts on all items at once), for the rules below: they apply when
 * the question names an action or is about one item.
 */
function operationOf(info: PageInfo, { query, facts }: PriorInput): { actions: Set<Action>; bulk: boolean } | undefined {
  if (!isOperation(info) || (query.actions.size === 0 && query.number !== 'one')) return undefined;
  return (facts.operations[info.id] ??= { actions: titleActions(info.title), bulk: titleIsBulk(info.title) });
}

/**
 * The operation's own action (its title's verb: Create / Get / Update / Remove …) when it is the question's (on top
 * of the method: POST creates and updates). A title verb of another action is not held against a page: the method
 * prior does that.
 */
function actionFit(info: PageInfo, input: PriorInput): number {
  const op = operationOf(info, input);
  const asked = input.query.actions;
  return op && asked.size > 0 && [...op.actions].some((a) => asked.has(a)) ? RANKING.actionMatch : 1;
}

/** An operation on all items at once, for a question about one. */
function bulkForOne(info: PageInfo, input: PriorInput): number {
  return input.query.number === 'one' && operationOf(info, input)?.bulk ? RANKING.bulkForOne : 1;
}

/** An operation on all items at once, for a question about all of them ("Clear every label from a runner"). */
function bulkForAll(info: PageInfo, input: PriorInput): number {
  return input.query.everyItem && operationOf(info, input)?.bulk ? RANKING.bulkForAll : 1;
}

/**
 * The owner the question names (an organization, a repository, another user, the reader) against the operation's
 * path: `/orgs/{org}/…`, `/repos/{owner}/{repo}/…`, `/users/{username}/…`, `/user/…`.
 */
function ownerFit(info: PageInfo, { query, facts }: PriorInput): number {
  if (query.scopes.size === 0 || !info.apiPath || info.method === 'WEBHOOK') return 1;
  const scope = (facts.scopes[info.id] ??= pathScope(info.apiPath));
  for (const s of scope.named) if (query.scopes.has(s)) return RANKING.scopeMatch;
  return scope.owner && scope.owner !== 'repo' ? RANKING.scopeMismatch : 1;
}
