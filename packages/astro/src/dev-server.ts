/**
 * In `astro dev`, mount the playground proxy (and the assistant API when @lectern/server offers a handler
 * factory for it) from @lectern/server as Connect middleware on Vite's dev server.
 */
import type { Site } from './store.ts';
import { buildManifest } from './after-build.ts';
import { scopeJson } from './nav-json.ts';
import { codeCss } from './components/highlight.ts';

type Middleware = (req: unknown, res: unknown, next: (err?: unknown) => void) => void;
interface DevServer { middlewares: { use(fn: Middleware): void }; httpServer?: { once(ev: string, fn: () => void): void } | null }

export async function mountDevHandlers(server: DevServer, site: Site, logger: { info(m: string): void; warn(m: string): void }): Promise<void> {
  server.middlewares.use((req, res, next) => {
    if ((req as { url?: string }).url?.startsWith('/_lectern/code.css')) {
      const out = res as { setHeader(k: string, v: string): void; end(b: string): void };
      out.setHeader('content-type', 'text/css');
      out.end(codeCss());
      return;
    }
    const m = /^\/_lectern\/nav\/(\d+)\.json$/.exec((req as { url?: string }).url ?? '');
    const scope = m ? site.nav.scopes[Number(m[1])] : undefined;
    if (!scope) return next();
    const out = res as { setHeader(k: string, v: string): void; end(b: string): void };
    out.setHeader('content-type', 'application/json');
    out.end(scopeJson(scope));
  });
  let mod: Record<string, unknown>;
  try {
    mod = (await import('@lectern/server')) as Record<string, unknown>;
  } catch (err) {
    logger.warn(`playground proxy not mounted: @lectern/server failed to load (${(err as Error).message})`);
    return;
  }
  const manifest = buildManifest(site);
  const createProxyHandler = mod.createProxyHandler as ((o: { manifest: typeof manifest }) => { close(): Promise<void> }) | undefined;
  const proxyMiddleware = mod.proxyMiddleware as ((h: unknown) => Middleware) | undefined;
  if (createProxyHandler && proxyMiddleware) {
    const handler = createProxyHandler({ manifest });
    server.middlewares.use(proxyMiddleware(handler));
    server.httpServer?.once('close', () => { void handler.close(); });
    logger.info('playground proxy mounted at /_lectern/api/request');
  }
  const createAssistant = mod.createAssistantHandler as ((o: { root: string; manifest: typeof manifest }) => unknown) | undefined;
  const assistantMiddleware = mod.assistantMiddleware as ((h: unknown) => Middleware) | undefined;
  if (createAssistant && assistantMiddleware) {
    try {
      server.middlewares.use(assistantMiddleware(createAssistant({ root: site.root, manifest })));
    } catch (err) {
      logger.warn(`assistant API not mounted: ${(err as Error).message}`);
    }
  }
}
