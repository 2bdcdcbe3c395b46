/**
 * `POST {base}_lectern/feedback`: one page rating from the page's "Was this page helpful?" widget, stored in the
 * feedback store. Checks, in order: preflight (204 for an allowed origin), method (405), origin (403: only the site's own pages, or docs.json `lectern.site`,
 * may post), per-IP limit (429), content type (415), size (413), JSON and fields (400), a page of this site (404),
 * then stores (204; 503 while the database is unreachable). `GET {base}_lectern/feedback.json` tells the widget that
 * ratings are taken here. The per-address limit is counted in this process's memory: each instance of `lectern serve`
 * has its own budget, and a restart resets it. With `retentionDays`, ratings older than that are deleted when the
 * handler is made (the server starts), then after a stored rating at most once an hour.
 */
import { randomBytes } from 'node:crypto';
import { clientIp, isJsonContentType, readLimited } from '../assistant/http.ts';
import { createRateLimiter, rateLimitHeaders } from '../assistant/limits.ts';
import { StoreUnavailableError } from '../assistant/store.ts';
import type { FeedbackStore } from './store.ts';

export const FEEDBACK_PATH = '/_lectern/feedback';
/** Largest request body, in bytes. */
export const MAX_FEEDBACK_BYTES = 4_096;
/** Longest comment and page path, in characters. */
export const MAX_COMMENT_CHARS = 1_000;
export const MAX_PATH_CHARS = 512;
/** Ratings a client address may send per hour (default). */
export const DEFAULT_FEEDBACK_PER_HOUR = 60;
/** With a retention, old ratings are deleted at most this often (milliseconds) as ratings come in. */
export const PRUNE_EVERY_MS = 3_600_000;

export interface FeedbackHandlerOptions {
  store: FeedbackStore;
  /**
   * The page slug a site path (base removed) names, or `undefined` when it is no page of the site, or one this request
   * may not see (a restricted page its sender is not signed in to).
   */
  pageOf: (path: string, request: Request) => Promise<string | undefined>;
  /** Origins allowed besides the request's own (docs.json `lectern.site`'s origin: a static copy of the site). */
  origins?: readonly string[];
  /** The site's base path (`/` or `/pr-7/`): page paths sent by the widget start with it. */
  base?: string;
  trustProxy?: boolean;
  /** Ratings per client address per hour (default 60), counted in this process's memory. */
  perHour?: number;
  /** docs.json `lectern.feedback.retentionDays`: ratings older than this many days are deleted. Unset: kept. */
  retentionDays?: number;
  /** Where pruning reports what it deleted or why it could not (default: nowhere). */
  log?: (line: string) => void;
  now?: () => number;
}

export type FeedbackHandler = (request: Request, info?: { clientIp?: string }) => Promise<Response>;

function answer(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

/** The request's own origin (`Host` as the server saw it, on the scheme it came on). */
function ownOrigin(request: Request): string | undefined {
  const url = new URL(request.url);
  const host = request.headers.get('host');
  return host ? `${url.protocol}//${host}` : url.origin;
}

interface Rating {
  path: string;
  helpful: boolean;
  comment?: string;
  id?: string;
}

/** The body's fields, or what is wrong with them. */
export function parseRating(value: unknown): Rating | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'expected a JSON object {"path", "helpful"}';
  const v = value as Record<string, unknown>;
  const unknown = Object.keys(v).filter((k) => !['path', 'helpful', 'comment', 'id'].includes(k));
  if (unknown.length) return `unknown field "${unknown[0]}" (allowed: path, helpful, comment, id)`;
  if (typeof v.path !== 'string' || !v.path.startsWith('/') || v.path.length > MAX_PATH_CHARS)
    return `/path: expected the page's path, starting with "/", at most ${MAX_PATH_CHARS} characters`;
  if (typeof v.helpful !== 'boolean') return '/helpful: expected true or false';
  const out: Rating = { path: v.path, helpful: v.helpful };
  if (v.comment !== undefined && v.comment !== null) {
    if (typeof v.comment !== 'string' || v.comment.length > MAX_COMMENT_CHARS)
      return `/comment: expected text of at most ${MAX_COMMENT_CHARS} characters`;
    const comment = v.comment.trim();
    if (comment) out.comment = comment;
  }
  if (v.id !== undefined) {
    if (typeof v.id !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(v.id)) return '/id: expected 16 to 64 letters, digits, "-" or "_"';
    out.id = v.id;
  }
  return out;
}

export function createFeedbackHandler(options: FeedbackHandlerOptions): FeedbackHandler {
  const { store, pageOf } = options;
  const base = options.base ?? '/';
  const now = options.now ?? Date.now;
  const limiter = createRateLimiter({ ipLimit: options.perHour ?? DEFAULT_FEEDBACK_PER_HOUR, ipWindowMs: 3_600_000, now });
  const prune = retention(store, options.retentionDays, now, options.log ?? (() => {}));
  void prune(true);
  return async (request, info) => {
    const origin = request.headers.get('origin');
    const allowed = !!origin && (origin === ownOrigin(request) || !!options.origins?.includes(origin));
    if (request.method === 'OPTIONS' && allowed && origin) {
      const preflight = {
        'Access-Control-Allow-Methods': 'POST',
        'Access-Control-Allow-Headers': 'Content-Type',
        'Access-Control-Max-Age': '86400',
      };
      return new Response(null, { status: 204, headers: { 'Access-Control-Allow-Origin': origin, Vary: 'Origin', ...preflight } });
    }
    if (request.method !== 'POST') return answer(405, 'method_not_allowed', 'send ratings with POST', { Allow: 'POST' });
    if (!allowed) return answer(403, 'cross_origin', 'ratings are taken only from the pages of this site');
    const cors: Record<string, string> = origin !== ownOrigin(request) ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};
    const limit = await limiter.hit('ip', clientIp(request, info, options.trustProxy === true));
    if (limit.exceeded)
      return answer(429, 'rate_limited', 'too many ratings from this address; try again later', {
        ...cors,
        ...rateLimitHeaders([limit], now()),
      });
    if (!isJsonContentType(request.headers.get('content-type')))
      return answer(415, 'unsupported_media_type', 'send the rating as application/json', cors);
    const bytes = await readLimited(request, MAX_FEEDBACK_BYTES);
    if (!bytes) return answer(413, 'too_large', `a rating is at most ${MAX_FEEDBACK_BYTES} bytes`, cors);
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return answer(400, 'invalid_json', 'the body is not valid JSON', cors);
    }
    const rating = parseRating(value);
    if (typeof rating === 'string') return answer(400, 'invalid_rating', rating, cors);
    const inBase = base === '/' ? rating.path : rating.path.startsWith(base) ? '/' + rating.path.slice(base.length) : undefined;
    const slug = inBase === undefined ? undefined : await pageOf(inBase.split(/[?#]/)[0]!, request);
    if (slug === undefined) return answer(404, 'unknown_page', `${rating.path} is not a page of this site`, cors);
    try {
      await store.record({
        id: rating.id ?? randomBytes(16).toString('base64url'),
        path: slug === 'index' ? '/' : `/${slug}`,
        helpful: rating.helpful,
        ...(rating.comment ? { comment: rating.comment } : {}),
        createdAt: new Date(now()).toISOString(),
      });
    } catch (error) {
      if (error instanceof StoreUnavailableError)
        return answer(503, 'feedback_unavailable', 'ratings cannot be stored right now; try again in a few seconds', {
          ...cors,
          'Retry-After': '5',
        });
      throw error;
    }
    await prune(false);
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store', ...cors } });
  };
}

/**
 * Deletes ratings older than `days` days: `prune(true)` now, `prune(false)` when the last attempt is an hour old. Never
 * throws (a rating was stored either way): a failure is logged and retried on the next rating.
 */
function retention(store: FeedbackStore, days: number | undefined, now: () => number, log: (line: string) => void) {
  let last = -Infinity;
  return async (force: boolean): Promise<void> => {
    if (days === undefined || (!force && now() - last < PRUNE_EVERY_MS)) return;
    last = now();
    const before = new Date(last - days * 86_400_000).toISOString();
    try {
      await store.ready();
      const deleted = await store.prune(before);
      if (deleted) log(`lectern serve: page ratings: deleted ${deleted} older than ${days} days (lectern.feedback.retentionDays)`);
    } catch (error) {
      last = -Infinity;
      log(`lectern serve: page ratings: could not delete those older than ${days} days: ${(error as Error).message}`);
    }
  };
}
