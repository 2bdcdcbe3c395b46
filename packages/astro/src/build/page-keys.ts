/**
 * What a rendered page depends on, as one hash per page: the page cache (see prerender.ts) reuses a page's HTML from
 * an earlier build when its key is the same.
 *
 * A key combines
 * - the site key: Lectern's code and the versions it renders with, the Astro options that reach the HTML (base,
 *   site), the built client assets (their hashed names are in every page), the repo's .css/.js files, docs.json, the navigation as the
 *   sidebars, breadcrumbs, previous/next links and switchers show it, the snippets and other files pages import,
 *   and the repo's lockfile. A change there renders every page again;
 * - the page's own inputs: the page as planned (frontmatter, body, title…), its compiled MDX, its last-commit date,
 *   and for an API page the operation, channel or schema it documents (resolved, with what it references).
 *
 * So a changed MDX page, or a changed operation that keeps its title, renders that one page again.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@lectern/core';
import type { Site } from '../model/store.ts';
import { findChannel, findOperation, findSchema } from '../endpoint/api-data.ts';
import { sha256 } from '../shared/build-cache.ts';
import { codeThemeKey, currentCodeTheme } from '../shared/highlight/code-theme.ts';
import { IMPORT_STATEMENT } from '../shared/modules/import-paths.ts';

/**
 * A digest of a JSON-like value that may share subtrees and contain cycles (the spec model does both): cycles are
 * written as back-references, and shared subtrees are encoded once (memoised by identity) and referred to by their
 * digest when large, so hashing a whole spec costs about one pass over it. Key order counts (it is display order).
 */
export function stableDigest(value: unknown, memo: WeakMap<object, string> = new WeakMap()): string {
  const onStack = new Map<object, number>();
  const enc = (v: unknown, depth: number): [string, number] => {
    if (v === null || typeof v === 'number' || typeof v === 'boolean') return [String(v), Infinity];
    if (typeof v === 'string') return [JSON.stringify(v), Infinity];
    if (typeof v === 'bigint') return [`${v}n`, Infinity];
    if (typeof v !== 'object') return ['u', Infinity];
    const known = memo.get(v);
    if (known !== undefined) return [known, Infinity];
    const at = onStack.get(v);
    if (at !== undefined) return [`^${depth - at}`, at];
    onStack.set(v, depth);
    let min = Infinity;
    let s: string;
    if (Array.isArray(v)) {
      const parts: string[] = [];
      for (const item of v) {
        const [e, m] = enc(item, depth + 1);
        parts.push(e);
        if (m < min) min = m;
      }
      s = `[${parts.join(',')}]`;
    } else if (v instanceof Map || v instanceof Set) {
      const [e, m] = enc([...v], depth + 1);
      s = `${v instanceof Map ? 'M' : 'S'}${e}`;
      min = m;
    } else {
      const parts: string[] = [];
      for (const [k, item] of Object.entries(v)) {
        if (item === undefined || typeof item === 'function') continue;
        const [e, m] = enc(item, depth + 1);
        parts.push(`${JSON.stringify(k)}:${e}`);
        if (m < min) min = m;
      }
      s = `{${parts.join(',')}}`;
    }
    onStack.delete(v);
    if (s.length > 200) s = `#${sha256(s).slice(0, 40)}`;
    // Memoisable only when the encoding does not refer to anything above this object.
    if (min >= depth) memo.set(v, s);
    return [s, min];
  };
  return sha256(enc(value, 0)[0]);
}

/** Files a module imports from the repo (relative or root-absolute specifiers that exist), as absolute paths. */
function repoImports(code: string, from: string, root: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(IMPORT_STATEMENT)) {
    const spec = (m[1] ?? m[2])!;
    if (!spec.startsWith('.') && !spec.startsWith('/')) continue;
    const abs = spec.startsWith('/') && !spec.startsWith(root) ? path.join(root, spec) : path.resolve(path.dirname(from), spec);
    if (abs.startsWith(root + path.sep) && existsSync(abs)) out.push(abs);
  }
  return out;
}

function lockfileDigest(root: string): string {
  for (const name of ['package-lock.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock', 'bun.lockb']) {
    const file = path.join(root, name);
    if (existsSync(file)) return sha256(name, readFileSync(file));
  }
  return '';
}

/**
 * The navigation as pages show it: everything Layout, Sidebar, PageNav and the switchers read. The sidebars,
 * breadcrumbs, previous/next links and switchers are made by `buildNavIndex` (model/nav.ts, Lectern's code, which the
 * fingerprint covers) from the plan's navigation and its pages' fields, and `seo.trailingSlash` (docs.json is in the
 * site key): those inputs stand for them. Digesting what it made, page by page, took 22 s of every warm build of
 * crewAI's 24,667 pages (half of it working out each page's switchers again).
 */
function navigationDigest(site: Site): string {
  const nav = site.nav;
  // Other pages' fields but their own text (body, description, frontmatter): titles, labels, methods, visibility.
  const pages = site.plan.pages.map(({ body: _b, description: _d, frontmatter, bodyLine: _l, ...rest }) => ({
    ...rest,
    icon: frontmatter.icon,
    hideApiMarker: frontmatter.hideApiMarker,
  }));
  return stableDigest({
    pages,
    // A directory listing shows its pages' descriptions (a page's own text otherwise).
    directories: [...nav.directories],
    navigation: site.plan.navigation,
    global: site.plan.global,
  });
}

export interface SiteKeyInput {
  /** lecternFingerprint() */
  fingerprint: string;
  /** Astro's `site` and `base` as the build sees them. */
  astroSite?: string;
  base: string;
  /** Names of the built client assets (`_astro/…`), sorted. */
  assets: readonly string[];
}

/**
 * Files the pages import that are not pages themselves (snippets, JSX components, CSS, data), by absolute path. A part
 * of a build in parts has the list its parent found for the whole site (its plan holds its own pages' text only).
 */
export function importedNonPages(site: Site): string[] {
  if (site.importedFiles) return site.importedFiles;
  const pageFiles = new Set<string>();
  for (const p of site.plan.pages) if (p.file) pageFiles.add(path.resolve(site.root, p.file));
  for (const f of site.content.values()) pageFiles.add(path.resolve(f));
  const seen = new Set<string>();
  const queue: string[] = [];
  for (const [abs, code] of site.prepared) queue.push(...repoImports(code, abs, site.root));
  while (queue.length) {
    const abs = path.resolve(queue.shift()!);
    if (seen.has(abs)) continue;
    seen.add(abs);
    const prepared = site.prepared.get(abs);
    const code = prepared ?? (/\.(m?[jt]sx?)$/.test(abs) ? readFileSync(abs, 'utf8') : undefined);
    if (code !== undefined) queue.push(...repoImports(code, abs, site.root));
  }
  return [...seen].filter((f) => !pageFiles.has(f)).sort();
}

export function siteKey(site: Site, input: SiteKeyInput): string {
  const imported = importedNonPages(site).map((f) => [path.relative(site.root, f), site.prepared.get(f) ?? sha256(readFileSync(f))]);
  return sha256(
    input.fingerprint,
    JSON.stringify({ astroSite: input.astroSite ?? null, base: input.base, assets: input.assets }),
    // Every page's head links the repo's .css/.js files and, when the pages use any, the Tailwind stylesheet.
    JSON.stringify({ custom: site.custom, tailwind: site.tailwind !== '' }),
    // The code theme holds the custom grammars' content (docs.json names only their files).
    JSON.stringify(site.config) + codeThemeKey(currentCodeTheme()),
    navigationDigest(site),
    JSON.stringify(imported),
    lockfileDigest(site.root),
  );
}

const entityMemo = new WeakMap<object, string>();

/** The spec part an API page documents, or '' for a page of its own. */
function entityDigest(site: Site, page: Page): string {
  if (page.kind === 'operation') {
    const op = findOperation(site, page);
    return op ? stableDigest(op, entityMemo) : 'missing';
  }
  if (page.kind === 'channel') {
    const found = findChannel(site, page);
    return found ? stableDigest({ channel: found.channel, servers: found.doc.servers }, entityMemo) : 'missing';
  }
  if (page.kind === 'schema') {
    const schema = findSchema(site, page);
    return schema ? stableDigest(schema, entityMemo) : 'missing';
  }
  return '';
}

/** The key of one page under `siteKey`. */
export function pageKey(site: Site, page: Page, siteKeyValue: string): string {
  const own = page.file ? site.prepared.get(path.resolve(site.root, page.file)) : undefined;
  const contentFile = site.content.get(page.slug);
  const content = contentFile ? (site.prepared.get(contentFile) ?? site.prepared.get(path.resolve(contentFile))) : undefined;
  return sha256(
    siteKeyValue,
    page.slug,
    stableDigest(page),
    site.updated.get(page.slug) ?? '',
    own ?? (page.file && existsSync(path.join(site.root, page.file)) ? sha256(readFileSync(path.join(site.root, page.file))) : ''),
    content ?? '',
    entityDigest(site, page),
    // A page MDX errors keep from compiling renders its errors.
    JSON.stringify(site.blocked.get(page.slug) ?? null),
  );
}

/** The site key for `input` and, under it, the key of each of `pages`. */
export function pageKeys(site: Site, pages: readonly Page[], input: SiteKeyInput): { siteKey: string; keys: Array<[string, string]> } {
  const key = siteKey(site, input);
  return { siteKey: key, keys: pages.map((p): [string, string] => [p.slug, pageKey(site, p, key)]) };
}
