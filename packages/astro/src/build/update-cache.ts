/**
 * A changelog page's `<Update>` entries (analyze.ts `updateEntries`, which its RSS feed is made of), kept in the build
 * cache by the page's text. Parsing a long changelog is slow and grows faster than its length (crewAI's 73 changelog
 * pages of up to 190 KB: 37 s of the build's last step, on every build), and it is pure. One file, `updates.json`,
 * sealed like every blob of the cache (build-cache.ts `sealBlob`): a file that does not match its hash is not used.
 * The entries a build did not ask for leave it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { updateEntries, type UpdateEntry } from '../mdx/analyze.ts';
import { cacheEnabled, cacheRoot, lecternFingerprint, openBlob, sealBlob, sha256, writeAtomic } from '../shared/build-cache.ts';

const FORMAT = 1;

export interface UpdateEntriesCache {
  /** The `<Update>` entries of an MDX body (none without an `<Update`). */
  of(body: string): UpdateEntry[];
  /** Write back what this build used, when anything changed. */
  save(): void;
}

export function updateEntriesCache(root: string): UpdateEntriesCache {
  const file = cacheEnabled() ? path.join(cacheRoot(root), 'updates.json') : undefined;
  const old = file ? readStored(file) : new Map<string, UpdateEntry[]>();
  const used = new Map<string, UpdateEntry[]>();
  let changed = false;
  return {
    of(body) {
      if (!body.includes('<Update')) return [];
      const key = sha256(lecternFingerprint(), body);
      let entries = used.get(key) ?? old.get(key);
      if (!entries) {
        entries = updateEntries(body);
        changed = true;
      }
      used.set(key, entries);
      return entries;
    },
    save() {
      if (!file || (!changed && used.size === old.size)) return;
      try {
        writeAtomic(file, sealBlob(JSON.stringify({ format: FORMAT, entries: [...used] })));
      } catch {
        // The cache is an optimisation: a folder that cannot be written leaves the build as it was.
      }
    },
  };
}

/** The stored entries by key, or none when the file is missing, of another format or does not match its hash. */
function readStored(file: string): Map<string, UpdateEntry[]> {
  try {
    const opened = openBlob(readFileSync(file));
    const data = opened ? (JSON.parse(opened.toString('utf8')) as { format?: number; entries?: unknown }) : undefined;
    if (data?.format !== FORMAT || !Array.isArray(data.entries)) return new Map();
    return new Map(data.entries as Array<[string, UpdateEntry[]]>);
  } catch {
    return new Map();
  }
}
