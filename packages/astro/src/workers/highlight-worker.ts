/** A worker thread of the highlight pool (see highlight-pool.ts): batches of code in, highlighted HTML out. */
import { parentPort, workerData } from 'node:worker_threads';
import { highlightDirect, type LineMarks } from '../shared/highlight/highlight.ts';
import { setCodeTheme, type CodeTheme } from '../shared/highlight/code-theme.ts';
import { loadShiki } from '../shared/highlight/shiki-load.ts';

loadShiki();
setCodeTheme((workerData as { codeTheme?: CodeTheme } | null)?.codeTheme);

interface Message {
  id: number;
  jobs: Array<{ code: string; lang: string; marks?: LineMarks }>;
}

let queue: Promise<void> = Promise.resolve();
parentPort!.on('message', (m: Message) => {
  // One batch at a time, in the order they came: the pages that render first get their code first.
  queue = queue.then(async () => {
    try {
      const results: string[] = [];
      for (const job of m.jobs) results.push(await highlightDirect(job.code, job.lang, job.marks));
      parentPort!.postMessage({ id: m.id, results });
    } catch (err) {
      parentPort!.postMessage({ id: m.id, error: (err as Error).stack ?? String(err) });
    }
  });
});
