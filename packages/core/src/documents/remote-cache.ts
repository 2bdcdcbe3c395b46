/**
 * The last good copy of each remote spec, kept in the build cache (`<repo>/.lectern/cache/lectern/remote-specs/`, or
 * under `$LECTERN_CACHE_DIR`), so that a build whose spec host is down or unreachable (a CI runner without network, an
 * API host in maintenance) can still build with the copy a previous build fetched, and says so in a warning with its
 * age. One file per URL, named by a hash of the URL and holding the URL itself: a copy is only ever served for the
 * exact URL it was fetched from.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lecternCacheEnabled, lecternCacheRoot, writeAtomic } from '../cache-dir.ts';

export interface CachedSpec {
  url: string;
  /** When it was fetched (ms since the epoch). */
  fetchedAt: number;
  text: string;
}

export interface RemoteSpecCache {
  /** The copy last fetched from exactly `url`, if any. */
  read(url: string): CachedSpec | undefined;
  /** Keep `text` as the last good copy of `url` (fetched now). */
  write(url: string, text: string): void;
}

/** The folder of last good remote spec copies for a docs repo; undefined when the cache is turned off. */
export function defaultRemoteSpecDir(root: string): string | undefined {
  return lecternCacheEnabled() ? path.join(lecternCacheRoot(root), 'remote-specs') : undefined;
}

const fileOf = (dir: string, url: string) => path.join(dir, `${createHash('sha256').update(url).digest('hex').slice(0, 32)}.json`);

export function remoteSpecCache(dir: string, now: () => number = Date.now): RemoteSpecCache {
  return {
    read(url) {
      try {
        const entry = JSON.parse(readFileSync(fileOf(dir, url), 'utf8')) as Partial<CachedSpec>;
        // The file names a hash; the URL inside is what decides (never served for another URL).
        if (entry.url !== url || typeof entry.text !== 'string' || typeof entry.fetchedAt !== 'number') return undefined;
        return { url, fetchedAt: entry.fetchedAt, text: entry.text };
      } catch {
        return undefined;
      }
    },
    write(url, text) {
      try {
        writeAtomic(fileOf(dir, url), JSON.stringify({ url, fetchedAt: now(), text }));
      } catch {
        // A cache that cannot be written (read-only checkout) only means no fallback next time.
      }
    },
  };
}

/** "3 days", "5 hours", "12 minutes", "less than a minute". */
export function describeAge(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return unit(hours, 'hour');
  return unit(Math.floor(hours / 24), 'day');
}
