/**
 * Fixed-window request limits (seed §8): 10,000 requests per organization per hour and 10,000 per IP address
 * per day. Windows are aligned to the epoch so every instance agrees on reset times. The counts live in a
 * `WindowCounter`: process memory by default (one instance), or the shared database (PostgreSQL) so that several
 * instances share one budget.
 */

export interface LimitsOptions {
  /** Requests per organization per `orgWindowMs` (default 10,000). */
  orgLimit?: number;
  /** Default one hour. */
  orgWindowMs?: number;
  /** Requests per client IP per `ipWindowMs` (default 10,000). */
  ipLimit?: number;
  /** Default one day. */
  ipWindowMs?: number;
  /** Clock, for tests. */
  now?: () => number;
}

export interface LimitState {
  limit: number;
  remaining: number;
  /** Epoch milliseconds at which the window resets. */
  resetAt: number;
  windowMs: number;
  exceeded: boolean;
}

export type LimitScope = 'org' | 'ip';

/**
 * Counts requests per (scope, key, window). `increment` adds one and resolves with the window's count after it,
 * atomically: concurrent increments never lose a request, whichever instance makes them.
 */
export interface WindowCounter {
  increment(scope: LimitScope, key: string, windowStart: number, windowMs: number): Promise<number>;
}

export interface RateLimiter {
  /** Count one request against `key` and report the window's state. */
  hit(scope: LimitScope, key: string): Promise<LimitState>;
  now(): number;
}

/** Counters in this process's memory (one instance); finished windows are dropped at most once a minute. */
export function memoryWindowCounter(now: () => number = Date.now): WindowCounter {
  const counters = new Map<string, { windowStart: number; windowMs: number; count: number }>();
  let lastSweep = now();
  return {
    async increment(scope, key, windowStart, windowMs) {
      const t = now();
      if (t - lastSweep >= 60_000) {
        lastSweep = t;
        for (const [k, c] of counters) if (c.windowStart + c.windowMs <= t) counters.delete(k);
      }
      const id = `${scope}\u0000${key}`;
      let c = counters.get(id);
      if (!c || c.windowStart !== windowStart) {
        c = { windowStart, windowMs, count: 0 };
        counters.set(id, c);
      }
      return ++c.count;
    },
  };
}

export function createRateLimiter(options: LimitsOptions = {}, counter?: WindowCounter): RateLimiter {
  const now = options.now ?? Date.now;
  const config = {
    org: { limit: options.orgLimit ?? 10_000, windowMs: options.orgWindowMs ?? 3_600_000 },
    ip: { limit: options.ipLimit ?? 10_000, windowMs: options.ipWindowMs ?? 86_400_000 },
  };
  const counts = counter ?? memoryWindowCounter(now);
  return {
    now,
    async hit(scope, key) {
      const { limit, windowMs } = config[scope];
      const windowStart = Math.floor(now() / windowMs) * windowMs;
      const count = await counts.increment(scope, key, windowStart, windowMs);
      return {
        limit,
        remaining: Math.max(0, limit - count),
        resetAt: windowStart + windowMs,
        windowMs,
        exceeded: count > limit,
      };
    },
  };
}

/** `RateLimit-*` (IETF draft) and `X-RateLimit-*` headers for the tightest of the given states. */
export function rateLimitHeaders(states: LimitState[], nowMs: number): Record<string, string> {
  if (states.length === 0) return {};
  const tightest = [...states].sort((a, b) => Number(b.exceeded) - Number(a.exceeded) || a.remaining - b.remaining)[0]!;
  const resetSeconds = Math.max(0, Math.ceil((tightest.resetAt - nowMs) / 1000));
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(tightest.limit),
    'RateLimit-Remaining': String(tightest.remaining),
    'RateLimit-Reset': String(resetSeconds),
    'RateLimit-Policy': states.map((s) => `${s.limit};w=${Math.round(s.windowMs / 1000)}`).join(', '),
    'X-RateLimit-Limit': String(tightest.limit),
    'X-RateLimit-Remaining': String(tightest.remaining),
    'X-RateLimit-Reset': String(Math.ceil(tightest.resetAt / 1000)),
  };
  if (tightest.exceeded) headers['Retry-After'] = String(Math.max(1, resetSeconds));
  return headers;
}
