/**
 * `lectern dev`'s MCP server at `{base}mcp`, as under `lectern serve`: `search` over an in-memory assistant index of
 * the current plan, `get_page` from the plan's pages (the build's Markdown copy of each; restricted pages never), and
 * the API operations marked for MCP called through the dev server's playground proxy. Made anew on every re-plan.
 * `{base}authed/mcp` is the same server with restricted pages readable too: the dev server shows them to everyone.
 */
import { isRestricted } from '@lectern/core/access';
import type { Site } from '../model/store.ts';
import { buildManifest, pageMarkdown } from '../build/after-build.ts';
import { markdownUnderBase } from '../shared/site/base-path.ts';

type Dev = typeof import('@lectern/server/dev');
type Handler = (request: Request, info?: unknown) => Promise<Response>;
type Access = import('@lectern/server/dev').PageAccess;
/** The MCP handler; `access` opens restricted pages (`/authed/mcp`: everyone under `lectern dev`, which shows them all). */
type McpHandler = (request: Request, info?: unknown, access?: Access) => Promise<Response>;

/** The MCP handler for `site`; `proxy` is the dev server's current playground proxy. */
export function devMcpHandler(dev: Dev, site: Site, proxy: Handler): McpHandler {
  const manifest = buildManifest(site);
  const handler = dev.createMcpHandler({
    manifest: { name: manifest.name, restricted: manifest.restricted, base: site.base },
    pages: async (slug, access) => {
      const page = site.pages.get(slug);
      if (!page || page.slug === '404') return undefined;
      if (isRestricted(page) && !(access && (await access({ slug: page.slug, groups: page.groups ?? [] })))) return undefined;
      return { slug: page.slug, markdown: markdownUnderBase(pageMarkdown(page), site.base) };
    },
    index: async () => {
      const server = await import('@lectern/server');
      const { DatabaseSync } = await import('node:sqlite');
      const db = new DatabaseSync(':memory:');
      const defaultLanguage = server.siteDefaultLanguage(site.plan);
      const documents = server.documentsFromPlan(site.plan, { config: site.config });
      server.buildAssistantIndexInto(db, documents, defaultLanguage ? { defaultLanguage } : {});
      return server.openAssistantIndex(db);
    },
    operations: async () => (await import('@lectern/server')).operationTools(site.plan, new Set(['search', 'get_page'])),
    proxy,
  });
  return (request, info, access) => handler(request, info as never, access);
}
