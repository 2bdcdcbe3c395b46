/**
 * One `astro build` of a Lectern site, from planning to `astro:build:done`: the page cache, the highlight pool and
 * the streamed search index, and the keys that decide what is reused.
 *
 * - `startBuildSession` (astro:config:setup): reads the cache, predicts which pages will render (their keys with the
 *   client assets of the last build), hands those pages' code samples to the highlight workers, starts Pagefind and
 *   gives it, from the cache, the pages that come before the first one to render.
 * - `wrap` (astro:build:start): wraps Astro's prerenderer. A page whose key is cached is answered from the cache;
 *   a rendered page has its long inline scripts moved out (html-weight.ts) and is stored; every page goes to the
 *   search index in render order (render-order.ts, search-feed.ts). A page left out (left-out.ts: it could not be
 *   compiled, or its rendering threw) is answered with no body, so Astro writes no file for it, and is not indexed.
 * - `finish` (astro:build:done, before the search index is written): writes the shared scripts, the highlight cache
 *   and `state.json`, and removes the cache entries this build did not use.
 *
 * Each step is a function of this module over the session's shared state (`SessionState`).
 *
 * A build in several parts (run.ts) has a session per part: it sees the pages of its part only, keeps its own
 * `state` and highlight files, feeds no search index (the parent indexes the merged output) and sweeps nothing: the
 * parent sweeps once with the keys every part used (`sweepBuildCache`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AstroPrerenderer } from 'astro';
import type { Page } from '@lectern/core';
import type { Site } from '../model/store.ts';
import {
  blobStore,
  cacheEnabled,
  cacheRoot,
  lecternFingerprint,
  readJson,
  sha256,
  writeAtomic,
  type BlobStore,
} from '../shared/build-cache.ts';
import { pageKey, pageKeys, siteKey, type SiteKeyInput } from './page-keys.ts';
import { startHighlightPool, workerCount, type HighlightPool } from '../workers/highlight-pool.ts';
import { panelInputs } from '../endpoint/panel.ts';
import { pageCodeBlockInputs } from './code-blocks.ts';
import { findOperation } from '../endpoint/api-data.ts';
import { startSearchIndex, type SearchIndexer } from './search-index.ts';
import { SearchFeed } from './search-feed.ts';
import { externalizeScripts, referencedScripts, SCRIPTS_DIR } from '../shared/site/html-weight.ts';
import { islandIconKeys, recordIslandIcons } from '../shared/site/icon-files.ts';
import { recordRenderWarnings, renderWarning, resetRenderWarnings } from '../shared/render/render-warnings.ts';
import { renderOrder } from './render-order.ts';
import { renderFailed } from './render-errors.ts';
import { leftOutPages } from './left-out.ts';
import { pageMarkdown, startMarkdownPool, type MarkdownPool } from '../workers/markdown-pool.ts';

/** `state.json`: the client assets of the last build (to predict keys), and what it rendered (tests read it). */
/** `warnings`: what each cached page (by key) printed when it rendered (render-warnings.ts), printed again on reuse. */
/** `images`: the files Astro wrote to `_astro/` for each cached page (by key) that has images (see `otherAssets`). */
interface CacheState {
  assets: string[];
  lastBuild?: { reused: number; rendered: string[] };
  warnings?: Record<string, string[]>;
  images?: Record<string, string[]>;
}

export interface BuildSession {
  site: Site;
  /** The search index, fed by the prerenderer (undefined if Pagefind failed to start; afterBuild then reads dist/). */
  search?: SearchIndexer;
  /** Wrap Astro's prerenderer: pages from the cache, rendered pages stored and indexed. */
  wrap(prerenderer: AstroPrerenderer): AstroPrerenderer;
  /** Whether every page reached the search index through `wrap`, as the cold build would give them. */
  streamed(): boolean;
  /** Write what the pages share (see html-weight.ts) into `dist`, the caches, and report. */
  finish(dist: string, log: (m: string) => void): Promise<void>;
  /** The cache entries this session used (a part's, for the parent's sweep). */
  usage(): CacheUsage;
  /** A failed build: stop workers and Pagefind, write nothing. */
  abort(): Promise<void>;
}

export interface SessionOptions {
  /** Astro's `base` and `site`. */
  base: string;
  astroSite?: string;
  /** Astro's output folder (the client assets are there when pages render). */
  outDir: string;
  /** Astro's `build.format`: pages at `a/b/index.html` (`directory`) or `a/b.html` (`file`). */
  format?: string;
  warn?: (message: string) => void;
  /** This session builds part `index` of `count` (see run.ts); `count > 1`: see the header. */
  part?: { index: number; count: number };
}

/** Keys of the page, script and image blobs a build used. */
export interface CacheUsage {
  pages: string[];
  scripts: string[];
  assets?: string[];
}

/** The build cache's stores (when the cache is on). */
interface Stores {
  /** Rendered pages, by page key. */
  pages: BlobStore;
  /** The scripts pages share (html-weight.ts), by name. */
  scripts: BlobStore;
  /**
   * The images Astro optimised for rendered pages (`_astro/<hashed name>`), kept with them: a page from the cache does
   * not render, so Astro writes none of its images; the build copies them from here.
   */
  assets: BlobStore;
}

/** A rendered page that references images: cached at the end, once its images are in dist/ to be kept too. */
interface PageWithImages {
  key: string;
  body: Buffer;
  names: string[];
  printed: string[];
}

/**
 * What the steps of one session share. The first fields are fixed when it starts; `keys` is filled in when the first
 * page renders (the client assets are known then); the rest is what the pages of this build collect for `finish`.
 */
interface SessionState {
  site: Site;
  options: SessionOptions;
  /** A part of a build in several parts (see the header). */
  several: boolean;
  fingerprint: string;
  /** `state.json` (`state.part<i>.json` for a part). */
  stateFile: string;
  /** The last build's `state.json` (cache on). */
  last?: CacheState;
  /** The cache (on), or undefined (off). */
  stores?: Stores;
  /** The site key and the page keys predicted with the last build's client assets (see `predictKeys`). */
  predictedSite?: string;
  predictedKeys: Map<string, string>;
  /** Code highlighting and Markdown ahead of rendering, in worker threads (`workers` of them) or from the cache. */
  pool?: HighlightPool;
  markdown?: MarkdownPool;
  workers: number;
  /** The pages to the search index (a build in one part, Pagefind started). */
  feed?: SearchFeed;
  /** The pages known at the start to be left out (they cannot be compiled): never rendered (see left-out.ts). */
  leftOut: ReadonlySet<string>;
  /** The keys of this build: its client assets, its site key and the page keys computed so far (see `keyFor`). */
  keys: { assets?: string[]; assetSet?: Set<string>; siteKey?: string; memo: Map<string, string> };
  /** Images the reused pages need in dist/. */
  neededAssets: Set<string>;
  /** `_astro/` files that some page of this build references (but the client assets). */
  referenced: Set<string>;
  withImages: PageWithImages[];
  /** The images of this build's cached pages, by key (kept in the state file for the next build). */
  images: Record<string, string[]>;
  /** Scripts the pages of this build reference (see html-weight.ts): name -> content. */
  scripts: Map<string, string>;
  /** Warnings of this build's cached pages, by page key (kept in the state file for the next build). */
  warnings: Record<string, string[]>;
  /** Pages through `wrap`, and of Lectern's pages those rendered (by slug) and reused. */
  wrapped: number;
  rendered: string[];
  reused: number;
}

/** After a build in parts: remove the cache entries no part used. */
export function sweepBuildCache(root: string, used: CacheUsage[]): number {
  if (!cacheEnabled()) return 0;
  const dir = cacheRoot(root);
  return (
    blobStore(path.join(dir, 'pages'), '.html').sweep(used.flatMap((u) => u.pages)) +
    blobStore(path.join(dir, 'scripts'), '.js').sweep(used.flatMap((u) => u.scripts)) +
    blobStore(path.join(dir, 'assets'), '').sweep(used.flatMap((u) => u.assets ?? []))
  );
}

/** Names of the built client assets, sorted: they are in every page's head. */
function clientAssets(outDir: string): string[] {
  try {
    return readdirSync(path.join(outDir, '_astro')).sort();
  } catch {
    return [];
  }
}

/** `/pr-42/a/b/` -> `a/b`; the base and the slashes around the path removed; '' -> `index`. */
function slugOfPath(pathname: string, base: string): string {
  let p = decodeURI(pathname);
  if (base !== '/' && p.startsWith(base)) p = '/' + p.slice(base.length);
  p = p.replace(/^\/+|\/+$/g, '').replace(/\.html$/, '');
  return p || 'index';
}

/**
 * `/_astro/…` files a page references that the client build did not write: images Astro optimised for it, written
 * only when the page renders. A page is cached with them (see `Stores.assets`).
 */
function otherAssets(html: string, assets: Set<string>): string[] {
  const names = new Set<string>();
  for (const m of html.matchAll(/\/_astro\/([^"'\s)?#&]+)/g)) if (!assets.has(m[1]!) && !m[1]!.includes('/')) names.add(m[1]!);
  return [...names];
}

/**
 * With the optimised images a page references, the originals Astro writes next to them (`shot.<hash>.png` beside
 * `shot.<hash>_<transform>.webp`), among `files` (the names in `_astro/`).
 */
function withOriginals(names: Iterable<string>, files: readonly string[]): string[] {
  const stems = imageStems(names);
  const originals = files.filter((f) => stems.has(f.slice(0, f.lastIndexOf('.'))));
  return [...new Set([...names, ...originals])].sort();
}

/** The name an optimised image has before Astro's transform suffix (`shot.<hash>` of `shot.<hash>_<transform>.webp`), which its original shares. */
function imageStems(names: Iterable<string>): Set<string> {
  return new Set([...names].map((n) => /^(.+)_[^_.]+\.[^.]+$/.exec(n)?.[1]).filter((x): x is string => x !== undefined));
}

/** The page keys of a site planned from the plan cache, under `<cache>/plan/<plan key>.keys.json` (see `predictKeys`). */
interface KeysMemo {
  input: string;
  siteKey: string;
  keys: Array<[string, string]>;
}

/**
 * The site key and every page's key for `input`. The keys are a function of the planned site, the repo's files and
 * `input`: with `cacheDir`, a site planned from the plan cache (its `planKey` names every file of the repo) reads them
 * from the memo the build that computed them left next to the plan entry, and writes it otherwise (the plan cache
 * removes it with its entry).
 */
function predictKeys(
  site: Site,
  pages: readonly Page[],
  input: SiteKeyInput,
  cacheDir?: string,
): { siteKey: string; keys: Array<[string, string]> } {
  const file = cacheDir && site.planKey ? path.join(cacheDir, 'plan', `${site.planKey}.keys.json`) : undefined;
  const name = sha256(JSON.stringify(input));
  const memo = file ? readJson<KeysMemo>(file) : undefined;
  if (memo?.input === name && Array.isArray(memo.keys)) return memo;
  const computed = pageKeys(site, pages, input);
  if (file) {
    try {
      writeAtomic(file, JSON.stringify({ input: name, ...computed } satisfies KeysMemo));
    } catch {
      // The cache is an optimisation.
    }
  }
  return computed;
}

/** What page keys are computed from besides the site: Lectern itself, Astro's `site` and `base`, the client assets. */
const keyInput = (s: Pick<SessionState, 'fingerprint' | 'options'>, assets: readonly string[]): SiteKeyInput => ({
  fingerprint: s.fingerprint,
  astroSite: s.options.astroSite,
  base: s.options.base,
  assets,
});

/**
 * The highlight pool and the Markdown worker for the pages that will render (`dirty`, in render order), or none.
 * `cacheFile`: the highlight cache's file, when the cache is on.
 */
function startCodeWorkers(
  site: Site,
  dirty: readonly Page[],
  fingerprint: string,
  cacheFile: string | undefined,
  warn?: (m: string) => void,
): { pool?: HighlightPool; markdown?: MarkdownPool; workers: number } {
  // The code samples and MDX code blocks of the pages that will render, to the workers, in render order. Threads pay
  // for themselves from a few hundred samples on; the highlight cache (a file of every highlighted sample) from a few
  // dozen pages on.
  const inputs = dirty.flatMap((p) => {
    const blocks = pageCodeBlockInputs(site, p);
    if (p.kind !== 'operation') return blocks;
    const op = findOperation(site, p);
    return op ? [...panelInputs(site, p, op), ...blocks] : blocks;
  });
  const workers = inputs.length >= 200 || process.env.LECTERN_WORKERS !== undefined ? workerCount() : 0;
  // The highlight cache is read whenever pages with samples render: a page whose samples are all in it never loads
  // Shiki's grammars (about a second for one endpoint page). It is written again from a few dozen pages on, or when a
  // few pages brought code it did not have.
  const file = cacheFile && (dirty.length >= 50 || inputs.length > 0) ? cacheFile : undefined;
  const pool =
    workers || file
      ? startHighlightPool({ workers, fingerprint, cacheFile: file, writeBack: dirty.length >= 50 ? 'always' : 'when-new', onError: warn })
      : undefined;
  pool?.prefetch(inputs);
  // The descriptions of those pages, to a worker of their own (see markdown-pool.ts): from 500 texts on, not with one
  // core (the worker would take turns with the main thread). `LECTERN_WORKERS` set: whatever the cores and the
  // number of texts, as for highlighting (`0`: no worker).
  const forced = process.env.LECTERN_WORKERS !== undefined;
  const texts = workers && (forced || os.availableParallelism() > 1) ? pageMarkdown(site, dirty) : [];
  const markdown = texts.length >= 500 || (forced && texts.length) ? startMarkdownPool(texts, { onError: warn }) : undefined;
  return { pool, markdown, workers };
}

/**
 * The session's state at its start: the cache read, the keys predicted, the pages that will render handed to the
 * workers, Pagefind started and given the cached pages that come first.
 */
async function openSession(site: Site, options: SessionOptions): Promise<SessionState> {
  const useCache = cacheEnabled();
  const dir = cacheRoot(site.root);
  const fingerprint = lecternFingerprint();
  const several = (options.part?.count ?? 1) > 1;
  const tag = several ? `.part${options.part!.index}` : '';
  const stateFile = path.join(dir, `state${tag}.json`);
  const last = useCache ? readJson<CacheState>(stateFile) : undefined;
  const sitePages = site.only ? site.plan.pages.filter((p) => site.only!.has(p.slug)) : site.plan.pages;
  const stores: Stores | undefined = useCache
    ? {
        pages: blobStore(path.join(dir, 'pages'), '.html'),
        scripts: blobStore(path.join(dir, 'scripts'), '.js'),
        assets: blobStore(path.join(dir, 'assets'), ''),
      }
    : undefined;

  // Which pages will render: those whose key (with the last build's assets) is not cached. A site planned from the
  // plan cache (no file of the repo changed) has the keys the build that planned it computed, for the same options.
  const predicted =
    stores && last ? predictKeys(site, sitePages, keyInput({ fingerprint, options }, last.assets), several ? undefined : dir) : undefined;
  const predictedSite = predicted?.siteKey;
  const predictedKeys = new Map(predicted?.keys ?? []);
  const dirty = sitePages.filter((p) => !stores || !predictedKeys.has(p.slug) || !stores.pages.has(predictedKeys.get(p.slug)!));
  const order = renderOrder(sitePages);
  const dirtySlugs = new Set(dirty.map((p) => p.slug));
  const highlightFile = useCache ? path.join(dir, `highlight${tag}.json`) : undefined;
  const { pool, markdown, workers } = startCodeWorkers(
    site,
    order.filter((p) => dirtySlugs.has(p.slug)),
    fingerprint,
    highlightFile,
    options.warn,
  );

  // The search index of the last build is reused when every page reads the same to Pagefind; with no page expected to
  // render, Pagefind is not even started unless that turns out otherwise (see search-index.ts).
  const search = several
    ? undefined
    : await startSearchIndex({
        cacheDir: useCache ? path.join(dir, 'search') : undefined,
        fingerprint,
        deferred: predictedSite !== undefined && dirty.length === 0,
      }).catch(() => undefined);
  const leftOut = leftOutPages(site);
  const indexed = order.filter((p) => !leftOut.has(p.slug));
  const feed = search
    ? new SearchFeed(
        search,
        indexed.map((p) => p.slug),
        options.base,
        options.format,
      )
    : undefined;
  if (feed && stores && predictedSite) feed.prefeed(indexed, predictedKeys, stores.pages);

  return {
    site,
    options,
    several,
    fingerprint,
    stateFile,
    last,
    stores,
    predictedSite,
    predictedKeys,
    pool,
    markdown,
    workers,
    feed,
    leftOut,
    keys: { memo: new Map() },
    neededAssets: new Set(),
    referenced: new Set(),
    withImages: [],
    images: {},
    scripts: new Map(),
    warnings: {},
    wrapped: 0,
    rendered: [],
    reused: 0,
  };
}

/**
 * The key of `page` in this build (cache on). The first call reads the client assets Astro wrote: the same as the last
 * build's, the predicted keys hold; otherwise the site key is computed again.
 */
function keyFor(s: SessionState, page: Page): string | undefined {
  if (!s.stores) return undefined;
  const keys = s.keys;
  if (!keys.siteKey) {
    keys.assets = clientAssets(s.options.outDir);
    keys.assetSet = new Set(keys.assets);
    const predicted = s.predictedSite !== undefined && s.last!.assets.join('\n') === keys.assets.join('\n');
    keys.siteKey = predicted ? s.predictedSite : siteKey(s.site, keyInput(s, keys.assets));
    if (predicted) for (const [slug, key] of s.predictedKeys) keys.memo.set(slug, key);
  }
  let k = keys.memo.get(page.slug);
  if (!k) keys.memo.set(page.slug, (k = pageKey(s.site, page, keys.siteKey!)));
  return k;
}

/**
 * The cached HTML of the page `key`, if it can be used: its images and shared scripts must be in the cache too (a
 * page missing one renders). Records what it needs on the way (images, icon files, scripts).
 */
function cachedPage(s: SessionState, key: string): Buffer | undefined {
  const stores = s.stores!;
  const hit = stores.pages.get(key);
  if (!hit) return undefined;
  const text = hit.toString('latin1');
  // Its images: from the cache (a page whose images are not all there renders).
  const named = otherAssets(text, s.keys.assetSet!);
  for (const name of named) s.referenced.add(name);
  const names = s.last?.images?.[key] ? s.last.images[key] : named;
  if (names.some((name) => !stores.assets.has(name))) return undefined;
  if (names.length) {
    for (const name of names) s.neededAssets.add(name);
    s.images[key] = names;
  }
  // Its islands do not render: the icon files they drew are written all the same.
  recordIslandIcons(text);
  // Its shared scripts must be at hand too (they are written with the site).
  for (const name of referencedScripts(text)) {
    if (s.scripts.has(name)) continue;
    const content = stores.scripts.get(name);
    if (content === undefined) return undefined;
    s.scripts.set(name, content.toString('utf8'));
  }
  return hit;
}

/** Answer the page `slug` from the cache: its warnings printed again, handed to the search index. */
async function reuse(s: SessionState, slug: string, key: string, hit: Buffer): Promise<Response> {
  s.reused++;
  const kept = s.last?.warnings?.[key];
  if (kept) {
    s.warnings[key] = kept;
    for (const w of kept) renderWarning(w);
  }
  await s.feed?.page(slug, hit, key);
  return new Response(bodyOf(hit), { status: 200, headers: { 'content-type': 'text/html' } });
}

/**
 * Keep a rendered page in the cache under `key`: at once, or at the end with its images (see `keepPagesWithImages`).
 * A page that failed to render (it shows its error) is not kept: the next build renders it again and fails again.
 */
function keepRendered(s: SessionState, slug: string, key: string | undefined, html: string, body: Buffer, printed: string[]): void {
  const names = s.keys.assetSet ? otherAssets(html, s.keys.assetSet) : [];
  for (const name of names) s.referenced.add(name);
  if (!key || renderFailed(s.site, slug)) return;
  if (names.length) s.withImages.push({ key, body, names, printed });
  else {
    s.stores!.pages.put(key, body);
    if (printed.length) s.warnings[key] = printed;
  }
}

type RenderOptions = Parameters<AstroPrerenderer['render']>[1];
type RenderResult = Awaited<ReturnType<AstroPrerenderer['render']>>;

/**
 * Render a page with Astro's prerenderer: its long inline scripts moved out, kept in the cache (`key`), and, one of
 * Lectern's pages (`ours`), handed to the search index.
 */
async function render(
  s: SessionState,
  inner: AstroPrerenderer,
  request: Request,
  opts: RenderOptions,
  slug: string,
  key: string | undefined,
  ours: boolean,
): Promise<RenderResult> {
  const { result, warnings: printed } = await recordRenderWarnings(() => inner.render(request, opts));
  const response = result instanceof Response ? result : result.response;
  if (response.status !== 200 || !response.body) return result;
  if (ours && renderFailed(s.site, slug)) {
    // It threw (Guard.astro recorded where): left out of the site and of the search index.
    s.rendered.push(slug);
    await s.feed?.skip(slug);
    return result instanceof Response ? noPage() : { ...result, response: noPage() };
  }
  const weighed = externalizeScripts(Buffer.from(await response.arrayBuffer()).toString('utf8'));
  for (const [name, content] of weighed.scripts) {
    s.scripts.set(name, content);
    s.stores?.scripts.put(name, content);
  }
  const body = Buffer.from(weighed.html);
  if (ours) s.rendered.push(slug);
  keepRendered(s, slug, key, weighed.html, body, printed);
  // (A page handed to the index from the cache, yet rendered: the index holds another page than dist/, see search-feed.ts.)
  if (ours) await s.feed?.page(slug, weighed.html, undefined);
  const fresh = new Response(bodyOf(body), { status: response.status, statusText: response.statusText, headers: response.headers });
  return result instanceof Response ? fresh : { ...result, response: fresh };
}

/** Astro's prerenderer, wrapped: a page whose key is cached (with all it needs) is answered from the cache. */
function wrapPrerenderer(s: SessionState, inner: AstroPrerenderer): AstroPrerenderer {
  return {
    ...inner,
    name: `lectern(${inner.name})`,
    async render(request, opts) {
      s.wrapped++;
      const { pathname } = new URL(request.url);
      const slug = slugOfPath(pathname, s.options.base);
      const page = s.site.pages.get(slug);
      const ours = page !== undefined && opts.routeData.route !== '/404';
      // A page that cannot be compiled: no file (the build fails at the end, naming it).
      if (ours && s.leftOut.has(slug)) return noPage();
      const key = ours ? keyFor(s, page) : undefined;
      const hit = key ? cachedPage(s, key) : undefined;
      if (hit) return reuse(s, slug, key!, hit);
      return render(s, inner, request, opts, slug, key, ours);
    },
  };
}

/** Write the scripts the pages share into `dist` (see html-weight.ts). */
async function writeScripts(s: SessionState, dist: string): Promise<void> {
  if (!s.scripts.size) return;
  await mkdir(path.join(dist, SCRIPTS_DIR), { recursive: true });
  for (const [name, content] of s.scripts) await writeFile(path.join(dist, SCRIPTS_DIR, `${name}.js`), content);
}

/** The images the reused pages need, from the cache into `<dist>/_astro`, as a cold build would leave that folder. */
async function restoreImages(s: SessionState, assets: BlobStore, folder: string): Promise<void> {
  for (const name of s.neededAssets) {
    if (existsSync(path.join(folder, name))) continue;
    const data = assets.get(name);
    if (data) {
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, name), data);
    }
  }
  // Astro writes the original of an image it transforms and removes it after, unless a page uses it as it is; a
  // page from the cache transforms nothing, so the original Astro wrote stays: removed as a cold build would.
  const stems = imageStems(s.neededAssets);
  if (stems.size && existsSync(folder)) {
    // (It was written before the pages rendered, so it is among the client assets the page keys name.)
    for (const f of readdirSync(folder)) {
      if (s.neededAssets.has(f) || s.referenced.has(f) || !stems.has(f.slice(0, f.lastIndexOf('.')))) continue;
      await rm(path.join(folder, f), { force: true });
    }
  }
}

/** The rendered pages with images, cached now that their images (and the originals) are in `folder` to be kept too. */
function keepPagesWithImages(s: SessionState, stores: Stores, folder: string): void {
  const files = s.withImages.length ? readdirSync(folder) : [];
  for (const { key, body, names, printed } of s.withImages) {
    if (!names.every((name) => existsSync(path.join(folder, name)))) continue;
    const all = withOriginals(names, files);
    for (const name of all) if (!stores.assets.has(name)) stores.assets.put(name, readFileSync(path.join(folder, name)));
    stores.pages.put(key, body);
    s.images[key] = all;
    if (printed.length) s.warnings[key] = printed;
  }
}

/** Close the workers, sweep the cache (one part: not), write `state.json` and say what was reused and rendered. */
async function closeAndReport(s: SessionState, log: (m: string) => void): Promise<void> {
  const highlights = await s.pool?.close();
  const md = await s.markdown?.close();
  const ahead = md ? `; Markdown: ${md.rendered} of ${md.sent} descriptions rendered ahead in a worker` : '';
  const workers = `${s.workers} worker${s.workers === 1 ? '' : 's'}`;
  const { stores } = s;
  if (stores) {
    const swept = s.several ? 0 : stores.pages.sweep() + stores.scripts.sweep() + stores.assets.sweep([...s.neededAssets]);
    if (s.keys.assets) {
      const state: CacheState = {
        assets: s.keys.assets,
        lastBuild: { reused: s.reused, rendered: s.rendered },
        warnings: s.warnings,
        images: s.images,
      };
      writeAtomic(s.stateFile, JSON.stringify(state));
    }
    log(
      `cache: ${s.reused} pages reused, ${s.rendered.length} rendered${swept ? `, ${swept} old entries removed` : ''}${highlights ? `; code: ${highlights.prefetched} highlighted ahead in ${workers}, ${highlights.cached} from the cache, ${highlights.highlighted} while rendering` : ''}${ahead}`,
    );
  } else if (highlights) {
    log(`code: ${highlights.prefetched} highlighted ahead in ${workers}, ${highlights.highlighted} while rendering${ahead}`);
  }
}

export async function startBuildSession(site: Site, options: SessionOptions): Promise<BuildSession> {
  // The icon files written and warnings printed are those of this build's pages (a process may build more than once).
  islandIconKeys().clear();
  resetRenderWarnings();
  const s = await openSession(site, options);
  return {
    site,
    search: s.feed?.index,
    wrap: (inner) => wrapPrerenderer(s, inner),
    streamed: () => s.wrapped > 0 && s.feed !== undefined && s.feed.complete(),
    async finish(dist, log) {
      await writeScripts(s, dist);
      if (s.stores) {
        const folder = path.join(dist, '_astro');
        await restoreImages(s, s.stores.assets, folder);
        keepPagesWithImages(s, s.stores, folder);
      }
      await closeAndReport(s, log);
    },
    usage: () => ({
      pages: s.stores?.pages.used() ?? [],
      scripts: s.stores?.scripts.used() ?? [],
      assets: [...new Set([...(s.stores?.assets.used() ?? []), ...s.neededAssets])],
    }),
    async abort() {
      await s.pool?.close().catch(() => undefined);
      await s.markdown?.close().catch(() => undefined);
      await s.feed?.index.close().catch(() => undefined);
    },
  };
}

/** The answer for a page left out of the site: no body, so Astro writes no file (its URL serves the 404 page). */
const noPage = () => new Response(null, { status: 200 });

/** A Buffer as a Response body (it is a Uint8Array; the DOM types want one over an ArrayBuffer). */
const bodyOf = (b: Buffer) => b as unknown as Uint8Array<ArrayBuffer>;
