/**
 * A page restricted to reader groups (`groups` without `public: true`) stays out of every public artefact of a
 * build — sidebar, previous/next links, llms.txt, the search index — and `lectern serve` gates its HTML and its
 * Markdown copy. A `public: true` page with groups stays public.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type LecternServer } from '@lectern/server';
import { readPage, servedFixture } from './helpers.ts';

const site = servedFixture('restricted');
let served: LecternServer;

beforeAll(async () => {
  served = await createServer({ dist: site.dist, port: 0, log: false });
});
afterAll(async () => {
  await served?.close();
});

describe('restricted pages', () => {
  it('are not listed in the sidebar or previous/next links of other pages', async () => {
    for (const slug of ['index', 'guides/open', 'internal/shared']) {
      const html = await readPage(site.dist, slug);
      expect(html, slug).not.toContain('Secret handbook');
      expect(html, slug).not.toContain('/internal/secret"');
      expect(html, slug).toContain('Shared notes');
    }
    // The neighbours of the restricted page link past it.
    expect(await readPage(site.dist, 'index')).toMatch(/rel="next"[^>]*>[\s\S]*?Open guide/);
  });

  it('are left out of llms.txt', async () => {
    const llms = await readFile(path.join(site.dist, 'llms.txt'), 'utf8');
    expect(llms).not.toContain('Secret handbook');
    expect(llms).toContain('Shared notes');
  });

  it('are left out of the search index', async () => {
    const page = await site.browser.newPage();
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) missing.push(r.url());
    });
    try {
      await page.goto(site.url + '/');
      await page.waitForLoadState('load');
      // docs.json sets no favicon: the page carries a default icon, so the browser asks for no /favicon.ico.
      expect(missing).toEqual([]);
      expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
      // A string: Vitest would rewrite an import() inside a function passed to the page.
      const count = (term: string) =>
        page.evaluate(
          `import('/pagefind/pagefind.js').then((p) => p.search(${JSON.stringify(term)})).then((r) => r.results.length)`,
        ) as Promise<number>;
      expect(await count('lighthouse')).toBe(1);
      expect(await count('marmalade')).toBe(1);
      expect(await count('zanzibar')).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('lectern serve gates the page and its Markdown copy', async () => {
    for (const p of ['/internal/secret', '/internal/secret/', '/internal/secret.md', '/internal/secret/index.html']) {
      const res = await fetch(served.url + p);
      expect(res.status, p).toBe(401);
      expect(await res.text(), p).not.toContain('zanzibar');
    }
    expect((await fetch(served.url + '/internal/shared.md')).status).toBe(200);
  });
});
