/**
 * The worker thread of mdx-pool.ts: takes the next file from the shared counter, analyses it, posts the analysis.
 * Its files import nothing, so their island context is never asked about another file (it answers nothing).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { analyzeMdx } from '../mdx/analyze.ts';
import type { WorkerJob } from './mdx-pool.ts';

const { jobs, next } = workerData as { jobs: WorkerJob[]; next: Int32Array };
const unasked = { resolveImport: () => undefined, jsxInteractive: () => false, mdxIsland: () => undefined };
for (let i = Atomics.add(next, 0, 1); i < jobs.length; i = Atomics.add(next, 0, 1)) {
  const { source, file, opts } = jobs[i]!;
  try {
    const { islands, ...rest } = opts;
    parentPort!.postMessage({ i, analysis: analyzeMdx(source, file, islands ? { ...rest, islands: { ...islands, ...unasked } } : rest) });
  } catch {
    // Left to the main thread, which reports what went wrong when it analyses the file itself.
    parentPort!.postMessage({ i });
  }
}
parentPort!.postMessage({ done: true });
