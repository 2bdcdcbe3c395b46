/**
 * The search index of a versioned site is written as one Pagefind bundle per version (build/search-bundles.ts), so no
 * Pagefind process holds every version's copy of the pages (crewAI's English pages in 35 versions took one past 2.3 GB):
 * in real Chromium, a page's search finds the pages of its own version and not the others' (fixtures/search-versions:
 * v2, the default, and v1, each with a guide holding a word of its own). A bundle that reaches its size
 * (`LECTERN_SEARCH_BUNDLE_BYTES`) goes on in another that the search merges in: still every page of the version.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageVersion, searchBundles } from '../src/build/search-bundles.ts';
import { listFiles, searchGroup, searchHtml, startSearchIndex } from '../src/build/search-index.ts';
import { FIXTURES, launchChromium, servedBuild } from './helpers.ts';

const FIXTURE = path.join(FIXTURES, 'search-versions');
const site = servedBuild(FIXTURE, '/');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The titles search finds for `query` on the page at `slug` (none: the "no results" line). */
async function titles(origin: string, slug: string, query: string): Promise<string[]> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(`${origin}${slug}`);
    await page.keyboard.press('Control+k');
    await page.fill('[data-search-input]', query);
    await page.locator('.search-results li').first().waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
    return await page.locator('.search-results .search-title').allTextContents();
  } finally {
    await page.close();
  }
}

const entry = (dist: string, folder = '') => entryAt(path.join(dist, 'pagefind', folder));
const entryAt = async (folder: string) =>
  JSON.parse(await readFile(path.join(folder, 'pagefind-entry.json'), 'utf8')) as {
    languages: Record<string, { page_count: number }>;
    lectern?: { bundles: Record<string, Record<string, string[]>> };
  };

describe('search on a versioned site', () => {
  it('reads the version a page shows, and picks the bundles of its language and version', () => {
    const html =
      '<details class="nav-menu" data-menu="version"><summary><span class="sr-only">Version: </span><span class="nav-menu-name">v1 &amp; co</span></summary></details>';
    expect(pageVersion(html)).toBe('v1 & co');
    expect(pageVersion('<html><body></body></html>')).toBe('');
    const list = { en: { v2: ['v/v2', 'v/v2/2'], v1: ['v/v1'] }, fr: { '': [''] } };
    expect(searchBundles(list, 'en', 'v1')).toEqual(['v/v1']);
    expect(searchBundles(list, 'EN', 'v2')).toEqual(['v/v2', 'v/v2/2']);
    expect(searchBundles(list, 'en', 'v9')).toEqual(['v/v2', 'v/v2/2']);
    expect(searchBundles(list, 'fr', 'v1')).toEqual(['']);
    expect(searchBundles(undefined, 'en', 'v1')).toEqual(['']);
  });

  it('writes one bundle per version, listed in the top entry file', async () => {
    const top = await entry(site.dist);
    expect(top.lectern?.bundles).toEqual({ en: { v2: ['v/v2'], v1: ['v/v1'] } });
    expect((await entry(site.dist, 'v/v2')).languages.en!.page_count).toBeGreaterThanOrEqual(2);
    expect((await entry(site.dist, 'v/v1')).languages.en!.page_count).toBe(2);
  });

  it('finds the words of the page’s own version in Chromium, not the other version’s', async () => {
    expect(await titles(site.origin, '/guide', 'zeppelin')).toEqual(['Guide']);
    expect(await titles(site.origin, '/guide', 'quasar')).toEqual([]);
    expect(await titles(site.origin, '/v1/guide', 'quasar')).toEqual(['Guide v1']);
    expect(await titles(site.origin, '/v1/guide', 'zeppelin')).toEqual([]);
    expect((await titles(site.origin, '/v1/guide', 'install')).sort()).toEqual(['Guide v1']);
  }, 120_000);
});

describe('search on a versioned site whose bundles are cut by size', () => {
  beforeAll(() => {
    process.env.LECTERN_SEARCH_BUNDLE_BYTES = '1';
  });
  const small = servedBuild(FIXTURE, '/');
  beforeAll(() => {
    delete process.env.LECTERN_SEARCH_BUNDLE_BYTES;
  });

  it('writes a bundle per page and merges a version’s bundles in the search', async () => {
    const bundles = (await entry(small.dist)).lectern?.bundles;
    expect(bundles?.en?.v1).toEqual(['v/v1', 'v/v1/2']);
    expect(bundles?.en?.v2?.slice(0, 2)).toEqual(['v/v2', 'v/v2/2']);
    expect((await titles(small.origin, '/v1', 'welcome')).sort()).toEqual(['Home v1']);
    expect((await titles(small.origin, '/v1/guide', 'version')).sort()).toEqual(['Guide v1', 'Home v1']);
    expect((await titles(small.origin, '/guide', 'version')).sort()).toEqual(['Guide', 'Home']);
    expect(await titles(small.origin, '/guide', 'quasar')).toEqual([]);
  }, 120_000);
});

describe('the bundles of a versioned site in the build cache', () => {
  const page = (lang: string, version: string, text: string) =>
    `<!DOCTYPE html><html lang="${lang}"><head><title>${text}</title></head><body><details data-menu="version"><summary><span class="nav-menu-name">${version}</span></summary></details><main data-pagefind-body><h1>${text}</h1><p>${text} body text.</p></main></body></html>`;
  const PAGES: Array<[string, string]> = [
    ['/en/v2/a/', page('en', 'v2', 'Alpha')],
    ['/en/v2/b/', page('en', 'v2', 'Bravo')],
    ['/en/v1/a/', page('en', 'v1', 'Charlie')],
    ['/fr/v2/a/', page('fr', 'v2', 'Delta')],
    ['/fr/v1/a/', page('fr', 'v1', 'Echo')],
  ];

  it('holds a language expected from the cache and writes the same bundles as a build without it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lectern-search-versions-'));
    try {
      const cacheDir = path.join(dir, 'cache');
      const oneEach = searchHtml(PAGES[0]![1]).length + 10;
      const build = async (pages: Array<[string, string]>, out: string, hold?: Set<string>) => {
        const indexer = await startSearchIndex({ cacheDir: hold ? cacheDir : undefined, fingerprint: 'f', hold, bundleBytes: oneEach });
        for (const [url, html] of pages) indexer.add(url, html);
        return indexer.finish(path.join(dir, out));
      };
      await build(PAGES, 'first', new Set());
      const first = await entryAt(path.join(dir, 'first'));
      // A bundle takes one of these pages: English v2 is cut in two.
      expect(first.lectern?.bundles).toEqual({ en: { v2: ['v/v2', 'v/v2/2'], v1: ['v/v1'] }, fr: { v2: ['v/v2'], v1: ['v/v1'] } });
      expect(Object.keys((await entryAt(path.join(dir, 'first', 'v/v1'))).languages).sort()).toEqual(['en', 'fr']);
      const edited = PAGES.map(([url, html]): [string, string] => [url, url === '/fr/v1/a/' ? html.replace('Echo', 'Foxtrot') : html]);
      expect(await build(edited, 'warm', new Set(['en']))).toMatchObject({ pages: 5, errors: [] });
      await build(edited, 'fresh');
      expect(await listFiles(path.join(dir, 'warm'))).toEqual(await listFiles(path.join(dir, 'fresh')));
      expect(await entryAt(path.join(dir, 'warm'))).toEqual(await entryAt(path.join(dir, 'fresh')));
      expect(await build(edited, 'again', new Set(['en', 'fr']))).toMatchObject({ cached: true });
      expect(await listFiles(path.join(dir, 'again'))).toEqual(await listFiles(path.join(dir, 'fresh')));
      // Nothing staged is left beside the packs.
      expect((await readdir(cacheDir)).filter((f) => !f.endsWith('.pack'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps each language and version apart: an edit of one sends Pagefind that one only, to the same bundles', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lectern-search-versions-'));
    try {
      const cacheDir = path.join(dir, 'cache');
      const build = async (pages: Array<[string, string]>, out: string, hold?: Set<string>) => {
        const indexer = await startSearchIndex({ cacheDir: hold ? cacheDir : undefined, fingerprint: 'f', hold });
        for (const [url, html] of pages) indexer.add(url, html);
        await indexer.drain(0);
        // Pagefind processes started for the pages sent so far (the held ones wait for `finish`).
        const started = execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
          .split('\n')
          .filter((l) => /pagefind.*--service/.test(l)).length;
        return { started, result: await indexer.finish(path.join(dir, out)) };
      };
      expect((await build(PAGES, 'first', new Set())).started).toBeGreaterThan(1);
      // A build in parts whose changed part holds French v1 pages only (parts.ts `unchangedSearchGroups`).
      const hold = new Set([searchGroup('en', 'v2'), searchGroup('en', 'v1'), searchGroup('fr', 'v2')]);
      const edited = PAGES.map(([url, html]): [string, string] => [url, url === '/fr/v1/a/' ? html.replace('Echo', 'Foxtrot') : html]);
      const warm = await build(edited, 'warm', hold);
      expect(warm.started).toBe(1);
      expect(warm.result).toMatchObject({ pages: 5, errors: [] });
      await build(edited, 'fresh');
      expect(await listFiles(path.join(dir, 'warm'))).toEqual(await listFiles(path.join(dir, 'fresh')));
      expect(await entryAt(path.join(dir, 'warm'))).toEqual(await entryAt(path.join(dir, 'fresh')));
      // French v2 held but changed after all (no pack of it): indexed at the end, to the same bundles.
      const late = edited.map(([url, html]): [string, string] => [url, url === '/fr/v2/a/' ? html.replace('Delta', 'Golf') : html]);
      expect((await build(late, 'late', hold)).result).toMatchObject({ pages: 5, errors: [] });
      await build(late, 'late-fresh');
      expect(await listFiles(path.join(dir, 'late'))).toEqual(await listFiles(path.join(dir, 'late-fresh')));
      expect(await entryAt(path.join(dir, 'late'))).toEqual(await entryAt(path.join(dir, 'late-fresh')));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
