import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildLinkIndex, buildSitePlan, checkPages, editDistance, internalTarget, runCheckCommand, type CliIO } from '../src/index.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
const fixture = path.join(repo, 'fixtures/sites/links');

function captureIO(): CliIO & { text: () => string } {
  let buffer = '';
  return { out: (t) => void (buffer += t), err: (t) => void (buffer += t), progress: false, text: () => buffer };
}

interface Reported {
  severity: string;
  code: string;
  file: string;
  line?: number;
  column?: number;
  pointer?: string;
  message: string;
  hint?: string;
}

async function check(
  dir: string,
  ...flags: string[]
): Promise<{ code: number; diagnostics: Reported[]; errors: number; warnings: number }> {
  const io = captureIO();
  const code = await runCheckCommand([dir, '--json', ...flags], io);
  return { code, ...(JSON.parse(io.text()) as { diagnostics: Reported[]; errors: number; warnings: number }) };
}

describe('internal link targets', () => {
  it('resolves site paths and leaves everything else alone', () => {
    expect(internalTarget('/guides/setup/', '')).toBe('guides/setup');
    expect(internalTarget('/guides/setup#install', '')).toBe('guides/setup');
    expect(internalTarget('/guides/setup?tab=1#x', '')).toBe('guides/setup');
    expect(internalTarget('/', '')).toBe('');
    expect(internalTarget('./extra', 'guides')).toBe('guides/extra');
    expect(internalTarget('../index', 'guides')).toBe('index');
    expect(internalTarget('extra', 'guides')).toBe('guides/extra');
    expect(internalTarget('/a/../b/%C3%A9t%C3%A9', '')).toBe('b/été');
    for (const url of [
      'https://example.com/x',
      'mailto:a@b.c',
      'tel:+123',
      '#top',
      '//cdn.example.com/x',
      '',
      '  ',
      '?q=1',
      '/{{base}}/x',
      'javascript:alert(1)',
    ]) {
      expect(internalTarget(url, 'guides'), url).toBeUndefined();
    }
  });

  it('computes edit distances, giving up past the limit', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('guides/setpu', 'guides/setup')).toBe(2);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('a', 'abcdefgh', 2)).toBe(3);
  });
});

describe('lectern check: broken links', () => {
  it('a footnote whose text is a link is no link definition: no false broken link', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lectern-footnote-'));
    writeFileSync(
      path.join(dir, 'docs.json'),
      JSON.stringify({
        name: 'F',
        theme: 'mint',
        colors: { primary: '#0D9373' },
        navigation: { groups: [{ group: 'G', pages: ['index'] }] },
      }),
    );
    writeFileSync(
      path.join(dir, 'index.mdx'),
      '---\ntitle: Home\ndescription: D\n---\n\nAs reported[^hijack], and [gone](/nowhere).\n\n[^hijack]: [python-sdk#2100](https://github.com/x/y/issues/2100).\n',
    );
    const { diagnostics } = await check(dir);
    expect(diagnostics.filter((d) => d.code === 'link/broken').map((d) => [d.line, d.message])).toEqual([
      [6, 'broken link "/nowhere": no page at /nowhere'],
    ]);
  });

  it('reports every broken link of pages and docs.json with file, line, target and the closest page', async () => {
    const { code, diagnostics, errors } = await check(fixture);
    expect(code).toBe(0);
    expect(errors).toBe(0);
    const links = diagnostics.filter((d) => d.code === 'link/broken');
    expect(links.every((d) => d.severity === 'warning')).toBe(true);
    expect(
      links.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}${d.hint?.startsWith('did you mean') ? ` -> ${d.hint}` : ''}`),
    ).toEqual([
      'docs.json:6:15 broken link "/notes": no page at /notes (banner link)',
      'docs.json:9:80 broken link "/guides/old-page": no page at /guides/old-page (navbar link) -> did you mean /guides/setup?',
      'docs.json:12:130 broken link "/gone/": no page at /gone (footer link)',
      'docs.json:17:27 broken link "/guides/nowhere": no page at /guides/nowhere (redirect destination) -> did you mean /guides/extra?',
      'docs.json:31:29 broken link "/status": no page at /status (anchor link)',
      'guides/extra.mdx:6:56 broken link "/{{section}}/extr": no page at /guides/extr -> did you mean /guides/extra?',
      'guides/setup.mdx:8:25 broken link "./extras": no page at /guides/extras -> did you mean /guides/extra?',
      'index.mdx:19:9 broken link "/setup": no page at /setup -> did you mean /guides/setup?',
      'index.mdx:19:35 broken link "/guides/setpu#install": no page at /guides/setpu -> did you mean /guides/setup?',
      'index.mdx:20:1 broken link "/private/secret": no page at /private/secret',
      'index.mdx:22:1 broken link "/images/nope.png": no page or file at /images/nope.png (image)',
      'index.mdx:24:27 broken link "/guides/stup": no page at /guides/stup (<Card href>) -> did you mean /guides/setup?',
      'index.mdx:26:31 broken link "/quickstart": no page at /quickstart (<Tooltip href>)',
      'index.mdx:37:1 broken link "/nowhere-ref": no page at /nowhere-ref',
    ]);
    expect(links.filter((d) => d.file === 'docs.json').map((d) => d.pointer)).toEqual([
      '/banner/content',
      '/navbar/links/1/href',
      '/footer/links/0/items/1/href',
      '/redirects/2/destination',
      '/navigation/anchors/2/href',
    ]);
  });

  it('--strict turns the warnings into errors and exits 1; a fixed repo passes both ways', async () => {
    const strict = await check(fixture, '--strict');
    expect(strict.code).toBe(1);
    expect(strict.errors).toBe(14);
    expect(strict.diagnostics.every((d) => d.severity === 'error')).toBe(true);

    const dir = mkdtempSync(path.join(tmpdir(), 'lectern-links-'));
    cpSync(fixture, dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'index.mdx'),
      '---\ntitle: Home\ndescription: Fixed.\n---\n\n[Setup](/guides/setup), [Extra](guides/extra/).\n',
    );
    writeFileSync(path.join(dir, 'guides/extra.mdx'), '---\ntitle: Extra\ndescription: Fixed.\n---\n\n[Setup](/{{section}}/setup)\n');
    writeFileSync(path.join(dir, 'guides/setup.mdx'), '---\ntitle: Setup\ndescription: Fixed.\n---\n\n[Back](../)\n');
    const docs = JSON.parse(readFileSync(path.join(fixture, 'docs.json'), 'utf8')) as {
      navbar: { links: unknown[] };
      footer: { links: Array<{ items: unknown[] }> };
      redirects: unknown[];
      navigation: { anchors: unknown[] };
      banner?: unknown;
    };
    delete docs.banner;
    docs.navbar.links.splice(1, 1);
    docs.footer.links[0]!.items.splice(1, 1);
    docs.redirects.splice(2, 1);
    docs.navigation.anchors.splice(2, 1);
    writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(docs, null, 2));
    const fixed = await check(dir, '--strict');
    expect(fixed.diagnostics).toEqual([]);
    expect(fixed.code).toBe(0);
  });

  it('many broken links to one missing file are one summary line per target; --format json keeps every one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lectern-links-many-'));
    try {
      const pages = Array.from({ length: 40 }, (_, i) => `p${i}`);
      writeFileSync(
        path.join(dir, 'docs.json'),
        JSON.stringify({ name: 'M', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'G', pages }] } }),
      );
      // Each page draws two icons from a sprite the repo lacks; three pages also link a page of their own that is gone.
      for (const [i, p] of pages.entries()) {
        writeFileSync(
          path.join(dir, `${p}.mdx`),
          `---\ntitle: ${p}\ndescription: D\n---\n\n![a](/images/icons.svg#a)\n\n![b](/images/icons.svg#b)\n${i < 3 ? `\nSee [x](/gone-${i}).\n` : ''}`,
        );
      }
      const io = captureIO();
      expect(await runCheckCommand([dir], io)).toBe(0);
      const text = io.text();
      expect(text).toContain(
        'link/broken: 83 warnings\n  /images/icons.svg: 80 links in 40 files (first: p0.mdx:6, p0.mdx:8, p1.mdx:6, …)\n  p0.mdx:10:',
      );
      expect(text).toMatch(/\n {2}p2\.mdx:10:\d+\n {4}warning: broken link "\/gone-2"/);
      // Every link to the sprite was grouped: only the three others are printed in full.
      expect(text.match(/warning: broken link/g)).toHaveLength(3);
      const { diagnostics } = await check(dir);
      const broken = diagnostics.filter((d) => d.code === 'link/broken') as Array<Reported & { target?: string }>;
      expect(broken).toHaveLength(83);
      expect(broken.filter((d) => d.target === '/images/icons.svg')).toHaveLength(80);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a page that is added fixes the link to it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lectern-links-'));
    cpSync(fixture, dir, { recursive: true });
    const before = (await check(dir)).diagnostics.filter((d) => d.message.includes('/quickstart'));
    expect(before).toHaveLength(1);
    writeFileSync(path.join(dir, 'quickstart.mdx'), '---\ntitle: Quickstart\ndescription: Outside navigation, still built.\n---\n\nHi.\n');
    expect((await check(dir)).diagnostics.filter((d) => d.message.includes('/quickstart'))).toEqual([]);
  });

  it('parses dollar math as the build does (styling.latex: false makes it text again)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lectern-math-'));
    writeFileSync(
      path.join(dir, 'index.mdx'),
      '---\ntitle: Math\ndescription: Dollar math.\n---\n\n$$\n\\alpha = {\\beta}\n$$\n\n[Home](/)\n',
    );
    const docs = { theme: 'mint', name: 'Math', colors: { primary: '#112233' }, navigation: { pages: ['index'] } };
    writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(docs));
    expect((await check(dir)).diagnostics).toEqual([]);
    writeFileSync(path.join(dir, 'docs.json'), JSON.stringify({ ...docs, styling: { latex: false } }));
    expect((await check(dir)).diagnostics.map((d) => `${d.code} ${d.file}:${d.line}`)).toEqual(['page/mdx index.mdx:7']);
  });

  it('the repo docs site and the examples have no broken links', async () => {
    for (const dir of ['.', 'examples/minimal', 'examples/kitchen-sink']) {
      const { plan, config, locator } = await buildSitePlan(path.join(repo, dir));
      const broken = checkPages(plan, config, locator).filter((d) => d.code === 'link/broken');
      expect(broken.map((d) => `${dir}/${d.file}:${d.line} ${d.message}`)).toEqual([]);
    }
  });
});

describe('links as Mintlify resolves them', () => {
  it('x/index and ./page.mdx lead to the page; a localised path the language lacks falls back to the default language', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lectern-links-'));
    const page = (file: string, body = '') => {
      const abs = path.join(dir, file);
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, `---\ntitle: T\ndescription: D\n---\n${body}\n`);
    };
    page('index.mdx');
    page('agent/index.mdx');
    page(
      'guides/setup.mdx',
      '[idx](/agent/index) [rel](./other.mdx) [fr](/fr/guides/other) [en](/guides/setup/index#x) [gone](/nowhere/index) [frgone](/fr/nowhere)',
    );
    page('guides/other.mdx');
    page('fr/index.mdx');
    page('fr/guides/setup.mdx');
    writeFileSync(
      path.join(dir, 'docs.json'),
      JSON.stringify({
        theme: 'mint',
        name: 'L',
        colors: { primary: '#123456' },
        navigation: {
          languages: [
            { language: 'en', groups: [{ group: 'G', pages: ['index', 'agent/index', 'guides/setup', 'guides/other'] }] },
            { language: 'fr', groups: [{ group: 'G', pages: ['fr/index', 'fr/guides/setup'] }] },
          ],
        },
      }),
    );
    const { diagnostics } = await check(dir);
    expect(diagnostics.filter((d) => d.code === 'link/broken').map((d) => d.message)).toEqual([
      'broken link "/nowhere/index": no page at /nowhere/index',
      'broken link "/fr/nowhere": no page at /fr/nowhere',
    ]);
    const built = await buildSitePlan(dir);
    const index = buildLinkIndex(built.plan, built.config);
    expect(index.page('agent/index')).toBe('agent');
    expect(index.page('guides/other.mdx')).toBe('guides/other');
    expect(index.page('fr/guides/other')).toBe('guides/other');
    expect(index.page('fr/guides/setup')).toBe('fr/guides/setup');
    expect(index.page('guides/setup.md')).toBeUndefined();
    expect(index.exists('guides/setup.md')).toBe(true);
  });
});
