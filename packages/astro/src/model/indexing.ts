/**
 * Which pages search engines and agents are told about: the page's `robots` value (frontmatter `noindex`/`robots`,
 * hidden pages and pages of hidden groups under `seo.indexing: navigable`, the site's `seo.metatags.robots`), and the
 * pages listed in `sitemap.xml`, `llms.txt` and `llms-full.txt` (public and indexed: never restricted, hidden or
 * `noindex`). One answer for the head's `<meta name="robots">` and for every listing.
 */
import type { NavItem, Page, SitePlan } from '@lectern/core';
import { isRestricted } from '@lectern/core/access';
import type { DocsConfig } from '@lectern/core';

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
 * `noindex` for a hidden page (unless `seo.indexing` is `all`), else the site's `seo.metatags.robots`.
 */
export function robotsOf(site: IndexingSite, page: Page): string | undefined {
  const fm = page.frontmatter;
  const own = text(fm.robots);
  const noindex = fm.noindex === true || fm.noindex === 'true';
  if (noindex) return own && /\bnoindex\b/i.test(own) ? own : own ? `noindex, ${own}` : 'noindex';
  if (own) return own;
  if (site.config.seo?.indexing !== 'all' && isHiddenPage(site, page)) return 'noindex';
  const metatags = site.config.seo?.metatags ?? {};
  if (metatags.noindex === 'true') return 'noindex';
  return text(metatags.robots);
}

/** The page says search engines should not index it (`robotsOf` has `noindex` or `none`). */
export function isNoindex(site: IndexingSite, page: Page): boolean {
  return /\b(noindex|none)\b/i.test(robotsOf(site, page) ?? '');
}

/** A page for sitemap.xml, llms.txt and llms-full.txt: for every reader (not restricted), and indexed. */
export function isListedForIndexing(site: IndexingSite, page: Page): boolean {
  return page.slug !== '404' && !isRestricted(page) && !isNoindex(site, page);
}
