/**
 * How the search index of a large site is cut into Pagefind bundles, and which bundles a page's search loads. Pagefind
 * holds a whole index in memory while it writes it: crewAI's English pages (about 20,000: 35 versions of the same
 * pages) took one process past 2.3 GB. So each version of a language gets an index of its own, `pagefind/v/<version>/`
 * (the reader on a v1 page searches v1; Mintlify's search takes a version filter too), and an index that would grow
 * past `BUNDLE_BYTES` of page text goes on in another bundle (`…/2/`, `…/3/`) that the search merges with the first
 * (Pagefind's `mergeIndex`). Pages without a version, the whole of a site without versions, stay in `pagefind/`
 * itself, as before.
 *
 * The bundles are listed in `pagefind/pagefind-entry.json` under `lectern.bundles` (language, then version, then the
 * bundle folders in order); a site with one bundle per language has no such list. No Node imports: the page's script
 * (client/site.ts) reads the list with `searchBundles`.
 */

/** `lectern.bundles` of the entry file: language (`lang` as Pagefind groups it) -> version ('' none) -> folders under `pagefind/`. */
export type BundleList = Record<string, Record<string, string[]>>;

/**
 * The page text (as Pagefind reads it, in characters) one bundle takes before the next pages of its language and
 * version start another: Pagefind peaked at 1.8 GB writing 188 MB of crewAI's English text (about 9.7 bytes of memory
 * a character), so a bundle of 100 MB stays near 1 GB.
 */
export const BUNDLE_BYTES = 100_000_000;

/** A version's name as a folder: itself when it is made of letters, digits, `.`, `_` and `-` (`v1.2.0`), else `x` and its code points in hex. */
export function versionFolder(version: string): string {
  if (/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(version)) return version;
  return `x${[...version].map((c) => c.codePointAt(0)!.toString(16).padStart(4, '0')).join('')}`;
}

/** The folder under `pagefind/` of the `seq`-th bundle (from 0) of a version ('' none): '', `2`, `v/v1`, `v/v1/2`. */
export function bundleFolder(version: string, seq: number): string {
  const base = version ? `v/${versionFolder(version)}` : '';
  if (seq === 0) return base;
  return base ? `${base}/${seq + 1}` : String(seq + 1);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Text of HTML without tags, its character references decoded, spaces collapsed and trimmed (as `textContent.trim()` reads it). */
function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, ref: string) => {
      if (ref[0] !== '#') return ENTITIES[ref.toLowerCase()] ?? m;
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The version a page shows as its own: the name on the button of its version switcher (the first
 * `data-menu="version"` menu, NavMenu.astro), '' when the page has none. The page's script reads the same element.
 */
export function pageVersion(html: string): string {
  const menu = html.indexOf('data-menu="version"');
  if (menu < 0) return '';
  const name = /<span class="nav-menu-name"[^>]*>([\s\S]*?)<\/span>/.exec(html.slice(menu, menu + 4000));
  return name ? htmlText(name[1]!) : '';
}

/**
 * The folders whose bundles a page's search loads, the first one its own (`pagefind.js` from there; the others merged
 * in): its language's bundles of its version, then those of pages without a version. A version the list does not
 * have (a page outside the versions) searches the pages without a version, or else the language's first version.
 */
export function searchBundles(list: BundleList | undefined, lang: string, version: string): string[] {
  const own = list?.[lang.toLowerCase()];
  if (!list || !own) return [''];
  const versioned = version && own[version] ? own[version] : [];
  const unversioned = own[''] ?? [];
  const found = [...versioned, ...unversioned];
  if (found.length) return found;
  return Object.values(own)[0] ?? [''];
}
