/**
 * Where Lectern's cache between builds lives, whether it is on, and how an entry is written. One place for every part
 * that caches: the Astro integration's build cache (rendered pages, highlighted code, plans) and core's last good copies
 * of remote specs share the folder and the switch.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
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

/** Write `file` whole or not at all (a temporary file renamed over it), creating its folder. */
export function writeAtomic(file: string, data: string | Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}
