/**
 * A pull-request preview: the kitchen-sink example built with `base: /pr-7/` and served by `lectern serve` under
 * that path. Every internal link and asset of every page resolves, nothing points outside the base, and search and
 * the navigation work in Chromium.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, filesUnder, launchChromium, servedBuild } from './helpers.ts';

const BASE = '/pr-7/';
const site = servedBuild(path.join(REPO, 'examples/kitchen-sink'), BASE);

describe('a site built with base /pr-7/', () => {
  it('has no broken internal link or asset, and no link outside the base', async () => {
    const pages = (await filesUnder(site.dist)).filter((f) => f.endsWith('.html') && !f.startsWith('pagefind/'));
    const targets = new Map<string, string>();
    const outside: string[] = [];
    for (const file of pages) {
      const html = await readFile(path.join(site.dist, file), 'utf8');
      const pageUrl = new URL(BASE + file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, ''), site.origin);
      const urls = [...html.matchAll(/\s(?:href|src|poster|data-copy-page)="([^"#][^"]*)"/g)].map((m) => m[1]!);
      for (const m of html.matchAll(/\ssrcset="([^"]*)"/g)) urls.push(...m[1]!.split(',').map((p) => p.trim().split(/\s+/)[0]!));
      for (const raw of urls) {
        // Highlighted code shows markup as text (`href="<span …`): not a link.
        if (raw.includes('<') || /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(raw)) continue;
        const url = new URL(raw.replace(/&amp;/g, '&'), pageUrl);
        if (!url.pathname.startsWith(BASE)) outside.push(`${file}: ${raw}`);
        else if (!targets.has(url.pathname)) targets.set(url.pathname, file);
      }
    }
    expect(outside).toEqual([]);
    expect(targets.size).toBeGreaterThan(30);
    const broken: string[] = [];
    for (const [target, from] of targets) {
      const res = await fetch(site.origin + target);
      if (res.status !== 200) broken.push(`${target} (${res.status}) from ${from}`);
      await res.arrayBuffer();
    }
    expect(broken).toEqual([]);
  }, 120_000);

  it('llms.txt, the Markdown copies and the manifest name URLs under the base', async () => {
    const llms = await (await fetch(`${site.origin}${BASE}llms.txt`)).text();
    // docs.json sets lectern.site: absolute URLs, with the base.
    const links = [...llms.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter((l) => !l.startsWith('https://sink.example.com/pr-7/'))).toEqual([]);
    expect(links).toContain('https://sink.example.com/pr-7/index.md');
    for (const link of links.slice(0, 5)) expect((await fetch(site.origin + new URL(link).pathname)).status, link).toBe(200);
    expect((await fetch(`${site.origin}/`, { redirect: 'manual' })).headers.get('location')).toBe(BASE);
    expect((await fetch(`${site.origin}/components/cards`)).status).toBe(404);
  });

  it('search and the navigation work in Chromium under the base', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const failed: string[] = [];
      page.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      });
      await page.goto(`${site.origin}${BASE}`);
      await page.click('[data-open-search]');
      await page.fill('[data-search-input]', 'cards');
      const first = page.locator('[data-search-results] a').first();
      await first.waitFor({ timeout: 30_000 });
      expect(await first.getAttribute('href')).toMatch(/^\/pr-7\//);
      await first.click();
      await page.waitForLoadState('load');
      expect(new URL(page.url()).pathname.startsWith(BASE)).toBe(true);
      await page.locator('.sidebar a.nav-link').nth(2).click();
      await page.waitForLoadState('load');
      expect(new URL(page.url()).pathname.startsWith(BASE)).toBe(true);
      expect(failed).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
