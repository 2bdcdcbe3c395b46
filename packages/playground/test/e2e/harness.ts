/**
 * End-to-end harness: the island bundled with esbuild into a page served by node:http on 127.0.0.1, next to a
 * real test API, the real playground proxy (`createProxyHandler` from @lectern/server), a second-origin API for
 * credentialed CORS, an OAuth token endpoint and a WebSocket echo endpoint.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { liveSampleShims } from './live-sample-shims.ts';
import { DEFAULT_LANGUAGES, loadSpec, type ApiDocument, type AsyncDocument } from '@lectern/core';
import { createProxyHandler, toNodeListener } from '@lectern/server';
import { channelProps, playgroundProps, RUNTIME_STUB, type PlaygroundPropsOptions } from '../../src/props.ts';
import type { ChannelPlaygroundProps, PlaygroundProps } from '../../src/types.ts';
import { attachWebSocketEcho, type WsConnection } from './ws.ts';
import { h as createElement } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { Playground } from '../../src/Playground.tsx';
import { ChannelPlayground } from '../../src/ChannelPlayground.tsx';

const here = fileURLToPath(new URL('.', import.meta.url));
const pkg = fileURLToPath(new URL('../..', import.meta.url));

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PageCase {
  /** operationId in test/fixtures/api.yaml, or a channel id of test/fixtures/ws.yaml with `channel`. */
  operation?: string;
  channel?: string;
  options?: PlaygroundPropsOptions;
  theme?: 'light' | 'dark';
  /** Server variable `port`: the page's API (`a`), the second origin (`b`), a literal, or `keep` (spec default). */
  port?: 'a' | 'b' | 'keep' | number;
  /** Extra script run in <head> after the runtime stub (site scripts). */
  head?: string;
}

export interface Harness {
  origin: string;
  other: string;
  received: Received[];
  whoami: Received[];
  tokens: Received[];
  /** Query parameters of each request to the OAuth authorization endpoint (`/authorize`). */
  authorizations: Array<Record<string, string>>;
  ws: WsConnection[];
  page(c: PageCase): string;
  props(c: PageCase): PlaygroundProps | ChannelPlaygroundProps;
  close(): Promise<void>;
}

export const PNG = (() => {
  // A real 2x2 RGBA PNG.
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 255]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const raw = Buffer.from([0, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 255, 255, 255, 0, 255]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
})();
/** Bytes that are not valid UTF-8: decoding them as text would change them. */
export const MP3 = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0xff, 0xfb, 0x90, 0x64, 0x80, 0xc3, 0xfe, 0x00, 0xe9]);
export const MP4 = Buffer.from([0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0xff, 0xfe, 0x80, 0x81]);
export const HTML = '<h1 id="injected">Hello</h1><script>window.__xss = 1</script><img id="xssimg" src="x" onerror="window.__xss = 2">';

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

let bundle: Promise<string> | undefined;
function bundleEntry(): Promise<string> {
  bundle ??= build({
    entryPoints: [`${here}entry.tsx`],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: true,
    sourcemap: false,
    plugins: [liveSampleShims],
  }).then((r) => r.outputFiles[0]!.text);
  return bundle;
}

export async function startHarness(): Promise<Harness> {
  const [apiDoc, wsDoc, js] = await Promise.all([
    loadSpec({ root: `${pkg}test/fixtures`, source: 'api.yaml' }).then((r) => r.document as ApiDocument),
    loadSpec({ root: `${pkg}test/fixtures`, source: 'ws.yaml' }).then((r) => r.document as AsyncDocument),
    bundleEntry(),
  ]);
  const css = readFileSync(`${pkg}src/styles.css`);
  const received: Received[] = [];
  const whoami: Received[] = [];
  const tokens: Received[] = [];
  const authorizations: Array<Record<string, string>> = [];
  const ws: WsConnection[] = [];
  const cases = new Map<string, { kind: 'operation' | 'channel'; props: unknown; theme: string; head: string; html: string }>();
  let ports = { a: 0, b: 0 };

  const proxyHolder: { listener?: (req: IncomingMessage, res: ServerResponse) => Promise<void>; close?: () => Promise<void> } = {};

  const serverA = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    try {
      if (path === '/page' && (url.searchParams.get('state')?.startsWith('lectern-') || !url.searchParams.has('case'))) {
        // The OAuth redirect lands on the docs page: only the head stub runs there. The code flow's answer is in the
        // query; the implicit flow's is in the fragment, which never reaches the server (hence no `case` here).
        res
          .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
          .end(`<!doctype html><html><head><script>${RUNTIME_STUB}</script></head><body>Signing in…</body></html>`);
        return;
      }
      if (path === '/authorize') {
        authorizations.push(Object.fromEntries(url.searchParams));
        const back = new URL(url.searchParams.get('redirect_uri') ?? '/', 'http://x');
        const state = encodeURIComponent(url.searchParams.get('state') ?? '');
        const target =
          url.searchParams.get('response_type') === 'token'
            ? `${url.searchParams.get('redirect_uri')}#access_token=implicit-token&token_type=bearer&expires_in=3600&state=${state}`
            : `${url.searchParams.get('redirect_uri')}?code=code-1&state=${state}`;
        res.writeHead(302, { Location: back.origin === `http://127.0.0.1:${ports.a}` ? target : '/' }).end();
        return;
      }
      if (path === '/page') {
        const c = cases.get(url.searchParams.get('case') ?? '');
        if (!c) {
          res.writeHead(404).end('no case');
          return;
        }
        const json = JSON.stringify({ kind: c.kind, props: c.props }).replace(/</g, '\\u003c');
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"${c.theme === 'dark' ? ' class="dark"' : ''}><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Playground test</title>
<link rel="stylesheet" href="/styles.css">
<style>body{font-family:system-ui,sans-serif;margin:16px;background:${c.theme === 'dark' ? '#0b0d12' : '#fff'}}</style>
<script>${RUNTIME_STUB}</script>
<script>window.__CASE__=${json}</script>
${c.head ? `<script>${c.head}</script>` : ''}
</head><body><main id="root">${c.html}</main><script type="module" src="/bundle.js"></script></body></html>`);
        return;
      }
      if (path === '/bundle.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(js);
        return;
      }
      if (path === '/styles.css') {
        res.writeHead(200, { 'Content-Type': 'text/css' }).end(css);
        return;
      }
      if (path === '/_lectern/api/request' && proxyHolder.listener) {
        await proxyHolder.listener(req, res);
        return;
      }
      if (path === '/token') {
        const body = await readBody(req);
        tokens.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        const form = new URLSearchParams(body.toString());
        if (form.get('grant_type') === 'authorization_code') {
          // PKCE: S256(code_verifier) must equal the challenge sent to /authorize.
          const challenge = createHash('sha256')
            .update(form.get('code_verifier') ?? '')
            .digest('base64url');
          const ok =
            form.get('code') === 'code-1' &&
            authorizations.some((a) => a.code_challenge === challenge && a.code_challenge_method === 'S256');
          res
            .writeHead(ok ? 200 : 400, { 'Content-Type': 'application/json' })
            .end(JSON.stringify(ok ? { access_token: 'pkce-token' } : { error: 'invalid_grant' }));
          return;
        }
        if (form.get('grant_type') === 'password') {
          const ok = form.get('username') === 'ada' && form.get('password') === 'pa ss&word';
          res
            .writeHead(ok ? 200 : 400, { 'Content-Type': 'application/json' })
            .end(
              JSON.stringify(
                ok
                  ? { access_token: 'password-token', token_type: 'Bearer' }
                  : { error: 'invalid_grant', error_description: 'Wrong username or password.' },
              ),
            );
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ access_token: 'cc-token', token_type: 'Bearer' }));
        return;
      }
      // An API that moved: /api/echo/307/… answers with a redirect to the same path on the second origin.
      if (path.startsWith('/api/echo/307/')) {
        res.writeHead(307, { Location: `http://127.0.0.1:${ports.b}${req.url}` }).end();
        return;
      }
      if (path.startsWith('/api/echo/') || path === '/api/pets') {
        const body = await readBody(req);
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        res.writeHead(200, { 'Content-Type': 'application/json', 'X-Echo': 'yes' }).end(
          JSON.stringify({
            method: req.method,
            url: req.url,
            bytes: body.length,
            contentType: req.headers['content-type'] ?? null,
          }),
        );
        return;
      }
      if (path.startsWith('/api/media/')) {
        const kind = path.slice('/api/media/'.length);
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.alloc(0) });
        if (kind === 'png') res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
        else if (kind === 'mp3') res.writeHead(200, { 'Content-Type': 'audio/mpeg' }).end(MP3);
        else if (kind === 'mp4') res.writeHead(200, { 'Content-Type': 'video/mp4' }).end(MP4);
        else if (kind === 'json')
          res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true,"n":1.5,"none":null,"list":["a"]}');
        else if (kind === 'html') res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(HTML);
        else if (kind === 'fail') res.writeHead(503, { 'Content-Type': 'text/plain' }).end('upstream is down');
        else if (kind === 'slow') {
          const t = setTimeout(() => res.writeHead(200).end('late'), 30_000);
          res.on('close', () => clearTimeout(t));
        } else res.writeHead(404).end();
        return;
      }
      res.writeHead(404).end('not found');
    } catch (e) {
      if (!res.headersSent) res.writeHead(500).end(String(e));
    }
  });

  const serverB = createServer(async (req, res) => {
    const origin = `http://127.0.0.1:${ports.a}`;
    const cors = {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Credentials': 'true',
      'Access-Control-Allow-Headers': 'Content-Type, Authorization, X-Trace',
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      Vary: 'Origin',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    const body = await readBody(req);
    if ((req.url ?? '').startsWith('/api/echo/')) {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify({ landed: 'b', url: req.url }));
      return;
    }
    if ((req.url ?? '').startsWith('/whoami')) {
      whoami.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify({ cookie: req.headers.cookie ?? null }));
      return;
    }
    res.writeHead(404, cors).end();
  });
  attachWebSocketEcho(serverB, ws);

  const [a, b] = await Promise.all([listen(serverA), listen(serverB)]);
  ports = { a, b };
  const origin = `http://127.0.0.1:${a}`;
  const other = `http://127.0.0.1:${b}`;
  const proxy = createProxyHandler({ manifest: { servers: [], proxyAllow: [origin, other] }, limits: { rateLimit: false } });
  proxyHolder.listener = toNodeListener(proxy);
  proxyHolder.close = () => proxy.close();

  let n = 0;
  const makeProps = (c: PageCase) => {
    const portValue = c.port === 'keep' ? undefined : String(c.port === 'b' ? b : typeof c.port === 'number' ? c.port : a);
    if (c.channel) {
      const channel = wsDoc.channels.find((x) => x.id === c.channel);
      if (!channel) throw new Error(`no channel ${c.channel}`);
      const props = channelProps(channel, wsDoc, c.options);
      // The WebSocket echo lives on the second server.
      const wsPort = c.port === 'keep' ? undefined : String(typeof c.port === 'number' ? c.port : b);
      if (wsPort) for (const s of props.servers) if (s.variables.port) s.variables.port.default = wsPort;
      return props;
    }
    const op = apiDoc.operations.find((o) => o.operationId === c.operation);
    if (!op) throw new Error(`no operation ${c.operation}`);
    // As a site gives it: the sample languages docs.json resolves to (the defaults unless the case sets them).
    const props = playgroundProps(op, { languages: [...DEFAULT_LANGUAGES], ...c.options });
    if (portValue) for (const s of props.servers) if (s.variables.port) s.variables.port.default = portValue;
    for (const alt of props.security) {
      for (const s of alt.schemes) {
        for (const flow of Object.values(s.flows ?? {})) {
          if (flow.tokenUrl) flow.tokenUrl = flow.tokenUrl.replace('127.0.0.1:1/', `127.0.0.1:${a}/`);
          if (flow.authorizationUrl) flow.authorizationUrl = flow.authorizationUrl.replace('127.0.0.1:1/', `127.0.0.1:${a}/`);
        }
      }
    }
    return props;
  };

  return {
    origin,
    other,
    received,
    whoami,
    tokens,
    authorizations,
    ws,
    props: makeProps,
    page(c) {
      const id = String(++n);
      const props = makeProps(c);
      // Server-rendered like an Astro island, then hydrated by the bundle.
      const html = c.channel
        ? renderToString(createElement(ChannelPlayground, props as ChannelPlaygroundProps))
        : renderToString(createElement(Playground, props as PlaygroundProps));
      cases.set(id, { kind: c.channel ? 'channel' : 'operation', props, theme: c.theme ?? 'light', head: c.head ?? '', html });
      return `${origin}/page?case=${id}`;
    },
    async close() {
      await proxyHolder.close?.();
      serverA.closeAllConnections();
      serverB.closeAllConnections();
      await Promise.all([new Promise((r) => serverA.close(r)), new Promise((r) => serverB.close(r))]);
    },
  };
}
