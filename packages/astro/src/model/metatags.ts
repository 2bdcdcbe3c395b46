/**
 * The docs.json meta tags of one page: `seo.metatags`, then the `seo.paths` entries whose folder holds the page, the
 * shorter path first (a longer path overrides a shorter one, which overrides `seo.metatags`), as Mintlify applies them.
 * One answer for the head's tags (layout/seo-meta.ts), its `robots` (indexing.ts) and the social images (social-image.ts).
 */
import type { DocsConfig } from '@lectern/core';

type Seo = DocsConfig['seo'];

/** `slug` is `path` or a page under it (`guides/v2`, `guides/v2/setup`; not `guides/v20`). */
const under = (slug: string, path: string) => slug === path || slug.startsWith(path + '/');

/** The page's meta tags from docs.json (frontmatter not included). */
export function siteMetatags(seo: Seo, slug: string): Record<string, string> {
  const paths = (seo?.paths ?? []).filter((p) => under(slug, p.path)).sort((a, b) => a.path.length - b.path.length);
  if (!paths.length) return seo?.metatags ?? {};
  const out: Record<string, string> = {};
  // By key without case, as the head writes them: a path's `og:Image` replaces the site's `og:image`.
  const set = (record: Record<string, string>) => {
    for (const [key, value] of Object.entries(record)) {
      for (const k of Object.keys(out)) if (k.toLowerCase() === key.toLowerCase()) delete out[k];
      out[key] = value;
    }
  };
  set(seo?.metatags ?? {});
  for (const p of paths) set(p.metatags);
  return out;
}
