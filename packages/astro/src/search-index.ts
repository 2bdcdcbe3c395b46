/**
 * The Pagefind search index, fed page by page while the build renders: Pagefind runs as its own process, so on a
 * machine with more than one core it indexes the pages already rendered while the next ones render, instead of
 * reading every file back once the build is done. Pages are added in the order the build renders them (the order
 * of `getStaticPaths`), which is the same in every build: Pagefind's output depends on that order, and a build whose
 * pages came from the cache must write the same index as one that rendered them all.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

type PagefindIndex = Awaited<ReturnType<typeof import('pagefind')['createIndex']>>['index'];

export interface SearchIndexer {
  /** Queue a page (`url`: its path from the site root, as Pagefind would name its file: `/a/b/`, `/404.html`). */
  add(url: string, html: string | Buffer): void;
  /** Pages queued so far. */
  readonly count: number;
  /** Resolves once at most `bytes` of queued pages wait for Pagefind (keeps memory flat when Pagefind lags). */
  drain(bytes: number): Promise<void>;
  /** Write the index to `outputPath` and stop Pagefind. */
  finish(outputPath: string): Promise<{ pages: number; errors: string[] }>;
  /** Stop Pagefind without writing (a failed build). */
  close(): Promise<void>;
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** The end (index after `>`) of the element whose start tag opens at `open`, or -1. */
function elementEnd(html: string, open: number, limit = html.length): number {
  const tag = /^<([a-zA-Z][\w-]*)/.exec(html.slice(open, open + 40))?.[1]?.toLowerCase();
  if (!tag) return -1;
  const startEnd = html.indexOf('>', open);
  if (startEnd < 0) return -1;
  if (VOID.has(tag) || html[startEnd - 1] === '/') return startEnd + 1;
  const re = new RegExp(`<(/?)${tag}(?=[\\s>/])`, 'gi');
  re.lastIndex = startEnd + 1;
  let depth = 1;
  for (let m = re.exec(html); m && m.index < limit; m = re.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return html.indexOf('>', m.index) + 1;
  }
  return -1;
}

/** The body element without its `data-pagefind-ignore` elements (those holding no other `data-pagefind-` attribute). */
function withoutIgnored(html: string): string {
  let out = '';
  let from = 0;
  for (let at = html.indexOf(' data-pagefind-ignore', from); at >= 0; at = html.indexOf(' data-pagefind-ignore', from)) {
    const open = html.lastIndexOf('<', at);
    const end = open > from ? elementEnd(html, open) : -1;
    if (end < 0 || html.slice(html.indexOf('>', open), end).includes('data-pagefind-')) {
      out += html.slice(from, at + 1);
      from = at + 1;
      continue;
    }
    out += html.slice(from, open);
    from = end;
  }
  return out + html.slice(from);
}

/**
 * What Pagefind reads of a page, without the parts it skips anyway: with `data-pagefind-body` on the page, only
 * that element is indexed, so the head (but `<title>` and `lang`), the top bar and the sidebar need not be sent,
 * nor the elements inside marked `data-pagefind-ignore` (the example panel). Pagefind writes the same index from
 * this as from the whole page (see the search-index tests); a page without the attribute is sent whole.
 */
export function searchHtml(html: string): string {
  const body = html.indexOf(' data-pagefind-body');
  if (body < 0) return html;
  const open = html.lastIndexOf('<', body);
  const end = elementEnd(html, open);
  if (end <= 0) return html;
  const htmlTag = /<html[^>]*>/i.exec(html)?.[0] ?? '<html>';
  const title = /<title>[\s\S]*?<\/title>/i.exec(html)?.[0] ?? '';
  const outside = html.slice(0, open) + html.slice(end);
  const meta = [...outside.matchAll(/<[^>]*\sdata-pagefind-(?:meta|filter|sort)[^>]*>/g)].map((m) => m[0]).join('');
  return `<!DOCTYPE html>${htmlTag}<head>${title}</head><body>${meta}${withoutIgnored(html.slice(open, end))}</body></html>`;
}

export async function startSearchIndex(): Promise<SearchIndexer> {
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  const idx: PagefindIndex = index;
  const problems: string[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  let count = 0;
  let pending = 0;
  const waiters: Array<{ bytes: number; resolve: () => void }> = [];
  const settle = () => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (pending > waiters[i]!.bytes) continue;
      waiters[i]!.resolve();
      waiters.splice(i, 1);
    }
  };
  return {
    add(url, html) {
      count++;
      const content = searchHtml(typeof html === 'string' ? html : html.toString('utf8'));
      pending += content.length;
      queue = queue.then(() => idx.addHTMLFile({ url, content })).then((r) => {
        pending -= content.length;
        settle();
        if (r.errors.length) problems.push(...r.errors);
      }, (err: Error) => {
        pending -= content.length;
        settle();
        problems.push(`${url}: ${err.message}`);
      });
    },
    get count() {
      return count;
    },
    drain(bytes) {
      if (pending <= bytes) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ bytes, resolve }));
    },
    async finish(outputPath) {
      await queue;
      const written = await idx.writeFiles({ outputPath });
      await pagefind.close();
      if (written.errors.length) throw new Error(`Pagefind failed: ${written.errors.join('; ')}`);
      return { pages: count, errors: problems };
    },
    async close() {
      await queue.catch(() => undefined);
      await pagefind.close();
    },
  };
}

/**
 * Add the built pages of `dist` (by slug, in the order given: the build's render order) that the build did not
 * stream, as `a/b/index.html` or `a/b.html`; pages without a file (none built) are skipped.
 */
export async function addPages(indexer: SearchIndexer, dist: string, slugs: readonly string[]): Promise<void> {
  for (const slug of slugs) {
    const candidates = slug === 'index' ? ['index.html'] : [`${slug}/index.html`, `${slug}.html`];
    for (const rel of candidates) {
      const html = await readFile(path.join(dist, rel), 'utf8').catch(() => undefined);
      if (html === undefined) continue;
      indexer.add(rel === 'index.html' ? '/' : rel.endsWith('/index.html') ? `/${slug}/` : `/${slug}.html`, html);
      await indexer.drain(QUEUE_BYTES);
      break;
    }
  }
}

/** How much page text may wait for Pagefind before the build waits for it. */
export const QUEUE_BYTES = 8_000_000;
