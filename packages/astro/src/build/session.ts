/**
 * One `astro build` of a Lectern site, from planning to `astro:build:done`: the page cache, the highlight pool and
 * the streamed search index, and the keys that decide what is reused.
 *
 * - `startBuildSession` (astro:config:setup): reads the cache, predicts which pages will render (their keys with the
 *   client assets of the last build), hands those pages' code samples to the highlight workers, starts Pagefind and
 *   gives it, from the cache, the pages that come before the first one to render.
 * - `wrap` (astro:build:start): wraps Astro's prerenderer. A page whose key is cached is answered from the cache;
 *   a rendered page has its long inline scripts moved out (html-weight.ts) and is stored; every page goes to the
 *   search index in render order (render-order.ts).
 * - `finish` (astro:build:done, before the search index is written): writes the shared scripts, the highlight cache
 *   and `state.json`, and removes the cache entries this build did not use.
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
import { blobStore, cacheEnabled, cacheRoot, lecternFingerprint, readJson, sha256, writeAtomic, type BlobStore } from '../shared/build-cache.ts';
import { pageKey, pageKeys, siteKey, type SiteKeyInput } from './page-keys.ts';
import { startHighlightPool, workerCount, type HighlightPool } from '../workers/highlight-pool.ts';
import { panelInputs } from '../endpoint/panel.ts';
import { pageCodeBlockInputs } from './code-blocks.ts';
import { findOperation } from '../endpoint/api-data.ts';
import { QUEUE_BYTES, startSearchIndex, type SearchIndexer } from './search-index.ts';
import { htmlUnderBase } from '../shared/site/base-path.ts';
import { externalizeScripts, referencedScripts, SCRIPTS_DIR } from '../shared/site/html-weight.ts';
import { islandIconKeys, recordIslandIcons } from '../shared/site/icon-files.ts';
import { recordRenderWarnings, renderWarning, resetRenderWarnings } from '../shared/render/render-warnings.ts';
import { renderOrder } from './render-order.ts';
import { renderFailed } from './render-errors.ts';
import { pageMarkdown, startMarkdownPool, type MarkdownPool } from '../workers/markdown-pool.ts';

/** `state.json`: the client assets of the last build (to predict keys), and what it rendered (tests read it). */
/** `warnings`: what each cached page (by key) printed when it rendered (render-warnings.ts), printed again on reuse. */
/** `images`: the files Astro wrote to `_astro/` for each cached page (by key) that has images (see `otherAssets`). */
interface CacheState { assets: string[]; lastBuild?: { reused: number; rendered: string[] }; warnings?: Record<string, string[]>; images?: Record<string, string[]> }

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
export interface CacheUsage { pages: string[]; scripts: string[]; assets?: string[] }

/** After a build in parts: remove the cache entries no part used. */
export function sweepBuildCache(root: string, used: CacheUsage[]): number {
  if (!cacheEnabled()) return 0;
  const dir = cacheRoot(root);
  return blobStore(path.join(dir, 'pages'), '.html').sweep(used.flatMap((u) => u.pages))
    + blobStore(path.join(dir, 'scripts'), '.js').sweep(used.flatMap((u) => u.scripts))
    + blobStore(path.join(dir, 'assets'), '').sweep(used.flatMap((u) => u.assets ?? []));
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
 * only when the page renders. A page is cached with them (see `assetStore` in startBuildSession).
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
interface KeysMemo { input: string; siteKey: string; keys: Array<[string, string]> }

/**
 * The site key and every page's key for `input`. The keys are a function of the planned site, the repo's files and
 * `input`: with `cacheDir`, a site planned from the plan cache (its `planKey` names every file of the repo) reads them
 * from the memo the build that computed them left next to the plan entry, and writes it otherwise (the plan cache
 * removes it with its entry).
 */
function predictKeys(site: Site, pages: readonly Page[], input: SiteKeyInput, cacheDir?: string): { siteKey: string; keys: Array<[string, string]> } {
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

export async function startBuildSession(site: Site, options: SessionOptions): Promise<BuildSession> {
  // The icon files written and warnings printed are those of this build's pages (a process may build more than once).
  islandIconKeys().clear();
  resetRenderWarnings();
  const useCache = cacheEnabled();
  const dir = cacheRoot(site.root);
  const fingerprint = lecternFingerprint();
  const several = (options.part?.count ?? 1) > 1;
  const tag = several ? `.part${options.part!.index}` : '';
  const stateFile = path.join(dir, `state${tag}.json`);
  const state = useCache ? readJson<CacheState>(stateFile) : undefined;
  const sitePages = site.only ? site.plan.pages.filter((p) => site.only!.has(p.slug)) : site.plan.pages;
  const pages: BlobStore | undefined = useCache ? blobStore(path.join(dir, 'pages'), '.html') : undefined;
  const scriptStore: BlobStore | undefined = useCache ? blobStore(path.join(dir, 'scripts'), '.js') : undefined;
  /**
   * The images Astro optimised for rendered pages (`_astro/<hashed name>`), kept with them: a page from the cache does
   * not render, so Astro writes none of its images; the build copies them from here.
   */
  const assetStore: BlobStore | undefined = useCache ? blobStore(path.join(dir, 'assets'), '') : undefined;
  /** Images the reused pages need in dist/. */
  const neededAssets = new Set<string>();
  /** `_astro/` files that some page of this build references (but the client assets). */
  const referenced = new Set<string>();
  /** Rendered pages that reference images: cached at the end, once their images are in dist/ to be kept too. */
  const withImages: Array<{ key: string; body: Buffer; names: string[]; printed: string[] }> = [];
  /** The images of this build's cached pages, by key (kept in the state file for the next build). */
  const images: Record<string, string[]> = {};
  /** Scripts the pages of this build reference (see html-weight.ts): name -> content. */
  const scripts = new Map<string, string>();
  /** Warnings of this build's cached pages, by page key (kept in the state file for the next build). */
  const warnings: Record<string, string[]> = {};
  const keyInput = (assets: readonly string[]): SiteKeyInput => ({ fingerprint, astroSite: options.astroSite, base: options.base, assets });

  // Which pages will render: those whose key (with the last build's assets) is not cached. A site planned from the
  // plan cache (no file of the repo changed) has the keys the build that planned it computed, for the same options.
  const predicted = pages && state ? predictKeys(site, sitePages, keyInput(state.assets), several ? undefined : dir) : undefined;
  const predictedSite = predicted?.siteKey;
  const predictedKeys = new Map(predicted?.keys ?? []);
  const dirty = sitePages.filter((p) => !pages || !predictedKeys.has(p.slug) || !pages.has(predictedKeys.get(p.slug)!));

  const order = renderOrder(sitePages);
  // The code samples and MDX code blocks of the pages that will render, to the workers, in render order. Threads pay
  // for themselves from a few hundred samples on; the highlight cache (a file of every highlighted sample) from a few
  // dozen pages on.
  const dirtySlugs = new Set(dirty.map((p) => p.slug));
  const inputs = order.filter((p) => dirtySlugs.has(p.slug)).flatMap((p) => {
    const blocks = pageCodeBlockInputs(site, p);
    if (p.kind !== 'operation') return blocks;
    const op = findOperation(site, p);
    return op ? [...panelInputs(site, p, op), ...blocks] : blocks;
  });
  const workers = inputs.length >= 200 || process.env.LECTERN_WORKERS !== undefined ? workerCount() : 0;
  // The highlight cache is read whenever pages with samples render: a page whose samples are all in it never loads
  // Shiki's grammars (about a second for one endpoint page). It is written again from a few dozen pages on, or when a
  // few pages brought code it did not have.
  const cacheFile = useCache && (dirty.length >= 50 || inputs.length > 0) ? path.join(dir, `highlight${tag}.json`) : undefined;
  const pool: HighlightPool | undefined = workers || cacheFile
    ? startHighlightPool({ workers, fingerprint, cacheFile, writeBack: dirty.length >= 50 ? 'always' : 'when-new', onError: options.warn })
    : undefined;
  pool?.prefetch(inputs);
  // The descriptions of those pages, to a worker of their own (see markdown-pool.ts): from 500 texts on, not with one
  // core (the worker would take turns with the main thread). `LECTERN_WORKERS` set: whatever the cores and the
  // number of texts, as for highlighting (`0`: no worker).
  const forced = process.env.LECTERN_WORKERS !== undefined;
  const texts = workers && (forced || os.availableParallelism() > 1) ? pageMarkdown(site, order.filter((p) => dirtySlugs.has(p.slug))) : [];
  const markdown: MarkdownPool | undefined = texts.length >= 500 || (forced && texts.length) ? startMarkdownPool(texts, { onError: options.warn }) : undefined;

  // The search index of the last build is reused when every page reads the same to Pagefind; with no page expected to
  // render, Pagefind is not even started unless that turns out otherwise (see search-index.ts).
  const search = several ? undefined : await startSearchIndex({
    cacheDir: useCache ? path.join(dir, 'search') : undefined, fingerprint, deferred: predictedSite !== undefined && dirty.length === 0,
  }).catch(() => undefined);
  let wrapped = 0;
  let rendered = 0;
  let reused = 0;
  const renderedSlugs: string[] = [];
  let actualAssets: string[] | undefined;
  let assetSet: Set<string> | undefined;
  let currentSiteKey: string | undefined;
  const keyMemo = new Map<string, string>();

  const keyFor = (page: Page): string | undefined => {
    if (!pages) return undefined;
    if (!currentSiteKey) {
      actualAssets = clientAssets(options.outDir);
      assetSet = new Set(actualAssets);
      const predicted = predictedSite !== undefined && state!.assets.join('\n') === actualAssets.join('\n');
      currentSiteKey = predicted ? predictedSite : siteKey(site, keyInput(actualAssets));
      if (predicted) for (const [slug, key] of predictedKeys) keyMemo.set(slug, key);
    }
    let k = keyMemo.get(page.slug);
    if (!k) keyMemo.set(page.slug, (k = pageKey(site, page, currentSiteKey)));
    return k;
  };

  // The search index takes the pages in render order (a sequencer holds a page that comes early). Pages before the
  // first one that must render are handed over from the cache at once, while Astro starts and bundles.
  const expected = order.map((p) => p.slug);
  const waitingPages = new Map<string, Buffer | string>();
  let next = 0;
  let searchValid = true;
  const urlOf = (slug: string) => (slug === 'index' ? '/' : options.format === 'file' ? `/${slug}.html` : `/${slug}/`);
  const offer = async (slug: string, html: Buffer | string) => {
    if (!search) return;
    waitingPages.set(slug, html);
    while (next < expected.length && waitingPages.has(expected[next]!)) {
      const s = expected[next++]!;
      const page = waitingPages.get(s)!;
      waitingPages.delete(s);
      search.add(urlOf(s), options.base === '/' ? page : htmlUnderBase(page.toString(), options.base));
    }
    await search.drain(QUEUE_BYTES);
  };
  const prefed = new Map<string, string>();
  if (search && pages && predictedSite) {
    for (const p of order) {
      const key = predictedKeys.get(p.slug);
      if (!key || !pages.has(key)) break;
      prefed.set(p.slug, key);
    }
    void (async () => {
      for (const [slug, key] of prefed) {
        const html = pages.get(key);
        if (!html) {
          searchValid = false;
          return;
        }
        await offer(slug, html);
      }
    })();
  }

  return {
    site,
    search,
    wrap(inner) {
      return {
        ...inner,
        name: `lectern(${inner.name})`,
        async render(request, opts) {
          wrapped++;
          const { pathname } = new URL(request.url);
          const slug = slugOfPath(pathname, options.base);
          const page = site.pages.get(slug);
          const ours = page && opts.routeData.route !== '/404';
          const key = ours ? keyFor(page) : undefined;
          let hit = key ? pages!.get(key) : undefined;
          // A cached page's shared scripts must be at hand too (they are written with the site).
          if (hit) {
            const text = hit.toString('latin1');
            // Its images: from the cache (a page whose images are not all there renders).
            const named = otherAssets(text, assetSet!);
            for (const name of named) referenced.add(name);
            const names = key && state?.images?.[key] ? state.images[key] : named;
            if (names.some((name) => !assetStore!.has(name))) hit = undefined;
            else if (names.length) {
              for (const name of names) neededAssets.add(name);
              images[key!] = names;
            }
          }
          if (hit) {
            const text = hit.toString('latin1');
            // Its islands do not render: the icon files they drew are written all the same.
            recordIslandIcons(text);
            for (const name of referencedScripts(text)) {
              if (scripts.has(name)) continue;
              const content = scriptStore?.get(name);
              if (content === undefined) {
                hit = undefined;
                break;
              }
              scripts.set(name, content.toString('utf8'));
            }
          }
          if (hit) {
            reused++;
            const kept = key ? state?.warnings?.[key] : undefined;
            if (kept) {
              warnings[key!] = kept;
              for (const w of kept) renderWarning(w);
            }
            if (prefed.has(slug)) {
              if (prefed.get(slug) !== key) searchValid = false;
            } else await offer(slug, hit);
            return new Response(bodyOf(hit), { status: 200, headers: { 'content-type': 'text/html' } });
          }
          const { result, warnings: printed } = await recordRenderWarnings(() => inner.render(request, opts));
          const response = result instanceof Response ? result : result.response;
          if (response.status !== 200 || !response.body) return result;
          const weighed = externalizeScripts(Buffer.from(await response.arrayBuffer()).toString('utf8'));
          for (const [name, content] of weighed.scripts) {
            scripts.set(name, content);
            scriptStore?.put(name, content);
          }
          const body = Buffer.from(weighed.html);
          if (ours) {
            rendered++;
            renderedSlugs.push(slug);
          }
          // A page that failed to render (it shows its error) is not kept: the next build renders it again and fails again.
          const names = assetSet ? otherAssets(weighed.html, assetSet) : [];
          for (const name of names) referenced.add(name);
          if (key && !renderFailed(site, slug)) {
            if (names.length) withImages.push({ key, body, names, printed });
            else {
              pages!.put(key, body);
              if (printed.length) warnings[key] = printed;
            }
          }
          if (ours) {
            // Handed to the index from the cache, yet rendered: the index holds another page than dist/.
            if (prefed.has(slug)) searchValid = false;
            else await offer(slug, weighed.html);
          }
          const fresh = new Response(bodyOf(body), { status: response.status, statusText: response.statusText, headers: response.headers });
          return result instanceof Response ? fresh : { ...result, response: fresh };
        },
      };
    },
    streamed: () => wrapped > 0 && search !== undefined && searchValid && next === expected.length,
    async finish(dist, log) {
      if (scripts.size) {
        await mkdir(path.join(dist, SCRIPTS_DIR), { recursive: true });
        for (const [name, content] of scripts) await writeFile(path.join(dist, SCRIPTS_DIR, `${name}.js`), content);
      }
      if (assetStore) {
        const folder = path.join(dist, '_astro');
        for (const name of neededAssets) {
          if (existsSync(path.join(folder, name))) continue;
          const data = assetStore.get(name);
          if (data) {
            await mkdir(folder, { recursive: true });
            await writeFile(path.join(folder, name), data);
          }
        }
        // Astro writes the original of an image it transforms and removes it after, unless a page uses it as it is; a
        // page from the cache transforms nothing, so the original Astro wrote stays: removed as a cold build would.
        const stems = imageStems(neededAssets);
        if (stems.size && existsSync(folder)) {
          // (It was written before the pages rendered, so it is among the client assets the page keys name.)
          for (const f of readdirSync(folder)) {
            if (neededAssets.has(f) || referenced.has(f) || !stems.has(f.slice(0, f.lastIndexOf('.')))) continue;
            await rm(path.join(folder, f), { force: true });
          }
        }
        const files = withImages.length ? readdirSync(folder) : [];
        for (const { key, body, names, printed } of withImages) {
          if (!names.every((name) => existsSync(path.join(folder, name)))) continue;
          const all = withOriginals(names, files);
          for (const name of all) if (!assetStore.has(name)) assetStore.put(name, readFileSync(path.join(folder, name)));
          pages!.put(key, body);
          images[key] = all;
          if (printed.length) warnings[key] = printed;
        }
      }
      const highlights = await pool?.close();
      const md = await markdown?.close();
      const ahead = md ? `; Markdown: ${md.rendered} of ${md.sent} descriptions rendered ahead in a worker` : '';
      if (pages) {
        const swept = several ? 0 : pages.sweep() + (scriptStore?.sweep() ?? 0) + (assetStore?.sweep([...neededAssets]) ?? 0);
        if (actualAssets) writeAtomic(stateFile, JSON.stringify({ assets: actualAssets, lastBuild: { reused, rendered: renderedSlugs }, warnings, images } satisfies CacheState));
        log(`cache: ${reused} pages reused, ${rendered} rendered${swept ? `, ${swept} old entries removed` : ''}${highlights ? `; code: ${highlights.prefetched} highlighted ahead in ${workers} worker${workers === 1 ? '' : 's'}, ${highlights.cached} from the cache, ${highlights.highlighted} while rendering` : ''}${ahead}`);
      } else if (highlights) {
        log(`code: ${highlights.prefetched} highlighted ahead in ${workers} worker${workers === 1 ? '' : 's'}, ${highlights.highlighted} while rendering${ahead}`);
      }
    },
    usage: () => ({ pages: pages?.used() ?? [], scripts: scriptStore?.used() ?? [], assets: [...new Set([...(assetStore?.used() ?? []), ...neededAssets])] }),
    async abort() {
      await pool?.close().catch(() => undefined);
      await markdown?.close().catch(() => undefined);
      await search?.close().catch(() => undefined);
    },
  };
}

/** A Buffer as a Response body (it is a Uint8Array; the DOM types want one over an ArrayBuffer). */
const bodyOf = (b: Buffer) => b as unknown as Uint8Array<ArrayBuffer>;
