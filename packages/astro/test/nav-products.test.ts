/**
 * docs.json `navigation.products` drawn as Mintlify draws them (fixtures/nav-products, Mintlify's own example: two
 * products with pages and one with an `href`): a switcher by the logo (in the navigation drawer on narrow screens)
 * whose menu lists a card per product with its icon, name and description, the current product outlined and checked.
 * In Chromium: the menu opens, lists the products, Escape closes it, choosing a product (by keyboard or pointer) goes
 * to its first page, and screenshots of light and dark at 1280 and 390 px are read back: the menu fits the screen,
 * has the scheme's background and readable text. Set LECTERN_SHOTS=<dir> to keep the screenshots.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, launchChromium, servedBuild } from './helpers.ts';

const site = servedBuild(path.join(FIXTURES, 'nav-products'), '/');
let browser: Browser;
let shots = '';

beforeAll(async () => {
  browser = await launchChromium();
  shots = process.env.LECTERN_SHOTS ?? mkdtempSync(path.join(tmpdir(), 'lectern-products-'));
});
afterAll(async () => {
  await browser?.close();
  if (shots && !process.env.LECTERN_SHOTS) rmSync(shots, { recursive: true, force: true });
});

const open = async (slug: string, width = 1280, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> => {
  const page = await browser.newPage({ viewport: { width, height: 760 }, colorScheme });
  await page.goto(`${site.origin}/${slug}`);
  return page;
};
/** The product switcher a reader sees: by the logo, or in the navigation drawer on a narrow screen. */
const switcher = async (page: Page, narrow: boolean): Promise<Locator> => {
  if (!narrow) return page.locator('.topbar details[data-menu="product"]');
  await page.locator('[data-toggle-sidebar]').click();
  return page.locator('.sidebar details[data-menu="product"]');
};
const texts = (l: Locator) => l.evaluateAll((els) => els.map((e) => e.textContent?.replace(/\s+/g, ' ').trim()));
const expanded = (menu: Locator) => menu.locator('summary').getAttribute('aria-expanded');

/** WCAG relative luminance of an sRGB pixel. */
const luminance = (r: number, g: number, b: number) => {
  const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};
/** The mean luminance of a screenshot and the contrast between its lightest and darkest pixels (text on its card). */
async function readShot(png: Buffer): Promise<{ mean: number; contrast: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const values: number[] = [];
  for (let i = 0; i < data.length; i += info.channels) values.push(luminance(data[i]!, data[i + 1]!, data[i + 2]!));
  values.sort((a, b) => a - b);
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return { mean, contrast: (values.at(-1)! + 0.05) / (values[0]! + 0.05) };
}

describe('the product switcher (navigation.products)', () => {
  it('opens a menu of product cards with icons, names and descriptions, the current one marked; Escape closes it', async () => {
    const page = await open('core/quickstart');
    try {
      const menu = await switcher(page, false);
      const button = menu.locator('summary');
      expect(await button.textContent()).toContain('Core API');
      await expect.poll(() => expanded(menu)).toBe('false');
      await button.click();
      await expect.poll(() => expanded(menu)).toBe('true');
      const cards = menu.locator('.nav-menu-option');
      expect(await cards.evaluateAll((els) => els.every((e) => (e as HTMLElement).offsetHeight > 0))).toBe(true);
      expect(await texts(cards.locator('.nav-menu-name'))).toEqual(['Core API', 'Analytics Platform', 'Mobile SDK']);
      expect(await texts(cards.locator('.nav-menu-desc'))).toEqual([
        'Payments, accounts and webhooks',
        'Dashboards, reports and exports',
        'iOS and Android libraries',
      ]);
      expect(await cards.locator('.nav-menu-icon svg').count()).toBe(3);
      expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('href')))).toEqual([
        '/core/quickstart',
        '/analytics/overview',
        'https://mobile-sdk.example.test',
      ]);
      // The current product: aria-current, and a check mark drawn at the end of its card.
      expect(await texts(menu.locator('.nav-menu-option[aria-current] .nav-menu-name'))).toEqual(['Core API']);
      const mark = (i: number) => cards.nth(i).evaluate((e) => getComputedStyle(e, '::after').getPropertyValue('content'));
      expect(await mark(0)).not.toBe('none');
      expect(await mark(1)).toBe('none');
      await page.keyboard.press('Escape');
      await expect.poll(() => expanded(menu)).toBe('false');
      expect(await menu.locator('.nav-menu-list').isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
    } finally {
      await page.close();
    }
  });

  it("goes to the product's first page when chosen by keyboard, where that product is the current one", async () => {
    const page = await open('core/authentication');
    try {
      const menu = await switcher(page, false);
      await menu.locator('summary').focus();
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => expanded(menu)).toBe('true');
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Analytics Platform');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${site.origin}/analytics/overview`);
      const here = await switcher(page, false);
      expect(await here.locator('summary').textContent()).toContain('Analytics Platform');
      expect(await texts(here.locator('.nav-menu-option[aria-current] .nav-menu-name'))).toEqual(['Analytics Platform']);
      // The sidebar now shows that product's pages.
      expect(await texts(page.locator('.sidebar .nav-link'))).toEqual(['Overview', 'Dashboard']);
    } finally {
      await page.close();
    }
  });

  it('opens from the navigation drawer on a 390 px screen, fits it, and a tap goes to the product', async () => {
    const page = await open('analytics/dashboard', 390);
    try {
      expect(await page.locator('.topbar details[data-menu="product"]').isVisible()).toBe(false);
      const menu = await switcher(page, true);
      await menu.locator('summary').click();
      await expect.poll(() => expanded(menu)).toBe('true');
      const box = (await menu.locator('.nav-menu-list').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await menu.locator('.nav-menu-option', { hasText: 'Core API' }).click();
      await page.waitForURL(`${site.origin}/core/quickstart`);
    } finally {
      await page.close();
    }
  });

  for (const [name, width] of [
    ['wide', 1280],
    ['narrow', 390],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`screenshot, ${name} (${width} px), ${scheme}: the open menu in the scheme's colours, readable`, async () => {
        const page = await open('core/quickstart', width, scheme);
        try {
          expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(scheme === 'dark');
          const menu = await switcher(page, width < 800);
          await menu.locator('summary').click();
          const list = menu.locator('.nav-menu-list');
          await list.waitFor();
          await page.screenshot({ path: path.join(shots, `products-${name}-${scheme}.png`) });
          const shot = await readShot(await list.screenshot());
          if (scheme === 'light') expect(shot.mean).toBeGreaterThan(0.7);
          else expect(shot.mean).toBeLessThan(0.1);
          expect(shot.contrast).toBeGreaterThan(7);
          // Each card: its name against the card readable (the current card is tinted).
          for (let i = 0; i < 3; i++) {
            const card = await readShot(await menu.locator('.nav-menu-option').nth(i).locator('.nav-menu-name').screenshot());
            expect(card.contrast, `card ${i}`).toBeGreaterThan(4.5);
          }
        } finally {
          await page.close();
        }
      });
    }
  }
});
