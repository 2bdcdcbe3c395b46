/**
 * One page costs one page: the pages a build leaves out of dist/. A page is left out when planning found an error in
 * its MDX or frontmatter (or in a file it imports: `site.blocked`), when the bundler could not compile it
 * (compile-failures.ts) or when its rendering threw (render-errors.ts). The build writes every other page, the
 * navigation, the search index and the rest of the site without them (their URLs serve the 404 page, links to them
 * lead there), lists every failure with file and line, and exits 1.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '@lectern/core';
import type { Site } from '../model/store.ts';

/**
 * Errors planning reports about one page's file (not docs.json, the navigation or a spec): they cost that page, not
 * the build. MDX errors (`mdx/…`) block their pages through `site.blocked`; these name the page's own file.
 */
export const PAGE_ERRORS: ReadonlySet<string> = new Set(['page/frontmatter', 'page/api', 'page/mdx']);

/** `page /guides/a` (`page /` for the index): how the failures of a page name it. */
export const pageLabel = (slug: string) => `page /${slug === 'index' ? '' : slug}`;

/** The page a failure of the build names (`page/render`, `page/compile`), by slug; undefined for any other diagnostic. */
export function failedPage(d: Diagnostic): string | undefined {
  if (d.code !== 'page/render' && d.code !== 'page/compile') return undefined;
  const m = /^page \/(.*?) (?:failed to render: |cannot be compiled)/.exec(d.message);
  return m ? m[1] || 'index' : undefined;
}

/** The slugs of the pages left out of this build (of every part, once the parts' failures are in `renderErrors`). */
export function leftOutPages(site: Pick<Site, 'plan' | 'blocked' | 'renderErrors' | 'diagnostics'>): Set<string> {
  const out = new Set(site.blocked.keys());
  const files = new Set(site.diagnostics.filter((d) => d.severity === 'error' && PAGE_ERRORS.has(d.code)).map((d) => d.file));
  if (files.size) for (const p of site.plan.pages) if (p.file !== undefined && files.has(p.file)) out.add(p.slug);
  for (const d of site.renderErrors) {
    const slug = failedPage(d);
    if (slug !== undefined) out.add(slug);
  }
  return out;
}

/**
 * Remove the HTML of left-out pages from `dist`, if any was written: the build's own prerenderer writes none
 * (session.ts), another one (an adapter's) writes the page with its notice (Guard.astro).
 */
export async function removePages(dist: string, slugs: Iterable<string>): Promise<void> {
  for (const slug of slugs) {
    const files = slug === 'index' ? ['index.html'] : [`${slug}/index.html`, `${slug}.html`];
    for (const f of files) await rm(path.join(dist, f), { force: true });
  }
}
