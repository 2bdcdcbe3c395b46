/**
 * The search index's worker thread (see search-index.ts): pages in, in the order the build adds them; the index
 * written on `finish`. Each page is acknowledged once Pagefind has indexed it (the build bounds what waits).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startLocalSearchIndex, type SearchIndexer, type SearchIndexOptions } from './search-index.ts';

type Message =
  | { type: 'add'; url: string; html: string | Uint8Array; bytes: number }
  | { type: 'finish'; outputPath: string }
  | { type: 'close' };

const port = parentPort!;
let index: SearchIndexer;
try {
  index = await startLocalSearchIndex(workerData as SearchIndexOptions);
  port.postMessage({ type: 'ready' });
} catch (err) {
  port.postMessage({ type: 'failed', error: (err as Error).message ?? String(err) });
  process.exit(0);
}

port.on('message', (m: Message) => {
  if (m.type === 'add') {
    const html = typeof m.html === 'string' ? m.html : Buffer.from(m.html.buffer, m.html.byteOffset, m.html.byteLength);
    index.add(m.url, html, () => port.postMessage({ type: 'indexed', bytes: m.bytes }));
  } else if (m.type === 'finish') {
    index.finish(m.outputPath).then(
      ({ errors, cached }) => port.postMessage({ type: 'finished', errors, writeErrors: [], cached }),
      (err: Error) => port.postMessage({ type: 'finished', errors: [], writeErrors: [err.message] }),
    );
  } else {
    index.close().finally(() => port.postMessage({ type: 'closed' }));
  }
});
