import { isFragmentRedirect } from './fragment-redirects.ts';

/**
 * docs.json `redirects` -> Astro `redirects` (static ones; wildcard ones are left to `lectern serve`, and those whose
 * source has a `#fragment` to the browser: see fragment-redirects.ts). `isPage` (docs.json `seo.trailingSlash`): which
 * slugs are pages, whose URL ends in '/'.
 */
export function astroRedirects(
  list: Array<{ source: string; destination: string; permanent?: boolean }>,
  isPage?: (slug: string) => boolean,
) {
  const redirects: Record<string, { status: 301 | 308 | 307 | 302; destination: string }> = {};
  const skipped: string[] = [];
  for (const r of list) {
    if (isFragmentRedirect(r)) continue;
    const source = '/' + r.source.replace(/^\/+/, '');
    if (/[:*]/.test(source)) {
      skipped.push(source);
      continue;
    }
    const destination = /^[a-z]+:/i.test(r.destination) ? r.destination : pageDestination('/' + r.destination.replace(/^\/+/, ''), isPage);
    redirects[source] = { status: r.permanent === false ? 307 : 308, destination };
  }
  return { redirects, skipped };
}

/**
 * docs.json `seo.trailingSlash`: a root-relative destination that is one of the site's pages (`isPage(slug)`) gets the
 * page's slash before its query or anchor (`/new#setup` -> `/new/#setup`), so the reader is not sent on by one more
 * 308. Other sites, files and paths that are no page stay as written; without `isPage`, everything does.
 */
export function pageDestination(destination: string, isPage?: (slug: string) => boolean): string {
  if (!isPage || !destination.startsWith('/') || destination.startsWith('//')) return destination;
  const cut = destination.search(/[?#]/);
  const pathPart = cut < 0 ? destination : destination.slice(0, cut);
  if (pathPart.endsWith('/')) return destination;
  let slug = pathPart.slice(1);
  try {
    slug = decodeURIComponent(slug);
  } catch {
    // A malformed escape is no page's path: compared as written.
  }
  return isPage(slug) ? pathPart + '/' + destination.slice(pathPart.length) : destination;
}
