/**
 * Node <-> web-standard adapters: run a `(Request) => Promise<Response>` handler on `node:http`, or mount it as a
 * Connect/Vite middleware (`server.middlewares.use(...)` in Astro's `astro:server:setup` hook).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { PROXY_PATH } from '@lectern/core/contract';
import type { ConnectionInfo } from '../proxy/handler.ts';

export type WebHandler = (request: Request, info?: ConnectionInfo) => Promise<Response> | Response;
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
export type ConnectMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** Where `lectern serve` and the dev server mount the assistant (the v2 and v1 message endpoints under `/discovery`). */
const ASSISTANT_MOUNT = /^\/discovery\/v[12]\/assistant\/[^/]+\/message\/?$/;

/** Connection info for a peer address, under both names handlers read. */
export function connectionInfo(address: string | undefined): ConnectionInfo {
  return { clientAddress: address, clientIp: address };
}

/** A Node `request` listener running `handler`; the peer address is passed as `info.clientAddress`. */
export function toNodeListener(handler: WebHandler): NodeListener {
  const listener = getRequestListener((request, env) => handler(request, connectionInfo(env.incoming.socket?.remoteAddress)), {
    overrideGlobalObjects: false,
  });
  return (req, res) => listener(req, res);
}

function pathnameOf(url: string | undefined): string {
  const raw = url ?? '/';
  const end = raw.search(/[?#]/);
  return end === -1 ? raw : raw.slice(0, end);
}

/** A Connect middleware answering with `handler` when `matches(pathname, method)`, else calling `next()`. */
export function toConnectMiddleware(handler: WebHandler, matches: (pathname: string, method: string) => boolean): ConnectMiddleware {
  const listener = toNodeListener(handler);
  return (req, res, next) => {
    // Connect strips a mount path from `req.url`; `originalUrl` keeps the full one.
    const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url;
    if (!matches(pathnameOf(url), req.method ?? 'GET')) return next();
    listener(req, res).catch(next);
  };
}

/** Mounts the playground proxy handler at `/_lectern/api/request` in a Connect/Vite server. */
export function proxyMiddleware(handler: WebHandler): ConnectMiddleware {
  return toConnectMiddleware(handler, (pathname) => pathname === PROXY_PATH);
}

/** Mounts an assistant handler at `POST|OPTIONS /discovery/v{1,2}/assistant/:domain/message`. */
export function assistantMiddleware(handler: WebHandler): ConnectMiddleware {
  return toConnectMiddleware(handler, (pathname, method) => ASSISTANT_MOUNT.test(pathname) && (method === 'POST' || method === 'OPTIONS'));
}
