/**
 * Spec Markdown rendered off the main thread. Descriptions (of operations, parameters, schema fields, responses) are
 * rendered with remark and rehype while the page renders: on a large API reference about a fifth of the main thread's
 * CPU time in a build (GitHub REST, cold: 10.1 s -> 8.1 s with this). Once the site is planned, a build hands every
 * description of the endpoint pages that will render, in render order, to a worker thread, which renders them while
 * Astro bundles; `renderMarkdown` then finds the HTML ready (see markdown.ts). Text the worker has not done yet is
 * rendered on the main thread as before: the HTML is the same either way, since both run the same function.
 */
import type { Page } from '@lectern/core';
import type { Site } from '../model/store.ts';
import { setRenderedMarkdown } from '../shared/render/markdown.ts';
import { findOperation } from '../endpoint/api-data.ts';
import { ownModule } from '../shared/modules/own-files.ts';
import { startWorker } from '../shared/modules/node-flags.ts';

export interface MarkdownPool {
  /** Settles once every text is rendered, or the worker failed. */
  done: Promise<void>;
  /** Stop the worker and forget the rendered text. */
  close(): Promise<{ sent: number; rendered: number }>;
}

type Reply = { id: number; results: string[] } | { id: number; error: string };

/**
 * The Markdown texts the endpoint pages among `pages` render, each once, in page order: the page's own description
 * and body, and every `description` string in its operation (parameters, bodies, schemas, responses, callbacks).
 * Objects shared between operations (dereferenced schemas) are walked once.
 */
export function pageMarkdown(site: Site, pages: readonly Page[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const visited = new WeakSet<object>();
  const add = (text: unknown) => {
    if (typeof text !== 'string' || !text || seen.has(text)) return;
    seen.add(text);
    out.push(text);
  };
  for (const page of pages) {
    if (page.kind !== 'operation') continue;
    const op = findOperation(site, page);
    add(page.description ?? op?.description);
    if (!page.file) add(page.body);
    const stack: unknown[] = [op];
    while (stack.length) {
      const v = stack.pop();
      if (!v || typeof v !== 'object' || visited.has(v)) continue;
      visited.add(v);
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
        continue;
      }
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, x] = entries[i]!;
        if (k === 'description' && typeof x === 'string') add(x);
        else if (x && typeof x === 'object') stack.push(x);
      }
    }
  }
  return out;
}

/**
 * Render `texts` in a worker thread, in batches, in the order given; the results become visible to `renderMarkdown`
 * as they arrive. A worker that fails is reported once (`onError`) and the main thread renders the rest.
 */
export function startMarkdownPool(
  texts: readonly string[],
  options: { onError?: (message: string) => void; workerModule?: string } = {},
): MarkdownPool {
  const ready = new Map<string, string>();
  setRenderedMarkdown(ready);
  const batches = new Map<number, string[]>();
  const worker = startWorker(options.workerModule ?? ownModule('workers/markdown-worker'));
  worker.unref();
  let closing = false;
  let failed = false;
  let settle!: () => void;
  const done = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const fail = (err: Error) => {
    if (failed || closing) return;
    failed = true;
    batches.clear();
    settle();
    options.onError?.(`rendering Markdown in a worker thread failed (${err.message}); the main thread renders it instead`);
    void worker.terminate();
  };
  worker.on('message', (m: Reply) => {
    const batch = batches.get(m.id);
    if (!batch) return;
    batches.delete(m.id);
    if ('error' in m) return fail(new Error(m.error.split('\n')[0]));
    for (let i = 0; i < batch.length; i++) ready.set(batch[i]!, m.results[i]!);
    if (!batches.size) settle();
  });
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (code !== 0) fail(new Error(`the worker exited with code ${code}`));
  });
  const BATCH = 64;
  let id = 0;
  for (let i = 0; i < texts.length; i += BATCH) {
    const batch = texts.slice(i, i + BATCH);
    batches.set(id, batch);
    worker.postMessage({ id: id++, texts: batch });
  }
  if (!batches.size) settle();
  return {
    done,
    async close() {
      closing = true;
      settle();
      setRenderedMarkdown(undefined);
      await worker.terminate();
      return { sent: texts.length, rendered: ready.size };
    },
  };
}
