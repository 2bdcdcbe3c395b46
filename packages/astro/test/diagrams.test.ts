/**
 * Math and Mermaid in a built site: KaTeX markup at build time with its stylesheet linked only on math pages,
 * the Mermaid loader only on diagram pages, diagrams drawn in Chromium in light and dark, and hostile diagram
 * text that runs nothing.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { readPage, servedFixture } from './helpers.ts';
import { usesMermaid } from '../src/shared/site/mermaid-assets.ts';
import { analyzeMdx } from '../src/mdx/analyze.ts';

const site = servedFixture('diagrams');

const scripts = (html: string) => [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
const mathCss = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)" data-katex-css>/g)].map((m) => m[1]!);
const ENDPOINT = 'api-reference/list-things';

describe('math at build time', () => {
  it('renders $…$, $$…$$ and <Latex> to KaTeX HTML + MathML, with no JavaScript', async () => {
    const html = await readPage(site.dist, 'math');
    expect(html.match(/class="math math-inline"/g)).toHaveLength(3);
    expect(html.match(/class="math math-display"/g)).toHaveLength(2);
    expect(html).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">');
    expect(html).toContain('<annotation encoding="application/x-tex">\\int_0^\\infty e^{-x^2}\\,dx = \\frac{\\sqrt{\\pi}}{2}</annotation>');
    expect(html).toContain('<annotation encoding="application/x-tex">\\frac{1}{2}</annotation>');
    expect(html).toContain('A price of $5 and $10 stays text.');
    expect(html).toContain('<span class="mord" style="color:#cc0000;">\\badcommand</span>');
    expect(scripts(html)).toEqual(scripts(await readPage(site.dist, 'plain')));
  });

  it('links the KaTeX stylesheet once, only on pages with math; fonts are shipped beside it', async () => {
    const html = await readPage(site.dist, 'math');
    const links = mathCss(html);
    expect(links).toHaveLength(1);
    expect(html.indexOf('data-katex-css')).toBeLessThan(html.indexOf('class="katex"'));
    const css = readFileSync(path.join(site.dist, links[0]!), 'utf8');
    expect(css).toContain('.katex{');
    const fonts = [...css.matchAll(/url\(([^)]+\.woff2)\)/g)].map((m) => m[1]!);
    expect(fonts.length).toBeGreaterThan(10);
    for (const f of fonts) expect(existsSync(path.join(site.dist, f))).toBe(true);
    for (const slug of ['index', 'plain', 'diagram', ENDPOINT]) {
      const other = await readPage(site.dist, slug);
      expect(mathCss(other), slug).toEqual([]);
      expect(other, slug).not.toContain('class="katex');
    }
  });
});

describe('Mermaid pages', () => {
  it('keeps the diagram source in the HTML and includes the loader only on pages with a diagram', async () => {
    const diagram = await readPage(site.dist, 'diagram');
    expect(diagram).toContain('<pre class="mermaid-source" data-mermaid>flowchart TD\n  Start[Docs repo] --&gt; Plan[Site plan]');
    expect(diagram).toContain('data-placement="top-left"');
    expect(diagram).toContain('data-actions="false"');
    const common = scripts(await readPage(site.dist, 'plain'));
    const loader = scripts(diagram).filter((s) => !common.includes(s));
    expect(loader).toHaveLength(1);
    // The loader is small, imports nothing statically, and loads Mermaid's own module (shipped once) on demand.
    const code = readFileSync(path.join(site.dist, loader[0]!), 'utf8');
    expect(code.length).toBeLessThan(6_000);
    expect(code).not.toMatch(/(^|;)\s*import\s*[\w{*"'`]/);
    expect(code).toMatch(/\bimport\(\w+\)/);
    expect(code).toContain('`/_lectern/mermaid/mermaid.esm.min.mjs`');
    expect(existsSync(path.join(site.dist, '_lectern/mermaid/mermaid.esm.min.mjs'))).toBe(true);
    expect(
      readdirSync(path.join(site.dist, '_astro')).filter((f) => /mermaid|cytoscape|elk|dagre/i.test(f) && !f.startsWith('MermaidDiagram')),
    ).toEqual([]);
    for (const slug of ['index', 'plain', 'math', ENDPOINT]) {
      const html = await readPage(site.dist, slug);
      expect(scripts(html), slug).not.toContain(loader[0]);
      expect(html, slug).not.toContain('data-mermaid');
    }
    // An endpoint page loads exactly the bundles a plain guide page loads (besides its small inline scripts, which
    // the build writes once to /_lectern/scripts/ for every page that has them: the island loader, the playground stub).
    const bundles = (html: string) => scripts(html).filter((s) => !s.startsWith('/_lectern/scripts/'));
    expect(bundles(await readPage(site.dist, ENDPOINT))).toEqual(bundles(await readPage(site.dist, 'plain')));
  });
});

describe('Mermaid assets', () => {
  it('are copied only for sites whose prepared pages have a diagram', () => {
    const prep = (src: string) => analyzeMdx(src, 'a.mdx', { componentsModule: '/c.ts' }).code;
    expect(usesMermaid([prep('# Hi\n\n```js\nconst mermaid = 1;\n```\n'), prep('Text about mermaid.\n')])).toBe(false);
    expect(usesMermaid([prep('# Hi\n'), prep('```mermaid\ngraph LR; A-->B\n```\n')])).toBe(true);
    expect(usesMermaid([prep('<Mermaid chart="graph LR; A-->B" />\n')])).toBe(true);
  });
});

async function open(pathname: string, opts: { dark?: boolean; js?: boolean } = {}) {
  const ctx = await site.browser.newContext({
    viewport: { width: 1280, height: 900 },
    colorScheme: opts.dark ? 'dark' : 'light',
    javaScriptEnabled: opts.js ?? true,
  });
  const p = await ctx.newPage();
  const errors: string[] = [];
  const dialogs: string[] = [];
  const requests: string[] = [];
  p.on('pageerror', (e) => errors.push(e.message));
  p.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  p.on('request', (r) => requests.push(r.url()));
  await p.goto(site.url + pathname, { waitUntil: 'load' });
  return { p, ctx, errors, dialogs, requests };
}

const drawn = (p: Page, theme: string, count: number) =>
  p.waitForFunction(
    ([t, n]) => document.querySelectorAll(`[data-mermaid-block][data-rendered="${t}"] .mermaid-canvas svg`).length === n,
    [theme, count] as const,
    { timeout: 30_000 },
  );
const nodeFill = (p: Page) =>
  p.evaluate(() => {
    const shape = document.querySelector('.mermaid-canvas svg .node rect, .mermaid-canvas svg .node polygon');
    return shape ? getComputedStyle(shape).fill : '';
  });

describe('Mermaid in Chromium', () => {
  it('draws the diagrams as SVG in light mode and again in dark mode when the theme is toggled', async () => {
    const { p, ctx, errors } = await open('/diagram');
    await drawn(p, 'default', 2);
    expect(await p.locator('[data-mermaid-block] > .mermaid-source').first().isVisible()).toBe(false);
    const light = await nodeFill(p);
    expect(light).not.toBe('');
    // Controls: on the fence (top-left), not on the component with actions={false}.
    const blocks = p.locator('[data-mermaid-block]');
    expect(await blocks.nth(0).locator('.mermaid-controls[data-placement="top-left"]').count()).toBe(1);
    expect(await blocks.nth(1).locator('.mermaid-controls').count()).toBe(0);
    await blocks.nth(0).locator('button[aria-label="Zoom in"]').click();
    expect(
      await blocks
        .nth(0)
        .locator('.mermaid-canvas')
        .evaluate((e) => (e as HTMLElement).style.transform),
    ).toContain('scale(1.25)');

    await p.click('[data-theme-toggle]');
    await drawn(p, 'dark', 2);
    const dark = await nodeFill(p);
    expect(dark).not.toBe(light);
    await p.click('[data-theme-toggle]');
    await drawn(p, 'default', 2);
    expect(await nodeFill(p)).toBe(light);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('starts in dark mode when the reader prefers it', async () => {
    const { p, ctx, errors } = await open('/diagram', { dark: true });
    await drawn(p, 'dark', 2);
    expect(await p.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('shows the diagram source without JavaScript', async () => {
    const { p, ctx } = await open('/diagram', { js: false });
    const source = p.locator('[data-mermaid]').first();
    expect(await source.isVisible()).toBe(true);
    expect(await source.innerText()).toContain('flowchart TD');
    await ctx.close();
  });

  it('runs nothing from hostile diagram text (img onerror, script labels, click callbacks, javascript: links)', async () => {
    const { p, ctx, dialogs } = await open('/xss');
    await drawn(p, 'default', 1);
    const svg = p.locator('.mermaid-canvas svg');
    expect(await svg.locator('script').count()).toBe(0);
    expect(await p.locator('.mermaid-canvas [onerror], .mermaid-canvas [onclick]').count()).toBe(0);
    expect(await p.locator('.mermaid-canvas a[href^="javascript:"], .mermaid-canvas a[*|href^="javascript:"]').count()).toBe(0);
    await svg.locator('text=Click me').click();
    await svg.locator('text=Or me').click();
    await p.waitForTimeout(300); // give a (wrongly) bound handler the chance to fire
    const flags = await p.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return [w.__xss_img, w.__xss_script, w.__xss_href];
    });
    expect(flags).toEqual([undefined, undefined, undefined]);
    expect(dialogs).toEqual([]);
    expect(new URL(p.url()).pathname).toBe('/xss');
    await ctx.close();
  });

  it('loads no Mermaid code on pages without a diagram', async () => {
    for (const pathname of ['/plain', '/math', '/' + ENDPOINT]) {
      const { ctx, requests, errors } = await open(pathname);
      expect(
        requests.filter((r) => /mermaid|MermaidDiagram/i.test(r)),
        pathname,
      ).toEqual([]);
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });
});
