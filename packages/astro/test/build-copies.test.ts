/**
 * Byte-identical copies of a page (a versioned repo's version folders) share one compiled module
 * (build/page-modules.ts) and stay in one build part (build/parts.ts): each copy's HTML is byte-identical to what the
 * same site built without sharing gives, and a copy that names a file relative to its folder is never shared.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageModules } from '../src/build/page-modules.ts';
import { partsOf, partText, sharedCopies } from '../src/build/parts.ts';
import type { Site } from '../src/model/store.ts';
import { htmlText, readPage, writeTestSite } from './helpers.ts';

/** A site whose pages are `slug -> prepared source` (undefined: a generated page without a module). */
function siteOf(pages: Record<string, string | undefined>): Site {
  const prepared = new Map<string, string>();
  const list = Object.entries(pages).map(([slug, code]) => {
    if (code === undefined) return { slug };
    prepared.set(path.resolve('/docs', `${slug}.mdx`), code);
    return { slug, file: `${slug}.mdx`, body: code };
  });
  return { root: '/docs', plan: { pages: list }, content: new Map(), prepared, blocked: new Map() } as unknown as Site;
}

describe('pageModules', () => {
  it('sends copies to the first copy, and keeps a page that names a file relative to its folder on its own', () => {
    const text = '# Agents\n\nText.\n';
    const image = '![Logo](./logo.png)\n';
    const site = siteOf({
      'v1/a': text,
      'v1/img': image,
      'v1/imp': 'import X from "../snippets/x.mdx";\n\n<X />\n',
      'v1/bare': '![Logo](logo.png)\n',
      'v2/a': text,
      'v2/img': image,
      'v2/imp': 'import X from "../snippets/x.mdx";\n\n<X />\n',
      'v2/bare': '![Logo](logo.png)\n',
      'v2/other': '# Other\n',
      'api/get': undefined,
    });
    const modules = Object.fromEntries([...pageModules(site, site.plan.pages)].map(([slug, abs]) => [slug, path.relative('/docs', abs)]));
    expect(modules).toEqual({
      'v1/a': 'v1/a.mdx',
      'v1/img': 'v1/img.mdx',
      'v1/imp': 'v1/imp.mdx',
      'v1/bare': 'v1/bare.mdx',
      'v2/a': 'v1/a.mdx',
      'v2/img': 'v2/img.mdx',
      'v2/imp': 'v2/imp.mdx',
      'v2/bare': 'v2/bare.mdx',
      'v2/other': 'v2/other.mdx',
    });
    expect(sharedCopies(site)).toBe(1);
  });
});

describe('parts of a versioned site', () => {
  // Four versions of the same four pages of 6,000 characters, in plan order version by version.
  const pages: Record<string, string> = {};
  for (const v of [1, 2, 3, 4]) for (const name of ['a', 'b', 'c', 'd']) pages[`v${v}/${name}`] = name.repeat(6_000);
  const copies = (name: string) => [1, 2, 3, 4].map((v) => `v${v}/${name}`);
  const site = siteOf(pages);

  it('keeps the copies of a page in one part, each copy weighing as a near-empty page', () => {
    // A page and its three copies weigh 6,000 + 3 × 1,000: two such sets fit in 18,000.
    expect(partsOf(site, { bytes: 18_000 })).toEqual([
      [...copies('a'), ...copies('b')],
      [...copies('c'), ...copies('d')],
    ]);
    expect(partsOf(site, { pages: 4 })).toEqual(['a', 'b', 'c', 'd'].map(copies));
  });

  it("counts one module's text for a part's copies (its heap grows with its modules)", () => {
    expect(partText(site, ['v1/a', 'v2/a', 'v3/a', 'v1/b'])).toBe(12_000);
  });
});

// Two tiny PNGs (1×1, different colours): each version folder has its own logo.png.
const RED = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const BLUE = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPj/HwADBwIAMCbHYQAAAABJRU5ErkJggg==';

const GUIDE = `---
title: Agents
description: What an agent is.
---

An agent has a **role** and a goal. See [the pictures](./pic).

## Create one

<Tabs>
<Tab title="Python">

\`\`\`python
agent = Agent(role="writer")
\`\`\`

</Tab>
<Tab title="YAML">

\`\`\`yaml
role: writer
\`\`\`

</Tab>
</Tabs>

<Note>Agents can delegate.</Note>
`;
const PIC = '---\ntitle: Pictures\n---\n\n![Our logo](./logo.png)\n';

/** A site of two versions holding the same two pages; `marked` gives v2's a frontmatter field of its own: no copies. */
async function versionedSite(root: string, marked: boolean): Promise<void> {
  const mark = (text: string) => (marked ? text.replace('---\n', '---\nrevision: v2\n') : text);
  await writeTestSite(
    root,
    {
      navigation: {
        versions: ['v1', 'v2'].map((v) => ({ version: v, groups: [{ group: 'Guides', pages: [`${v}/guide`, `${v}/pic`] }] })),
      },
    },
    { 'v1/guide.mdx': GUIDE, 'v1/pic.mdx': PIC, 'v2/guide.mdx': mark(GUIDE), 'v2/pic.mdx': mark(PIC) },
  );
  await writeFile(path.join(root, 'v1/logo.png'), Buffer.from(RED, 'base64'));
  await writeFile(path.join(root, 'v2/logo.png'), Buffer.from(BLUE, 'base64'));
}

describe('a versioned site with copies, built', () => {
  const roots: string[] = [];
  const built: Array<{ dist: string; log: string }> = [];

  beforeAll(async () => {
    const { buildSite } = await import('../src/cli/run.ts');
    for (const marked of [false, true]) {
      const root = await mkdtemp(path.join(tmpdir(), 'lectern-copies-'));
      roots.push(root);
      await versionedSite(root, marked);
      const said = vi.spyOn(console, 'log');
      try {
        const { outDir } = await buildSite(root, { logLevel: 'warn' });
        built.push({ dist: outDir, log: said.mock.calls.map((c) => c.join(' ')).join('\n') });
      } finally {
        said.mockRestore();
      }
    }
  }, 300_000);
  afterAll(async () => {
    for (const root of roots) await rm(root, { recursive: true, force: true });
  });

  it('compiles the copy once, and says so', () => {
    expect(built[0]!.log).toMatch(/\b1 pages are byte-identical copies of others/);
    expect(built[1]!.log).not.toMatch(/byte-identical copies/);
  });

  it('gives each copy the HTML the site built without sharing gives, byte for byte', async () => {
    // Rollup names a CSS chunk after a module that imports it, so the name (not the content: the hash is the same)
    // follows the module graph: `components.CVbe3aif.css` in one build, `guide.CVbe3aif.css` in the other.
    const page = async (dist: string, slug: string) =>
      (await readPage(dist, slug)).replace(/\/_astro\/[\w-]+\.([\w-]+)\.css/g, '/_astro/*.$1.css');
    for (const slug of ['v1/guide', 'v2/guide', 'v1/pic', 'v2/pic']) {
      // Tag by tag, so that a difference reads as one.
      const [shared, own] = await Promise.all(built.map(async (b) => (await page(b.dist, slug)).split('><')));
      expect(shared, slug).toEqual(own);
    }
    // The shared page is v2's own page: its version, its links.
    const v2 = await readPage(built[0]!.dist, 'v2/guide');
    expect(htmlText(v2)).toContain('agent = Agent(role="writer")');
    expect(v2).toMatch(/href="\/v2\/pic"/);
  });

  it('shows each version its own image: a page naming a file relative to its folder is not shared', async () => {
    const dist = built[0]!.dist;
    const logo = async (slug: string) => {
      const src = /<img[^>]*src="([^"]+)"[^>]*alt="Our logo"|<img[^>]*alt="Our logo"[^>]*src="([^"]+)"/.exec(await readPage(dist, slug));
      expect(src, slug).not.toBeNull();
      return (src![1] ?? src![2])!;
    };
    // Astro optimises each image (a WebP of its own): two different sources, two different files.
    const [v1, v2] = [await logo('v1/pic'), await logo('v2/pic')];
    expect(v1).not.toBe(v2);
    const bytes = (src: string) => readFile(path.join(dist, src.split('?')[0]!));
    expect((await bytes(v1)).equals(await bytes(v2))).toBe(false);
  });
});

describe('a versioned site built in parts, then one copy edited', () => {
  let root = '';
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('builds the edited page’s part only: the parts of the last build are kept while the pages are the same', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'lectern-copies-parts-'));
    const versions = ['v1', 'v2', 'v3'];
    const names = ['a', 'b', 'c', 'd', 'e'];
    const files: Record<string, string> = {};
    for (const v of versions)
      for (const n of names) files[`${v}/${n}.mdx`] = `---\ntitle: Page ${n}\ndescription: d\n---\n\n${`Words about ${n}. `.repeat(200)}\n`;
    await writeTestSite(
      root,
      { navigation: { versions: versions.map((v) => ({ version: v, groups: [{ group: 'G', pages: names.map((n) => `${v}/${n}`) }] })) } },
      files,
    );
    const { buildSite } = await import('../src/cli/run.ts');
    const build = async () => {
      const said = vi.spyOn(console, 'log');
      const previous = process.env.LECTERN_PART_BYTES;
      process.env.LECTERN_PART_BYTES = '12000';
      try {
        await buildSite(root, { logLevel: 'warn' });
        return said.mock.calls.map((c) => c.join(' ')).join('\n');
      } finally {
        said.mockRestore();
        if (previous === undefined) delete process.env.LECTERN_PART_BYTES;
        else process.env.LECTERN_PART_BYTES = previous;
      }
    };
    const built = (log: string) => [...log.matchAll(/building part (\d+) of (\d+)/g)].map((m) => `${m[1]}/${m[2]}`);
    const cold = await build();
    expect(built(cold).length, cold).toBeGreaterThan(2);
    // v1/a was a copy (its part held it at a near-empty page's weight); edited, it is a page of its own.
    await writeFile(path.join(root, 'v1/a.mdx'), `${files['v1/a.mdx']}\nOne more line.\n`);
    const warm = await build();
    expect(built(warm), warm).toEqual([built(cold)[0]]);
    expect(await readPage(path.join(root, 'dist'), 'v1/a')).toContain('One more line.');
    expect(await readPage(path.join(root, 'dist'), 'v2/a')).not.toContain('One more line.');
  }, 300_000);
});
