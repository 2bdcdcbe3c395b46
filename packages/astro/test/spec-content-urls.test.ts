/**
 * Issue 38, finding 2: spec content may not give a reader a live `javascript:` (or `data:`, `vbscript:`) URL, however
 * it is spelled and whatever cutting unsafe pieces out of it joins. Checked where it counts: on the tree the build
 * compiles (the guard on Astro's MDX processor), in the HTML of a built site and of `lectern dev`, in Chromium by
 * clicking every link, in spec descriptions (sanitised Markdown), and in what `lectern generate` writes and a build
 * then trusts.
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { satteri } from '@astrojs/markdown-satteri';
import { runGenerateCommand, type Page } from '@lectern/core';
import { ALL, VARIANTS, decode, scriptScheme } from '../../core/test/script-url-variants.ts';
import { guardSpecContent, untrustedContentSlug, type GuardedSite } from '../src/mdx/spec-content-guard.ts';
import { renderMarkdown, safeUrl } from '../src/shared/render/markdown.ts';
import { launchChromium, readPage, serveDist, startDev } from './helpers.ts';

/** The site's own favicon (`<link rel="icon" href="data:image/svg+xml,…">`), the one data: URL a page has by design. */
const isFavicon = (tag: string, value: string) => tag.toLowerCase() === 'link' && /^data:image\//.test(value);

/** Every attribute of every tag in an HTML text whose value is a script URL: `<a href="javascript:…">` -> `a href=…`. */
function scriptAttributes(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.matchAll(/<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g)) {
    for (const attr of tag[2]!.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
      const value = decode((attr[2] ?? attr[3] ?? attr[4] ?? '').replace(/&amp;/g, '&'));
      if (scriptScheme(value) && !isFavicon(tag[1]!, value)) found.push(`${tag[1]} ${attr[1]}=${value.slice(0, 60)}`);
    }
  }
  return found;
}

const THINGS = 'api-reference/things/list-things';
const AUTOLINK = 'api-reference/things/autolink';

async function repo(dir: string): Promise<void> {
  const spec = {
    openapi: '3.1.0',
    info: { title: 'Things', version: '1', description: ALL },
    servers: [{ url: 'https://api.example.test' }],
    tags: [{ name: 'things', description: ALL }],
    paths: {
      '/things': {
        get: {
          summary: 'List things',
          description: ALL,
          tags: ['things'],
          parameters: [{ name: 'q', in: 'query', description: ALL, schema: { type: 'string', description: ALL } }],
          'x-mint': { content: ALL },
          responses: {
            '200': {
              description: ALL,
              content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string', description: ALL } } } } },
            },
          },
        },
      },
      '/autolink': {
        get: {
          summary: 'Autolink',
          tags: ['things'],
          'x-mint': { content: VARIANTS.autolink },
          responses: { '200': { description: 'OK' } },
        },
      },
    },
  };
  const docs = {
    theme: 'mint',
    name: 'Spec content URLs',
    colors: { primary: '#0D9373' },
    navigation: { tabs: [{ tab: 'API', openapi: 'openapi.json' }] },
  };
  await writeFile(path.join(dir, 'openapi.json'), JSON.stringify(spec, null, 2));
  await writeFile(path.join(dir, 'docs.json'), JSON.stringify(docs, null, 2));
}

describe('the guard on the tree the build compiles', () => {
  const root = '/docs';
  const written = (slug: string) => path.join(root, '.lectern/content', `${slug}.mdx`);
  const page = (slug: string, spec: string) => [slug, { kind: 'operation', slug, spec } as unknown as Page] as const;
  const site = (trust: boolean): GuardedSite => ({
    root,
    content: new Map([
      ['api/local', written('api/local')],
      ['api/remote', written('api/remote')],
    ]),
    pages: new Map([page('api/local', 'openapi.json'), page('api/remote', 'https://specs.example.test/openapi.json')]),
    config: { lectern: { trustSpecContent: trust } },
  });
  // Unsafe URLs as if the text vetting had missed them, in every place a URL can be.
  const source = [
    '[link](javascript:void(window.__pwned=1)) ![image](javascript:void(0)) [ref][r]',
    '',
    '[r]: JaVaScRiPt:void(0)',
    '',
    '<a href="java&#9;script:void(0)" title="kept">a</a> <img src="data:text/html,x" srcset="/a.png 1x, javascript:void(0) 2x" alt="" />',
    '',
    '<Card title="Card" href="vbscript:x" img="/ok.png">card</Card>',
    '',
    '<a {...{ href: "javascript:void(0)" }}>spread</a> <a href={"javascript:void(0)"}>expression</a> <a href="https://example.test/ok">ok</a>',
  ].join('\n');

  async function compile(file: string, trust = false): Promise<{ code: string; warnings: string[] }> {
    const processor = satteri();
    const warnings: string[] = [];
    expect(
      guardSpecContent(
        { processor },
        () => site(trust),
        (m) => warnings.push(m),
      ),
    ).toBe(true);
    const renderer = await processor.createMdxRenderer!(
      { syntaxHighlight: false, gfm: true, smartypants: true } as never,
      { optimize: false } as never,
    );
    const { code } = (await renderer.process(source, file, {})) as { code: string };
    return { code, warnings };
  }
  /** The string literals of the compiled module that hold a script URL. */
  const scriptStrings = (code: string) =>
    [...code.matchAll(/"((?:[^"\\]|\\.)*)"/g)]
      .map(
        (m) => JSON.parse(`"${m[1]!.replace(/[\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`) as string,
      )
      .filter(scriptScheme);

  it('removes every script URL from the written-out content of an untrusted spec, and says so', async () => {
    const { code, warnings } = await compile(written('api/local'));
    expect(scriptStrings(code)).toEqual([]);
    expect(code).toContain('https://example.test/ok');
    expect(code).toContain('/ok.png');
    expect(code).toContain('kept');
    const text = warnings.join('\n');
    for (const what of [
      'href="javascript:void(window.__pwned=1)" on <a>',
      'src="javascript:void(0)" on <img>',
      'href="java\\tscript:void(0)" on <a>',
      'href="vbscript:x" on <Card>',
      'srcset=',
      'a spread prop on <a>',
      'the expression prop href on <a>',
    ]) {
      expect(text).toContain(what);
    }
    expect(warnings[0]).toMatch(/^x-mint\.content of \/api\/local: /);
  });

  it("guards a remote spec's content even when docs.json trusts local specs, and leaves trusted content and pages alone", async () => {
    expect(untrustedContentSlug(site(true), written('api/remote'))).toBe('api/remote');
    expect(untrustedContentSlug(site(true), written('api/local'))).toBeUndefined();
    expect(untrustedContentSlug(site(false), path.join(root, 'guide.mdx'))).toBeUndefined();
    expect(scriptStrings((await compile(written('api/remote'), true)).code)).toEqual([]);
    const trusted = await compile(written('api/local'), true);
    expect(scriptStrings(trusted.code)).not.toEqual([]);
    expect(trusted.warnings).toEqual([]);
  });

  it('is added once, and only to Sätteri', () => {
    const processor = satteri();
    guardSpecContent(
      { processor },
      () => site(false),
      () => {},
    );
    guardSpecContent(
      { processor },
      () => site(false),
      () => {},
    );
    expect(processor.options.hastPlugins).toHaveLength(1);
    expect(
      guardSpecContent(
        { processor: { name: 'unified', options: {} } },
        () => site(false),
        () => {},
      ),
    ).toBe(false);
  });
});

describe('spec descriptions (sanitised Markdown)', () => {
  it.each(Object.entries(VARIANTS))('%s renders no script URL', (_name, variant) => {
    expect(scriptAttributes(renderMarkdown(variant))).toEqual([]);
  });

  it('safeUrl reads a scheme as a browser does', () => {
    for (const url of [
      'javascript:x',
      ' javascript:x',
      '\u0001javascript:x',
      'java\tscript:x',
      'java\nscript:x',
      'JAVASCRIPT:x',
      'data:text/html,x',
      'vbscript:x',
    ]) {
      expect(safeUrl(url)).toBeUndefined();
    }
    for (const url of ['https://example.test', '/a', '#b', 'c.html', 'mailto:a@example.test']) expect(safeUrl(url)).toBe(url);
  });
});

describe('a site whose spec carries every variant', () => {
  let root = '';
  let outDir = '';
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'lectern-spec-urls-'));
    await repo(root);
    const { buildSite } = await import('../src/cli/run.ts');
    ({ outDir } = await buildSite(root, { logLevel: 'error' }));
  }, 300_000);
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('has no script URL in any attribute of the built HTML', async () => {
    for (const slug of [THINGS, AUTOLINK]) {
      const html = await readPage(outDir, slug);
      expect(html).toContain('v1');
      expect(scriptAttributes(html)).toEqual([]);
    }
  });

  it('has the guard on the MDX processor of a Lectern build, for the written-out content only', async () => {
    const { build } = await import('astro');
    const { inlineConfig } = await import('../src/cli/run.ts');
    const { getSite } = await import('../src/model/store.ts');
    const config = inlineConfig(root, path.join(root, 'probe-dist'), { logLevel: 'silent' });
    let plugins: unknown[] = [];
    const probe = {
      name: 'probe',
      hooks: {
        'astro:config:done': ({ config: done }: { config: { markdown: { processor: { options: { hastPlugins: unknown[] } } } } }) => {
          plugins = done.markdown.processor.options.hastPlugins;
          throw new Error('probe: stop');
        },
      },
    };
    await expect(build({ ...config, integrations: [...config.integrations!, probe] } as never)).rejects.toThrow('probe: stop');
    const guard = plugins.find(
      (p) => typeof p === 'function' && (p as unknown as Record<symbol, unknown>)[Symbol.for('lectern.spec-content-guard')],
    ) as ((ctx: { fileURL: URL }) => unknown) | undefined;
    expect(guard).toBeDefined();
    const written = getSite(root).content.get(THINGS)!;
    expect(written).toContain(path.join('.lectern', 'content'));
    expect(guard!({ fileURL: pathToFileURL(written) })).toMatchObject({ name: 'lectern-spec-content-guard' });
    expect(guard!({ fileURL: pathToFileURL(path.join(root, 'guide.mdx')) })).toBeNull();
  }, 120_000);

  it('runs no script when a reader clicks every link of the page (Chromium)', async () => {
    const served = await serveDist(outDir);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      const url = `${served.url}/${THINGS}`;
      await page.goto(url);
      await page.waitForLoadState('load');
      const inDom = await page.evaluate(() => {
        const bad: string[] = [];
        for (const el of document.querySelectorAll('*')) {
          for (const attr of ['href', 'src', 'action', 'formaction', 'poster', 'cite', 'background', 'data', 'xlink:href']) {
            const value = el.getAttribute(attr);
            if (value === null) continue;
            let protocol = '';
            try {
              protocol = new URL(value, document.baseURI).protocol;
            } catch {
              continue;
            }
            if (/^(javascript|data|vbscript):$/.test(protocol) && !(el.tagName === 'LINK' && value.startsWith('data:image/')))
              bad.push(`${el.tagName} ${attr}=${value.slice(0, 60)}`);
          }
        }
        return bad;
      });
      expect(inDom).toEqual([]);
      const texts = await page.evaluate(() =>
        [...document.querySelectorAll('main a, .endpoint-content a, a.card')]
          .map((a) => (a.textContent ?? '').trim())
          .filter((t) => /^(v|d)\d+/.test(t)),
      );
      expect(texts.length).toBeGreaterThan(0);
      for (const text of new Set(texts)) {
        await page
          .getByText(text, { exact: true })
          .first()
          .click({ timeout: 2000, noWaitAfter: true })
          .catch(() => {});
        await page.waitForTimeout(50);
        if (page.url().split('#')[0] !== url) await page.goto(url);
        expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned ?? null)).toBeNull();
      }
      expect(dialogs).toEqual([]);
    } finally {
      await browser.close();
      await served.close();
    }
  }, 120_000);

  it('has no script URL in what lectern dev serves', async () => {
    const dev = await startDev(root);
    try {
      const html = await fetch(`${dev.url}/${THINGS}`).then((r) => r.text());
      expect(html).toContain('v1');
      expect(scriptAttributes(html)).toEqual([]);
    } finally {
      await dev.stop();
    }
  }, 180_000);

  it('has no script URL after lectern generate wrote the pages as MDX files the build trusts', async () => {
    const copy = await mkdtemp(path.join(tmpdir(), 'lectern-spec-urls-generated-'));
    try {
      await cp(path.join(root, 'openapi.json'), path.join(copy, 'openapi.json'));
      await cp(path.join(root, 'docs.json'), path.join(copy, 'docs.json'));
      const io = { out: () => {}, err: () => {}, progress: false };
      expect(await runGenerateCommand([copy], io)).toBe(0);
      const { buildSite } = await import('../src/cli/run.ts');
      const built = await buildSite(copy, { logLevel: 'error' });
      const html = await readPage(built.outDir, THINGS);
      expect(html).toContain('v1');
      expect(scriptAttributes(html)).toEqual([]);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  }, 300_000);
});
