/**
 * Fixed-window request limits (seed §8): 10,000 requests per organization per hour and 10,000 per IP address
 * per day. In-process counters; windows are aligned to the epoch so every instance agrees on reset times.
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

export interface RateLimiter {
  /** Count one request against `key` and report the window's state. */
  hit(scope: 'org' | 'ip', key: string): LimitState;
  now(): number;
}

export function createRateLimiter(options: LimitsOptions = {}): RateLimiter {
  const now = options.now ?? Date.now;
  const config = {
    org: { limit: options.orgLimit ?? 10_000, windowMs: options.orgWindowMs ?? 3_600_000 },
    ip: { limit: options.ipLimit ?? 10_000, windowMs: options.ipWindowMs ?? 86_400_000 },
  };
  const counters = new Map<string, { windowStart: number; count: number }>();
  let lastSweep = now();

  const sweep = (t: number) => {
    // Drop counters of finished windows, at most once a minute.
    if (t - lastSweep < 60_000) return;
    lastSweep = t;
    for (const [k, c] of counters) {
      const windowMs = k.startsWith('org\u0000') ? config.org.windowMs : config.ip.windowMs;
      if (c.windowStart + windowMs <= t) counters.delete(k);
    }
  };

  return {
    now,
    hit(scope, key) {
      const t = now();
      sweep(t);
      const { limit, windowMs } = config[scope];
      const windowStart = Math.floor(t / windowMs) * windowMs;
      const id = `${scope}\u0000${key}`;
      let c = counters.get(id);
      if (!c || c.windowStart !== windowStart) {
        c = { windowStart, count: 0 };
        counters.set(id, c);
      }
      c.count++;
      return {
        limit,
        remaining: Math.max(0, limit - c.count),
        resetAt: windowStart + windowMs,
        windowMs,
        exceeded: c.count > limit,
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
