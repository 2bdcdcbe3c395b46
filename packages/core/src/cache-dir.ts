/**
 * Where Lectern's cache between builds lives, whether it is on, and how an entry is written. One place for every part
 * that caches: the Astro integration's build cache (rendered pages, highlighted code, plans) and core's last good copies
 * of remote specs share the folder and the switch.
 */
import { closeSync, mkdirSync, openSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';

/** `<root>/.lectern/cache/lectern`, or `$LECTERN_CACHE_DIR` (a path relative to the repo). */
export function lecternCacheRoot(root: string): string {
  const env = process.env.LECTERN_CACHE_DIR;
  return env ? path.resolve(root, env) : path.join(root, '.lectern', 'cache', 'lectern');
}

/** `LECTERN_CACHE=off` (or `0`, `false`, `no`): build without reading or writing the cache. */
export function lecternCacheEnabled(): boolean {
  return !/^(off|0|false|no)$/i.test(process.env.LECTERN_CACHE ?? '');
}

/**
 * Write `file` whole or not at all (a temporary file renamed over it), creating its folder. `data` may come in pieces
 * (a header and a large body), written one after the other rather than joined into one more copy in memory.
 */
export function writeAtomic(file: string, data: string | Buffer | readonly Buffer[]): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  if (typeof data === 'string' || Buffer.isBuffer(data)) writeFileSync(tmp, data);
  else {
    const fd = openSync(tmp, 'w');
    try {
      for (const piece of data) for (let at = 0; at < piece.length;) at += writeSync(fd, piece, at);
    } finally {
      closeSync(fd);
    }
  }
  renameSync(tmp, file);
}
