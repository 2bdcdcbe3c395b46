/** Build-time Shiki: one highlighter, dual themes emitted as CSS variables (no highlighting JS shipped). */
import { createHighlighter, type Highlighter, bundledLanguages } from 'shiki';

let highlighter: Promise<Highlighter> | undefined;
const loaded = new Set<string>();
const ALIASES: Record<string, string> = { curl: 'bash', sh: 'bash', shell: 'bash', zsh: 'bash', 'c#': 'csharp', 'c++': 'cpp', node: 'javascript', 'node.js': 'javascript', nodejs: 'javascript', dotnet: 'csharp', golang: 'go', py: 'python', rb: 'ruby', kt: 'kotlin', rs: 'rust', js: 'javascript', ts: 'typescript', yml: 'yaml', jsonc: 'json', dart: 'dart', flutter: 'dart', http: 'http' };

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export async function highlight(code: string, lang: string, highlightLines: Set<number> = new Set()): Promise<string> {
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
