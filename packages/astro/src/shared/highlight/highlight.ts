/** Build-time Shiki: one tokenisation for both themes, colors emitted as CSS variables (no highlighting JS shipped). */
import type { Highlighter, LanguageRegistration, ThemeRegistration, ThemedTokenWithVariants } from 'shiki';
import { shikiHost } from './shiki-host.ts';
import { codeThemeKey, currentCodeTheme, type CodeTheme } from './code-theme.ts';

const loaded = new Set<string>();
const ALIASES: Record<string, string> = {
  curl: 'bash',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  'c#': 'csharp',
  'c++': 'cpp',
  node: 'javascript',
  'node.js': 'javascript',
  nodejs: 'javascript',
  dotnet: 'csharp',
  golang: 'go',
  py: 'python',
  rb: 'ruby',
  kt: 'kotlin',
  rs: 'rust',
  js: 'javascript',
  ts: 'typescript',
  yml: 'yaml',
  jsonc: 'json',
  dart: 'dart',
  flutter: 'dart',
  http: 'http',
};

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Token colors as classes instead of inline styles (a page with 7 samples shrinks several-fold). The class of a style
 * comes from a fixed table of every style the two themes can produce (see `styleTable`), so it does not depend on
 * which pages were highlighted first: a page rendered alone (a cached build, `lectern dev`) uses the same classes as
 * a full build. The build writes the table to `/_lectern/code.css` (see `codeCss`).
 */
function stylesToClasses(html: string): string {
  const table = styleTable();
  return html
    .replace(/^<pre class="shiki shiki-themes github-light github-dark" style="[^"]*"/, '<pre class="shiki"')
    .replace(/<span style="([^"]+)">/g, (m, style: string) => {
      const c = table.get(style);
      return c ? `<span class="${c}">` : m;
    });
}
export async function codeCss(): Promise<string> {
  const custom = currentCodeTheme();
  if (custom) return themedCss(await themed(custom));
  await loadThemes();
  return [...styleTable()].map(([style, c]) => `.${c}{${style}}`).join('\n') + '\n';
}

/** Per-line marks (1-based line numbers of the rendered code): each becomes a class on the line's `<span class="line">`. */
export interface LineMarks {
  highlight?: Set<number>;
  focus?: Set<number>;
  add?: Set<number>;
  remove?: Set<number>;
}

export async function highlight(code: string, lang: string, marks?: LineMarks | Set<number>): Promise<string> {
  const m = marks instanceof Set ? (marks.size ? { highlight: marks } : undefined) : marks;
  const service = highlightService();
  const ready = service?.get(code, lang, m);
  if (ready) return ready;
  const html = await highlightDirect(code, lang, m);
  service?.put(code, lang, m, html);
  return html;
}

/** `highlight` without the build's service: what a highlighting worker thread runs. */
export async function highlightDirect(code: string, lang: string, marks?: LineMarks): Promise<string> {
  const custom = currentCodeTheme();
  if (custom) return highlightThemed(await themed(custom), code, lang, marks);
  await loadThemes();
  return stylesToClasses(await highlightRaw(code, lang, marks));
}

/**
 * Highlighting done elsewhere: a build registers one (see highlight-pool.ts) that answers from its cache and from
 * worker threads that highlighted API samples ahead of rendering. Reached through `globalThis` because this module
 * runs twice: bundled into the pages and loaded natively by the integration.
 */
export interface HighlightService {
  /** The highlighted HTML if it is cached or under way, else undefined. */
  get(code: string, lang: string, marks?: LineMarks): Promise<string> | undefined;
  /** Highlighted here: keep it for the next build. */
  put(code: string, lang: string, marks: LineMarks | undefined, html: string): void;
}
const SERVICE = Symbol.for('lectern.highlight-service');
export function setHighlightService(service: HighlightService | undefined): void {
  (globalThis as Record<symbol, unknown>)[SERVICE] = service;
}
function highlightService(): HighlightService | undefined {
  return (globalThis as Record<symbol, HighlightService | undefined>)[SERVICE];
}

/** `class` of line `n`: `line`, plus `diff add` / `diff remove`, `highlighted`, `focused`. */
function lineClass(marks: LineMarks | undefined, n: number): string {
  if (!marks) return 'line';
  let c = 'line';
  if (marks.remove?.has(n)) c += ' diff remove';
  else if (marks.add?.has(n)) c += ' diff add';
  if (marks.highlight?.has(n)) c += ' highlighted';
  if (marks.focus?.has(n)) c += ' focused';
  return c;
}

// JSON fast path: a linear tokenizer with the github-light/dark JSON colors, punctuation in the default color (Shiki's TextMate engine spends
// most of a large site's build on big JSON examples).
const JSON_STYLE = {
  key: '--shiki-light:#005cc5;--shiki-dark:#79b8ff',
  string: '--shiki-light:#032f62;--shiki-dark:#9ecbff',
  literal: '--shiki-light:#005cc5;--shiki-dark:#79b8ff',
};
const JSON_TOKEN = /("(?:[^"\\\n]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\btrue\b|\bfalse\b|\bnull\b)|([{}\[\],:])/g;

function highlightJson(code: string, marks?: LineMarks): string {
  const lines = code.split('\n').map((line, i) => {
    let out = '';
    let last = 0;
    for (const m of line.matchAll(JSON_TOKEN)) {
      out += escapeHtml(line.slice(last, m.index));
      if (m[1] !== undefined) {
        out += `<span style="${m[2] !== undefined ? JSON_STYLE.key : JSON_STYLE.string}">${escapeHtml(m[1])}</span>`;
        if (m[2] !== undefined) out += escapeHtml(m[2]);
      } else if (m[3] !== undefined) out += `<span style="${JSON_STYLE.literal}">${m[3]}</span>`;
      else out += escapeHtml(m[4]!);
      last = m.index! + m[0].length;
    }
    return `<span class="${lineClass(marks, i + 1)}">${out}${escapeHtml(line.slice(last))}</span>`;
  });
  return `<pre class="shiki" tabindex="0"><code>${lines.join('\n')}</code></pre>`;
}

/**
 * Tokenise once for both themes. github-light and github-dark share their token rules (same selectors, same
 * font styles, in the same order) and differ only in colors, so a "pair" theme whose rule i has the color #0000(i+1)
 * yields, per token, the index of the winning rule: its light and dark colors come from the two real themes.
 * Shiki's own dual-theme mode tokenises once per theme. Regexes run on Shiki's JavaScript engine; a grammar
 * it cannot compile falls back to Oniguruma (WebAssembly).
 */
const PAIR_THEME = 'lectern-pair';
interface Pair {
  light: string;
  dark: string;
}
interface Themes {
  pairs: Pair[];
  rules: NonNullable<ThemeRegistration['tokenColors']>;
  table: Map<string, string>;
}
let themes: Themes | undefined;
let themesLoading: Promise<Themes> | undefined;

/** The two themes' token rules as light/dark color pairs (index 0: the default colors), and the style table. */
function loadThemes(): Promise<Themes> {
  return (themesLoading ??= (async () => {
    const { bundledThemes } = shikiHost();
    const [{ default: light }, { default: dark }] = await Promise.all([bundledThemes['github-light'](), bundledThemes['github-dark']()]);
    const rules = light.tokenColors ?? [];
    const darkRules = dark.tokenColors ?? [];
    const same =
      rules.length === darkRules.length && rules.every((r, i) => JSON.stringify(r.scope) === JSON.stringify(darkRules[i]!.scope));
    if (!same) throw new Error('github-light and github-dark no longer share token rules: highlight.ts needs Shiki dual themes');
    const lightFg = light.colors?.['editor.foreground'] ?? '#24292e';
    const darkFg = dark.colors?.['editor.foreground'] ?? '#e1e4e8';
    const pairs = [
      { light: lightFg, dark: darkFg },
      ...rules.map((r, i) => ({ light: r.settings.foreground ?? lightFg, dark: darkRules[i]!.settings.foreground ?? darkFg })),
    ];
    themes = { pairs, rules, table: buildStyleTable(pairs, rules) };
    return themes;
  })());
}

/**
 * Every inline style highlighting can produce -> its class (`k0`, `k1`, …): each color pair with each font style
 * the rules set (a token takes its color and its font style from the rules that match it), and the JSON fast
 * path's colors. Built from the themes alone, in rule order.
 */
function buildStyleTable(pairs: Pair[], rules: Themes['rules']): Map<string, string> {
  const fontStyles = new Set<number>([0]);
  for (const r of rules) {
    const f = r.settings.fontStyle ?? '';
    fontStyles.add((/italic/.test(f) ? 1 : 0) | (/bold/.test(f) ? 2 : 0) | (/underline/.test(f) ? 4 : 0));
  }
  const table = new Map<string, string>();
  const add = (style: string) => {
    if (style && !table.has(style)) table.set(style, `k${table.size.toString(36)}`);
  };
  // Plain colors first: they are most of the tokens and get the shortest names.
  for (const f of fontStyles) for (const pair of pairs) add(styleOf(pairs, pair, f));
  for (const style of Object.values(JSON_STYLE)) add(style);
  return table;
}

function styleTable(): Map<string, string> {
  if (!themes) throw new Error('highlight.ts: the themes are not loaded yet (await loadThemes() first)');
  return themes.table;
}

async function makeHighlighter(engine: 'js' | 'oniguruma'): Promise<Highlighter> {
  const { rules } = await loadThemes();
  const { createHighlighter, engine: loadEngine } = shikiHost();
  const pair = {
    name: PAIR_THEME,
    type: 'light' as const,
    fg: '#000000',
    bg: '#ffffff',
    colors: { 'editor.foreground': '#000000', 'editor.background': '#ffffff' },
    tokenColors: rules.map((r, i) => ({
      ...r,
      settings: { ...r.settings, foreground: r.settings.foreground ? '#' + (i + 1).toString(16).padStart(6, '0') : undefined },
    })),
  };
  return createHighlighter({ themes: [pair], langs: [], engine: await loadEngine(engine) });
}

/**
 * Lines longer than this stay uncolored (as in VS Code): a one-line JSON body in a Java or Ruby sample can make a
 * grammar's look-ahead regexes quadratic. On GitHub's 1,223 operations, 91 of 118,601 sample lines are over 500
 * characters, and tokenising them took more time than all the others together.
 */
const MAX_LINE = 2000;
/**
 * Per-line tokenising time limit. Shiki's default (500 ms) was hit by the first line a process tokenises on a busy
 * machine (the JavaScript engine compiles the grammar's regexes then): the rest of that line came out as one token
 * and the next lines were colored wrong. MAX_LINE already keeps the slow lines out.
 */
const TIME_LIMIT = 10_000;

const engines: { js?: Promise<Highlighter>; oniguruma?: Promise<Highlighter> } = {};
/** Languages the JavaScript engine failed on. */
const onigLanguages = new Set<string>();

type Token = ReturnType<Highlighter['codeToTokensBase']>[number][number];
type GrammarState = NonNullable<ReturnType<Highlighter['getLastGrammarState']>>;
/** A line tokenised in a grammar state: its HTML (see `lineHtml`), and the number of the state after it. */
interface LineEntry {
  html: string;
  next: number;
}
/**
 * Per engine and language (see `tokenizeLines`): `<state number>\n<line>` -> the line's entry, and the grammar states
 * met, numbered by their `stateKey` (0: the start of a text), each kept once. For one instance of the language's
 * grammar: Shiki loads a grammar again when a language it embeds lazily is loaded, and states refer to rules by
 * numbers that each instance gives anew.
 */
interface LineCache {
  grammar: unknown;
  lines: Map<string, LineEntry>;
  ids: Map<string, number>;
  states: Array<GrammarState | undefined>;
}
const lineCaches = new Map<string, LineCache>();
/** Entries one language's line cache may hold before it starts over (about the line's length in HTML each). */
const LINE_CACHE_MAX = 100_000;

/**
 * What tokenising the next line depends on, as a string: TextMate tokenises a line from the rule stack the
 * previous line left (each frame's rule, whether its begin match took the end of the line, the end pattern it
 * captured, e.g. a heredoc's delimiter, and its scopes); the first line of a text is the empty key (its `\A` and
 * first-line rules apply).
 */
function stateKey(state: GrammarState): string {
  interface Frame {
    parent: Frame | null;
    ruleId: number;
    beginRuleCapturedEOL: boolean;
    endRule: string | null;
    nameScopesList: object | null;
    contentNameScopesList: object | null;
  }
  let frame = state.getInternalStack() as unknown as Frame | null | undefined;
  if (!frame || (!frame.parent && frame.nameScopesList === null)) return '';
  let key = '';
  for (; frame; frame = frame.parent)
    key += `${frame.ruleId}\u0001${frame.beginRuleCapturedEOL ? 1 : 0}${frame.endRule ?? ''}\u0001${String(frame.nameScopesList)}\u0001${String(frame.contentNameScopesList)}\u0002`;
  return key;
}

/** Shiki's tokenising options for `language`, whole texts or a line at a time. */
function tokenOptions(language: string) {
  return { lang: language as never, theme: PAIR_THEME as never, tokenizeMaxLineLength: MAX_LINE, tokenizeTimeLimit: TIME_LIMIT };
}

/**
 * Shiki's `codeToTokensBase`, a line at a time through a cache of lines already tokenised in the same state:
 * generated samples repeat most of their lines (on GitHub's 1,223 operations, 8 % of the 118,000 lines of the
 * default seven languages are distinct), and a line tokenised in a given state always gives the same tokens and
 * the same next state, so each distinct (state, line) is tokenised once per thread. The tokens are Shiki's own.
 */
function tokenizeLines(h: Highlighter, code: string, language: string, cacheKey: string): string[] {
  const options = tokenOptions(language);
  const grammar = h.getLanguage(language as never);
  let cached = lineCaches.get(cacheKey);
  if (!cached || cached.grammar !== grammar || cached.lines.size > LINE_CACHE_MAX) {
    lineCaches.set(cacheKey, (cached = { grammar, lines: new Map(), ids: new Map([['', 0]]), states: [undefined] }));
  }
  const { lines, ids, states } = cached;
  const out: string[] = [];
  let at = 0;
  for (const line of code.split(/\r?\n/)) {
    const k = `${at}\n${line}`;
    let entry = lines.get(k);
    if (!entry) {
      const state = states[at];
      const result = h.codeToTokensBase(line, state ? { ...options, grammarState: state } : options);
      const after = h.getLastGrammarState(result) as GrammarState;
      const key = stateKey(after);
      let next = ids.get(key);
      if (next === undefined) {
        ids.set(key, (next = states.length));
        states.push(after);
      }
      entry = { html: lineHtml(result[0] ?? []), next };
      lines.set(k, entry);
    }
    out.push(entry.html);
    at = entry.next;
  }
  return out;
}

/**
 * The languages a language's grammars embed lazily (Markdown's and MDX's fenced code, Ruby's heredocs…), each with a
 * pattern for its name and aliases: Shiki colors such embedded code only if that language happens to be loaded
 * already, so the same code block came out colored or not depending on what the thread had highlighted before.
 */
interface Embed {
  id: string;
  mention: RegExp;
  always: boolean;
}
const lazyEmbeds = new Map<string, Promise<Embed[]>>();
/**
 * Embedded languages a grammar reaches without the code naming them: MDX's JSX and ESM (TSX), Markdown's inline HTML
 * (its grammar includes `text.html.derivative`, which Shiki does not list among its embedded languages).
 */
const ALWAYS_EMBEDDED: Record<string, string[]> = { mdx: ['tsx'], markdown: ['html', 'html-derivative'] };
function embedsOf(language: string): Promise<Embed[]> {
  let found = lazyEmbeds.get(language);
  if (!found) {
    found = (async () => {
      const { bundledLanguages, bundledLanguagesInfo } = shikiHost();
      const load = bundledLanguages[language as keyof typeof bundledLanguages];
      const grammars = load ? (await load()).default : [];
      const always = ALWAYS_EMBEDDED[grammars.at(-1)?.name ?? ''] ?? [];
      const ids = new Set([...grammars.flatMap((g) => g.embeddedLangsLazy ?? []), ...always]);
      const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return bundledLanguagesInfo
        .filter((info) => ids.has(info.id))
        .map((info) => ({
          id: info.id,
          always: always.includes(info.id),
          mention: new RegExp(`(?<![\\w-])(?:${[info.id, ...(info.aliases ?? [])].map(escape).join('|')})(?![\\w-])`, 'i'),
        }));
    })();
    lazyEmbeds.set(language, found);
  }
  return found;
}

/**
 * Load `language` and every language it embeds lazily that `code` could reach: those it names (a fence's info
 * string, a heredoc's delimiter) and those it reaches unnamed (ALWAYS_EMBEDDED), then theirs in turn. The code is
 * then colored the same whatever was highlighted before it in this thread.
 */
async function loadFor(h: Highlighter, kind: string, language: string, code: string, done = loaded): Promise<void> {
  const wanted = [language];
  for (let i = 0; i < wanted.length; i++) {
    for (const e of await embedsOf(wanted[i]!)) {
      if (!wanted.includes(e.id) && (e.always || e.mention.test(code))) wanted.push(e.id);
    }
  }
  const missing = wanted.filter((l) => !done.has(`${kind}:${l}`));
  if (!missing.length) return;
  // Embedded languages first: loading one that a loaded grammar embeds makes Shiki load that grammar again.
  for (const l of missing.reverse()) {
    await h.loadLanguage(l as never);
    done.add(`${kind}:${l}`);
  }
}

/** Each line of `code` highlighted: its inner HTML, with inline token styles. */
async function tokenize(code: string, language: string): Promise<string[]> {
  const kind = onigLanguages.has(language) ? 'oniguruma' : 'js';
  const h = await (engines[kind] ??= makeHighlighter(kind));
  const key = `${kind}:${language}`;
  try {
    await loadFor(h, kind, language, code);
    if (process.env.LECTERN_HIGHLIGHT_LINES === 'off') {
      return h.codeToTokensBase(code, tokenOptions(language)).map(lineHtml);
    }
    return tokenizeLines(h, code, language, key);
  } catch (err) {
    if (kind === 'oniguruma') throw err;
    onigLanguages.add(language);
    return tokenize(code, language);
  }
}

/** A line's tokens as HTML: runs of one style in a `<span style>`, text in the default color bare. */
function lineHtml(tokens: Token[]): string {
  let out = '';
  let run = '';
  let runStyle = '';
  const flush = () => {
    // Text in the default color needs no span: `.shiki` sets it.
    if (run) out += runStyle ? `<span style="${runStyle}">${escapeHtml(run)}</span>` : escapeHtml(run);
    run = '';
  };
  for (const t of tokens) {
    const style = /^\s*$/.test(t.content) ? runStyle : tokenStyle(t.color, t.fontStyle);
    if (style !== runStyle) {
      flush();
      runStyle = style;
    }
    run += t.content;
  }
  flush();
  return out;
}

function tokenStyle(color: string | undefined, fontStyle: number | undefined): string {
  const { pairs } = themes!;
  const index = color ? parseInt(color.slice(1, 7), 16) : 0;
  return styleOf(pairs, pairs[index] ?? pairs[0]!, fontStyle ?? 0);
}

function styleOf(pairs: Pair[], pair: Pair, fontStyle: number): string {
  const plain = pair.light === pairs[0]!.light && pair.dark === pairs[0]!.dark;
  let style = plain ? '' : `--shiki-light:${pair.light};--shiki-dark:${pair.dark}`;
  if (fontStyle & 1) style += `${style ? ';' : ''}font-style:italic`;
  if (fontStyle & 2) style += `${style ? ';' : ''}font-weight:bold`;
  if (fontStyle & 4) style += `${style ? ';' : ''}text-decoration:underline`;
  return style;
}

/** Plain text (`text`, unknown languages): escaped, one `<span class="line">` per line like highlighted code. */
function plainLines(code: string, marks?: LineMarks): string {
  const lines = code.split('\n').map((line, i) => `<span class="${lineClass(marks, i + 1)}">${escapeHtml(line)}</span>`);
  return `<pre class="shiki" tabindex="0"><code>${lines.join('\n')}</code></pre>`;
}

/** Highlighted HTML with inline token styles (`highlight` turns them into classes). */
export async function highlightRaw(code: string, lang: string, marks?: LineMarks): Promise<string> {
  if ((lang === 'json' || lang === 'jsonc') && code.length > 400) return highlightJson(code, marks);
  const l = languageOf(lang);
  if (!(l in shikiHost().bundledLanguages)) return plainLines(code, marks);
  const lines = await tokenize(code, l);
  const html = lines.map((inner, i) => `<span class="${lineClass(marks, i + 1)}">${inner}</span>`);
  return `<pre class="shiki" tabindex="0"><code>${html.join('\n')}</code></pre>`;
}

function languageOf(lang: string): string {
  return (ALIASES[lang.toLowerCase()] ?? lang.toLowerCase()) || 'text';
}

// A site's own code theme (docs.json `styling.codeblocks`) ---------------------------------------------------------

/**
 * Highlighting with the Shiki themes and grammars a site chose (code-theme.ts): Shiki's dual-theme tokenising, each
 * token's two colors as classes from a table of each theme's colors (`kl…` light, `kd…` dark, `kf…` font styles),
 * so the classes depend on the themes alone, as with the default table. A color outside the table stays inline.
 */
interface Palette {
  type: 'light' | 'dark';
  fg: string;
  bg: string;
  classes: Map<string, string>;
}
interface Themed {
  theme: CodeTheme;
  light: Palette;
  dark: Palette;
  engines: { js?: Promise<Highlighter>; oniguruma?: Promise<Highlighter> };
  onig: Set<string>;
  loaded: Set<string>;
  /** The custom grammars' names and aliases. */
  custom: Set<string>;
}
const themedContexts = new Map<string, Promise<Themed>>();
const FONT_CLASSES: Array<[number, string, string]> = [
  [1, 'kfi', 'font-style:italic'],
  [2, 'kfb', 'font-weight:bold'],
  [4, 'kfu', 'text-decoration:underline'],
  [8, 'kfs', 'text-decoration:line-through'],
];

function themed(theme: CodeTheme): Promise<Themed> {
  const key = codeThemeKey(theme);
  let found = themedContexts.get(key);
  if (!found) {
    found = (async () => {
      const h = await makeThemedHighlighter(theme, 'js');
      const palette = (name: string, prefix: string): Palette => {
        const t = h.getTheme(name as never);
        const fg = (t.fg || '#000000').toLowerCase();
        const classes = new Map<string, string>();
        for (const rule of t.settings ?? []) {
          const c = rule.settings?.foreground?.toLowerCase();
          if (c && c !== fg && !classes.has(c)) classes.set(c, `${prefix}${classes.size.toString(36)}`);
        }
        return {
          type: t.type === 'dark' ? 'dark' : 'light',
          fg,
          bg: (t.bg || (t.type === 'dark' ? '#000000' : '#ffffff')).toLowerCase(),
          classes,
        };
      };
      const custom = new Set(theme.grammars.flatMap((g) => [g.grammar.name, ...(g.grammar.aliases ?? [])]));
      return {
        theme,
        light: palette(theme.light, 'kl'),
        dark: palette(theme.dark, 'kd'),
        engines: { js: Promise.resolve(h) },
        onig: new Set(),
        loaded: new Set(),
        custom,
      };
    })();
    themedContexts.set(key, found);
    found.catch(() => themedContexts.delete(key));
  }
  return found;
}

async function makeThemedHighlighter(theme: CodeTheme, engine: 'js' | 'oniguruma'): Promise<Highlighter> {
  const { createHighlighter, engine: loadEngine } = shikiHost();
  return createHighlighter({
    themes: [...new Set([theme.light, theme.dark])] as never[],
    langs: theme.grammars.map((g) => g.grammar as unknown as LanguageRegistration),
    engine: await loadEngine(engine),
  });
}

async function tokenizeThemed(t: Themed, code: string, language: string): Promise<ThemedTokenWithVariants[][]> {
  const kind = t.onig.has(language) ? 'oniguruma' : 'js';
  const h = await (t.engines[kind] ??= makeThemedHighlighter(t.theme, kind));
  try {
    if (!t.custom.has(language)) await loadFor(h, kind, language, code, t.loaded);
    return h.codeToTokensWithThemes(code, {
      lang: language as never,
      themes: { light: t.theme.light, dark: t.theme.dark } as never,
      tokenizeMaxLineLength: MAX_LINE,
      tokenizeTimeLimit: TIME_LIMIT,
    });
  } catch (err) {
    if (kind === 'oniguruma') throw err;
    t.onig.add(language);
    return tokenizeThemed(t, code, language);
  }
}

/** A token's attributes: its classes, and an inline style for a color the theme's table lacks. */
function themedAttrs(t: Themed, token: ThemedTokenWithVariants): string {
  const classes: string[] = [];
  const styles: string[] = [];
  const side = (p: Palette, color: string | undefined, prop: string) => {
    const c = color?.toLowerCase();
    if (!c || c === p.fg) return;
    const name = p.classes.get(c);
    if (name) classes.push(name);
    else styles.push(`${prop}:${c}`);
  };
  const light = token.variants.light;
  const dark = token.variants.dark;
  side(t.light, light?.color, '--shiki-light');
  side(t.dark, dark?.color, '--shiki-dark');
  const font = (light?.fontStyle ?? 0) & (dark?.fontStyle ?? 0);
  for (const [bit, name] of FONT_CLASSES) if (font > 0 && font & bit) classes.push(name);
  return (classes.length ? ` class="${classes.join(' ')}"` : '') + (styles.length ? ` style="${styles.join(';')}"` : '');
}

async function highlightThemed(t: Themed, code: string, lang: string, marks?: LineMarks): Promise<string> {
  const l = languageOf(lang);
  if (!t.custom.has(l) && !(l in shikiHost().bundledLanguages)) return plainLines(code, marks);
  const lines = await tokenizeThemed(t, code, l);
  const html = lines.map((tokens, i) => {
    let out = '';
    let run = '';
    let attrs = '';
    const flush = () => {
      if (run) out += attrs ? `<span${attrs}>${escapeHtml(run)}</span>` : escapeHtml(run);
      run = '';
    };
    for (const token of tokens) {
      const a = /^\s*$/.test(token.content) ? attrs : themedAttrs(t, token);
      if (a !== attrs) {
        flush();
        attrs = a;
      }
      run += token.content;
    }
    flush();
    return `<span class="${lineClass(marks, i + 1)}">${out}</span>`;
  });
  return `<pre class="shiki" tabindex="0"><code>${html.join('\n')}</code></pre>`;
}

/** Code block chrome (title, copy button, borders) readable on a code background of the other mode's kind. */
const CHROME: Record<'light' | 'dark', string> = {
  light: '--fg:#0f172a;--fg-soft:#334155;--fg-muted:#64748b;--border:#e2e8f0;--bg-muted:#f1f5f9;color-scheme:light',
  dark: '--fg:#e5e9f0;--fg-soft:#c3cad6;--fg-muted:#8b95a7;--border:#1f2937;--bg-muted:#182030;color-scheme:dark',
};

/** code.css for a site's own themes: the class table, the default colors, and the themes' backgrounds for code. */
function themedCss(t: Themed): string {
  const out: string[] = [];
  for (const [c, name] of t.light.classes) out.push(`.${name}{--shiki-light:${c}}`);
  for (const [c, name] of t.dark.classes) out.push(`.${name}{--shiki-dark:${c}}`);
  for (const [, name, style] of FONT_CLASSES) out.push(`.${name}{${style}}`);
  out.push(`html .shiki{--shiki-light:${t.light.fg};--shiki-dark:${t.dark.fg}}`);
  out.push(`html:root[data-theme]{--code-bg:${t.light.bg}}`, `html.dark:root[data-theme]{--code-bg:${t.dark.bg}}`);
  const surfaces = ':is(.code-block,.code-group)';
  if (t.light.type === 'dark') out.push(`html:not(.dark) ${surfaces}{${CHROME.dark}}`);
  if (t.dark.type === 'light') out.push(`html.dark ${surfaces}{${CHROME.light}}`);
  return out.join('\n') + '\n';
}

// Fence meta ------------------------------------------------------------------------------------------------------

/** Options of a fenced code block's meta line (after the language), as Mintlify documents them. */
export interface FenceMeta {
  /** Inline words (`hello.py`, `"My file"`), or `title=` / `filename=` when given. */
  title: string;
  icon?: string;
  /** `highlight={1-2,5}`, or the legacy bare `{1,3-5}`. */
  highlight: Set<number>;
  /** `focus={2,4-5}`: the other lines are dimmed. */
  focus: Set<number>;
  lines: boolean;
  wrap: boolean;
  expandable: boolean;
  /** Accepted and ignored: no hover types are generated. */
  twoslash: boolean;
  /** Options read by other components (`placement`, `actions` for Mermaid; `theme`), as written. */
  options: Record<string, string>;
  /** What is wrong with the meta, one sentence each (unknown option, bad line range…); the rest still applies. */
  problems: string[];
}

const FLAGS = ['lines', 'wrap', 'expandable', 'twoslash'] as const;
type Flag = (typeof FLAGS)[number];
const isFlag = (w: string): w is Flag => (FLAGS as readonly string[]).includes(w);
const PASSED_ON = new Set(['placement', 'actions', 'theme']);
const OPTION_NAMES = ['title', 'filename', 'icon', 'highlight', 'focus', ...FLAGS];
/** A range like `1-1000000000` must not allocate a billion numbers. */
const MAX_LINE_NUMBER = 100_000;

/** `"…"`, `'…'` or `{…}` (balanced, quotes inside respected) starting at `s[i]`: its inner text and the index after it. */
function readDelimited(s: string, i: number): { text: string; end: number; closed: boolean } {
  const open = s[i]!;
  if (open === '"' || open === "'") {
    const close = s.indexOf(open, i + 1);
    return close < 0
      ? { text: s.slice(i + 1), end: s.length, closed: false }
      : { text: s.slice(i + 1, close), end: close + 1, closed: true };
  }
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    const c = s[j]!;
    if (c === '"' || c === "'") {
      const close = s.indexOf(c, j + 1);
      if (close < 0) break;
      j = close;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return { text: s.slice(i + 1, j), end: j + 1, closed: true };
  }
  return { text: s.slice(i + 1), end: s.length, closed: false };
}

/** `1-2,5`, `{1-2,5}`, `"[1,3,4]"` -> line numbers; bad parts are reported and skipped. */
export function parseLineRanges(value: string, name: string, problems: string[] = []): Set<number> {
  const out = new Set<number>();
  let text = value.trim();
  for (let k = 0; k < 3; k++) {
    const m = /^(?:\{([\s\S]*)\}|"([\s\S]*)"|'([\s\S]*)'|\[([\s\S]*)\])$/.exec(text);
    if (!m) break;
    text = (m[1] ?? m[2] ?? m[3] ?? m[4]!).trim();
  }
  for (const part of text.split(/[\s,]+/)) {
    if (!part) continue;
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    const a = m ? Number(m[1]) : NaN;
    const b = m?.[2] !== undefined ? Number(m[2]) : a;
    if (!m || a < 1 || b < a) {
      problems.push(
        `${name}: "${part}" is not a line number or range (use numbers from 1, and ranges like 2-5, separated by commas: ${name}={1,3-5}).`,
      );
      continue;
    }
    if (b > MAX_LINE_NUMBER) {
      problems.push(`${name}: "${part}" goes past line ${MAX_LINE_NUMBER}; lines after it are ignored.`);
    }
    for (let i = a; i <= Math.min(b, MAX_LINE_NUMBER); i++) out.add(i);
  }
  if (!text) problems.push(`${name} has no line numbers (write e.g. ${name}={1,3-5}).`);
  return out;
}

function parseBoolean(value: string, name: string, problems: string[]): boolean {
  const v = value
    .trim()
    .replace(/^\{(.*)\}$/, '$1')
    .trim();
  if (v === '' || v === 'true') return true;
  if (v === 'false') return false;
  problems.push(`${name}="${value}" is not a boolean (write ${name}, ${name}={true} or ${name}={false}).`);
  return true;
}

/**
 * A fence's meta line: `hello.py highlight={1-2} focus=3 lines wrap expandable icon="python"`. Values may be bare,
 * `"…"`, `'…'` or `{…}`; words that are not options make the title.
 */
export function parseMeta(meta: string): FenceMeta {
  const r: FenceMeta = {
    title: '',
    highlight: new Set(),
    focus: new Set(),
    lines: false,
    wrap: false,
    expandable: false,
    twoslash: false,
    options: {},
    problems: [],
  };
  const words: string[] = [];
  let explicitTitle: string | undefined;
  const s = meta;
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const key = /^([A-Za-z_][\w-]*)=/.exec(s.slice(i, i + 64));
    if (key) {
      const name = key[1]!;
      i += key[0].length;
      let value = '';
      if (s[i] === '"' || s[i] === "'" || s[i] === '{') {
        const d = readDelimited(s, i);
        if (!d.closed) r.problems.push(`${name}= has an unclosed ${s[i]}.`);
        value = s[i] === '{' ? d.text.trim().replace(/^(["'])(.*)\1$/s, '$2') : d.text;
        if (s[i] === '{' && name !== 'highlight' && name !== 'focus') value = value.trim();
        i = d.end;
      } else {
        const m = /^\S*/.exec(s.slice(i))![0];
        value = m;
        i += m.length;
      }
      if (name === 'title' || name === 'filename') explicitTitle = value.trim();
      else if (name === 'icon') {
        if (value.trim()) r.icon = value.trim();
        else r.problems.push('icon= has no icon name (write e.g. icon="python").');
      } else if (name === 'highlight' || name === 'focus') {
        for (const n of parseLineRanges(value, name, r.problems)) r[name].add(n);
      } else if (isFlag(name)) r[name] = parseBoolean(value, name, r.problems);
      else if (PASSED_ON.has(name)) r.options[name] = value;
      else r.problems.push(`unknown option "${name}=" (code blocks take ${OPTION_NAMES.join(', ')}).`);
      continue;
    }
    if (c === '{') {
      const d = readDelimited(s, i);
      if (!d.closed) r.problems.push('a line range { is not closed.');
      for (const n of parseLineRanges(d.text, 'highlight', r.problems)) r.highlight.add(n);
      i = d.end;
      continue;
    }
    if (c === '"' || c === "'") {
      const d = readDelimited(s, i);
      words.push(d.text);
      i = d.end;
      continue;
    }
    const word = /^\S+/.exec(s.slice(i))![0];
    i += word.length;
    if (isFlag(word)) r[word] = true;
    else words.push(word);
  }
  r.title = (explicitTitle ?? words.join(' ')).trim();
  return r;
}

/** `{1,3-5}` / `highlight={1,3-5}` in a fence's meta -> the set of line numbers. */
export function parseHighlight(meta: string): Set<number> {
  return parseMeta(meta).highlight;
}

/** Title of a fence: the meta without its options. */
export function parseTitle(meta: string): string {
  return parseMeta(meta).title;
}

// Comment notation: `// [!code ++]` -------------------------------------------------------------------------------

const NOTATION = /[ \t]*\[!code (\+\+|--|highlight|hl|focus)(?::(\d+))?\]/g;
/** A comment opener just before the first marker: the comment may hold nothing but markers. */
const OPENER_BEFORE = /([ \t]*)(\/\/+|\{?\/\*+|<!--|#+|--|%{1,2}|;{1,2}|'|\brem\b)[ \t]*$/i;
/** A comment opener somewhere before the marker (`// note [!code ++]`). */
const OPENER_ANYWHERE = /\/\/|\/\*|<!--|#|--|%|;|'|\brem\b/i;
const KIND = { '++': 'add', '--': 'remove', highlight: 'highlight', hl: 'highlight', focus: 'focus' } as const;
type Kind = (typeof KIND)[keyof typeof KIND];

/** Languages whose text has no comments: markers stay as written (as with Shiki, which matches comment tokens). */
const NO_COMMENTS = new Set(['text', 'txt', 'plaintext', 'plain', 'ansi']);

/**
 * Shiki's comment notation, resolved before tokenising: `[!code ++]`, `[!code --]`, `[!code highlight]` (`hl`) and
 * `[!code focus]` in a comment at the end of a line mark that line (`:3` marks it and the next two); the marker is
 * removed, and the comment too when nothing else is in it. A comment holding only markers on a line of its own
 * is removed with its line and marks the lines after it.
 */
export function extractNotation(code: string, lang = ''): { code: string; marks: Required<LineMarks> | undefined } {
  if (!code.includes('[!code ') || NO_COMMENTS.has(languageOf(lang))) return { code, marks: undefined };
  const marks: Required<LineMarks> = { highlight: new Set(), focus: new Set(), add: new Set(), remove: new Set() };
  const out: string[] = [];
  let pending: Array<{ kind: Kind; count: number }> = [];
  const apply = (kind: Kind, from: number, count: number) => {
    for (let k = 0; k < Math.min(count, MAX_LINE_NUMBER); k++) marks[kind].add(from + k);
  };
  for (const line of code.split('\n')) {
    NOTATION.lastIndex = 0;
    const first = line.includes('[!code ') ? NOTATION.exec(line) : null;
    const markerAt = first ? first.index + first[0].length - first[0].trimStart().length : -1;
    if (!first || !OPENER_ANYWHERE.test(line.slice(0, markerAt))) {
      out.push(line);
      for (const p of pending) apply(p.kind, out.length, p.count);
      pending = [];
      continue;
    }
    const found: Array<{ kind: Kind; count: number }> = [];
    let text = line.replace(NOTATION, (_m, k: keyof typeof KIND, n?: string) => {
      found.push({ kind: KIND[k], count: n === undefined ? 1 : Math.max(1, Number(n)) });
      return '';
    });
    // The comment held only markers: drop it (with its closer).
    const opener = OPENER_BEFORE.exec(line.slice(0, first.index));
    if (
      opener &&
      /^[ \t]*(?:\/\/+|\{?\/\*+|<!--|#+|--|%{1,2}|;{1,2}|'|rem)[ \t]*(?:\*+\/\}?|-->)?[ \t]*$/i.test(text.slice(opener.index))
    ) {
      text = text.slice(0, opener.index);
    }
    if (!text.trim()) {
      // A line of its own: it goes, and marks the lines after it.
      pending.push(...found);
      continue;
    }
    out.push(text.replace(/[ \t]+$/, ''));
    for (const p of [...pending, ...found]) apply(p.kind, out.length, p.count);
    pending = [];
  }
  return { code: out.join('\n'), marks };
}

/** A fence as mdx-analyze writes it for `<CodeBlock data="…"/>`: URI-encoded JSON of its language, meta and code. */
export interface FenceData {
  lang: string;
  meta: string;
  code: string;
}
export function decodeFenceData(data: string): FenceData {
  return JSON.parse(decodeURIComponent(data)) as FenceData;
}

/**
 * What a fenced block asks the highlighter for: comment notation resolved, then meta `highlight` / `focus` added (they
 * count rendered lines).
 */
export function fenceInput(
  code: string,
  lang: string,
  meta: Pick<FenceMeta, 'highlight' | 'focus'>,
): { code: string; lang: string; marks?: Required<LineMarks> } {
  const notation = extractNotation(code, lang);
  const marks: Required<LineMarks> = notation.marks ?? { highlight: new Set(), focus: new Set(), add: new Set(), remove: new Set() };
  for (const n of meta.highlight) marks.highlight.add(n);
  for (const n of meta.focus) marks.focus.add(n);
  const any = marks.highlight.size + marks.focus.size + marks.add.size + marks.remove.size > 0;
  return { code: notation.code, lang, ...(any ? { marks } : {}) };
}

/** A fenced block highlighted (see `fenceInput`). */
export async function highlightFence(
  code: string,
  lang: string,
  meta: Pick<FenceMeta, 'highlight' | 'focus'>,
): Promise<{ html: string; lines: number; diff: boolean; focus: boolean; highlight: boolean }> {
  const input = fenceInput(code, lang, meta);
  const html = await highlight(input.code, lang, input.marks);
  return {
    html,
    lines: input.code.split('\n').length,
    diff: (input.marks?.add.size ?? 0) + (input.marks?.remove.size ?? 0) > 0,
    focus: (input.marks?.focus.size ?? 0) > 0,
    highlight: (input.marks?.highlight.size ?? 0) > 0,
  };
}

/** Very long examples are cut at a line boundary (the full text stays in the spec / playground). */
export function truncateCode(code: string, max = 12_000): string {
  if (code.length <= max) return code;
  const cut = code.lastIndexOf('\n', max);
  const head = code.slice(0, cut > 0 ? cut : max);
  const rest = code.slice(head.length).split('\n').length - 1;
  return `${head}\n… ${rest} more line${rest === 1 ? '' : 's'} (truncated)`;
}
