/**
 * Zero-config Astro runs for a docs repo that has only docs.json: `build`, `dev`, `preview` through Astro's
 * programmatic API with an inline config. Builds go to a staging directory that replaces `dist/` once the site is
 * written: also when some pages failed (they are left out, see build/left-out.ts, and the build then fails naming
 * them), never when the build stopped (docs.json, navigation or specs unusable, a crash).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, readdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import type { AstroInlineConfig } from 'astro';
import lectern, { type LecternOptions } from '../index.ts';
import type { CacheUsage } from '../build/session.ts';
import type { SearchIndexer } from '../build/search-index.ts';
import type { LecternBuildError } from '../mdx/errors.ts';
import { inheritedNodeFlags } from '../shared/modules/node-flags.ts';
import {
  keepParts,
  lastParts,
  partSize,
  partsOf,
  partText,
  progressLine,
  sharedCopies,
  unchangedSearchGroups,
  searchFeedOrder,
  type PartSize,
} from '../build/parts.ts';
import { partHeap, runPartProcess } from './part-process.ts';
import { importedNonPages } from '../build/page-keys.ts';

export interface RunOptions {
  /** Output directory (default `<root>/dist`). */
  outDir?: string;
  port?: number;
  host?: string;
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Serve the site under a sub-path (`/pr-42/`), as Astro's `base`. */
  base?: string;
  /** The address the site is published at (absolute URLs), as Astro's `site`. */
  site?: string;
  /** Warnings fail the build too. */
  strict?: boolean;
}

/** `/pr-42`, `pr-42/` -> `/pr-42/`; anything that is not a plain URL path is refused with the reason. */
export function normalizeBase(base: string): string {
  const trimmed = base.trim();
  if (!/^\/?[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(trimmed) || /[?#]/.test(trimmed)) {
    throw new Error(`--base must be a URL path such as /pr-42/, got ${JSON.stringify(base)}`);
  }
  const segments = trimmed.split('/').filter(Boolean);
  if (segments.some((s) => s === '.' || s === '..'))
    throw new Error(`--base must not contain . or .. segments, got ${JSON.stringify(base)}`);
  return segments.length ? `/${segments.join('/')}/` : '/';
}

/** An absolute http(s) URL, without a trailing slash on its path. */
export function normalizeSite(site: string): string {
  let url: URL;
  try {
    url = new URL(site);
  } catch {
    throw new Error(`--site must be an absolute URL such as https://docs.example.com, got ${JSON.stringify(site)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`--site must be an http(s) URL, got ${JSON.stringify(site)}`);
  return url.href.replace(/\/$/, '');
}

export function inlineConfig(root: string, outDir: string, opts: RunOptions = {}, part?: LecternOptions['part']): AstroInlineConfig {
  return {
    root,
    configFile: false,
    outDir,
    cacheDir: path.join(root, '.lectern', 'cache'),
    srcDir: path.join(root, '.lectern', 'src'),
    publicDir: path.join(root, '.lectern', 'public'),
    logLevel: opts.logLevel ?? 'info',
    integrations: [lectern({ root, strict: opts.strict, ...(part ? { part } : {}) })],
    ...(opts.base ? { base: normalizeBase(opts.base) } : {}),
    ...(opts.site ? { site: normalizeSite(opts.site) } : {}),
    server: { port: opts.port ?? 4321, host: opts.host ?? '127.0.0.1' },
    build: { format: 'directory' },
    devToolbar: { enabled: false },
    telemetry: false,
    // The docs repo's own PostCSS config (a Tailwind setup for its site, plugins not installed here) is not the
    // site's: Mintlify ignores it, and Vite would load it for every style sheet. An inline config stops the search.
    vite: { logLevel: 'warn', css: { postcss: {} } },
  } as AstroInlineConfig;
}

/**
 * Where a build writes before it replaces `dist/`. Astro renders pages from chunks it writes next to the output
 * (`<out>/.prerender`), or under `<cwd>/.astro/` when the output is outside the working directory (so the chunks
 * resolve `astro` from there); that folder would be shared by concurrent builds, which delete each other's chunks.
 * So a repo outside the working directory stages under `<cwd>/.astro/`, in a folder of its own.
 */
function stagingDir(root: string): string {
  const cwd = process.cwd();
  const inCwd = root === cwd || root.startsWith(cwd + path.sep);
  return path.join(inCwd ? path.join(root, '.lectern') : path.join(cwd, '.astro'), `out-${process.pid}-${randomBytes(4).toString('hex')}`);
}

/** Move a finished build into place (a copy when the staging folder is on another file system). */
async function moveInto(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}

/**
 * While a build runs, V8 grows the heap to twice what survives a collection instead of its default (up to four
 * times): a build's live heap stays near 200 MB, but it makes garbage fast, and the default let the process reach
 * 1 GB of resident memory on a 1,200-page site. This costs about 5 % more CPU time. Returns the undo.
 */
function leanHeap(): () => void {
  if (process.env.LECTERN_HEAP === 'default') return () => undefined;
  v8.setFlagsFromString('--heap-growing-percent=100');
  return () => v8.setFlagsFromString('--heap-growing-percent=0');
}

/**
 * Parts built at once: as many as the machine has cores, while each can have the memory a part may take (about 1.2 GB
 * at its peak, see build/parts.ts, plus three times the plan it reads) with 1 GB left for the rest.
 * `LECTERN_PART_JOBS=<n>` sets it (1: one after the other).
 */
export function partJobs(planBytes = 0, env: NodeJS.ProcessEnv = process.env): number {
  const set = Number(env.LECTERN_PART_JOBS);
  if (Number.isInteger(set) && set >= 1) return set;
  const byMemory = Math.floor((os.freemem() - 1e9) / (1.2e9 + 3 * planBytes));
  return Math.max(1, Math.min(os.availableParallelism(), byMemory));
}

/** Move every file of `from` into `to` that `to` does not have yet (assets two parts share are identical). */
async function mergeInto(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dest = path.join(to, entry.name);
    if (entry.isDirectory()) await mergeInto(src, dest);
    else if (!existsSync(dest)) await rename(src, dest);
  }
}

/**
 * The site planned once and built in parts (build/parts.ts), merged into `staging`. A site of one part
 * is built in this process; several parts are built one after the other, each in a process of its own
 * (build-part.ts) that reads the plan and exits when its part is done, so the memory peak is that of one part.
 * Returns the build's failure (pages that failed, or with --strict warnings) once the site is written to `staging`;
 * throws when the build stopped.
 */
async function buildInParts(abs: string, staging: string, opts: RunOptions, size: PartSize): Promise<LecternBuildError | undefined> {
  const [
    { planData, siteFromPlan, planForPart },
    { ownModule },
    { getSite },
    { afterBuild },
    { reportPlan, buildFailure, configWarnings },
    { islandIconKeys },
    { sweepBuildCache },
    { cachedPlanData },
    { partCache },
    { cacheEnabled, cacheRoot, lecternFingerprint },
    { basePath, htmlUnderBase },
    { renderWarning },
    { addPages, startSearchIndex },
    { leftOutPages },
  ] = await Promise.all([
    import('../site/site.ts'),
    import('../shared/modules/own-files.ts'),
    import('../model/store.ts'),
    import('../build/after-build.ts'),
    import('../site/report.ts'),
    import('../shared/site/icon-files.ts'),
    import('../build/session.ts'),
    import('../site/plan-cache.ts'),
    import('../build/part-cache.ts'),
    import('../shared/build-cache.ts'),
    import('../shared/site/base-path.ts'),
    import('../shared/render/render-warnings.ts'),
    import('../build/search-index.ts'),
    import('../build/left-out.ts'),
  ]);
  // Unchanged files: the planned site (with its warnings and errors) from the cache (plan-cache.ts).
  const t0 = performance.now();
  let fromCache = false;
  const data = await cachedPlanData(
    abs,
    () => planData(abs, ownModule('components/index')),
    () => {
      fromCache = true;
    },
  );
  const planned = await siteFromPlan(data);
  const pages = planned.site.plan.pages.map((p) => p.slug);
  // A build in parts keeps its parts while the site's pages stay the same (parts.ts `lastParts`).
  const partsFile = cacheEnabled() ? path.join(cacheRoot(abs), 'parts.json') : undefined;
  const fresh = partsOf(planned.site, size);
  const slices = partsFile && fresh.length > 1 ? lastParts(partsFile, fresh, planned.site, size) : fresh;
  const parts = slices.length;
  const log = {
    info: (m: string) => console.log(`[lectern] ${m}`),
    warn: (m: string) => console.warn(`[lectern] ${m}`),
    error: (m: string) => console.error(`[lectern] ${m}`),
  };
  log.info(`planned ${pages.length} pages in ${Math.round(performance.now() - t0)} ms${fromCache ? ' (from the cache)' : ''}`);
  const copies = sharedCopies(planned.site);
  if (copies) log.info(`${copies} pages are byte-identical copies of others: each set of copies is compiled once`);
  let search: SearchIndexer | undefined;
  if (parts === 1) {
    const { build } = await import('astro');
    const part: LecternOptions['part'] = { planned, slugs: new Set(pages), first: true };
    const { buildLeavingOutFailures } = await import('../build/compile-failures.ts');
    // Built again without a page that failed to compile: the plan's problems were reported the first time.
    await buildLeavingOutFailures(
      planned.site,
      () =>
        build(inlineConfig(abs, staging, opts, part)).finally(() => {
          part.reported = true;
        }),
      log.error,
    );
    search = part.done?.search;
  } else {
    reportPlan(planned, opts.strict === true, log);
    for (const w of configWarnings(planned.site.config)) log.warn(w);
    const { serialize } = await import('node:v8');
    const { writeFile, readFile } = await import('node:fs/promises');
    // Each part reads the plan with the text of its own pages only (site.ts `planForPart`). A part's plan is made when
    // it is written and not kept (`writePlan`): crewAI's are 97 MB each, and the parent held each while its part built.
    const plans = new Map<number, Buffer>();
    const imported = importedNonPages(planned.site);
    const planOf = (i: number): Buffer => {
      const plan = plans.get(i) ?? serialize(planForPart(data, new Set(slices[i]), imported));
      plans.set(i, plan);
      return plan;
    };
    /** Writes part `i`'s plan to `file` and forgets it; its size in bytes. */
    const writePlan = async (i: number, file: string): Promise<number> => {
      const plan = planOf(i);
      plans.delete(i);
      await writeFile(file, plan);
      return plan.length;
    };
    // Every part's heap is sized for the largest part's text: what a part holds beside its modules follows the site
    // more than its share of it (crewAI's last part, 278 pages and 0.2 MB of text, ran out of the 544 MB its own text
    // gave it, while parts of 3.8 MB did not).
    const heapText = Math.max(...slices.map((slugs) => partText(planned.site, slugs)));
    const used: CacheUsage[] = [];
    // A part whose pages all kept their keys is written back from the cache instead of built (part-cache.ts).
    const kept = cacheEnabled() ? partCache(planned.site, cacheRoot(abs)) : undefined;
    const base = basePath(opts.base ? normalizeBase(opts.base) : undefined);
    const astroSite = (opts.site ? normalizeSite(opts.site) : planned.site.config.lectern?.site) || undefined;
    const identities = slices.map((slugs, index) => ({ index, count: parts, slugs, base, astroSite }));
    const hits = identities.map((identity) => kept?.lookup(identity));
    // The search index takes each part's pages once the part is in `staging`, part after part in plan order (the same
    // order in every build of the site), so Pagefind, a process of its own, indexes them while the next part builds;
    // on a site with versions, each language and version's pages together once all are in (parts.ts `searchFeedOrder`).
    // With every part expected from the cache, the pages are held for the index of the last build (search-index.ts).
    // With some parts to build, the languages and versions none of them has pages in are held too: their index is
    // expected from the cache, so an edit of an English page of v1 sends Pagefind the English pages of v1 only.
    search = await startSearchIndex({
      cacheDir: cacheEnabled() ? path.join(cacheRoot(abs), 'search') : undefined,
      fingerprint: lecternFingerprint(),
      deferred: hits.every(Boolean),
      hold: unchangedSearchGroups(planned.site.plan.pages, slices, hits),
    }).catch(() => undefined);
    let fed: Promise<void> = Promise.resolve();
    const feedOrder = searchFeedOrder(planned.site.plan.pages, slices);
    const index = (slugs: readonly string[]) => {
      const to = search;
      if (to) fed = fed.then(() => addPages(to, staging, slugs, base === '/' ? undefined : (html) => htmlUnderBase(html, base)));
    };
    type PartResult = { renderErrors: typeof planned.site.renderErrors; icons: string[]; cache?: CacheUsage; warnings?: string[] };
    const children = new Set<ChildProcess>();
    const files = (i: number) => {
      const partDir = `${staging}-part${i}`;
      return { partDir, jobFile: `${partDir}.json`, resultFile: `${partDir}.result.json`, planFile: `${partDir}.plan.bin` };
    };
    // One part in a process of its own; its result once it exits.
    let stopped = false;
    const buildPart = async (i: number): Promise<PartResult> => {
      if (stopped) throw new Error('the build stopped');
      const { partDir, jobFile, resultFile, planFile } = files(i);
      const slugs = slices[i]!;
      log.info(`building part ${i + 1} of ${parts} (${slugs.length} pages)`);
      const planBytes = await writePlan(i, planFile);
      await writeFile(
        jobFile,
        JSON.stringify({ root: abs, partDir, planFile, resultFile, slugs, first: i === 0, index: i, count: parts, opts }),
      );
      if (stopped) throw new Error('the build stopped');
      const code = await runPartProcess({
        command: process.execPath,
        args: (nodeFlags) => [...inheritedNodeFlags(), ...nodeFlags, ownModule('cli/build-part'), jobFile],
        partDir,
        name: `part ${i + 1} of ${parts}`,
        heap: partHeap(planBytes, heapText),
        children,
        log: log.warn,
      });
      if (code !== 0) throw new Error(`part ${i + 1} of ${parts} of the build failed (exit code ${code}); see the messages above`);
      return JSON.parse(await readFile(resultFile, 'utf8')) as PartResult;
    };
    // Parts not kept in the cache are built `jobs` at a time (partJobs): before a part's result is taken, in plan order,
    // the next parts are started, so no part starts once one has failed.
    const firstBuilt = hits.findIndex((h) => !h);
    const jobs = firstBuilt === -1 ? 1 : partJobs(planOf(firstBuilt).length);
    const building = new Map<number, Promise<PartResult>>();
    const startFrom = (i: number) => {
      for (let j = i, ahead = 0; j < parts && ahead < jobs; j++) {
        if (hits[j]) continue;
        ahead++;
        if (building.has(j)) continue;
        const run = buildPart(j);
        run.catch(() => undefined);
        building.set(j, run);
      }
    };
    // Pages done (parts merged, in plan order) and the time left, after each part: a long build says how far it is.
    const began = performance.now();
    let done = 0;
    const progress = (i: number) => {
      done += slices[i]!.length;
      log.info(progressLine(done, pages.length, performance.now() - began));
    };
    const restoring = new Map<number, Promise<Awaited<ReturnType<NonNullable<typeof kept>['restore']>>>>();
    let previous: Promise<unknown> = Promise.resolve();
    try {
      // The parts to build start at once, and the kept parts are written back (one after the other) while they build;
      // each part is indexed and counted in plan order below.
      if (firstBuilt !== -1) startFrom(firstBuilt);
      hits.forEach((hit, i) => {
        if (!hit || !kept) return;
        const run = previous.then(() => (stopped ? undefined : kept.restore(hit.key, staging)));
        run.catch(() => undefined);
        restoring.set(i, run);
        previous = run.catch(() => undefined);
      });
      for (let i = 0; i < parts; i++) {
        const { partDir } = files(i);
        const slugs = slices[i]!;
        const hit = hits[i];
        const restored = hit ? await restoring.get(i) : undefined;
        if (restored) {
          log.info(`part ${i + 1} of ${parts} (${slugs.length} pages): no page changed, from the cache`);
          for (const key of restored.icons) islandIconKeys().add(key);
          for (const w of restored.warnings) renderWarning(w);
          used.push(restored.usage);
          index(feedOrder[i]!);
          progress(i);
          continue;
        }
        if (hit) {
          // Its kept files could not be read back (damaged in the cache): built instead.
          log.warn(`part ${i + 1} of ${parts}: its pages could not be read back from the cache; built again`);
          hits[i] = undefined;
        }
        try {
          startFrom(i);
          const result = await building.get(i)!;
          // Its pages' warnings, printed here: once for the whole build (a sidebar icon is drawn in every part).
          for (const w of result.warnings ?? []) renderWarning(w);
          planned.site.renderErrors.push(...result.renderErrors);
          for (const key of result.icons) islandIconKeys().add(key);
          if (result.cache) used.push(result.cache);
          if (kept && result.cache && result.renderErrors.length === 0)
            await kept.keep(identities[i]!, partDir, { icons: result.icons, usage: result.cache });
          await mergeInto(partDir, staging);
          index(feedOrder[i]!);
          progress(i);
        } finally {
          await Promise.all(Object.values(files(i)).map((f) => rm(f, { recursive: true, force: true })));
        }
      }
      await fed;
      if (partsFile) keepParts(partsFile, slices, size);
      const swept = sweepBuildCache(abs, used) + ((await kept?.sweep()) ?? 0);
      if (swept) log.info(`cache: ${swept} old entries removed`);
    } catch (err) {
      // The parts still building are stopped and their files removed.
      stopped = true;
      for (const child of children) child.kill();
      await Promise.allSettled([...building.values(), ...restoring.values()]);
      await Promise.all(slices.flatMap((_, i) => Object.values(files(i))).map((f) => rm(f, { recursive: true, force: true })));
      await fed.catch(() => undefined);
      await search?.close();
      throw err;
    }
    // The parent writes code.css (highlight.ts reads the themes through the Shiki host).
    (await import('../shared/highlight/shiki-load.ts')).loadShiki();
  }
  const site = parts === 1 ? getSite(abs) : planned.site;
  if (parts > 1 && opts.base) site.base = normalizeBase(opts.base);
  if (opts.site) site.url = normalizeSite(opts.site);
  site.only = undefined;
  // Pages that failed are left out: the rest of the site is written all the same, then the build fails naming them.
  const failure = buildFailure(site, opts.strict === true);
  await afterBuild(site, staging, log, search);
  const left = [...leftOutPages(site)].map((slug) => (slug === 'index' ? '/' : `/${slug}`));
  if (left.length)
    log.error(
      `${left.length} page${left.length === 1 ? '' : 's'} left out of the site (they failed, see below): ${left.slice(0, 10).join(', ')}${left.length > 10 ? `, … and ${left.length - 10} more` : ''}; every other page was written`,
    );
  return failure;
}

/**
 * Build `root` into `outDir`. Pages that fail are left out: the rest of the site replaces `outDir`, then the build
 * throws naming every failure. A build that stops (docs.json, navigation or specs unusable, a crash) leaves nothing
 * behind and the previous output untouched.
 */
export async function buildSite(root: string, opts: RunOptions = {}): Promise<{ outDir: string }> {
  const abs = path.resolve(root);
  const outDir = path.resolve(opts.outDir ?? path.join(abs, 'dist'));
  const staging = stagingDir(abs);
  await rm(staging, { recursive: true, force: true });
  await mkdir(path.dirname(staging), { recursive: true });
  const size = partSize();
  const restoreHeap = leanHeap();
  let failure: LecternBuildError | undefined;
  try {
    // LECTERN_PART_PAGES=0: one part, in this process.
    failure = await buildInParts(abs, staging, opts, size);
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  } finally {
    restoreHeap();
  }
  await rm(outDir, { recursive: true, force: true });
  await mkdir(path.dirname(outDir), { recursive: true });
  await moveInto(staging, outDir);
  if (failure) throw failure;
  return { outDir };
}

export async function devSite(root: string, opts: RunOptions = {}): Promise<{ stop(): Promise<void> }> {
  const abs = path.resolve(root);
  const { dev } = await import('astro');
  return dev(inlineConfig(abs, path.join(abs, 'dist'), opts));
}

export async function previewSite(root: string, opts: RunOptions = {}): Promise<{ stop(): Promise<void> }> {
  const abs = path.resolve(root);
  const outDir = path.resolve(opts.outDir ?? path.join(abs, 'dist'));
  if (!existsSync(outDir)) throw new Error(`Nothing to preview: ${outDir} does not exist. Run \`lectern build\` first.`);
  const { preview } = await import('astro');
  return preview(inlineConfig(abs, outDir, opts));
}
