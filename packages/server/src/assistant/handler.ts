/**
 * `POST {base}/v2/assistant/{domain}/message` (AI SDK v5+ UI message stream) and `POST {base}/v1/assistant/{domain}/message`
 * (deprecated, AI SDK v4 data stream): one web-standard Request -> Response handler for both.
 *
 * Checks, in order: route (404), CORS preflight, method (405), per-IP limit (429), bearer key (401), domain (404),
 * key scope (403), per-organization limit (429), content type (415), size (413), JSON (400), schema (400),
 * thread (404). Then it searches the site's index and streams the answer. Both versions share every step; only
 * the request schema and the stream encoding differ. A database that cannot be reached answers 503.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createExtractiveComposer, type ComposeInput, type Composer } from './composer.ts';
import { bearer, CORS, errorResponse, clientIp, isJsonContentType, readLimited, type ErrorSpec, type RequestInfo } from './http.ts';
import type { FieldIssue } from './schema.ts';
import { isValidName, KEY_PREFIX, openSqliteKeyStore, type KeyStore } from './keys.ts';
import { openPostgresStore } from './pg-store.ts';
import { StoreUnavailableError, type AssistantStore } from './store.ts';
import { createRateLimiter, rateLimitHeaders, type LimitState, type LimitsOptions } from './limits.ts';
import { composerFromEnv } from './model-composer.ts';
import { conversationTurns, openAssistantIndex, retrieve, type AssistantIndex, type Retrieval } from './retrieval.ts';
import { DEFAULT_RETRIEVAL_PAGE_SIZE, validateMessageRequest, type ContextItem, type RequestMessage } from './schema.ts';
import { validateV2MessageRequest } from './schema-v2.ts';
import { answerStream } from './stream.ts';
import { uiMessageStream } from './ui-stream.ts';
import { DEFAULT_RETENTION_DAYS, openSqliteThreadStore, scheduleRetention, type StoredMessage, type ThreadRecord, type ThreadStore } from './threads.ts';
import { DEFAULT_INDEX_DB, DEFAULT_KEYS_DB, DEFAULT_THREADS_DB, openSiteAssistantIndex } from './site.ts';

export const ASSISTANT_ROUTE = /^(.*)\/v1\/assistant\/([^/]+)\/message\/?$/;
export const ASSISTANT_V2_ROUTE = /^(.*)\/v2\/assistant\/([^/]+)\/message\/?$/;
export const DEFAULT_MAX_BODY_BYTES = 1_000_000;

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
      void opened?.then((i) => i.close(), () => {});
      opened = undefined;
    },
  };
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
  const storage = store && options.keys === undefined && options.threads === undefined
    ? store.description
    : `SQLite ${typeof keysOption === 'string' ? keysOption : '(keys given)'}, ${typeof threadsOption === 'string' ? threadsOption : '(threads given)'}${store?.counters ? '' : ' (rate limits in memory)'}`;
  const { get: indexFor, close: closeIndex } = resolveIndex(options.index, root);
  const limiter = createRateLimiter(options.limits, store?.counters);
  const maxBody = options.limits?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const composer = options.composer ?? composerFromEnv() ?? createExtractiveComposer();
  const stopRetention = scheduleRetention(threads, options.retentionDays ?? DEFAULT_RETENTION_DAYS, (error) => {
    if (!(error instanceof StoreUnavailableError)) onError(error);
  });
  // One log line per outage, not one per request.
  let storeDown = false;

  const handler = async function assistantHandler(request: Request, info?: RequestInfo): Promise<Response> {
    try {
      const response = await answer(request, info);
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

  async function answer(request: Request, info: RequestInfo | undefined): Promise<Response> {
    const url = new URL(request.url);
    const v1 = ASSISTANT_ROUTE.exec(url.pathname);
    const route = v1 ?? ASSISTANT_V2_ROUTE.exec(url.pathname);
    const version = v1 ? 1 : 2;
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

    const states: LimitState[] = [];
    // The per-IP count and the two read-only lookups the checks below need go to the store together (one round
    // trip to a database instead of three); the checks still apply in their order.
    const auth = request.headers.get('authorization') ?? '';
    const m = /^Bearer[ ]+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(auth);
    const secret = m?.[1];
    const [ipState, key, owner] = await Promise.all([
      limiter.hit('ip', clientIp(request, info, options.trustProxy ?? false)),
      secret?.startsWith(KEY_PREFIX) ? keys.findBySecret(secret) : undefined,
      secret ? keys.domainOrg(domain) : undefined,
    ]);
    states.push(ipState);
    const limitHeaders = () => rateLimitHeaders(states, limiter.now());
    const fail = (e: ErrorSpec) => errorResponse(e, limitHeaders());
    const invalid = (issues: FieldIssue[]) =>
      fail({ status: 400, code: 'invalid_request', message: `invalid request body: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues });
    if (ipState.exceeded) {
      return errorResponse(
        { status: 429, code: 'rate_limited', message: `too many requests from this IP address (limit ${ipState.limit} per ${ipState.windowMs / 1000}s)` },
        limitHeaders(),
      );
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
    states.push(orgState);
    if (orgState.exceeded) {
      return errorResponse(
        { status: 429, code: 'rate_limited', message: `too many requests for this organization (limit ${orgState.limit} per ${orgState.windowMs / 1000}s)` },
        limitHeaders(),
      );
    }

    // --- body ---
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
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch (error) {
      return fail({ status: 400, code: 'malformed_json', message: `the body is not valid JSON: ${(error as Error).message}` });
    }
    let body: AssistantRequest;
    if (version === 1) {
      const valid = validateMessageRequest(json);
      if (!valid.ok) return invalid(valid.issues);
      body = { ...valid.value, question: valid.question, regenerate: false };
    } else {
      const valid = validateV2MessageRequest(json);
      if (!valid.ok) return invalid(valid.issues);
      body = { ...valid.value, question: valid.question, messages: valid.messages, regenerate: valid.value.trigger === 'regenerate-message' };
    }

    // --- thread ---
    let thread: ThreadRecord | undefined;
    let threadKey: string | undefined;
    if (body.threadId) {
      thread = body.threadKey
        ? await threads.open({ id: body.threadId, key: body.threadKey, org: key.org, domain })
        : undefined;
      if (!thread) {
        return fail({
          status: 404,
          code: 'thread_not_found',
          message: 'no thread with this threadId and threadKey (send both; the key is the X-Thread-Key of the first answer)',
        });
      }
    }

    // --- retrieval ---
    let index: AssistantIndex | undefined;
    try {
      index = await indexFor(domain);
    } catch (error) {
      onError(error);
      return fail({ status: 503, code: 'index_unavailable', message: 'the search index of this site is not available', headers: { 'Retry-After': '60' } });
    }
    if (!index) return fail({ status: 404, code: 'index_not_found', message: `no search index for domain "${domain}"` });
    const earlier = thread ? await threads.messages(thread.id) : [];
    let found: Retrieval;
    try {
      found = retrieve(index, {
        turns: conversationTurns(body.messages, earlier),
        context: (body.context ?? []).map((c) => c.value),
        filter: body.filter ?? null,
        limit: body.retrievalPageSize ?? DEFAULT_RETRIEVAL_PAGE_SIZE,
        ...(body.currentPath ? { currentPath: body.currentPath } : {}),
      });
    } catch (error) {
      onError(error);
      return fail({ status: 503, code: 'index_unavailable', message: 'the search index of this site could not be searched', headers: { 'Retry-After': '60' } });
    }

    const question: StoredMessage = { role: 'user', content: body.question, createdAt: new Date().toISOString() };
    if (!thread) {
      const created = await threads.create({ org: key.org, domain, fp: body.fp, messages: [question] });
      thread = created.thread;
      threadKey = created.key;
    } else if (!body.regenerate) {
      // A regenerated answer's question is already in the thread (v2 `trigger: "regenerate-message"`).
      await threads.append(thread.id, [question]);
    }
    const threadId = thread.id;

    const headers: Record<string, string> = { 'X-Thread-Id': threadId, ...CORS, ...limitHeaders() };
    if (threadKey) headers['X-Thread-Key'] = threadKey;
    if (version === 1) {
      Object.assign(headers, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-cache',
        'X-Accel-Buffering': 'no',
        Deprecation: 'true',
        // Relative to the request URL, so a reverse proxy's public origin is kept.
        Link: `<${route[1]}/v2/assistant/${encodeURIComponent(domain)}/message>; rel="successor-version"`,
      });
    }

    const composeInput: ComposeInput = {
      question: body.question,
      terms: found.terms,
      passages: found.passages,
      messages: body.messages,
      signal: request.signal,
      ...(body.currentPath ? { currentPath: body.currentPath } : {}),
      ...(options.siteName ? { siteName: options.siteName } : {}),
    };

    const input = { headers, searchText: found.query, found, composer, composeInput, threads, threadId, onError };
    return version === 1 ? answerStream(input) : uiMessageStream(input);
  }

  return Object.assign(handler, {
    storage,
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
