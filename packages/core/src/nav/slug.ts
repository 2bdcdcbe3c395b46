/** Slugs and titles of generated pages (Mintlify's algorithm, reference §2.4 and §1.3). */

/**
 * Replace spaces with `-`, every `{…}` with `-`, strip one leading and one trailing `-`, delete
 * `{ } ( ) , . ' \n /`, replace each `--` with `-` in one pass, lowercase. One pass, as Mintlify does: the tag
 * "Client API - Display" (`Client-API---Display`) becomes `client-api--display`.
 */
export function slugify(text: string): string {
  let s = text.replace(/ /g, '-').replace(/\{[^}]*\}/g, '-');
  if (s.startsWith('-')) s = s.slice(1);
  if (s.endsWith('-')) s = s.slice(0, -1);
  s = s.replace(/[{}(),.'\n/]/g, '');
  s = s.replace(/--/g, '-');
  return s.toLowerCase();
}

/** `guides/getting-started` -> `Getting started`. */
export function slugToTitle(slug: string): string {
  const last = slug.split('/').filter(Boolean).pop() ?? slug;
  const words = last.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : slug;
}

/** `channelOne` -> `Channel one`. */
export function camelToSentenceCase(text: string): string {
  const spaced = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : text;
}

/** Allocates unique slugs: `x`, `x-1`, `x-2`, … compared case-insensitively. */
export function createSlugAllocator(taken: Iterable<string> = []): (base: string) => string {
  const used = new Set<string>();
  for (const t of taken) used.add(t.toLowerCase());
  return (base) => {
    let candidate = base;
    for (let n = 1; used.has(candidate.toLowerCase()); n++) candidate = `${base}-${n}`;
    used.add(candidate.toLowerCase());
    return candidate;
  };
}

/** Normalise a page path or spec path: posix, no leading `/` or `./`, no extension for pages. */
export function normalizePagePath(value: string): string {
  return value
    .trim()
    .replace(/\\/g, '/')
    .replace(/^\.\//, '')
    .replace(/^\/+/, '')
    .replace(/\/+$/, '')
    .replace(/\.(mdx|md)$/i, '');
}
