/**
 * Sites served under a sub-path (`--base /pr-42/`, Astro's `base`). Pages, components and Markdown write links from
 * the site root (`/guides/setup`, `/images/logo.png`); after rendering, the root-relative URLs of Lectern's pages
 * are moved under the base in one pass, so no component has to know about it. URLs Astro already wrote under the base
 * (its `_astro/` assets) are left alone; `_astro` is reserved, so the rule is never ambiguous.
 */
import { applyEdits, attributeValue, forEachTag, type Tag, type TagAttribute } from './html-tokens.ts';

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

const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'action', 'data-copy-page', 'data-src']);
/** The attributes `valueUnderBase` reads. */
const READ = { attributes: new Set([...URL_ATTRIBUTES, 'srcset', 'content', 'http-equiv']), noEndTags: true };
const REFRESH_URL = /^(\d+;\s*url=)(\/.*)$/i;

/** The value of one attribute of a tag, under `base` (undefined: left as it is). */
function valueUnderBase(html: string, tag: Tag, attribute: TagAttribute, base: string): string | undefined {
  const value = html.slice(attribute.valueStart, attribute.valueEnd);
  if (URL_ATTRIBUTES.has(attribute.name)) return value.startsWith('/') ? underBase(value, base) : undefined;
  if (attribute.name === 'srcset')
    return value
      .split(',')
      .map((part) => part.replace(/^(\s*)(\S+)/, (_p, ws: string, url: string) => ws + underBase(url, base)))
      .join(',');
  if (attribute.name === 'content' && tag.name === 'meta' && attributeValue(html, tag, 'http-equiv')?.toLowerCase() === 'refresh') {
    return value.replace(REFRESH_URL, (_m, head: string, url: string) => head + underBase(url, base));
  }
  return undefined;
}

/**
 * Every root-relative URL in the attributes of an HTML page's tags (`href`, `src`, `srcset`, a refresh's URL…), under
 * `base`. The page is read with an HTML tokenizer: text that looks like an attribute (in code, in a script) is left.
 */
export function htmlUnderBase(html: string, base: string): string {
  if (base === '/') return html;
  const edits: Array<{ start: number; end: number; text: string }> = [];
  forEachTag(
    html,
    (tag) => {
      if (tag.closing) return;
      for (const a of tag.attributes) {
        if (a.valueStart === a.valueEnd) continue;
        const text = valueUnderBase(html, tag, a, base);
        if (text !== undefined && text !== html.slice(a.valueStart, a.valueEnd)) edits.push({ start: a.valueStart, end: a.valueEnd, text });
      }
    },
    READ,
  );
  return applyEdits(html, edits);
}

/** Root-relative Markdown link and image targets (`](/guides/x)`), under `base`. */
export function markdownUnderBase(markdown: string, base: string): string {
  if (base === '/') return markdown;
  return markdown.replace(/(\]\()(\/(?!\/)[^)\s]*)/g, (_m, head: string, url: string) => head + underBase(url, base));
}
