/**
 * `POST {base}/v2/assistant/{domain}/message` (AI SDK v5+ UI message stream) and `POST {base}/v1/assistant/{domain}/message`
 * (deprecated, AI SDK v4 data stream): one web-standard Request -> Response handler for both.
 *
 * Checks, in order: route (404), CORS preflight, method (405), a domain this site does not serve (404), per-IP limit (429), bearer key (401), domain (404),
 * key scope (403), per-organization limit (429), content type (415), size (413), JSON (400), schema (400),
 * thread (404). Then it searches the site's index and streams the answer. Both versions share every step; only
 * the request schema and the stream encoding differ. A database that cannot be reached answers 503.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createExtractiveComposer, type ComposeInput, type Composer } from './composer.ts';
import { bearer, CORS, errorResponse, clientIp, isJsonContentType, readLimited, type ErrorSpec, type RequestInfo } from './http.ts';
import type { FieldIssue } from './schema.ts';
import { isValidName, KEY_PREFIX, openSqliteKeyStore, type KeyRecord, type KeyStore } from './keys.ts';
import { openPostgresStore } from './pg-store.ts';
import { StoreUnavailableError, type AssistantStore } from './store.ts';
import { createRateLimiter, rateLimitHeaders, type LimitState, type LimitsOptions, type RateLimiter } from './limits.ts';
import { composerFromEnv } from './model-composer.ts';
import { conversationTurns, openAssistantIndex, retrieve, type AssistantIndex, type Retrieval } from './retrieval.ts';
import { DEFAULT_RETRIEVAL_PAGE_SIZE, validateMessageRequest, type ContextItem, type RequestMessage } from './schema.ts';
import { validateV2MessageRequest } from './schema-v2.ts';
import { answerStream } from './stream.ts';
import { uiMessageStream } from './ui-stream.ts';
import {
  DEFAULT_RETENTION_DAYS,
  openSqliteThreadStore,
  scheduleRetention,
  type StoredMessage,
  type ThreadRecord,
  type ThreadStore,
} from './threads.ts';
import { DEFAULT_INDEX_DB, DEFAULT_KEYS_DB, DEFAULT_THREADS_DB, openSiteAssistantIndex } from './site.ts';

export const ASSISTANT_ROUTE = /^(.*)\/v1\/assistant\/([^/]+)\/message\/?$/;
export const ASSISTANT_V2_ROUTE = /^(.*)\/v2\/assistant\/([^/]+)\/message\/?$/;
export const DEFAULT_MAX_BODY_BYTES = 1_000_000;
/** Longest question, in characters (413 `question_too_large`). */
export const MAX_QUESTION_CHARS = 16_000;
/** Most parts across a request's messages (400 `too_many_parts`). */
export const MAX_REQUEST_PARTS = 500;
/** Most messages a thread keeps, and most characters across them (413 `thread_too_large`: start a new thread). */
export const MAX_THREAD_MESSAGES = 100;
export const MAX_THREAD_CHARS = 400_000;

export interface AssistantHandlerOptions {
  /**
   * The site's index: a path, an open database, an opened index, or a per-domain lookup. Optional when `root` is
   * given: then `<root>/.lectern/assistant-index.db`, built from the site on first use when missing.
   */
  index?: string | DatabaseSync | AssistantIndex | ((domain: string) => AssistantIndex | undefined);
  /**
   * A PostgreSQL connection string (`postgres://user@host:5432/db`): keys, threads and rate-limit counters live
   * there, shared by every instance using it. Migrations run on first use. Closed by `close()`.
   */
  database?: string;
  /** An opened store (keys, threads, shared counters); you close it. Alternative to `database`. */
  store?: AssistantStore;
  /** Key store or its SQLite path. Default: the database's, else with `root` `<root>/.lectern/assistant-keys.db` (what `lectern keys` uses). */
  keys?: KeyStore | string;
  /** Thread store or its SQLite path. Default: the database's, else with `root` `<root>/.lectern/assistant-threads.db`. */
  threads?: ThreadStore | string;
  /** The docs repo root, for the default file locations above. */
  root?: string;
  limits?: LimitsOptions & {
    /** Largest accepted request body in bytes (default 1,000,000). */
    maxBodyBytes?: number;
  };
  /** Default: the model composer when `LECTERN_ASSISTANT_BASE_URL` and `LECTERN_ASSISTANT_MODEL` are set, else the extractive composer. */
  composer?: Composer;
  /** Read the client IP from the last `X-Forwarded-For` entry (only behind a reverse proxy of your own). */
  trustProxy?: boolean;
  /** Name used in answers ("the Acme documentation"). */
  siteName?: string;
  /**
   * The site owners' instructions to the model (Mintlify's `.mintlify/Assistant.md`). Default: that file under `root`
   * when it exists (read once, here); never published with the site.
   */
  instructions?: string;
  /**
   * The domains this site answers for (docs.json `lectern.assistant.domain`). Any other domain in the URL gets 404
   * `domain_not_served` before keys are looked up, even when a shared database holds keys for it. Unset: every
   * domain the key store knows.
   */
  domains?: readonly string[];
  /** Called with errors that happen while streaming (default: `console.error`). */
  onError?: (error: unknown) => void;
  /**
   * Days a conversation is kept after its last message (default 30); older threads and their messages are deleted
   * at start and every hour. 0 keeps a thread only for an hour (follow-ups within a session still work).
   */
  retentionDays?: number;
}

export type { RequestInfo };

export type AssistantHandler = ((request: Request, info?: RequestInfo) => Promise<Response>) & {
  /** Close the databases this handler opened itself (not the stores or index you passed in). */
  close(): Promise<void>;
  /** Where keys, threads and counters live (`SQLite …` or `PostgreSQL postgres://…`, without credentials). */
  readonly storage: string;
  /** Resolves once the storage is usable (PostgreSQL: reachable and migrated); rejects with the reason. */
  ready(): Promise<void>;
  /** The key store requests are checked against (`lectern serve` keeps the site's own panel key in it). */
  readonly keys: KeyStore;
};

/** What both request versions boil down to. */
interface AssistantRequest {
  fp: string;
  question: string;
  /** The conversation, in the shape composers read. */
  messages: RequestMessage[];
  threadId?: string | null | undefined;
  threadKey?: string | null | undefined;
  retrievalPageSize?: number | undefined;
  filter?: { version?: string | null | undefined; language?: string | null | undefined } | null | undefined;
  context?: ContextItem[] | undefined;
  currentPath?: string | undefined;
  /** v2 `trigger: "regenerate-message"`: the question is already in the thread. */
  regenerate: boolean;
}

function resolveIndex(
  index: AssistantHandlerOptions['index'],
  root: string | undefined,
): { get: (domain: string) => Promise<AssistantIndex | undefined>; close: () => void } {
  if (typeof index === 'function') return { get: async (domain) => index(domain), close: () => {} };
  let opened: Promise<AssistantIndex> | undefined;
  const open = async (): Promise<AssistantIndex> => {
    if (index !== undefined) {
      return typeof index === 'string' || index instanceof DatabaseSync ? openAssistantIndex(index) : index;
    }
    return openSiteAssistantIndex(root!, join(root!, DEFAULT_INDEX_DB));
  };
  return {
    get: () => {
      opened ??= open().catch((error: unknown) => {
        opened = undefined;
        throw error;
      });
      return opened;
    },
    close: () => {
      void opened?.then(
        (i) => i.close(),
        () => {},
      );
      opened = undefined;
    },
  };
}

/** What every request's steps share: one handler's stores, index, limits and composer. */
interface HandlerState {
  keys: KeyStore;
  threads: ThreadStore;
  indexFor: (domain: string) => Promise<AssistantIndex | undefined>;
  limiter: RateLimiter;
  maxBody: number;
  composer: Composer;
  onError: (error: unknown) => void;
  trustProxy: boolean;
  siteName: string | undefined;
  instructions: string | undefined;
  domains: readonly string[] | undefined;
}

/** The endpoint a request is for. */
interface Route {
  version: 1 | 2;
  domain: string;
  /** The path before `/v1/…` or `/v2/…` (a base path, or empty). */
  prefix: string;
}

/** One request's error answers: each carries the rate-limit states counted so far. */
interface Reply {
  states: LimitState[];
  limitHeaders(): Record<string, string>;
  fail(e: ErrorSpec): Response;
}

function replyFor(limiter: RateLimiter): Reply {
  const states: LimitState[] = [];
  const limitHeaders = () => rateLimitHeaders(states, limiter.now());
  return { states, limitHeaders, fail: (e) => errorResponse(e, limitHeaders()) };
}

/** Route (404), CORS preflight (204) and method (405): answered before anything is counted. */
function routeOf(request: Request): Route | Response {
  const url = new URL(request.url);
  const v1 = ASSISTANT_ROUTE.exec(url.pathname);
  const route = v1 ?? ASSISTANT_V2_ROUTE.exec(url.pathname);
  let domain = '';
  try {
    domain = route ? decodeURIComponent(route[2]!) : '';
  } catch {
    domain = '';
  }
  if (!route || !isValidName(domain)) {
    return errorResponse({ status: 404, code: 'not_found', message: `no assistant endpoint at ${url.pathname}` });
  }
  if (request.method === 'OPTIONS') {
    return new Response(null, { status: 204, headers: CORS });
  }
  if (request.method !== 'POST') {
    return errorResponse({
      status: 405,
      code: 'method_not_allowed',
      message: `use POST (got ${request.method})`,
      headers: { Allow: 'POST, OPTIONS' },
    });
  }
  return { version: v1 ? 1 : 2, domain, prefix: route[1]! };
}

/** 404 for a domain that is not this site's (a shared database may hold keys for other sites' domains). */
function notServed(domain: string, domains: readonly string[]): Response {
  return errorResponse({
    status: 404,
    code: 'domain_not_served',
    message: `this site answers only for assistant domain${domains.length === 1 ? '' : 's'} ${domains.map((d) => `"${d}"`).join(', ')}, not "${domain}"`,
  });
}

/** Per-IP limit (429), bearer key (401), domain (404), key scope (403), per-organization limit (429): the key. */
async function authorize(
  state: HandlerState,
  request: Request,
  info: RequestInfo | undefined,
  domain: string,
  reply: Reply,
): Promise<KeyRecord | Response> {
  const { keys, limiter } = state;
  const { fail } = reply;
  // The per-IP count and the two read-only lookups the checks below need go to the store together (one round
  // trip to a database instead of three); the checks still apply in their order.
  const auth = request.headers.get('authorization') ?? '';
  const m = /^Bearer[ ]+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(auth);
  const secret = m?.[1];
  const [ipState, key, owner] = await Promise.all([
    limiter.hit('ip', clientIp(request, info, state.trustProxy)),
    secret?.startsWith(KEY_PREFIX) ? keys.findBySecret(secret) : undefined,
    secret ? keys.domainOrg(domain) : undefined,
  ]);
  reply.states.push(ipState);
  if (ipState.exceeded) {
    return fail({
      status: 429,
      code: 'rate_limited',
      message: `too many requests from this IP address (limit ${ipState.limit} per ${ipState.windowMs / 1000}s)`,
    });
  }

  // --- authentication (RFC 6750) ---
  if (!secret) {
    const malformed = auth !== '' && /^Bearer\b/i.test(auth);
    return fail({
      status: 401,
      code: 'unauthorized',
      message: malformed
        ? 'malformed Authorization header: expected "Authorization: Bearer <key>"'
        : `missing API key: send "Authorization: Bearer ${KEY_PREFIX}…"`,
      headers: malformed ? bearer('invalid_token', 'malformed bearer token') : bearer(),
    });
  }
  if (!key || key.revokedAt) {
    return fail({
      status: 401,
      code: 'invalid_key',
      message: key ? 'this API key has been revoked' : 'unknown API key',
      headers: bearer('invalid_token', key ? 'the key has been revoked' : 'unknown key'),
    });
  }
  if (owner === undefined) {
    return fail({ status: 404, code: 'domain_not_found', message: `unknown domain "${domain}"` });
  }
  if (owner !== key.org || !key.domains.includes(domain)) {
    return fail({
      status: 403,
      code: 'forbidden',
      message: `this API key is not valid for domain "${domain}"`,
      headers: bearer('insufficient_scope', `the key is not valid for domain ${domain}`),
    });
  }
  const orgState = await limiter.hit('org', key.org);
  reply.states.push(orgState);
  if (orgState.exceeded) {
    return fail({
      status: 429,
      code: 'rate_limited',
      message: `too many requests for this organization (limit ${orgState.limit} per ${orgState.windowMs / 1000}s)`,
    });
  }
  return key;
}

/** Content type (415), size (413), readable body (400), JSON (400): the parsed body. */
async function readJson(request: Request, maxBody: number, { fail }: Reply): Promise<{ json: unknown } | Response> {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    return fail({
      status: 415,
      code: 'unsupported_media_type',
      message: `send the body as JSON with "Content-Type: application/json" (got ${JSON.stringify(request.headers.get('content-type') ?? '')})`,
      headers: { 'Accept-Post': 'application/json' },
    });
  }
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBody) {
    return fail({ status: 413, code: 'payload_too_large', message: `request body is larger than ${maxBody} bytes` });
  }
  let bytes: Uint8Array | undefined;
  try {
    bytes = await readLimited(request, maxBody);
  } catch {
    return fail({ status: 400, code: 'body_unreadable', message: 'the request body could not be read to the end' });
  }
  if (!bytes) return fail({ status: 413, code: 'payload_too_large', message: `request body is larger than ${maxBody} bytes` });
  try {
    return { json: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) };
  } catch (error) {
    return fail({ status: 400, code: 'malformed_json', message: `the body is not valid JSON: ${(error as Error).message}` });
  }
}

/** Parts across the body's messages, counted before the schema so a 20,000-part body costs no validation. */
function countParts(json: unknown): number {
  const messages = (json as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages)) return 0;
  let n = messages.length;
  for (const m of messages) {
    const parts = (m as { parts?: unknown } | null)?.parts;
    if (Array.isArray(parts)) n += parts.length;
  }
  return n;
}

/** The body against its version's schema (400): what both versions boil down to. */
function assistantRequest(json: unknown, version: 1 | 2, { fail }: Reply): AssistantRequest | Response {
  const invalid = (issues: FieldIssue[]) =>
    fail({
      status: 400,
      code: 'invalid_request',
      message: `invalid request body: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
      issues,
    });
  if (version === 1) {
    const valid = validateMessageRequest(json);
    if (!valid.ok) return invalid(valid.issues);
    return { ...valid.value, question: valid.question, regenerate: false };
  }
  const valid = validateV2MessageRequest(json);
  if (!valid.ok) return invalid(valid.issues);
  return { ...valid.value, question: valid.question, messages: valid.messages, regenerate: valid.value.trigger === 'regenerate-message' };
}

/** The thread a follow-up names (404 unless its id and key match a thread of this organization and domain). */
async function openThread(
  threads: ThreadStore,
  body: AssistantRequest,
  org: string,
  domain: string,
  { fail }: Reply,
): Promise<ThreadRecord | undefined | Response> {
  if (!body.threadId) return undefined;
  const thread = body.threadKey ? await threads.open({ id: body.threadId, key: body.threadKey, org, domain }) : undefined;
  if (thread) return thread;
  return fail({
    status: 404,
    code: 'thread_not_found',
    message: 'no thread with this threadId and threadKey (send both; the key is the X-Thread-Key of the first answer)',
  });
}

/** The domain's index (503 / 404) searched for the conversation so far (503 when the search fails). */
async function search(
  state: HandlerState,
  domain: string,
  body: AssistantRequest,
  earlier: StoredMessage[],
  { fail }: Reply,
): Promise<Retrieval | Response> {
  let index: AssistantIndex | undefined;
  try {
    index = await state.indexFor(domain);
  } catch (error) {
    state.onError(error);
    return fail({
      status: 503,
      code: 'index_unavailable',
      message: 'the search index of this site is not available',
      headers: { 'Retry-After': '60' },
    });
  }
  if (!index) return fail({ status: 404, code: 'index_not_found', message: `no search index for domain "${domain}"` });
  try {
    return retrieve(index, {
      turns: conversationTurns(body.messages, earlier),
      context: (body.context ?? []).map((c) => c.value),
      filter: body.filter ?? null,
      limit: body.retrievalPageSize ?? DEFAULT_RETRIEVAL_PAGE_SIZE,
      ...(body.currentPath ? { currentPath: body.currentPath } : {}),
    });
  } catch (error) {
    state.onError(error);
    return fail({
      status: 503,
      code: 'index_unavailable',
      message: 'the search index of this site could not be searched',
      headers: { 'Retry-After': '60' },
    });
  }
}

/** The question in its thread: a new thread (and its key), or appended to the one named unless regenerating. */
async function recordQuestion(
  threads: ThreadStore,
  body: AssistantRequest,
  thread: ThreadRecord | undefined,
  org: string,
  domain: string,
): Promise<{ threadId: string; threadKey?: string }> {
  const question: StoredMessage = { role: 'user', content: body.question, createdAt: new Date().toISOString() };
  if (!thread) {
    const created = await threads.create({ org, domain, fp: body.fp, messages: [question] });
    return { threadId: created.thread.id, threadKey: created.key };
  }
  // A regenerated answer's question is already in the thread (v2 `trigger: "regenerate-message"`).
  if (!body.regenerate) await threads.append(thread.id, [question]);
  return { threadId: thread.id };
}

/** Headers of the answer stream: the thread, CORS, the limits; v1 also its deprecation and successor. */
function streamHeaders(route: Route, thread: { threadId: string; threadKey?: string }, reply: Reply): Record<string, string> {
  const headers: Record<string, string> = { 'X-Thread-Id': thread.threadId, ...CORS, ...reply.limitHeaders() };
  if (thread.threadKey) headers['X-Thread-Key'] = thread.threadKey;
  if (route.version === 1) {
    Object.assign(headers, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Accel-Buffering': 'no',
      Deprecation: 'true',
      // Relative to the request URL, so a reverse proxy's public origin is kept.
      Link: `<${route.prefix}/v2/assistant/${encodeURIComponent(route.domain)}/message>; rel="successor-version"`,
    });
  }
  return headers;
}

/** One request, step by step (see the top of this file); a store that cannot be reached throws. */
async function answer(state: HandlerState, request: Request, info: RequestInfo | undefined): Promise<Response> {
  const route = routeOf(request);
  if (route instanceof Response) return route;
  const { domain } = route;
  if (state.domains && !state.domains.includes(domain)) return notServed(domain, state.domains);
  const reply = replyFor(state.limiter);
  const key = await authorize(state, request, info, domain, reply);
  if (key instanceof Response) return key;
  const read = await readJson(request, state.maxBody, reply);
  if (read instanceof Response) return read;
  const parts = countParts(read.json);
  if (parts > MAX_REQUEST_PARTS) {
    return reply.fail({
      status: 400,
      code: 'too_many_parts',
      message: `the request has ${parts} message parts; at most ${MAX_REQUEST_PARTS} are accepted`,
    });
  }
  const body = assistantRequest(read.json, route.version, reply);
  if (body instanceof Response) return body;
  if (body.question.length > MAX_QUESTION_CHARS) {
    return reply.fail({
      status: 413,
      code: 'question_too_large',
      message: `the question has ${body.question.length} characters; at most ${MAX_QUESTION_CHARS} are accepted`,
    });
  }
  const thread = await openThread(state.threads, body, key.org, domain, reply);
  if (thread instanceof Response) return thread;
  const earlier = thread ? await state.threads.messages(thread.id) : [];
  const stored = earlier.reduce((n, m) => n + m.content.length, 0);
  if (earlier.length + 2 > MAX_THREAD_MESSAGES || stored + body.question.length > MAX_THREAD_CHARS) {
    return reply.fail({
      status: 413,
      code: 'thread_too_large',
      message: `this thread is full (at most ${MAX_THREAD_MESSAGES} messages and ${MAX_THREAD_CHARS} characters); start a new thread (send no threadId)`,
    });
  }
  const found = await search(state, domain, body, earlier, reply);
  if (found instanceof Response) return found;
  const recorded = await recordQuestion(state.threads, body, thread, key.org, domain);

  // The answer's language: the reader's page's (or the filter's), else the best passage's; English without either.
  const language = found.language ?? found.passages[0]?.language;
  const composeInput: ComposeInput = {
    question: body.question,
    terms: found.terms,
    passages: found.passages,
    messages: body.messages,
    signal: request.signal,
    ...(body.currentPath ? { currentPath: body.currentPath } : {}),
    ...(language ? { language } : {}),
    ...(state.siteName ? { siteName: state.siteName } : {}),
    ...(state.instructions ? { instructions: state.instructions } : {}),
  };
  const input = {
    headers: streamHeaders(route, recorded, reply),
    searchText: found.query,
    found,
    composer: state.composer,
    composeInput,
    threads: state.threads,
    threadId: recorded.threadId,
    onError: state.onError,
  };
  return route.version === 1 ? answerStream(input) : uiMessageStream(input);
}

/** Largest `.mintlify/Assistant.md` read (characters); the rest is cut. */
const MAX_INSTRUCTIONS = 8000;

/** `<root>/.mintlify/Assistant.md`, trimmed and bounded, or `undefined` when there is none. */
export function readSiteInstructions(root: string): string | undefined {
  try {
    const text = readFileSync(join(root, '.mintlify', 'Assistant.md'), 'utf8').trim();
    return text ? text.slice(0, MAX_INSTRUCTIONS) : undefined;
  } catch {
    return undefined;
  }
}

/** Create the assistant message handler (v2 and v1). */
export function createAssistantHandler(options: AssistantHandlerOptions): AssistantHandler {
  const root = options.root;
  const onError = options.onError ?? ((error: unknown) => console.error('[lectern assistant]', error));
  const hasStore = options.store !== undefined || options.database !== undefined;
  const missing = (['index', 'keys', 'threads'] as const).filter((k) => options[k] === undefined && (k === 'index' || !hasStore));
  if (root === undefined && missing.length > 0) {
    throw new TypeError(`createAssistantHandler: ${missing.join(', ')} required (or pass root, the docs repo, for the default files)`);
  }
  // A database this handler opens itself is closed by close(); a store passed in is the caller's.
  // Connections the database drops while idle (a restart) are replaced by the pool without a word; a request that
  // cannot be served is logged below, once per outage.
  const ownStore = options.store === undefined && options.database !== undefined ? openPostgresStore(options.database) : undefined;
  const store = options.store ?? ownStore;
  const keysOption = options.keys ?? store?.keys ?? join(root!, DEFAULT_KEYS_DB);
  const threadsOption = options.threads ?? store?.threads ?? join(root!, DEFAULT_THREADS_DB);
  const keys = typeof keysOption === 'string' ? openSqliteKeyStore(keysOption) : keysOption;
  const threads = typeof threadsOption === 'string' ? openSqliteThreadStore(threadsOption) : threadsOption;
  const storage =
    store && options.keys === undefined && options.threads === undefined
      ? store.description
      : `SQLite ${typeof keysOption === 'string' ? keysOption : '(keys given)'}, ${typeof threadsOption === 'string' ? threadsOption : '(threads given)'}${store?.counters ? '' : ' (rate limits in memory)'}`;
  const { get: indexFor, close: closeIndex } = resolveIndex(options.index, root);
  const state: HandlerState = {
    keys,
    threads,
    indexFor,
    limiter: createRateLimiter(options.limits, store?.counters),
    maxBody: options.limits?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    composer: options.composer ?? composerFromEnv() ?? createExtractiveComposer(),
    onError,
    trustProxy: options.trustProxy ?? false,
    siteName: options.siteName,
    instructions: options.instructions ?? (root !== undefined ? readSiteInstructions(root) : undefined),
    domains: options.domains,
  };
  const stopRetention = scheduleRetention(threads, options.retentionDays ?? DEFAULT_RETENTION_DAYS, (error) => {
    if (!(error instanceof StoreUnavailableError)) onError(error);
  });
  // One log line per outage, not one per request.
  let storeDown = false;

  const handler = async function assistantHandler(request: Request, info?: RequestInfo): Promise<Response> {
    try {
      const response = await answer(state, request, info);
      storeDown = false;
      return response;
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      if (!storeDown) onError(error);
      storeDown = true;
      return errorResponse({
        status: 503,
        code: 'database_unavailable',
        message: 'the assistant cannot reach its database right now; try again in a few seconds',
        headers: { 'Retry-After': '5' },
      });
    }
  };

  return Object.assign(handler, {
    storage,
    keys,
    ready: async () => {
      await store?.ready();
    },
    async close() {
      stopRetention();
      if (typeof keysOption === 'string') keys.close?.();
      if (typeof threadsOption === 'string') threads.close?.();
      if (typeof options.index !== 'function' && !(options.index && typeof options.index === 'object' && 'search' in options.index)) {
        closeIndex();
      }
      await ownStore?.close();
    },
  });
}
