/**
 * The build cache's loaded specs (`<cache>/specs/<key>.v8`): core's `SpecLoadCache` (spec/load-cache.ts), each entry
 * named by the spec's text and Lectern's fingerprint, and kept as a v8 serialisation (a dereferenced spec shares its
 * schema objects; the copy read back shares them the same way). After planning, the entries this run did not use are
 * removed, so the folder holds the specs of the last plan. `LECTERN_CACHE=off`: none.
 */
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { LoadSpecResult, SpecLoadCache } from '@lectern/core';
import { blobStore, cacheEnabled, cacheRoot, lecternFingerprint, sealBlob, sha256, writeAtomic } from '../shared/build-cache.ts';

export interface SpecCacheSession extends SpecLoadCache {
  /** Remove the entries this run did not use. */
  sweep(): void;
}

export function specCache(root: string): SpecCacheSession | undefined {
  if (!cacheEnabled()) return undefined;
  const store = blobStore(path.join(cacheRoot(root), 'specs'), '.v8');
  const fingerprint = lecternFingerprint();
  const name = (key: string) => sha256(fingerprint, key);
  /** Entries that did not read back: written again by `put`. */
  const broken = new Set<string>();
  return {
    get(key) {
      const data = store.get(name(key));
      if (!data) return undefined;
      try {
        return deserialize(data) as LoadSpecResult;
      } catch {
        // An unreadable entry: loaded again (and replaced).
        broken.add(name(key));
        return undefined;
      }
    },
    put(key, result) {
      try {
        const n = name(key);
        const data = serialize(result);
        // `put` skips a name the folder already has: a broken entry is replaced here.
        if (broken.has(n)) writeAtomic(path.join(store.dir, `${n}.v8`), sealBlob(data));
        store.put(n, data);
      } catch {
        // The cache is an optimisation: a folder that cannot be written leaves the build as it was.
      }
    },
    sweep() {
      try {
        store.sweep();
      } catch {
        // As above.
      }
    },
  };
}
