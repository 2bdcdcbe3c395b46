/**
 * `lectern dev` answers the MCP discovery documents (build/mcp-discovery.ts) from the current plan, naming the dev
 * server's own `/mcp` (the host asked, under the site's base): `/.well-known/mcp`, `/.well-known/mcp.json`,
 * `/.well-known/mcp/server-card.json` and `/.well-known/mcp/server-cards.json`.
 */
import type { ConnectMiddleware as Middleware } from '@lectern/server/dev';
import { getSite } from '../model/store.ts';
import { mcpDiscovery } from '../build/mcp-discovery.ts';

/** URL path under the base -> the document's file. */
const DOCUMENTS: Record<string, keyof ReturnType<typeof mcpDiscovery>> = {
  '.well-known/mcp': '.well-known/mcp.json',
  '.well-known/mcp.json': '.well-known/mcp.json',
  '.well-known/mcp/server-card.json': '.well-known/mcp/server-card.json',
  '.well-known/mcp/server-cards.json': '.well-known/mcp/server-cards.json',
};

export function mcpDiscoveryMiddleware(root: string): Middleware {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const site = getSite(root);
    const base = site.base.replace(/\/?$/, '/');
    const pathname = (req.url ?? '/').split(/[?#]/)[0]!;
    const file = pathname.startsWith(base) ? DOCUMENTS[pathname.slice(base.length)] : undefined;
    if (!file) return next();
    const host = req.headers.host ?? 'localhost';
    const body = JSON.stringify(mcpDiscovery(site, `http://${host}${base.replace(/\/$/, '')}`)[file], null, 2) + '\n';
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
