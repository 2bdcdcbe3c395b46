/**
 * Post-processing of rendered pages reads them with an HTML tokenizer (issue 38, finding 4): `<script>`, `</script>`,
 * `<!--` and `<style>` in spec text (a summary in a link's title, a slug in an href, a description) are text, so moving
 * long inline scripts out (html-weight.ts) and moving URLs under a base path (base-path.ts) never cut or rewrite a
 * page there. The build test: a spec whose summaries and descriptions hold them, every page of its section whole.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Parser } from 'acorn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalizeScripts, referencedScripts } from '../src/shared/site/html-weight.ts';
import { htmlUnderBase } from '../src/shared/site/base-path.ts';
import { forEachTag } from '../src/shared/site/html-tokens.ts';
import { buildSite } from '../src/cli/run.ts';

const LONG = `window.x = ${JSON.stringify('y'.repeat(700))};`;

/** A page as Astro writes one of a section where a summary reads "Strip `<script>` tags from HTML". */
const page = (main: string) =>
  [
    '<!DOCTYPE html><html><head><script>document.documentElement.dataset.t = 1;</script></head><body>',
    '<nav><a href="/api/strip-`<script>`-tags" title="Strip `<script>` tags from HTML">Strip `&lt;script&gt;` tags</a>',
    '<a href="/api/comments" data-summary="Keep <!-- comments and <style> blocks">Comments</a></nav>',
    `<main>${main}</main>`,
    `<astro-island props="{&quot;summary&quot;:&quot;Ends at </script> here&quot;}"></astro-island><script>${LONG}</script>`,
    '<footer>FOOTER-MARKER</footer></body></html>',
  ].join('');

describe('externalizeScripts', () => {
  it('moves out only real inline scripts: a <script> in an attribute value, a comment or a style is text', () => {
    const prose = `<p>${'A paragraph of the page. '.repeat(40)}</p>`;
    const html = page(
      `<p>MAIN-MARKER</p>${prose}<!-- <script> -->${prose}<style>p::after{content:"<script>"}</style><p>AFTER-STYLE</p>${prose}`,
    );
    const { html: out, scripts } = externalizeScripts(html);
    expect(scripts.size).toBe(1);
    const [name, content] = [...scripts][0]!;
    expect(content).toBe(LONG);
    expect(out).toBe(html.replace(`<script>${LONG}</script>`, `<script src="/_lectern/scripts/${name}.js"></script>`));
    for (const marker of ['MAIN-MARKER', 'AFTER-STYLE', 'FOOTER-MARKER', 'title="Strip `<script>` tags from HTML"'])
      expect(out).toContain(marker);
  });

  it('keeps a script whose text holds "</scr" + "ipt>", "<!--" or "<script>" whole', () => {
    const tricky = `var a = "<!--"; var b = "<script>"; var c = "</scr" + "ipt>"; ${LONG}`;
    const { html: out, scripts } = externalizeScripts(`<p>x</p><script>${tricky}</script><p>MAIN-MARKER</p>`);
    expect([...scripts.values()]).toEqual([tricky]);
    expect(out).toMatch(/^<p>x<\/p><script src="\/_lectern\/scripts\/[0-9a-f]{16}\.js"><\/script><p>MAIN-MARKER<\/p>$/);
  });

  it('leaves short scripts and scripts with attributes inline', () => {
    const html = `<script>short()</script><script type="module">${LONG}</script>`;
    expect(externalizeScripts(html)).toEqual({ html, scripts: new Map() });
  });
});

describe('referencedScripts', () => {
  it('finds every script externalizeScripts moved out, wherever spec text put <script> around it', () => {
    const other = `window.y = ${JSON.stringify('z'.repeat(700))};`;
    const { html, scripts } = externalizeScripts(page(`<p>MAIN</p><script>${other}</script>`));
    expect(scripts.size).toBe(2);
    expect(referencedScripts(html).sort()).toEqual([...scripts.keys()].sort());
  });
});

describe('htmlUnderBase', () => {
  it('moves the URLs of tags under the base, never text that looks like an attribute', () => {
    const html = [
      '<meta http-equiv="refresh" content="0;url=/moved">',
      '<a href="/guides/x" title=\' href="/not-a-link"\'>x</a><img src=\'/logo.png\' srcset="/a.png 1x, /b.png 2x">',
      '<pre><code><span> href="/in-code"</span></code></pre><script>var s = \' src="/in-script"\';</script>',
      '<a href="/pr-7/_astro/x.js">already</a><a href="https://example.com/x">out</a>',
    ].join('');
    expect(htmlUnderBase(html, '/pr-7/')).toBe(
      [
        '<meta http-equiv="refresh" content="0;url=/pr-7/moved">',
        '<a href="/pr-7/guides/x" title=\' href="/not-a-link"\'>x</a><img src=\'/pr-7/logo.png\' srcset="/pr-7/a.png 1x, /pr-7/b.png 2x">',
        '<pre><code><span> href="/in-code"</span></code></pre><script>var s = \' src="/in-script"\';</script>',
        '<a href="/pr-7/_astro/x.js">already</a><a href="https://example.com/x">out</a>',
      ].join(''),
    );
  });
});

describe('a spec whose summaries and descriptions hold <script>, </script>, <!-- and <style>', () => {
  const base = mkdtempSync(path.join(tmpdir(), 'lectern-html-tokens-'));
  const root = path.join(base, 'repo');
  let dist = '';
  const op = (summary: string, marker: string, description: string) => ({
    summary,
    description: `${marker}: ${description}`,
    tags: ['Text'],
    parameters: [{ name: 'q', in: 'query', description: 'Has <script>alert(1)</script> and <!-- in it', schema: { type: 'string' } }],
    responses: { '200': { description: 'OK </script> done' } },
  });
  const ops: Record<string, ReturnType<typeof op>> = {
    '/strip': op('Strip `<script>` tags from HTML', 'MARKER-STRIP', 'Removes every <script> element, up to its </script>.'),
    '/close': op('Ends at </script>', 'MARKER-CLOSE', 'Text with a </script> closing nothing.'),
    '/comment': op('Keep <!-- comments', 'MARKER-COMMENT', 'An opened <!-- comment that never closes.'),
    '/style': op('The <style> tag', 'MARKER-STYLE', 'A <style>p{display:none}</style> block, and <style> alone.'),
    '/plain': op('Plain endpoint', 'MARKER-PLAIN', 'Nothing special here.'),
  };
  beforeAll(async () => {
    mkdirSync(root, { recursive: true });
    writeFileSync(
      path.join(root, 'docs.json'),
      JSON.stringify({
        theme: 'mint',
        name: 'Tokens',
        colors: { primary: '#0a7d52' },
        navigation: { groups: [{ group: 'API', openapi: 'openapi.json', pages: [] }] },
      }),
    );
    writeFileSync(
      path.join(root, 'openapi.json'),
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'T', version: '1' },
        servers: [{ url: 'https://api.example.com' }],
        paths: Object.fromEntries(Object.entries(ops).map(([p, o]) => [p, { get: o }])),
      }),
    );
    ({ outDir: dist } = await buildSite(root, { logLevel: 'error', base: '/pr-4/' }));
  }, 240_000);
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  const pages = () => {
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(dir, e.name));
        else if (e.name === 'index.html') out.push(path.join(dir, e.name));
      }
    };
    walk(path.join(dist, 'api-reference'));
    return out;
  };

  it('writes every page of the section whole: its main content, its playground, its sidebar, its end', () => {
    const files = pages();
    expect(files).toHaveLength(5);
    const seen = new Set<string>();
    for (const file of files) {
      const html = readFileSync(file, 'utf8');
      const main = /<main[\s>][\s\S]*<\/main>/.exec(html)?.[0] ?? '';
      // Its own description, in its main content.
      const markers = Object.values(ops)
        .map((o) => o.description.split(':')[0]!)
        .filter((m) => main.includes(m));
      expect(markers, file).toHaveLength(1);
      seen.add(markers[0]!);
      expect(main, file).toContain('astro-island');
      expect(html, file).toMatch(/<\/html>\s*$/);
      // The sidebar links to every page of the section.
      let links = 0;
      forEachTag(html, (tag) => {
        if (
          tag.name === 'a' &&
          !tag.closing &&
          tag.attributes.some((a) => a.name === 'href' && html.slice(a.valueStart, a.valueEnd).startsWith('/pr-4/api-reference/'))
        )
          links++;
      });
      expect(links, file).toBeGreaterThanOrEqual(5);
    }
    expect(seen.size).toBe(5);
  });

  it('writes shared scripts that are scripts', () => {
    const dir = path.join(dist, '_lectern/scripts');
    for (const f of readdirSync(dir)) {
      const js = readFileSync(path.join(dir, f), 'utf8');
      expect(() => Parser.parse(js, { ecmaVersion: 'latest', sourceType: 'script' }), f).not.toThrow();
    }
  });
});
