/**
 * The playground proxy against real HTTP servers on 127.0.0.1: forwarding, redirects, SSRF refusals, limits,
 * rate limit, TLS verification and a bounded load test. The handler is called directly and through a socket.
 */
import { execFileSync } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Server as SpecServer } from '@lectern/core';
import { createProxyHandler, toNodeListener, type ProxyHandler, type ProxyOptions, type ResolveHost } from '../src/index.ts';
import * as edge from '../src/edge.ts';

// --- upstream -----------------------------------------------------------------------------------

interface Upstream {
  port: number;
  origin: string;
  openConnections(): number;
  close(): Promise<void>;
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function upstreamHandler(origin: () => string) {
  return async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://upstream');
    const body = await readBody(req);
    switch (url.pathname) {
      case '/binary': {
        const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        return res.end(bytes);
      }
      case '/gzip': {
        res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Encoding': 'gzip' });
        return res.end(gzipSync('compressed hello'));
      }
      case '/cookies': {
        res.writeHead(200, [
          ['Set-Cookie', 'session=abc; HttpOnly'],
          ['Set-Cookie', 'theme=dark'],
          ['Strict-Transport-Security', 'max-age=31536000'],
          ['X-Lectern-Proxy-Error', '1'],
          ['Keep-Alive', 'timeout=5'],
          ['Connection', 'keep-alive, X-Drop-Me'],
          ['X-Drop-Me', 'yes'],
          ['X-Keep-Me', 'yes'],
          ['Content-Type', 'text/html'],
        ]);
        return res.end('<script>alert(1)</script>');
      }
      case '/origin-policies-2': {
        res.writeHead(200, [
          ['Access-Control-Allow-Origin', '*'],
          ['Access-Control-Allow-Credentials', 'true'],
          ['Access-Control-Allow-Headers', '*'],
          ['Access-Control-Allow-Methods', 'GET, POST, DELETE'],
          ['Access-Control-Allow-Private-Network', 'true'],
          ['Access-Control-Expose-Headers', '*'],
          ['Access-Control-Max-Age', '86400'],
          ['Link', '<https://evil.example/x.js>; rel=preload; as=script'],
          ['Permissions-Policy', 'camera=*, geolocation=*'],
          ['Origin-Agent-Cluster', '?0'],
          ['Speculation-Rules', '"https://evil.example/rules.json"'],
          ['Supports-Loading-Mode', 'credentialed-prerender'],
          ['X-Keep-Me', 'yes'],
          ['Content-Type', 'text/plain'],
        ]);
        return res.end('ok');
      }
      case '/origin-policies': {
        res.writeHead(200, [
          ['NEL', '{"report_to":"x","max_age":86400}'],
          ['Report-To', '{"group":"x","max_age":86400,"endpoints":[{"url":"https://collector.example/r"}]}'],
          ['Reporting-Endpoints', 'x="https://collector.example/r"'],
          ['Set-Login', 'logged-in'],
          ['Accept-CH', 'Sec-CH-UA-Model'],
          ['Critical-CH', 'Sec-CH-UA-Model'],
          ['X-Keep-Me', 'yes'],
          ['Content-Type', 'text/plain'],
        ]);
        return res.end('ok');
      }
      case '/status': {
        const code = Number(url.searchParams.get('code') ?? 200);
        res.writeHead(code, { 'Content-Type': 'application/json' });
        return res.end(code === 204 || code === 304 ? undefined : JSON.stringify({ code }));
      }
      case '/redirect': {
        const to = url.searchParams.get('to') ?? '/echo';
        res.writeHead(Number(url.searchParams.get('status') ?? 302), { Location: to });
        return res.end();
      }
      case '/loop':
        res.writeHead(302, { Location: '/loop' });
        return res.end();
      case '/slow':
        return; // never answers; the proxy's timeout must fire
      case '/trickle': {
        // Headers and a first chunk at once, the rest after `ms`: a slow body, not a slow answer.
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.write('first ');
        setTimeout(() => res.end('last'), Number(url.searchParams.get('ms') ?? 300));
        return;
      }
      case '/big': {
        const size = Number(url.searchParams.get('size') ?? 0);
        const chunked = url.searchParams.has('chunked');
        res.writeHead(200, chunked ? { 'Content-Type': 'text/plain' } : { 'Content-Type': 'text/plain', 'Content-Length': size });
        const chunk = Buffer.alloc(16 * 1024, 'x');
        let sent = 0;
        const write = () => {
          while (sent < size) {
            const n = Math.min(chunk.length, size - sent);
            sent += n;
            if (!res.write(chunk.subarray(0, n))) return res.once('drain', write);
          }
          res.end();
        };
        return write();
      }
      default: {
        res.writeHead(200, { 'Content-Type': 'application/json', 'X-Upstream': origin() });
        return res.end(
          JSON.stringify({
            method: req.method,
            path: url.pathname,
            query: url.search,
            headers: req.headers,
            bodyBase64: body.toString('base64'),
          }),
        );
      }
    }
  };
}

async function listen(server: http.Server | https.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as AddressInfo).port;
}

function track(server: http.Server | https.Server): () => number {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return () => sockets.size;
}

async function startUpstream(): Promise<Upstream> {
  let origin = '';
  const server = http.createServer(upstreamHandler(() => origin));
  const open = track(server);
  const port = await listen(server);
  origin = `http://127.0.0.1:${port}`;
  return {
    port,
    origin,
    openConnections: open,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// --- helpers ------------------------------------------------------------------------------------

const server = (url: string, variables: SpecServer['variables'] = {}): SpecServer => ({ url, variables });

function proxyRequest(body: unknown, init: { headers?: Record<string, string>; raw?: string } = {}): Request {
  return new Request('http://docs.test/_lectern/api/request', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: init.raw ?? JSON.stringify(body),
  });
}

interface ErrorBody {
  error: { code: string; message: string };
}

async function expectProxyError(response: Response, status: number, code: string): Promise<ErrorBody> {
  const text = await response.text();
  expect({ status: response.status, text }).toMatchObject({ status });
  expect(response.headers.get('x-lectern-proxy-error')).toBe('1');
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(text) as ErrorBody;
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(10);
  return body;
}

interface Echo {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  bodyBase64: string;
}

let upstream: Upstream;
const handlers: ProxyHandler[] = [];

function makeProxy(options: Partial<ProxyOptions> = {}): ProxyHandler {
  const handler = createProxyHandler({
    manifest: { servers: [], proxyAllow: [upstream.origin] },
    ...options,
    limits: { rateLimit: false, ...options.limits },
  });
  handlers.push(handler);
  return handler;
}

beforeAll(async () => {
  upstream = await startUpstream();
});

afterAll(async () => {
  await Promise.all(handlers.map((h) => h.close()));
  await upstream.close();
});

// --- forwarding ---------------------------------------------------------------------------------

describe('forwarding', () => {
  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'get', 'PROPFIND'])('forwards method %s', async (method) => {
    const proxy = makeProxy();
    const response = await proxy(proxyRequest({ method, url: `${upstream.origin}/echo` }));
    expect(response.status).toBe(200);
    const echo = (await response.json()) as Echo;
    expect(echo.method).toBe(method.toUpperCase());
  });

  it('forwards HEAD without a body', async () => {
    const proxy = makeProxy();
    const response = await proxy(proxyRequest({ method: 'HEAD', url: `${upstream.origin}/echo` }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe('');
  });

  it('forwards the path, query string and request headers; answers with upstream status and headers', async () => {
    const proxy = makeProxy();
    const response = await proxy(
      proxyRequest({
        method: 'GET',
        url: `${upstream.origin}/v1/users/42?expand=team&tags=a&tags=b%20c`,
        headers: { Authorization: 'Bearer sk_test', 'X-Api-Key': 'k1', Accept: 'application/json' },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('x-upstream')).toBe(upstream.origin);
    const echo = (await response.json()) as Echo;
    expect(echo.path).toBe('/v1/users/42');
    expect(echo.query).toBe('?expand=team&tags=a&tags=b%20c');
    expect(echo.headers.authorization).toBe('Bearer sk_test');
    expect(echo.headers['x-api-key']).toBe('k1');
    expect(echo.headers.accept).toBe('application/json');
  });

  it.each([404, 500, 201, 204])('passes upstream status %i through unchanged (no proxy error header)', async (code) => {
    const proxy = makeProxy();
    const response = await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/status?code=${code}` }));
    expect(response.status).toBe(code);
    expect(response.headers.get('x-lectern-proxy-error')).toBeNull();
    if (code !== 204) expect(await response.json()).toEqual({ code });
  });

  it('forwards a JSON body', async () => {
    const proxy = makeProxy();
    const json = JSON.stringify({ name: 'Ada', tags: ['x'], nested: { ok: true }, unicode: 'é✓' });
    const response = await proxy(
      proxyRequest({ method: 'POST', url: `${upstream.origin}/echo`, headers: { 'Content-Type': 'application/json' }, body: json }),
    );
    const echo = (await response.json()) as Echo;
    expect(Buffer.from(echo.bodyBase64, 'base64').toString('utf8')).toBe(json);
    expect(echo.headers['content-type']).toBe('application/json');
    expect(echo.headers['content-length']).toBe(String(Buffer.byteLength(json)));
  });

  it('forwards a form body', async () => {
    const proxy = makeProxy();
    const form = new URLSearchParams({ a: '1', b: 'two words', c: 'é' }).toString();
    const response = await proxy(
      proxyRequest({
        method: 'POST',
        url: `${upstream.origin}/echo`,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
      }),
    );
    const echo = (await response.json()) as Echo;
    expect(Buffer.from(echo.bodyBase64, 'base64').toString('utf8')).toBe(form);
    expect(echo.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('forwards a multipart body (bodyBase64) byte for byte', async () => {
    const proxy = makeProxy();
    const data = new FormData();
    data.set('name', 'avatar');
    data.set('file', new Blob([new Uint8Array([0, 1, 2, 255, 254, 13, 10])], { type: 'image/png' }), 'a.png');
    const encoded = new Response(data);
    const contentType = encoded.headers.get('content-type') ?? '';
    const bytes = Buffer.from(await encoded.arrayBuffer());
    const response = await proxy(
      proxyRequest({
        method: 'POST',
        url: `${upstream.origin}/upload`,
        headers: { 'Content-Type': contentType },
        bodyBase64: bytes.toString('base64'),
      }),
    );
    const echo = (await response.json()) as Echo;
    expect(Buffer.from(echo.bodyBase64, 'base64').equals(bytes)).toBe(true);
    expect(echo.headers['content-type']).toBe(contentType);
  });

  it('forwards a binary body and returns a binary response unchanged', async () => {
    const proxy = makeProxy();
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7) % 256));
    const sent = await proxy(proxyRequest({ method: 'PUT', url: `${upstream.origin}/blob`, bodyBase64: bytes.toString('base64') }));
    const echo = (await sent.json()) as Echo;
    expect(Buffer.from(echo.bodyBase64, 'base64').equals(bytes)).toBe(true);

    const received = await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/binary` }));
    expect(received.headers.get('content-type')).toBe('application/octet-stream');
    const body = new Uint8Array(await received.arrayBuffer());
    expect([...body]).toEqual(Array.from({ length: 256 }, (_, i) => i));
  });

  it('passes a compressed response through with its Content-Encoding (the browser decodes it)', async () => {
    const proxy = makeProxy();
    const response = await proxy(
      proxyRequest({ method: 'GET', url: `${upstream.origin}/gzip` }, { headers: { 'Accept-Encoding': 'gzip, br' } }),
    );
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const raw = Buffer.from(await response.arrayBuffer());
    expect(raw.equals(gzipSync('compressed hello'))).toBe(true);
  });

  it('drops hop-by-hop headers, Host and the docs origin cookies; forwards an explicit Cookie', async () => {
    const proxy = makeProxy();
    const response = await proxy(
      proxyRequest(
        {
          method: 'GET',
          url: `${upstream.origin}/echo`,
          headers: {
            Connection: 'close, X-Hop',
            'X-Hop': 'secret',
            'Keep-Alive': 'timeout=1',
            TE: 'trailers',
            Trailer: 'X-T',
            Upgrade: 'websocket',
            'Proxy-Authorization': 'Basic eA==',
            'Proxy-Foo': 'bar',
            Host: 'internal.example',
            Cookie: 'api_session=explicit',
            'X-Kept': 'yes',
          },
        },
        { headers: { Cookie: 'docs_session=must-not-leak' } },
      ),
    );
    const echo = (await response.json()) as Echo;
    expect(echo.headers.host).toBe(`127.0.0.1:${upstream.port}`);
    expect(echo.headers.cookie).toBe('api_session=explicit');
    expect(echo.headers['x-kept']).toBe('yes');
    for (const name of ['x-hop', 'keep-alive', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-foo']) {
      expect(echo.headers[name], name).toBeUndefined();
    }
    expect(JSON.stringify(echo.headers)).not.toContain('must-not-leak');
  });

  it('never sets upstream cookies on the docs origin; strips origin-affecting and forged headers', async () => {
    const proxy = makeProxy();
    const response = await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/cookies` }));
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(response.headers.get('x-lectern-set-cookie')).toBe('session=abc; HttpOnly, theme=dark');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('x-lectern-proxy-error')).toBeNull();
    expect(response.headers.get('keep-alive')).toBeNull();
    expect(response.headers.get('x-drop-me')).toBeNull();
    expect(response.headers.get('x-keep-me')).toBe('yes');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

// --- request validation ---------------------------------------------------------------------------

describe('request validation', () => {
  it('accepts POST only', async () => {
    const proxy = makeProxy();
    const response = await proxy(new Request('http://docs.test/_lectern/api/request'));
    await expectProxyError(response, 405, 'method_not_allowed');
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('requires a JSON content type (a cross-site text/plain form cannot drive it)', async () => {
    const proxy = makeProxy();
    const response = await proxy(
      new Request('http://docs.test/_lectern/api/request', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify({ method: 'GET', url: `${upstream.origin}/echo` }),
      }),
    );
    await expectProxyError(response, 415, 'unsupported_media_type');
  });

  it('refuses cross-site browser requests', async () => {
    const proxy = makeProxy();
    const response = await proxy(
      proxyRequest({ method: 'GET', url: `${upstream.origin}/echo` }, { headers: { 'Sec-Fetch-Site': 'cross-site' } }),
    );
    await expectProxyError(response, 403, 'cross_site_request');
  });

  it('reports every problem of an invalid ProxyRequest at once', async () => {
    const proxy = makeProxy();
    const response = await proxy(
      proxyRequest({
        method: 'GE T',
        url: 'not a url',
        headers: { 'Bad Name': 'x', 'X-Ok': 'a\r\nInjected: 1' },
        body: 'a',
        bodyBase64: 'YQ==',
      }),
    );
    const body = await expectProxyError(response, 400, 'invalid_request');
    expect(body.error.message).toContain('"method"');
    expect(body.error.message).toContain('"url"');
    expect(body.error.message).toContain('Bad Name');
    expect(body.error.message).toContain('control character');
    expect(body.error.message).toContain('mutually exclusive');
  });

  it.each([
    ['not JSON', '{"method":', 'not valid JSON'],
    ['invalid base64', JSON.stringify({ method: 'POST', url: 'http://x.test/', bodyBase64: '***' }), 'base64'],
    ['credentials in the URL', JSON.stringify({ method: 'GET', url: 'http://u:p@x.test/' }), 'credentials'],
    ['TRACE', JSON.stringify({ method: 'TRACE', url: 'http://x.test/' }), 'TRACE'],
  ])('refuses %s with a clear message', async (_name, raw, fragment) => {
    const proxy = makeProxy();
    const body = await expectProxyError(await proxy(proxyRequest(null, { raw })), 400, 'invalid_request');
    expect(body.error.message).toContain(fragment);
  });

  it('refuses non-http schemes', async () => {
    const proxy = makeProxy();
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'gopher://127.0.0.1:25/']) {
      await expectProxyError(await proxy(proxyRequest({ method: 'GET', url })), 403, 'scheme_not_allowed');
    }
  });
});

// --- SSRF -----------------------------------------------------------------------------------------

describe('SSRF refusals', () => {
  const fakeDns: Record<string, string[]> = {
    'rebind.test': ['127.0.0.1'],
    'mixed.test': ['93.184.215.14', '127.0.0.1'],
    'v6only.test': ['::1'],
    'mapped.test': ['::ffff:127.0.0.1'],
    'metadata.test': ['169.254.169.254'],
    'internal.test': ['10.1.2.3'],
    'allowed.test': ['127.0.0.1'],
  };
  const resolveHost: ResolveHost = async (hostname) => {
    const found = fakeDns[hostname];
    if (!found) {
      const real = await lookup(hostname, { all: true });
      return real.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
    }
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  // Each target is a *server of the site's specs* (so the origin check passes) that points at the live
  // upstream or at an internal address: only the address check stands between the caller and the target.
  const P = () => upstream.port;
  const cases: Array<[string, () => string]> = [
    ['loopback 127.0.0.1', () => `http://127.0.0.1:${P()}/echo`],
    ['loopback 127.0.0.2', () => `http://127.0.0.2:${P()}/echo`],
    ['short form 127.1', () => `http://127.1:${P()}/echo`],
    ['decimal 2130706433', () => `http://2130706433:${P()}/echo`],
    ['octal 0177.0.0.1', () => `http://0177.0.0.1:${P()}/echo`],
    ['hex 0x7f.1', () => `http://0x7f.1:${P()}/echo`],
    ['hex 0x7f000001', () => `http://0x7f000001:${P()}/echo`],
    ['IPv6 loopback [::1]', () => `http://[::1]:${P()}/echo`],
    ['unspecified 0.0.0.0', () => `http://0.0.0.0:${P()}/echo`],
    ['unspecified [::]', () => `http://[::]:${P()}/echo`],
    ['IPv4-mapped [::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${P()}/echo`],
    ['IPv4-mapped hex [::ffff:7f00:1]', () => `http://[::ffff:7f00:1]:${P()}/echo`],
    ['NAT64 [64:ff9b::127.0.0.1]', () => `http://[64:ff9b::127.0.0.1]:${P()}/echo`],
    ['NAT64 of metadata [64:ff9b::a9fe:a9fe]', () => 'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/'],
    ['cloud metadata 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/'],
    ['AWS IPv6 metadata [fd00:ec2::254]', () => 'http://[fd00:ec2::254]/latest/meta-data/'],
    ['private 10.0.0.1', () => 'http://10.0.0.1/'],
    ['private 172.16.5.4', () => 'http://172.16.5.4/'],
    ['private 192.168.1.1', () => 'http://192.168.1.1/'],
    ['CGNAT 100.64.0.1', () => 'http://100.64.0.1/'],
    ['link-local 169.254.1.1', () => 'http://169.254.1.1/'],
    ['unique-local [fc00::1]', () => 'http://[fc00::1]/'],
    ['link-local [fe80::1]', () => 'http://[fe80::1]/'],
    ['multicast 224.0.0.1', () => 'http://224.0.0.1/'],
    ['multicast [ff02::1]', () => 'http://[ff02::1]/'],
    ['broadcast 255.255.255.255', () => 'http://255.255.255.255/'],
    ['"localhost" (system resolver)', () => `http://localhost:${P()}/echo`],
    ['name resolving to 127.0.0.1 (rebinding)', () => `http://rebind.test:${P()}/echo`],
    ['name resolving to public + loopback', () => `http://mixed.test:${P()}/echo`],
    ['name resolving to ::1', () => `http://v6only.test:${P()}/echo`],
    ['name resolving to ::ffff:127.0.0.1', () => `http://mapped.test:${P()}/echo`],
    ['name resolving to 169.254.169.254', () => 'http://metadata.test/'],
    ['name resolving to 10.1.2.3', () => 'http://internal.test/'],
  ];

  it.each(cases)('refuses %s with address_not_allowed', async (_name, target) => {
    const url = target();
    const proxy = makeProxy({ manifest: { servers: [server(new URL(url).origin)], proxyAllow: [] }, resolveHost });
    const body = await expectProxyError(await proxy(proxyRequest({ method: 'GET', url })), 403, 'address_not_allowed');
    expect(body.error.message).toMatch(/address/);
  });

  it('uses the system resolver by default: "localhost" is checked after resolution, at connect time', async () => {
    const proxy = makeProxy({ manifest: { servers: [server(`http://localhost:${upstream.port}`)], proxyAllow: [] } });
    const body = await expectProxyError(
      await proxy(proxyRequest({ method: 'GET', url: `http://localhost:${upstream.port}/echo` })),
      403,
      'address_not_allowed',
    );
    expect(body.error.message).toContain('localhost resolves to');
  });

  it('checks the answer the connection uses: one resolution, made by the connect itself (no rebinding window)', async () => {
    // A check-then-connect proxy resolves twice (once to check, once to connect) and a rebinding DNS server
    // answers differently each time. Here the only resolution is the connect's own lookup, and it is checked.
    let calls = 0;
    const rebinding: ResolveHost = async () => {
      calls++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const proxy = makeProxy({
      manifest: { servers: [server(`http://flip.test:${upstream.port}`)], proxyAllow: [] },
      resolveHost: rebinding,
    });
    await expectProxyError(
      await proxy(proxyRequest({ method: 'GET', url: `http://flip.test:${upstream.port}/echo` })),
      403,
      'address_not_allowed',
    );
    expect(calls).toBe(1);
  });

  it('refuses a host that is not a server of the specs', async () => {
    const proxy = makeProxy({ manifest: { servers: [server('https://api.example.com/v1')], proxyAllow: [] } });
    for (const url of [
      'https://evil.example.com/',
      'https://api.example.com.evil.test/',
      'http://api.example.com/',
      'https://api.example.com:8443/',
    ]) {
      const body = await expectProxyError(await proxy(proxyRequest({ method: 'GET', url })), 403, 'origin_not_allowed');
      expect(body.error.message).toContain('https://api.example.com');
    }
  });

  it('only lets a free-form host variable take its default value', async () => {
    const proxy = makeProxy({
      manifest: {
        servers: [
          server('http://{host}:{port}/{base}', {
            host: { default: 'localhost' },
            port: { default: String(upstream.port) },
            base: { default: 'v1' },
          }),
        ],
        proxyAllow: [`http://localhost:${upstream.port}`],
      },
      resolveHost,
    });
    await expectProxyError(
      await proxy(proxyRequest({ method: 'GET', url: `http://rebind.test:${upstream.port}/v1` })),
      403,
      'origin_not_allowed',
    );
    // The path variable may vary freely.
    const ok = await proxy(proxyRequest({ method: 'GET', url: `http://localhost:${upstream.port}/anything/else` }));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as Echo).path).toBe('/anything/else');
  });

  it('lets an explicitly allowlisted private origin through (documenting a local API)', async () => {
    const proxy = makeProxy({ manifest: { servers: [], proxyAllow: [`http://127.0.0.1:${upstream.port}`] } });
    const response = await proxy(proxyRequest({ method: 'GET', url: `http://127.0.0.1:${upstream.port}/echo` }));
    expect(response.status).toBe(200);
    // ...but only that origin: another port on the same host stays refused.
    await expectProxyError(
      await proxy(proxyRequest({ method: 'GET', url: `http://127.0.0.1:${upstream.port + 1}/echo` })),
      403,
      'origin_not_allowed',
    );
  });

  it('keeps the address rule for an allowlisted hostname: only an IP literal names a private address', async () => {
    const proxy = makeProxy({ manifest: { servers: [], proxyAllow: [`http://allowed.test:${upstream.port}`] }, resolveHost });
    const body = await expectProxyError(
      await proxy(proxyRequest({ method: 'GET', url: `http://allowed.test:${upstream.port}/echo` })),
      403,
      'address_not_allowed',
    );
    expect(body.error.message).toContain('name it by IP in lectern.proxy.allow');
  });

  it('lets an allowlisted "localhost" origin reach loopback, and nothing else', async () => {
    const proxy = makeProxy({ manifest: { servers: [], proxyAllow: [`http://localhost:${upstream.port}`] } });
    const response = await proxy(proxyRequest({ method: 'GET', url: `http://localhost:${upstream.port}/echo` }));
    expect(response.status).toBe(200);
    expect(((await response.json()) as Echo).headers.host).toBe(`localhost:${upstream.port}`);

    const tricked = makeProxy({
      manifest: { servers: [], proxyAllow: ['http://localhost:9'] },
      resolveHost: async () => [{ address: '169.254.169.254', family: 4 }],
    });
    await expectProxyError(await tricked(proxyRequest({ method: 'GET', url: 'http://localhost:9/' })), 403, 'address_not_allowed');
  });
});

// --- redirects ------------------------------------------------------------------------------------

describe('redirects', () => {
  it('follows a redirect to an allowed origin and reports the final URL', async () => {
    const proxy = makeProxy();
    const response = await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/redirect?to=/echo%3Fafter%3D1` }));
    expect(response.status).toBe(200);
    const echo = (await response.json()) as Echo;
    expect(echo.path).toBe('/echo');
    expect(echo.query).toBe('?after=1');
    expect(response.headers.get('x-lectern-final-url')).toBe(`${upstream.origin}/echo?after=1`);
  });

  it('keeps method and body on 307/308, switches to GET on 303', async () => {
    const proxy = makeProxy();
    const kept = await proxy(
      proxyRequest({
        method: 'POST',
        url: `${upstream.origin}/redirect?status=307&to=/echo`,
        body: 'payload',
        headers: { 'Content-Type': 'text/plain' },
      }),
    );
    const keptEcho = (await kept.json()) as Echo;
    expect(keptEcho.method).toBe('POST');
    expect(Buffer.from(keptEcho.bodyBase64, 'base64').toString()).toBe('payload');
    const changed = await proxy(
      proxyRequest({
        method: 'POST',
        url: `${upstream.origin}/redirect?status=303&to=/echo`,
        body: 'payload',
        headers: { 'Content-Type': 'text/plain' },
      }),
    );
    const changedEcho = (await changed.json()) as Echo;
    expect(changedEcho.method).toBe('GET');
    expect(changedEcho.bodyBase64).toBe('');
    expect(changedEcho.headers['content-type']).toBeUndefined();
  });

  it('sends no credential of any kind to another origin on redirect, only headers that describe the request', async () => {
    const other = await startUpstream();
    try {
      const proxy = makeProxy({ manifest: { servers: [], proxyAllow: [upstream.origin, other.origin] } });
      for (const status of [301, 302, 303, 307, 308]) {
        const response = await proxy(
          proxyRequest({
            method: 'GET',
            url: `${upstream.origin}/redirect?status=${status}&to=${encodeURIComponent(`${other.origin}/echo`)}`,
            headers: {
              Authorization: 'Bearer secret',
              Cookie: 'a=1',
              'X-Api-Key': 'k',
              'Api-Key': 'k2',
              Accept: 'application/json',
              'Accept-Language': 'de',
            },
          }),
        );
        const echo = (await response.json()) as Echo;
        expect(response.headers.get('x-upstream'), String(status)).toBe(other.origin);
        for (const name of ['authorization', 'cookie', 'x-api-key', 'api-key'])
          expect(echo.headers[name], `${status} ${name}`).toBeUndefined();
        expect(echo.headers.accept).toBe('application/json');
        expect(echo.headers['accept-language']).toBe('de');
      }
      // Within one origin a redirect keeps every header.
      const same = await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/redirect?to=/echo`, headers: { 'X-Api-Key': 'k' } }));
      expect(((await same.json()) as Echo).headers['x-api-key']).toBe('k');

      // An API key in the query that the API writes into its Location stays behind on another origin; the rest of
      // the query arrives as written. On the same origin the URL is the API's.
      const keyed = (to: string) => `${upstream.origin}/redirect?status=307&to=${encodeURIComponent(to)}`;
      const cross = await proxy(
        proxyRequest({
          method: 'GET',
          url: keyed(`${other.origin}/echo?api_key=qk&page=2&tags=a|b&api%5Fkey=x`),
          credentialQuery: ['api_key'],
        }),
      );
      expect(((await cross.json()) as Echo).query).toBe('?page=2&tags=a|b');
      const local = await proxy(proxyRequest({ method: 'GET', url: keyed('/echo?api_key=qk&page=2'), credentialQuery: ['api_key'] }));
      expect(((await local.json()) as Echo).query).toBe('?api_key=qk&page=2');
      const bad = await proxy(
        proxyRequest({ method: 'GET', url: `${upstream.origin}/echo`, credentialQuery: 'api_key' as unknown as string[] }),
      );
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('"credentialQuery" must be a list');
    } finally {
      await other.close();
    }
  });

  it('accepts bodyBase64 up to the request limit (a 6 MiB upload), and rejects malformed base64 with 400', async () => {
    const proxy = makeProxy();
    const bytes = Buffer.alloc(6 * 1024 * 1024, 7);
    const response = await proxy(
      proxyRequest({
        method: 'POST',
        url: `${upstream.origin}/echo`,
        headers: { 'Content-Type': 'application/octet-stream' },
        bodyBase64: bytes.toString('base64'),
      }),
    );
    expect(response.status).toBe(200);
    expect(Buffer.from(((await response.json()) as Echo).bodyBase64, 'base64').equals(bytes)).toBe(true);
    for (const bad of ['abc', 'ab!c', '====', 'a'.repeat(4 * 1024 * 1024 + 1)]) {
      await expectProxyError(
        await proxy(proxyRequest({ method: 'POST', url: `${upstream.origin}/echo`, bodyBase64: bad })),
        400,
        'invalid_request',
      );
    }
  });

  it('drops headers that would set policies on the docs origin (NEL, Report-To, Reporting-Endpoints, Set-Login, Accept-CH)', async () => {
    const proxy = makeProxy();
    const response = await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/origin-policies` }));
    expect(response.status).toBe(200);
    for (const name of ['nel', 'report-to', 'reporting-endpoints', 'set-login', 'accept-ch', 'critical-ch'])
      expect(response.headers.get(name), name).toBeNull();
    expect(response.headers.get('x-keep-me')).toBe('yes');
  });

  it('drops headers that would act on the docs origin (CORS grants, Link preload, Permissions-Policy, Origin-Agent-Cluster, speculation rules)', async () => {
    const proxy = makeProxy();
    const response = await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/origin-policies-2` }));
    expect(response.status).toBe(200);
    const names = [...response.headers.keys()];
    expect(names.filter((n) => n.startsWith('access-control-'))).toEqual([]);
    for (const name of ['link', 'permissions-policy', 'origin-agent-cluster', 'speculation-rules', 'supports-loading-mode'])
      expect(response.headers.get(name), name).toBeNull();
    expect(response.headers.get('x-lectern-link')).toBe('<https://evil.example/x.js>; rel=preload; as=script');
    expect(response.headers.get('x-keep-me')).toBe('yes');
    expect(await response.text()).toBe('ok');
  });

  it('bounds request bodies held in memory across all clients (503 proxy_busy past the budget)', async () => {
    const proxy = makeProxy({ limits: { maxBufferedBytes: 2 * 1024 * 1024 } });
    // A slow client: the body arrives in pieces, holding its reservation.
    let release!: () => void;
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"method":"GET","url":"'));
        release = () => {
          controller.enqueue(new TextEncoder().encode(`${upstream.origin}/echo"}`));
          controller.close();
        };
      },
    });
    const first = proxy(
      new Request('http://docs.test/_lectern/api/request', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(1536 * 1024) },
        body: stalled,
        duplex: 'half',
      } as RequestInit),
    );
    await new Promise((r) => setTimeout(r, 20));
    const second = await proxy(proxyRequest({ method: 'POST', url: `${upstream.origin}/echo`, body: 'x'.repeat(1024 * 1024) }));
    await expectProxyError(second, 503, 'proxy_busy');
    expect(second.headers.get('retry-after')).toBe('1');
    release();
    await (await first).text();
    // With the first one done, the budget is free again.
    expect((await proxy(proxyRequest({ method: 'POST', url: `${upstream.origin}/echo`, body: 'x'.repeat(1024 * 1024) }))).status).toBe(200);
  });

  it('caps requests in flight per client address, so one reader cannot hold every upstream socket', async () => {
    const proxy = makeProxy({ limits: { maxConcurrentPerClient: 2, timeoutMs: 500 } });
    const info = { clientAddress: '203.0.113.9' };
    const slow = [
      proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/slow` }), info),
      proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/slow` }), info),
    ];
    await new Promise((r) => setTimeout(r, 20));
    await expectProxyError(await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/echo` }), info), 429, 'too_many_concurrent');
    // Another reader is not affected.
    expect((await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/echo` }), { clientAddress: '203.0.113.10' })).status).toBe(
      200,
    );
    await Promise.all(slow);
  });

  it('caps upstream requests in flight across all clients: past the cap, 503 proxy_at_capacity at once (issue 38, finding 5)', async () => {
    const proxy = makeProxy({ limits: { maxConcurrent: 3, timeoutMs: 1_000 } });
    const slow = ['203.0.113.21', '203.0.113.22', '203.0.113.23'].map((clientAddress) =>
      proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/slow` }), { clientAddress }),
    );
    await new Promise((r) => setTimeout(r, 20));
    const refused = await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/echo` }), { clientAddress: '203.0.113.24' });
    const body = await expectProxyError(refused, 503, 'proxy_at_capacity');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(body.error.message).toContain('3');
    for (const response of await Promise.all(slow)) await expectProxyError(response, 504, 'upstream_timeout');
    // Slots are given back when the slow requests end.
    expect((await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/echo` }), { clientAddress: '203.0.113.24' })).status).toBe(
      200,
    );
  });

  it('lectern serve --proxy-max-concurrent refuses a value that is not a whole number of at least 1', async () => {
    const { runServeCommand } = await import('../src/index.ts');
    const root = mkdtempSync(path.join(tmpdir(), 'lectern-proxy-cap-'));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      execFileSync('mkdir', [path.join(root, 'dist')]);
      for (const bad of ['0', '-3', '2.5', 'many']) expect(await runServeCommand([root, '--proxy-max-concurrent', bad]), bad).toBe(2);
      expect(errors.mock.calls.map((c) => String(c[0])).join('\n')).toContain(
        '--proxy-max-concurrent must be a whole number of at least 1, got "many"',
      );
    } finally {
      errors.mockRestore();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('holds a request against the caps until its answer has been passed on, not only until its headers', async () => {
    const proxy = makeProxy({ limits: { maxConcurrent: 1 } });
    const trickling = await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/trickle?ms=300` }), {
      clientAddress: '203.0.113.31',
    });
    expect(trickling.status).toBe(200);
    await expectProxyError(
      await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/echo` }), { clientAddress: '203.0.113.32' }),
      503,
      'proxy_at_capacity',
    );
    expect(await trickling.text()).toBe('first last');
    const next = await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/echo` }), { clientAddress: '203.0.113.32' });
    expect(next.status).toBe(200);
    await next.text();
    // A proxy error or an answer without a body gives its slot back at once.
    await expectProxyError(await proxy(proxyRequest({ method: 'GET', url: 'https://evil.example.com/' })), 403, 'origin_not_allowed');
    expect((await proxy(proxyRequest({ method: 'HEAD', url: `${upstream.origin}/echo` }))).status).toBe(200);
    expect((await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/echo` }))).status).toBe(200);
  });

  it('a normal request is answered while five addresses hold 14 slow requests each, not after them (issue 38, finding 5 replay)', async () => {
    const proxy = makeProxy({ limits: { timeoutMs: 4_000 } });
    let slowEnded = false;
    const slow = Array.from({ length: 5 }, (_, a) =>
      Array.from({ length: 14 }, () =>
        proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/slow` }), { clientAddress: `198.51.100.${a + 1}` }).then(async (r) => {
          // Those past the cap are refused at once; the others end when the upstream timeout fires.
          if (r.status !== 503) slowEnded = true;
          return { status: r.status, body: await r.text() };
        }),
      ),
    ).flat();
    await new Promise((r) => setTimeout(r, 100));
    const normal = await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/echo` }), { clientAddress: '198.51.100.99' });
    // Answered (refused with a clear error, as the proxy is at its cap) before any slow request has ended; before the
    // cap it queued for an upstream socket behind them until they timed out.
    const answeredWhileHeld = !slowEnded;
    await expectProxyError(normal, 503, 'proxy_at_capacity');
    expect(answeredWhileHeld).toBe(true);
    const statuses = (await Promise.all(slow)).map((r) => r.status);
    expect(statuses.filter((s) => s === 504)).toHaveLength(48);
    expect(statuses.filter((s) => s === 503)).toHaveLength(70 - 48);
  }, 20_000);

  it.each([
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['a host outside the specs', 'https://evil.example.com/'],
    ['a non-http scheme', 'file:///etc/passwd'],
  ])('refuses a redirect to %s', async (_name, target) => {
    const proxy = makeProxy();
    const body = await expectProxyError(
      await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/redirect?to=${encodeURIComponent(target)}` })),
      403,
      'redirect_not_allowed',
    );
    expect(body.error.message).toContain('redirected');
  });

  it('refuses a redirect to a spec server that resolves to loopback (checked at connect)', async () => {
    const proxy = makeProxy({
      manifest: { servers: [server(`http://localhost:${upstream.port}`)], proxyAllow: [upstream.origin] },
    });
    await expectProxyError(
      await proxy(
        proxyRequest({
          method: 'GET',
          url: `${upstream.origin}/redirect?to=${encodeURIComponent(`http://localhost:${upstream.port}/echo`)}`,
        }),
      ),
      403,
      'address_not_allowed',
    );
  });

  it('stops after the redirect limit', async () => {
    const proxy = makeProxy({ limits: { maxRedirects: 3 } });
    const body = await expectProxyError(
      await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/loop` })),
      502,
      'too_many_redirects',
    );
    expect(body.error.message).toContain('3');
  });
});

// --- limits and timeouts --------------------------------------------------------------------------

describe('limits and timeouts', () => {
  it('answers 504 JSON when the upstream is too slow', async () => {
    const proxy = makeProxy({ limits: { timeoutMs: 300 } });
    await expectProxyError(await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/slow` })), 504, 'upstream_timeout');
  });

  it('answers 504 JSON when the TLS handshake never completes (connect timeout)', async () => {
    const { createServer: createTcpServer } = await import('node:net');
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => sockets.push(socket)); // accepts TCP, never speaks TLS
    const port = await listen(silent as unknown as http.Server);
    try {
      const proxy = makeProxy({
        manifest: { servers: [], proxyAllow: [`https://127.0.0.1:${port}`] },
        limits: { connectTimeoutMs: 300, timeoutMs: 20_000 },
      });
      const body = await expectProxyError(
        await proxy(proxyRequest({ method: 'GET', url: `https://127.0.0.1:${port}/` })),
        504,
        'upstream_timeout',
      );
      expect(body.error.message).toContain('connecting');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('answers 413 for an oversized request body (text and base64)', async () => {
    const proxy = makeProxy({ limits: { maxRequestBytes: 1024 } });
    const big = 'x'.repeat(2048);
    await expectProxyError(
      await proxy(proxyRequest({ method: 'POST', url: `${upstream.origin}/echo`, body: big })),
      413,
      'request_too_large',
    );
    await expectProxyError(
      await proxy(proxyRequest({ method: 'POST', url: `${upstream.origin}/echo`, bodyBase64: Buffer.from(big).toString('base64') })),
      413,
      'request_too_large',
    );
    await expectProxyError(
      await proxy(
        proxyRequest(null, { raw: JSON.stringify({ method: 'POST', url: `${upstream.origin}/echo`, body: 'x'.repeat(400_000) }) }),
      ),
      413,
      'request_too_large',
    );
    const fits = await proxy(proxyRequest({ method: 'POST', url: `${upstream.origin}/echo`, body: 'x'.repeat(1000) }));
    expect(fits.status).toBe(200);
  });

  it('refuses an upstream response whose declared size exceeds the limit', async () => {
    const proxy = makeProxy({ limits: { maxResponseBytes: 64 * 1024 } });
    await expectProxyError(
      await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/big?size=${200 * 1024}` })),
      502,
      'response_too_large',
    );
  });

  it('cuts a streamed (chunked) response at the limit', async () => {
    const proxy = makeProxy({ limits: { maxResponseBytes: 64 * 1024 } });
    const response = await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/big?size=${400 * 1024}&chunked` }));
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toThrow(/larger than/);
    const small = await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/big?size=${32 * 1024}&chunked` }));
    expect((await small.arrayBuffer()).byteLength).toBe(32 * 1024);
  });

  it('answers 502 JSON when the upstream refuses the connection', async () => {
    const closed = await startUpstream();
    await closed.close();
    const proxy = makeProxy({ manifest: { servers: [], proxyAllow: [closed.origin] } });
    await expectProxyError(await proxy(proxyRequest({ method: 'GET', url: `${closed.origin}/` })), 502, 'upstream_unreachable');
  });

  it('rate-limits per client address with 429 and Retry-After', async () => {
    const proxy = makeProxy({ limits: { rateLimit: { max: 3, windowMs: 60_000 } } });
    const send = (ip: string) => proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/echo` }), { clientAddress: ip });
    for (let i = 0; i < 3; i++) expect((await send('203.0.113.7')).status).toBe(200);
    const limited = await send('203.0.113.7');
    await expectProxyError(limited, 429, 'rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await send('198.51.100.9')).status).toBe(200); // another client is unaffected
  });

  it('trusts X-Forwarded-For for the rate limit only when told to', async () => {
    const untrusting = makeProxy({ limits: { rateLimit: { max: 1, windowMs: 60_000 } } });
    const spoof = (n: number) =>
      proxyRequest({ method: 'GET', url: `${upstream.origin}/echo` }, { headers: { 'X-Forwarded-For': `10.0.0.${n}` } });
    expect((await untrusting(spoof(1), { clientAddress: '192.0.2.1' })).status).toBe(200);
    expect((await untrusting(spoof(2), { clientAddress: '192.0.2.1' })).status).toBe(429);

    const trusting = makeProxy({ limits: { rateLimit: { max: 1, windowMs: 60_000 } }, trustProxy: true });
    expect((await trusting(spoof(1), { clientAddress: '192.0.2.1' })).status).toBe(200);
    expect((await trusting(spoof(2), { clientAddress: '192.0.2.1' })).status).toBe(200);
  });
});

// --- TLS ------------------------------------------------------------------------------------------

describe('TLS', () => {
  let dir: string | undefined;
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('verifies upstream certificates (a self-signed certificate is refused)', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lectern-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const tlsServer = https.createServer(
      { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) },
      (_req, res) => res.end('secret'),
    );
    const port = await listen(tlsServer);
    try {
      const proxy = makeProxy({ manifest: { servers: [], proxyAllow: [`https://127.0.0.1:${port}`] } });
      const body = await expectProxyError(
        await proxy(proxyRequest({ method: 'GET', url: `https://127.0.0.1:${port}/` })),
        502,
        'upstream_tls_error',
      );
      expect(body.error.message).toMatch(/certificate|SELF_SIGNED/i);
    } finally {
      tlsServer.closeAllConnections();
      await new Promise((resolve) => tlsServer.close(resolve));
    }
  });
});

// --- edge build (platform fetch) -----------------------------------------------------------------

describe('edge entry with fetchTransport', () => {
  it('forwards, follows redirects by hand, refuses private literals and drops encodings fetch decoded', async () => {
    const proxy = edge.createProxyHandler({ manifest: { servers: [], proxyAllow: [upstream.origin] }, limits: { rateLimit: false } });
    try {
      const echoed = await proxy(proxyRequest({ method: 'POST', url: `${upstream.origin}/redirect?status=307&to=/echo`, body: 'hi' }));
      expect(echoed.status).toBe(200);
      const echo = (await echoed.json()) as Echo;
      expect(echo.path).toBe('/echo');
      expect(Buffer.from(echo.bodyBase64, 'base64').toString()).toBe('hi');
      expect(echoed.headers.get('x-lectern-final-url')).toBe(`${upstream.origin}/echo`);

      const gz = await proxy(proxyRequest({ method: 'GET', url: `${upstream.origin}/gzip` }));
      expect(gz.headers.get('content-encoding')).toBeNull();
      expect(await gz.text()).toBe('compressed hello');

      await expectProxyError(
        await proxy(
          proxyRequest({ method: 'GET', url: `${upstream.origin}/redirect?to=${encodeURIComponent('http://169.254.169.254/')}` }),
        ),
        403,
        'redirect_not_allowed',
      );
    } finally {
      await proxy.close();
    }
    const strict = edge.createProxyHandler({ manifest: { servers: [server('http://[::ffff:7f00:1]')], proxyAllow: [] } });
    await expectProxyError(await strict(proxyRequest({ method: 'GET', url: 'http://[::ffff:7f00:1]/' })), 403, 'address_not_allowed');
  });
});

// --- through a socket, under load -----------------------------------------------------------------

describe('through a real socket', () => {
  it('serves 200 concurrent proxied requests without errors and releases every upstream socket', async () => {
    const target = await startUpstream();
    const proxy = createProxyHandler({
      manifest: { servers: [], proxyAllow: [target.origin] },
      limits: { rateLimit: false },
      keepAliveTimeoutMs: 200,
    });
    const front = http.createServer(toNodeListener(proxy));
    const port = await listen(front);
    const baseline = target.openConnections();
    try {
      const results = await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const response = await fetch(`http://127.0.0.1:${port}/_lectern/api/request`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ method: 'POST', url: `${target.origin}/echo?i=${i}`, body: `request ${i}` }),
          });
          const echo = (await response.json()) as Echo;
          return {
            status: response.status,
            ok: echo.query === `?i=${i}` && Buffer.from(echo.bodyBase64, 'base64').toString() === `request ${i}`,
          };
        }),
      );
      expect(results.filter((r) => r.status !== 200 || !r.ok)).toEqual([]);
      expect(target.openConnections()).toBeLessThanOrEqual(64); // the per-origin socket cap
      // Idle keep-alive sockets close on their own: the upstream's open connection count returns to baseline.
      await vi.waitFor(() => expect(target.openConnections()).toBe(baseline), { timeout: 15_000, interval: 100 });
    } finally {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await proxy.close();
      await target.close();
    }
  });

  it('answers a proxied HEAD over a socket without promising a body', async () => {
    const proxy = makeProxy();
    const front = http.createServer(toNodeListener(proxy));
    const port = await listen(front);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/_lectern/api/request`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ method: 'HEAD', url: `${upstream.origin}/echo` }),
        signal: AbortSignal.timeout(10_000),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.text()).toBe('');
    } finally {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
    }
  });

  it('carries the peer address from the socket into the rate limit', async () => {
    const proxy = makeProxy({ limits: { rateLimit: { max: 1, windowMs: 60_000 } } });
    const front = http.createServer(toNodeListener(proxy));
    const port = await listen(front);
    try {
      const send = () =>
        fetch(`http://127.0.0.1:${port}/_lectern/api/request`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ method: 'GET', url: `${upstream.origin}/echo` }),
        });
      expect((await send()).status).toBe(200);
      const limited = await send();
      expect(limited.status).toBe(429);
      expect(limited.headers.get('x-lectern-proxy-error')).toBe('1');
    } finally {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
    }
  });
});
