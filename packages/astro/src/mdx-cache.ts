/**
 * MDX analysis (mdx-analyze.ts: parse, check components and expressions, rewrite for Astro) is the longest part of
 * planning a prose site: about 5 ms a page, 5 s for 1,000 pages, on every build and every `lectern dev` start.
 * It is pure, so its results are kept in the build cache (`mdx.json`), keyed by the file's text, its path, the
 * options and Lectern's code; a file whose key is there is not analysed again. Diagnostics are part of the result,
 * so a cached file still reports its problems.
 */
import path from 'node:path';
import { analyzeMdx, type MdxAnalysis } from './mdx-analyze.ts';
import { cacheEnabled, cacheRoot, lecternFingerprint, readJson, sha256, writeAtomic } from './build-cache.ts';

type Options = Parameters<typeof analyzeMdx>[2];
interface Stored { generation: number; entries: Record<string, [number, MdxAnalysis]> }
/** Entries not used for this many plans leave the file. */
const KEEP = 3;

interface Store { file: string; generation: number; old: Map<string, [number, MdxAnalysis]>; used: Map<string, MdxAnalysis>; dirty: boolean }
const stores = new Map<string, Store>();

function storeFor(root: string): Store | undefined {
  if (!cacheEnabled()) return undefined;
  const file = path.join(cacheRoot(path.resolve(root)), 'mdx.json');
  let s = stores.get(file);
  if (!s) {
    const stored = readJson<Stored>(file);
    s = { file, generation: (stored?.generation ?? 0) + 1, old: new Map(Object.entries(stored?.entries ?? {})), used: new Map(), dirty: false };
    stores.set(file, s);
  }
  return s;
}

/** `analyzeMdx`, answered from the cache of `root` when the same text was analysed with the same options. */
export function cachedAnalyzeMdx(root: string, source: string, file: string, opts: Options): MdxAnalysis {
  const store = storeFor(root);
  // A file with imports depends on the files it imports (what their islands export, whether they are interactive):
  // it is analysed every time. The rest of the island context (its path, the built-ins module) is in the key.
  if (!store || (opts.islands && /^\s*import\s/m.test(source))) return analyzeMdx(source, file, opts);
  const key = sha256(lecternFingerprint(), file, JSON.stringify(opts), source);
  const hit = store.used.get(key) ?? store.old.get(key)?.[1];
  if (hit) {
    store.used.set(key, hit);
    return structuredClone(hit);
  }
  const result = analyzeMdx(source, file, opts);
  store.used.set(key, structuredClone(result));
  store.dirty = true;
  return result;
}

/** Write what this plan analysed or used (and recent entries) back, when anything changed. */
export function saveMdxCache(root: string): void {
  const store = storeFor(root);
  // Nothing new and nothing to drop: the file stays as it is.
  if (!store || (!store.dirty && store.used.size === store.old.size)) {
    if (store) stores.delete(store.file);
    return;
  }
  const entries: Stored['entries'] = {};
  for (const [key, value] of store.used) entries[key] = [store.generation, value];
  for (const [key, entry] of store.old) if (!(key in entries) && store.generation - entry[0] < KEEP) entries[key] = entry;
  writeAtomic(store.file, JSON.stringify({ generation: store.generation, entries } satisfies Stored));
  stores.delete(store.file);
}
