/**
 * The pages an MCP client may read: a path (`/guides/auth`, `guides/auth.md`, a full URL of the site, with or without
 * the site's base, an anchor or a query) to the page's Markdown copy in `dist/` (`guides/auth.md`, `index.md`).
 * Restricted pages (`manifest.restricted`) are answered exactly like pages that do not exist, unless the request's
 * credentials open their HTML (`/authed/mcp`, `PageAccess`).
 */
import { readFile } from 'node:fs/promises';
import { isAmbiguousPath, slugOfFile } from '../serve/server.ts';
import type { StaticServer } from '../serve/static.ts';

/** Longest path `get_page` accepts, in characters. */
export const MAX_PAGE_PATH = 1_000;

export interface PageReaderOptions {
  dist: string;
  files: Pick<StaticServer, 'find'>;
  /** `manifest.restricted`: slug -> groups. */
  restricted: Record<string, string[]>;
}

export type PageAnswer = { slug: string; markdown: string } | { error: string };

/** The page slug `input` names (`index` for the home page), or an error saying what is wrong with it. */
export function slugOfInput(input: string, base: string): { slug: string } | { error: string } {
  const text = input.trim();
  if (text === '') return { error: 'path is empty: give a page path such as "/quickstart"' };
  if (text.length > MAX_PAGE_PATH) return { error: `path is ${text.length} characters long; at most ${MAX_PAGE_PATH} are accepted` };
  let pathname = text;
  if (/^https?:\/\//i.test(text)) {
    try {
      pathname = new URL(text).pathname;
    } catch {
      return { error: `${JSON.stringify(text.slice(0, 200))} is not a valid URL` };
    }
  }
  pathname = pathname.replace(/[?#].*$/s, '');
  if (!pathname.startsWith('/')) pathname = `/${pathname}`;
  if (base !== '/' && (pathname === base.slice(0, -1) || pathname.startsWith(base))) pathname = `/${pathname.slice(base.length)}`;
  if (isAmbiguousPath(pathname) || /[\0\\]/.test(pathname)) {
    return { error: 'path must be plain segments: no "..", ".", backslashes or encoded "/"' };
  }
  let slug = pathname
    .replace(/\/+/g, '/')
    .replace(/^\/|\/$/g, '')
    .replace(/\.(md|mdx|html)$/i, '')
    .replace(/(^|\/)index$/, '');
  try {
    slug = decodeURIComponent(slug);
  } catch {
    return { error: 'path has a malformed percent-encoding' };
  }
  return { slug: slug === '' ? 'index' : slug };
}

/**
 * Whether the request an MCP call came with may open a restricted page: `lectern serve`'s authentication gate for the
 * page's HTML let it through (`/authed/mcp` only; `/mcp` has none, and restricted pages are never read there).
 */
export type PageAccess = (page: { slug: string; groups: string[] }) => Promise<boolean>;

/**
 * A page's Markdown by slug (`guides/auth`, `index`), or undefined when there is no page of that slug the caller may
 * read: a public page, or a restricted one `access` opens.
 */
export type PageLookup = (slug: string, access?: PageAccess) => Promise<{ slug: string; markdown: string } | undefined>;

/** The answer of `get_page` for `input`: the page of `lookup`, or an error that reads the same for every missing page. */
export function createPageReader(base: string, lookup: PageLookup): (input: string, access?: PageAccess) => Promise<PageAnswer> {
  return async (input, access) => {
    const named = slugOfInput(input, base);
    if ('error' in named) return named;
    const page = await lookup(named.slug, access);
    if (page) return page;
    return { error: `no public page at ${JSON.stringify(input.trim().slice(0, 200))}: use the search tool to find pages and their paths` };
  };
}

/**
 * Pages' Markdown copies in `dist/` (`a.md`, `index.md`); a restricted page is looked up like a missing one unless
 * `access` opens it.
 */
export function distPages(options: PageReaderOptions): PageLookup {
  return async (wanted, access) => {
    const found = await options.files.find(`/${encodeURI(wanted)}.md`);
    if (!found) return undefined;
    const slug = slugOfFile(options.dist, found.file);
    if (slug === undefined) return undefined;
    const groups = options.restricted[slug];
    if (groups && !(access && (await access({ slug, groups })))) return undefined;
    return { slug, markdown: await readFile(found.file, 'utf8') };
  };
}
