/**
 * Links in a rendered page, resolved as Mintlify resolves them: `/x/index` and `./page.mdx` lead to the page, a
 * localised path the language lacks to the default language's page, and a relative link is made absolute (a page is
 * served at `/a/b/`, where the browser would resolve `./c` to `/a/b/c`). With docs.json `seo.trailingSlash` (`href`:
 * the site's `nav.href`), a link to a page gets the page's slash. What `lectern check` accepts, the site serves.
 */
import path from 'node:path';
import type { LinkIndex, internalTarget as InternalTarget } from '@lectern/core';
import { pageHref } from '../model/nav.ts';

const HREF = /(<a\b[^>]*?\shref=")([^"]*)"/g;

/** `internalTarget` comes in (from the site's lib): this module runs in the page bundle, which must not pull in core. */
export function resolveLinks(
  html: string,
  index: Pick<LinkIndex, 'page' | 'exists'> | undefined,
  pageFile: string | undefined,
  internalTarget: typeof InternalTarget,
  href: (slug: string) => string = pageHref,
): string {
  if (!index || !html.includes('href="')) return html;
  const fromDir = pageFile ? path.posix.dirname(pageFile) : '';
  return html.replace(HREF, (all, before: string, raw: string) => {
    const link = raw.replace(/&amp;/g, '&');
    if (!link || link.startsWith('#') || link.startsWith('?') || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(link)) return all;
    const target = internalTarget(link, fromDir === '.' ? '' : fromDir);
    if (target === undefined) return all;
    const cut = link.search(/[?#]/);
    const written = cut >= 0 ? link.slice(0, cut) : link;
    const rest = link.slice(written.length);
    const page = index.page(target);
    const relative = !link.startsWith('/');
    let resolved: string | undefined;
    if (page !== undefined && page !== target && !(page === 'index' && target === '')) resolved = href(page);
    else if (page !== undefined && href(page).endsWith('/') && !written.endsWith('/')) resolved = relative ? href(page) : `${written}/`;
    else if (relative && index.exists(target)) resolved = `/${target}`;
    if (resolved === undefined) return all;
    return `${before}${(resolved + rest).replace(/&/g, '&amp;')}"`;
  });
}
