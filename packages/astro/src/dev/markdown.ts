/**
 * `lectern dev` answers a page URL asked for with an `Accept` that prefers `text/markdown` with the page's Markdown
 * (the text of the build's `.md` copy, after-build.ts `pageMarkdown`), `Vary: Accept` on the page's HTML and Markdown
 * alike, as `lectern serve` does (packages/server serve/static.ts). The dev server shows every page to everyone, its
 * HTML and Markdown alike.
 */
import type { ConnectMiddleware as Middleware } from '@lectern/server/dev';
import type { Page } from '@lectern/core';
import { getSite } from '../model/store.ts';
import { pageMarkdown } from '../build/after-build.ts';
import { markdownUnderBase } from '../shared/site/base-path.ts';

/** The page a dev URL shows (`/a`, `/a/`, `/a.html`, `/a/index.html`, under the site's base), or undefined. */
export function pageOfUrl(pages: ReadonlyMap<string, Page>, base: string, url: string): Page | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split(/[?#]/)[0]!);
  } catch {
    return undefined;
  }
  const prefix = base.replace(/\/$/, '');
  if (prefix) {
    if (pathname !== prefix && !pathname.startsWith(prefix + '/')) return undefined;
    pathname = pathname.slice(prefix.length);
  }
  const slug =
    pathname
      .replace(/^\/+/, '')
      .replace(/(^|\/)index\.html$|\.html$/, '')
      .replace(/\/+$/, '') || 'index';
  const page = pages.get(slug);
  return page && page.slug !== '404' ? page : undefined;
}

/** The middleware; `prefersMarkdown` is @lectern/server's negotiation (serve/negotiate.ts). */
export function markdownMiddleware(root: string, prefersMarkdown: (accept: string | undefined) => boolean): Middleware {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const site = getSite(root);
    const page = pageOfUrl(site.pages, site.base, req.url ?? '/');
    if (!page) return next();
    res.setHeader('Vary', 'Accept');
    if (!prefersMarkdown(req.headers.accept)) return next();
    const body = markdownUnderBase(pageMarkdown(page), site.base);
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/markdown; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Length', String(Buffer.byteLength(body)));
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
