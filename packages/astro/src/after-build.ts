/** What a build emits beyond HTML: `_lectern/manifest.json`, the Pagefind index, `llms.txt`. */
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadIgnore, type Page, type SiteManifest } from '@lectern/core';
import type { Site } from './store.ts';
import { pageHref } from './nav.ts';
import { isLarge, scopeJson } from './nav-json.ts';
import { codeCss } from './components/highlight.ts';
import { copyMermaidAssets, usesMermaid } from './components/mermaid-assets.ts';

/** The runtime manifest (core's `siteManifest`): proxy allowlist, redirects, restricted pages. */
export function buildManifest(site: Site): SiteManifest {
  return site.lib.siteManifest(site.plan, site.config as never);
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

const ASSET = /\.(png|jpe?g|gif|webp|avif|svg|ico|mp4|webm|mov|mp3|wav|pdf|woff2?|ttf|otf|txt|zip|json|ya?ml)$/i;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.lectern', '.git', '.astro', 'src', '.cursor', '.github', '.vscode']);

/** Copy the repo's static files (images, videos, fonts, spec files…) into dist/ at the same paths. */
export async function copyAssets(root: string, dist: string): Promise<number> {
  let count = 0;
  const ignored = loadIgnore(root);
  const walk = async (dir: string): Promise<void> => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      if (e.name.startsWith('.') && e.isDirectory()) continue;
      const abs = path.join(dir, e.name);
      if (ignored(path.relative(root, abs).split(path.sep).join('/'), e.isDirectory())) continue;
      if (e.isDirectory()) {
        if (SKIP_DIRS.has(e.name) || path.resolve(abs) === path.resolve(dist)) continue;
        await walk(abs);
      } else if (ASSET.test(e.name) && !['package.json', 'package-lock.json', 'tsconfig.json', 'docs.json', 'mint.json'].includes(e.name)) {
        const target = path.join(dist, path.relative(root, abs));
        await mkdir(path.dirname(target), { recursive: true });
        await copyFile(abs, target);
        count++;
      }
    }
  };
  await walk(root);
  return count;
}

/** A Markdown copy of a page (for `Copy page`, agents, llms.txt links). */
export function pageMarkdown(page: Page): string {
  const head = [`# ${page.title}`, ''];
  if (page.description) head.push(`> ${page.description}`, '');
  if (page.kind === 'operation') head.push(`\`${page.method === 'webhook' ? 'WEBHOOK' : page.method.toUpperCase()} ${page.path}\``, '');
  if (page.kind === 'endpoint') head.push(`\`${page.endpoint.method.toUpperCase()} ${page.endpoint.path}\``, '');
  const body = page.body.replace(/^\s*import\s.+$/gm, '').trim();
  return head.join('\n') + (body ? body + '\n' : '');
}

export async function afterBuild(site: Site, dist: string, logger: { info(m: string): void; warn(m: string): void }): Promise<void> {
  await mkdir(path.join(dist, '_lectern'), { recursive: true });
  for (const scope of site.nav.scopes) {
    if (!isLarge(scope)) continue;
    await mkdir(path.join(dist, '_lectern', 'nav'), { recursive: true });
    await writeFile(path.join(dist, '_lectern', 'nav', `${scope.id}.json`), scopeJson(scope));
  }
  await writeFile(path.join(dist, '_lectern', 'code.css'), codeCss());
  const copied = await copyAssets(site.root, dist);
  if (copied) logger.info(`copied ${copied} static files`);
  if (usesMermaid(site.prepared.values())) await copyMermaidAssets(dist);
  for (const page of site.plan.pages) {
    const file = path.join(dist, page.slug + '.md');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, pageMarkdown(page));
  }
  await writeFile(path.join(dist, '_lectern', 'manifest.json'), JSON.stringify(buildManifest(site), null, 2));
  await writeFile(path.join(dist, 'llms.txt'), llmsTxt(site));
  const t0 = performance.now();
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  const added = await index.addDirectory({ path: dist });
  if (added.errors.length) logger.warn(`search index: ${added.errors.join('; ')}`);
  const written = await index.writeFiles({ outputPath: path.join(dist, 'pagefind') });
  if (written.errors.length) throw new Error(`Pagefind failed: ${written.errors.join('; ')}`);
  await pagefind.close();
  logger.info(`search index: ${added.page_count} pages in ${Math.round(performance.now() - t0)} ms`);
}
