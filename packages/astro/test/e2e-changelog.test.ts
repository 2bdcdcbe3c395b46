/**
 * Changelogs, `interaction.drilldown` and `contextual.display: "toc"` (issue 36), built for real (fixtures/changelog)
 * and read in Chromium: the table of contents lists the `<Update>` labels (not the headings inside them); tags become
 * filters in its place that hide the other updates, keep `?tags=` in the URL and work from the keyboard, while without
 * JavaScript every update shows; a group's title opens its first page with drilldown (and only expands without); the
 * page menu is drawn in the table of contents column. A second build of the fixture sets drilldown off and the menu
 * back in the header; a third adds 160 pages, so that the sidebar's other sections are filled in the browser.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadConfig } from '@lectern/core';
import { FIXTURES, buildFixture, readPage, serveDist, servedFixture } from './helpers.ts';

const site = servedFixture('changelog');

/** The hrefs and texts of the table of contents' list. */
function tocLinks(html: string): Array<[string, string]> {
  const list = /<div class="toc-list" data-toc-list>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<a href="([^"]+)" data-toc-link>([^<]*)<\/a>/g)].map((m) => [m[1]!, m[2]!]);
}

const visibleLabels = (p: Page) => p.locator('section.update:visible .update-label').allInnerTexts();
const pressed = (p: Page) => p.locator('[data-update-tag][aria-pressed="true"]').allInnerTexts();
const query = (p: Page) => decodeURIComponent(new URL(p.url()).search);

describe('changelog table of contents', () => {
  it('lists each Update label, linking to its anchor', async () => {
    const html = await readPage(site.dist, 'changelog');
    const links = tocLinks(html);
    expect(links).toEqual([
      ['#march-2025', 'March 2025'],
      ['#february-2025', 'February 2025'],
      ['#january-2025', 'January 2025'],
      ['#december-2024', 'December 2024'],
    ]);
    // Each target is the Update's own section; the heading inside an Update is no entry.
    for (const [href] of links) expect(html).toContain(`<section class="update" id="${href.slice(1)}"`);
    expect(html).toContain('id="a-new-flavor"');
    expect(links.map(([, t]) => t)).not.toContain('A new flavor');
    // The page's RSS feed is still written, one item per Update.
    const feed = await readFile(path.join(site.dist, 'changelog', 'rss.xml'), 'utf8');
    expect([...feed.matchAll(/<title><!\[CDATA\[([^\]]*)\]\]><\/title>/g)].map((m) => m[1])).toEqual([
      'Changelog',
      ...links.map(([, t]) => t),
    ]);
  });

  it('keeps the headings around the Updates in page order, custom ids included', async () => {
    expect(tocLinks(await readPage(site.dist, 'notes'))).toEqual([
      ['#upgrade', 'Before you upgrade'],
      ['#v2-0-0', 'v2.0.0'],
      ['#v1-0-0', 'v1.0.0'],
      ['#support', 'Support'],
    ]);
  });
});

describe('changelog tag filters in Chromium', () => {
  it('replaces the table of contents with filters; a tag hides the updates without it and sets ?tags=', async () => {
    const p = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await p.goto(`${site.url}/changelog`);
    await expect.poll(() => p.locator('[data-update-filters]').isVisible()).toBe(true);
    expect(await p.locator('[data-toc-list]').isVisible()).toBe(false);
    expect(await visibleLabels(p)).toEqual(['March 2025', 'February 2025', 'January 2025', 'December 2024']);
    await p.getByRole('button', { name: 'Peppermint' }).click();
    expect(await visibleLabels(p)).toEqual(['January 2025']);
    expect(query(p)).toBe('?tags=Peppermint');
    // Several tags: an update shows when it has every one (untagged updates stay hidden).
    await p.getByRole('button', { name: 'Peppermint' }).click();
    await p.getByRole('button', { name: 'Spearmint' }).click();
    expect(await visibleLabels(p)).toEqual(['March 2025', 'February 2025', 'January 2025']);
    await p.getByRole('button', { name: 'Wintergreen' }).click();
    expect(await visibleLabels(p)).toEqual(['March 2025']);
    expect(query(p)).toBe('?tags=Spearmint,Wintergreen');
    expect(await pressed(p)).toEqual(['Wintergreen', 'Spearmint']);
    await p.getByRole('button', { name: 'Clear' }).click();
    expect(await visibleLabels(p)).toHaveLength(4);
    expect(query(p)).toBe('');
    expect(await p.getByRole('button', { name: 'Clear' }).isVisible()).toBe(false);
    await p.close();
  });

  it('pre-filters a page opened with ?tags=, ignoring unknown tags and keeping other parameters', async () => {
    const p = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await p.goto(`${site.url}/changelog?ref=mail&tags=Spearmint,Nope`);
    await expect.poll(() => pressed(p)).toEqual(['Spearmint']);
    expect(await visibleLabels(p)).toEqual(['March 2025', 'February 2025', 'January 2025']);
    expect(query(p)).toBe('?ref=mail&tags=Spearmint');
    await p.close();
  });

  it('works from the keyboard: Tab reaches the buttons, Enter and Space toggle them', async () => {
    const p = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await p.goto(`${site.url}/changelog`);
    await expect.poll(() => p.locator('[data-update-filters]').isVisible()).toBe(true);
    await p.locator('.toc .contextual-menu > summary').focus();
    await p.keyboard.press('Tab');
    expect(await p.evaluate(() => document.activeElement?.textContent)).toBe('Wintergreen');
    await p.keyboard.press('Enter');
    expect(await visibleLabels(p)).toEqual(['March 2025']);
    expect(await p.locator('[data-update-tag="Wintergreen"]').getAttribute('aria-pressed')).toBe('true');
    await p.keyboard.press('Space');
    expect(await visibleLabels(p)).toHaveLength(4);
    expect(query(p)).toBe('');
    await p.close();
  });

  it('keeps the list under the filters on a page with other headings', async () => {
    const p = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await p.goto(`${site.url}/notes?tags=Breaking`);
    await expect.poll(() => visibleLabels(p)).toEqual(['v2.0.0']);
    expect(await p.locator('[data-update-filters]').isVisible()).toBe(true);
    expect(await p.locator('.toc [data-toc-link]:visible').allInnerTexts()).toEqual(['Before you upgrade', 'v2.0.0', 'v1.0.0', 'Support']);
    await p.close();
  });

  it('shows every update and the list of labels without JavaScript', async () => {
    const ctx = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    await p.goto(`${site.url}/changelog?tags=Peppermint`);
    expect(await visibleLabels(p)).toHaveLength(4);
    expect(await p.locator('[data-update-filters]').isVisible()).toBe(false);
    expect(await p.locator('.toc [data-toc-link]:visible').allInnerTexts()).toEqual([
      'March 2025',
      'February 2025',
      'January 2025',
      'December 2024',
    ]);
    await ctx.close();
  });
});

describe('interaction.drilldown: true', () => {
  it("links a group's title to its first page, which opens with the group expanded", async () => {
    const html = await readPage(site.dist, 'index');
    expect(html).toMatch(
      /<summary class="nav-link nav-group-title"><a href="\/guides\/first" class="nav-label nav-root-link" data-drilldown>Guides<\/a>/,
    );
    const p = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await p.goto(`${site.url}/`);
    expect(await p.locator('details.nav-group').getAttribute('open')).toBeNull();
    await p.locator('.sidebar').getByText('Guides', { exact: true }).click();
    await p.waitForURL(/\/guides\/first$/);
    expect(await p.locator('details.nav-group').getAttribute('open')).not.toBeNull();
    expect(await p.locator('.sidebar [aria-current="page"]').innerText()).toBe('First guide');
    await p.close();
  });
});

describe('contextual.display: "toc"', () => {
  it('draws the page menu in the table of contents column, by the title on a page without one', async () => {
    const html = await readPage(site.dist, 'changelog');
    expect(html).toMatch(/<nav class="toc"[^>]*><div class="toc-contextual"><div class="contextual"/);
    expect(/<div class="page-title-row">[\s\S]*?<\/div>/.exec(html)![0]).not.toContain('contextual');
    // guides/first has no headings, so no table of contents: the menu stays by the title.
    expect(/<div class="page-title-row">[\s\S]*?<div class="contextual"/.test(await readPage(site.dist, 'guides/first'))).toBe(true);
  });

  it('shows it right of the text on a wide screen and above it on a narrow one; its menu opens there', async () => {
    const p = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await p.goto(`${site.url}/notes`);
    const menu = p.locator('.toc .contextual');
    const article = await p.locator('article').boundingBox();
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThan(article!.x + article!.width);
    await p.locator('.toc .contextual-menu > summary').click();
    expect(await p.locator('.toc .contextual-menu a', { hasText: 'View as Markdown' }).isVisible()).toBe(true);
    await p.setViewportSize({ width: 800, height: 900 });
    expect(await menu.isVisible()).toBe(true);
    const narrow = (await menu.boundingBox())!;
    expect(narrow.y).toBeLessThan((await p.locator('.page-title').boundingBox())!.y);
    expect(await p.locator('.toc [data-toc-link]').first().isVisible()).toBe(false);
    await p.close();
  });
});

describe('without drilldown, menu in the header (a second build)', () => {
  let root = '';
  let dist = '';
  const cleanups: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'lectern-changelog-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    await cp(path.join(FIXTURES, 'changelog'), root, { recursive: true, filter: (src) => !/[\\/](dist|\.lectern)([\\/]|$)/.test(src) });
    const config = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8'));
    config.interaction = { drilldown: false };
    config.contextual.display = 'header';
    await writeFile(path.join(root, 'docs.json'), JSON.stringify(config));
    const built = await buildFixture(root);
    cleanups.push(built.cleanup);
    dist = built.dist;
  }, 120_000);
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it("keeps a group's title expand-only and the menu by the title", async () => {
    const index = await readPage(dist, 'index');
    expect(index).toMatch(/<summary class="nav-link nav-group-title"><span class="nav-label">Guides<\/span>/);
    expect(index).not.toContain('data-drilldown');
    const changelog = await readPage(dist, 'changelog');
    expect(/<div class="page-title-row">[\s\S]*?<div class="contextual"/.test(changelog)).toBe(true);
    expect(changelog).not.toContain('toc-contextual');
  });
});

describe('interaction.drilldown in a large sidebar (a third build)', () => {
  const built: { dist: string; url: string; close: Array<() => Promise<void>> } = { dist: '', url: '', close: [] };
  beforeAll(async () => {
    // Over 150 entries: sections other than the current page's are filled in the browser (site.ts) when opened.
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-drilldown-'));
    built.close.push(() => rm(root, { recursive: true, force: true }));
    await cp(path.join(FIXTURES, 'changelog'), root, { recursive: true, filter: (src) => !/[\\/](dist|\.lectern)([\\/]|$)/.test(src) });
    const config = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8'));
    const pages = Array.from({ length: 160 }, (_, i) => `bulk/p${i}`);
    await mkdir(path.join(root, 'bulk'));
    for (const [i, slug] of pages.entries()) await writeFile(path.join(root, `${slug}.mdx`), `---\ntitle: Bulk ${i}\n---\n\nPage ${i}.\n`);
    config.navigation.groups.push({ group: 'Bulk', pages: [{ group: 'Deep', pages }] });
    await writeFile(path.join(root, 'docs.json'), JSON.stringify(config));
    const site = await buildFixture(root);
    built.close.push(site.cleanup);
    built.dist = site.dist;
    const served = await serveDist(site.dist);
    built.close.push(served.close);
    built.url = served.url;
  }, 180_000);
  afterAll(async () => {
    for (const c of built.close.reverse()) await c();
  });

  it('links the titles of the sections loaded later to their first page too', async () => {
    const html = await readPage(built.dist, 'index');
    expect(html).toMatch(/<details class="nl" data-l="1"><summary><a href="\/bulk\/p0" class="nav-root-link" data-drilldown>Bulk<\/a>/);
    const p = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await p.goto(`${built.url}/`);
    await p.locator('details.nl[data-l="1"]').evaluate((d) => ((d as HTMLDetailsElement).open = true));
    const deep = p.locator('details.nl[data-l="1"] .nav-group-title a', { hasText: 'Deep' });
    await expect.poll(() => deep.count()).toBe(1);
    expect(await deep.getAttribute('href')).toBe('/bulk/p0');
    await deep.click();
    await p.waitForURL(/\/bulk\/p0$/);
    expect(await p.locator('.sidebar [aria-current="page"]').innerText()).toBe('Bulk 0');
    await p.close();
  });
});

describe('docs.json', () => {
  it('has no "not supported" warning for interaction.drilldown or contextual.display "toc"', () => {
    const loaded = loadConfig(path.join(FIXTURES, 'changelog'));
    expect(loaded.diagnostics.filter((d) => d.code === 'config/not-supported')).toEqual([]);
  });
});
