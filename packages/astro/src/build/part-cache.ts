/**
 * The output of each part of a build in parts (run.ts), kept between builds: a part whose pages all have the keys they
 * had when its output was kept is not built again. Its files are written back from the cache and what its process
 * reported (island icons, cache entries used, the warnings its pages printed) is reported again.
 *
 * Why: every part of a large MDX site starts Astro and bundles its ~200 page modules whether or not a page changed
 * (about 5 s a part), so a warm build of a 1,400-page site took 60 % of its cold build. A part's output is a function
 * of its pages' keys (page-keys.ts: Lectern's code, docs.json, the navigation, the imported files, the built client
 * assets, the page itself) and of which pages it holds, so those name the entry. The HTML files are not stored
 * twice: an entry refers to the page cache for them; the other files (client assets, scripts, the 404 page) are kept
 * by content under `part-files/`.
 *
 * Layout under the build cache: `parts/<key>.json` (the entry), `part-files/<sha256>`.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Site } from '../model/store.ts';
import { blobStore, lecternFingerprint, readJson, sha256, writeAtomic, type BlobStore } from '../shared/build-cache.ts';
import { pageKey, siteKey } from './page-keys.ts';
import { listFiles } from './search-index.ts';
import type { CacheUsage } from './session.ts';

/** What a part's process reported, kept with its files. */
export interface PartReport {
  /** Island icon keys (icon-files.ts). */
  icons: string[];
  /** The cache entries the part used (kept from the sweep). */
  usage: CacheUsage;
  /** The warnings its pages printed when they rendered (printed again). */
  warnings: string[];
}

interface Entry extends PartReport {
  /** Relative path -> `page:<page key>` (the page cache) or `file:<sha256>` (part-files/). */
  files: Array<[string, string]>;
}

export interface PartIdentity {
  index: number;
  count: number;
  slugs: readonly string[];
  /** Astro's `base` and `site` as the part's build sees them. */
  base: string;
  astroSite?: string;
}

export interface PartCache {
  /** The entry of this part as it is now, or undefined (a page not in the page cache, no entry). */
  lookup(part: PartIdentity): { key: string; keys: Map<string, string> } | undefined;
  /** Write the part's kept files into `to` (files `to` has are left: parts share assets); its report, or undefined. */
  restore(key: string, to: string): Promise<PartReport | undefined>;
  /** Keep the output the part's process just wrote in `from`, with what it reported (its warnings are read here). */
  keep(part: PartIdentity, from: string, report: Omit<PartReport, 'warnings'>): Promise<void>;
  /** Remove the entries and files no part of this build used. */
  sweep(): Promise<number>;
}

/** The client assets the part's last build wrote (its state file): part of every page key. */
function lastAssets(dir: string, index: number): string[] | undefined {
  return readJson<{ assets?: string[] }>(path.join(dir, `state.part${index}.json`))?.assets;
}

/** The HTML file of a page in a part's output (`build.format: 'directory'`). */
const pageFile = (slug: string) => (slug === 'index' ? 'index.html' : `${slug}/index.html`);

export function partCache(site: Site, dir: string): PartCache {
  // The parts' processes add pages to the page cache as they go: its listing is read again for each part.
  const pageStore = (): BlobStore => blobStore(path.join(dir, 'pages'), '.html');
  const files: BlobStore = blobStore(path.join(dir, 'part-files'), '');
  const entries = path.join(dir, 'parts');
  const usedEntries = new Set<string>();
  const fingerprint = lecternFingerprint();
  // The site key digests the whole navigation (crewAI's 12,930 pages: ~2 s): once per input, not once per part.
  const siteKeys = new Map<string, string>();
  const keysOf = (part: PartIdentity, assets: string[]): Map<string, string> => {
    const pages = part.slugs.map((slug) => site.pages.get(slug)).filter((p) => p !== undefined);
    const input = { fingerprint, astroSite: part.astroSite, base: part.base, assets };
    const name = JSON.stringify(input);
    const key = siteKeys.get(name) ?? siteKey(site, input);
    siteKeys.set(name, key);
    return new Map(pages.map((p) => [p.slug, pageKey(site, p, key)]));
  };
  const nameOf = (part: PartIdentity, keys: Map<string, string>) =>
    sha256('part 1', JSON.stringify([part.index, part.count, part.base, part.astroSite ?? null, [...keys]]));

  return {
    lookup(part) {
      const assets = lastAssets(dir, part.index);
      if (!assets) return undefined;
      const keys = keysOf(part, assets);
      const pages = pageStore();
      if ([...keys.values()].some((k) => !pages.has(k))) return undefined;
      const key = nameOf(part, keys);
      return existsSync(path.join(entries, `${key}.json`)) ? { key, keys } : undefined;
    },

    async restore(key, to) {
      const entry = readJson<Entry>(path.join(entries, `${key}.json`));
      if (!entry || !Array.isArray(entry.files)) return undefined;
      if (entry.files.some(([rel]) => rel.split('/').includes('..') || path.isAbsolute(rel))) return undefined;
      const pages = pageStore();
      const body = (ref: string) =>
        ref.startsWith('page:') ? pages.get(ref.slice(5)) : ref.startsWith('file:') ? files.get(ref.slice(5)) : undefined;
      if (!(await writeAll(to, entry.files, body))) return undefined;
      usedEntries.add(key);
      return { icons: entry.icons, usage: entry.usage, warnings: entry.warnings };
    },

    async keep(part, from, report) {
      const assets = lastAssets(dir, part.index);
      if (!assets) return;
      const keys = keysOf(part, assets);
      const bySlugFile = new Map([...keys].map(([slug, key]) => [pageFile(slug), key]));
      const pages = pageStore();
      const kept: Array<[string, string]> = [];
      for (const rel of await listFiles(from)) {
        const body = await readFile(path.join(from, rel));
        const key = bySlugFile.get(rel);
        const cached = key ? pages.get(key) : undefined;
        if (key && cached?.equals(body)) {
          kept.push([rel, `page:${key}`]);
          continue;
        }
        // A page of the part that is not in the page cache as written (it failed, or was not cached): nothing kept.
        if (key) return;
        const hash = sha256(body);
        files.put(hash, body);
        kept.push([rel, `file:${hash}`]);
      }
      const name = nameOf(part, keys);
      const warnings = partWarnings(dir, part.index, keys.values());
      writeAtomic(path.join(entries, `${name}.json`), JSON.stringify({ files: kept, ...report, warnings } satisfies Entry));
      usedEntries.add(name);
    },

    async sweep() {
      let n = 0;
      const usedFiles = new Set<string>();
      for (const name of usedEntries) {
        const entry = readJson<Entry>(path.join(entries, `${name}.json`));
        for (const [, ref] of entry?.files ?? []) if (ref.startsWith('file:')) usedFiles.add(ref.slice(5));
      }
      n += files.sweep(usedFiles);
      let names: string[] = [];
      try {
        names = await readdir(entries);
      } catch {
        return n;
      }
      for (const f of names) {
        if (!f.endsWith('.json') || usedEntries.has(f.slice(0, -5))) continue;
        await rm(path.join(entries, f), { force: true });
        n++;
      }
      return n;
    },
  };
}

/**
 * Write `files` (relative path, reference) under `to`, each read from the cache by `body` as it is written, leaving the
 * files `to` has (parts share assets): folders first, then the files a batch at a time (one after the other, 12,400
 * pages of crewAI's docs took a minute to write back; all read first, a part's pages were held in memory at once).
 * When a file can't be read (damaged in the cache), the files written so far are removed and the answer is false: the
 * part is built instead.
 */
async function writeAll(to: string, files: Array<[string, string]>, body: (ref: string) => Buffer | undefined): Promise<boolean> {
  const folders = [...new Set(files.map(([rel]) => path.dirname(path.join(to, rel))))].sort();
  for (const folder of folders) await mkdir(folder, { recursive: true });
  const written: string[] = [];
  let whole = true;
  const write = async ([rel, ref]: [string, string]) => {
    const data = whole ? body(ref) : undefined;
    if (!data) return void (whole = false);
    const file = path.join(to, rel);
    await writeFile(file, data, { flag: 'wx' }).then(
      () => written.push(file),
      (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EEXIST') throw err;
      },
    );
  };
  for (let i = 0; i < files.length && whole; i += 32) await Promise.all(files.slice(i, i + 32).map(write));
  if (!whole) for (const file of written) await rm(file, { force: true });
  return whole;
}

/** The warnings a part's pages printed (kept by page key in its state file). */
export function partWarnings(dir: string, index: number, keys: Iterable<string>): string[] {
  const warnings = readJson<{ warnings?: Record<string, string[]> }>(path.join(dir, `state.part${index}.json`))?.warnings ?? {};
  const out: string[] = [];
  for (const k of keys) for (const w of warnings[k] ?? []) if (!out.includes(w)) out.push(w);
  return out;
}
