/**
 * The repo's files that only pages for some readers link to or show (issue 38): an image, a PDF or a download named
 * by a restricted page and by nothing public is not copied to dist/, where any reader could fetch it. A file is public
 * as soon as anything public names it: a public page, or any other text file of the repo that is not a restricted
 * page's source (docs.json, a spec, a snippet or component, a style sheet) — by a link, an image, a `src`/`href`, an
 * `import` or a `url()` that leads to it, or by its path from the repo root written out (`images/logo.png`). A snippet
 * only restricted pages import counts as theirs, and a spec counts by what it publishes: a file only a restricted
 * operation's description names is not public.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isRestricted, publishedSpecText, STATIC_ASSET, type Page } from '@lectern/core';

/** Where a page or text file names another file: Markdown links and images, attributes, imports, CSS `url()`. */
const REFERENCE =
  /\]\(\s*<?([^)\s>]+)|\b(?:src|href|poster|data|srcset|url|file|image|img|icon|logo)\s*[=:]\s*\{?\s*["'`]([^"'`]+)["'`]|\bfrom\s+["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']|\burl\(\s*["']?([^)"']+)["']?\s*\)|^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gim;

/** Text files read for what they name (other files are not read). */
const TEXT = /\.(mdx?|[cm]?[jt]sx?|json|ya?ml|css|html?|svg)$/i;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.lectern', '.git', '.astro']);
/** Larger text files are not read for references (a data dump names no image). */
const MAX_TEXT_BYTES = 4 * 1024 * 1024;

/** The repo paths (`/`-separated) a text names, resolved from `from` (a repo path, or '' for the root). */
export function namedFiles(text: string, from: string): Set<string> {
  const out = new Set<string>();
  const dir = path.posix.dirname(from || '.');
  for (const m of text.matchAll(REFERENCE)) {
    const raw = m.slice(1).find((g) => g !== undefined);
    if (!raw) continue;
    // A `srcset` lists several URLs: each is a reference.
    for (const part of raw.split(/,\s+/)) {
      const rel = repoPath(part.trim().split(/\s+/)[0]!, dir);
      if (rel) out.add(rel);
    }
  }
  return out;
}

/** A reference as a repo path: from the root when it starts with `/`, else from `dir`; undefined for a URL or outside. */
function repoPath(reference: string, dir: string): string | undefined {
  const bare = reference.split(/[?#]/)[0]!;
  if (!bare || /^[a-z][a-z0-9+.-]*:/i.test(bare) || bare.startsWith('//')) return undefined;
  let decoded = bare;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    // As written.
  }
  const joined = decoded.startsWith('/') ? path.posix.normalize(decoded.slice(1)) : path.posix.join(dir, decoded);
  return joined === '.' || joined.startsWith('../') || joined === '..' ? undefined : joined;
}

/** Text files of the repo (repo path -> text), but the sources of restricted pages. */
function publicTextFiles(root: string, restrictedSources: ReadonlySet<string>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(path.join(root, dir));
    } catch {
      return;
    }
    for (const name of names) {
      if (name.startsWith('.') && name !== '.well-known') continue;
      const rel = dir ? `${dir}/${name}` : name;
      let st;
      try {
        st = statSync(path.join(root, rel));
      } catch {
        continue;
      }
      if (st.isDirectory()) {
        if (!SKIP_DIRS.has(name)) walk(rel);
      } else if (TEXT.test(name) && st.size <= MAX_TEXT_BYTES && !restrictedSources.has(rel)) {
        out.push([rel, readFileSync(path.join(root, rel), 'utf8')]);
      }
    }
  };
  walk('');
  return out;
}

/** A spec file (OpenAPI, Swagger, AsyncAPI) by its first bytes. */
const SPEC = /^\s*(?:\{[\s\S]{0,2000}?)?["']?(?:openapi|swagger|asyncapi)["']?\s*:/m;

/**
 * The text a file shows the public: a spec as published (restricted operations and what only they use removed, issue
 * 38), null when nothing of it is published; any other file as it is.
 */
function publicText(rel: string, text: string, pages: readonly Page[]): string | null {
  if (!/\.(json|ya?ml)$/i.test(rel) || !SPEC.test(text.slice(0, 4096))) return text;
  return publishedSpecText(text, rel, { pages });
}

/**
 * Snippets and components (text files that are no page) that only restricted pages, or other such files, import or
 * name: they are part of the restricted pages, and what they name counts as named by restricted pages only.
 */
function restrictedOnlyTexts(texts: ReadonlyMap<string, string>, restricted: readonly Page[], publicPages: readonly Page[]): Set<string> {
  const named = new Map<string, Set<string>>();
  for (const [rel, text] of texts) named.set(rel, namedFiles(text, rel));
  const publicNamed = new Set(publicPages.flatMap((p) => [...namedFiles(p.body, p.file ?? '')]));
  const pageSources = new Set([...restricted, ...publicPages].flatMap((p) => (p.file ? [p.file] : [])));
  let inside = new Set(restricted.flatMap((p) => [...namedFiles(p.body, p.file ?? '')]).filter((r) => texts.has(r) && !pageSources.has(r)));
  // Drop, until nothing changes, any file something outside the set (a public page or another text file) names.
  for (;;) {
    const next = new Set(
      [...inside].filter((rel) => {
        if (publicNamed.has(rel)) return false;
        for (const [other, refs] of named)
          if (other !== rel && !inside.has(other) && (refs.has(rel) || texts.get(other)!.includes(rel))) return false;
        return true;
      }),
    );
    if (next.size === inside.size) return next;
    inside = next;
  }
}

/**
 * The files of the repo that restricted pages name and nothing public names (repo paths): not published. Empty when
 * the site has no restricted page. A snippet only restricted pages import is theirs (what it names is not public for
 * it), and a spec counts only by what it publishes (a restricted operation's description makes nothing public).
 */
export function restrictedOnlyFiles(root: string, pages: readonly Page[]): Set<string> {
  const restricted = pages.filter((p) => isRestricted(p));
  if (restricted.length === 0) return new Set();
  const publicPages = pages.filter((p) => !isRestricted(p));
  const restrictedSources = new Set(restricted.flatMap((p) => (p.file ? [p.file] : [])));
  const texts = new Map<string, string>();
  // What a spec names in the parts it does not publish (a restricted operation's description) is named by them only.
  const unpublishedNames: Array<Set<string>> = [];
  for (const [rel, text] of publicTextFiles(root, restrictedSources)) {
    const shown = publicText(rel, text, pages);
    if (shown !== text) unpublishedNames.push(namedFiles(text, rel));
    if (shown !== null) texts.set(rel, shown);
  }
  const restrictedTexts = restrictedOnlyTexts(texts, restricted, publicPages);
  const candidates = new Set<string>();
  // Only files the build would copy as they are (images, media, downloads, data files): pages and snippets are not.
  const restrictedNames = [
    ...restricted.map((p) => namedFiles(p.body, p.file ?? '')),
    ...[...restrictedTexts].map((rel) => namedFiles(texts.get(rel)!, rel)),
    ...unpublishedNames,
  ];
  for (const names of restrictedNames) for (const rel of names) if (STATIC_ASSET.test(path.posix.basename(rel))) candidates.add(rel);
  if (candidates.size === 0) return candidates;
  const named = new Set<string>();
  const mentions: string[] = [];
  // Public pages (an operation page's body is its spec content, not a file), then every other text file.
  for (const page of publicPages) for (const rel of namedFiles(page.body, page.file ?? '')) named.add(rel);
  for (const [rel, text] of texts) {
    if (restrictedTexts.has(rel)) continue;
    for (const r of namedFiles(text, rel)) named.add(r);
    mentions.push(text);
  }
  const all = mentions.join('\n');
  return new Set([...candidates].filter((rel) => !named.has(rel) && !all.includes(rel)));
}
