/**
 * Sites served under a sub-path (`--base /pr-42/`, Astro's `base`). Pages, components and Markdown write links from
 * the site root (`/guides/setup`, `/images/logo.png`); after rendering, the root-relative URLs of Lectern's pages
 * are moved under the base in one pass, so no component has to know about it. URLs Astro already wrote under the base
 * (its `_astro/` assets) are left alone; `_astro` is reserved, so the rule is never ambiguous.
 */

/** `/pr-42`, `pr-42/` -> `/pr-42/`; `undefined` or `/` -> `/`. */
export function basePath(base: string | undefined): string {
  const segments = (base ?? '/').split('/').filter(Boolean);
  return segments.length ? `/${segments.join('/')}/` : '/';
}

/** A root-relative URL (`/x`, not `//host/x`) under `base`, unless it is already one of Astro's assets there. */
export function underBase(url: string, base: string): string {
  if (base === '/' || !url.startsWith('/') || url.startsWith('//') || url.startsWith(`${base}_astro/`)) return url;
  return base + url.slice(1);
}

const URL_ATTRIBUTE = /(\s(?:href|src|poster|action|data-copy-page|data-src)=")(\/[^"]*)"/g;
const SRCSET = /(\ssrcset=")([^"]*)"/g;
const REFRESH = /(<meta\s+http-equiv="refresh"\s+content="\d+;\s*url=)(\/[^"]*)"/gi;

/** Every root-relative URL in the attributes of an HTML page, under `base`. */
export function htmlUnderBase(html: string, base: string): string {
  if (base === '/') return html;
  return html
    .replace(URL_ATTRIBUTE, (_m, head: string, url: string) => `${head}${underBase(url, base)}"`)
    .replace(SRCSET, (_m, head: string, list: string) => `${head}${list.split(',').map((part) => part.replace(/^(\s*)(\S+)/, (_p, ws: string, url: string) => ws + underBase(url, base))).join(',')}"`)
    .replace(REFRESH, (_m, head: string, url: string) => `${head}${underBase(url, base)}"`);
}

/** Root-relative Markdown link and image targets (`](/guides/x)`), under `base`. */
export function markdownUnderBase(markdown: string, base: string): string {
  if (base === '/') return markdown;
  return markdown.replace(/(\]\()(\/(?!\/)[^)\s]*)/g, (_m, head: string, url: string) => head + underBase(url, base));
}
