/**
 * Found by search engines and read by agents (issue 34): real builds of a small site, the files parsed. With `--site`:
 * `sitemap.xml` (every public, indexed page; never restricted, hidden, hidden-group or `noindex` pages) and
 * `robots.txt` naming it; every page's head with the SEO tags of docs.json and of its frontmatter, each once, with the
 * right element and attribute, escaped; `llms.txt`/`llms-full.txt` and their `/.well-known/` copies with the same
 * pages. With the repo's own `sitemap.xml`, `robots.txt`, `llms.txt` and `llms-full.txt`: those are published as they
 * are. `lectern serve` and `lectern dev` on 127.0.0.1 answer a page URL asked for as `text/markdown` with the page's
 * Markdown, restricted pages gated as their HTML.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomUtils, parseDocument } from 'htmlparser2';
import { createServer, type AuthGate } from '@lectern/server';
import { prefersMarkdown } from '@lectern/server/dev';
import { buildLinkIndex, buildSitePlan } from '@lectern/core';
import { startDev } from './helpers.ts';

const SITE = 'https://docs.example.test';
const BIN = fileURLToPath(new URL('../bin/lectern.js', import.meta.url));
const EVIL = 'He said "hi" <script>alert(1)</script> & left';

const page = (title: string, extra = '', body = `Words of ${title}.`) =>
  `---\ntitle: ${title}\ndescription: About ${title}\n${extra}---\n\n${body}\n`;

/** A site with public pages, a restricted one, a hidden group, a hidden page, a page out of the navigation, two noindex pages. */
async function writeSite(root: string, docs: Record<string, unknown> = {}): Promise<void> {
  await writeFile(
    path.join(root, 'docs.json'),
    JSON.stringify({
      name: 'Acme Docs',
      description: 'Docs of Acme',
      theme: 'mint',
      colors: { primary: '#0D9373' },
      seo: {
        metatags: {
          'og:image': 'https://cdn.example.test/og.png',
          'twitter:site': '@acme',
          'google-site-verification': 'abc123',
          author: EVIL,
        },
      },
      navigation: {
        groups: [
          { group: 'Guides', pages: ['index', 'intro', 'tagged', 'quiet', 'robots-page', 'staff-only', 'hidden-fm'] },
          { group: 'Secret', hidden: true, pages: ['secret/one', 'secret/two'] },
          // Hidden, but its pages stay in the site's search.
          { group: 'Findable', hidden: true, searchable: true, pages: ['secret/found'] },
          // Listed in a hidden group and in a visible one: visible.
          { group: 'Also', pages: ['secret/two'] },
        ],
      },
      ...docs,
    }),
  );
  await mkdir(path.join(root, 'secret'));
  await writeFile(path.join(root, 'index.mdx'), page('Home'));
  await writeFile(path.join(root, 'intro.mdx'), page('Intro'));
  await writeFile(
    path.join(root, 'tagged.mdx'),
    page(
      'Tagged',
      [
        `"og:description": ${JSON.stringify(EVIL)}`,
        '"og:image": https://cdn.example.test/tagged.png',
        '"twitter:card": summary',
        'keywords: [alpha, beta]',
        'canonical: https://elsewhere.example.test/tagged',
        '"og:title": Tagged for sharing',
        '',
      ].join('\n'),
    ),
  );
  await writeFile(path.join(root, 'quiet.mdx'), page('Quiet', 'noindex: true\n'));
  await writeFile(path.join(root, 'robots-page.mdx'), page('Robots page', 'robots: "noindex, nofollow"\n'));
  await writeFile(path.join(root, 'staff-only.mdx'), page('Staff only', 'groups: ["staff"]\n'));
  await writeFile(path.join(root, 'hidden-fm.mdx'), page('Hidden fm', 'hidden: true\n'));
  await writeFile(path.join(root, 'orphan.mdx'), page('Orphan'));
  await writeFile(path.join(root, 'secret/one.mdx'), page('Secret one'));
  await writeFile(path.join(root, 'secret/two.mdx'), page('Secret two'));
  await writeFile(path.join(root, 'secret/found.mdx'), page('Secret found'));
}

const PUBLIC = ['', '/intro', '/tagged', '/secret/two'];

async function build(root: string, site?: string): Promise<string> {
  const { buildSite } = await import('../src/cli/run.ts');
  const { outDir } = await buildSite(root, { logLevel: 'error', ...(site ? { site } : {}) });
  return outDir;
}

/** The head's tags of a built page: `[element, key attribute, key, value]`. */
async function headTags(dist: string, slug: string): Promise<Array<[string, string, string, string]>> {
  const file = slug ? path.join(dist, slug, 'index.html') : path.join(dist, 'index.html');
  const doc = parseDocument(await readFile(file, 'utf8'));
  const head = DomUtils.findOne((e) => e.name === 'head', doc.children)!;
  return DomUtils.findAll((e) => e.name === 'meta' || e.name === 'link', head.children).flatMap(
    (e): Array<[string, string, string, string]> => {
      const a = e.attribs;
      if (e.name === 'link') return a.rel === 'canonical' ? [['link', 'rel', 'canonical', a.href!]] : [];
      if (a.property !== undefined) return [['meta', 'property', a.property, a.content!]];
      if (a.name !== undefined) return [['meta', 'name', a.name, a.content!]];
      return [];
    },
  );
}

const tagMap = (tags: Array<[string, string, string, string]>) => new Map(tags.map(([, , k, v]) => [k, v]));

let root: string;
let dist: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lectern-seo-'));
  await writeSite(root);
  dist = await build(root, SITE);
}, 240_000);
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('sitemap.xml and robots.txt with --site', () => {
  it('lists every public, indexed page, and nothing restricted, hidden or noindex', async () => {
    const doc = parseDocument(await readFile(path.join(dist, 'sitemap.xml'), 'utf8'), { xmlMode: true });
    const urlset = DomUtils.findOne((e) => e.name === 'urlset', doc.children)!;
    expect(urlset.attribs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = DomUtils.findAll((e) => e.name === 'loc', doc.children).map((e) => DomUtils.textContent(e));
    expect(locs.sort()).toEqual(PUBLIC.map((p) => SITE + (p || '/')).sort());
  });

  it('has a robots.txt that points at the sitemap', async () => {
    const robots = await readFile(path.join(dist, 'robots.txt'), 'utf8');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

describe('meta tags', () => {
  it('writes the generated defaults, docs.json metatags, each key once, with the right element and attribute', async () => {
    const tags = await headTags(dist, 'intro');
    const keys = tags.map(([, , k]) => k);
    expect(keys.length).toBe(new Set(keys).size);
    const m = tagMap(tags);
    expect(tags).toContainEqual(['link', 'rel', 'canonical', `${SITE}/intro`]);
    expect(tags).toContainEqual(['meta', 'property', 'og:type', 'website']);
    expect(tags).toContainEqual(['meta', 'property', 'og:url', `${SITE}/intro`]);
    expect(tags).toContainEqual(['meta', 'property', 'og:title', 'Intro']);
    expect(tags).toContainEqual(['meta', 'property', 'og:description', 'About Intro']);
    expect(tags).toContainEqual(['meta', 'property', 'og:site_name', 'Acme Docs']);
    expect(tags).toContainEqual(['meta', 'property', 'og:image', 'https://cdn.example.test/og.png']);
    expect(tags).toContainEqual(['meta', 'name', 'twitter:card', 'summary_large_image']);
    expect(tags).toContainEqual(['meta', 'name', 'twitter:title', 'Intro']);
    expect(tags).toContainEqual(['meta', 'name', 'twitter:description', 'About Intro']);
    expect(tags).toContainEqual(['meta', 'name', 'twitter:site', '@acme']);
    expect(tags).toContainEqual(['meta', 'name', 'google-site-verification', 'abc123']);
    expect(tags).toContainEqual(['meta', 'name', 'description', 'About Intro']);
    expect(tags).toContainEqual(['meta', 'name', 'generator', 'Lectern']);
    expect(m.get('author')).toBe(EVIL);
    expect(m.has('robots')).toBe(false);
  });

  it('lets the page frontmatter override the site, and escapes values', async () => {
    const html = await readFile(path.join(dist, 'tagged', 'index.html'), 'utf8');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(
      DomUtils.findAll((e) => e.name === 'script', parseDocument(html).children).some((e) => DomUtils.textContent(e).includes('alert(1)')),
    ).toBe(false);
    const tags = await headTags(dist, 'tagged');
    const keys = tags.map(([, , k]) => k);
    expect(keys.length).toBe(new Set(keys).size);
    expect(tags).toContainEqual(['meta', 'property', 'og:description', EVIL]);
    expect(tags).toContainEqual(['meta', 'property', 'og:image', 'https://cdn.example.test/tagged.png']);
    expect(tags).toContainEqual(['meta', 'property', 'og:title', 'Tagged for sharing']);
    expect(tags).toContainEqual(['meta', 'name', 'twitter:card', 'summary']);
    expect(tags).toContainEqual(['meta', 'name', 'keywords', 'alpha, beta']);
    expect(tags).toContainEqual(['link', 'rel', 'canonical', 'https://elsewhere.example.test/tagged']);
    expect(tags).toContainEqual(['meta', 'property', 'og:url', 'https://elsewhere.example.test/tagged']);
    expect(tags.filter(([, , k]) => k === 'canonical')).toHaveLength(1);
  });

  it('marks noindex, robots and hidden-group pages noindex', async () => {
    expect(tagMap(await headTags(dist, 'quiet')).get('robots')).toBe('noindex');
    expect(tagMap(await headTags(dist, 'robots-page')).get('robots')).toBe('noindex, nofollow');
    expect(tagMap(await headTags(dist, 'secret/one')).get('robots')).toBe('noindex');
    expect(tagMap(await headTags(dist, 'hidden-fm')).get('robots')).toBe('noindex');
    expect(tagMap(await headTags(dist, 'orphan')).get('robots')).toBe('noindex');
    expect(tagMap(await headTags(dist, 'secret/found')).get('robots')).toBe('noindex');
    expect(tagMap(await headTags(dist, 'secret/two')).has('robots')).toBe(false);
  });
});

describe('the search index', () => {
  it('leaves out restricted, noindex and hidden pages, but keeps a searchable hidden group', async () => {
    const texts: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const e of await readdir(dir, { withFileTypes: true })) {
        const abs = path.join(dir, e.name);
        if (e.isDirectory()) await walk(abs);
        else {
          const bytes = await readFile(abs);
          texts.push((bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8'));
        }
      }
    };
    await walk(path.join(dist, 'pagefind'));
    const all = texts.join('\n');
    for (const title of ['Intro', 'Secret two', 'Secret found']) expect(all).toContain(`Words of ${title}.`);
    for (const title of ['Quiet', 'Staff only', 'Hidden fm', 'Orphan', 'Secret one']) expect(all).not.toContain(`Words of ${title}.`);
  });
});

describe('llms.txt, llms-full.txt and /.well-known/', () => {
  it('llms.txt lists the public, indexed pages only', async () => {
    const llms = await readFile(path.join(dist, 'llms.txt'), 'utf8');
    const links = [...llms.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.sort()).toEqual(PUBLIC.map((p) => `${SITE}${p || '/index'}.md`).sort());
  });

  it('llms-full.txt has every public page in full, with its URL, and nothing else', async () => {
    const full = await readFile(path.join(dist, 'llms-full.txt'), 'utf8');
    expect(full.startsWith('# Acme Docs\n')).toBe(true);
    for (const p of PUBLIC) expect(full).toContain(`Source: ${SITE}${p || '/'}\n`);
    expect(full).toContain('# Intro\nSource: https://docs.example.test/intro\n\n> About Intro\n\nWords of Intro.');
    for (const title of ['Quiet', 'Robots page', 'Staff only', 'Hidden fm', 'Orphan', 'Secret one', 'Secret found'])
      expect(full).not.toContain(title);
  });

  it('are link targets a page may name', async () => {
    const built = await buildSitePlan(root);
    const index = buildLinkIndex(built.plan, built.config);
    for (const target of ['llms.txt', 'llms-full.txt', '.well-known/llms.txt', '.well-known/llms-full.txt'])
      expect(index.exists(target)).toBe(true);
  });

  it('copies both under /.well-known/', async () => {
    for (const name of ['llms.txt', 'llms-full.txt'])
      expect(await readFile(path.join(dist, '.well-known', name), 'utf8')).toBe(await readFile(path.join(dist, name), 'utf8'));
  });
});

describe('a build in parts', () => {
  it('writes the same sitemap.xml, robots.txt, llms.txt and llms-full.txt as a build in one process', async () => {
    const parts = await mkdtemp(path.join(tmpdir(), 'lectern-seo-parts-'));
    try {
      await writeSite(parts);
      const out = await new Promise<string>((resolve, reject) =>
        execFile(
          process.execPath,
          [BIN, 'build', parts, '--site', SITE],
          { env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', LECTERN_PART_PAGES: '4' }, timeout: 280_000 },
          (err, stdout, stderr) => (err ? reject(new Error(stdout + stderr)) : resolve(stdout + stderr)),
        ),
      );
      expect(out).toMatch(/part/i);
      for (const name of ['sitemap.xml', 'robots.txt', 'llms.txt', 'llms-full.txt', '.well-known/llms-full.txt'])
        expect(await readFile(path.join(parts, 'dist', name), 'utf8')).toBe(await readFile(path.join(dist, name), 'utf8'));
    } finally {
      await rm(parts, { recursive: true, force: true });
    }
  }, 300_000);
});

describe('a site in several languages', () => {
  it('gives each page hreflang alternates to the same page in the other languages', async () => {
    const multi = await mkdtemp(path.join(tmpdir(), 'lectern-seo-lang-'));
    try {
      const lang = (language: string, pages: string[], extra = {}) => ({ language, ...extra, groups: [{ group: 'G', pages }] });
      await writeFile(
        path.join(multi, 'docs.json'),
        JSON.stringify({
          name: 'Multi',
          theme: 'mint',
          colors: { primary: '#0D9373' },
          navigation: {
            languages: [
              lang('en', ['en/index', 'en/guide'], { default: true }),
              lang('fr', ['fr/index', 'fr/guide', 'fr/seul']),
              lang('cn', ['cn/guide']),
            ],
          },
        }),
      );
      for (const dir of ['en', 'fr', 'cn']) await mkdir(path.join(multi, dir));
      for (const p of ['en/index', 'en/guide', 'fr/index', 'fr/guide', 'fr/seul', 'cn/guide'])
        await writeFile(path.join(multi, `${p}.mdx`), page(p));
      const out = await build(multi, SITE);
      const alternates = async (slug: string) => {
        const doc = parseDocument(await readFile(path.join(out, slug, 'index.html'), 'utf8'));
        return DomUtils.findAll(
          (e) => e.name === 'link' && e.attribs.rel === 'alternate' && e.attribs.hreflang !== undefined,
          doc.children,
        ).map((e) => [e.attribs.hreflang, e.attribs.href]);
      };
      const guide = [
        ['en', `${SITE}/en/guide`],
        ['fr', `${SITE}/fr/guide`],
        ['zh-Hans', `${SITE}/cn/guide`],
        ['x-default', `${SITE}/en/guide`],
      ];
      expect(await alternates('en/guide')).toEqual(guide);
      expect(await alternates('fr/guide')).toEqual(guide);
      expect(await alternates('fr/seul')).toEqual([['fr', `${SITE}/fr/seul`]]);
    } finally {
      await rm(multi, { recursive: true, force: true });
    }
  }, 240_000);
});

describe("the repo's own files win", () => {
  let own: string;
  let ownDist: string;
  beforeAll(async () => {
    own = await mkdtemp(path.join(tmpdir(), 'lectern-seo-own-'));
    await writeSite(own, { lectern: { site: 'https://config.example.test' } });
    await writeFile(path.join(own, 'sitemap.xml'), '<?xml version="1.0"?><urlset><url><loc>https://own.test/</loc></url></urlset>\n');
    await writeFile(path.join(own, 'robots.txt'), 'User-agent: *\nDisallow: /private\n');
    await writeFile(path.join(own, 'llms.txt'), '# Our own llms.txt\n');
    await writeFile(path.join(own, 'llms-full.txt'), '# Our own llms-full.txt\n');
    ownDist = await build(own);
  }, 240_000);
  afterAll(async () => {
    if (own) await rm(own, { recursive: true, force: true });
  });

  it('publishes sitemap.xml, robots.txt, llms.txt and llms-full.txt as the repo has them, under /.well-known/ too', async () => {
    expect(await readFile(path.join(ownDist, 'sitemap.xml'), 'utf8')).toBe(await readFile(path.join(own, 'sitemap.xml'), 'utf8'));
    expect(await readFile(path.join(ownDist, 'robots.txt'), 'utf8')).toBe('User-agent: *\nDisallow: /private\n');
    expect(await readFile(path.join(ownDist, 'llms.txt'), 'utf8')).toBe('# Our own llms.txt\n');
    expect(await readFile(path.join(ownDist, 'llms-full.txt'), 'utf8')).toBe('# Our own llms-full.txt\n');
    expect(await readFile(path.join(ownDist, '.well-known', 'llms.txt'), 'utf8')).toBe('# Our own llms.txt\n');
    expect(await readFile(path.join(ownDist, '.well-known', 'llms-full.txt'), 'utf8')).toBe('# Our own llms-full.txt\n');
  });

  it('takes the address from lectern.site', async () => {
    expect(tagMap(await headTags(ownDist, 'intro')).get('og:url')).toBe('https://config.example.test/intro');
    expect(existsSync(path.join(ownDist, 'sitemap-0.xml'))).toBe(false);
  });
});

const MD = 'text/markdown';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('Accept: text/markdown', () => {
  it('is preferred only when it is named above HTML', () => {
    expect(prefersMarkdown(MD)).toBe(true);
    expect(prefersMarkdown('text/markdown, text/html;q=0.9')).toBe(true);
    expect(prefersMarkdown('text/markdown, */*')).toBe(true);
    expect(prefersMarkdown('text/markdown;q=0.5, text/html')).toBe(false);
    expect(prefersMarkdown('text/html, text/markdown')).toBe(false);
    expect(prefersMarkdown(BROWSER)).toBe(false);
    expect(prefersMarkdown('*/*')).toBe(false);
    expect(prefersMarkdown('text/markdown;q=0')).toBe(false);
    expect(prefersMarkdown(undefined)).toBe(false);
  });

  /** A server of the build with `auth`, the answers to `paths` asked for with `accept`, then closed. */
  async function ask(paths: string[], accept: string, auth?: AuthGate) {
    const server = await createServer({ dist, port: 0, log: false, ...(auth ? { auth } : {}) });
    try {
      return await Promise.all(
        paths.map(async (p) => {
          const r = await fetch(server.url + p, { headers: { accept }, redirect: 'manual' });
          return {
            status: r.status,
            type: r.headers.get('content-type'),
            vary: r.headers.get('vary') ?? '',
            location: r.headers.get('location'),
            cache: r.headers.get('cache-control'),
            body: await r.text(),
          };
        }),
      );
    } finally {
      await server.close();
    }
  }

  it('lectern serve answers a page URL with its Markdown copy, Vary: Accept', async () => {
    const [intro, slash, home, html] = await ask(['/intro', '/intro/', '/'], MD).then(async (r) => [
      ...r,
      ...(await ask(['/intro'], BROWSER)),
    ]);
    for (const [r, file] of [
      [intro!, 'intro.md'],
      [slash!, 'intro.md'],
      [home!, 'index.md'],
    ] as const) {
      expect(r.status).toBe(200);
      expect(r.type).toBe('text/markdown; charset=utf-8');
      expect(r.vary).toMatch(/\bAccept\b/);
      expect(r.body).toBe(await readFile(path.join(dist, file), 'utf8'));
    }
    expect(html!.type).toBe('text/html; charset=utf-8');
    expect(html!.vary).toMatch(/(^|, *)Accept(,|$)/);
    expect(html!.body).toContain('<!DOCTYPE html>');
  });

  it('lectern serve gates a restricted page as Markdown exactly as its HTML', async () => {
    const [md, html] = await Promise.all([ask(['/staff-only'], MD), ask(['/staff-only'], BROWSER)]);
    expect(md[0]!.status).toBe(401);
    expect(md[0]!.body).toBe(html[0]!.body);
    expect(md[0]!.body).not.toContain('Words of Staff only');
    const login: AuthGate = () => new Response(null, { status: 302, headers: { Location: '/login' } });
    const [mdGated, htmlGated] = await Promise.all([ask(['/staff-only'], MD, login), ask(['/staff-only'], BROWSER, login)]);
    expect([mdGated[0]!.status, mdGated[0]!.location]).toEqual([302, '/login']);
    expect([htmlGated[0]!.status, htmlGated[0]!.location]).toEqual([302, '/login']);
    const [allowed] = await ask(['/staff-only'], MD, () => null);
    expect(allowed!.status).toBe(200);
    expect(allowed!.type).toBe('text/markdown; charset=utf-8');
    expect(allowed!.cache).toBe('private, no-store');
    expect(allowed!.body).toContain('Words of Staff only');
  });

  it('lectern dev answers a page URL with its Markdown', async () => {
    const dev = await startDev(root);
    try {
      const md = await fetch(dev.url + '/intro', { headers: { accept: MD } });
      expect(md.status).toBe(200);
      expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(md.headers.get('vary')).toMatch(/\bAccept\b/);
      expect(await md.text()).toBe(await readFile(path.join(dist, 'intro.md'), 'utf8'));
      const html = await fetch(dev.url + '/intro', { headers: { accept: BROWSER } });
      expect(html.headers.get('content-type')).toMatch(/^text\/html/);
      expect(html.headers.get('vary')).toMatch(/\bAccept\b/);
      expect(await html.text()).toContain('Words of Intro');
    } finally {
      await dev.stop();
    }
  }, 120_000);
});
