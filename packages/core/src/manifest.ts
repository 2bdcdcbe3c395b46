/**
 * What a build emits for the runtime (`dist/_lectern/manifest.json`): proxy allowlist, redirects, restricted pages.
 * It names the restricted pages and their groups, so it is for the server only: `lectern serve` never sends it.
 */
import type { DocsConfig } from './config/load.ts';
import type { Server, SiteManifest, SitePlan } from './model.ts';
import { isRestricted } from './access.ts';

export function siteManifest(plan: SitePlan, config: DocsConfig): SiteManifest {
  const servers: Server[] = [];
  const seen = new Set<string>();
  const add = (server: Server) => {
    const key = `${server.url}\n${JSON.stringify(server.variables)}`;
    if (!seen.has(key)) {
      seen.add(key);
      servers.push(server);
    }
  };
  for (const doc of Object.values(plan.specs)) {
    if (doc.kind !== 'openapi') continue;
    doc.servers.forEach(add);
    for (const op of doc.operations) op.servers.forEach(add);
  }
  const mdx = config.api.mdx?.server;
  for (const url of mdx === undefined ? [] : Array.isArray(mdx) ? mdx : [mdx]) add({ url, variables: {} });
  for (const page of plan.pages) if (page.kind === 'endpoint') page.endpoint.servers.forEach(add);

  const restricted: Record<string, string[]> = {};
  for (const page of plan.pages) if (isRestricted(page)) restricted[page.slug] = page.groups!;
  return {
    version: 1,
    name: config.name,
    servers,
    proxyAllow: config.lectern?.proxy?.allow ?? [],
    redirects: (config.redirects ?? []).map((r) => ({ source: r.source, destination: r.destination, permanent: r.permanent })),
    restricted,
    ...(config.lectern?.site ? { site: config.lectern.site } : {}),
    ...(config.seo?.trailingSlash ? { trailingSlash: true as const } : {}),
  };
}
