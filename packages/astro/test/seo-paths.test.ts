/**
 * docs.json `seo.paths` (Mintlify's folder-scoped meta tags) and `seo.trailingSlash`: a real build of a small site, the
 * pages' heads parsed. A path's tags apply to every page under its folder (`guides/v2`, not `guides/v20`), a longer
 * path's override a shorter one's, which override `seo.metatags`; the page's frontmatter overrides them all. A path's
 * `robots` decides the sitemap as the head's does, and a path's `og:image` replaces the drawn social image. Bad
 * paths are errors at their JSON pointer; `seo.trailingSlash: true` is accepted without a warning.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomUtils, parseDocument } from 'htmlparser2';
import { loadConfig } from '@lectern/core';

const SITE = 'https://docs.example.test';
const PAGES = ['index', 'guides/intro', 'guides/v2/setup', 'guides/v2/own', 'guides/v20/other'];
const seo = {
  metatags: { 'twitter:site': '@acme', keywords: 'site' },
  paths: [
    { path: 'guides/v2', metatags: { 'twitter:site': '@v2', robots: 'index, follow', 'og:image': 'https://cdn.example.test/v2.png' } },
    { path: 'guides', metatags: { 'Twitter:Site': '@guides', robots: 'noindex' } },
  ],
};
const base = { name: 'Acme Docs', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'G', pages: PAGES }] } };

const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

let dist = '';
beforeAll(async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'lectern-seo-paths-'));
  roots.push(root);
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ ...base, seo }));
  for (const slug of PAGES) {
    await mkdir(path.dirname(path.join(root, slug)), { recursive: true });
    const own = slug === 'guides/v2/own' ? '"twitter:site": "@own"\n' : '';
    await writeFile(path.join(root, `${slug}.mdx`), `---\ntitle: ${slug}\ndescription: d\n${own}---\n\nHello.\n`);
  }
  const { buildSite } = await import('../src/cli/run.ts');
  dist = (await buildSite(root, { logLevel: 'error', site: SITE })).outDir;
}, 240_000);

/** A built page's head meta tags, by name or property (lower-cased). */
async function metas(slug: string): Promise<Record<string, string>> {
  const html = await readFile(path.join(dist, slug === 'index' ? '' : slug, 'index.html'), 'utf8');
  const head = DomUtils.findOne((e) => e.name === 'head', parseDocument(html).children)!;
  const out: Record<string, string> = {};
  for (const e of DomUtils.findAll((e) => e.name === 'meta', head.children)) {
    const key = e.attribs.name ?? e.attribs.property;
    if (key) out[key.toLowerCase()] = e.attribs.content ?? '';
  }
  return out;
}

describe('seo.paths in a build', () => {
  it("gives each page its folder's tags: the longest path first, then shorter ones, then seo.metatags; frontmatter over all", async () => {
    const got = await Promise.all(PAGES.map(async (slug) => [slug, (await metas(slug))['twitter:site'], (await metas(slug)).robots]));
    expect(got).toEqual([
      ['index', '@acme', undefined],
      ['guides/intro', '@guides', 'noindex'],
      ['guides/v2/setup', '@v2', 'index, follow'],
      ['guides/v2/own', '@own', 'index, follow'],
      ['guides/v20/other', '@guides', 'noindex'],
    ]);
    // seo.metatags still applies where no path overrides it.
    expect((await metas('guides/v2/setup')).keywords).toBe('site');
  });

  it("lists in the sitemap the pages their path's robots allows", async () => {
    const sitemap = await readFile(path.join(dist, 'sitemap.xml'), 'utf8');
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(listed).toEqual([`${SITE}/`, `${SITE}/guides/v2/setup`, `${SITE}/guides/v2/own`]);
  });

  it("uses a path's og:image instead of drawing one for its pages", async () => {
    expect((await metas('guides/v2/setup'))['og:image']).toBe('https://cdn.example.test/v2.png');
    expect(existsSync(path.join(dist, '_lectern/og/guides/v2/setup.png'))).toBe(false);
    expect((await metas('guides/intro'))['og:image']).toBe(`${SITE}/_lectern/og/guides/intro.png`);
    expect(existsSync(path.join(dist, '_lectern/og/guides/intro.png'))).toBe(true);
  });
});

describe('seo.paths and seo.trailingSlash in docs.json', () => {
  const load = (value: Record<string, unknown>) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lectern-seo-paths-config-'));
    roots.push(dir);
    writeFileSync(path.join(dir, 'docs.json'), JSON.stringify({ ...base, seo: value }, null, 2));
    return loadConfig(dir);
  };

  it('keeps valid paths, with no warning', () => {
    const { config, diagnostics } = load({ paths: seo.paths, trailingSlash: false });
    expect(diagnostics).toEqual([]);
    expect(config?.seo?.paths).toEqual(seo.paths);
  });

  it('reports a path that is not a folder of the docs, a path listed twice and an empty value at their JSON pointer', () => {
    const { diagnostics } = load({
      paths: [
        { path: '/guides', metatags: { robots: 'noindex' } },
        { path: 'guides/../secret', metatags: { robots: 'noindex' } },
        { path: 'api', metatags: { robots: '' } },
        { path: 'api', metatags: { robots: 'noindex' } },
        { path: 'a b', metatags: {} },
      ],
    });
    const errors = diagnostics.filter((d) => d.severity === 'error').map((d) => [d.pointer, d.message]);
    expect(errors).toEqual([
      ['/seo/paths/0/path', expect.stringContaining('folder of the docs such as "guides/v2"')],
      ['/seo/paths/1/path', expect.stringContaining('folder of the docs')],
      ['/seo/paths/2/metatags/robots', 'expected a non-empty meta tag value'],
      ['/seo/paths/4/path', expect.stringContaining('folder of the docs')],
      ['/seo/paths/3/path', '"api" is listed twice: each path can only be used once'],
    ]);
  });

  it('accepts seo.trailingSlash: true without a warning (seo-trailing-slash.test.ts builds a site with it)', () => {
    const { config, diagnostics } = load({ trailingSlash: true });
    expect(diagnostics).toEqual([]);
    expect(config?.seo?.trailingSlash).toBe(true);
  });
});
