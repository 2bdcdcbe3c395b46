/** The worker thread of the markdown pool (see markdown-pool.ts): batches of Markdown in, rendered HTML out. */
import { parentPort } from 'node:worker_threads';
import { renderMarkdown } from '../shared/render/markdown.ts';

interface Message {
  id: number;
  texts: string[];
}

parentPort!.on('message', (m: Message) => {
  try {
    parentPort!.postMessage({ id: m.id, results: m.texts.map((t) => renderMarkdown(t)) });
  } catch (err) {
    parentPort!.postMessage({ id: m.id, error: (err as Error).stack ?? String(err) });
  }
});
