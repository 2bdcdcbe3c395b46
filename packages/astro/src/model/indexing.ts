/**
 * Which pages search engines and agents are told about: the page's `robots` value (frontmatter `noindex`/`robots`,
 * hidden pages and pages of hidden groups under `seo.indexing: navigable`, the site's `seo.metatags.robots`), and the
 * pages listed in `sitemap.xml`, `llms.txt` and `llms-full.txt` (public and indexed: never restricted, hidden or
 * `noindex`), and the pages of the site's search (`isSearchable`, the assistant's rule). One answer for the head's
 * `<meta name="robots">`, the search index and every listing.
 */
import type { NavItem, Page, SitePlan } from '@lectern/core';
import { isRestricted } from '@lectern/core/access';
import type { DocsConfig } from '@lectern/core';
import { siteMetatags } from './metatags.ts';

/** Slugs listed in the navigation only under a hidden group or division (listed elsewhere too: not hidden). */
export function hiddenByNavigation(plan: Pick<SitePlan, 'navigation'>): Set<string> {
  const shown = new Set<string>();
  const hidden = new Set<string>();
  const walk = (items: readonly NavItem[], inHidden: boolean): void => {
    for (const item of items) {
      if (item.type === 'page') (inHidden ? hidden : shown).add(item.slug);
      else if (item.type === 'link') continue;
      else {
        const h = inHidden || item.hidden === true;
        if (item.type === 'group' && item.root) (h ? hidden : shown).add(item.root);
        walk(item.children, h);
      }
    }
  };
  walk(plan.navigation, false);
  for (const slug of shown) hidden.delete(slug);
  return hidden;
}

const cache = new WeakMap<object, Set<string>>();

/** `hiddenByNavigation`, computed once per plan. */
function hiddenSlugs(plan: Pick<SitePlan, 'navigation'>): Set<string> {
  let set = cache.get(plan);
  if (!set) cache.set(plan, (set = hiddenByNavigation(plan)));
  return set;
}

export interface IndexingSite {
  config: Pick<DocsConfig, 'seo'>;
  plan: Pick<SitePlan, 'navigation'>;
}

/** Hidden from readers browsing the site: `hidden: true`, out of the navigation, or only in hidden groups. */
export function isHiddenPage(site: IndexingSite, page: Page): boolean {
  return page.hidden === true || hiddenSlugs(site.plan).has(page.slug);
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * The page's `robots` value, or undefined: frontmatter `robots` (with `noindex` added by `noindex: true`), else
 * `noindex` for a hidden page (unless `seo.indexing` is `all`), else the site's `robots` (`seo.metatags`, `seo.paths`).
 */
export function robotsOf(site: IndexingSite, page: Page): string | undefined {
  const fm = page.frontmatter;
  const own = text(fm.robots);
  const noindex = fm.noindex === true || fm.noindex === 'true';
  if (noindex) return own && /\bnoindex\b/i.test(own) ? own : own ? `noindex, ${own}` : 'noindex';
  if (own) return own;
  if (site.config.seo?.indexing !== 'all' && isHiddenPage(site, page)) return 'noindex';
  const metatags = siteMetatags(site.config.seo, page.slug);
  if (metatags.noindex === 'true') return 'noindex';
  return text(metatags.robots);
}

/** The page says search engines should not index it (`robotsOf` has `noindex` or `none`). */
export function isNoindex(site: IndexingSite, page: Page): boolean {
  return /\b(noindex|none)\b/i.test(robotsOf(site, page) ?? '');
}

/** Slugs listed in the navigation outside hidden groups and divisions, or in a hidden one with `searchable: true`. */
function searchableSlugs(plan: Pick<SitePlan, 'navigation'>): Set<string> {
  const visible = new Set<string>();
  const walk = (items: readonly NavItem[], hidden: boolean): void => {
    for (const item of items) {
      if (item.type === 'page') {
        if (!hidden) visible.add(item.slug);
      } else if (item.type !== 'link') {
        const searchable = item.type === 'group' ? item.searchable === true : item.extra.searchable === true;
        const h = searchable ? false : hidden || item.hidden === true;
        if (item.type === 'group' && item.root && !h) visible.add(item.root);
        walk(item.children, h);
      }
    }
  };
  walk(plan.navigation, false);
  return visible;
}

const searchCache = new WeakMap<object, Set<string>>();

/**
 * The page goes into the site's search index, by the rule of the assistant's documents (@lectern/server
 * assistant/documents.ts): not restricted, not `noindex: true` or `searchable: false`, and not hidden (`hidden: true`,
 * out of the navigation, only under hidden groups without `searchable: true`) unless `seo.indexing` is `all` (which
 * keeps a `hidden: true` page out all the same).
 */
export function isSearchable(site: IndexingSite, page: Page): boolean {
  const fm = page.frontmatter;
  if (isRestricted(page) || fm.noindex === true || fm.searchable === false) return false;
  let visible = searchCache.get(site.plan);
  if (!visible) searchCache.set(site.plan, (visible = searchableSlugs(site.plan)));
  const hidden = page.hidden || (site.plan.navigation.length > 0 && !visible.has(page.slug));
  return !hidden || (site.config.seo?.indexing === 'all' && fm.hidden !== true);
}

/** A page for sitemap.xml, llms.txt and llms-full.txt: for every reader (not restricted), and indexed. */
export function isListedForIndexing(site: IndexingSite, page: Page): boolean {
  return page.slug !== '404' && !isRestricted(page) && !isNoindex(site, page);
}
