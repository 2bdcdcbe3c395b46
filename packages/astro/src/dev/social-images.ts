/**
 * `lectern dev` answers a page's social image (`{base}_lectern/og/<slug>.png`, the `og:image` of its head) on demand:
 * drawn when first asked for, with the build's own code, look and cache (build/og-images.ts `socialImageOf`), so a
 * dev page's head names an image that exists. Only pages that get one in a build get one here (model/social-image.ts).
 */
import type { ConnectMiddleware as Middleware } from '@lectern/server/dev';
import type { Page } from '@lectern/core';
import { getSite, type Site } from '../model/store.ts';
import { socialImageOf } from '../build/og-images.ts';
import { hasSocialImage, SOCIAL_IMAGE_DIR } from '../model/social-image.ts';

/** The page whose social image `url` names (`/_lectern/og/guides/start.png`, under the site's base), or undefined. */
export function pageOfImageUrl(site: Pick<Site, 'pages' | 'base' | 'config'>, url: string): Page | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split(/[?#]/)[0]!);
  } catch {
    return undefined;
  }
  const prefix = `${site.base.replace(/\/?$/, '/')}${SOCIAL_IMAGE_DIR}/`;
  if (!pathname.startsWith(prefix) || !pathname.endsWith('.png')) return undefined;
  const page = site.pages.get(pathname.slice(prefix.length, -'.png'.length));
  return page && page.slug !== '404' && hasSocialImage(site.config, page) ? page : undefined;
}

/** The middleware; a drawing that fails answers 500 with why, and the warning goes to `warn`. */
export function socialImageMiddleware(root: string, warn: (m: string) => void): Middleware {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const site = getSite(root);
    const page = pageOfImageUrl(site, req.url ?? '/');
    if (!page) return next();
    socialImageOf(site, page, warn).then(
      (png) => {
        res.statusCode = 200;
        res.setHeader('Content-Type', 'image/png');
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Content-Length', String(png.length));
        res.end(req.method === 'HEAD' ? undefined : png);
      },
      (error: unknown) => {
        const message = `social image of ${page.slug} not drawn: ${(error as Error).message}`;
        warn(message);
        res.statusCode = 500;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end(message + '\n');
      },
    );
  };
}
