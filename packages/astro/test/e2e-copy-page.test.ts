/**
 * ⌘C / Ctrl+C with nothing selected copies the page as Markdown (issue 34), in Chromium: the page's `.md` copy is what
 * the clipboard gets, with a `Copied` status for screen readers; with text selected, or focus in a field, the key
 * does what it always does.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { servedFixture } from './helpers.ts';

const site = servedFixture('reader');

/** A page whose clipboard writes are recorded in `window.__copied`. */
async function openPage() {
  const page = await site.browser.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __copied: string[] };
    w.__copied = [];
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (t: string) => void w.__copied.push(t) } });
  });
  await page.goto(`${site.url}/`);
  return page;
}
const copied = (page: Awaited<ReturnType<typeof openPage>>) => page.evaluate(() => (window as unknown as { __copied: string[] }).__copied);

describe('Ctrl+C with nothing selected', () => {
  it("copies the page's Markdown copy and says so", async () => {
    const page = await openPage();
    try {
      await page.keyboard.press('Control+c');
      await page.waitForFunction(() => (window as unknown as { __copied: string[] }).__copied.length > 0);
      expect(await copied(page)).toEqual([await readFile(path.join(site.dist, 'index.md'), 'utf8')]);
      await page.waitForSelector('[role="status"]:text("Copied")');
    } finally {
      await page.close();
    }
  });

  it('leaves a selection and a field alone', async () => {
    const page = await openPage();
    try {
      await page.evaluate(() => {
        const range = document.createRange();
        range.selectNodeContents(document.querySelector('.prose p')!);
        document.getSelection()!.addRange(range);
      });
      await page.keyboard.press('Control+c');
      await page.evaluate(() => {
        document.getSelection()!.removeAllRanges();
        const input = document.createElement('input');
        document.body.append(input);
        input.focus();
      });
      await page.keyboard.press('Control+c');
      await page.waitForTimeout(300);
      expect(await copied(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
