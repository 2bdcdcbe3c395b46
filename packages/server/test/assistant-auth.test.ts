import { describe, expect, it } from 'vitest';
import { countRows, startServer, userMessage, withTestServer } from './assistant.helpers.ts';

const t = withTestServer();

const body = JSON.stringify({ fp: 'anonymous', messages: [userMessage('How do I verify webhook signatures?')] });

async function post(url: string, authorization?: string, extraHeaders: Record<string, string> = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...extraHeaders };
  if (authorization !== undefined) headers.Authorization = authorization;
  const res = await fetch(url, { method: 'POST', headers, body });
  const text = await res.text();
  return { res, text, json: res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : undefined };
}

describe('bearer keys (RFC 6750)', () => {
  it('401 without a key, with a bare Bearer challenge', async () => {
    const { res, json } = await post(t.server.endpoint());
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="lectern-assistant"');
    expect(json.error.code).toBe('unauthorized');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('ratelimit-limit')).toBe('10000'); // the per-IP limit applies before the key
  });

  it('401 for another auth scheme', async () => {
    const { res } = await post(t.server.endpoint(), 'Basic dXNlcjpwYXNz');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="lectern-assistant"');
  });

  it('401 invalid_token for an unknown key and for a malformed bearer value', async () => {
    for (const auth of ['Bearer lectern_dsc_doesnotexist', 'Bearer sk_live_123', 'Bearer a b c']) {
      const { res, json } = await post(t.server.endpoint(), auth);
      expect(res.status, auth).toBe(401);
      expect(res.headers.get('www-authenticate'), auth).toMatch(/^Bearer realm="lectern-assistant", error="invalid_token"/);
      expect(json.error.code, auth).toMatch(/invalid_key|unauthorized/);
    }
  });

  it('401 invalid_token for a revoked key', async () => {
    const { res, json } = await post(t.server.endpoint(), `Bearer ${t.site.revokedKey}`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(json.error.message).toMatch(/revoked/);
  });

  it('403 insufficient_scope for a key of another domain (same or other organization)', async () => {
    for (const [key, domain] of [
      [t.site.globexKey, 'acme'],
      [t.site.stagingKey, 'acme'],
      [t.site.acmeKey, 'globex'],
      [t.site.acmeKey, 'acme-staging'],
    ] as const) {
      const { res, json } = await post(t.server.endpoint(domain), `Bearer ${key}`);
      expect(res.status, domain).toBe(403);
      expect(res.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
      expect(json.error.code).toBe('forbidden');
    }
  });

  it('404 for an unknown domain', async () => {
    const { res, json } = await post(t.server.endpoint('no-such-site'), `Bearer ${t.site.acmeKey}`);
    expect(res.status).toBe(404);
    expect(json.error.code).toBe('domain_not_found');
  });

  it('404 for a path that is not the endpoint, 405 for other methods', async () => {
    const a = await post(`${t.server.origin}/discovery/v1/assistant/acme/other`, `Bearer ${t.site.acmeKey}`);
    expect(a.res.status).toBe(404);
    const b = await fetch(t.server.endpoint(), { method: 'GET', headers: { Authorization: `Bearer ${t.site.acmeKey}` } });
    expect(b.status).toBe(405);
    expect(b.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('stores nothing for refused requests', () => {
    expect(countRows(t.site.threadsPath)).toEqual({ threads: 0, messages: 0 });
  });

  it('200 with the right key', async () => {
    const { res } = await post(t.server.endpoint(), `Bearer ${t.site.acmeKey}`);
    expect(res.status).toBe(200);
  });
});

describe('rate limits', () => {
  it('per organization: 429 with Retry-After and RateLimit headers, other organizations unaffected', async () => {
    let now = Date.UTC(2026, 0, 1, 10, 0, 0);
    const s = await startServer({
      index: t.site.indexPath,
      keys: t.site.keysPath,
      threads: t.site.threadsPath,
      limits: { orgLimit: 3, ipLimit: 1000, now: () => now },
    });
    try {
      for (let i = 0; i < 3; i++) {
        const { res } = await post(s.endpoint(), `Bearer ${t.site.acmeKey}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('ratelimit-remaining')).toBe(String(2 - i));
      }
      const limited = await post(s.endpoint(), `Bearer ${t.site.acmeKey}`);
      expect(limited.res.status).toBe(429);
      expect(limited.json.error.code).toBe('rate_limited');
      expect(limited.res.headers.get('retry-after')).toBe('3600');
      expect(limited.res.headers.get('ratelimit-limit')).toBe('3');
      expect(limited.res.headers.get('ratelimit-remaining')).toBe('0');
      expect(limited.res.headers.get('ratelimit-reset')).toBe('3600');
      expect(limited.res.headers.get('x-ratelimit-limit')).toBe('3');
      expect(limited.res.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(limited.res.headers.get('x-ratelimit-reset')).toBe(String(now / 1000 + 3600));
      // The acme-staging key belongs to the same organization: limited too.
      expect((await post(s.endpoint('acme-staging'), `Bearer ${t.site.stagingKey}`)).res.status).toBe(429);
      // Another organization is not.
      expect((await post(s.endpoint('globex'), `Bearer ${t.site.globexKey}`)).res.status).toBe(200);
      // The next hour opens a new window.
      now += 3_600_000;
      expect((await post(s.endpoint(), `Bearer ${t.site.acmeKey}`)).res.status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('per IP address per day, counted before authentication', async () => {
    let now = Date.UTC(2026, 0, 1, 0, 0, 0);
    const s = await startServer({
      index: t.site.indexPath,
      keys: t.site.keysPath,
      threads: t.site.threadsPath,
      limits: { orgLimit: 1000, ipLimit: 2, now: () => now },
    });
    try {
      expect((await post(s.endpoint(), `Bearer ${t.site.acmeKey}`)).res.status).toBe(200);
      expect((await post(s.endpoint())).res.status).toBe(401); // counts too
      const limited = await post(s.endpoint(), `Bearer ${t.site.globexKey}`);
      expect(limited.res.status).toBe(429);
      expect(limited.res.headers.get('retry-after')).toBe('86400');
      expect(limited.json.error.message).toMatch(/IP address/);
      now += 86_400_000;
      expect((await post(s.endpoint(), `Bearer ${t.site.acmeKey}`)).res.status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('reads the client IP from X-Forwarded-For only when told to trust the proxy', async () => {
    const now = Date.UTC(2026, 0, 1, 0, 0, 0);
    const make = (trustProxy: boolean) =>
      startServer({
        index: t.site.indexPath,
        keys: t.site.keysPath,
        threads: t.site.threadsPath,
        trustProxy,
        limits: { ipLimit: 1, now: () => now },
      });
    const trusted = await make(true);
    const untrusted = await make(false);
    try {
      const ok1 = await post(trusted.endpoint(), `Bearer ${t.site.acmeKey}`, { 'X-Forwarded-For': '203.0.113.1' });
      const ok2 = await post(trusted.endpoint(), `Bearer ${t.site.acmeKey}`, { 'X-Forwarded-For': '203.0.113.2' });
      expect([ok1.res.status, ok2.res.status]).toEqual([200, 200]);
      expect((await post(trusted.endpoint(), `Bearer ${t.site.acmeKey}`, { 'X-Forwarded-For': '203.0.113.1' })).res.status).toBe(429);
      // The proxy appends the real address last; a client-chosen first entry buys no new quota.
      expect(
        (await post(trusted.endpoint(), `Bearer ${t.site.acmeKey}`, { 'X-Forwarded-For': '198.51.100.9, 203.0.113.2' })).res.status,
      ).toBe(429);
      // Untrusted: spoofed headers do not buy new quota.
      await post(untrusted.endpoint(), `Bearer ${t.site.acmeKey}`, { 'X-Forwarded-For': '198.51.100.1' });
      expect((await post(untrusted.endpoint(), `Bearer ${t.site.acmeKey}`, { 'X-Forwarded-For': '198.51.100.2' })).res.status).toBe(429);
    } finally {
      await trusted.close();
      await untrusted.close();
    }
  });
});
