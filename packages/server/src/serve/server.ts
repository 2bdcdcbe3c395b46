/**
 * `lectern serve`: one Node process serving a built site — static files, manifest redirects, the playground
 * proxy, the assistant endpoint (when given), a health endpoint, an access log and graceful shutdown.
 */
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import type { SiteManifest } from '@lectern/core';
import { PROXY_PATH } from '@lectern/core/contract';
import { connectionInfo } from '../node/adapters.ts';
import type { ConnectionInfo, ProxyHandler, ProxyOptions } from '../proxy/handler.ts';
import { createProxyHandler } from '../proxy/node-handler.ts';
import { createFeedbackHandler, FEEDBACK_PATH, type FeedbackHandlerOptions } from '../feedback/handler.ts';
import { compileRedirects } from './redirects.ts';
import { hostCheck, hostName } from './hosts.ts';
import { createStaticServer } from './static.ts';
import { agentLinkHeaders } from './agent-links.ts';
import type { PageAccess as McpPageAccess } from '../mcp/pages.ts';

/**
 * Decides about a restricted page (`manifest.restricted`): return null to serve it, or a Response (a redirect to
 * a login page, a 401/403) to answer instead. Without a gate, restricted pages answer 401.
 */
export type AuthGate = (request: Request, page: { slug: string; groups: string[] }) => Promise<Response | null> | Response | null;

export interface ServeOptions {
  /** The built site (`<project>/dist`). */
  dist: string;
  /** Default: `<dist>/_lectern/manifest.json`. */
  manifest?: SiteManifest;
  /** Mounted at `POST|OPTIONS /discovery/v2/assistant/:domain/message` and `…/v1/…`; gets the peer address as `info`. */
  assistant?: (request: Request, info?: ConnectionInfo) => Promise<Response>;
  /**
   * The "Ask AI" panel's settings (domain, public key, endpoint), answered at `GET {base}/_lectern/assistant.json`;
   * called on each request (cache it yourself). A rejection answers 503 `assistant_unavailable` with its message.
   */
  assistantPanel?: (base: string) => Promise<unknown>;
  /**
   * The docs' MCP server (`createMcpHandler`), mounted at `{base}mcp` for every method; gets the peer address as `info`.
   * Also at `{base}authed/mcp`, where `access` opens a restricted page when `auth` would serve its HTML to the request.
   */
  mcp?: (request: Request, info?: ConnectionInfo, access?: McpPageAccess) => Promise<Response>;
  auth?: AuthGate;
  /**
   * Page ratings (docs.json `feedback.thumbsRating`): `POST {base}_lectern/feedback` from the site's own pages (and
   * from `lectern.site`'s origin), stored in `store`; `GET {base}_lectern/feedback.json` tells the widget so.
   */
  feedback?: Omit<FeedbackHandlerOptions, 'pageOf' | 'base'>;
  /** Default 4321; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Access log and notices, one line each; `false` silences. Default: stdout. */
  log?: ((line: string) => void) | false;
  /** Proxy settings other than the manifest (limits, trustProxy, resolver, transport). */
  proxy?: Omit<ProxyOptions, 'manifest'>;
  /** How long `close()` waits for in-flight requests before cutting connections (default 10 s). */
  shutdownGraceMs?: number;
  /**
   * Host names answered besides IP literals, `localhost` and the site's own host (DNS-rebinding protection):
   * `docs.example.com`, `.example.com` (with subdomains), or `true` for any (default: none).
   */
  allowedHosts?: string[] | true;
}

export interface LecternServer {
  /** e.g. `http://127.0.0.1:4321`. */
  url: string;
  port: number;
  host: string;
  server: Server;
  proxy: ProxyHandler;
  /** Stops accepting connections, lets in-flight requests finish (bounded by the grace period), closes. */
  close(): Promise<void>;
}

const EMPTY_MANIFEST: SiteManifest = { version: 1, name: '', servers: [], proxyAllow: [], redirects: [], restricted: {} };

/** Reads `<dist>/_lectern/manifest.json`; a missing file gives an empty manifest (and a notice). */
export async function readManifest(dist: string, log: (line: string) => void = () => {}): Promise<SiteManifest> {
  const file = path.join(dist, '_lectern', 'manifest.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    log(`lectern serve: ${file} not found; serving without redirects, and the proxy reaches no server`);
    return EMPTY_MANIFEST;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not valid JSON (${(error as Error).message})`);
  }
  const m = value as Partial<SiteManifest>;
  const problems: string[] = [];
  if (!m || typeof m !== 'object') problems.push('must be an object');
  else {
    if (m.version !== 1) problems.push(`/version must be 1 (got ${JSON.stringify(m.version)})`);
    if (!Array.isArray(m.servers)) problems.push('/servers must be an array');
    if (m.proxyAllow !== undefined && !Array.isArray(m.proxyAllow)) problems.push('/proxyAllow must be an array of origins');
    if (m.redirects !== undefined && !Array.isArray(m.redirects)) problems.push('/redirects must be an array');
    if (m.restricted !== undefined && (typeof m.restricted !== 'object' || Array.isArray(m.restricted))) {
      problems.push('/restricted must be an object of slug -> groups');
    }
  }
  if (problems.length) throw new Error(`${file}: ${problems.join('; ')}`);
  return { ...EMPTY_MANIFEST, ...m } as SiteManifest;
}

/**
 * A request path that names a file by anything but plain segments: an encoded `/` or `\\` (`%2f`, `%5c`), a dot
 * segment (`.`, `..`, also percent-encoded), or a NUL. Such paths are refused before any file is looked up, so the
 * page a path resolves to is the page the access check sees.
 */
export function isAmbiguousPath(pathname: string): boolean {
  if (/%(2f|5c|00)/i.test(pathname) || pathname.includes('\\')) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return decoded.split('/').some((segment) => segment === '.' || segment === '..');
}

/**
 * The page slug a file of `dist/` belongs to: `a/b/index.html`, `a/b.html`, `a/b.md`, `a/b/rss.xml` (its changelog
 * feed) -> `a/b`; `index.html`, `index.md` -> `index`. Other files belong to no page.
 */
export function slugOfFile(dist: string, file: string): string | undefined {
  const rel = path.relative(dist, file).split(path.sep).join('/');
  const match = /^(?:(.*?)\/)?(?:index\.html|index\.md|rss\.xml)$/.exec(rel) ?? /^(.+)\.(?:html|md)$/.exec(rel);
  if (!match) return undefined;
  return match[1] === undefined || match[1] === '' ? 'index' : match[1];
}

/**
 * A file of `dist/` for the server only, never sent to readers: `_lectern/manifest.json` (and precompressed copies of
 * it), which names the restricted pages and their groups. A request for it is answered as a missing file.
 */
export function isServerOnlyFile(dist: string, file: string): boolean {
  return /^_lectern\/manifest\.json(\.(br|gz))?$/i.test(path.relative(dist, file).split(path.sep).join('/'));
}

/** `/authed/mcp` on a server without an authentication gate: a JSON-RPC error an MCP client shows as it is. */
function authedMcpRefused(): Response {
  const message =
    'This server has no authentication configured, so restricted pages are not available over MCP; connect to /mcp for the public pages';
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message }, id: null }), {
    status: 401,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}

export async function createServer(options: ServeOptions): Promise<LecternServer> {
  const log = options.log === false ? () => {} : (options.log ?? ((line: string) => console.log(line)));
  const dist = path.resolve(options.dist);
  const manifest = options.manifest ?? (await readManifest(dist, log));
  const proxy = createProxyHandler({ ...options.proxy, manifest });
  for (const problem of proxy.problems) log(`lectern serve: proxy: ${problem}`);
  const redirect = compileRedirects(manifest.redirects ?? []);
  const files = createStaticServer(dist);
  const restricted = manifest.restricted ?? {};
  const startedAt = Date.now();

  // docs.json `seo.trailingSlash`: a redirect to a page (its `index.html` in dist) lands on the page's URL with the
  // slash (`/new#setup` -> `/new/#setup`), not on a second 308. Other sites, files and misses stay as they are.
  const slashedPage = async (location: string): Promise<string> => {
    if (!location.startsWith('/') || location.startsWith('//')) return location;
    const cut = location.search(/[?#]/);
    const pathPart = cut < 0 ? location : location.slice(0, cut);
    if (pathPart.endsWith('/') || isAmbiguousPath(pathPart)) return location;
    const file = await files.find(pathPart).catch(() => null);
    let page: string;
    try {
      page = path.join(dist, decodeURIComponent(pathPart), 'index.html');
    } catch {
      return location;
    }
    return file?.file === page ? pathPart + '/' + location.slice(pathPart.length) : location;
  };

  const app = new Hono<{ Bindings: HttpBindings }>();
  const peer = (c: { env: HttpBindings }) => c.env.incoming.socket?.remoteAddress ?? '-';

  const hostAllowed = hostCheck(options.allowedHosts ?? [], manifest.site);
  app.use('*', async (c, next) => {
    if (hostAllowed(c.req.header('host'))) return next();
    const host = (c.req.header('host') ?? '').slice(0, 200);
    log(`lectern serve: refused a request for host ${JSON.stringify(host)} (not an allowed host)`);
    return new Response(
      `Blocked request: the host ${JSON.stringify(host)} is not allowed. If this is your site's address, start lectern serve with --allowed-host ${hostName(host) || '<host>'} (or set LECTERN_ALLOWED_HOSTS).\n`,
      {
        status: 403,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      },
    );
  });

  app.use('*', async (c, next) => {
    const start = performance.now();
    await next();
    const ms = (performance.now() - start).toFixed(1);
    const size = c.res.headers.get('content-length') ?? '-';
    const url = new URL(c.req.url);
    log(`${new Date().toISOString()} ${peer(c)} "${c.req.method} ${url.pathname}${url.search}" ${c.res.status} ${size} ${ms}ms`);
  });

  // A site built with a base (`--base /pr-42/`) is served under it: pages, proxy and assistant alike.
  const base = manifest.base && manifest.base !== '/' ? `/${manifest.base.split('/').filter(Boolean).join('/')}/` : '/';
  const mounted = (route: string) => (base === '/' ? route : base + route.slice(1));
  // Every page names the agent files (llms.txt, the MCP server card, …) in a `Link` header, as Mintlify's do.
  const agentHeaders = Object.entries(agentLinkHeaders(dist, base));

  app.get('/_lectern/health', (c) =>
    c.json({ status: 'ok', name: manifest.name, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) }, 200, {
      'Cache-Control': 'no-store',
    }),
  );

  if (base !== '/')
    app.get(mounted('/_lectern/health'), (c) => c.json({ status: 'ok', name: manifest.name }, 200, { 'Cache-Control': 'no-store' }));
  app.all(mounted(PROXY_PATH), (c) => proxy(c.req.raw, connectionInfo(c.env.incoming.socket?.remoteAddress)));

  if (options.assistant) {
    const assistant = options.assistant;
    for (const version of ['v2', 'v1']) {
      app.on(['POST', 'OPTIONS'], mounted(`/discovery/${version}/assistant/:domain/message`), (c) =>
        assistant(c.req.raw, connectionInfo(c.env.incoming.socket?.remoteAddress)),
      );
    }
  }

  if (options.mcp) {
    const mcp = options.mcp;
    // `/authed/mcp`: the restricted pages the request's credentials open as HTML (the gate answers null), no others.
    const auth = options.auth;
    const authedMcp = async (request: Request, info: ConnectionInfo | undefined) => {
      if (!auth) return authedMcpRefused();
      return mcp(request, info, async (page) => (await auth(request, page)) === null);
    };
    app.all(mounted('/mcp'), (c) => mcp(c.req.raw, connectionInfo(c.env.incoming.socket?.remoteAddress)));
    app.all(mounted('/authed/mcp'), (c) => authedMcp(c.req.raw, connectionInfo(c.env.incoming.socket?.remoteAddress)));
  }

  if (options.feedback) {
    // A rating names a page of the site: the file its path resolves to, as the static server finds it. A restricted
    // page counts only for a reader the auth gate lets see it.
    const pageOf = async (pathname: string, request: Request) => {
      if (isAmbiguousPath(pathname)) return undefined;
      const found = await files.find(pathname);
      const slug = found && !isServerOnlyFile(dist, found.file) ? slugOfFile(dist, found.file) : undefined;
      if (slug === undefined || slug === '404') return undefined;
      const groups = restricted[slug];
      if (groups && (!options.auth || (await options.auth(request, { slug, groups })))) return undefined;
      return slug;
    };
    const siteOrigin = manifest.site ? URL.parse(manifest.site)?.origin : undefined;
    const origins = [...(options.feedback.origins ?? []), ...(siteOrigin ? [siteOrigin] : [])];
    const rate = createFeedbackHandler({ ...options.feedback, origins, pageOf, base });
    app.on(['POST', 'OPTIONS'], mounted(FEEDBACK_PATH), (c) =>
      rate(c.req.raw, { clientIp: c.env.incoming.socket?.remoteAddress ?? 'unknown' }),
    );
    app.get(mounted(`${FEEDBACK_PATH}.json`), (c) =>
      c.json({ enabled: true, endpoint: mounted(FEEDBACK_PATH) }, 200, { 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' }),
    );
  }

  if (options.assistantPanel) {
    const panel = options.assistantPanel;
    app.get(mounted('/_lectern/assistant.json'), async (c) => {
      try {
        // Public by design; a site on a static host reads it from here (docs.json lectern.assistant.url).
        return c.json(await panel(base), 200, { 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' });
      } catch (error) {
        const message = `the assistant is not available right now (${(error as Error).message}); try again in a few seconds`;
        return c.json({ error: { code: 'assistant_unavailable', message } }, 503, {
          'Cache-Control': 'no-store',
          'Retry-After': '5',
          'Access-Control-Allow-Origin': '*',
        });
      }
    });
  }

  app.all('*', async (c) => {
    const request = c.req.raw;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method Not Allowed\n', {
        status: 405,
        headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    const url = new URL(request.url);
    if (base !== '/') {
      // Outside the base: the site's root sends readers to it; anything else is not this site's.
      if (url.pathname === '/' || url.pathname === base.slice(0, -1)) {
        return new Response(null, { status: 302, headers: { Location: base + url.search, 'Cache-Control': 'no-cache' } });
      }
      if (!url.pathname.startsWith(base))
        return new Response('Not Found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
      url.pathname = '/' + url.pathname.slice(base.length);
    }
    // The MCP discovery document a build writes as `.well-known/mcp.json` (build/mcp-discovery.ts; `mcp/` holds the cards).
    if (url.pathname === '/.well-known/mcp') url.pathname = '/.well-known/mcp.json';
    const target = redirect(url.pathname, url.search);
    if (target) {
      const moved = manifest.trailingSlash ? await slashedPage(target.location) : target.location;
      const location = base !== '/' && moved.startsWith('/') && !moved.startsWith('//') ? base + moved.slice(1) : moved;
      return new Response(null, { status: target.status, headers: { Location: location, 'Cache-Control': 'no-cache' } });
    }
    if (isAmbiguousPath(url.pathname)) {
      return new Response('Bad Request: encoded separators and dot segments are not allowed in paths\n', {
        status: 400,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    }
    // Access is decided from the file the path resolves to, so every spelling of a restricted page (`/a`, `/a/`,
    // `/a.html`, `/a/index.html`, `/a.md`, `/a/rss.xml`) is gated alike.
    const file = await files.find(url.pathname);
    const found = file && !isServerOnlyFile(dist, file.file) ? file : null;
    // docs.json `seo.trailingSlash`: a page asked for without its slash (`/a`, served by `a/index.html`) moves to `/a/`.
    if (
      manifest.trailingSlash &&
      found &&
      !url.pathname.endsWith('/') &&
      found.file === path.join(dist, decodeURIComponent(url.pathname), 'index.html')
    ) {
      // One leading slash: `//host/page` must not become a protocol-relative `Location` (another host).
      const location = base + url.pathname.replace(/^\/+/, '') + '/' + url.search;
      return new Response(null, { status: 308, headers: { Location: location, 'Cache-Control': 'no-cache' } });
    }
    const slug = found ? slugOfFile(dist, found.file) : undefined;
    const groups = slug === undefined ? undefined : restricted[slug];
    if (groups && slug !== undefined) {
      if (!options.auth) {
        return new Response('This page requires sign-in, and this server has no authentication configured.\n', {
          status: 401,
          headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
        });
      }
      const answer = await options.auth(request, { slug, groups });
      if (answer) return answer;
    }
    if (found) {
      const response = await files.serveFile(request, found, url.pathname);
      if (groups) response.headers.set('Cache-Control', 'private, no-store');
      if (found.file.endsWith('.html')) for (const [name, value] of agentHeaders) response.headers.set(name, value);
      return response;
    }
    const notFoundPage = await files.find('/404.html');
    if (notFoundPage) return files.serveFile(request, notFoundPage, '/404.html', 404);
    return new Response('Not Found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  });

  app.onError((error) => {
    log(`lectern serve: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return new Response('Internal Server Error\n', { status: 500, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  });

  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 4321, hostname: host, overrideGlobalObjects: false }, () =>
      resolve(s as Server),
    ) as Server;
    s.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      const force = setTimeout(() => server.closeAllConnections(), options.shutdownGraceMs ?? 10_000);
      force.unref();
      server.close(() => {
        clearTimeout(force);
        proxy.close().then(resolve, resolve);
      });
      server.closeIdleConnections();
    });
    return closing;
  };

  return { url: `http://${urlHost}:${address.port}`, port: address.port, host, server, proxy, close };
}
