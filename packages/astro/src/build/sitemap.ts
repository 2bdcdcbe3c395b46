/**
 * `sitemap.xml` and `robots.txt` of a build whose address is known (`--site` or `lectern.site`): every public, indexed
 * page (model/indexing.ts: never restricted, hidden or `noindex`), absolute URLs under the site's base; a site of more
 * than 50,000 pages gets a sitemap index and numbered sitemaps, as the protocol asks. The repo's own `sitemap.xml`
 * and `robots.txt` win: they are copied as they are. Written here rather than by `@astrojs/sitemap`, which lists
 * Astro's routes (restricted and hidden pages included) and runs once per part of a build in parts.
 */
import { copyFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@lectern/core';
import type { Site } from '../model/store.ts';
import { isListedForIndexing } from '../model/indexing.ts';

/** The protocol's limit of URLs per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** `https://docs.example.com/pr-42` + `/guides/start` (`/guides/start/` with `seo.trailingSlash`), the path percent-encoded. */
export function pageUrl(site: Pick<Site, 'nav'>, root: string, slug: string): string {
  return root + encodeURI(site.nav.href(slug)).replace(/[?#]/g, encodeURIComponent);
}

/** The `<urlset>` of `urls` (with a `lastmod` when the page has a date). */
export function urlset(urls: ReadonlyArray<{ loc: string; lastmod?: string }>): string {
  const items = urls.map((u) => `  <url><loc>${xml(u.loc)}</loc>${u.lastmod ? `<lastmod>${xml(u.lastmod)}</lastmod>` : ''}</url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...items,
    '</urlset>',
    '',
  ].join('\n');
}

function sitemapIndex(locs: readonly string[]): string {
  const items = locs.map((loc) => `  <sitemap><loc>${xml(loc)}</loc></sitemap>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...items,
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** A date `lastmod` accepts (W3C datetime), from `lastUpdatedDate` frontmatter or the file's last commit. */
function lastmodOf(site: Site, page: Page): string | undefined {
  const raw = typeof page.frontmatter.lastUpdatedDate === 'string' ? page.frontmatter.lastUpdatedDate : site.updated.get(page.slug);
  const t = raw ? Date.parse(raw) : NaN;
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}

/**
 * Writes `sitemap.xml` (or copies the repo's own) and `robots.txt` (or copies the repo's own) into `dist`. `root` is
 * the site's address with its base, without a trailing slash (after-build.ts `siteRoot`); '' when unknown: then only
 * the repo's own files are copied. `pages`: the pages the build wrote.
 */
export async function writeSitemap(site: Site, dist: string, root: string, pages: readonly Page[]): Promise<void> {
  const own = path.join(site.root, 'sitemap.xml');
  if (existsSync(own)) await copyFile(own, path.join(dist, 'sitemap.xml'));
  else if (root) {
    const urls = pages
      .filter((p) => isListedForIndexing(site, p))
      .map((p) => ({ loc: pageUrl(site, root, p.slug), lastmod: lastmodOf(site, p) }));
    if (urls.length <= SITEMAP_MAX_URLS) await writeFile(path.join(dist, 'sitemap.xml'), urlset(urls));
    else {
      const locs: string[] = [];
      for (let i = 0; i * SITEMAP_MAX_URLS < urls.length; i++) {
        await writeFile(path.join(dist, `sitemap-${i}.xml`), urlset(urls.slice(i * SITEMAP_MAX_URLS, (i + 1) * SITEMAP_MAX_URLS)));
        locs.push(`${root}/sitemap-${i}.xml`);
      }
      await writeFile(path.join(dist, 'sitemap.xml'), sitemapIndex(locs));
    }
  }
  // The repo's robots.txt is a static file copied with the others (after-build.ts copyAssets): it is kept as it is.
  if (!existsSync(path.join(dist, 'robots.txt')) && root && existsSync(path.join(dist, 'sitemap.xml'))) {
    await writeFile(path.join(dist, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${root}/sitemap.xml\n`);
  }
}
