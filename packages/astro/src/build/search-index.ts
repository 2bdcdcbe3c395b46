/**
 * The Pagefind search index, fed page by page while the build renders: Pagefind runs as its own process, so on a
 * machine with more than one core it indexes the pages already rendered while the next ones render, instead of
 * reading every file back once the build is done. Pages are added in the order the build renders them (the order
 * of `getStaticPaths`; in a build in parts, part after part as each is merged, see run.ts), which is the same in
 * every build: Pagefind's output depends on that order, and a build whose pages came from the cache must write the
 * same index as one that rendered them all. The index is written in bundles (search-bundles.ts): one per language
 * and version, each cut again when it reaches `BUNDLE_BYTES` of page text, each by a Pagefind process of its own, so
 * no process holds a large site's whole index.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openBlob, sealBlob } from '../shared/build-cache.ts';
import { BUNDLE_BYTES, bundleFolder, pageVersion, versionFolder, type BundleList } from './search-bundles.ts';

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
   * Where the last index of each language and version is kept (`<cache>/search/<hash>.pack`), named by a hash of its
   * pages as Pagefind reads them, in order, and of `fingerprint`: a build whose pages of a language and version read
   * the same gets that index back instead of writing it.
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
   * Languages (as `pageLanguage` reads them), or languages and versions (`searchGroup`), whose pages are held until
   * `finish` while the others are indexed as they come: in a build whose changed pages are all of other languages or
   * versions, these expect their index from the cache. A language and version is held or sent whole, so its pages
   * reach Pagefind in the order they came either way.
   */
  hold?: ReadonlySet<string>;
  /**
   * The page text one bundle takes before its language and version go on in another (search-bundles.ts
   * `BUNDLE_BYTES`; `LECTERN_SEARCH_BUNDLE_BYTES` sets it for a whole build).
   */
  bundleBytes?: number;
}

/**
 * Pagefind services to write bundles with, each a module instance of its own (so a process of its own): a stopped
 * one is taken again for the next bundle (Pagefind starts its service again on the next call), so a build of many
 * bundles loads as many instances as it has processes at once. One process holding a large site's every language
 * peaked at 2.9 GB writing crewAI's 12,930 pages in four languages; one holding crewAI's English pages of 35 versions
 * at 2.3 GB: each language and version is indexed and written by a process of its own (search-bundles.ts).
 */
const idleServices: Array<typeof import('pagefind')> = [];
let services = 0;
async function takeService(): Promise<typeof import('pagefind')> {
  const idle = idleServices.pop();
  if (idle) return idle;
  const url = import.meta.resolve('pagefind');
  return (await import(`${url}?service=${++services}`)) as typeof import('pagefind');
}
async function releaseService(pagefind: typeof import('pagefind')): Promise<void> {
  await pagefind.close().catch(() => undefined);
  idleServices.push(pagefind);
}

/** The `lang` of a page's `<html>` as Pagefind groups it (lower case), '' without one. */
export function pageLanguage(html: string): string {
  const tag = /<html[^>]*>/i.exec(html)?.[0] ?? '';
  return (/\slang=["']?([^"'\s>]+)/i.exec(tag)?.[1] ?? '').toLowerCase();
}

/** Bundles of one language fed at once: the one fed least recently is written when a third is needed. */
const LIVE_PER_LANGUAGE = 2;

/** One bundle of a language (search-bundles.ts): its pages go to a Pagefind process of its own, then it is written. */
interface Bundle {
  version: string;
  /** Its place among the bundles of its language and version (0: the first). */
  seq: number;
  /** Where it is written under its language's folder (`b0`, `b1`, … in the order bundles start). */
  name: string;
  bytes: number;
  started: Promise<{ pagefind: typeof import('pagefind'); index: PagefindIndex }>;
  inFlight: Set<Promise<unknown>>;
  /** Set once it is written (or failed to be) and its process stopped. */
  written?: Promise<void>;
}

/** A language's record of its bundles (`bundles.json` in its folder, packed with it): name, version, seq. */
type BundleRecord = [name: string, version: string, seq: number];

/**
 * A language and version as `hold` and the cache name them (`lang` as `pageLanguage` reads it, `version` as
 * `pageVersion` does, '' none): the unit the index is kept and held by.
 */
export const searchGroup = (lang: string, version: string): string => `${lang}\u0000${version}`;

/** The folder of a language and version's bundles while they are written or unpacked. */
const groupFolder = (lang: string, version: string) => `${lang || 'none'}/${version ? versionFolder(version) : '_'}`;

export async function startSearchIndex(options: SearchIndexOptions = {}): Promise<SearchIndexer> {
  const bundleBytes = options.bundleBytes ?? (Number(process.env.LECTERN_SEARCH_BUNDLE_BYTES) || BUNDLE_BYTES);
  /** Every bundle of each language, in the order they started. */
  const bundles = new Map<string, Bundle[]>();
  /** The bundles of each language still fed, the one fed last at the end. */
  const live = new Map<string, Bundle[]>();
  // Bundles are written as they fill or give way to others, while the build goes on: into a folder of this build's
  // own beside the cache (or the system's temporary folder), one folder per language, moved into place by `finish`.
  let staging: Promise<string> | undefined;
  const stage = () =>
    (staging ??= (async () => {
      const parent = options.cacheDir ?? tmpdir();
      await mkdir(parent, { recursive: true });
      return mkdtemp(path.join(parent, '.search-stage-'));
    })());
  // A folder per language and version, so each can be kept in the cache on its own (`keep`).
  const liveDir = async (lang: string, version: string) => path.join(await stage(), 'live', groupFolder(lang, version));
  const failures: string[] = [];
  const problems: string[] = [];

  const startBundle = (lang: string, version: string): Bundle => {
    const own = bundles.get(lang) ?? [];
    bundles.set(lang, own);
    const started = (async () => {
      const pagefind = await takeService();
      const { index, errors } = await pagefind.createIndex({});
      if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
      return { pagefind, index };
    })();
    started.catch(() => undefined);
    const seq = own.filter((b) => b.version === version).length;
    const bundle: Bundle = { version, seq, name: `b${own.length}`, bytes: 0, started, inFlight: new Set() };
    own.push(bundle);
    return bundle;
  };
  const write = (lang: string, bundle: Bundle): Promise<void> =>
    (bundle.written ??= (async () => {
      while (bundle.inFlight.size) await Promise.allSettled([...bundle.inFlight]);
      const { pagefind, index } = await bundle.started;
      try {
        const wrote = await index.writeFiles({ outputPath: path.join(await liveDir(lang, bundle.version), bundle.name) });
        failures.push(...wrote.errors);
      } finally {
        await releaseService(pagefind);
      }
    })().catch((err: unknown) => {
      failures.push(err instanceof Error ? err.message : String(err));
    }));
  /** The bundle a page of `lang` and `version` of `size` characters goes to: the live one of that version while it has room. */
  const bundleFor = (lang: string, version: string, size: number): Bundle => {
    const fed = live.get(lang) ?? [];
    live.set(lang, fed);
    let bundle = fed.find((b) => b.version === version);
    if (bundle && bundle.bytes > 0 && bundle.bytes + size > bundleBytes) {
      fed.splice(fed.indexOf(bundle), 1);
      void write(lang, bundle);
      bundle = undefined;
    }
    if (bundle) fed.splice(fed.indexOf(bundle), 1);
    else {
      if (fed.length >= LIVE_PER_LANGUAGE) void write(lang, fed.shift()!);
      bundle = startBundle(lang, version);
    }
    fed.push(bundle);
    return bundle;
  };

  let feeding = !options.deferred;
  // Each language and version's index is named by a hash of its pages as Pagefind reads them, in order (`search 5`: one
  // pack per language and version, sealed with the hash of its content, see `keep`): an edit re-writes its own
  // language and version's index only. In the order their first page came.
  const digests = new Map<string, { lang: string; version: string; hash: ReturnType<typeof createHash> }>();
  const digestOf = (lang: string, version: string) => {
    const group = searchGroup(lang, version);
    let digest = digests.get(group);
    if (!digest) {
      const hash = createHash('sha256').update(`search 5\u0000${options.fingerprint ?? ''}\u0000${lang}\u0000${version}\u0000`);
      digests.set(group, (digest = { lang, version, hash }));
    }
    return digest.hash;
  };
  // Held: pages of a language, or of a language and version, expected from the cache (`hold`).
  const isHeld = (lang: string, version: string) =>
    options.hold?.has(lang) === true || options.hold?.has(searchGroup(lang, version)) === true;
  const held: Array<[string, string, string, string]> = [];
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
  const send = (lang: string, version: string, url: string, content: string) => {
    const bundle = bundleFor(lang, version, content.length);
    bundle.bytes += content.length;
    pending += content.length;
    const done = bundle.started
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
        bundle.inFlight.delete(done);
        settle();
      });
    inFlight.add(done);
    bundle.inFlight.add(done);
  };
  const stopAll = async () => {
    await allSent();
    for (const own of bundles.values()) {
      for (const b of own) {
        if (!b.written) b.written = b.started.then(({ pagefind }) => releaseService(pagefind)).catch(() => undefined);
        await b.written;
      }
    }
  };
  const removeStage = async () => {
    if (staging) await rm(await staging, { recursive: true, force: true });
  };
  return {
    add(url, html) {
      count++;
      const whole = typeof html === 'string' ? html : html.toString('utf8');
      const version = pageVersion(whole);
      const content = searchHtml(whole);
      const lang = pageLanguage(content);
      digestOf(lang, version).update(url).update('\u0000').update(content).update('\u0000');
      if (feeding && !isHeld(lang, version)) return send(lang, version, url, content);
      held.push([lang, version, url, content]);
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
      if (digests.size === 0) digestOf('', '');
      // Languages in order, each language's versions in the order their first page came.
      const groups = [...digests.entries()]
        .map(([group, { lang, version, hash }]) => ({ group, lang, version, key: hash.digest('hex') }))
        .sort((a, b) => (a.lang < b.lang ? -1 : a.lang > b.lang ? 1 : 0));
      const packOf = (key: string) => (options.cacheDir ? path.join(options.cacheDir, `${key}.pack`) : undefined);
      try {
        const root = await stage();
        const keptDir = (lang: string, version: string) => path.join(root, 'kept', groupFolder(lang, version));
        // Languages and versions whose pages read as when their index was kept: that index, and their held pages are not sent.
        const kept = new Set<string>();
        for (const { group, lang, version, key } of groups) {
          const pack = packOf(key);
          if (pack && existsSync(pack) && (await unpack(pack, keptDir(lang, version)))) kept.add(group);
        }
        feeding = true;
        for (const [lang, version, url, content] of held.splice(0))
          if (!kept.has(searchGroup(lang, version))) send(lang, version, url, content);
        for (const { group, lang, version } of groups)
          if (!kept.has(group) && !bundles.get(lang)?.some((b) => b.version === version)) bundleFor(lang, version, 0);
        await allSent();
        // Written one after the other: each process holds its whole index while it writes it.
        const sources: Array<{ lang: string; dir: string; records: BundleRecord[] }> = [];
        for (const { group, lang, version } of groups) {
          const own = (bundles.get(lang) ?? []).filter((b) => b.version === version);
          if (kept.has(group)) {
            for (const b of own) await (b.written ??= b.started.then(({ pagefind }) => releaseService(pagefind)).catch(() => undefined));
            const dir = keptDir(lang, version);
            const records = JSON.parse(await readFile(path.join(dir, 'bundles.json'), 'utf8')) as BundleRecord[];
            sources.push({ lang, dir, records });
            continue;
          }
          for (const b of own) await write(lang, b);
          const dir = await liveDir(lang, version);
          const records = own.map((b): BundleRecord => [b.name, b.version, b.seq]);
          await mkdir(dir, { recursive: true });
          await writeFile(path.join(dir, 'bundles.json'), JSON.stringify(records));
          sources.push({ lang, dir, records });
        }
        if (failures.length) throw new Error(`Pagefind failed: ${failures.join('; ')}`);
        if (options.cacheDir) {
          for (const [i, { group, key }] of groups.entries())
            if (!kept.has(group)) await keep(options.cacheDir, key, sources[i]!.dir).catch(() => undefined);
          await sweepPacks(options.cacheDir, new Set(groups.map((g) => g.key))).catch(() => undefined);
        }
        await joinBundles(sources, outputPath);
        const cached = kept.size === groups.length;
        return { pages: count, errors: cached ? [] : problems, ...(cached ? { cached: true } : {}) };
      } finally {
        await stopAll();
        await removeStage();
      }
    },
    async close() {
      await stopAll();
      await removeStage();
    },
  };
}

type Entry = { version?: string; languages?: Record<string, unknown>; lectern?: { bundles: BundleList } };

/**
 * Every language's bundles, written by their processes or unpacked from the cache, moved into `outputPath`: each to
 * its folder (search-bundles.ts `bundleFolder`), the languages of one folder sharing it (files two languages share,
 * Pagefind's scripts, are the same) with one entry file listing them; the list of bundles in the top entry file when
 * there is more than one per language.
 */
async function joinBundles(
  sources: ReadonlyArray<{ lang: string; dir: string; records: BundleRecord[] }>,
  outputPath: string,
): Promise<void> {
  const entries = new Map<string, Entry>();
  const list: BundleList = {};
  let split = false;
  for (const { lang, dir, records } of sources) {
    for (const [name, version, seq] of records) {
      const folder = bundleFolder(version, seq);
      if (folder) split = true;
      const from = path.join(dir, name);
      const own = JSON.parse(await readFile(path.join(from, 'pagefind-entry.json'), 'utf8')) as Entry;
      const before = entries.get(folder);
      entries.set(folder, before ? { ...own, languages: { ...before.languages, ...own.languages } } : own);
      ((list[lang] ??= {})[version] ??= []).push(folder);
      const to = path.join(outputPath, folder);
      for (const rel of await listFiles(from)) {
        if (rel === 'pagefind-entry.json') continue;
        const target = path.join(to, rel);
        if (existsSync(target)) continue;
        await mkdir(path.dirname(target), { recursive: true });
        await move(path.join(from, rel), target);
      }
    }
  }
  await mkdir(outputPath, { recursive: true });
  const top: Entry = entries.get('') ?? { version: [...entries.values()][0]?.version, languages: {} };
  if (split) top.lectern = { bundles: list };
  entries.set('', top);
  for (const [folder, entry] of entries) {
    await mkdir(path.join(outputPath, folder), { recursive: true });
    await writeFile(path.join(outputPath, folder, 'pagefind-entry.json'), JSON.stringify(entry));
  }
}

/** Rename, or copy and remove when the two are on different file systems (the staging folder in the system's temporary folder). */
async function move(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
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
