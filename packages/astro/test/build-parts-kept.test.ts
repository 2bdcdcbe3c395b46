/**
 * A build in parts keeps the parts of its last build (build/parts.ts `lastParts`) when pages are added or removed: a
 * removed page leaves its part, an added page joins the part of its copies or of the page before it, a part grown over
 * twice the budget is cut (that part only) and an emptied part is dropped, so the part boundaries do not move.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepParts, lastParts, partsOf, type PartSize } from '../src/build/parts.ts';
import type { Site } from '../src/model/store.ts';
import { fileDigests } from './helpers.ts';

/** A site of MDX pages in plan order, `slug -> text` (pages of the same text are copies of each other). */
function siteOf(pages: Record<string, string>): Site {
  const prepared = new Map<string, string>();
  const list = Object.entries(pages).map(([slug, text]) => {
    prepared.set(path.resolve('/docs', `${slug}.mdx`), text);
    return { slug, file: `${slug}.mdx`, body: text };
  });
  return { root: '/docs', plan: { pages: list }, content: new Map(), prepared, blocked: new Map() } as unknown as Site;
}

/** Pages of their own (no two alike), in this order. */
const own = (...slugs: string[]) => siteOf(Object.fromEntries(slugs.map((s) => [s, `# ${s}\n`])));

describe('lastParts', () => {
  let dir = '';
  let file = '';
  const size: PartSize = { pages: 2 };
  const eight = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  const kept = [
    ['a', 'b'],
    ['c', 'd'],
    ['e', 'f'],
    ['g', 'h'],
  ];
  /** The parts `lastParts` gives `site` after a build of `eight` in `kept`. */
  const after = (site: Site, last = kept, lastSize = size) => {
    keepParts(file, last, lastSize);
    return lastParts(file, partsOf(site, size), site, size);
  };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lectern-kept-parts-'));
    file = path.join(dir, 'parts.json');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the parts of a site with the same pages', () => {
    expect(after(own(...eight))).toEqual(kept);
  });

  it('puts an added page in the part of the page before it, right after it, and a new first page in the first part', () => {
    expect(after(own('a', 'b', 'c', 'd', 'd2', 'e', 'f', 'g', 'h'))).toEqual([
      ['a', 'b'],
      ['c', 'd', 'd2'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
    expect(after(own('z', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'))).toEqual([
      ['z', 'a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
    expect(after(own('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h', 'i'],
    ]);
  });

  it('takes a removed page out of its part and leaves the other parts as they were', () => {
    expect(after(own('a', 'b', 'c', 'e', 'f', 'g', 'h'))).toEqual([['a', 'b'], ['c'], ['e', 'f'], ['g', 'h']]);
  });

  it('drops a part whose pages are all removed', () => {
    expect(after(own('a', 'b', 'f', 'g', 'h'))).toEqual([['a', 'b'], ['f'], ['g', 'h']]);
  });

  it('cuts a part grown over twice the budget, and that part only', () => {
    // c, d and three new pages: 5 pages > 2 × 2, cut evenly in three parts.
    expect(after(own('a', 'b', 'c', 'd', 'd2', 'd3', 'd4', 'e', 'f', 'g', 'h'))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['d2', 'd3'],
      ['d4'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
    // Twice the budget is still kept.
    expect(after(own('a', 'b', 'c', 'd', 'd2', 'd3', 'e', 'f', 'g', 'h'))[1]).toEqual(['c', 'd', 'd2', 'd3']);
  });

  it('puts an added copy of a page in the part of its copies (they share one module), right after them', () => {
    const text = (name: string) => name.repeat(6_000);
    const pages: Record<string, string> = {};
    for (const v of ['v1', 'v2']) for (const n of ['a', 'b', 'c', 'd']) pages[`${v}/${n}`] = text(n);
    const bytes: PartSize = { bytes: 8_000 };
    // Each page and its copy weigh 7,000: the first part holds two (within twice the budget).
    const last = [
      ['v1/a', 'v2/a', 'v1/b', 'v2/b'],
      ['v1/c', 'v2/c'],
      ['v1/d', 'v2/d'],
    ];
    // A third version of a and c: each copy joins its page's part (not v2/d's, the page before it).
    pages['v3/a'] = text('a');
    pages['v3/c'] = text('c');
    const site = siteOf(pages);
    keepParts(file, last, bytes);
    expect(lastParts(file, partsOf(site, bytes), site, bytes)).toEqual([
      ['v1/a', 'v2/a', 'v3/a', 'v1/b', 'v2/b'],
      ['v1/c', 'v2/c', 'v3/c'],
      ['v1/d', 'v2/d'],
    ]);
  });

  it('cuts afresh for another part size, or when no page of the last parts is left', () => {
    const site = own('a', 'b', 'c', 'd', 'd2', 'e', 'f', 'g', 'h');
    const fresh = partsOf(site, size);
    expect(after(site, kept, { pages: 3 })).toEqual(fresh);
    expect(after(own('p', 'q', 'r', 's', 't'), kept)).toEqual(partsOf(own('p', 'q', 'r', 's', 't'), size));
  });
});

const BIN = fileURLToPath(new URL('../bin/lectern.js', import.meta.url));

/** A docs repo of one navigation group, a page per name. */
async function writeSite(root: string, pages: string[]): Promise<void> {
  await writeFile(
    path.join(root, 'docs.json'),
    JSON.stringify({ name: 'P', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'G', pages }] } }),
  );
  for (const p of pages) await writeFile(path.join(root, `${p}.mdx`), `---\ntitle: Page ${p}\ndescription: d\n---\n\nHello from ${p}.\n`);
}

function build(root: string, env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, 'build', root],
      { env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env }, timeout: 300_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: stdout + stderr }),
    );
  });
}

/** The build's parts as `pages/count` each, built or from the cache, in order. */
const partsIn = (out: string) =>
  [...out.matchAll(/(?:building part|part) (\d+) of (\d+) \((\d+) pages\)/g)]
    .sort((x, y) => Number(x[1]) - Number(y[1]))
    .map((m) => `${m[3]}/${m[2]}`);

describe('a site built in parts, then a page added in the middle', () => {
  let root = '';
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('keeps the part boundaries (the page joins its neighbour’s part), and writes the site a cold build writes', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'lectern-kept-parts-build-'));
    const pages = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    await writeSite(root, pages);
    const first = await build(root, { LECTERN_PART_PAGES: '2' });
    expect(first.code, first.out).toBe(0);
    expect(partsIn(first.out), first.out).toEqual(['2/4', '2/4', '2/4', '2/4']);
    await writeSite(root, ['a', 'b', 'c', 'd', 'd2', 'e', 'f', 'g', 'h']);
    const warm = await build(root, { LECTERN_PART_PAGES: '2' });
    expect(warm.code, warm.out).toBe(0);
    // Cut afresh, nine pages would be five parts, and every boundary after d would move.
    expect(partsIn(warm.out), warm.out).toEqual(['2/4', '3/4', '2/4', '2/4']);
    const kept = await fileDigests(path.join(root, 'dist'));
    // (In the same folder: the islands' client chunks are named after their paths.)
    const cold = await build(root, { LECTERN_PART_PAGES: '2', LECTERN_CACHE: 'off' });
    expect(cold.code, cold.out).toBe(0);
    const fresh = await fileDigests(path.join(root, 'dist'));
    const differ = [...new Set([...kept.keys(), ...fresh.keys()])].filter((f) => kept.get(f) !== fresh.get(f));
    expect(differ, differ.join(', ')).toEqual([]);
    expect(kept.has('d2/index.html')).toBe(true);
  }, 600_000);
});
