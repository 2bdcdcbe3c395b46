/**
 * A versioned site built in parts gives the search index each language and version's pages together
 * (parts.ts `searchFeedOrder`): a part holds a page's copies in every version, and fed part by part the versions came in
 * turn, page after page, so the index of each version was cut in many bundles (crewAI's: thousands) that the search
 * then merges.
 */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { searchFeedOrder } from '../src/build/parts.ts';

const BIN = fileURLToPath(new URL('../bin/lectern.js', import.meta.url));

describe('searchFeedOrder', () => {
  const page = (slug: string, version?: string, language?: string) => ({ slug, version, language });

  it('takes each language and version once every part holding its pages is in, in plan order', () => {
    const pages = [
      page('v1/a', 'v1'),
      page('v1/b', 'v1'),
      page('v2/a', 'v2'),
      page('v2/b', 'v2'),
      page('fr/v2/a', 'v2', 'fr'),
      page('faq'),
    ];
    const parts = [['v1/a', 'v2/a', 'fr/v2/a'], ['v1/b', 'v2/b'], ['faq']];
    expect(searchFeedOrder(pages, parts)).toEqual([['fr/v2/a'], ['v1/a', 'v1/b', 'v2/a', 'v2/b'], ['faq']]);
  });

  it('takes a site without versions part by part, as the parts are', () => {
    const pages = [page('a'), page('b'), page('c')];
    expect(searchFeedOrder(pages, [['b', 'a'], ['c']])).toEqual([['b', 'a'], ['c']]);
  });
});

describe('a versioned site built in parts', () => {
  it('has one search bundle per version', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-feed-order-'));
    try {
      const versions = ['v1', 'v2', 'v3'];
      const names = ['intro', 'guide', 'setup', 'usage'];
      await writeFile(
        path.join(root, 'docs.json'),
        JSON.stringify({
          name: 'F',
          theme: 'mint',
          colors: { primary: '#0D9373' },
          navigation: { versions: versions.map((v) => ({ version: v, groups: [{ group: 'G', pages: names.map((n) => `${v}/${n}`) }] })) },
        }),
      );
      // The same text in every version: copies, which a part holds together (v1/intro, v2/intro, v3/intro, …).
      for (const v of versions) {
        await mkdir(path.join(root, v), { recursive: true });
        for (const n of names) await writeFile(path.join(root, v, `${n}.mdx`), `---\ntitle: ${n}\n---\n\nThe ${n} page.\n`);
      }
      const out = await new Promise<{ code: number; text: string }>((resolve) =>
        execFile(
          process.execPath,
          [BIN, 'build', root],
          { env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', LECTERN_PART_PAGES: '4' }, timeout: 300_000 },
          (err, stdout, stderr) => resolve({ code: err ? 1 : 0, text: stdout + stderr }),
        ),
      );
      expect(out.code, out.text).toBe(0);
      expect(Number(/building part 1 of (\d+)/.exec(out.text)?.[1])).toBeGreaterThan(2);
      const entry = JSON.parse(await readFile(path.join(root, 'dist/pagefind/pagefind-entry.json'), 'utf8')) as {
        lectern?: { bundles?: Record<string, Record<string, string[]>> };
      };
      const bundles = entry.lectern?.bundles ?? {};
      expect(Object.keys(bundles)).toEqual(['en']);
      expect(bundles.en).toEqual({ v1: ['v/v1'], v2: ['v/v2'], v3: ['v/v3'] });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 600_000);
});
