/**
 * Version and language switchers drawn as Mintlify draws them (fixtures/nav-switchers: English and French, each with
 * versions v2 and v1, built under `--base /pr-7/`): menus in the header (the version by the logo, the language as a
 * globe button by the navbar links), complete by keyboard, the current entry marked, each option leading to the same
 * page in the other language when it has one (else its first page) under the base, a version's `tag` as a pill beside
 * it, and in the navigation drawer on a narrow screen. Set LECTERN_SHOTS=<dir> to also write wide/narrow, light/dark screenshots there.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, launchChromium, servedBuild } from './helpers.ts';

const BASE = '/pr-7/';
const site = servedBuild(path.join(FIXTURES, 'nav-switchers'), BASE);
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
/** Press each key in turn, expecting focus on the element with that text after it. */
const pressFocusing = async (page: Page, steps: [key: string, text: string][]) => {
  for (const [key, text] of steps) {
    await page.keyboard.press(key);
    expect(await focused(page), `focus after ${key}`).toBe(text);
  }
};
const menu = (page: Page, where: 'topbar' | 'sidebar', type: 'version' | 'language') =>
  page.locator(`.${where} details[data-menu="${type}"]`);

describe('version and language switchers under --base /pr-7/', () => {
  it('draws both as header menus showing the current version and language, with the current entry marked', async () => {
    const page = await open('en/guide');
    try {
      const version = menu(page, 'topbar', 'version');
      const language = menu(page, 'topbar', 'language');
      expect((await version.locator('summary .nav-menu-name').textContent())?.trim()).toBe('v2');
      expect((await language.locator('summary .nav-menu-name').textContent())?.trim()).toBe('English');
      // The language button carries a globe; its accessible name says what it switches.
      expect(await language.locator('summary svg').count()).toBe(1);
      expect(await language.locator('summary').textContent()).toContain('Language:');
      // The version menu sits by the logo, the language menu among the navbar links, right of the search.
      const [brand, versionBox, search, languageBox] = await Promise.all(
        ['.brand', '.topbar details[data-menu="version"]', '.search-button', '.topbar details[data-menu="language"]'].map((s) =>
          page.locator(s).boundingBox(),
        ),
      );
      expect(versionBox!.x).toBeGreaterThan(brand!.x);
      expect(versionBox!.x).toBeLessThan(search!.x);
      expect(languageBox!.x).toBeGreaterThan(search!.x + search!.width);
      // The same page in the other language and in the other version (a folder more: en/guide -> en/v1/guide), under the base.
      expect(await hrefs(page, '.topbar details[data-menu="language"] a')).toEqual(['/pr-7/en', '/pr-7/fr/guide']);
      expect(await hrefs(page, '.topbar details[data-menu="version"] a')).toEqual(['/pr-7/en', '/pr-7/en/v1/guide']);
      expect(await language.locator('a[aria-current]').textContent()).toBe('English');
      expect(await version.locator('a[aria-current]').textContent()).toBe('v2 Latest');
      expect(await language.locator('a', { hasText: 'Français' }).getAttribute('lang')).toBe('fr');
      // No select any more, and the drawer's copies are hidden on a wide screen.
      expect(await page.locator('select').count()).toBe(0);
      expect(await menu(page, 'sidebar', 'language').isVisible()).toBe(false);
      expect(await menu(page, 'sidebar', 'version').isVisible()).toBe(false);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('opens by Enter or Space, reaches its links by Tab, closes on Escape with focus back on its button', async () => {
    const page = await open('en/guide');
    try {
      const language = menu(page, 'topbar', 'language');
      const button = language.locator('summary');
      // Tab from the open menu's button: its options in order.
      const tabThrough: [string, string][] = [
        ['Tab', 'English'],
        ['Tab', 'Français'],
      ];
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      await button.focus();
      await page.keyboard.press('Enter');
      expect(await language.getAttribute('open')).toBe('');
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
      await pressFocusing(page, tabThrough);
      await page.keyboard.press('Escape');
      expect(await language.getAttribute('open')).toBeNull();
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.classList.contains('nav-menu-switch-button'))).toBe(true);
      // Space opens it; Tab, Tab, Enter follows Français to the same page in French, under the base.
      await page.keyboard.press('Space');
      expect(await language.getAttribute('open')).toBe('');
      await pressFocusing(page, tabThrough);
      await Promise.all([page.waitForURL(/\/fr\//), page.keyboard.press('Enter')]);
      expect(new URL(page.url()).pathname).toBe('/pr-7/fr/guide');
      expect(await page.locator('h1').textContent()).toBe('Guide fr');
      // The French page: its language shown by its own name and marked current, the way back to the English guide.
      const back = menu(page, 'topbar', 'language');
      expect((await back.locator('summary .nav-menu-name').textContent())?.trim()).toBe('Français');
      expect(await back.locator('a[aria-current]').textContent()).toBe('Français');
      expect(await hrefs(page, '.topbar details[data-menu="language"] a')).toEqual(['/pr-7/en/guide', '/pr-7/fr']);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('switches version by keyboard (arrow keys), to the same page in the other version', async () => {
    const page = await open('en/guide');
    try {
      const version = menu(page, 'topbar', 'version');
      await version.locator('summary').focus();
      await pressFocusing(page, [
        ['ArrowDown', 'v2 Latest'],
        ['ArrowDown', 'v1'],
      ]);
      await Promise.all([page.waitForURL(/\/v1\/guide$/), page.keyboard.press('Enter')]);
      expect(new URL(page.url()).pathname).toBe('/pr-7/en/v1/guide');
      expect(await page.locator('h1').textContent()).toBe('Guide v1');
      const now = menu(page, 'topbar', 'version');
      expect((await now.locator('summary .nav-menu-name').textContent())?.trim()).toBe('v1');
      expect(await now.locator('a[aria-current]').textContent()).toBe('v1');
      // French v1 has no guide: the language switcher leads to the French first page; back to v2 is en/guide again.
      expect(await hrefs(page, '.topbar details[data-menu="language"] a')).toEqual(['/pr-7/en', '/pr-7/fr']);
      expect(await hrefs(page, '.topbar details[data-menu="version"] a')).toEqual(['/pr-7/en/guide', '/pr-7/en/v1']);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("shows a version's tag as a badge beside its name, on the menu's button and in its list", async () => {
    const page = await open('en/guide');
    try {
      const version = menu(page, 'topbar', 'version');
      const button = version.locator('summary');
      expect(await button.locator('.pill-tag').textContent()).toBe('Latest');
      await button.click();
      const v2 = version.locator('a', { hasText: 'v2' });
      const pill = v2.locator('.pill-tag');
      expect(await pill.textContent()).toBe('Latest');
      expect(await version.locator('a', { hasText: 'v1' }).locator('.pill-tag').count()).toBe(0);
      // Drawn as the group tags are (the accent pill), on the name's line, right of it.
      const [name, badge] = await Promise.all([v2.locator('.nav-menu-name').boundingBox(), pill.boundingBox()]);
      expect(badge!.height).toBeGreaterThan(10);
      expect(badge!.x).toBeGreaterThan(name!.x + 10);
      expect(badge!.y + badge!.height / 2).toBeGreaterThan(name!.y);
      expect(badge!.y + badge!.height / 2).toBeLessThan(name!.y + name!.height);
      expect(await pill.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    } finally {
      await page.close();
    }
    // Each version's own tag: French v1 is "Legacy", English v1 has none.
    const fr = await readFile(path.join(site.dist, 'fr/v1/index.html'), 'utf8');
    expect(fr).toMatch(/<summary class="nav-menu-switch-button">(?:(?!<\/summary>)[\s\S])*<span class="pill pill-tag">Legacy<\/span>/);
    const en = await readFile(path.join(site.dist, 'en/v1/index.html'), 'utf8');
    expect(en).not.toMatch(/<summary class="nav-menu-switch-button">(?:(?!<\/summary>)[\s\S])*pill-tag/);
    expect(en).toContain('v2 <span class="pill pill-tag">Latest</span></span>');
  }, 60_000);

  it('keeps both switchers in the navigation drawer on a narrow screen', async () => {
    const page = await open('en/guide', 400);
    try {
      expect(await menu(page, 'topbar', 'language').isVisible()).toBe(false);
      expect(await menu(page, 'topbar', 'version').isVisible()).toBe(false);
      await page.locator('[data-toggle-sidebar]').click();
      const language = menu(page, 'sidebar', 'language');
      await expect.poll(() => language.isVisible()).toBe(true);
      expect(await menu(page, 'sidebar', 'version').isVisible()).toBe(true);
      await language.locator('summary').click();
      const french = language.locator('a', { hasText: 'Français' });
      expect(await french.isVisible()).toBe(true);
      const box = await language.locator('ul').boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(400);
      // Each list fits in the drawer (none clipped at its edge).
      const drawer = await page.locator('.sidebar').boundingBox();
      const version = menu(page, 'sidebar', 'version');
      await version.locator('summary').click();
      const list = await version.locator('ul').boundingBox();
      expect(list!.x + list!.width).toBeLessThanOrEqual(drawer!.x + drawer!.width);
      await language.locator('summary').click();
      await Promise.all([page.waitForURL(/\/fr\//), french.click()]);
      expect(new URL(page.url()).pathname).toBe('/pr-7/fr/guide');
    } finally {
      await page.close();
    }
  }, 60_000);

  it('opens a switcher and follows its option without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${site.origin}${BASE}en/guide`);
      const version = menu(page, 'topbar', 'version');
      expect(await version.locator('a', { hasText: 'v1' }).isVisible()).toBe(false);
      await version.locator('summary').click();
      await Promise.all([page.waitForURL(/\/v1\/guide$/), version.locator('a', { hasText: 'v1' }).click()]);
      expect(new URL(page.url()).pathname).toBe('/pr-7/en/v1/guide');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('writes the switchers into the HTML as <details> menus with links under the base', async () => {
    const html = await readFile(path.join(site.dist, 'fr/guide/index.html'), 'utf8');
    expect(html).toContain('<details class="nav-menu nav-menu-switch nav-menu-header-switch wide-only" data-menu="language">');
    expect(html).toMatch(/<a href="\/pr-7\/en\/guide" class="nav-menu-option" lang="en" hreflang="en">/);
    expect(html).not.toContain('data-nav-select');
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
          const page = await browser.newPage({ viewport: { width, height: 560 }, colorScheme: scheme });
          await page.goto(`${site.origin}${BASE}en/guide`);
          await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), scheme === 'dark');
          const where = width < 800 ? 'sidebar' : 'topbar';
          if (width < 800) await page.locator('[data-toggle-sidebar]').click();
          await menu(page, where, 'version').locator('summary').click();
          await page.waitForTimeout(250);
          await page.screenshot({ path: path.join(dir, `switchers-${name}-${scheme}-version.png`) });
          await menu(page, where, 'language').locator('summary').click();
          await page.waitForTimeout(250);
          await page.screenshot({ path: path.join(dir, `switchers-${name}-${scheme}-language.png`) });
          await page.close();
        }
      }
    },
    120_000,
  );
});
