/**
 * Per-key sliding-window rate limit, in memory: at most `max` requests in any `windowMs` window. Each key keeps
 * the timestamps of its requests inside the window (at most `max` numbers); keys are evicted oldest-first past
 * `maxKeys` so memory stays bounded under a flood of distinct addresses.
 */
export interface RateLimitOptions {
  /** Requests allowed per window per client address. */
  max: number;
  windowMs: number;
  /** Distinct client addresses remembered at once (default 50,000). */
  maxKeys?: number;
}

export type RateDecision = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(key: string, now?: number): RateDecision;
}

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const { max, windowMs } = options;
  const maxKeys = options.maxKeys ?? 50_000;
  if (!(max >= 1) || !(windowMs > 0)) throw new Error(`rate limit: max must be >= 1 and windowMs > 0 (got ${max}, ${windowMs})`);
  const hits = new Map<string, number[]>();
  return {
    take(key, now = Date.now()) {
      let times = hits.get(key);
      if (times) {
        hits.delete(key); // re-insert below: Map order = least recently used first
        const cutoff = now - windowMs;
        let drop = 0;
        while (drop < times.length && (times[drop] ?? 0) <= cutoff) drop++;
        if (drop) times = times.slice(drop);
      } else {
        times = [];
      }
      if (times.length >= max) {
        hits.set(key, times);
        const oldest = times[0] ?? now;
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
      }
      times.push(now);
      hits.set(key, times);
      while (hits.size > maxKeys) {
        const first = hits.keys().next();
        if (first.done) break;
        hits.delete(first.value);
      }
      return { ok: true, remaining: max - times.length };
    },
  };
}
