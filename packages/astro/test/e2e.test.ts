/** The built kitchen-sink and API fixture in real Chromium: navigation, theme, tabs, accordions, anchors, search, XSS. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { buildFixture, serveDist, launchChromium, FIXTURES, REPO } from './helpers.ts';

let browser: Browser;
const cleanups: Array<() => Promise<void>> = [];
let sink = '';
let api = '';

beforeAll(async () => {
  const a = await buildFixture(path.join(REPO, 'examples/kitchen-sink'));
  const b = await buildFixture(path.join(FIXTURES, 'api'));
  const sa = await serveDist(a.dist);
  const sb = await serveDist(b.dist);
  sink = sa.url;
  api = sb.url;
  cleanups.push(a.cleanup, b.cleanup, sa.close, sb.close);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  for (const c of cleanups) await c();
});

async function page(url: string, opts: { dark?: boolean } = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: opts.dark ? 'dark' : 'light' });
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
  const p = await ctx.newPage();
  const errors: string[] = [];
  p.on('pageerror', (e) => errors.push(e.message));
  await p.goto(url, { waitUntil: 'load' });
  return { p, ctx, errors };
}

describe('kitchen sink in Chromium', () => {
  it('navigates through the sidebar, tabs and the version switcher', async () => {
    const { p, ctx, errors } = await page(sink + '/');
    await p.click('.sidebar a:has-text("Quickstart")');
    await p.waitForURL(sink + '/quickstart');
    expect(await p.title()).toBe('Quickstart for Sink - Kitchen Sink');
    await p.click('.tabs-row a:has-text("API reference")');
    await p.waitForURL(/\/api\/overview$/);
    expect(await p.locator('.sidebar .nav-link.active').innerText()).toContain('API overview');
    await p.click('.page-nav-link.next');
    await p.waitForURL(/\/api\/manual-endpoint$/);
    await p.click('.topbar details[data-menu="version"] > summary');
    await p.click('.topbar details[data-menu="version"] a:has-text("v1")');
    await p.waitForURL(/\/v1$/);
    expect(await p.locator('h1').innerText()).toBe('Version 1');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('page menu (docs.json contextual): copies the page as Markdown, links the .md copy, opens an AI chat about the page', async () => {
    const { p, ctx } = await page(sink + '/quickstart');
    await p.click('[data-copy-page]');
    await p.waitForFunction(() => document.querySelector('[data-copy-page]')?.hasAttribute('data-copied'));
    const markdown = await (await fetch(sink + '/quickstart.md')).text();
    expect(markdown).toContain('# Quickstart');
    expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(markdown);
    await p.click('.contextual-menu > summary');
    expect(await p.getAttribute('.contextual-menu a:has-text("View as Markdown")', 'href')).toBe('/quickstart.md');
    const href = await p.evaluate(() => {
      window.addEventListener('click', (e) => e.preventDefault(), true);
      const a = document.querySelector<HTMLAnchorElement>('[data-ai="chatgpt"]')!;
      a.click();
      return a.href;
    });
    expect(href).toBe(
      'https://chatgpt.com/?hints=search&q=' + encodeURIComponent(`Read ${sink}/quickstart so I can ask questions about it.`),
    );
    expect(await p.getAttribute('.contextual-menu a:has-text("Ask support")', 'href')).toBe('mailto:support@sink.example.com');
    await ctx.close();
  });

  it('dismisses the banner, and it stays dismissed on the next page', async () => {
    const { p, ctx } = await page(sink + '/');
    const banner = p.locator('[data-banner]');
    expect(await banner.isVisible()).toBe(true);
    await p.click('[data-dismiss-banner]');
    expect(await banner.isVisible()).toBe(false);
    await p.goto(sink + '/quickstart', { waitUntil: 'load' });
    expect(await p.locator('[data-banner]').isVisible()).toBe(false);
    await ctx.close();
  });

  it('toggles dark mode, remembers it, and sets it before first paint', async () => {
    const { p, ctx } = await page(sink + '/components/callouts');
    expect(await p.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    const bgLight = await p.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await p.click('[data-theme-toggle]');
    expect(await p.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await p.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(bgLight);
    await p.reload({ waitUntil: 'domcontentloaded' });
    expect(await p.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await ctx.close();
  });

  it('switches tabs, syncs code groups with the same labels and opens accordions (hash updated)', async () => {
    const { p, ctx } = await page(sink + '/components/structure');
    const tabs = p.locator('.tabs').first();
    await tabs.locator('button:has-text("pnpm")').click();
    expect(await tabs.locator('[data-tab-panel]:visible').innerText()).toContain('pnpm add');
    expect(await tabs.locator('button:has-text("pnpm")').getAttribute('aria-selected')).toBe('true');
    const acc = p.locator('details.accordion:has-text("Does it need JavaScript?")');
    expect(await acc.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await acc.locator('summary').click();
    expect(await acc.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await p.waitForFunction(() => location.hash === '#does-it-need-javascript');
    await ctx.close();

    const code = await page(sink + '/components/code');
    const groups = code.p.locator('.code-group[data-sync]');
    await groups.nth(0).locator('button:has-text("Python")').click();
    expect(await groups.nth(1).locator('button:has-text("Python")').getAttribute('aria-selected')).toBe('true');
    await code.ctx.close();
  });

  it('copies a field anchor URL and updates the hash', async () => {
    const { p, ctx } = await page(sink + '/api-reference/pets/create-a-pet');
    await p.hover('#body-name');
    await p.click('#body-name .field-anchor');
    expect(await p.evaluate(() => location.hash)).toBe('#body-name');
    expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(`${sink}/api-reference/pets/create-a-pet#body-name`);
    await ctx.close();
  });

  it('loads no playground JS until "Try it" is opened, then hydrates the island', async () => {
    const { p, ctx, errors } = await page(sink + '/api-reference/pets/create-a-pet');
    const scripts = () =>
      p.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((n) => /Playground/.test(n)),
      );
    await p.waitForTimeout(300);
    expect(await scripts()).toEqual([]);
    await p.click('.try-it > summary');
    await p.waitForFunction(() => !document.querySelector('#api-playground astro-island[ssr]'), null, { timeout: 20_000 });
    expect((await scripts()).length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('finds an endpoint with search (Pagefind loaded on demand)', async () => {
    const { p, ctx } = await page(sink + '/');
    await p.keyboard.press('Control+k');
    await p.fill('[data-search-input]', 'adopt');
    const hit = p.locator('.search-results a', { hasText: 'Adopt a pet' });
    await hit.first().waitFor({ timeout: 20_000 });
    expect(await hit.first().getAttribute('href')).toBe('/api-reference/pets/adopt-a-pet');
    await ctx.close();
  });
});

describe('XSS fixture in Chromium', () => {
  it('runs no script from the spec or docs.json', async () => {
    for (const slug of ['/', '/api-reference/chat/create-a-message']) {
      const { p, ctx } = await page(api + slug);
      const dialogs: string[] = [];
      p.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await p.evaluate(() => document.querySelectorAll('.endpoint-description a').forEach((a) => (a as HTMLElement).click()));
      const flags = await p.evaluate(() => [
        (window as never as Record<string, unknown>).__xss_banner,
        (window as never as Record<string, unknown>).__xss_desc,
        (window as never as Record<string, unknown>).__xss_click,
      ]);
      expect(flags).toEqual([undefined, undefined, undefined]);
      expect(dialogs).toEqual([]);
      await ctx.close();
    }
  });
});
