/**
 * `x-mint.content` comes from a spec the docs team may not have written. By default it cannot run code during the
 * build or in a reader's browser: ESM, expressions, unknown elements, event handlers and unsafe URLs are cut, each
 * cut is a `lectern check` warning with the spec file and JSON pointer, and the rest renders (Markdown, built-in
 * components). `lectern.trustSpecContent` compiles local specs as full MDX.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSitePlan } from '@lectern/core';
import { launchChromium, readPage, serveDist } from './helpers.ts';

let root = '';
let marker = '';
const SLUG = 'api-reference/things/list-things';

const content = (markerFile: string) =>
  [
    "export const pwned = globalThis.process.getBuiltinModule('node:child_process').execSync(" +
      JSON.stringify(`touch ${markerFile} && id`) +
      ').toString()',
    '',
    'Intro with **bold** text.',
    '',
    '<Note>A safe note.</Note>',
    '',
    '{pwned}',
    '',
    "<script>window.__xss = 'script'</script>",
    '',
    '<img src="/logo.png" onerror="window.__xss = \'img\'" alt="logo" />',
    '',
    '<iframe srcDoc="<script>parent.__xss = \'iframe\'</script>" />',
    '',
    "[click me](javascript:window.__xss='link')",
    '',
    '<a href="javascript:window.__xss=\'a\'">anchor</a>',
    '',
    '<Card title="Card" href="javascript:window.__xss=\'card\'">card body</Card>',
    '',
    '<div style="color: red" {...{onClick: 1}}>styled</div>',
    '',
  ].join('\n');

function repo(dir: string, markerFile: string, trust = false) {
  const spec = {
    openapi: '3.1.0',
    info: { title: 'Things', version: '1' },
    servers: [{ url: 'https://api.example.test' }],
    paths: {
      '/things': {
        get: {
          summary: 'List things',
          tags: ['things'],
          'x-mint': { content: content(markerFile) },
          responses: { '200': { description: 'OK' } },
        },
      },
    },
  };
  const docs = {
    theme: 'mint',
    name: 'Spec content',
    colors: { primary: '#0D9373' },
    ...(trust ? { lectern: { trustSpecContent: true } } : {}),
    navigation: { tabs: [{ tab: 'API', openapi: 'openapi.json' }] },
  };
  return Promise.all([
    writeFile(path.join(dir, 'openapi.json'), JSON.stringify(spec, null, 2)),
    writeFile(path.join(dir, 'docs.json'), JSON.stringify(docs, null, 2)),
  ]);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lectern-spec-content-'));
  marker = path.join(root, 'pwned');
  await repo(root, marker);
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('spec-provided content (default: untrusted)', () => {
  it('lectern check reports every refused construct with the spec file and JSON pointer', async () => {
    const { diagnostics } = await buildSitePlan(root);
    const refused = diagnostics.filter((d) => d.code === 'spec/content-refused');
    expect(
      refused.every((d) => d.file === 'openapi.json' && d.pointer === '/paths/~1things/get/x-mint/content' && d.severity === 'warning'),
    ).toBe(true);
    const text = refused.map((d) => d.message).join('\n');
    for (const what of [
      'import/export',
      '{expressions}',
      '<script>',
      'onerror',
      '<iframe>',
      'javascript:window',
      'spread props',
      'prop style',
    ])
      expect(text).toContain(what);
    expect(refused.find((d) => d.message.includes('<script>'))!.message).toMatch(
      /^x-mint\.content of GET \/things \(line 9 of the content\)/,
    );
  });

  it('runs no code at build time, and the page renders the safe parts with no script a reader could trigger', async () => {
    const { buildSite } = await import('../src/cli/run.ts');
    const { outDir } = await buildSite(root, { logLevel: 'error' });
    expect(existsSync(marker)).toBe(false);
    const html = await readPage(outDir, SLUG);
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toMatch(/callout-note[\s\S]*A safe note/);
    expect(html).toContain('click me');
    expect(html).not.toMatch(/uid=\d+/);
    expect(html).not.toContain('__xss');

    const served = await serveDist(outDir);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${served.url}/${SLUG}`);
      await page.waitForLoadState('load');
      const found = await page.evaluate(() => ({
        xss: (window as unknown as { __xss?: string }).__xss ?? null,
        scriptLinks: [...document.querySelectorAll('a')].filter((a) => a.href.startsWith('javascript:')).length,
        handlers: [...document.querySelectorAll('.endpoint-content *')].filter((e) =>
          [...e.attributes].some((a) => /^on/i.test(a.name) || a.name === 'srcdoc'),
        ).length,
        iframes: document.querySelectorAll('.endpoint-content iframe').length,
      }));
      expect(found).toEqual({ xss: null, scriptLinks: 0, handlers: 0, iframes: 0 });
      for (const text of ['click me', 'anchor', 'card body']) {
        await page
          .getByText(text, { exact: true })
          .first()
          .click({ timeout: 2000 })
          .catch(() => {});
      }
      expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null)).toBeNull();
    } finally {
      await browser.close();
      await served.close();
    }
  });
});

describe('lectern.trustSpecContent: true', () => {
  it('compiles the content of a local spec as full MDX', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lectern-spec-trusted-'));
    try {
      const trustedMarker = path.join(dir, 'ran');
      await repo(dir, trustedMarker, true);
      const { diagnostics } = await buildSitePlan(dir);
      expect(diagnostics.filter((d) => d.code === 'spec/content-refused')).toEqual([]);
      const { buildSite } = await import('../src/cli/run.ts');
      await buildSite(dir, { logLevel: 'error' });
      expect(existsSync(trustedMarker)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
