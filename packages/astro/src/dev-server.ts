/**
 * In `astro dev`, mount the playground proxy and the assistant API from @lectern/server (when that package
 * exports them) as Connect middleware, converting Node requests to web-standard Requests.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { PROXY_PATH } from '@lectern/core';
import type { Site } from './store.ts';
import { buildManifest } from './after-build.ts';

type Handler = (req: Request) => Promise<Response>;
interface Connect { middlewares: { use(fn: (req: IncomingMessage, res: ServerResponse, next: () => void) => void): void } }

async function toRequest(req: IncomingMessage): Promise<Request> {
  const url = `http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`;
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, { method: req.method, headers, body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined, duplex: 'half' } as RequestInit);
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((v, k) => res.setHeader(k, v));
  if (!response.body) { res.end(); return; }
  Readable.fromWeb(response.body as never).pipe(res);
}

export async function mountDevHandlers(server: Connect, site: Site, logger: { info(m: string): void }): Promise<void> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import('@lectern/server')) as Record<string, unknown>;
  } catch {
    logger.info('playground proxy not available in dev (@lectern/server has no entry yet)');
    return;
  }
  const manifest = buildManifest(site);
  const make = mod.createProxyHandler as ((opts: { manifest: typeof manifest }) => Handler) | undefined;
  const proxy = typeof make === 'function' ? make({ manifest }) : undefined;
  const makeAssistant = mod.createAssistantHandler as ((opts: { root: string; manifest: typeof manifest }) => Handler) | undefined;
  const assistant = typeof makeAssistant === 'function' ? makeAssistant({ root: site.root, manifest }) : undefined;
  server.middlewares.use((req, res, next) => {
    const url = req.url ?? '';
    const handler = url.startsWith(PROXY_PATH) ? proxy : url.startsWith('/_lectern/assistant') || url.startsWith('/v1/assistant') ? assistant : undefined;
    if (!handler) return next();
    toRequest(req).then(handler).then((r) => send(res, r)).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
}
