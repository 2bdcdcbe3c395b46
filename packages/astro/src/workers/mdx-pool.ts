/**
 * MDX analysis on every core. Planning a prose site analyses each page (parse, check, rewrite: mdx-analyze.ts), about
 * 10–20 ms a page, one after the other on the main thread: 12 s of the 20 s that planning Mintlify's docs (1,062
 * pages) took. Before `prepareSite`, the files it will analyse (the pages' MDX and the snippets they import) and that
 * the cache lacks (prepare.ts `analysisJobs`) are shared between the main thread and worker threads: each takes the
 * next file from one counter (an `Int32Array` on shared memory), so a worker still loading its modules takes none and
 * none waits for another. The analyses are handed to the cache by key (mdx-cache.ts `keepAhead`), where
 * `prepareSite` finds them. Only files that import nothing go ahead: their analysis never asks about another file, so
 * it is the same in any thread. Files of the same text and options (a page copied into every version or language of a
 * site: crewAI's docs have 13,003 MDX files and 1,383 distinct texts) are analysed once; the copies take that analysis,
 * their diagnostics naming them. A worker that fails leaves its files to `prepareSite`. `LECTERN_WORKERS=0` analyses on
 * the main thread only, and a warm cache needs none of this (prepare.ts `analysisJobs` finds no jobs then).
 */
import type { Worker } from 'node:worker_threads';
import { analyzeMdx, type MdxAnalysis } from '../mdx/analyze.ts';
import { keepAhead } from '../mdx/cache.ts';
import { workerCount } from './highlight-pool.ts';
import { startWorker } from '../shared/modules/node-flags.ts';
import { ownModule } from '../shared/modules/own-files.ts';
import type { AnalysisJob } from '../mdx/prepare.ts';

/** What a worker receives of a job: the island context without its functions (they do not cross threads). */
export interface WorkerJob {
  source: string;
  file: string;
  opts: Omit<AnalysisJob['opts'], 'islands'> & { islands?: { path: string; builtinsModule: string } };
}

/** Fewer files than this are analysed where `prepareSite` meets them: a worker takes about half a second to start. */
const MIN_FILES = 40;

type Reply = { i: number; analysis?: MdxAnalysis } | { done: true };

/**
 * Analyse `jobs` on the main thread and worker threads; returns how many files have their analysis ahead and how many
 * of those took another file's (the same text). `mainThread: false` leaves every file to the workers (tests).
 */
export async function analyzeAhead(
  jobs: readonly AnalysisJob[],
  options: { workers?: number; mainThread?: boolean } = {},
): Promise<{ ahead: number; copies: number }> {
  const count = options.workers ?? workerCount();
  if (jobs.length < MIN_FILES || count < 1) return { ahead: 0, copies: 0 };
  const { distinct, copies } = sameText(jobs);
  const done = await analyzeDistinct(distinct, count, options.mainThread !== false);
  // A file with the text and options of another (a page copied into every version or language) takes its analysis,
  // its diagnostics naming it instead; one whose analysis made an island (named after its file) is analysed itself.
  let reused = 0;
  for (const [copy, first] of copies) {
    const analysis = done.get(first);
    if (!analysis || analysis.island) continue;
    done.set(copy, retarget(analysis, first.file, copy.file));
    reused++;
  }
  for (const [job, analysis] of done) keepAhead(job.key, analysis);
  return { ahead: done.size, copies: reused };
}

/** The jobs of distinct text and options, and each other job with the first of its text. */
function sameText(jobs: readonly AnalysisJob[]): { distinct: AnalysisJob[]; copies: Map<AnalysisJob, AnalysisJob> } {
  const firsts = new Map<string, AnalysisJob>();
  const copies = new Map<AnalysisJob, AnalysisJob>();
  for (const job of jobs) {
    const { islands, ...rest } = job.opts;
    const key = JSON.stringify([job.source, rest, islands?.builtinsModule ?? null]);
    const first = firsts.get(key);
    if (first) copies.set(job, first);
    else firsts.set(key, job);
  }
  return { distinct: [...firsts.values()], copies };
}

/** `analysis` of the file `from`, as the analysis of the same text in the file `to`. */
export function retarget(analysis: MdxAnalysis, from: string, to: string): MdxAnalysis {
  return { ...analysis, diagnostics: analysis.diagnostics.map((d) => (d.file === from ? { ...d, file: to } : d)) };
}

/** Analyse `jobs` on this thread and `count` worker threads, each taking the next file from one shared counter. */
async function analyzeDistinct(jobs: readonly AnalysisJob[], count: number, mainThread: boolean): Promise<Map<AnalysisJob, MdxAnalysis>> {
  const next = new Int32Array(new SharedArrayBuffer(4));
  const shared: WorkerJob[] = jobs.map(({ source, file, opts }) => ({
    source,
    file,
    opts: { ...opts, ...(opts.islands ? { islands: { path: opts.islands.path, builtinsModule: opts.islands.builtinsModule } } : {}) },
  }));
  const results: Array<MdxAnalysis | undefined> = new Array(jobs.length);
  const workers: Worker[] = [];
  const finished: Array<Promise<void>> = [];
  for (let w = 0; w < count; w++) {
    let worker: Worker;
    try {
      worker = startWorker(ownModule('workers/mdx-worker'), { workerData: { jobs: shared, next } });
    } catch {
      break;
    }
    workers.push(worker);
    finished.push(
      new Promise<void>((resolve) => {
        worker.on('message', (m: Reply) => {
          if ('done' in m) resolve();
          else if (m.analysis) results[m.i] = m.analysis;
        });
        worker.once('error', () => resolve());
        worker.once('exit', () => resolve());
      }),
    );
  }
  // This thread takes files from the same counter meanwhile.
  for (let i = mainThread ? Atomics.add(next, 0, 1) : jobs.length; i < jobs.length; i = Atomics.add(next, 0, 1)) {
    const job = jobs[i]!;
    try {
      results[i] = analyzeMdx(job.source, job.file, job.opts);
    } catch {
      // prepareSite analyses it again and reports the failure.
    }
  }
  await Promise.all(finished);
  await Promise.all(workers.map((w) => w.terminate()));
  const done = new Map<AnalysisJob, MdxAnalysis>();
  results.forEach((analysis, i) => {
    if (analysis) done.set(jobs[i]!, analysis);
  });
  return done;
}
