/**
 * The Pagefind search index, fed page by page while the build renders: Pagefind runs as its own process, so on a
 * machine with more than one core it indexes the pages already rendered while the next ones render, instead of
 * reading every file back once the build is done. Pages are added in the order the build renders them (the order
 * of `getStaticPaths`; in a build in parts, part after part as each is merged, see run.ts), which is the same in
 * every build: Pagefind's output depends on that order, and a build whose pages came from the cache must write the
 * same index as one that rendered them all.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openBlob, sealBlob } from '../shared/build-cache.ts';

type PagefindIndex = NonNullable<Awaited<ReturnType<(typeof import('pagefind'))['createIndex']>>['index']>;

export interface SearchIndexer {
  /** Queue a page (`url`: its path from the site root, as Pagefind would name its file: `/a/b/`, `/404.html`). */
  add(url: string, html: string | Buffer): void;
  /** Pages queued so far. */
  readonly count: number;
  /** Resolves once at most `bytes` of queued pages wait for Pagefind (keeps memory flat when Pagefind lags). */
  drain(bytes: number): Promise<void>;
  /** Write the index to `outputPath` and stop Pagefind. */
  finish(outputPath: string): Promise<{ pages: number; errors: string[]; cached?: boolean }>;
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

export interface SearchIndexOptions {
  /**
   * Where the last index of each language is kept (`<cache>/search/<hash>.pack`), named by a hash of the language's
   * pages as Pagefind reads them, in order, and of `fingerprint`: a build whose pages of a language read the same gets
   * that language's index back instead of writing it.
   */
  cacheDir?: string;
  /** Lectern's code and the versions it builds with (lecternFingerprint()). */
  fingerprint?: string;
  /**
   * Hold the pages until `finish` instead of indexing them as they come: for a build that expects to find its index in
   * the cache (nothing it indexes changed), so Pagefind does not run at all when it does.
   */
  deferred?: boolean;
  /**
   * Languages (as `pageLanguage` reads them) whose pages are held until `finish` while the others are indexed as they
   * come: in a build whose changed pages are all of other languages, these expect their index from the cache. A
   * language is held or sent whole, so each language's pages reach Pagefind in the order they came either way.
   */
  hold?: ReadonlySet<string>;
}

/**
 * One Pagefind process per language of the site (a module instance of its own, so a service of its own): Pagefind
 * indexes each language on its own anyway (one index per `lang`, the search loads only the reader's), and one process
 * holding a large site's every language peaked at 2.9 GB writing crewAI's 12,930 pages in four languages. The
 * processes index side by side as pages come and write one after the other into the same folder; their entry files,
 * one language each, are merged into the one the search reads.
 */
async function pagefindFor(lang: string): Promise<typeof import('pagefind')> {
  const url = import.meta.resolve('pagefind');
  return (await import(`${url}?lang=${encodeURIComponent(lang || 'none')}`)) as typeof import('pagefind');
}

/** The `lang` of a page's `<html>` as Pagefind groups it (lower case), '' without one. */
export function pageLanguage(html: string): string {
  const tag = /<html[^>]*>/i.exec(html)?.[0] ?? '';
  return (/\slang=["']?([^"'\s>]+)/i.exec(tag)?.[1] ?? '').toLowerCase();
}

interface LanguageIndex {
  pagefind: typeof import('pagefind');
  index: PagefindIndex;
}

export async function startSearchIndex(options: SearchIndexOptions = {}): Promise<SearchIndexer> {
  const byLanguage = new Map<string, Promise<LanguageIndex>>();
  const indexFor = (lang: string): Promise<LanguageIndex> => {
    let started = byLanguage.get(lang);
    if (!started) {
      started = (async () => {
        const pagefind = await pagefindFor(lang);
        const { index, errors } = await pagefind.createIndex({});
        if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
        return { pagefind, index };
      })();
      started.catch(() => undefined);
      byLanguage.set(lang, started);
    }
    return started;
  };
  let live = !options.deferred;
  // Each language's index is named by a hash of its pages as Pagefind reads them, in order (`search 3`: one pack per
  // language, sealed with the hash of its content, see `keep`): an edit re-writes its own language's index only.
  const digests = new Map<string, ReturnType<typeof createHash>>();
  const digestOf = (lang: string) => {
    let digest = digests.get(lang);
    if (!digest) {
      digest = createHash('sha256').update(`search 3\u0000${options.fingerprint ?? ''}\u0000${lang}\u0000`);
      digests.set(lang, digest);
    }
    return digest;
  };
  const held: Array<[string, string, string]> = [];
  const problems: string[] = [];
  // Pages are sent as they come, without waiting for the previous one to be indexed: Pagefind reads its messages in
  // order and indexes them one after the other, so the index is the same, but it never waits for this process to
  // encode the next page (10-40 % less time for 1,200 pages, the more the busier the machine). `drain` bounds what
  // is in flight.
  const inFlight = new Set<Promise<unknown>>();
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
  const allSent = async () => {
    while (inFlight.size) await Promise.allSettled([...inFlight]);
  };
  const send = (lang: string, url: string, content: string) => {
    pending += content.length;
    const done = indexFor(lang)
      .then(({ index }) => index.addHTMLFile({ url, content }))
      .then(
        (r) => {
          if (r.errors.length) problems.push(...r.errors);
        },
        (err: unknown) => {
          problems.push(`${url}: ${err instanceof Error ? err.message : String(err)}`);
        },
      )
      .finally(() => {
        pending -= content.length;
        inFlight.delete(done);
        settle();
      });
    inFlight.add(done);
  };
  const closeAll = async () => {
    for (const started of byLanguage.values()) await started.then(({ pagefind }) => pagefind.close()).catch(() => undefined);
  };
  const stop = async () => {
    await allSent();
    await closeAll();
  };
  return {
    add(url, html) {
      count++;
      const content = searchHtml(typeof html === 'string' ? html : html.toString('utf8'));
      const lang = pageLanguage(content);
      digestOf(lang).update(url).update('\u0000').update(content).update('\u0000');
      if (live && !options.hold?.has(lang)) return send(lang, url, content);
      held.push([lang, url, content]);
    },
    get count() {
      return count;
    },
    drain(bytes) {
      if (pending <= bytes) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ bytes, resolve }));
    },
    async finish(outputPath) {
      // A site with no page still gets an (empty) index.
      if (digests.size === 0) digestOf('');
      const langs = [...digests.keys()].sort();
      const keys = new Map(langs.map((lang) => [lang, digests.get(lang)!.digest('hex')]));
      const packOf = (lang: string) => (options.cacheDir ? path.join(options.cacheDir, `${keys.get(lang)}.pack`) : undefined);
      // Languages whose pages read as when their index was kept: that index, and their held pages are not sent.
      const kept = new Set<string>();
      for (const lang of langs) {
        const pack = packOf(lang);
        if (pack && existsSync(pack) && (await unpack(pack, langDir(outputPath, lang)))) kept.add(lang);
        else await rm(langDir(outputPath, lang), { recursive: true, force: true });
      }
      live = true;
      for (const [lang, url, content] of held.splice(0)) if (!kept.has(lang)) send(lang, url, content);
      for (const lang of langs) if (!kept.has(lang)) indexFor(lang);
      await allSent();
      try {
        const cacheDir = options.cacheDir;
        await writeLanguages(byLanguage, langs, kept, outputPath, (lang, dir) =>
          cacheDir ? keep(cacheDir, keys.get(lang)!, dir).catch(() => undefined) : Promise.resolve(),
        );
        if (cacheDir) await sweepPacks(cacheDir, new Set(keys.values())).catch(() => undefined);
      } finally {
        await closeAll();
        for (const lang of langs) await rm(langDir(outputPath, lang), { recursive: true, force: true });
      }
      const cached = kept.size === langs.length;
      return { pages: count, errors: cached ? [] : problems, ...(cached ? { cached: true } : {}) };
    },
    close: stop,
  };
}

/** Where one language's index is written (or unpacked) before it joins the others: beside `outputPath`. */
const langDir = (outputPath: string, lang: string) => `${outputPath}.lang-${lang || 'none'}`;

/**
 * Each language's index, written by its process (then stopped; `written` keeps it) or unpacked from the cache, moved
 * into `outputPath` (files two languages share, Pagefind's scripts, are the same); one entry file listing every language.
 */
async function writeLanguages(
  byLanguage: Map<string, Promise<LanguageIndex>>,
  langs: readonly string[],
  kept: ReadonlySet<string>,
  outputPath: string,
  written: (lang: string, dir: string) => Promise<unknown>,
): Promise<void> {
  let entry: { languages?: Record<string, unknown> } | undefined;
  const failures: string[] = [];
  for (const lang of langs) {
    const dir = langDir(outputPath, lang);
    const started = byLanguage.get(lang);
    if (started) {
      const { pagefind, index } = await started;
      const wrote = kept.has(lang) ? undefined : await index.writeFiles({ outputPath: dir });
      await pagefind.close();
      if (wrote?.errors.length) failures.push(...wrote.errors);
      else if (wrote) await written(lang, dir);
    }
    const own = JSON.parse(await readFile(path.join(dir, 'pagefind-entry.json'), 'utf8')) as { languages?: Record<string, unknown> };
    entry = entry ? { ...own, languages: { ...entry.languages, ...own.languages } } : own;
    for (const rel of await listFiles(dir)) {
      if (rel === 'pagefind-entry.json') continue;
      const target = path.join(outputPath, rel);
      if (existsSync(target)) continue;
      await mkdir(path.dirname(target), { recursive: true });
      await rename(path.join(dir, rel), target);
    }
  }
  if (failures.length) throw new Error(`Pagefind failed: ${failures.join('; ')}`);
  await mkdir(outputPath, { recursive: true });
  if (entry) await writeFile(path.join(outputPath, 'pagefind-entry.json'), JSON.stringify(entry));
}

/**
 * Keep a language's index just written: its files (about 1,300 for 1,200 pages) packed into one file,
 * `<key>.pack` (a JSON list of names and sizes, its length first, then the bytes), which costs a read of each file
 * rather than a copy. The pack is sealed with the SHA-256 of its content like every blob of the build cache
 * (build-cache.ts `sealBlob`): `unpack` uses it only when it matches.
 */
async function keep(dir: string, key: string, from: string): Promise<void> {
  const files = await listFiles(from);
  const bodies = await Promise.all(files.map((f) => readFile(path.join(from, f))));
  const header = Buffer.from(JSON.stringify(files.map((f, i) => [f, bodies[i]!.length])));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.${key}.${process.pid}.tmp`);
  await writeFile(tmp, sealBlob(Buffer.concat([length, header, ...bodies])));
  await rename(tmp, path.join(dir, `${key}.pack`));
}

/** Remove the packs this build did not name (each language keeps its last index only). */
async function sweepPacks(dir: string, used: ReadonlySet<string>): Promise<void> {
  for (const name of await readdir(dir)) {
    if (name.endsWith('.pack') && !used.has(name.slice(0, -5))) await rm(path.join(dir, name), { force: true });
  }
}

/** A file name a pack may hold: `/`-separated segments, none empty, `.` or `..`, no `\\` or NUL, not absolute. */
const packName = (name: unknown): boolean =>
  typeof name === 'string' && !/[\\\0]/.test(name) && name.split('/').every((s) => s !== '' && s !== '.' && s !== '..');

/**
 * Write out a packed index (see `keep`) into `to`; false when there is none, or it is unreadable or does not match
 * the hash stored with it (then it is removed, with a warning line: the index is built again).
 */
async function unpack(file: string, to: string): Promise<boolean> {
  let data: Buffer;
  let entries: Array<[string, number]>;
  try {
    const opened = openBlob(await readFile(file));
    if (!opened) {
      console.warn(
        `[lectern] build cache: search/${path.basename(file)} does not match the hash stored with it (cut short, damaged or edited): not used, built again`,
      );
      await rm(file, { force: true });
      return false;
    }
    data = opened;
    const length = data.readUInt32BE(0);
    entries = JSON.parse(data.subarray(4, 4 + length).toString('utf8')) as Array<[string, number]>;
    let at = 4 + length;
    for (const [, size] of entries) at += size;
    if (at !== data.length || !entries.every(([name, size]) => packName(name) && Number.isInteger(size) && size >= 0)) return false;
  } catch {
    return false;
  }
  let at = 4 + data.readUInt32BE(0);
  const folders = new Set<string>();
  for (const [name, size] of entries) {
    const target = path.join(to, name);
    const folder = path.dirname(target);
    if (!folders.has(folder)) {
      await mkdir(folder, { recursive: true });
      folders.add(folder);
    }
    await writeFile(target, data.subarray(at, at + size));
    at += size;
  }
  return true;
}

/** Files under `dir`, as `/`-separated paths relative to it, sorted. */
export async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else out.push(rel);
  }
  return out.sort();
}

/**
 * Add the built pages of `dist` (by slug, in the order given: the build's render order) that the build did not
 * stream, as `a/b/index.html` or `a/b.html`; pages without a file (none built) are skipped. `as` turns a file's HTML
 * into what the page will read once the build is done (its links under a base path).
 */
export async function addPages(
  indexer: SearchIndexer,
  dist: string,
  slugs: readonly string[],
  as?: (html: string) => string,
): Promise<void> {
  for (const slug of slugs) {
    const candidates = slug === 'index' ? ['index.html'] : [`${slug}/index.html`, `${slug}.html`];
    for (const rel of candidates) {
      const html = await readFile(path.join(dist, rel), 'utf8').catch(() => undefined);
      if (html === undefined) continue;
      indexer.add(rel === 'index.html' ? '/' : rel.endsWith('/index.html') ? `/${slug}/` : `/${slug}.html`, as ? as(html) : html);
      await indexer.drain(QUEUE_BYTES);
      break;
    }
  }
}

/** How much page text may wait for Pagefind before the build waits for it. */
export const QUEUE_BYTES = 8_000_000;
