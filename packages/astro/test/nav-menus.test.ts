/**
 * Dropdowns, products, tab menus, global tabs and global anchors drawn as Mintlify draws them (fixtures/nav-menus,
 * built under `--base /pr-7/`): the product and dropdown switchers are menus with icons and descriptions that open by
 * keyboard and close on Escape, a tab's `menu` opens under its tab, global tabs sit in the header's tab bar and global
 * anchors at the top of the sidebar, and every option links to its page under the base. Set LECTERN_SHOTS=<dir> to
 * also write wide/narrow, light/dark screenshots there.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, launchChromium, servedBuild } from './helpers.ts';

const BASE = '/pr-7/';
const site = servedBuild(path.join(FIXTURES, 'nav-menus'), BASE);
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const open = async (slug: string, width = 1280): Promise<Page> => {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  await page.goto(`${site.origin}${BASE}${slug}`);
  return page;
};
const hrefs = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.map((e) => e.getAttribute('href')));
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.replace(/\s+/g, ' ').trim());

describe('navigation menus under --base /pr-7/', () => {
  it('draws the product and dropdown switchers as menus whose options lead to pages under the base', async () => {
    const page = await open('core/quickstart');
    try {
      // The product switcher sits by the logo (in the sidebar only on narrow screens).
      const product = page.locator('.topbar details[data-menu="product"]');
      const button = product.locator('summary');
      expect(await button.textContent()).toContain('Core API');
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator('.sidebar details[data-menu="product"]').isVisible()).toBe(false);
      expect(await hrefs(page, '.topbar details[data-menu="product"] a')).toEqual(['/pr-7/', '/pr-7/analytics/overview']);
      await button.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
      expect(await product.locator('a', { hasText: 'Analytics' }).textContent()).toContain('Dashboards and reports');
      await page.keyboard.press('Escape');
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      // The dropdowns: at the top of the sidebar, with their descriptions.
      expect(await hrefs(page, '.sidebar details[data-menu="dropdown"] a')).toEqual([
        '/pr-7/',
        '/pr-7/core/recipes',
        'https://status.example.test',
      ]);
      const current = page.locator('.sidebar details[data-menu="dropdown"] a[aria-current="page"]');
      expect(await current.textContent()).toContain('Documentation');
      expect(await page.locator('.sidebar details[data-menu="dropdown"] a', { hasText: 'Cookbook' }).textContent()).toContain(
        'Recipes for common tasks',
      );
    } finally {
      await page.close();
    }
  }, 60_000);

  it('opens a menu by keyboard, moves with the arrows, closes on Escape with focus back on its button', async () => {
    const page = await open('core/quickstart');
    try {
      const dropdown = page.locator('.sidebar details[data-menu="dropdown"]');
      const button = dropdown.locator('summary');
      await button.focus();
      await page.keyboard.press('Enter');
      expect(await dropdown.getAttribute('open')).toBe('');
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
      expect(await dropdown.locator('a', { hasText: 'Cookbook' }).isVisible()).toBe(true);
      await page.keyboard.press('ArrowDown');
      expect(await focused(page)).toContain('Documentation');
      await page.keyboard.press('ArrowDown');
      expect(await focused(page)).toContain('Cookbook');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      expect(await focused(page)).toContain('Status');
      await page.keyboard.press('Escape');
      expect(await dropdown.getAttribute('open')).toBeNull();
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.classList.contains('nav-menu-button'))).toBe(true);
      // Space opens it too; ArrowDown + Enter follows the option, under the base.
      await page.keyboard.press('Space');
      expect(await dropdown.getAttribute('open')).toBe('');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await Promise.all([page.waitForURL(/recipes/), page.keyboard.press('Enter')]);
      expect(new URL(page.url()).pathname).toBe('/pr-7/core/recipes');
      expect(await page.locator('h1').textContent()).toBe('Recipes');
    } finally {
      await page.close();
    }
  }, 60_000);

  it("draws a tab's menu under the tab, and global tabs in the tab bar", async () => {
    const page = await open('core/quickstart');
    try {
      expect(await page.locator('.tabs-row > .tab-link, .tabs-row > details > summary').allTextContents()).toEqual([
        'Guides',
        'Developer tools',
        'Blog',
      ]);
      expect(await page.locator('.tabs-row a.tab-link', { hasText: 'Blog' }).getAttribute('href')).toBe('https://blog.example.test');
      const menu = page.locator('.tabs-row details[data-menu]');
      const tab = menu.locator('summary');
      await tab.focus();
      await page.keyboard.press('ArrowDown');
      expect(await menu.getAttribute('open')).toBe('');
      expect(await focused(page)).toContain('CLI');
      expect(await hrefs(page, '.tabs-row details[data-menu] a')).toEqual(['/pr-7/core/cli', '/pr-7/core/sdks']);
      const list = await menu.locator('ul').boundingBox();
      const bar = await page.locator('.tabs-row').boundingBox();
      expect(list!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height - 1);
      expect(await menu.locator('a', { hasText: 'SDKs' }).textContent()).toContain('Libraries for your language');
      await page.keyboard.press('Escape');
      expect(await menu.getAttribute('open')).toBeNull();
      // A click outside closes an open menu.
      await tab.click();
      expect(await menu.getAttribute('open')).toBe('');
      await page.mouse.click(1000, 600);
      expect(await menu.getAttribute('open')).toBeNull();
      // A mouse over the tab opens its menu; leaving closes it.
      await tab.hover();
      await expect.poll(() => menu.getAttribute('open')).toBe('');
      await page.mouse.move(1000, 600);
      await expect.poll(() => menu.getAttribute('open')).toBeNull();
      // The menu item's page: its tab is the active one.
      await Promise.all([page.waitForURL(/sdks/), tab.click().then(() => menu.locator('a', { hasText: 'SDKs' }).click())]);
      expect(new URL(page.url()).pathname).toBe('/pr-7/core/sdks');
      expect(await page.locator('.tabs-row summary.tab-link').getAttribute('class')).toContain('active');
      // A tab's menu is under the tab, not in the wide sidebar (only in the narrow layout's drawer).
      expect(await page.locator('.sidebar details[data-menu="menu"]').isVisible()).toBe(false);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('puts global anchors at the top of the sidebar with their icons', async () => {
    const page = await open('analytics/overview');
    try {
      const anchors = page.locator('.sidebar .anchors-global a');
      expect(await anchors.allTextContents()).toEqual(['Changelog', 'Community']);
      expect(await hrefs(page, '.sidebar .anchors-global a')).toEqual(['/pr-7/changelog', 'https://community.example.test']);
      expect(await page.locator('.sidebar .anchors-global a svg').count()).toBe(2);
      // Global tabs are not sidebar anchors.
      expect(await page.locator('.sidebar a', { hasText: 'Blog' }).count()).toBe(0);
      expect(await page.locator('.topbar details[data-menu="product"] summary').textContent()).toContain('Analytics');
      // A product's `menu` (no tab above it): a menu at the top of the sidebar on wide screens too.
      const menu = page.locator('.sidebar details[data-menu="menu"]');
      expect(await menu.isVisible()).toBe(true);
      expect(await menu.locator('summary').textContent()).toContain('Overview');
      expect(await hrefs(page, '.sidebar details[data-menu="menu"] a')).toEqual(['/pr-7/analytics/overview', '/pr-7/analytics/reports']);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('keeps the menus in the mobile navigation on a narrow screen', async () => {
    const page = await open('core/cli', 400);
    try {
      await page.locator('[data-toggle-sidebar]').click();
      const menu = page.locator('.sidebar details[data-menu="menu"]');
      await expect.poll(() => menu.isVisible()).toBe(true);
      await menu.locator('summary').click();
      expect(await hrefs(page, '.sidebar details[data-menu="menu"] a')).toEqual(['/pr-7/core/cli', '/pr-7/core/sdks']);
      expect(await menu.locator('a', { hasText: 'SDKs' }).isVisible()).toBe(true);
      expect(await page.locator('.sidebar details[data-menu="product"]').isVisible()).toBe(true);
      // The tab's menu in the header fits the narrow screen.
      await page.locator('.tabs-row details summary').click();
      const list = await page.locator('.tabs-row details ul').boundingBox();
      expect(list!.x).toBeGreaterThanOrEqual(0);
      expect(list!.x + list!.width).toBeLessThanOrEqual(400);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('opens a menu and follows its option without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${site.origin}${BASE}core/quickstart`);
      const product = page.locator('.topbar details[data-menu="product"]');
      expect(await product.locator('a', { hasText: 'Analytics' }).isVisible()).toBe(false);
      await product.locator('summary').click();
      await Promise.all([page.waitForURL(/analytics/), product.locator('a', { hasText: 'Analytics' }).click()]);
      expect(new URL(page.url()).pathname).toBe('/pr-7/analytics/overview');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('writes the HTML without JavaScript-only parts: a <details> per menu, links in the page', async () => {
    const html = await readFile(path.join(site.dist, 'core/quickstart/index.html'), 'utf8');
    expect(html).toMatch(/<details class="nav-menu nav-menu-box nav-menu-header wide-only" data-menu="product">/);
    expect(html).toContain('href="/pr-7/analytics/overview"');
  });

  it.runIf(process.env.LECTERN_SHOTS)(
    'writes screenshots',
    async () => {
      const dir = process.env.LECTERN_SHOTS!;
      for (const [name, width] of [
        ['wide', 1280],
        ['narrow', 400],
      ] as const) {
        for (const scheme of ['light', 'dark'] as const) {
          const page = await browser.newPage({ viewport: { width, height: 720 }, colorScheme: scheme });
          await page.goto(`${site.origin}${BASE}core/quickstart`);
          await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), scheme === 'dark');
          if (width < 800) await page.locator('[data-toggle-sidebar]').click();
          await page.locator('.sidebar details[data-menu="dropdown"] summary').click();
          await page.screenshot({ path: path.join(dir, `${name}-${scheme}-dropdown.png`) });
          await page.locator(`${width < 800 ? '.sidebar' : '.topbar'} details[data-menu="product"] summary`).click();
          await page.screenshot({ path: path.join(dir, `${name}-${scheme}-product.png`) });
          if (width > 800) {
            await page.locator('.tabs-row details summary').click();
            await page.screenshot({ path: path.join(dir, `${name}-${scheme}-tabmenu.png`) });
          }
          await page.close();
        }
      }
    },
    120_000,
  );
});
