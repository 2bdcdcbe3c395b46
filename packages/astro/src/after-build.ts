/** What a build emits beyond HTML: `_lectern/manifest.json`, the Pagefind index, `llms.txt`. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Server, SiteManifest } from '@lectern/core';
import type { Site } from './store.ts';
import { pageHref } from './nav.ts';

export function buildManifest(site: Site): SiteManifest {
  const servers: Server[] = [];
  const seen = new Set<string>();
  const add = (s: Server) => { if (!seen.has(s.url)) { seen.add(s.url); servers.push(s); } };
  for (const spec of Object.values(site.plan.specs)) {
    if (spec.kind === 'openapi') {
      spec.servers.forEach(add);
      for (const op of spec.operations) op.servers.forEach(add);
    } else {
      for (const s of spec.servers) add({ url: `${s.protocol}://${s.host}${s.pathname ?? ''}`, description: s.description, variables: s.variables });
    }
  }
  for (const p of site.plan.pages) if (p.kind === 'endpoint') p.endpoint.servers.forEach(add);
  const mdxServer = site.config.api?.mdx?.server;
  for (const url of Array.isArray(mdxServer) ? mdxServer : mdxServer ? [mdxServer] : []) add({ url, variables: {} });
  const restricted: Record<string, string[]> = {};
  for (const p of site.plan.pages) {
    if (p.groups && p.groups.length && p.public !== true) restricted[p.slug] = p.groups;
  }
  return {
    version: 1,
    name: site.config.name,
    servers,
    proxyAllow: site.config.lectern?.proxy?.allow ?? [],
    redirects: (site.config.redirects ?? []).map((r) => ({ source: r.source, destination: r.destination, permanent: r.permanent !== false })),
    restricted,
  };
}

function llmsTxt(site: Site): string {
  const lines = [`# ${site.config.name}`, ''];
  if (site.config.description) lines.push(`> ${site.config.description}`, '');
  const base = (site.config.lectern?.site ?? '').replace(/\/$/, '');
  for (const p of site.plan.pages) {
    if (p.hidden) continue;
    lines.push(`- [${p.title}](${base}${pageHref(p.slug)}.md)${p.description ? `: ${p.description}` : ''}`);
  }
  return lines.join('\n') + '\n';
}

export async function afterBuild(site: Site, dist: string, logger: { info(m: string): void; warn(m: string): void }): Promise<void> {
  await mkdir(path.join(dist, '_lectern'), { recursive: true });
  await writeFile(path.join(dist, '_lectern', 'manifest.json'), JSON.stringify(buildManifest(site), null, 2));
  await writeFile(path.join(dist, 'llms.txt'), llmsTxt(site));
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  const added = await index.addDirectory({ path: dist });
  if (added.errors.length) logger.warn(`search index: ${added.errors.join('; ')}`);
  const written = await index.writeFiles({ outputPath: path.join(dist, 'pagefind') });
  if (written.errors.length) throw new Error(`Pagefind failed: ${written.errors.join('; ')}`);
  await pagefind.close();
  logger.info(`search index: ${added.page_count} pages`);
}
