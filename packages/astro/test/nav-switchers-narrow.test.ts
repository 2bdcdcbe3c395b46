/**
 * Version and language switchers on a narrow screen (390 px) on pages without a sidebar (fixtures/nav-switchers-narrow:
 * `mode: custom` and `mode: center` pages of a site with languages and versions, built under `--base /pr-7/`). The
 * header's switchers are wide-only and move into the navigation drawer on narrow screens, so these pages keep the
 * sidebar as a drawer only: hidden on a wide screen (the page's layout is unchanged), opened by the menu button on a
 * narrow one, where both switchers are readable in light and dark and lead to the other version or language.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, launchChromium, servedBuild } from './helpers.ts';

const BASE = '/pr-7/';
const site = servedBuild(path.join(FIXTURES, 'nav-switchers-narrow'), BASE);
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const open = async (slug: string, width: number, scheme: 'light' | 'dark' = 'light'): Promise<Page> => {
  const page = await browser.newPage({ viewport: { width, height: 800 }, colorScheme: scheme });
  await page.goto(`${site.origin}${BASE}${slug}`);
  await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), scheme === 'dark');
  return page;
};
const menu = (page: Page, where: 'topbar' | 'sidebar', type: 'version' | 'language') =>
  page.locator(`.${where} details[data-menu="${type}"]`);

/** The WCAG contrast ratio of an element's text colour on the drawer's background. */
const contrastOnDrawer = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = (c: string) => {
      const [r, g, b] = rgb(c).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const text = getComputedStyle(document.querySelector(sel)!).color;
    const bg = getComputedStyle(document.querySelector('.sidebar')!).backgroundColor;
    const [hi, lo] = [lum(text), lum(bg)].sort((a, b) => b - a);
    return (hi! + 0.05) / (lo! + 0.05);
  }, selector);

describe('switchers on a narrow screen, on pages without a sidebar', () => {
  for (const slug of ['en/custom', 'en/center']) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`${slug} (${scheme}): the menu button opens a drawer holding both switchers, readable`, async () => {
        const page = await open(slug, 390, scheme);
        try {
          expect(await menu(page, 'topbar', 'version').isVisible()).toBe(false);
          await page.locator('[data-toggle-sidebar]').click();
          // The drawer slides in from the left edge.
          await expect.poll(async () => (await page.locator('.sidebar').boundingBox())?.x).toBe(0);
          const version = menu(page, 'sidebar', 'version');
          const language = menu(page, 'sidebar', 'language');
          expect(await version.isVisible()).toBe(true);
          expect(await language.isVisible()).toBe(true);
          for (const m of [version, language]) {
            const box = (await m.locator('summary').boundingBox())!;
            expect(box.x).toBeGreaterThanOrEqual(0);
            expect(box.x + box.width).toBeLessThanOrEqual(390);
          }
          expect(await contrastOnDrawer(page, '.sidebar details[data-menu="version"] .nav-menu-name')).toBeGreaterThanOrEqual(4.5);
          await version.locator('summary').click();
          const v1 = version.locator('a', { hasText: 'v1' });
          expect(await v1.isVisible()).toBe(true);
          await Promise.all([page.waitForURL(/\/en\/v1$/), v1.click()]);
          expect(new URL(page.url()).pathname).toBe('/pr-7/en/v1');
        } finally {
          await page.close();
        }
      }, 60_000);
    }
  }

  it('the language switcher in the drawer leads to the same page in the other language', async () => {
    const page = await open('en/custom', 390);
    try {
      await page.locator('[data-toggle-sidebar]').click();
      const language = menu(page, 'sidebar', 'language');
      await expect.poll(() => language.isVisible()).toBe(true);
      await language.locator('summary').click();
      await Promise.all([page.waitForURL(/\/fr\//), language.locator('a', { hasText: 'Français' }).click()]);
      expect(new URL(page.url()).pathname).toBe('/pr-7/fr/custom');
    } finally {
      await page.close();
    }
  }, 60_000);

  it('on a wide screen the page keeps its layout: no sidebar, the switchers in the header', async () => {
    const page = await open('en/custom', 1280);
    try {
      expect(await page.locator('aside.sidebar').isVisible()).toBe(false);
      expect(await menu(page, 'topbar', 'version').isVisible()).toBe(true);
      expect(await menu(page, 'topbar', 'language').isVisible()).toBe(true);
      const main = (await page.locator('main#content').boundingBox())!;
      expect(main.x).toBeLessThan(50);
    } finally {
      await page.close();
    }
  }, 60_000);
});
