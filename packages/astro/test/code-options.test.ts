/**
 * Code block options (Mintlify's fence meta): title / icon / highlight / focus / lines / wrap / expandable /
 * twoslash, and the `// [!code ++]` comment notation — parsed and turned into line classes at build time, then
 * rendered and styled in a built site (Chromium, light and dark).
 */
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { extractNotation, highlight, highlightFence, parseLineRanges, parseMeta } from '../src/shared/highlight/highlight.ts';
import { loadShiki } from '../src/shared/highlight/shiki-load.ts';

// The integration registers Shiki for the pages; these tests call the highlighter directly.
loadShiki();
import { htmlText, readPage, servedFixture } from './helpers.ts';

const lineClasses = (html: string) => [...html.matchAll(/<span class="(line[^"]*)">/g)].map((m) => m[1]!);

describe('fence meta', () => {
  // Each option, as written, and what it must set.
  const OPTIONS: Array<[string, (m: ReturnType<typeof parseMeta>) => void]> = [
    ['highlight={1-2,5}', (m) => expect([...m.highlight]).toEqual(expect.arrayContaining([1, 2, 5]))],
    ['{7,9-10}', (m) => expect([...m.highlight]).toEqual(expect.arrayContaining([7, 9, 10]))],
    ['focus={2,4-5}', (m) => expect([...m.focus]).toEqual(expect.arrayContaining([2, 4, 5]))],
    ['lines', (m) => expect(m.lines).toBe(true)],
    ['wrap', (m) => expect(m.wrap).toBe(true)],
    ['expandable', (m) => expect(m.expandable).toBe(true)],
    ['icon="square-js"', (m) => expect(m.icon).toBe('square-js')],
    ['twoslash', (m) => expect(m.twoslash).toBe(true)],
    ['theme={null}', (m) => expect(m.options.theme).toBe('null')],
  ];
  const TITLES: Array<[string, string]> = [
    ['hello.py', 'hello.py'],
    ['Line highlighting example', 'Line highlighting example'],
    ['"My file.ts"', 'My file.ts'],
    ['title="utils/hello world.js"', 'utils/hello world.js'],
    ["filename='src/app.py'", 'src/app.py'],
  ];

  it('keeps only the title, whatever options surround it (every combination, before and after)', () => {
    let checked = 0;
    for (const [written, title] of TITLES) {
      for (let mask = 0; mask < 1 << OPTIONS.length; mask++) {
        const chosen = OPTIONS.filter((_, i) => mask & (1 << i));
        // Alternate options before and after the title, so every option is seen on both sides.
        const before = chosen.filter((_, i) => (i + mask) % 2 === 0).map(([o]) => o);
        const after = chosen.filter((_, i) => (i + mask) % 2 === 1).map(([o]) => o);
        const meta = [...before, written, ...after].join(' ');
        const m = parseMeta(meta);
        expect(m.title, meta).toBe(title);
        expect(m.problems, meta).toEqual([]);
        for (const [, check] of chosen) check(m);
        if (!chosen.some(([o]) => o === 'lines')) expect(m.lines, meta).toBe(false);
        checked++;
      }
    }
    expect(checked).toBe(TITLES.length * 2 ** OPTIONS.length);
  });

  it('reads Mintlify’s documented spellings', () => {
    const hello = parseMeta('HelloWorld.java example icon=java lines');
    expect(hello).toMatchObject({ title: 'HelloWorld.java example', icon: 'java', lines: true });
    expect([...parseMeta('Line focusing example focus=2,4,5').focus]).toEqual([2, 4, 5]);
    expect([...parseMeta("x highlight='1-2'").highlight]).toEqual([1, 2]);
    expect([...parseMeta('x highlight="[1,3,4]"').highlight]).toEqual([1, 3, 4]);
    expect(parseMeta('twoslash Twoslash example').title).toBe('Twoslash example');
    expect(parseMeta('Wrap example wrap')).toMatchObject({ title: 'Wrap example', wrap: true });
    expect(parseMeta('Expandable example expandable')).toMatchObject({ title: 'Expandable example', expandable: true });
    expect(parseMeta('x lines={false} wrap="true"')).toMatchObject({ lines: false, wrap: true });
    expect(parseMeta('placement="top-right" actions={false}').options).toEqual({ placement: 'top-right', actions: 'false' });
    expect(parseMeta('').title).toBe('');
    expect(parseMeta('title={"a b"}').title).toBe('a b');
  });

  it('reports bad options in plain words and keeps the rest', () => {
    const m = parseMeta('app.js highlight={2-a,0,5-3,4} bogus=1 lines=maybe icon= wrap');
    expect(m.title).toBe('app.js');
    expect([...m.highlight]).toEqual([4]);
    expect(m.wrap).toBe(true);
    expect(m.problems).toHaveLength(6);
    expect(m.problems[0]).toMatch(/^highlight: "2-a" is not a line number or range/);
    expect(m.problems.join('\n')).toContain('"0" is not a line number');
    expect(m.problems.join('\n')).toContain('"5-3" is not a line number');
    expect(m.problems.join('\n')).toContain('unknown option "bogus="');
    expect(m.problems.join('\n')).toContain('lines="maybe" is not a boolean');
    expect(m.problems.join('\n')).toContain('icon= has no icon name');
    expect(parseMeta('x highlight={1,2').problems).toEqual(['highlight= has an unclosed {.']);
    const huge = new Set<number>();
    const problems: string[] = [];
    for (const n of parseLineRanges('1-1000000000', 'focus', problems)) huge.add(n);
    expect(huge.size).toBe(100_000);
    expect(problems[0]).toMatch(/goes past line 100000/);
  });
});

describe('comment notation', () => {
  it('marks lines and removes the markers, in each language’s comment syntax', () => {
    const cases: Array<[string, string, string]> = [
      ['js', 'a(); // [!code ++]', 'a();'],
      ['python', 'a()  # [!code --]', 'a()'],
      ['html', '<p>x</p> <!-- [!code ++] -->', '<p>x</p>'],
      ['css', 'a { color: red; } /* [!code --] */', 'a { color: red; }'],
      ['sql', 'SELECT 1; -- [!code ++]', 'SELECT 1;'],
      ['jsx', '<A /> {/* [!code ++] */}', '<A />'],
      ['yaml', 'a: 1 # [!code --]', 'a: 1'],
    ];
    for (const [lang, line, kept] of cases) {
      const r = extractNotation(`first\n${line}\nlast`, lang);
      expect(r.code, lang).toBe(`first\n${kept}\nlast`);
      const kind = line.includes('++') ? 'add' : 'remove';
      expect([...r.marks![kind]], lang).toEqual([2]);
    }
  });

  it('handles counts, highlight and focus, lines of their own, and other comment text', () => {
    const code = [
      'const a = 1; // [!code ++:2]',
      'const b = 2;',
      '// [!code focus:2]',
      'f();',
      'g(); // why [!code highlight]',
      'h(); // [!code hl] [!code --]',
    ].join('\n');
    const r = extractNotation(code, 'ts');
    expect(r.code).toBe('const a = 1;\nconst b = 2;\nf();\ng(); // why\nh();');
    expect([...r.marks!.add]).toEqual([1, 2]);
    expect([...r.marks!.focus]).toEqual([3, 4]);
    expect([...r.marks!.highlight]).toEqual([4, 5]);
    expect([...r.marks!.remove]).toEqual([5]);
  });

  it('leaves markers alone in plain text, outside comments, and when there are none', () => {
    expect(extractNotation('x // [!code ++]', 'text')).toEqual({ code: 'x // [!code ++]', marks: undefined });
    expect(extractNotation('x = "[!code ++]"', 'python').code).toBe('x = "[!code ++]"');
    expect(extractNotation('a // [!code error]', 'js').code).toBe('a // [!code error]');
    const plain = 'const a = 1; // a comment';
    expect(extractNotation(plain, 'js')).toEqual({ code: plain, marks: undefined });
  });
});

describe('line classes', () => {
  it('puts highlighted / focused / diff classes on the lines and no marker in the text', async () => {
    const code = 'const a = 1; // [!code ++]\nconst b = 2; // [!code --]\nconst c = 3;\nconst d = 4; // [!code focus]';
    const r = await highlightFence(code, 'js', { highlight: new Set([3]), focus: new Set([1]) });
    expect(lineClasses(r.html)).toEqual(['line diff add focused', 'line diff remove', 'line highlighted', 'line focused']);
    expect(htmlText(r.html)).toBe('const a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;');
    expect(r).toMatchObject({ lines: 4, diff: true, focus: true, highlight: true });
    expect(r.html).toMatch(/<span class="k[0-9A-Za-z_-]+">const /);
  });

  it('marks lines of plain text, unknown languages and large JSON (fast path) too', async () => {
    for (const lang of ['text', 'not-a-language']) {
      const html = await highlight('a\n<b>\nc', lang, { highlight: new Set([2]) });
      expect(lineClasses(html), lang).toEqual(['line', 'line highlighted', 'line']);
      expect(htmlText(html)).toBe('a\n<b>\nc');
      expect(html).not.toContain('<b>');
    }
    const json = JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => ({ id: i })) }, null, 2);
    const html = await highlight(json, 'json', { focus: new Set([2]) });
    expect(lineClasses(html)[1]).toBe('line focused');
    expect(htmlText(html)).toBe(json);
  });

  it('leaves blocks without options exactly as before (no classes, same HTML)', async () => {
    const code = 'def f():\n    return 1';
    expect(await highlight(code, 'python')).toBe((await highlightFence(code, 'python', { highlight: new Set(), focus: new Set() })).html);
    expect(lineClasses(await highlight(code, 'python'))).toEqual(['line', 'line']);
  });
});

// A built site ------------------------------------------------------------------------------------------------------

const site = servedFixture('code-options');

/** The `.code-block` div whose title is `title`, as HTML. */
function blockHtml(page: string, title: string): string {
  const at = page.indexOf(`<span>${title}</span>`);
  expect(at, title).toBeGreaterThan(0);
  const start = page.lastIndexOf('<div class="code-block', at);
  return page.slice(start, page.indexOf('</pre>', at) + 6);
}

describe('built site', () => {
  it('renders each option as classes, title bar, icon and toggle', async () => {
    const page = await readPage(site.dist, 'index');
    const hello = blockHtml(page, 'hello.py');
    expect(hello).toMatch(/^<div class="code-block code-marked"/);
    expect(hello).toMatch(/<div class="code-title"><svg class="icon code-title-icon"[^>]*aria-hidden="true">/);
    expect(lineClasses(hello)).toEqual(['line highlighted', 'line highlighted', 'line', 'line', 'line highlighted']);
    expect(lineClasses(blockHtml(page, 'Legacy'))).toEqual(['line', 'line highlighted']);

    const focus = blockHtml(page, 'Focus example');
    expect(focus).toMatch(/^<div class="code-block code-lines code-focus code-marked"/);
    expect(lineClasses(focus)).toEqual(['line', 'line focused', 'line', 'line focused', 'line focused']);

    const diff = blockHtml(page, 'Diff example');
    expect(diff).toMatch(/^<div class="code-block code-lines code-diff code-marked"/);
    expect(lineClasses(diff)).toEqual(['line diff add', 'line', 'line diff remove', 'line diff add', 'line']);
    expect(htmlText(diff.slice(diff.indexOf('<pre')))).toBe(
      'const greeting = "Hello, World!";\nfunction sayHello() {\n  console.log("Hello, World!");\n  console.log(greeting);\n}',
    );

    const many = blockHtml(page, 'utils/many.ts');
    expect(many).toMatch(/^<div class="code-block code-wrap code-focus code-marked"/);
    expect(lineClasses(many)).toEqual(['line focused', 'line highlighted focused', 'line']);

    // Markers are gone everywhere except the plain-text block, where they are the content.
    expect(page.match(/\[!code /g)).toHaveLength(1);
    expect(htmlText(blockHtml(page, 'Notation in text'))).toContain('x = 1 // [!code ++]');

    const long = blockHtml(page, 'Long example');
    expect(long).toMatch(/^<div class="code-block code-lines code-expandable"/);
    expect(long).toContain(
      '<details class="code-expand"><summary><span class="code-expand-more">Show all 30 lines</span><span class="code-expand-less">Show less</span></summary></details><pre',
    );
    // Too short to collapse: no toggle.
    expect(blockHtml(page, 'Short')).not.toContain('code-expand');
    // Icon without a title: the bar shows the icon and the language.
    expect(page).toMatch(/<div class="code-title"><svg class="icon code-title-icon"[^>]*>[\s\S]*?<\/svg><span>bash<\/span><\/div>/);
    // Bad options: the block still renders.
    expect(lineClasses(blockHtml(page, 'Bad options'))).toEqual(['line']);
  });

  it('escapes hostile titles and icons', async () => {
    const page = await readPage(site.dist, 'index');
    expect(page).toContain('<span>Hostile title &lt;img src=x onerror=alert(1)&gt;</span>');
    // Only inside attribute values (data-title), where it is text.
    const outsideAttributes = page.replace(/="[^"]*"/g, '=""');
    expect(outsideAttributes).not.toContain('<img src=x');
    expect(outsideAttributes).not.toContain('<script>alert');
    expect(page).not.toContain('"<script>"');
  });

  it('shows a block’s icon in its code group tab', async () => {
    const page = await readPage(site.dist, 'group');
    expect(page).toMatch(
      /<button type="button" role="tab" class="tab-button"[^>]*><svg class="icon tab-icon"[^>]*>[\s\S]*?<\/svg>cURL<\/button>/,
    );
    expect(page).toMatch(/<svg class="icon tab-icon"[^>]*>[\s\S]*?<\/svg>Python<\/button>/);
  });

  it('takes the same options as <CodeBlock> props', async () => {
    const page = await readPage(site.dist, 'group');
    const direct = blockHtml(page, 'direct.py');
    expect(direct).toMatch(
      /^<div class="code-block code-lines code-focus code-marked" data-code data-title="direct.py"><div class="code-title"><svg class="icon code-title-icon"/,
    );
    expect(lineClasses(direct)).toEqual(['line focused', 'line highlighted']);
    expect(htmlText(direct.slice(direct.indexOf('<pre')))).toBe('import requests\nprint(1)');
  });
});

describe('in Chromium', () => {
  const dialogs: string[] = [];
  afterAll(() => expect(dialogs).toEqual([]));
  async function open(theme: 'light' | 'dark'): Promise<Page> {
    const page = await site.browser.newPage({ reducedMotion: 'reduce' });
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${site.url}/`);
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    return page;
  }
  const block = (page: Page, title: string) => page.locator('.code-block', { has: page.locator('.code-title span', { hasText: title }) });
  const before = (page: Page, title: string, line: number) =>
    block(page, title)
      .locator('.line')
      .nth(line - 1)
      .evaluate((el) => {
        const s = getComputedStyle(el, '::before');
        return { content: s.content, userSelect: s.userSelect, color: s.color };
      });

  it('draws signs, numbers, bars and dimming with cues beyond color, in light and dark', async () => {
    const backgrounds: Record<string, string[]> = {};
    for (const theme of ['light', 'dark'] as const) {
      const page = await open(theme);
      // Diff lines: a + / − sign in the gutter after the line number, read out as "added: " / "removed: ".
      const added = await before(page, 'Diff example', 1);
      expect(added.content).toMatch(/^counter\(line\) " \+" \/ "added: "/);
      expect(added.userSelect).toBe('none');
      expect((await before(page, 'Diff example', 3)).content).toMatch(/^counter\(line\) " −" \/ "removed: "/);
      expect((await before(page, 'Diff example', 2)).content).toMatch(/^counter\(line\) "  " \/ (""\s*)+$/);
      expect((await before(page, 'Python diff', 3)).content).toMatch(/^(""\s)?"\+" \/ "added: "/);
      // Highlighted lines: a bar (inset box-shadow), not only a tint.
      const hl = await block(page, 'hello.py')
        .locator('.line')
        .first()
        .evaluate((el) => ({ shadow: getComputedStyle(el).boxShadow, bg: getComputedStyle(el).backgroundColor }));
      expect(hl.shadow).toMatch(/inset$|inset/);
      expect((await before(page, 'hello.py', 1)).content).toMatch(/\/ (""\s)?"highlighted: "$/);
      const diffBg = await block(page, 'Diff example')
        .locator('.line')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      backgrounds[theme] = [hl.bg, diffBg];
      // Focus: the other lines are dimmed, and come back on hover.
      const lines = block(page, 'Focus example').locator('.line');
      expect(await lines.nth(0).evaluate((el) => getComputedStyle(el).opacity)).toBe('0.45');
      expect(await lines.nth(1).evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      await block(page, 'Focus example').hover();
      expect(await lines.nth(0).evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      await page.close();
    }
    expect(backgrounds.light).not.toEqual(backgrounds.dark);
  });

  it('exposes the marks to assistive technology, and keeps line numbers and markers out of the text', async () => {
    const page = await open('light');
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: Array<{ role?: { value?: string }; name?: { value?: string } }>;
    };
    const texts = nodes.filter((n) => n.role?.value === 'StaticText').map((n) => n.name?.value ?? '');
    expect(texts).toContain('added: ');
    expect(texts).toContain('removed: ');
    expect(texts).toContain('highlighted: ');
    expect(texts).toContain('focused: ');
    const copied = await block(page, 'Diff example')
      .locator('pre')
      .evaluate((el) => el.textContent);
    expect(copied).toBe(
      'const greeting = "Hello, World!";\nfunction sayHello() {\n  console.log("Hello, World!");\n  console.log(greeting);\n}',
    );
    // The copy button pastes the code after the change: removed lines are left out.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(site.url).origin });
    await block(page, 'Diff example').locator('[data-copy]').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'const greeting = "Hello, World!";\nfunction sayHello() {\n  console.log(greeting);\n}',
    );
    await page.close();
  });

  it('collapses an expandable block and opens it with the keyboard, without JavaScript', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    const long = block(page, 'Long example');
    const pre = long.locator('pre');
    const size = () => pre.evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight }));
    const collapsed = await size();
    expect(collapsed.client).toBeLessThan(collapsed.scroll / 2);
    const summary = long.locator('summary');
    expect(await summary.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(
      (await pre.evaluate((el) => el.getBoundingClientRect().bottom)) - 1,
    );
    expect(await summary.innerText()).toBe('Show all 30 lines');
    await summary.focus();
    await page.keyboard.press('Enter');
    const opened = await size();
    expect(opened.client).toBe(opened.scroll);
    expect(await summary.innerText()).toBe('Show less');
    await context.close();
  });
});
