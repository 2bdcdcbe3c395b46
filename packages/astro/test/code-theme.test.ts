/**
 * docs.json `styling.codeblocks`: the setting read (code-theme.ts) with its problems, and the highlighter coloring with
 * the themes and grammars it names (highlight.ts), the default left exactly as it was.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { bundledThemes } from 'shiki';
import { codeCss, highlight, highlightDirect } from '../src/shared/highlight/highlight.ts';
import { codeThemeKey, readCodeTheme, setCodeTheme } from '../src/shared/highlight/code-theme.ts';
import { loadShiki } from '../src/shared/highlight/shiki-load.ts';
import { startHighlightPool } from '../src/workers/highlight-pool.ts';

loadShiki();
const NAMES = Object.keys(bundledThemes);
const root = mkdtempSync(path.join(os.tmpdir(), 'lectern-code-theme-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => setCodeTheme(undefined));

const GRAMMAR = {
  name: 'Lectish',
  scopeName: 'source.lectish',
  aliases: ['lct'],
  patterns: [
    { name: 'keyword.control.lectish', match: '\\b(when|then)\\b' },
    { name: 'string.quoted.double.lectish', begin: '"', end: '"' },
  ],
};
mkdirSync(path.join(root, 'languages'));
writeFileSync(path.join(root, 'languages', 'lectish.json'), JSON.stringify(GRAMMAR));
writeFileSync(path.join(root, 'languages', 'broken.json'), '{ "name": ');
writeFileSync(path.join(root, 'languages', 'no-scope.json'), JSON.stringify({ name: 'x', patterns: [] }));

describe('readCodeTheme', () => {
  it('leaves the default for no setting and "system"', () => {
    expect(readCodeTheme(undefined, root, NAMES)).toEqual({ problems: [] });
    expect(readCodeTheme('system', root, NAMES)).toEqual({ theme: undefined, problems: [] });
    expect(readCodeTheme({ theme: { light: 'github-light', dark: 'github-dark' } }, root, NAMES).theme).toBeUndefined();
  });

  it('reads "dark", a theme name, and a light/dark pair', () => {
    expect(readCodeTheme('dark', root, NAMES).theme).toEqual({ light: 'github-dark', dark: 'github-dark', grammars: [] });
    expect(readCodeTheme('dracula', root, NAMES).theme).toEqual({ light: 'dracula', dark: 'dracula', grammars: [] });
    expect(readCodeTheme({ theme: 'nord' }, root, NAMES).theme).toEqual({ light: 'nord', dark: 'nord', grammars: [] });
    expect(readCodeTheme({ theme: { light: 'min-light', dark: 'nord' } }, root, NAMES)).toEqual({
      theme: { light: 'min-light', dark: 'nord', grammars: [] },
      problems: [],
    });
  });

  it('reports an unknown theme at its pointer, naming Shiki bundled themes, and keeps the default for that mode', () => {
    const { theme, problems } = readCodeTheme({ theme: { light: 'min-light', dark: 'nord-ish' } }, root, NAMES);
    expect(theme).toEqual({ light: 'min-light', dark: 'github-dark', grammars: [] });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.pointer).toBe('/styling/codeblocks/theme/dark');
    expect(problems[0]!.message).toContain('unknown code block theme "nord-ish"');
    expect(problems[0]!.message).toContain("one of Shiki's bundled themes");
    expect(problems[0]!.hint).toContain('min-light');
    const top = readCodeTheme('monokia', root, NAMES);
    expect(top.theme).toBeUndefined();
    expect(top.problems.map((p) => p.pointer)).toEqual(['/styling/codeblocks']);
    expect(readCodeTheme({ theme: 3 }, root, NAMES).problems[0]!.pointer).toBe('/styling/codeblocks/theme');
    expect(readCodeTheme(true, root, NAMES).problems[0]!.message).toContain('"system", "dark", a Shiki theme name');
  });

  it('reads custom grammars (lower-cased names), reporting missing and malformed files', () => {
    const { theme, problems } = readCodeTheme(
      {
        languages: {
          custom: [
            '/languages/lectish.json',
            'languages/missing.json',
            '/languages/broken.json',
            '/languages/no-scope.json',
            '../x.json',
            7,
          ],
        },
      },
      root,
      NAMES,
    );
    expect(theme?.light).toBe('github-light');
    expect(theme?.grammars.map((g) => [g.file, g.grammar.name, g.grammar.aliases])).toEqual([
      ['languages/lectish.json', 'lectish', ['lct']],
    ]);
    expect(problems.map((p) => [p.pointer, p.file])).toEqual([
      ['/styling/codeblocks/languages/custom/1', undefined],
      ['', 'languages/broken.json'],
      ['', 'languages/no-scope.json'],
      ['/styling/codeblocks/languages/custom/4', undefined],
      ['/styling/codeblocks/languages/custom/5', undefined],
    ]);
    expect(problems[0]!.message).toContain('"languages/missing.json" does not exist');
    expect(problems[1]!.message).toContain('not valid JSON');
    expect(problems[2]!.message).toContain('"scopeName"');
    expect(problems[3]!.message).toContain('outside the repo');
    expect(readCodeTheme({ languages: ['x'] }, root, NAMES).problems[0]!.pointer).toBe('/styling/codeblocks/languages');
  });

  it('keys caches on the theme and the grammars, not at all for the default', () => {
    expect(codeThemeKey(undefined)).toBe('');
    const a = readCodeTheme({ theme: 'nord' }, root, NAMES).theme;
    const b = readCodeTheme({ theme: 'dracula' }, root, NAMES).theme;
    expect(codeThemeKey(a)).not.toBe(codeThemeKey(b));
  });
});

describe('highlighting with a site code theme', () => {
  const SAMPLE = 'const greeting = "hello"; // hi';

  it('colors with the chosen light and dark themes, through classes from code.css', async () => {
    const before = await highlightDirect(SAMPLE, 'js');
    const beforeCss = await codeCss();
    setCodeTheme(readCodeTheme({ theme: { light: 'min-light', dark: 'nord' } }, root, NAMES).theme);
    const html = await highlightDirect(SAMPLE, 'js');
    const css = await codeCss();
    expect(html).not.toBe(before);
    expect(html).toMatch(/<span class="kl[0-9a-z]+ kd[0-9a-z]+">/);
    // nord's background and comment color, min-light's background.
    expect(css).toContain('html.dark:root[data-theme]{--code-bg:#2e3440');
    expect(css).toContain('html:root[data-theme]{--code-bg:#ffffff');
    expect(css.toLowerCase()).toContain('--shiki-dark:#616e88');
    // Every class the HTML uses is defined.
    for (const [, c] of html.matchAll(/class="([^"]*)"/g))
      for (const name of c!.split(' ')) if (/^k[ldf]/.test(name)) expect(css).toContain(`.${name}{`);
    setCodeTheme(undefined);
    expect(await highlightDirect(SAMPLE, 'js')).toBe(before);
    expect(await codeCss()).toBe(beforeCss);
  });

  it('"dark" draws dark code blocks in light mode too', async () => {
    setCodeTheme(readCodeTheme('dark', root, NAMES).theme);
    const css = await codeCss();
    expect(css).toContain('html:root[data-theme]{--code-bg:#24292e');
    expect(css).toContain('html:not(.dark) :is(.code-block,.code-group){--fg:#e5e9f0');
  });

  it('highlights a custom grammar by its name and alias', async () => {
    setCodeTheme(readCodeTheme({ theme: 'nord', languages: { custom: ['/languages/lectish.json'] } }, root, NAMES).theme);
    const html = await highlightDirect('when "x" then y', 'Lectish');
    expect(html).toMatch(/<span class="kl[0-9a-z]+ kd[0-9a-z]+">when <\/span>/);
    expect(await highlightDirect('when x', 'lct')).toBe(await highlightDirect('when x', 'lectish'));
    expect(await highlight('when x', 'unknown-lang')).not.toContain('<span class="k');
  });

  it('the highlight service answers only for the theme it started with (lectern dev after a docs.json edit)', async () => {
    const theme = () => readCodeTheme({ theme: 'nord' }, root, NAMES).theme;
    setCodeTheme(theme());
    const pool = startHighlightPool({ workers: 0, fingerprint: 'test' });
    try {
      const nord = await highlight('let a = 1', 'js');
      expect(nord).toMatch(/class="kl/);
      // The same setting planned again: the service still answers (and has the code).
      setCodeTheme(theme());
      expect(await highlight('let a = 1', 'js')).toBe(nord);
      setCodeTheme(readCodeTheme({ theme: 'dracula' }, root, NAMES).theme);
      const dracula = await highlight('let a = 1', 'js');
      expect(dracula).not.toBe(nord);
      expect(dracula).toBe(await highlightDirect('let a = 1', 'js'));
    } finally {
      await pool.close();
    }
  });
});
