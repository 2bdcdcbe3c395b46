/**
 * docs.json redirects whose source has a `#fragment` (`/page#old-section`): a server never sees the fragment, so, as on
 * Mintlify, they are followed in the browser. The page at the source's path (or the 404 page, when no page is there)
 * carries the map and a small script that replaces the location when its hash matches.
 */
import { pageDestination } from './redirects.ts';

interface Redirect {
  source: string;
  destination: string;
}

const normalizePath = (p: string) => '/' + p.replace(/^\/+/, '').replace(/\/+$/, '');

/** Is this a redirect the browser follows (its source has a fragment)? */
export const isFragmentRedirect = (r: Redirect) => r.source.includes('#');

/**
 * The fragment redirects to follow on a page: for the page at `slug`, fragment -> destination; for the 404 page
 * (`slug` undefined), `path#fragment` -> destination of every one. `isPage` (docs.json `seo.trailingSlash`): a
 * destination that is a page gets its slash (redirects.ts `pageDestination`). `base`: the site's base path (`/pr-7/`),
 * put before root-relative destinations (the script's map is no link a build rewrites).
 */
export function fragmentRedirects(
  redirects: Redirect[],
  slug: string | undefined,
  options: { isPage?: (slug: string) => boolean; base?: string } = {},
): Record<string, string> {
  const base = (options.base ?? '/').replace(/\/+$/, '');
  const here = slug === undefined ? undefined : normalizePath(slug === 'index' ? '' : slug);
  const out: Record<string, string> = {};
  for (const r of redirects) {
    if (!isFragmentRedirect(r)) continue;
    const [pathPart, fragment] = [r.source.slice(0, r.source.indexOf('#')), r.source.slice(r.source.indexOf('#') + 1)];
    if (!fragment) continue;
    const destination = /^[a-z]+:/i.test(r.destination)
      ? r.destination
      : base + pageDestination('/' + r.destination.replace(/^\/+/, ''), options.isPage);
    if (here === undefined) out[`${base}${normalizePath(pathPart)}#${fragment}`] = destination;
    else if (normalizePath(pathPart) === here) out[fragment] = destination;
  }
  return out;
}

/** The inline script that follows them (on load and when the hash changes). */
export function fragmentRedirectScript(map: Record<string, string>, notFound: boolean): string {
  const key = notFound ? "location.pathname.replace(/\\/+$/,'')+location.hash" : 'location.hash.slice(1)';
  return `(()=>{var m=${JSON.stringify(map).replace(/</g, '\\u003c')};var go=function(){var k=${key};try{k=decodeURIComponent(k)}catch(e){}var d=m[k];if(d)location.replace(d)};go();addEventListener('hashchange',go)})()`;
}
