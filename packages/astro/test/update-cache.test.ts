/**
 * The changelog entries cache (build/update-cache.ts): a page's `<Update>` entries, which its RSS feed is made of, come
 * back from `updates.json` while the page's text is the same; a file that does not match its hash is not used.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { updateEntriesCache } from '../src/build/update-cache.ts';
import { updateEntries } from '../src/mdx/analyze.ts';
import { cacheRoot, openBlob, sealBlob } from '../src/shared/build-cache.ts';

const made: string[] = [];
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

const CHANGELOG =
  '<Update label="2025-03-01" tags={["API"]}>\n  Faster **builds**.\n</Update>\n\n<Update label="2025-02-01">\n  First.\n</Update>\n';
const OTHER = '<Update label="v2">\n  Second page.\n</Update>\n';

describe('the changelog entries cache', () => {
  it('answers from updates.json while the text is the same, and parses what it lacks', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-updates-'));
    made.push(root);
    const file = path.join(cacheRoot(root), 'updates.json');
    const first = updateEntriesCache(root);
    expect(first.of(CHANGELOG)).toEqual(updateEntries(CHANGELOG));
    expect(first.of('No updates here.')).toEqual([]);
    first.save();

    // Kept entries are what the next build gets, unparsed: an entry changed in the file (and sealed again) proves it.
    const stored = JSON.parse(openBlob(await readFile(file))!.toString('utf8')) as {
      format: number;
      entries: Array<[string, Array<{ label: string }>]>;
    };
    expect(stored.entries).toHaveLength(1);
    stored.entries[0]![1][0]!.label = 'from the cache';
    await writeFile(file, sealBlob(JSON.stringify(stored)));
    const second = updateEntriesCache(root);
    expect(second.of(CHANGELOG)[0]!.label).toBe('from the cache');
    expect(second.of(OTHER)).toEqual(updateEntries(OTHER));
    second.save();
    // A build keeps the entries it used: both pages' now.
    expect((JSON.parse(openBlob(await readFile(file))!.toString('utf8')) as { entries: unknown[] }).entries).toHaveLength(2);

    // A file edited without its hash is not used: the page is parsed again.
    await writeFile(file, (await readFile(file, 'utf8')).replace('from the cache', 'planted entry'));
    expect(updateEntriesCache(root).of(CHANGELOG)).toEqual(updateEntries(CHANGELOG));
  });
});
