/**
 * Which pages get a generated social image (docs.json `thumbnails`, Mintlify's Open Graph image per page) and where
 * it is published: one rule for the head's `og:image` (layout/seo-meta.ts) and for the build that draws the images
 * (build/og-images.ts). A page gets one unless it sets its own `og:image` (frontmatter), the site sets one for every
 * page (`seo.metatags["og:image"]`, or a `seo.paths` entry for the page's folder) or turns them off (`lectern.socialImages: false`), or it is restricted (for some readers only: its title never leaves the gated
 * HTML). Hidden and `noindex` pages get one: they are public URLs, and can be shared.
 */
import type { DocsConfig, Page } from '@lectern/core';
import { isRestricted } from '@lectern/core/access';
import { siteMetatags } from './metatags.ts';

/** The size Open Graph and X/Twitter's large card expect, and Mintlify writes (`og:image:width`/`height`). */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;

/** The folder of `dist/` that holds the images. */
export const SOCIAL_IMAGE_DIR = '_lectern/og';

const hasKey = (record: Record<string, unknown> | undefined, key: string) =>
  Object.entries(record ?? {}).some(([k, v]) => k.trim().toLowerCase() === key && typeof v === 'string' && v.trim() !== '');

/** The page gets a generated image (see the module's comment). */
export function hasSocialImage(config: Pick<DocsConfig, 'seo' | 'lectern'>, page: Page): boolean {
  if (isRestricted(page) || config.lectern?.socialImages === false) return false;
  if (hasKey(siteMetatags(config.seo, page.slug), 'og:image')) return false;
  return !hasKey(page.frontmatter, 'og:image');
}

/** The image's path from the site root (`/_lectern/og/guides/start.png`; the home page is `index.png`), URL-encoded. */
export function socialImagePath(slug: string): string {
  return '/' + SOCIAL_IMAGE_DIR + '/' + encodeURI(slug).replace(/[?#]/g, encodeURIComponent) + '.png';
}

/** The image's file in `dist/` (`_lectern/og/guides/start.png`). */
export function socialImageFile(slug: string): string {
  return `${SOCIAL_IMAGE_DIR}/${slug}.png`;
}
