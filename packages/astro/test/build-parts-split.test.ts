/**
 * How a large build is cut in parts (build/parts.ts): by the size of the pages' MDX text by default, by page count
 * with LECTERN_PART_PAGES; parts in plan order, of about the same weight, none without a page module.
 */
import { describe, expect, it } from 'vitest';
import { PART_BYTES, partSize, partsOf, progressLine } from '../src/build/parts.ts';
import type { Site } from '../src/model/store.ts';
import { nextHeap, partHeap, partNodeFlags } from '../src/cli/part-process.ts';
import { planForPart, type PlanData } from '../src/site/site.ts';

/** A site of pages: a number is an MDX page of that many characters, `null` a generated page (no module). */
function siteOf(pages: Array<number | null>): Site {
  return {
    plan: { pages: pages.map((n, i) => (n === null ? { slug: `gen-${i}` } : { slug: `p-${i}`, file: `p-${i}.mdx`, body: 'x'.repeat(n) })) },
    root: '/docs',
    content: new Map(),
    prepared: new Map(),
    blocked: new Map(),
  } as unknown as Site;
}
const sizes = (parts: string[][]) => parts.map((p) => p.length);

describe('partSize', () => {
  it('cuts by MDX text by default, by page count when LECTERN_PART_PAGES is set', () => {
    expect(partSize({})).toEqual({ bytes: PART_BYTES });
    expect(partSize({ LECTERN_PART_BYTES: '5000' })).toEqual({ bytes: 5000 });
    expect(partSize({ LECTERN_PART_PAGES: '4' })).toEqual({ pages: 4 });
    expect(partSize({ LECTERN_PART_PAGES: '0' })).toEqual({ pages: 0 });
  });
});

describe('partsOf', () => {
  it('spreads pages evenly by count: 450 pages in parts of 200 are three parts of 150', () => {
    const parts = partsOf(siteOf(Array(450).fill(10)), { pages: 200 });
    expect(sizes(parts)).toEqual([150, 150, 150]);
    expect(sizes(partsOf(siteOf(Array(7).fill(10)), { pages: 2 }))).toEqual([2, 2, 2, 1]);
    expect(parts.flat()).toEqual(Array.from({ length: 450 }, (_, i) => `p-${i}`));
  });

  it('keeps a site that fits in one part, and LECTERN_PART_PAGES=0 always', () => {
    expect(partsOf(siteOf(Array(50).fill(1_200)), { bytes: 60_000 })).toHaveLength(1);
    expect(partsOf(siteOf(Array(5000).fill(5000)), { pages: 0 })).toHaveLength(1);
  });

  it('cuts by the size of the text: large pages make smaller parts', () => {
    // 40 pages of 10,000 characters, then 40 of 2,500 (500,000 in all), in parts of at most 250,000.
    const parts = partsOf(siteOf([...Array(40).fill(10_000), ...Array(40).fill(2_500)]), { bytes: 250_000 });
    expect(sizes(parts)).toEqual([25, 55]);
    for (const part of parts) {
      const weight = part.reduce((a, slug) => a + (Number(slug.slice(2)) < 40 ? 10_000 : 2_500), 0);
      expect(weight).toBeLessThanOrEqual(250_000);
    }
  });

  it('counts a near-empty page as 1,000 characters and a generated page as nothing', () => {
    expect(sizes(partsOf(siteOf(Array(10).fill(0)), { bytes: 5_000 }))).toEqual([5, 5]);
    // Generated pages never open a part of their own, and stay where the plan puts them.
    const parts = partsOf(siteOf([null, 3_000, null, null, 3_000, null]), { bytes: 3_000 });
    expect(parts).toEqual([
      ['gen-0', 'p-1', 'gen-2', 'gen-3'],
      ['p-4', 'gen-5'],
    ]);
  });

  it('gives a page larger than the budget a part of its own', () => {
    expect(sizes(partsOf(siteOf([1_000, 50_000, 1_000, 1_000]), { bytes: 10_000 }))).toEqual([1, 1, 2]);
  });
});

describe('progressLine', () => {
  it('says pages done of the total, the rate and the time left', () => {
    expect(progressLine(4_120, 23_000, 120_000)).toBe('4,120 of 23,000 pages (17 %), 34 pages/s, about 9 min left');
    expect(progressLine(300, 600, 60_000)).toBe('300 of 600 pages (50 %), 5.0 pages/s, about 60 s left');
    expect(progressLine(600, 600, 60_000)).toBe('600 of 600 pages (100 %), 10 pages/s');
  });
});

describe("a part's heap", () => {
  it('is 448 MB plus three times the plan the part reads plus 48 times its MDX text, or LECTERN_PART_HEAP', () => {
    expect(partHeap(0, 0, {})).toBe(448);
    expect(partHeap(100 * 2 ** 20, 0, {})).toBe(748);
    expect(partHeap(39 * 2 ** 20, 4 * 2 ** 20, {})).toBe(448 + 117 + 192);
    expect(partHeap(100 * 2 ** 20, 0, { LECTERN_PART_HEAP: '900' })).toBe(900);
    expect(partHeap(0, 0, { LECTERN_PART_HEAP: 'lots' })).toBe(448);
  });

  it('caps the heap of the part process unless LECTERN_PART_NODE_FLAGS says otherwise', () => {
    expect(partNodeFlags(748, {})).toEqual(['--max-old-space-size=748', '--max-semi-space-size=16']);
    expect(partNodeFlags(748, { LECTERN_PART_NODE_FLAGS: '--max-old-space-size=900' })).toEqual(['--max-old-space-size=900']);
  });

  it('doubles after running out, within half the memory, and never overrides the flags a user set', () => {
    const gb = 2 ** 30;
    expect(nextHeap(565, {}, 24 * gb)).toBe(1130);
    expect(nextHeap(4096, {}, 16 * gb)).toBe(8192);
    expect(nextHeap(8192, {}, 16 * gb)).toBeUndefined();
    expect(nextHeap(565, { LECTERN_PART_NODE_FLAGS: '--max-old-space-size=600' }, 24 * gb)).toBeUndefined();
  });
});

describe('planForPart', () => {
  it("keeps every page, the text of the part's own pages and of every imported file, and no other page's text", () => {
    const page = (slug: string) => ({ slug, file: `${slug}.mdx`, body: `Text of ${slug}` });
    const data = {
      loaded: { plan: { root: '/repo', pages: [page('a'), page('b'), { slug: 'op', body: '' }, page('c')] } },
      prepared: [
        ['/repo/a.mdx', 'prepared a'],
        ['/repo/b.mdx', 'prepared b'],
        ['/repo/c.mdx', 'prepared c'],
        ['/repo/snippets/s.mdx', 'prepared snippet'],
        ['/repo/op.mdx', 'prepared op content'],
        ['/repo/data.mdx', 'prepared data'],
      ],
      content: [['op', '/repo/op.mdx']],
      imports: [['/repo/c.mdx', ['/repo/snippets/s.mdx']]],
    } as unknown as PlanData;
    const part = planForPart(data, new Set(['b', 'op']), ['/repo/snippets/s.mdx', '/repo/data.mdx']);
    expect(part.loaded.plan.pages.map((p) => [p.slug, p.body])).toEqual([
      ['a', ''],
      ['b', 'Text of b'],
      ['op', ''],
      ['c', ''],
    ]);
    // What the whole site imports is kept, and named: the part's page keys are made of it (page-keys.ts).
    expect(part.prepared.map(([f]) => f)).toEqual(['/repo/b.mdx', '/repo/snippets/s.mdx', '/repo/op.mdx', '/repo/data.mdx']);
    expect(part.importedFiles).toEqual(['/repo/snippets/s.mdx', '/repo/data.mdx']);
    // The whole plan is untouched.
    expect(data.loaded.plan.pages[0]!.body).toBe('Text of a');
    expect(data.prepared).toHaveLength(6);
  });
});
