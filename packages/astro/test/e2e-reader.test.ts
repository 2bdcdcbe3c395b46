/**
 * What a reader does with a page's text, in Chromium (issue 36): section headings carry a link chip that copies the
 * section's address; content images open enlarged on click, Enter or Space and close on Escape or a click, except
 * those marked `noZoom` and those inside a link.
 */
import { describe, expect, it } from 'vitest';
import { servedFixture } from './helpers.ts';

const site = servedFixture('reader');

describe('heading links and image zoom', () => {
  it('gives each section heading a named link chip; a click sets the hash to the section', async () => {
    const page = await site.browser.newPage();
    try {
      await page.goto(`${site.url}/`);
      const chips = await page.$$eval('.prose .heading-anchor', (as) =>
        as.map((a) => [a.closest('h2, h3')?.id, a.getAttribute('href'), a.getAttribute('aria-label')]),
      );
      expect(chips).toEqual([
        ['install-the-tool', '#install-the-tool', 'Copy link to section: Install the tool'],
        ['configure-it', '#configure-it', 'Copy link to section: Configure it'],
      ]);
      await page.hover('#configure-it');
      await page.click('#configure-it .heading-anchor');
      expect(await page.evaluate(() => location.hash)).toBe('#configure-it');
      // The heading's text (read by the table of contents and search) is unchanged.
      expect(await page.textContent('#configure-it')).toBe('Configure it');
    } finally {
      await page.close();
    }
  });

  it('opens a content image enlarged and closes it; noZoom and linked images stay as they are', async () => {
    const page = await site.browser.newPage();
    try {
      await page.goto(`${site.url}/`);
      const zoomable = await page.$$eval('.prose img', (imgs) => imgs.map((i) => [i.getAttribute('alt'), i.hasAttribute('data-zoom')]));
      expect(zoomable).toEqual([
        ['A diagram of the flow', true],
        ['Kept as it is', false],
        ['A linked image', false],
        ['Framed', true],
      ]);
      await page.click('img[alt="A diagram of the flow"]');
      const dialog = page.locator('dialog.zoom-dialog');
      expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
      expect(await dialog.locator('img').getAttribute('alt')).toBe('A diagram of the flow');
      await page.keyboard.press('Escape');
      expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
      // From the keyboard: the image is focusable and opens with Enter; a click on the enlarged image closes it.
      await page.focus('img[alt="Framed"]');
      await page.keyboard.press('Enter');
      expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
      await dialog.click();
      expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
      // A noZoom image does nothing on click.
      await page.click('img[alt="Kept as it is"]');
      expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    } finally {
      await page.close();
    }
  });
});
