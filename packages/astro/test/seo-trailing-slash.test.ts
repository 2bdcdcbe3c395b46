/**
 * docs.json `seo.trailingSlash: true`: a real build of a small two-language site under `--base /pr-7/`, served by
 * `lectern serve`'s server. Every page URL the build writes ends with '/' (sidebar, pagination, language switcher,
 * links in the content, canonical, og:url, hreflang, sitemap, llms-full.txt), the Markdown copies keep their `.md`
 * address, the server sends a page asked for without its slash to the URL with it, and the search results in
 * Chromium lead to the slashed URLs.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DomUtils, parseDocument } from 'htmlparser2';
import { FIXTURES, launchChromium, readPage, servedBuild } from './helpers.ts';

const BASE = '/pr-7/';
const SITE = 'https://docs.example.test/pr-7';
const site = servedBuild(path.join(FIXTURES, 'trailing-slash'), BASE);

const hasClass = (e: { attribs: Record<string, string> }, name: string) => (e.attribs.class ?? '').split(/\s+/).includes(name);
const dom = async (slug: string) => parseDocument(await readPage(site.dist, slug));
const hrefs = (
  doc: { children: ReturnType<typeof parseDocument>['children'] },
  test: (e: { name: string; attribs: Record<string, string> }) => boolean,
) => DomUtils.findAll((e) => test(e), doc.children).map((e) => e.attribs.href);

describe('a site with seo.trailingSlash: true, built under /pr-7/', () => {
  it("writes every link to a page with the page's trailing slash", async () => {
    const doc = await dom('en/guides/intro');
    expect(hrefs(doc, (e) => hasClass(e, 'nav-link'))).toEqual(['/pr-7/en/', '/pr-7/en/guides/intro/', '/pr-7/en/guides/next/']);
    expect(hrefs(doc, (e) => hasClass(e, 'page-nav-link'))).toEqual(['/pr-7/en/', '/pr-7/en/guides/next/']);
    const prose = DomUtils.findOne((e) => hasClass(e, 'prose'), doc.children)!;
    expect(hrefs(prose, (e) => e.name === 'a' && !e.attribs.href?.startsWith('#'))).toEqual([
      '/pr-7/en/guides/next/',
      '/pr-7/en/guides/next/#more',
      '/pr-7/en/guides/next/',
    ]);
    // The language switcher leads to the French page, with its slash.
    expect(hrefs(doc, (e) => e.name === 'a' && e.attribs.href === '/pr-7/fr/guides/intro/')).not.toEqual([]);
    // The Markdown copy keeps its address.
    expect(hrefs(doc, (e) => e.name === 'link' && e.attribs.type === 'text/markdown')).toEqual(['/pr-7/en/guides/intro.md']);
  });

  it('writes canonical, og:url and the hreflang alternates with the slash', async () => {
    const doc = await dom('en/guides/intro');
    const head = DomUtils.findOne((e) => e.name === 'head', doc.children)!;
    expect(hrefs(head, (e) => e.name === 'link' && e.attribs.rel === 'canonical')).toEqual([`${SITE}/en/guides/intro/`]);
    const ogUrl = DomUtils.findOne((e) => e.name === 'meta' && e.attribs.property === 'og:url', head.children);
    expect(ogUrl?.attribs.content).toBe(`${SITE}/en/guides/intro/`);
    const alternates = DomUtils.findAll((e) => e.name === 'link' && e.attribs.hreflang !== undefined, head.children);
    expect(alternates.map((e) => [e.attribs.hreflang, e.attribs.href])).toEqual([
      ['en', `${SITE}/en/guides/intro/`],
      ['fr', `${SITE}/fr/guides/intro/`],
      ['x-default', `${SITE}/en/guides/intro/`],
    ]);
  });

  it('lists the slashed URLs in sitemap.xml and llms-full.txt; llms.txt links the Markdown copies', async () => {
    const sitemap = await readFile(path.join(site.dist, 'sitemap.xml'), 'utf8');
    expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      `${SITE}/en/`,
      `${SITE}/en/guides/intro/`,
      `${SITE}/en/guides/next/`,
      `${SITE}/fr/guides/intro/`,
    ]);
    const full = await readFile(path.join(site.dist, 'llms-full.txt'), 'utf8');
    expect(full).toContain(`Source: ${SITE}/en/guides/next/\n`);
    const llms = await readFile(path.join(site.dist, 'llms.txt'), 'utf8');
    expect(llms).toContain(`(${SITE}/en/guides/next.md)`);
  });

  it('lectern serve sends /x to /x/ (query kept) and serves /x/, the Markdown copy and assets as they are', async () => {
    const get = (p: string) => fetch(site.origin + p, { redirect: 'manual' });
    const moved = await get('/pr-7/en/guides/intro?from=old');
    expect(moved.status).toBe(308);
    expect(moved.headers.get('location')).toBe('/pr-7/en/guides/intro/?from=old');
    const page = await get('/pr-7/en/guides/intro/');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1 class="page-title"');
    for (const p of ['/pr-7/en/', '/pr-7/en/guides/intro.md', '/pr-7/sitemap.xml', '/pr-7/en/guides/intro/index.html']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      await res.arrayBuffer();
    }
    expect((await get('/pr-7/en/guides/missing')).status).toBe(404);
    // The site has no home page of its own: its root opens the navigation's first page, slash included.
    expect(await (await get('/pr-7/')).text()).toContain('url=/pr-7/en/"');
  });

  it("sends docs.json redirects to a page straight to the page's slashed URL (static pages, lectern serve, #fragments)", async () => {
    // The pages a build writes for static hosting.
    const refresh = async (source: string) => /url=([^"]+)"/.exec(await readFile(path.join(site.dist, source, 'index.html'), 'utf8'))?.[1];
    expect(await refresh('old/intro')).toBe('/pr-7/en/guides/intro/');
    expect(await refresh('old/next')).toBe('/pr-7/en/guides/next/?from=old#more');
    expect(await refresh('old/home')).toBe('/pr-7/en/');
    expect(await refresh('old/sitemap')).toBe('/pr-7/sitemap.xml');
    expect(await refresh('old/site')).toBe('https://example.com/docs');
    expect(await refresh('old/gone')).toBe('/pr-7/en/guides/gone');
    // lectern serve: static and wildcard rules, anchors and queries kept; a file, another site and a miss as written.
    const moved = async (p: string) => {
      const res = await fetch(site.origin + p, { redirect: 'manual' });
      return [res.status, res.headers.get('location')];
    };
    expect(await moved('/pr-7/old/intro')).toEqual([308, '/pr-7/en/guides/intro/']);
    expect(await moved('/pr-7/old/next')).toEqual([308, '/pr-7/en/guides/next/?from=old#more']);
    expect(await moved('/pr-7/old/home/')).toEqual([307, '/pr-7/en/']);
    expect(await moved('/pr-7/old/docs/next?ref=1')).toEqual([308, '/pr-7/en/guides/next/?ref=1']);
    expect(await moved('/pr-7/old/sitemap')).toEqual([308, '/pr-7/sitemap.xml']);
    expect(await moved('/pr-7/old/site')).toEqual([308, 'https://example.com/docs']);
    expect(await moved('/pr-7/old/gone')).toEqual([308, '/pr-7/en/guides/gone']);
  });

  it('follows a redirect from a #fragment in Chromium to the slashed page, under the base', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const asked: string[] = [];
      page.on('request', (r) => r.isNavigationRequest() && asked.push(new URL(r.url()).pathname));
      // On the page the source names, and on the 404 page (no page at the source's path).
      await page.goto(`${site.origin}/pr-7/en/guides/intro/#old-part`);
      await page.waitForURL((u) => u.pathname === '/pr-7/en/guides/next/' && u.hash === '#more');
      await page.goto(`${site.origin}/pr-7/old/moved#part`);
      await page.waitForURL((u) => u.pathname === '/pr-7/en/guides/next/');
      // No stop at the unslashed URL (a 308 on the way).
      expect(asked).not.toContain('/pr-7/en/guides/next');
    } finally {
      await browser.close();
    }
  }, 120_000);

  it('lectern serve redirects at the root too (a site without a base)', async () => {
    const { createServer, readManifest } = await import('@lectern/server');
    const manifest = await readManifest(site.dist);
    expect(manifest.trailingSlash).toBe(true);
    const server = await createServer({ dist: site.dist, port: 0, log: false, manifest: { ...manifest, base: undefined } });
    try {
      const moved = await fetch(`${server.url.replace(/\/$/, '')}/fr/guides/intro`, { redirect: 'manual' });
      expect(moved.status).toBe(308);
      expect(moved.headers.get('location')).toBe('/fr/guides/intro/');
      expect((await fetch(`${server.url.replace(/\/$/, '')}/fr/guides/intro/`)).status).toBe(200);
      // A path with doubled slashes never moves to another host (`//fr/guides/intro/` is protocol-relative).
      for (const asked of ['//fr/guides/intro', '///fr/guides/intro']) {
        const res = await fetch(`${server.url.replace(/\/$/, '')}${asked}`, { redirect: 'manual' });
        expect(res.headers.get('location') ?? '', asked).not.toMatch(/^\/\//);
      }
    } finally {
      await server.close();
    }
  });

  it('search results lead to the slashed URL in Chromium', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${site.origin}/pr-7/en/guides/intro`);
      expect(new URL(page.url()).pathname).toBe('/pr-7/en/guides/intro/');
      await page.click('[data-open-search]');
      await page.fill('[data-search-input]', 'second guide');
      const first = page.locator('[data-search-results] a').first();
      await first.waitFor({ timeout: 30_000 });
      expect(await first.getAttribute('href')).toBe('/pr-7/en/guides/next/');
    } finally {
      await browser.close();
    }
  }, 120_000);
});
