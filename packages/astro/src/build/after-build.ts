/**
 * What a build emits beyond HTML: `_lectern/manifest.json`, the Pagefind index, `llms.txt`, `llms-full.txt` (and their
 * `/.well-known/` copies), `skill.md` (skill.ts), `sitemap.xml`, `robots.txt`, `.md` copies, changelog feeds.
 */
import { copyFile, link, mkdir, readdir, readFile, realpath, stat, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { loadIgnore, NOT_COPIED_FILES, publishedSpecText, STATIC_ASSET, type Page, type SiteManifest } from '@lectern/core';
import type { Site } from '../model/store.ts';
import { pageHref } from '../model/nav.ts';
import { isLarge, scopeJson } from './nav-json.ts';
import { codeCss } from '../shared/highlight/highlight.ts';
import { copyMermaidAssets, usesMermaid } from '../shared/site/mermaid-assets.ts';
import { writeIslandIcons } from '../shared/site/icon-files.ts';
import { slug as headingSlug } from '../shared/render/split.ts';
import { markdownForAgents, updateEntries, type UpdateEntry } from '../mdx/analyze.ts';
import { updateEntriesCache } from './update-cache.ts';
import { renderMarkdown } from '../shared/render/markdown.ts';
import { htmlUnderBase, markdownUnderBase } from '../shared/site/base-path.ts';
import { addPages, startSearchIndex, type SearchIndexer } from './search-index.ts';
import { renderOrder } from './render-order.ts';
import { cacheEnabled, cacheRoot, lecternFingerprint, sha256 } from '../shared/build-cache.ts';
import { leftOutPages, removePages } from './left-out.ts';
import { refusedFile, repoFileRules } from '../shared/modules/publishable.ts';
import { restrictedOnlyFiles } from './restricted-files.ts';
import { isListedForIndexing } from '../model/indexing.ts';
import { pageUrl, writeSitemap } from './sitemap.ts';
import { writeSkillFiles } from './skill.ts';
import { writeMcpDiscovery } from './mcp-discovery.ts';
import { writeSocialImages } from './og-images.ts';

/** The runtime manifest (core's `siteManifest`): proxy allowlist, redirects, restricted pages. */
export function buildManifest(site: Site): SiteManifest {
  const manifest = site.lib.siteManifest(site.plan, site.config as never);
  return site.base === '/' ? manifest : { ...manifest, base: site.base };
}

/** The HTML of Lectern's pages (and the 404 page) with every root-relative URL under the site's base. */
async function moveUnderBase(site: Site, dist: string): Promise<void> {
  // Lectern's pages, the 404 page, and the pages Astro writes for redirects (their links are root-relative too).
  const sources = (site.config.redirects ?? []).map((r) => r.source.replace(/^\/+|\/+$/g, '')).filter((s) => s && !/[:*#]/.test(s));
  const slugs = [...site.plan.pages.map((p) => p.slug), ...sources];
  const files = ['404.html', 'index.html', ...slugs.flatMap((slug) => (slug === 'index' ? [] : [`${slug}/index.html`, `${slug}.html`]))];
  await Promise.all(
    files.map(async (rel) => {
      const file = path.join(dist, rel);
      const html = await readFile(file, 'utf8').catch(() => undefined);
      if (html !== undefined) await writeFile(file, htmlUnderBase(html, site.base));
    }),
  );
}

/** `https://docs.example.com/pr-42`: the site's address (when known) and its base path, without a trailing slash. */
export function siteRoot(site: Pick<Site, 'config' | 'base' | 'url'>): string {
  return (site.url ?? site.config.lectern?.site ?? '').replace(/\/$/, '') + site.base.replace(/\/$/, '');
}

/**
 * docs.json `markdown.instructions` as Mintlify renders them: an `Agent Instructions` block quote (an array joined with
 * line breaks), followed by a blank line; `''` when there are none.
 */
export function agentInstructions(site: Pick<Site, 'config'>): string {
  const given = site.config.markdown?.instructions;
  const text = (Array.isArray(given) ? given.join('\n') : (given ?? '')).trim();
  if (!text) return '';
  return ['> ## Agent Instructions', ...text.split('\n').map((l) => (l ? `> ${l}` : '>'))].join('\n') + '\n\n';
}

/**
 * `pages`: those the build wrote (not those it left out, left-out.ts); of them, those for every reader and indexed
 * (model/indexing.ts: not restricted, hidden or `noindex`).
 */
function llmsTxt(site: Site, pages: readonly Page[]): string {
  const lines = [`# ${site.config.name}`, ''];
  if (site.config.description) lines.push(`> ${site.config.description}`, '');
  if (agentInstructions(site)) lines.push(agentInstructions(site).trimEnd(), '');
  const base = siteRoot(site);
  for (const p of pages) {
    if (!isListedForIndexing(site, p)) continue;
    lines.push(`- [${p.title}](${base}${p.slug === 'index' ? '/index' : pageHref(p.slug)}.md)${p.description ? `: ${p.description}` : ''}`);
  }
  return lines.join('\n') + '\n';
}

/**
 * Every page of `llms.txt` in full: the site's name and description, then each page's Markdown copy (`pageMarkdown`)
 * with a `Source:` line (its URL, absolute when the site's address is known) under its title. Written a page at a
 * time: on a site of 25,000 pages the whole text is hundreds of megabytes.
 */
function* llmsFullTxt(site: Site, pages: readonly Page[]): Generator<string> {
  const head = [`# ${site.config.name}`, ''];
  if (site.config.description) head.push(`> ${site.config.description}`, '');
  if (agentInstructions(site)) head.push(agentInstructions(site).trimEnd(), '');
  yield head.join('\n');
  const root = siteRoot(site);
  for (const p of pages) {
    if (!isListedForIndexing(site, p)) continue;
    const md = markdownUnderBase(pageMarkdown(p), site.base);
    const cut = md.indexOf('\n');
    yield `\n${md.slice(0, cut)}\nSource: ${pageUrl(site, root, p.slug)}\n${md.slice(cut + 1).trimEnd()}\n`;
  }
}

/**
 * `llms.txt`, `llms-full.txt` and their copies under `/.well-known/`: a file the repo has (copied into `dist` with its
 * static files) is kept as it is, and is what `/.well-known/` gets.
 */
async function writeLlmsFiles(site: Site, dist: string, pages: readonly Page[]): Promise<void> {
  const files: Array<[string, () => string | Iterable<string>]> = [
    ['llms.txt', () => llmsTxt(site, pages)],
    ['llms-full.txt', () => llmsFullTxt(site, pages)],
  ];
  for (const [name, text] of files) {
    const file = path.join(dist, name);
    if (!existsSync(file)) await writeFile(file, inChunks(text()));
    const known = path.join(dist, '.well-known', name);
    if (existsSync(known)) continue;
    await mkdir(path.dirname(known), { recursive: true });
    await copyFile(file, known);
  }
}

/** Pieces of text joined into chunks of about a megabyte: one write each rather than one per page. */
function* inChunks(text: string | Iterable<string>, size = 1 << 20): Generator<string> {
  if (typeof text === 'string') {
    yield text;
    return;
  }
  let chunk = '';
  for (const piece of text) {
    chunk += piece;
    if (chunk.length < size) continue;
    yield chunk;
    chunk = '';
  }
  if (chunk) yield chunk;
}

const SKIP_DIRS = new Set(['node_modules', 'dist', '.lectern', '.git', '.astro', 'src', '.cursor', '.github', '.vscode']);
const DATA_FILE = /\.(json|ya?ml)$/i;
const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/** `file` is `dir` or inside it. */
const inside = (file: string, dir: string) => file === dir || file.startsWith(dir + path.sep);

export interface CopyOptions {
  /** Spec files of the site (repo-relative): published without `x-excluded`/`x-hidden` and restricted operations. */
  specs?: Iterable<string>;
  /** The site's pages: which operations they show to every reader and which to some readers only. */
  pages?: readonly Page[];
  /** Texts that may reference data files (page bodies, docs.json): a JSON/YAML file is published only if one names it. */
  references?: readonly string[];
  /** Files (repo paths) only restricted pages name (restricted-files.ts): not published. */
  withheld?: ReadonlySet<string>;
  onSkipped?: (file: string, why: string) => void;
}

/**
 * Copy the repo's static files (images, videos, fonts, spec files…) into dist/ at the same paths. Never dotfiles or
 * dot-folders (but `/.well-known/`), and JSON/YAML only when it is a spec of the site (stripped of unpublished
 * operations) or a page or docs.json names it. A symlink is judged by where it leads (publishable.ts): never into
 * `.git/`, a dotfile or dot-folder, a restricted page's source or out of the repo, and only to a file this copy would
 * publish at its own path (a spec only there, stripped).
 */
export async function copyAssets(root: string, dist: string, options: CopyOptions = {}): Promise<number> {
  let count = 0;
  const ignored = loadIgnore(root);
  const realRoot = await realpath(root);
  const specs = new Set([...(options.specs ?? [])].map((s) => s.replace(/^\/+/, '')));
  const references = options.references ?? [];
  const rules = repoFileRules(options.pages ?? []);
  const withheld = options.withheld ?? new Set<string>();
  // A versioned repo has the same data file (`openapi.yaml`) in every version folder: its name is looked up once.
  const named = new Map<string, boolean>();
  const isNamed = (name: string) =>
    named.get(name) ??
    named
      .set(
        name,
        references.some((t) => t.includes(name)),
      )
      .get(name)!;
  /** A file this copy publishes as it is (a spec is published stripped, see below). */
  const copied = (rel: string) => {
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    if (withheld.has(rel) && !specs.has(rel)) return false;
    return STATIC_ASSET.test(name) && !NOT_COPIED_FILES.has(name) && (specs.has(rel) || !DATA_FILE.test(name) || isNamed(name));
  };
  /**
   * Why the link `abs` (`rel`) to `real` is not followed: where it leads is never read, or not published at its own
   * path (a spec of the site that is a link is published as the spec, stripped, as its target is read as the spec).
   */
  const linkProblem = (abs: string, rel: string, real: string, isDir: boolean): string | undefined => {
    const refused = refusedFile(root, abs, rules)?.refused;
    if (refused) return `${refused.target} (${refused.why})`;
    if (specs.has(rel)) return undefined;
    const target = path.relative(realRoot, real).split(path.sep).join('/');
    if (ignored(target, isDir) || target.split('/').some((s) => SKIP_DIRS.has(s))) return `${target} (not published)`;
    if (isDir) return inside(realpathSync(path.dirname(abs)), real) ? `${target} (a folder that holds the link)` : undefined;
    if (specs.has(target)) return `${target} (a spec: published at its own path only)`;
    return copied(target) ? undefined : `${target} (not published)`;
  };
  const walk = async (dir: string): Promise<void> => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const abs = path.join(dir, e.name);
      const rel = path.relative(root, abs).split(path.sep).join('/');
      if (e.name.startsWith('.') && rel !== '.well-known') continue;
      let isDir = e.isDirectory();
      const real = e.isSymbolicLink() ? await realpath(abs).catch(() => undefined) : abs;
      if (!real) continue;
      if (real !== abs) isDir = (await stat(real)).isDirectory();
      if (ignored(rel, isDir)) continue;
      if (real !== abs && (isDir || copied(rel))) {
        const why = linkProblem(abs, rel, real, isDir);
        if (why) {
          options.onSkipped?.(rel, `a symlink to ${why}`);
          continue;
        }
      }
      if (isDir) {
        if (SKIP_DIRS.has(e.name) || path.resolve(abs) === path.resolve(dist)) continue;
        await walk(abs);
        continue;
      }
      if (!copied(rel)) {
        if (withheld.has(rel)) options.onSkipped?.(rel, 'only pages for some readers link to it');
        continue;
      }
      const target = path.join(dist, rel);
      if (specs.has(rel)) {
        const published = publishedSpecText(await readFile(abs, 'utf8'), rel, { pages: options.pages });
        if (published === null) {
          options.onSkipped?.(rel, 'every operation in it is for some readers only');
          continue;
        }
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, published);
        count++;
        continue;
      }
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(abs, target);
      count++;
    }
  };
  await walk(root);
  return count;
}

/**
 * A Markdown copy of a page (for `Copy page`, agents, llms.txt links). `<Visibility for="humans">` content is left
 * out and `<Visibility for="agents">` content kept, as in Mintlify's Markdown export.
 */
export function pageMarkdown(page: Page): string {
  const head = [`# ${page.title}`, ''];
  if (page.description) head.push(`> ${page.description}`, '');
  if (page.kind === 'operation') head.push(`\`${page.method === 'webhook' ? 'WEBHOOK' : page.method.toUpperCase()} ${page.path}\``, '');
  if (page.kind === 'endpoint') head.push(`\`${page.endpoint.method.toUpperCase()} ${page.endpoint.path}\``, '');
  const body = markdownForAgents(page.body)
    .replace(/^\s*import\s.+$/gm, '')
    .trim();
  // A blank line after the description: otherwise the body's first paragraph continues the quote.
  return head.join('\n') + (body ? '\n' + body + '\n' : '');
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

/** A label that reads as a date (`2025-03-01`, `March 2025`, `March 3, 2025`), in UTC; NaN otherwise. */
function labelDate(label: string): number {
  const isoDay = /^\d{4}-\d{2}-\d{2}$/.test(label);
  const named = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s/i.test(label) && /\b\d{4}\b/.test(label);
  return isoDay ? Date.parse(label) : named ? Date.parse(`${label} UTC`) : NaN;
}

/**
 * The RSS feed of a page with `<Update>` entries (Mintlify's subscribable changelog at the page URL + `/rss.xml`),
 * or undefined. One item per Update, newest first as written: title from `rss.title` or the label, link to the
 * label's anchor, description from `rss.description` or the entry's Markdown without components, code and HTML.
 * Links are absolute when docs.json sets `lectern.site`.
 */
export function changelogFeed(
  site: Pick<Site, 'config' | 'base' | 'url'>,
  page: Page,
  entriesOf: (body: string) => UpdateEntry[] = updateEntries,
): string | undefined {
  const entries = page.body ? entriesOf(page.body) : [];
  if (!entries.length) return undefined;
  const base = siteRoot(site);
  const url = `${base}${pageHref(page.slug, site.config.seo?.trailingSlash)}`;
  const feed = `${url.replace(/\/$/, '')}/rss.xml`;
  const items = entries.map((e) => {
    const link = `${url}#${headingSlug(e.label)}`;
    const description = e.rss?.description ?? (e.markdown ? renderMarkdown(e.markdown).trim() : e.description);
    const date = labelDate(e.label);
    return [
      '    <item>',
      `      <title>${cdata(e.rss?.title ?? e.label)}</title>`,
      `      <link>${xml(link)}</link>`,
      `      <guid isPermaLink="${base ? 'true' : 'false'}">${xml(link)}</guid>`,
      ...(description ? [`      <description>${cdata(description)}</description>`] : []),
      ...e.tags.map((t) => `      <category>${cdata(t)}</category>`),
      ...(Number.isNaN(date) ? [] : [`      <pubDate>${new Date(date).toUTCString()}</pubDate>`]),
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${cdata(page.title)}</title>`,
    `    <description>${cdata(page.description ?? `Updates from ${site.config.name}`)}</description>`,
    `    <link>${xml(url || '/')}</link>`,
    ...(base ? [`    <atom:link href="${xml(feed)}" rel="self" type="application/rss+xml"/>`] : []),
    '    <generator>Lectern</generator>',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

const code = (err: unknown) => (err as NodeJS.ErrnoException).code;

/**
 * The Markdown copies' writer: `copy(file, text)` writes `text` at `file` unless something is there already (a docs.json
 * redirect from `/page.md`, an old URL, is a folder there: the redirect keeps the path). A text written before is
 * not written again: the file is a hard link to the first one (a versioned repo's copies of a page in every version
 * have the same Markdown: crewAI's 24,667 pages have about 1,700 texts), or written when the file system refuses.
 * `folder(file)` makes the file's folder.
 */
function sharedCopies(folder: (file: string) => Promise<unknown>): (file: string, text: string) => Promise<void> {
  /** By the text's hash: the last copy's file once it is there (undefined: none written yet). */
  const written = new Map<string, Promise<string | undefined>>();
  return async (file, text) => {
    const key = sha256(text);
    const earlier = written.get(key);
    const done = (async () => {
      await folder(file);
      const from = await earlier;
      try {
        if (from) return await link(from, file).then(() => file);
      } catch (err) {
        if (code(err) === 'EEXIST') return from;
      }
      try {
        await writeFile(file, text, { flag: 'wx' });
        return file;
      } catch (err) {
        if (code(err) === 'EEXIST' || code(err) === 'EISDIR') return from;
        throw err;
      }
    })();
    written.set(key, done);
    await done;
  };
}

/**
 * `search`: the index the build streamed its pages to, if it did (see build-session.ts). Pages the build left out
 * (left-out.ts) get no HTML, Markdown copy, feed, `llms.txt` line or search entry.
 */
export async function afterBuild(
  site: Site,
  dist: string,
  logger: { info(m: string): void; warn(m: string): void },
  search?: SearchIndexer,
): Promise<void> {
  const leftOut = leftOutPages(site);
  await removePages(dist, leftOut);
  const written = site.plan.pages.filter((p) => !leftOut.has(p.slug));
  await mkdir(path.join(dist, '_lectern'), { recursive: true });
  for (const scope of site.nav.scopes) {
    if (!isLarge(scope)) continue;
    await mkdir(path.join(dist, '_lectern', 'nav'), { recursive: true });
    await writeFile(path.join(dist, '_lectern', 'nav', `${scope.id}.json`), scopeJson(scope));
  }
  await writeFile(path.join(dist, '_lectern', 'code.css'), await codeCss());
  if (site.tailwind) await writeFile(path.join(dist, '_lectern', 'tailwind.css'), site.tailwind);
  // The repo's own .css/.js files, every page includes them (custom-assets.ts).
  for (const f of [...site.custom.css, ...site.custom.js]) {
    await mkdir(path.dirname(path.join(dist, f)), { recursive: true });
    await copyFile(path.join(site.root, f), path.join(dist, f));
  }
  const specs = Object.keys(site.plan.specs).filter((s) => !/^https?:/i.test(s));
  const references = [
    JSON.stringify(site.config),
    ...site.plan.pages.map((p) => p.body ?? ''),
    ...specs.map((s) => readText(path.join(site.root, s))),
  ];
  const copied = await copyAssets(site.root, dist, {
    specs,
    pages: site.plan.pages,
    references,
    withheld: restrictedOnlyFiles(site.root, site.plan.pages),
    onSkipped: (file, why) => logger.warn(`not published: ${file} (${why})`),
  });
  if (copied) logger.info(`copied ${copied} static files`);
  if (usesMermaid(site.prepared.values())) await copyMermaidAssets(dist);
  await writeIslandIcons(dist);
  // Many small files: written a few dozen at a time, each folder made once.
  const folders = new Map<string, Promise<unknown>>();
  const folder = (file: string) => {
    const dir = path.dirname(file);
    let made = folders.get(dir);
    if (!made) folders.set(dir, (made = mkdir(dir, { recursive: true })));
    return made;
  };
  const write = async (file: string, text: string) => {
    await folder(file);
    await writeFile(file, text);
  };
  const copy = sharedCopies(folder);
  const updates = updateEntriesCache(site.root);
  const copies = written.map((page) => async () => {
    await copy(path.join(dist, page.slug + '.md'), agentInstructions(site) + markdownUnderBase(pageMarkdown(page), site.base));
    const feed = changelogFeed(site, page, updates.of);
    if (feed) await write(path.join(dist, pageHref(page.slug), 'rss.xml'), feed);
  });
  for (let i = 0; i < copies.length; i += 32) await Promise.all(copies.slice(i, i + 32).map((f) => f()));
  updates.save();
  await writeFile(path.join(dist, '_lectern', 'manifest.json'), JSON.stringify(buildManifest(site), null, 2));
  if (site.base !== '/') await moveUnderBase(site, dist);
  await writeLlmsFiles(site, dist, written);
  await writeSkillFiles(site, dist, written, siteRoot(site));
  await writeMcpDiscovery(site, dist, siteRoot(site));
  await writeSitemap(site, dist, siteRoot(site), written);
  // Social images (og-images.ts) are drawn while the search index is finished; they never fail the build.
  const socialImages = writeSocialImages(site, dist, written, logger);
  const t0 = performance.now();
  // The build streamed its pages to Pagefind as they rendered (see build-session.ts); otherwise (another prerenderer
  // in charge, Pagefind failed to start early) the HTML files are read back, in a fixed order.
  let indexer = search;
  if (!indexer) {
    indexer = await startSearchIndex({
      cacheDir: cacheEnabled() ? path.join(cacheRoot(site.root), 'search') : undefined,
      fingerprint: lecternFingerprint(),
      deferred: true,
    });
    await addPages(
      indexer,
      dist,
      renderOrder(written).map((p) => p.slug),
    );
  }
  const { pages, errors, cached } = await indexer.finish(path.join(dist, 'pagefind'));
  if (errors.length) logger.warn(`search index: ${errors.join('; ')}`);
  logger.info(
    `search index: ${pages} pages ${cached ? 'unchanged, from the cache' : `in ${Math.round(performance.now() - t0)} ms (after the last page)`}`,
  );
  await socialImages;
}
