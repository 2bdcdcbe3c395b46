/** Build-time Shiki: one highlighter, dual themes emitted as CSS variables (no highlighting JS shipped). */
import { createHighlighter, type Highlighter, bundledLanguages } from 'shiki';

let highlighter: Promise<Highlighter> | undefined;
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

// JSON fast path: a linear tokenizer with the github-light/dark JSON colors (Shiki's TextMate engine spends
// most of a large site's build on big JSON examples).
const JSON_STYLE = {
  key: '--shiki-light:#005CC5;--shiki-dark:#79B8FF',
  string: '--shiki-light:#032F62;--shiki-dark:#9ECBFF',
  literal: '--shiki-light:#005CC5;--shiki-dark:#79B8FF',
  punct: '--shiki-light:#24292E;--shiki-dark:#E1E4E8',
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
        if (m[2] !== undefined) out += `<span style="${JSON_STYLE.punct}">${escapeHtml(m[2])}</span>`;
      } else if (m[3] !== undefined) out += `<span style="${JSON_STYLE.literal}">${m[3]}</span>`;
      else out += `<span style="${JSON_STYLE.punct}">${escapeHtml(m[4]!)}</span>`;
      last = m.index! + m[0].length;
    }
    return `<span class="line">${out}${escapeHtml(line.slice(last))}</span>`;
  });
  return `<pre class="shiki" tabindex="0"><code>${lines.join('\n')}</code></pre>`;
}

async function highlightRaw(code: string, lang: string, highlightLines: Set<number>): Promise<string> {
  if ((lang === 'json' || lang === 'jsonc') && highlightLines.size === 0 && code.length > 400) return highlightJson(code);
  const l = (ALIASES[lang.toLowerCase()] ?? lang.toLowerCase()) || 'text';
  highlighter ??= createHighlighter({ themes: ['github-light', 'github-dark'], langs: [] });
  const h = await highlighter;
  let language = 'text';
  if (l in bundledLanguages) {
    if (!loaded.has(l)) { await h.loadLanguage(l as never); loaded.add(l); }
    language = l;
  }
  if (language === 'text') return `<pre class="shiki"><code>${escapeHtml(code)}</code></pre>`;
  return h.codeToHtml(code, {
    lang: language,
    themes: { light: 'github-light', dark: 'github-dark' },
    defaultColor: false,
    transformers: highlightLines.size
      ? [{ line(node, line) { if (highlightLines.has(line)) this.addClassToHast(node, 'highlighted'); } }]
      : [],
  });
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
