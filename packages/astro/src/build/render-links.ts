/**
 * Links in a rendered page, resolved as Mintlify resolves them: `/x/index` and `./page.mdx` lead to the page, a
 * localised path the language lacks to the default language's page, and a relative link is made absolute (a page is
 * served at `/a/b/`, where the browser would resolve `./c` to `/a/b/c`). What `lectern check` accepts, the site serves.
 */
import path from 'node:path';
import type { LinkIndex, internalTarget as InternalTarget } from '@lectern/core';

const HREF = /(<a\b[^>]*?\shref=")([^"]*)"/g;

/** `internalTarget` comes in (from the site's lib): this module runs in the page bundle, which must not pull in core. */
export function resolveLinks(
  html: string,
  index: Pick<LinkIndex, 'page' | 'exists'> | undefined,
  pageFile: string | undefined,
  internalTarget: typeof InternalTarget,
): string {
  if (!index || !html.includes('href="')) return html;
  const fromDir = pageFile ? path.posix.dirname(pageFile) : '';
  return html.replace(HREF, (all, before: string, raw: string) => {
    const href = raw.replace(/&amp;/g, '&');
    if (!href || href.startsWith('#') || href.startsWith('?') || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) return all;
    const target = internalTarget(href, fromDir === '.' ? '' : fromDir);
    if (target === undefined) return all;
    const cut = href.search(/[?#]/);
    const rest = cut >= 0 ? href.slice(cut) : '';
    const page = index.page(target);
    const relative = !href.startsWith('/');
    let resolved: string | undefined;
    if (page !== undefined && page !== target && !(page === 'index' && target === '')) resolved = page === 'index' ? '/' : `/${page}`;
    else if (relative && index.exists(target)) resolved = `/${target}`;
    if (resolved === undefined) return all;
    return `${before}${(resolved + rest).replace(/&/g, '&amp;')}"`;
  });
}
