/** Build-time Shiki: one tokenisation for both themes, colors emitted as CSS variables (no highlighting JS shipped). */
import { createHighlighter, type Highlighter, bundledLanguages, bundledThemes } from 'shiki';

const loaded = new Set<string>();
const ALIASES: Record<string, string> = { curl: 'bash', sh: 'bash', shell: 'bash', zsh: 'bash', 'c#': 'csharp', 'c++': 'cpp', node: 'javascript', 'node.js': 'javascript', nodejs: 'javascript', dotnet: 'csharp', golang: 'go', py: 'python', rb: 'ruby', kt: 'kotlin', rs: 'rust', js: 'javascript', ts: 'typescript', yml: 'yaml', jsonc: 'json', dart: 'dart', flutter: 'dart', http: 'http' };

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Token colors as classes instead of inline styles (a page with 7 samples shrinks several-fold). The style ->
 * class map is process-wide; the build writes it to `/_lectern/code.css` (see `codeCss`).
 */
const REG = Symbol.for('lectern.shiki-classes');
function classMap(): Map<string, string> {
  const g = globalThis as unknown as Record<symbol, Map<string, string> | undefined>;
  return (g[REG] ??= new Map());
}
function stylesToClasses(html: string): string {
  const map = classMap();
  return html
    .replace(/^<pre class="shiki shiki-themes github-light github-dark" style="[^"]*"/, '<pre class="shiki"').replace(/<span style="([^"]+)">/g, (_m, style: string) => {
    let c = map.get(style);
    if (!c) { c = `k${map.size.toString(36)}`; map.set(style, c); }
    return `<span class="${c}">`;
  });
}
export function codeCss(): string {
  return [...classMap()].map(([style, c]) => `.${c}{${style}}`).join('\n') + '\n';
}

export async function highlight(code: string, lang: string, highlightLines: Set<number> = new Set()): Promise<string> {
  return stylesToClasses(await highlightRaw(code, lang, highlightLines));
}

// JSON fast path: a linear tokenizer with the github-light/dark JSON colors, punctuation in the default color (Shiki's TextMate engine spends
// most of a large site's build on big JSON examples).
const JSON_STYLE = {
  key: '--shiki-light:#005CC5;--shiki-dark:#79B8FF',
  string: '--shiki-light:#032F62;--shiki-dark:#9ECBFF',
  literal: '--shiki-light:#005CC5;--shiki-dark:#79B8FF',
};
const JSON_TOKEN = /("(?:[^"\\\n]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\btrue\b|\bfalse\b|\bnull\b)|([{}\[\],:])/g;

function highlightJson(code: string): string {
  const lines = code.split('\n').map((line) => {
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
    return `<span class="line">${out}${escapeHtml(line.slice(last))}</span>`;
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
interface Pair { light: string; dark: string }
let pairs: Pair[] = [];

async function makeHighlighter(engine: 'js' | 'oniguruma'): Promise<Highlighter> {
  const [{ default: light }, { default: dark }] = await Promise.all([bundledThemes['github-light'](), bundledThemes['github-dark']()]);
  const rules = light.tokenColors ?? [];
  const darkRules = dark.tokenColors ?? [];
  const same = rules.length === darkRules.length && rules.every((r, i) => JSON.stringify(r.scope) === JSON.stringify(darkRules[i]!.scope));
  if (!same) throw new Error('github-light and github-dark no longer share token rules: highlight.ts needs Shiki dual themes');
  const lightFg = light.colors?.['editor.foreground'] ?? '#24292e';
  const darkFg = dark.colors?.['editor.foreground'] ?? '#e1e4e8';
  pairs = [{ light: lightFg, dark: darkFg }, ...rules.map((r, i) => ({ light: r.settings.foreground ?? lightFg, dark: darkRules[i]!.settings.foreground ?? darkFg }))];
  const pair = {
    name: PAIR_THEME, type: 'light' as const, fg: '#000000', bg: '#ffffff', colors: { 'editor.foreground': '#000000', 'editor.background': '#ffffff' },
    tokenColors: rules.map((r, i) => ({ ...r, settings: { ...r.settings, foreground: r.settings.foreground ? '#' + (i + 1).toString(16).padStart(6, '0') : undefined } })),
  };
  const engineImpl = engine === 'js'
    ? (await import('shiki/engine/javascript')).createJavaScriptRegexEngine()
    : (await import('shiki/engine/oniguruma')).createOnigurumaEngine(import('shiki/wasm'));
  return createHighlighter({ themes: [pair], langs: [], engine: engineImpl });
}

/**
 * Lines longer than this stay uncolored (as in VS Code): a one-line JSON body in a Java or Ruby sample can make a
 * grammar's look-ahead regexes quadratic. On GitHub's 1,223 operations, 91 of 118,601 sample lines are over 500
 * characters, and tokenising them took more time than all the others together.
 */
const MAX_LINE = 2000;

const engines: { js?: Promise<Highlighter>; oniguruma?: Promise<Highlighter> } = {};
/** Languages the JavaScript engine failed on. */
const onigLanguages = new Set<string>();

async function tokenize(code: string, language: string) {
  const kind = onigLanguages.has(language) ? 'oniguruma' : 'js';
  const h = await (engines[kind] ??= makeHighlighter(kind));
  const key = `${kind}:${language}`;
  try {
    if (!loaded.has(key)) { await h.loadLanguage(language as never); loaded.add(key); }
    return h.codeToTokensBase(code, { lang: language as never, theme: PAIR_THEME as never, tokenizeMaxLineLength: MAX_LINE });
  } catch (err) {
    if (kind === 'oniguruma') throw err;
    onigLanguages.add(language);
    return tokenize(code, language);
  }
}

function tokenStyle(color: string | undefined, fontStyle: number | undefined): string {
  const index = color ? parseInt(color.slice(1, 7), 16) : 0;
  const pair = pairs[index] ?? pairs[0]!;
  const plain = pair.light === pairs[0]!.light && pair.dark === pairs[0]!.dark;
  let style = plain ? '' : `--shiki-light:${pair.light};--shiki-dark:${pair.dark}`;
  if (fontStyle && fontStyle & 1) style += `${style ? ';' : ''}font-style:italic`;
  if (fontStyle && fontStyle & 2) style += `${style ? ';' : ''}font-weight:bold`;
  if (fontStyle && fontStyle & 4) style += `${style ? ';' : ''}text-decoration:underline`;
  return style;
}

async function highlightRaw(code: string, lang: string, highlightLines: Set<number>): Promise<string> {
  if ((lang === 'json' || lang === 'jsonc') && highlightLines.size === 0 && code.length > 400) return highlightJson(code);
  const l = (ALIASES[lang.toLowerCase()] ?? lang.toLowerCase()) || 'text';
  if (!(l in bundledLanguages)) return `<pre class="shiki"><code>${escapeHtml(code)}</code></pre>`;
  const lines = await tokenize(code, l);
  const html = lines.map((tokens, i) => {
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
      if (style !== runStyle) { flush(); runStyle = style; }
      run += t.content;
    }
    flush();
    return `<span class="line${highlightLines.has(i + 1) ? ' highlighted' : ''}">${out}</span>`;
  });
  return `<pre class="shiki" tabindex="0"><code>${html.join('\n')}</code></pre>`;
}

/** `{1,3-5}` in a fence's meta -> the set of line numbers. */
export function parseHighlight(meta: string): Set<number> {
  const out = new Set<number>();
  const m = /\{([\d,\s-]+)\}/.exec(meta);
  if (!m) return out;
  for (const part of m[1]!.split(',')) {
    const [a, b] = part.trim().split('-').map(Number);
    if (a === undefined || Number.isNaN(a)) continue;
    for (let i = a; i <= (b ?? a); i++) out.add(i);
  }
  return out;
}

/** Title of a fence: meta minus `{…}` highlights and `key=value` / flag options. */
export function parseTitle(meta: string): string {
  return meta
    .replace(/\{[\d,\s-]+\}/g, '')
    .replace(/\b\w+=("[^"]*"|'[^']*'|\S+)/g, '')
    .replace(/\b(lines|wrap|expandable|twoslash)\b/g, '')
    .trim();
}

/** Very long examples are cut at a line boundary (the full text stays in the spec / playground). */
export function truncateCode(code: string, max = 12_000): string {
  if (code.length <= max) return code;
  const cut = code.lastIndexOf('\n', max);
  const head = code.slice(0, cut > 0 ? cut : max);
  const rest = code.slice(head.length).split('\n').length - 1;
  return `${head}\n… ${rest} more line${rest === 1 ? '' : 's'} (truncated)`;
}
