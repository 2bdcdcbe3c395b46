/** Pure parts of the proxy: address classification, allowed origins from server templates, the rate limiter. */
import { describe, expect, it } from 'vitest';
import { allowedOrigins, blockedAddressReason, createProxyHandler, createRateLimiter, parseProxyRequest } from '../src/index.ts';

describe('blockedAddressReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.20.30.40', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['169.254.169.254', 'metadata'],
    ['169.254.10.10', 'link-local'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped form of a loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped form of a loopback'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped form of a cloud metadata'],
    ['::ffff:10.0.0.1', 'IPv4-mapped form of a private'],
    ['64:ff9b::127.0.0.1', 'NAT64 form of a loopback'],
    ['64:ff9b::a00:1', 'NAT64 form of a private'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['2002:7f00:1::', '6to4 form of a loopback'],
    ['::127.0.0.1', 'IPv4-compatible form of a loopback'],
    ['fd00:ec2::254', 'metadata'],
    ['fc00::1', 'unique-local'],
    ['fdff:ffff::1', 'unique-local'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['not-an-ip', 'not an IP address'],
  ])('%s is refused (%s)', (address, fragment) => {
    expect(blockedAddressReason(address)).toContain(fragment);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.1',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2a00:1450:4001::200e',
  ])('%s is a public address', (address) => {
    expect(blockedAddressReason(address)).toBeNull();
  });
});

describe('allowedOrigins', () => {
  it('expands host variables to their default and enum values only; path variables do not matter', () => {
    const result = allowedOrigins({
      servers: [
        {
          url: 'https://{region}.api.example.com:{port}/{version}/{rest}',
          variables: {
            region: { default: 'eu', enum: ['eu', 'us'] },
            port: { default: '443' },
            version: { default: 'v1', enum: ['v1', 'v2'] },
            rest: { default: 'x' },
          },
        },
        { url: 'https://{tenant}.example.net', variables: { tenant: { default: 'demo' } } },
        { url: '{scheme}://files.example.org', variables: { scheme: { default: 'https', enum: ['http', 'https'] } } },
        { url: '{baseUrl}/v3', variables: { baseUrl: { default: 'https://base.example.io' } } },
        { url: '/relative/api', variables: {} },
        { url: 'wss://stream.example.com', variables: {} },
      ],
      proxyAllow: ['http://127.0.0.1:8080', 'http://localhost:3000/some/path'],
    });
    expect([...result.servers].sort()).toEqual(
      [
        'https://eu.api.example.com',
        'https://us.api.example.com',
        'https://demo.example.net',
        'http://files.example.org',
        'https://files.example.org',
        'https://base.example.io',
      ].sort(),
    );
    expect([...result.explicit]).toEqual(['http://127.0.0.1:8080', 'http://localhost:3000']);
  });

  it('reports an undefined variable and an invalid allowlist entry, and skips them', () => {
    const result = allowedOrigins({
      servers: [{ url: 'https://{who}.example.com', variables: {} }],
      proxyAllow: ['ftp://files.example.com', 'not a url'],
    });
    expect(result.servers.size).toBe(0);
    expect(result.explicit.size).toBe(0);
    expect(result.problems).toHaveLength(3);
    expect(result.problems[0]).toContain('{who}');
    expect(result.problems[1]).toContain('proxyAllow[0]');
  });
});

describe('createRateLimiter', () => {
  it('allows max requests per sliding window, then answers with the wait', () => {
    const limiter = createRateLimiter({ max: 2, windowMs: 10_000 });
    expect(limiter.take('a', 0).ok).toBe(true);
    expect(limiter.take('a', 4_000).ok).toBe(true);
    const refused = limiter.take('a', 5_000);
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 5 });
    expect(limiter.take('b', 5_000).ok).toBe(true);
    // The first hit leaves the window at 10 s, the second at 14 s: a sliding, not a fixed, window.
    expect(limiter.take('a', 10_001).ok).toBe(true);
    expect(limiter.take('a', 10_002).ok).toBe(false);
    expect(limiter.take('a', 14_001).ok).toBe(true);
  });

  it('bounds memory by evicting the least recently seen clients', () => {
    const limiter = createRateLimiter({ max: 1, windowMs: 60_000, maxKeys: 2 });
    limiter.take('a', 0);
    limiter.take('b', 0);
    limiter.take('c', 0); // evicts "a"
    expect(limiter.take('a', 1).ok).toBe(true);
    expect(limiter.take('c', 1).ok).toBe(false);
  });
});

describe('parseProxyRequest', () => {
  it('decodes text and base64 bodies and uppercases the method', () => {
    const text = parseProxyRequest(JSON.stringify({ method: 'post', url: 'https://a.example/', body: 'é' }));
    expect(text).toMatchObject({ method: 'POST' });
    expect('body' in text && [...(text.body ?? [])]).toEqual([0xc3, 0xa9]);
    const binary = parseProxyRequest(JSON.stringify({ method: 'PUT', url: 'https://a.example/', bodyBase64: 'AP8=' }));
    expect('body' in binary && [...(binary.body ?? [])]).toEqual([0, 255]);
  });
});

describe('createProxyHandler options', () => {
  it('names every invalid limit', () => {
    expect(() =>
      createProxyHandler({
        manifest: { servers: [], proxyAllow: [] },
        limits: { timeoutMs: 0, maxRedirects: -1, maxRequestBytes: Number.NaN },
      }),
    ).toThrow(/maxRequestBytes.*timeoutMs.*maxRedirects/);
  });
});
