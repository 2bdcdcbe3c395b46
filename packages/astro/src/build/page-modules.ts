/**
 * The module each MDX page of a build imports. A versioned repo keeps a copy of each page in every version folder
 * (crewAI's docs: 24,803 MDX files, 1,723 different texts), and a copy compiles to the same module wherever it lies
 * when its prepared source is byte-identical and names nothing relative to its own folder. Such copies import the first
 * copy's file, so the bundler compiles, bundles and loads one module for all of them; each copy still renders as its
 * own page (route, navigation, layout). Build parts keep copies together (parts.ts), so the sharing holds in a build
 * in parts too.
 */
import path from 'node:path';
import type { Page } from '@lectern/core';
import type { Site } from '../model/store.ts';
import { RELATIVE_IMAGE } from '../mdx/prepare.ts';

/** Names a file relative to the page's folder: an import or `src` (`./x`, `../x`), a Markdown image, `import.meta`. */
const PLACE_BOUND = /["'`]\.{1,2}\/|\bimport\.meta\b/;

/** The absolute path of a page's own MDX file (its file, or the written-out `x-mint.content`); undefined if none. */
export function pageFile(site: Pick<Site, 'root' | 'content'>, page: Pick<Page, 'slug' | 'file'>): string | undefined {
  const file = page.file ?? (site.content.has(page.slug) ? path.relative(site.root, site.content.get(page.slug)!) : undefined);
  return file === undefined ? undefined : path.resolve(site.root, file);
}

/** What copies of a page share: its prepared source when it may be shared, else undefined (the page is its own). */
export function copyKey(site: Pick<Site, 'root' | 'content' | 'prepared'>, page: Pick<Page, 'slug' | 'file'>): string | undefined {
  const abs = pageFile(site, page);
  const code = abs === undefined ? undefined : site.prepared.get(abs);
  if (code === undefined || PLACE_BOUND.test(code) || code.search(RELATIVE_IMAGE) !== -1) return undefined;
  return code;
}

/** Page slug -> the absolute path of the module it imports (its own file, or the first earlier copy's), for `pages`. */
export function pageModules(
  site: Pick<Site, 'root' | 'content' | 'prepared'>,
  pages: Iterable<Pick<Page, 'slug' | 'file'>>,
): Map<string, string> {
  const first = new Map<string, string>();
  const out = new Map<string, string>();
  for (const page of pages) {
    const abs = pageFile(site, page);
    if (abs === undefined) continue;
    const key = copyKey(site, page);
    if (key === undefined) {
      out.set(page.slug, abs);
      continue;
    }
    if (!first.has(key)) first.set(key, abs);
    out.set(page.slug, first.get(key)!);
  }
  return out;
}
