/**
 * `lectern dev`: the page modules behind the one route, loaded one page at a time.
 *
 * Astro's dev server walks the route's module graph on the first request (the route's CSS, head metadata), and that
 * walk follows dynamic imports too: every MDX page of the site was compiled (and run) before the first page was
 * served, 12–27 s on Mintlify's docs (953 pages). Astro stops the walk at modules marked `?astroPropagatedAssets` (its
 * own content collections load entries that way): each page is imported through such a module, whose `getMod()`
 * gives the page module, so a request compiles its own page only.
 *
 * The built-in components' styles come with the walk when any page uses them (a static import of the components
 * module); styles that a page's own imports bring (a snippet importing a .css file) are picked up when the page's
 * module is loaded, as they were for pages added while the server runs.
 */
import type { Site } from '../model/store.ts';

/** Astro's flag (astro/dist/content/consts.js `PROPAGATED_ASSET_FLAG`). */
export const PAGE_BOUNDARY = 'astroPropagatedAssets';

/** One entry of `virtual:lectern/pages`' `loaders` under `lectern dev`. */
export function devLoader(slug: string, abs: string): string {
  return `  ${JSON.stringify(slug)}: () => import(${JSON.stringify(`${abs}?${PAGE_BOUNDARY}`)}).then((m) => m.default.getMod()),`;
}

/** A static import of the components module when pages use it, so its styles are in the route's graph. */
export function devStyleImports(site: Site, componentsModule: string): string[] {
  const spec = componentsModule.split('\\').join('/');
  for (const code of site.prepared.values()) if (code.includes(spec)) return [`import ${JSON.stringify(spec)};`];
  return [];
}
