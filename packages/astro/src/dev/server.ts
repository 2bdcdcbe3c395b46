/**
 * `lectern dev`: mount the playground proxy and the assistant API from @lectern/server as Connect middleware on
 * Vite's dev server, and re-plan the site when docs.json, a spec, a page or `.mintignore` changes, so navigation,
 * generated endpoint pages, the proxy's allowed origins and the assistant's index follow the files. A file of the repo
 * is sent only when the site may show where it really leads (`refusedRequest`).
 */
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import type { ConnectMiddleware as Middleware } from '@lectern/server/dev';
import { getSite, setSite, type Site } from '../model/store.ts';
import { buildManifest } from '../build/after-build.ts';
import { scopeJson } from '../build/nav-json.ts';
import { codeCss } from '../shared/highlight/highlight.ts';
import { formatDiagnostic } from '../mdx/prepare.ts';
import { iconFile } from '../shared/site/icon-files.ts';
import type { PlannedSite } from '../site/site.ts';
import { applyBodyEdit } from './edits.ts';
import { refusedFile, repoFileRules } from '../shared/modules/publishable.ts';
import { markdownMiddleware } from './markdown.ts';
import { devMcpHandler } from './mcp.ts';
import { socialImageMiddleware } from './social-images.ts';
import { mcpDiscoveryMiddleware } from './mcp-discovery.ts';

type WebHandler = ((request: Request, info?: unknown) => Promise<Response>) & { close?(): unknown };
interface Logger {
  info(m: string): void;
  warn(m: string): void;
  error(m: string): void;
}

const VIRTUAL_ID = '\0virtual:lectern/pages';
/** Files that can change the plan. MDX bodies alone are recompiled by Vite; their frontmatter feeds the plan. */
const PLAN_INPUT = /(^|[\\/])(docs\.json|mint\.json|\.mintignore)$|\.(json|ya?ml|mdx?)$/i;
const IGNORED_DIR = /(^|[\\/])(node_modules|dist|\.lectern|\.astro|\.git|\.cache)([\\/]|$)/;

/**
 * Why a request names a file of the repo that is never sent (publishable.ts: a symlink into `.git/`, to a dotfile or
 * dot-folder, a restricted page's source or out of the repo), by its path or by Vite's `/@fs/` spelling; or undefined.
 */
export function refusedRequest(url: string, root: string, site: Site): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split(/[?#]/)[0]!);
  } catch {
    return undefined;
  }
  const abs = pathname.startsWith('/@fs/') ? path.resolve(pathname.slice('/@fs'.length)) : path.join(root, pathname);
  return refusedFile(root, abs, repoFileRules(site.plan.pages))?.message;
}

export async function mountDevHandlers(
  server: ViteDevServer,
  root: string,
  replan: () => Promise<PlannedSite>,
  logger: Logger,
): Promise<void> {
  // Before Vite serves a file or a module: a file a symlink leads to that the site may not show is not found.
  server.middlewares.use((req, res, next) => {
    const refused = refusedRequest(req.url ?? '', root, getSite(root));
    if (!refused) return next();
    logger.warn(`not sent: ${refused}`);
    res.statusCode = 404;
    res.setHeader('content-type', 'text/plain; charset=utf-8');
    res.end('Not found');
  });
  server.middlewares.use((req, res, next) => {
    const url = req.url ?? '';
    if (url.startsWith('/_lectern/code.css')) {
      res.setHeader('content-type', 'text/css');
      void codeCss().then((css) => res.end(css));
      return;
    }
    if (url.startsWith('/_lectern/tailwind.css')) {
      res.setHeader('content-type', 'text/css');
      res.end(getSite(root).tailwind);
      return;
    }
    const icon = /^\/_lectern\/icons\/(.+)\.svg$/.exec(url.split('?')[0]!);
    const svg = icon ? iconFile(decodeURIComponent(icon[1]!)) : undefined;
    if (svg) {
      res.setHeader('content-type', 'image/svg+xml');
      res.end(svg);
      return;
    }
    const m = /^\/_lectern\/nav\/(\d+)\.json$/.exec(url);
    const scope = m ? getSite(root).nav.scopes[Number(m[1])] : undefined;
    if (!scope) return next();
    res.setHeader('content-type', 'application/json');
    res.end(scopeJson(scope));
  });

  // A page's social image (its head's `og:image`), drawn when asked for (social-images.ts).
  server.middlewares.use(socialImageMiddleware(root, (m) => logger.warn(m)));
  // The MCP discovery documents naming the dev server's /mcp (mcp-discovery.ts).
  server.middlewares.use(mcpDiscoveryMiddleware(root));

  // A page asked for as Markdown (`Accept: text/markdown`) gets its Markdown (markdown.ts).
  const negotiation = await import('@lectern/server/dev').catch(() => undefined);
  if (negotiation) server.middlewares.use(markdownMiddleware(root, negotiation.prefersMarkdown));

  const handlers = await devHandlers(getSite(root), logger);
  if (handlers) {
    server.middlewares.use(handlers.proxyMiddleware);
    server.middlewares.use(handlers.mcpMiddleware);
    if (handlers.assistantMiddleware) {
      server.middlewares.use(handlers.assistantMiddleware);
      const panel = handlers.assistantPanel;
      // The "Ask AI" panel's settings (the site's public key for its domain), as under `lectern serve`.
      if (panel)
        server.middlewares.use('/_lectern/assistant.json', (_req, res) => {
          panel().then(
            (body) => {
              res.setHeader('content-type', 'application/json');
              res.setHeader('cache-control', 'no-store');
              res.end(JSON.stringify(body));
            },
            (error: unknown) => {
              res.statusCode = 503;
              res.setHeader('content-type', 'application/json');
              res.end(JSON.stringify({ error: { code: 'assistant_unavailable', message: (error as Error).message } }));
            },
          );
        });
      logger.info('assistant API mounted at /discovery/v2/assistant/{domain}/message (and the deprecated /discovery/v1/…)');
    }
    server.httpServer?.once('close', () => handlers.close());
    logger.info('playground proxy mounted at /_lectern/api/request, the MCP server at /mcp');
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  const onChange = (file: string, event: 'change' | 'add' | 'unlink') => {
    const rel = path.relative(root, file);
    if (rel.startsWith('..') || path.isAbsolute(rel) || IGNORED_DIR.test(rel) || !PLAN_INPUT.test(rel)) return;
    // The text of a page changed, not its frontmatter: Vite reloads the module; the plan stays.
    if (event === 'change' && applyBodyEdit(getSite(root), rel)) {
      logger.info(`${rel} changed: page text only, not re-planned`);
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(() => reload(rel)).catch((err: Error) => logger.error(`dev reload failed: ${err.message}`));
    }, 30);
  };
  const reload = async (changed: string) => {
    const t0 = performance.now();
    let planned: PlannedSite;
    try {
      planned = await replan();
    } catch (err) {
      logger.error(`re-planning after ${changed} failed: ${(err as Error).message}`);
      return;
    }
    for (const d of planned.errors) logger.error(formatDiagnostic(d));
    for (const d of planned.warnings) logger.warn(formatDiagnostic(d));
    planned.site.base = getSite(root).base;
    setSite(planned.site);
    handlers?.update(planned.site);
    for (const env of Object.values(server.environments)) {
      const mod = env.moduleGraph.getModuleById(VIRTUAL_ID);
      if (mod) env.moduleGraph.invalidateModule(mod);
      // Astro clears its getStaticPaths cache on this event (vite-plugin-app).
      if (env.name !== 'client') env.hot.send('astro:content-changed', {});
    }
    server.environments.client.hot.send({ type: 'full-reload' });
    logger.info(`${changed} changed: re-planned ${planned.site.plan.pages.length} pages in ${Math.round(performance.now() - t0)} ms`);
  };
  server.watcher.on('change', (file) => onChange(file, 'change'));
  server.watcher.on('add', (file) => onChange(file, 'add'));
  server.watcher.on('unlink', (file) => onChange(file, 'unlink'));
}

interface DevHandlers {
  proxyMiddleware: Middleware;
  /** The docs' MCP server at `{base}mcp` (./mcp.ts). */
  mcpMiddleware: Middleware;
  assistantMiddleware?: Middleware;
  /** The panel settings answered at `/_lectern/assistant.json`. */
  assistantPanel?: () => Promise<unknown>;
  update(site: Site): void;
  close(): void;
}

/**
 * The proxy (allowed origins from the current plan) and the assistant (an in-memory index of the current plan). The
 * assistant's modules load only when docs.json enables it: most sites start without them.
 */
async function devHandlers(site: Site, logger: Logger): Promise<DevHandlers | undefined> {
  let dev: typeof import('@lectern/server/dev');
  try {
    dev = await import('@lectern/server/dev');
  } catch (err) {
    logger.warn(`playground proxy not mounted: @lectern/server failed to load (${(err as Error).message})`);
    return undefined;
  }
  let proxy: WebHandler = dev.createProxyHandler({ manifest: buildManifest(site) }) as WebHandler;
  const proxyMiddleware = dev.proxyMiddleware((request, info) => proxy(request, info));
  let current = site;
  let mcp = devMcpHandler(dev, site, (request, info) => proxy(request, info));
  const mcpMiddleware = dev.toConnectMiddleware(
    (request, info) => (new URL(request.url).pathname.endsWith('/authed/mcp') ? mcp(request, info, async () => true) : mcp(request, info)),
    (pathname) => pathname === `${current.base.replace(/\/?$/, '/')}mcp` || pathname === `${current.base.replace(/\/?$/, '/')}authed/mcp`,
  );
  // As under `lectern serve`: mounted when docs.json enables it.
  const assistant = site.config.lectern?.assistant?.enabled ? await devAssistant(site, logger) : undefined;
  return {
    proxyMiddleware,
    mcpMiddleware,
    assistantMiddleware: assistant ? dev.assistantMiddleware((request, info) => assistant.handler(request, info as never)) : undefined,
    ...(assistant ? { assistantPanel: assistant.panel } : {}),
    update(next) {
      const old = proxy;
      proxy = dev.createProxyHandler({ manifest: buildManifest(next) }) as WebHandler;
      void old.close?.();
      current = next;
      mcp = devMcpHandler(dev, next, (request, info) => proxy(request, info));
      assistant?.index(next);
    },
    close() {
      void proxy.close?.();
      assistant?.close();
    },
  };
}

/** The assistant API over an in-memory index of the plan (re-indexed on every re-plan), or undefined if it cannot start. */
async function devAssistant(
  site: Site,
  logger: Logger,
): Promise<{ handler: WebHandler; panel(): Promise<unknown>; index(s: Site): void; close(): void } | undefined> {
  let server: typeof import('@lectern/server');
  try {
    server = await import('@lectern/server');
  } catch (err) {
    logger.warn(`assistant API not mounted: @lectern/server failed to load (${(err as Error).message})`);
    return undefined;
  }
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(':memory:');
  const index = (s: Site) => {
    const defaultLanguage = server.siteDefaultLanguage(s.plan);
    const options = { ...(defaultLanguage ? { defaultLanguage } : {}), ...(s.config.seo?.trailingSlash ? { trailingSlash: true } : {}) };
    server.buildAssistantIndexInto(db, server.documentsFromPlan(s.plan, { config: s.config }), options);
  };
  try {
    index(site);
    // The same storage as `lectern serve`: $DATABASE_URL or lectern.assistant.database (PostgreSQL), else SQLite.
    const { url: database } = server.chooseDatabase({ env: process.env.DATABASE_URL, settings: site.config.lectern?.assistant?.database });
    const limits = site.config.lectern?.assistant?.limits;
    const created = server.createAssistantHandler({
      root: site.root,
      index: db,
      siteName: site.config.name,
      ...(database ? { database } : {}),
      ...(limits
        ? {
            limits: {
              ...(limits.organizationPerHour ? { orgLimit: limits.organizationPerHour } : {}),
              ...(limits.ipPerDay ? { ipLimit: limits.ipPerDay } : {}),
            },
          }
        : {}),
    });
    const handler = created as WebHandler;
    const configured = site.config.lectern?.assistant?.domain;
    const domain = server.siteDomain(configured ? [configured] : undefined, site.config.name);
    let key: Promise<string> | undefined;
    const panel = async () => {
      key ??= server.ensureSiteKey(created.keys, site.root, domain).then((made) => made.key);
      key.catch(() => (key = undefined));
      const { supportUrl, supportEmail } = site.config.lectern?.assistant ?? {};
      return server.panelConfig('/', domain, await key, {
        ...(supportUrl ? { url: supportUrl } : {}),
        ...(supportEmail ? { email: supportEmail } : {}),
      });
    };
    return {
      handler,
      panel,
      index,
      close() {
        handler.close?.();
        db.close();
      },
    };
  } catch (err) {
    logger.warn(`assistant API not mounted: ${(err as Error).message}`);
    db.close();
    return undefined;
  }
}
