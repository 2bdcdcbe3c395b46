/**
 * Highlighting off the main thread, and from the cache. A build hands the pool every code sample its API pages will
 * show, in page order, as soon as the site is planned; worker threads highlight them while Astro bundles and renders,
 * so a page finds its samples ready; the fenced code blocks of MDX pages too (code-blocks.ts). What is highlighted is
 * kept in the cache for the next build. Code the pool was not given (a `<CodeBlock>` written with props) is
 * highlighted on the main thread, and cached too.
 */
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { highlightDirect, setHighlightService, type HighlightService, type LineMarks } from '../shared/highlight/highlight.ts';
import type { HighlightInput } from '../endpoint/panel.ts';
import { readJson, sha256, writeAtomic } from '../shared/build-cache.ts';
import { ownModule } from '../shared/modules/own-files.ts';
import { codeThemeKey, currentCodeTheme } from '../shared/highlight/code-theme.ts';
import { startWorker } from '../shared/modules/node-flags.ts';

/** Worker threads for a build: `LECTERN_WORKERS`, else one fewer than the cores (at least one, at most four). */
export function workerCount(): number {
  const env = process.env.LECTERN_WORKERS;
  if (env !== undefined && /^\d+$/.test(env)) return Number(env);
  return Math.max(1, Math.min(4, os.availableParallelism() - 1));
}

interface Job {
  code: string;
  lang: string;
  marks?: LineMarks;
}
type Reply = { id: number; results: string[] } | { id: number; error: string };

/** Entries not used for this many builds leave the highlight cache. */
const KEEP_BUILDS = 3;
interface StoredHighlights {
  generation: number;
  entries: Record<string, [number, string]>;
}

export interface HighlightPool {
  /** Highlight these ahead of rendering (duplicates and cached code are skipped). */
  prefetch(inputs: readonly HighlightInput[]): void;
  /** Stop the workers and write the cache (when one was given). */
  close(): Promise<{ prefetched: number; cached: number; highlighted: number }>;
}

function marksKey(marks?: LineMarks): string {
  if (!marks) return '';
  const list = (s?: Set<number>) => (s ? [...s].sort((a, b) => a - b).join(',') : '');
  return `${list(marks.highlight)}|${list(marks.focus)}|${list(marks.add)}|${list(marks.remove)}`;
}

/**
 * Start `workers` threads (none: no prefetching, only the cache) and register the pool as the highlight service.
 * `cacheFile`: where highlighted code is kept between builds; `fingerprint` names the code that highlights.
 */
export function startHighlightPool(options: {
  workers: number;
  cacheFile?: string;
  fingerprint: string;
  onDemand?: boolean;
  /**
   * When `close` writes `cacheFile`: `always` (default; entries age, see KEEP_BUILDS), or `when-new`: only if code
   * was highlighted that the file did not hold (a build of a few pages leaves an unchanged cache as it was).
   */
  writeBack?: 'always' | 'when-new';
  /** A worker failed (its code is then highlighted on the main thread): said once. */
  onError?: (message: string) => void;
  /** The worker's module (default: highlight-worker, .ts in the workspace, .js when installed). */
  workerModule?: string;
}): HighlightPool {
  const { workers: count, cacheFile, fingerprint, onDemand } = options;
  let reported = false;
  const report = (err: unknown) => {
    if (reported) return;
    reported = true;
    options.onError?.(
      `highlighting in a worker thread failed (${(err as Error)?.message ?? String(err)}); the main thread highlights instead`,
    );
  };
  const stored = cacheFile ? readJson<StoredHighlights>(cacheFile) : undefined;
  const generation = (stored?.generation ?? 0) + 1;
  const old = new Map(Object.entries(stored?.entries ?? {}));
  const used = new Map<string, string>();
  const pending = new Map<string, Promise<string>>();
  // The site's code theme (docs.json `styling.codeblocks`) colors the HTML: the workers highlight with it, the cache keys on it.
  const codeTheme = currentCodeTheme();
  const themeOnly = codeThemeKey(codeTheme);
  const themeKey = fingerprint + themeOnly;
  const keyOf = (code: string, lang: string, marks?: LineMarks) => sha256(themeKey, lang, marksKey(marks), code);
  let prefetched = 0;
  let cachedHits = 0;
  let highlightedHere = 0;

  const threads: Worker[] = [];
  /** Set once a worker failed: the pool then hands everything back to the main thread. */
  let dead: Error | undefined;
  let closing = false;
  const waiting = new Map<number, { resolve: (r: string[]) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  for (let i = 0; i < count; i++) {
    const w = startWorker(options.workerModule ?? ownModule('workers/highlight-worker'), { workerData: { codeTheme } });
    w.unref();
    w.on('message', (m: Reply) => {
      const job = waiting.get(m.id);
      if (!job) return;
      waiting.delete(m.id);
      if ('error' in m) job.reject(new Error(m.error));
      else job.resolve(m.results);
    });
    const fail = (err: Error) => {
      dead ??= err;
      for (const [, job] of waiting) job.reject(err);
      waiting.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => {
      if (code !== 0 && !closing) fail(new Error(`the worker exited with code ${code}`));
    });
    threads.push(w);
  }
  let turn = 0;
  const run = (jobs: Job[]): Promise<string[]> => {
    if (dead) return Promise.reject(dead);
    const id = nextId++;
    const worker = threads[turn++ % threads.length]!;
    return new Promise<string[]>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, jobs });
    });
  };

  /** Send jobs to a worker as one batch; each gets a pending promise. */
  function schedule(items: Array<{ key: string; job: Job }>): Array<Promise<string>> {
    const results = run(items.map((i) => i.job));
    return items.map(({ key, job }, n) => {
      // A worker that fails leaves its code to the main thread: the page still gets it.
      const html = results
        .then(
          (r) => r[n]!,
          (err: unknown) => {
            report(err);
            return highlightDirect(job.code, job.lang, job.marks);
          },
        )
        .then((h) => {
          used.set(key, h);
          pending.delete(key);
          return h;
        });
      pending.set(key, html);
      return html;
    });
  }

  const service: HighlightService = {
    get(code, lang, marks) {
      // The theme changed since the pool started (`lectern dev` after a docs.json edit): highlighted here, not kept.
      if (codeThemeKey(currentCodeTheme()) !== themeOnly) return undefined;
      const key = keyOf(code, lang, marks);
      const p = pending.get(key);
      if (p) return p;
      const hit = used.get(key) ?? old.get(key)?.[1];
      if (hit === undefined) return onDemand && threads.length ? schedule([{ key, job: { code, lang, marks } }])[0] : undefined;
      if (!used.has(key)) cachedHits++;
      used.set(key, hit);
      return Promise.resolve(hit);
    },
    put(code, lang, marks, html) {
      if (codeThemeKey(currentCodeTheme()) !== themeOnly) return;
      highlightedHere++;
      used.set(keyOf(code, lang, marks), html);
    },
  };
  setHighlightService(service);

  const BATCH = 24;
  return {
    prefetch(inputs) {
      if (!threads.length) return;
      let batch: Array<{ key: string; job: Job }> = [];
      const flush = () => {
        if (!batch.length) return;
        schedule(batch);
        batch = [];
      };
      for (const { code, lang, marks } of inputs) {
        const key = keyOf(code, lang, marks);
        if (pending.has(key) || used.has(key) || old.has(key) || batch.some((b) => b.key === key)) continue;
        batch.push({ key, job: marks ? { code, lang, marks } : { code, lang } });
        prefetched++;
        if (batch.length >= BATCH) flush();
      }
      flush();
    },
    async close() {
      await Promise.allSettled([...pending.values()]);
      setHighlightService(undefined);
      closing = true;
      await Promise.all(threads.map((t) => t.terminate()));
      const fresh = [...used.keys()].some((key) => !old.has(key));
      if (cacheFile && (options.writeBack !== 'when-new' || fresh)) {
        const entries: StoredHighlights['entries'] = {};
        for (const [key, html] of used) entries[key] = [generation, html];
        for (const [key, entry] of old) if (!(key in entries) && generation - entry[0] < KEEP_BUILDS) entries[key] = entry;
        writeAtomic(cacheFile, JSON.stringify({ generation, entries } satisfies StoredHighlights));
      }
      return { prefetched, cached: cachedHits, highlighted: highlightedHere };
    },
  };
}
