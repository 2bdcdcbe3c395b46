/**
 * Social images (docs.json `thumbnails`, issue 34): real builds of a small site. Each public page gets a 1200×630 PNG
 * under `_lectern/og/` and the head names it (`og:image`, its size, `twitter:image`, a large card), absolute with
 * `--site`; a page's own `og:image` wins and gets none drawn; a restricted page gets neither image nor tag; light and
 * dark appearances draw different pixels; a warm build draws nothing again, and an edit redraws only its page.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Page } from '@lectern/core';
import { socialImageStats } from '../src/build/og-images.ts';
import { hasSocialImage } from '../src/model/social-image.ts';
import { writeTestSite } from './helpers.ts';

const SITE = 'https://docs.example.test';
const LOGO = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="40" height="40" rx="8" fill="#7C3AED"/><rect x="50" y="10" width="70" height="20" fill="${fill}"/></svg>`;
const page = (title: string, extra = '') =>
  `---\ntitle: ${JSON.stringify(title)}\ndescription: ${JSON.stringify(`About ${title}`)}\n${extra}---\n\nWords.\n`;

async function writeSite(root: string, appearance: 'light' | 'dark'): Promise<void> {
  await writeTestSite(
    root,
    {
      colors: { primary: '#7C3AED', light: '#A78BFA' },
      logo: { light: '/logo/light.svg', dark: '/logo/dark.svg' },
      thumbnails: { appearance },
      navigation: {
        groups: [
          { group: 'Start', pages: ['index', 'guides/quickstart'] },
          { group: 'More', pages: ['own', 'staff-only', 'quiet'] },
        ],
      },
    },
    {
      'logo/light.svg': LOGO('#111111'),
      'logo/dark.svg': LOGO('#ffffff'),
      'index.mdx': page('Welcome to Acme'),
      'guides/quickstart.mdx': page('Quickstart: your first request'),
      'own.mdx': page('Own image', '"og:image": https://cdn.example.test/own.png\n'),
      'staff-only.mdx': page('Staff salary plans', 'groups: ["staff"]\n'),
      'quiet.mdx': page('Quiet page', 'noindex: true\n'),
    },
  );
}

async function build(root: string): Promise<string> {
  const { buildSite } = await import('../src/cli/run.ts');
  return (await buildSite(root, { logLevel: 'error', site: SITE })).outDir;
}

/** The `<meta>` tags of a built page's head, key -> content. */
async function metas(dist: string, slug: string): Promise<Map<string, string>> {
  const doc = parseDocument(await readFile(path.join(dist, slug === 'index' ? '' : slug, 'index.html'), 'utf8'));
  const head = DomUtils.findOne((e) => e.name === 'head', doc.children)!;
  const tags = DomUtils.findAll((e) => e.name === 'meta', head.children);
  return new Map(
    tags.flatMap((e) => ((e.attribs.property ?? e.attribs.name) ? [[e.attribs.property ?? e.attribs.name!, e.attribs.content ?? '']] : [])),
  );
}

/** A PNG's size from its IHDR, and the colour of its top-left pixel (row 0, read through any filter: nothing above or left). */
function png(data: Buffer): { width: number; height: number; topLeft: number[] } {
  expect(data.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(data.subarray(12, 16).toString('latin1')).toBe('IHDR');
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  const channels = data[25] === 6 ? 4 : data[25] === 2 ? 3 : 0;
  expect(data[24]).toBe(8);
  expect(channels).toBeGreaterThan(0);
  const idat: Buffer[] = [];
  for (let at = 8; at < data.length;) {
    const length = data.readUInt32BE(at);
    if (data.subarray(at + 4, at + 8).toString('latin1') === 'IDAT') idat.push(data.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  expect(raw.length).toBe(height * (1 + width * channels));
  return { width, height, topLeft: [...raw.subarray(1, 1 + channels)] };
}

const image = (dist: string, slug: string) => readFile(path.join(dist, '_lectern/og', `${slug}.png`));

let light: string;
let dark: string;
let lightDist: string;
let darkDist: string;
/** The images of the first (cold) build of the light site, by file. */
const cold = new Map<string, Buffer>();
let coldStats: typeof socialImageStats;

beforeAll(async () => {
  light = await mkdtemp(path.join(tmpdir(), 'lectern-og-light-'));
  dark = await mkdtemp(path.join(tmpdir(), 'lectern-og-dark-'));
  await writeSite(light, 'light');
  await writeSite(dark, 'dark');
  lightDist = await build(light);
  coldStats = { ...socialImageStats };
  for (const f of await readdir(path.join(lightDist, '_lectern/og'), { recursive: true }))
    if (f.endsWith('.png')) cold.set(f, await readFile(path.join(lightDist, '_lectern/og', f)));
  darkDist = await build(dark);
}, 240_000);
afterAll(async () => {
  for (const dir of [light, dark]) if (dir) await rm(dir, { recursive: true, force: true });
});

describe('social images', () => {
  it('writes a 1200×630 PNG for each public page, hidden and noindex pages too', async () => {
    expect([...cold.keys()].sort()).toEqual(['guides/quickstart.png', 'index.png', 'quiet.png']);
    for (const data of cold.values()) expect(png(data)).toMatchObject({ width: 1200, height: 630 });
    expect(coldStats).toMatchObject({ pages: 3, drawn: 3, cached: 0, failed: 0 });
  });

  it('names the image in the head, absolute with --site, with its size and a large Twitter card', async () => {
    const m = await metas(lightDist, 'guides/quickstart');
    expect(m.get('og:image')).toBe(`${SITE}/_lectern/og/guides/quickstart.png`);
    expect(m.get('og:image:width')).toBe('1200');
    expect(m.get('og:image:height')).toBe('630');
    expect(m.get('twitter:image')).toBe(`${SITE}/_lectern/og/guides/quickstart.png`);
    expect(m.get('twitter:card')).toBe('summary_large_image');
    expect((await metas(lightDist, 'index')).get('og:image')).toBe(`${SITE}/_lectern/og/index.png`);
  });

  it('draws thumbnails.background under the text; a font or logo it cannot use is a warning, not a failed build', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-og-backdrop-'));
    const warned = vi.spyOn(console, 'warn');
    try {
      await writeSite(root, 'light');
      const docs = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8'));
      docs.thumbnails = { appearance: 'light', background: '/bg.svg', fonts: { family: 'No Such Font' } };
      docs.logo = 'https://cdn.example.test/logo.svg';
      await writeFile(path.join(root, 'docs.json'), JSON.stringify(docs));
      await writeFile(
        path.join(root, 'bg.svg'),
        '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="63"><rect width="120" height="63" fill="#ff0000"/></svg>',
      );
      // Characters the fonts lack: an emoji is left out; a title in a script they do not have is left out whole.
      const same = (slug: string, title: string) =>
        writeFile(path.join(root, `${slug}.mdx`), `---\ntitle: ${JSON.stringify(title)}\ndescription: Одно и то же\n---\n\nWords.\n`);
      await same('emoji', '🚀 Быстрый старт');
      await same('plain', 'Быстрый старт');
      await same('cjk-a', '快速入门指南');
      await same('cjk-b', '安装与配置');
      const dist = await build(root);
      // Two pages with the same card share one drawing (the emoji page and the plain one, or the two CJK ones).
      expect(socialImageStats).toMatchObject({ pages: 7, failed: 0, same: 2 });
      expect(socialImageStats.drawn + socialImageStats.cached).toBe(5);
      expect((await image(dist, 'emoji')).equals(await image(dist, 'plain'))).toBe(true);
      expect((await image(dist, 'cjk-a')).equals(await image(dist, 'cjk-b'))).toBe(true);
      expect((await image(dist, 'plain')).equals(await image(dist, 'cjk-a'))).toBe(false);
      expect(png(await image(dist, 'index')).topLeft.slice(0, 3)).toEqual([255, 0, 0]);
      // The text is drawn over it: two pages' images differ.
      expect((await image(dist, 'index')).equals(await image(dist, 'quiet'))).toBe(false);
      const warnings = warned.mock.calls.flat().map(String);
      expect(warnings.some((w) => w.includes('/thumbnails/fonts/family') && w.includes('@fontsource/no-such-font'))).toBe(true);
      expect(warnings.some((w) => w.includes('docs.json /logo: https://cdn.example.test/logo.svg is a URL'))).toBe(true);
    } finally {
      warned.mockRestore();
      await rm(root, { recursive: true, force: true });
    }
  }, 240_000);

  it("keeps a page's own og:image and draws none for it", async () => {
    const m = await metas(lightDist, 'own');
    expect(m.get('og:image')).toBe('https://cdn.example.test/own.png');
    expect(m.has('og:image:width')).toBe(false);
    expect(existsSync(path.join(lightDist, '_lectern/og/own.png'))).toBe(false);
  });

  it('gives a restricted page neither an image nor an image tag', async () => {
    expect(existsSync(path.join(lightDist, '_lectern/og/staff-only.png'))).toBe(false);
    const html = await readFile(path.join(lightDist, 'staff-only', 'index.html'), 'utf8').catch(() => '');
    expect(html).not.toContain('_lectern/og/');
  });

  it('draws none when docs.json sets og:image for every page', () => {
    const p = { slug: 'a', title: 'A', frontmatter: {} } as unknown as Page;
    expect(hasSocialImage({ seo: { indexing: 'navigable', metatags: { 'og:image': 'https://cdn.example.test/all.png' } } }, p)).toBe(false);
    expect(hasSocialImage({}, p)).toBe(true);
    expect(hasSocialImage({ lectern: { socialImages: false } } as never, p)).toBe(false);
  });

  it('draws the dark appearance in other pixels than the light one', async () => {
    const l = png(await image(lightDist, 'index'));
    const d = png(await image(darkDist, 'index'));
    expect(l.topLeft.slice(0, 3)).toEqual([255, 255, 255]);
    expect(d.topLeft.slice(0, 3)).toEqual([0x0b, 0x0c, 0x0e]);
  });

  it('draws nothing again on a warm build, and only the edited page after an edit', async () => {
    const warm = await build(light);
    expect(socialImageStats).toMatchObject({ pages: 3, drawn: 0, cached: 3 });
    for (const [f, data] of cold) expect((await readFile(path.join(warm, '_lectern/og', f))).equals(data)).toBe(true);
    await writeFile(path.join(light, 'guides/quickstart.mdx'), page('Quickstart: a new title'));
    const edited = await build(light);
    expect(socialImageStats).toMatchObject({ pages: 3, drawn: 1, cached: 2 });
    expect((await image(edited, 'guides/quickstart')).equals(cold.get('guides/quickstart.png')!)).toBe(false);
    expect((await image(edited, 'index')).equals(cold.get('index.png')!)).toBe(true);
  }, 240_000);

  it("draws a card once when pages share it (a version's copy of a page), the others get a copy", async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-og-same-'));
    try {
      await writeTestSite(
        root,
        {
          colors: { primary: '#7C3AED' },
          navigation: {
            versions: [
              { version: 'v2', groups: [{ group: 'Start', pages: ['v2/intro', 'v2/other'] }] },
              { version: 'v1', groups: [{ group: 'Start', pages: ['v1/intro'] }] },
            ],
          },
        },
        { 'v2/intro.mdx': page('Introduction'), 'v2/other.mdx': page('Other'), 'v1/intro.mdx': page('Introduction') },
      );
      const dist = await build(root);
      expect(socialImageStats).toMatchObject({ pages: 3, drawn: 2, same: 1, failed: 0 });
      expect((await image(dist, 'v1/intro')).equals(await image(dist, 'v2/intro'))).toBe(true);
      expect((await image(dist, 'v1/intro')).equals(await image(dist, 'v2/other'))).toBe(false);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 240_000);
});
