/**
 * The cache between builds: content-addressed files under `<repo>/.lectern/cache/lectern/` (or `$LECTERN_CACHE_DIR`).
 * Every entry is named by a hash of everything that went into it, so an entry is either right or never looked up:
 * the folder is safe to delete, and safe to restore in CI from another machine's build. Each blob also carries the
 * SHA-256 of its content, checked when it is read: an entry cut short, damaged or written by hand is not used (a
 * warning line; the caller builds it again, and the next `put` rewrites it). Each build removes the entries it did
 * not use, so the folder holds one build's worth (see `sweep`).
 *
 * What is cached: rendered pages (see prerender.ts, page-keys.ts) and highlighted code (see highlight-pool.ts). The
 * last good copy of each remote spec (`remote-specs/`) is kept by @lectern/core (spec/remote-cache.ts); the folder and the
 * `LECTERN_CACHE` switch are defined once, in core's cache-dir.ts.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { lecternCacheEnabled as cacheEnabled, lecternCacheRoot as cacheRoot, writeAtomic } from '@lectern/core';
import { OWN_DIR } from './modules/own-files.ts';

/** Bumped when the layout or meaning of cache entries changes (2: blobs carry the hash of their content). */
const FORMAT = 2;

export function sha256(...parts: Array<string | Buffer>): string {
  const h = createHash('sha256');
  for (const p of parts) {
    h.update(p);
    h.update('\u0000');
  }
  return h.digest('hex');
}

/** The cache folder, its `LECTERN_CACHE` switch and atomic writes are core's (shared with remote spec copies). */
export { cacheRoot, cacheEnabled, writeAtomic };

const require = createRequire(import.meta.url);

function packageDir(name: string): string | undefined {
  try {
    let dir = path.dirname(require.resolve(name));
    while (!existsSync(path.join(dir, 'package.json'))) {
      const up = path.dirname(dir);
      if (up === dir) return undefined;
      dir = up;
    }
    return dir;
  } catch {
    return undefined;
  }
}

function hashTree(h: ReturnType<typeof createHash>, dir: string): void {
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return;
  }
  for (const name of entries) {
    if (name === 'node_modules' || name === 'test' || name.startsWith('.')) continue;
    const abs = path.join(dir, name);
    const st = statSync(abs);
    if (st.isDirectory()) hashTree(h, abs);
    else if (/\.(m?[jt]sx?|astro|css|json)$/.test(name)) {
      h.update(path.relative(dir, abs));
      h.update(readFileSync(abs));
    }
  }
}

let fingerprintMemo: string | undefined;
/**
 * Lectern's own code and the versions of what renders with it: the sources (or compiled files) of this package, of
 * @lectern/core and @lectern/playground, and the versions of Astro, its MDX and Preact integrations, Shiki and Preact.
 * A changed component or an upgrade gives every entry a new name.
 */
export function lecternFingerprint(): string {
  if (fingerprintMemo) return fingerprintMemo;
  const h = createHash('sha256');
  h.update(`format ${FORMAT}\n`);
  hashTree(h, OWN_DIR);
  for (const name of ['@lectern/core', '@lectern/playground']) {
    const dir = packageDir(name);
    if (!dir) continue;
    h.update(readFileSync(path.join(dir, 'package.json')));
    hashTree(h, path.join(dir, existsSync(path.join(dir, 'dist')) ? 'dist' : 'src'));
  }
  for (const name of ['astro', '@astrojs/mdx', '@astrojs/markdown-satteri', 'satteri', '@astrojs/preact', 'shiki', 'preact', 'pagefind']) {
    const dir = packageDir(name);
    const version = dir ? (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string }).version : undefined;
    h.update(`${name}@${version ?? '?'}\n`);
  }
  fingerprintMemo = h.digest('hex');
  return fingerprintMemo;
}

/** A blob as stored: the SHA-256 of its content in hex, a newline, the content. */
export function sealBlob(data: string | Buffer): Buffer {
  return Buffer.concat(sealedPieces(data));
}

/**
 * `sealBlob` as its two pieces, the hash line and the content itself, for `writeAtomic` to write one after the other:
 * a large blob (a big site's plan, 400 MB) is not copied once more in memory to be joined.
 */
export function sealedPieces(data: string | Buffer): [Buffer, Buffer] {
  const body = typeof data === 'string' ? Buffer.from(data) : data;
  return [Buffer.from(createHash('sha256').update(body).digest('hex') + '\n'), body];
}

const HEADER = 65;
/** The content of a stored blob, or undefined when it is not one whose content matches its hash. */
export function openBlob(stored: Buffer): Buffer | undefined {
  if (stored.length < HEADER || stored[HEADER - 1] !== 0x0a) return undefined;
  const body = stored.subarray(HEADER);
  const expected = stored.subarray(0, HEADER - 1).toString('latin1');
  return createHash('sha256').update(body).digest('hex') === expected ? body : undefined;
}

export interface BlobStoreOptions {
  /** Where the line about an entry that does not match its hash goes (default: stderr, as the build's warnings). */
  warn?: (message: string) => void;
}

/**
 * A folder of content-addressed blobs (`<key><ext>`), each checked against the hash stored with it when read (see
 * `sealBlob`). `get` and `put` mark a key as used by this build; `sweep` deletes the others.
 */
export interface BlobStore {
  readonly dir: string;
  has(key: string): boolean;
  get(key: string): Buffer | undefined;
  put(key: string, data: string | Buffer): void;
  /** The keys this process used (`get` or `put`). */
  used(): string[];
  /** Delete the blobs neither this process nor `keep` used (other processes of the same build); returns how many. */
  sweep(keep?: Iterable<string>): number;
}

export function blobStore(dir: string, ext: string, options: BlobStoreOptions = {}): BlobStore {
  const warn = options.warn ?? ((m: string) => console.warn(`[lectern] ${m}`));
  const used = new Set<string>();
  let existing: Set<string> | undefined;
  const file = (key: string) => path.join(dir, key + ext);
  const listing = () => {
    if (!existing) {
      try {
        existing = new Set(
          readdirSync(dir)
            .filter((f) => f.endsWith(ext) && !f.endsWith('.tmp'))
            .map((f) => f.slice(0, f.length - ext.length)),
        );
      } catch {
        existing = new Set();
      }
    }
    return existing;
  };
  return {
    dir,
    has: (key) => listing().has(key),
    get(key) {
      if (!listing().has(key)) return undefined;
      let stored: Buffer;
      try {
        stored = readFileSync(file(key));
      } catch {
        return undefined;
      }
      const data = openBlob(stored);
      if (!data) {
        // Not used, and gone: what asked builds it again, and `put` writes it anew.
        warn(
          `build cache: ${path.join(path.basename(dir), key + ext)} does not match the hash stored with it (cut short, damaged or edited): not used, built again`,
        );
        rmSync(file(key), { force: true });
        listing().delete(key);
        return undefined;
      }
      used.add(key);
      return data;
    },
    put(key, data) {
      used.add(key);
      if (listing().has(key)) return;
      writeAtomic(file(key), sealBlob(data));
      listing().add(key);
    },
    used: () => [...used],
    sweep(keep = []) {
      const kept = new Set(keep);
      let n = 0;
      for (const key of listing()) {
        if (used.has(key) || kept.has(key)) continue;
        rmSync(file(key), { force: true });
        n++;
      }
      return n;
    },
  };
}

/** A small JSON document in the cache folder (`undefined` when missing or unreadable). */
export function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}
