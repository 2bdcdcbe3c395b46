/**
 * MDX analysis and source preparation, done with unified + remark-mdx (Astro 7's native MDX processor runs no
 * remark plugins):
 *  - unknown components -> diagnostics naming the component, file and line;
 *  - fenced code blocks -> `<CodeBlock data="…"/>` so titles, tabs and build-time Shiki are ours;
 *  - math: `$…$`, `$$…$$` and `<Latex>…</Latex>` -> `<Latex data="…"/>` (the LaTeX verbatim, typeset at build
 *    time), with KaTeX's parse errors as warnings naming file and line; `<Mermaid>…</Mermaid>` children kept verbatim;
 *  - `{{variable}}` substitution from docs.json `variables`;
 *  - legacy `<Snippet file="x.mdx"/>` -> an import of `/snippets/x.mdx`;
 *  - an import of the built-in components the file uses (authors never import them).
 * Line numbers of the file are preserved (replacements are padded to the same number of lines).
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import { visit } from 'unist-util-visit';
import { math as mathSyntax } from 'micromark-extension-math';
import { mathFromMarkdown } from 'mdast-util-math';
import type { Processor } from 'unified';
import type { Diagnostic } from '@lectern/core';
import { COMPONENT_SET } from './components/names.ts';
import { encodeMath, literalChildren, renderMath } from './components/math.ts';
import { substituteVariables } from './variables.ts';

export { substituteVariables };

export interface MdxAnalysis {
  /** The source to hand to @astrojs/mdx. */
  code: string;
  diagnostics: Diagnostic[];
  /** Absolute-from-root or relative `.mdx`/`.md` imports (for following snippets). */
  imports: string[];
}

/** `$…$` / `$$…$$` (micromark's math syntax: inside it `{`, `<` and `\\` are LaTeX, not MDX). */
function remarkMathSyntax(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(mathSyntax());
  (data.fromMarkdownExtensions ??= []).push(mathFromMarkdown());
}

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkMdx).use(remarkMathSyntax);
/** docs.json `styling.latex: false`: dollar signs are text. */
const parserWithoutDollarMath = unified().use(remarkParse).use(remarkGfm).use(remarkMdx);

/** Components whose children are source text (LaTeX, Mermaid), not MDX. */
const RAW_CHILDREN = /<(Latex|Mermaid)((?:\s+[^\s>"'{}/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|\{[^{}]*\}))?)*)\s*(\/?)>/g;
interface RawElement { name: string; start: number; attrs: string; innerStart: number; innerEnd: number; end: number }

/** [start, end) offsets of fenced code blocks and inline code spans: a cheap scan, good enough to skip tags shown as code. */
function codeRanges(src: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let offset = 0;
  let fence: { char: string; size: number; start: number } | undefined;
  let text = '';
  let textStart = 0;
  const spans = () => {
    for (let i = 0; i < text.length; i++) {
      if (text[i] !== '`') continue;
      let n = 1;
      while (text[i + n] === '`') n++;
      const close = new RegExp(`(?<!\`)\`{${n}}(?!\`)`, 'g');
      close.lastIndex = i + n;
      const m = close.exec(text);
      if (m) { ranges.push([textStart + i, textStart + m.index + n]); i = m.index + n - 1; } else i += n - 1;
    }
    text = '';
  };
  for (const line of src.split('\n')) {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (m && m[1]![0] === fence.char && m[1]!.length >= fence.size && !line.slice(m[0].length).trim()) { ranges.push([fence.start, offset + line.length]); fence = undefined; }
    } else if (m) {
      spans();
      fence = { char: m[1]![0]!, size: m[1]!.length, start: offset };
    } else {
      if (!text) textStart = offset;
      text += line + '\n';
      if (!line.trim()) spans();
    }
    offset += line.length + 1;
  }
  spans();
  if (fence) ranges.push([fence.start, src.length]);
  return ranges;
}

function findRawElements(src: string): RawElement[] {
  const out: RawElement[] = [];
  if (!src.includes('<Latex') && !src.includes('<Mermaid')) return out;
  const code = codeRanges(src);
  const inCode = (at: number) => code.some(([a, b]) => at >= a && at < b);
  for (const m of src.matchAll(RAW_CHILDREN)) {
    if (m[3] || (out.length && m.index! < out.at(-1)!.end) || inCode(m.index!)) continue;
    const innerStart = m.index! + m[0].length;
    let close = src.indexOf(`</${m[1]}>`, innerStart);
    while (close >= 0 && inCode(close)) close = src.indexOf(`</${m[1]}>`, close + 1);
    if (close < 0) continue;
    out.push({ name: m[1]!, start: m.index!, attrs: m[2] ?? '', innerStart, innerEnd: close, end: close + m[1]!.length + 3 });
  }
  return out;
}

/** The source with those elements' children blanked (same length and lines), so MDX does not parse them. */
function maskRaw(src: string, els: RawElement[]): string {
  let out = src;
  for (const el of els) out = out.slice(0, el.innerStart) + src.slice(el.innerStart, el.innerEnd).replace(/[^\n]/g, ' ') + out.slice(el.innerEnd);
  return out;
}

const newlines = (s: string) => s.split('\n').length - 1;
const PLACEMENTS = new Set(['top-left', 'top-right', 'bottom-left', 'bottom-right']);

interface Pos { start: { line: number; column: number; offset?: number }; end: { line: number; column: number; offset?: number } }
interface AnyNode { type: string; name?: string | null; value?: string; lang?: string | null; meta?: string | null; position?: Pos; attributes?: Array<{ type: string; name?: string; value?: unknown }>; children?: AnyNode[] }

export function splitFrontmatter(source: string): { frontmatter: string; body: string } {
  const m = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(\r?\n|$)/.exec(source);
  if (!m) return { frontmatter: '', body: source };
  return { frontmatter: m[0], body: source.slice(m[0].length) };
}

function declaredNames(esm: string): string[] {
  const out: string[] = [];
  const imp = /import\s+([\s\S]*?)\s+from\s+['"]/g;
  for (const m of esm.matchAll(imp)) {
    const spec = m[1] ?? '';
    for (const part of spec.replace(/[{}*]/g, ',').split(',')) {
      const id = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (id && /^[A-Za-z_$][\w$]*$/.test(id)) out.push(id);
    }
  }
  for (const m of esm.matchAll(/export\s+(?:const|let|var|function|class)\s+([A-Za-z_$][\w$]*)/g)) out.push(m[1]!);
  for (const m of esm.matchAll(/(?:const|let|var|function)\s+([A-Z][\w$]*)/g)) out.push(m[1]!);
  return out;
}

function distance(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]!;
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j]!;
      dp[j] = Math.min(dp[j]! + 1, dp[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length]!;
}

/** A built-in component whose name is close to `name` (typos, wrong case). */
export function suggest(name: string): string | undefined {
  let best: string | undefined;
  let score = 3;
  for (const known of COMPONENT_SET) {
    if (known === 'CodeBlock') continue;
    const d = known.toLowerCase() === name.toLowerCase() ? 0 : distance(known, name);
    if (d < score) { score = d; best = known; }
  }
  return best;
}

export function analyzeMdx(
  source: string,
  file: string,
  opts: { componentsModule: string; variables?: Record<string, string>; dollarMath?: boolean },
): MdxAnalysis {
  const diagnostics: Diagnostic[] = [];
  const { frontmatter, body: rawBody } = splitFrontmatter(source);
  const body = substituteVariables(rawBody, opts.variables);
  const blanked = frontmatter.replace(/[^\n]/g, ' ') + body;
  const parse = (src: string): AnyNode | undefined => {
    try {
      return (opts.dollarMath === false ? parserWithoutDollarMath : parser).parse(src) as unknown as AnyNode;
    } catch (err) {
      syntaxError(err);
      return undefined;
    }
  };
  const syntaxError = (err: unknown): void => {
    type Point = { line?: number; column?: number };
    const e = err as { message?: string; reason?: string; line?: number; column?: number; place?: Point & { start?: Point } };
    const fromText = /\((\d+):(\d+)/.exec(e.message ?? '');
    const place = e.place?.start ?? e.place ?? (fromText ? { line: Number(fromText[1]), column: Number(fromText[2]) } : undefined);
    diagnostics.push({
      severity: 'error', code: 'mdx/syntax', file, line: e.line ?? place?.line, column: e.column ?? place?.column,
      message: `MDX syntax error: ${e.reason ?? e.message ?? String(err)}`,
    });
  };
  // <Latex>/<Mermaid> children are source text: blank them for the parse, then keep the elements the tree really
  // has (not those shown inside code, nor components the file imports under the same name) and parse again.
  let raw = findRawElements(blanked);
  let tree = parse(maskRaw(blanked, raw));
  if (!tree) return { code: source, diagnostics, imports: [] };

  const declared = new Set<string>();
  const imports: string[] = [];
  const used = new Set<string>();
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const snippetImports: string[] = [];

  const collectEsm = (t: AnyNode) => visit(t as never, (node: AnyNode) => {
    if (node.type === 'mdxjsEsm' && typeof node.value === 'string') {
      for (const n of declaredNames(node.value)) declared.add(n);
      for (const m of node.value.matchAll(/from\s+['"]([^'"]+\.mdx?)['"]/g)) imports.push(m[1]!);
    }
  });
  collectEsm(tree);
  if (raw.length) {
    const starts = new Set<number>();
    visit(tree as never, (node: AnyNode) => {
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.position?.start.offset !== undefined) starts.add(node.position.start.offset);
    });
    const kept = raw.filter((el) => starts.has(el.start) && !declared.has(el.name));
    if (kept.length !== raw.length) {
      raw = kept;
      tree = parse(maskRaw(blanked, raw));
      if (!tree) return { code: source, diagnostics, imports: [] };
      declared.clear();
      imports.length = 0;
      collectEsm(tree);
    }
  }
  const rawAt = new Map(raw.map((el) => [el.start, el]));

  const lineAt = (offset: number) => {
    const before = blanked.slice(0, offset);
    return { line: newlines(before) + 1, column: offset - before.lastIndexOf('\n') };
  };
  /** Validate with KaTeX now (file and line); `at(position)` maps KaTeX's offset in `tex` to the file. */
  const checkMath = (tex: string, display: boolean, at: (position: number | undefined) => { line: number; column?: number }) => {
    const { error } = renderMath(tex, display);
    if (!error) return;
    diagnostics.push({
      severity: 'warning', code: 'mdx/latex', file, ...at(error.position),
      message: `LaTeX error: ${error.message}`,
      hint: 'The formula is shown as source, in red, on the page. KaTeX supports most LaTeX math commands (see katex.org/docs/supported); write \\$ for a literal dollar sign.',
    });
  };
  const checkComponentsIn = (text: string, offset: number) => {
    for (const m of text.matchAll(/<([A-Z][\w]*)/g)) {
      const name = m[1]!;
      if (declared.has(name)) continue;
      if (COMPONENT_SET.has(name)) { used.add(name); continue; }
      diagnostics.push({ severity: 'error', code: 'mdx/unknown-component', file, ...lineAt(offset + m.index!), message: `Unknown component <${name}>.`, hint: suggest(name) ? `Did you mean <${suggest(name)}>?` : undefined });
    }
  };
  const latexTag = (tex: string, display: boolean, lines: number) => `<Latex data="${encodeMath({ tex, display })}"${'\n'.repeat(lines)} />`;

  visit(tree as never, (node: AnyNode) => {
    if ((node.type === 'math' || node.type === 'inlineMath') && node.position?.start.offset !== undefined && node.position.end.offset !== undefined) {
      const { start, end } = node.position;
      const text = blanked.slice(start.offset!, end.offset!);
      const fence = /^\$+/.exec(text)?.[0].length ?? 1;
      const tex = node.value ?? '';
      if (node.type === 'inlineMath' && fence === 1) {
        // Pandoc's rule, so prices stay text: `$` then a non-space, a non-space then `$`, and no digit right after.
        const inner = text.slice(1, -1);
        if (!inner || /^\s|\s$/.test(inner) || /^[0-9]/.test(blanked.slice(end.offset!, end.offset! + 1))) {
          checkComponentsIn(text, start.offset!);
          return;
        }
      }
      const display = node.type === 'math' || fence > 1;
      checkMath(tex, display, (pos) => {
        if (node.type === 'math') return { line: start.line + 1 + newlines(tex.slice(0, pos ?? 0)) };
        const before = tex.slice(0, pos ?? 0);
        return newlines(before) ? { line: start.line + newlines(before) } : { line: start.line, column: start.column + fence + (pos ?? 0) };
      });
      edits.push({ start: start.offset!, end: end.offset!, text: latexTag(tex, display, end.line - start.line) });
      used.add('Latex');
      return;
    }
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.position?.start.offset !== undefined && rawAt.has(node.position.start.offset)) {
      const el = rawAt.get(node.position.start.offset)!;
      const inner = blanked.slice(el.innerStart, el.innerEnd);
      const lines = newlines(blanked.slice(el.start, el.end));
      if (el.name === 'Latex') {
        const literal = literalChildren(inner);
        const tex = (literal ?? inner).trim();
        const display = node.type === 'mdxJsxFlowElement';
        const texStart = el.innerStart + (inner.length - inner.trimStart().length);
        checkMath(tex, display, (pos) => (literal === undefined && pos !== undefined ? lineAt(texStart + pos) : lineAt(el.start)));
        edits.push({ start: el.start, end: el.end, text: latexTag(tex, display, lines) });
      } else {
        const code = (literalChildren(inner) ?? inner).replace(/^\s*\n/, '').replace(/\s+$/, '');
        const data = encodeURIComponent(JSON.stringify({ code }));
        edits.push({ start: el.start, end: el.end, text: `<${el.name}${el.attrs} data="${data}"${'\n'.repeat(Math.max(0, lines - newlines(el.attrs)))} />` });
      }
      used.add(el.name);
      return;
    }
    if (node.type === 'code' && node.position?.start.offset !== undefined && node.position.end.offset !== undefined) {
      const { start, end } = node.position;
      if (node.lang === 'mermaid') {
        const placement = /\bplacement=["'{]*([\w-]+)/.exec(node.meta ?? '')?.[1];
        if (placement && !PLACEMENTS.has(placement)) {
          diagnostics.push({ severity: 'warning', code: 'mdx/mermaid-placement', file, line: start.line, column: start.column, message: `Unknown Mermaid controls placement "${placement}"; bottom-right is used.`, hint: `Use one of ${[...PLACEMENTS].join(', ')}.` });
        }
      }
      const payload = encodeURIComponent(JSON.stringify({ lang: node.lang ?? '', meta: node.meta ?? '', code: node.value ?? '' }));
      const lines = end.line - start.line;
      edits.push({ start: start.offset!, end: end.offset!, text: `<CodeBlock data="${payload}" />` + '\n'.repeat(lines) });
      used.add('CodeBlock');
      return;
    }
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name) {
      const name = node.name.split('.')[0]!;
      if (!/^[A-Z]/.test(name)) return;
      if (name === 'Snippet' && !declared.has('Snippet')) {
        const fileAttr = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'file');
        if (typeof fileAttr?.value === 'string' && node.position?.start.offset !== undefined) {
          const id = `LecternSnippet${snippetImports.length}`;
          const target = '/snippets/' + fileAttr.value.replace(/^\/?(snippets\/)?/, '');
          snippetImports.push(`import ${id} from ${JSON.stringify(target)};`);
          imports.push(target);
          const lines = node.position.end.line - node.position.start.line;
          edits.push({ start: node.position.start.offset, end: node.position.end.offset!, text: `<${id} />` + '\n'.repeat(lines) });
          return;
        }
        diagnostics.push({ severity: 'error', code: 'mdx/snippet-file', file, line: node.position?.start.line, column: node.position?.start.column, message: '<Snippet> needs a string `file` attribute, e.g. <Snippet file="intro.mdx" />.' });
        return;
      }
      if (declared.has(name)) return;
      if (COMPONENT_SET.has(name)) { used.add(name); return; }
      diagnostics.push({
        severity: 'error', code: 'mdx/unknown-component', file, line: node.position?.start.line, column: node.position?.start.column,
        message: `Unknown component <${name}>.`,
        hint: suggest(name) ? `Did you mean <${suggest(name)}>?` : `Import it in the file (import ${name} from '/snippets/${name}.jsx') or use a built-in component (see the components docs).`,
      });
    }
  });

  // Apply edits back to front on the body (offsets include the blanked frontmatter).
  let out = blanked;
  edits.sort((a, b) => b.start - a.start);
  let lastStart = Infinity;
  for (const e of edits) {
    if (e.end > lastStart) continue; // nested (code inside a replaced Snippet): outer edit already covers it
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
    lastStart = e.start;
  }
  out = frontmatter + out.slice(frontmatter.length);
  const builtins = [...used].filter((n) => !declared.has(n));
  const tail: string[] = [...snippetImports];
  if (builtins.length) tail.push(`import { ${builtins.sort().join(', ')} } from ${JSON.stringify(opts.componentsModule)};`);
  if (tail.length) out += '\n\n' + tail.join('\n') + '\n';
  return { code: out, diagnostics, imports };
}
