/**
 * MDX analysis and source preparation, done with unified + remark-mdx (Astro 7's native MDX processor runs no
 * remark plugins):
 *  - unknown components -> diagnostics naming the component, file and line;
 *  - fenced code blocks -> `<CodeBlock data="…"/>` so titles, tabs and build-time Shiki are ours;
 *  - math: `$…$`, `$$…$$` and `<Latex>…</Latex>` -> `<Latex data="…"/>` (the LaTeX verbatim, typeset at build
 *    time), with KaTeX's parse errors as warnings naming file and line; `<Mermaid>…</Mermaid>` children kept verbatim;
 *  - `{{variable}}` substitution from docs.json `variables`;
 *  - legacy `<Snippet file="x.mdx"/>` -> an import of `/snippets/x.mdx`;
 *  - expressions: in a snippet, bare names are its props (`{word}` -> `{props.word}`, also `{word}` in its code
 *    fences); in a page, a name nothing defines is an error with its line (not a ReferenceError at render time);
 *  - `<ParamField>`/`<ResponseField>` anchors de-duplicated in document order (`param-x`, `param-x-1`…);
 *  - `<Prompt>` gets its children's Markdown (`source`), `<Visibility for="agents">` is dropped from the page;
 *  - an import of the built-in components the file uses (authors never import them).
 * Also the helpers behind each page's `.md` copy (`markdownForAgents`) and changelog feed (`updateEntries`).
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
import { COMPONENT_SET } from '../shared/render/component-names.ts';
import { encodeMath, literalChildren, renderMath } from '../shared/render/math.ts';
import { kebab } from '../shared/render/split.ts';
import { parseMeta } from '../shared/highlight/highlight.ts';
import { substituteVariables } from '../shared/render/variables.ts';
import { declaredIn, freeNames, isGlobalName, literalValue, type EsNode } from '../shared/modules/estree-scope.ts';
import { Island, type IslandContext } from './islands.ts';
import { moduleImports, type PackageImport } from '../shared/modules/package-imports.ts';

export { substituteVariables };

export interface MdxAnalysis {
  /** The source to hand to @astrojs/mdx. */
  code: string;
  diagnostics: Diagnostic[];
  /** Absolute-from-root or relative imports of local files (`.mdx`/`.md` snippets are followed, `.jsx` and others checked). */
  imports: string[];
  /** Imports of packages (`import { Card } from '@mintlify/components'`), with their lines; see package-imports.ts. */
  packages?: PackageImport[];
  /** Snippet files: the props the file reads as bare names (`{word}` -> `props.word`). */
  reads: SnippetRead[];
  /** Where the file renders `.mdx`/`.md` files it imports, and the props it passes them. */
  usages: SnippetUsage[];
  /** The island module of the file's components (see islands/islands.ts), to be written at `path`. */
  island?: { path: string; code: string; names: string[]; interactive: boolean };
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
/**
 * An expression showing `source` as written, over as many lines as it spans (line numbers stay true) but with no blank
 * line: inside a paragraph a blank line ends it, and the build's compiler then finds the expression unclosed.
 */
const textExpression = (source: string) => `{${JSON.stringify(source.replace(/\n/g, ' '))}${'\n+""'.repeat(newlines(source))}}`;

/**
 * The JSX opening tag starting at `start` inside `quotes` block quotes: the offset of the `>` that ends it (quotes
 * and `{…}` skipped), its line breaks (each `\n` with the next line's block quote markers and indentation), and
 * whether joining its lines would change it (a line break inside a template literal or ending a `//` comment).
 */
function openingTag(src: string, start: number, quotes = 0): { end: number; breaks: Array<[number, number]>; unsafeToJoin: boolean } | undefined {
  let depth = 0;
  let quote = '';
  let unsafeToJoin = false;
  let comment = false;
  const breaks: Array<[number, number]> = [];
  for (let i = start + 1; i < src.length; i++) {
    const c = src[i]!;
    if (c === '\n') {
      if (quote === '`' || comment) unsafeToJoin = true;
      comment = false;
      // The container prefix of the next line (`> ` per block quote holding the tag) is no part of the tag.
      let j = i + 1;
      for (let q = 0; q < quotes; q++) {
        const m = /^[ \t]*>[ \t]?/.exec(src.slice(j, j + 8));
        if (!m) break;
        j += m[0].length;
      }
      while (src[j] === ' ' || src[j] === '\t') j++;
      breaks.push([i, j]);
      i = j - 1;
      continue;
    }
    if (comment) continue;
    if (quote) { if (c === quote) quote = ''; continue; }
    if (depth > 0) {
      if (c === '"' || c === "'" || c === '`') quote = c;
      else if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '/' && src[i + 1] === '/') comment = true;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '>') return { end: i, breaks, unsafeToJoin };
  }
  return undefined;
}

/** Each JSX element of the tree, with the number of block quotes holding it and the end of its top-level block. */
function jsxElements(tree: AnyNode): Array<{ node: AnyNode; quotes: number; blockEnd: number }> {
  const found: Array<{ node: AnyNode; quotes: number; blockEnd: number }> = [];
  const walk = (node: AnyNode, quotes: number, blockEnd: number) => {
    if (isElement(node)) found.push({ node, quotes, blockEnd });
    const inner = quotes + (node.type === 'blockquote' ? 1 : 0);
    for (const child of node.children ?? []) walk(child, inner, node.type === 'root' ? child.position?.end.offset ?? -1 : blockEnd);
  };
  walk(tree, 0, -1);
  return found;
}

/** Text with its common leading indentation removed (blank lines ignored), trimmed of blank edge lines. */
export function dedent(text: string): string {
  const lines = text.replace(/\s+$/, '').split('\n');
  while (lines.length && !lines[0]!.trim()) lines.shift();
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length));
  return lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n');
}
const PLACEMENTS = new Set(['top-left', 'top-right', 'bottom-left', 'bottom-right']);

interface Pos { start: { line: number; column: number; offset?: number }; end: { line: number; column: number; offset?: number } }
interface EstreeData { estree?: EsNode }
interface AnyAttribute { type: string; name?: string; value?: unknown; data?: EstreeData }
interface AnyNode { type: string; name?: string | null; value?: string; lang?: string | null; meta?: string | null; position?: Pos; attributes?: AnyAttribute[]; children?: AnyNode[]; data?: EstreeData }
const isElement = (n: AnyNode) => n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement';
/** The string value of a JSX attribute (`name="x"`), or undefined (absent, or an expression). */
function stringAttr(node: AnyNode, name: string): string | undefined {
  const a = node.attributes?.find((x) => x.type === 'mdxJsxAttribute' && x.name === name);
  return typeof a?.value === 'string' ? a.value : undefined;
}
const hasAttr = (node: AnyNode, name: string) => !!node.attributes?.some((x) => x.type === 'mdxJsxAttribute' && x.name === name);

/** A prop a snippet reads as a bare name (`{word}`), rewritten to `props.word`. */
export interface SnippetRead { name: string; line: number; column: number; crashes: boolean }
/** A place a file renders an imported `.mdx`/`.md` snippet: `props` undefined when a spread passes unknown ones. */
export interface SnippetUsage { source: string; component: string; props?: string[]; line?: number; column?: number }

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
  opts: {
    componentsModule: string; variables?: Record<string, string>; dollarMath?: boolean;
    /** A snippet (under snippets/, or imported by another file): bare names in expressions are its props. */
    snippet?: boolean;
    /** Components run as Preact islands (`export const` components, JSX snippets); without it they stay server-only. */
    islands?: IslandContext;
  },
): MdxAnalysis {
  const diagnostics: Diagnostic[] = [];
  const { frontmatter, body: rawBody } = splitFrontmatter(source);
  const body = substituteVariables(rawBody, opts.variables);
  // Custom heading ids (`## Title {#id}`): the `{#id}` is cut before MDX parses it (it is no expression); the ids are
  // exported by heading text and applied to the rendered heading and the table of contents (routes/page.astro).
  const { text: withoutIds, lines: customIdLines } = cutHeadingIds(frontmatter.replace(/[^\n]/g, ' ') + body);
  const blanked = withoutIds;
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
  if (!tree) return { code: source, diagnostics, imports: [], reads: [], usages: [] };

  const declared = new Set<string>();
  const imports: string[] = [];
  const packages: PackageImport[] = [];
  const used = new Set<string>();
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const snippetImports: string[] = [];

  /** Names the file's imports and exports declare (from the estree), and default imports of `.mdx`/`.md` files. */
  const moduleNames = new Set<string>();
  const mdxImports = new Map<string, string>();
  const collectEsm = (t: AnyNode) => visit(t as never, (node: AnyNode) => {
    if (node.type === 'mdxjsEsm' && typeof node.value === 'string') {
      for (const n of declaredNames(node.value)) declared.add(n);
      for (const m of node.value.matchAll(/(?:from|import)\s+['"]((?:\/|\.\.?\/)[^'"]+)['"]/g)) imports.push(m[1]!);
      const program = node.data?.estree;
      if (program) {
        declaredIn(program, moduleNames);
        packages.push(...moduleImports(program).packages);
        for (const stmt of program.body as EsNode[]) {
          if (stmt.type !== 'ImportDeclaration' || !/\.mdx?$/.test(String((stmt.source as EsNode).value))) continue;
          for (const spec of stmt.specifiers as EsNode[]) {
            if (spec.type === 'ImportDefaultSpecifier') mdxImports.set((spec.local as EsNode).name as string, String((stmt.source as EsNode).value));
          }
        }
      }
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
      if (!tree) return { code: source, diagnostics, imports: [], reads: [], usages: [] };
      declared.clear();
      imports.length = 0;
      packages.length = 0;
      moduleNames.clear();
      mdxImports.clear();
      collectEsm(tree);
    }
  }
  const rawAt = new Map(raw.map((el) => [el.start, el]));

  // Components: `export const` components move to an island module (Preact, hooks available), uses of interactive
  // ones are hydrated. See islands/islands.ts.
  const esmPrograms: EsNode[] = [];
  visit(tree as never, (node: AnyNode) => {
    if (node.type === 'mdxjsEsm' && node.data?.estree) esmPrograms.push(node.data.estree);
  });
  const island = opts.islands ? new Island(opts.islands) : undefined;
  /** Names whose uses are hydrated (`client:load`). */
  const hydrate = new Set<string>();
  const wrappersUsed: string[] = [];
  if (island && opts.islands) {
    island.take(esmPrograms, blanked, file);
    diagnostics.push(...island.diagnostics);
    for (const [a, b] of island.moved) edits.push({ start: a, end: b, text: blanked.slice(a, b).replace(/[^\n]/g, ' ') });
    if (island.interactive) for (const n of island.names) hydrate.add(n);
    for (const program of esmPrograms) {
      for (const stmt of program.body as EsNode[]) {
        if (stmt.type !== 'ImportDeclaration') continue;
        const sourceNode = stmt.source as EsNode;
        const abs = opts.islands.resolveImport(String(sourceNode.value));
        if (!abs) continue;
        const specifiers = stmt.specifiers as EsNode[];
        const locals = specifiers.map((sp) => (sp.local as EsNode).name as string);
        if (/\.(jsx|tsx)$/.test(abs)) {
          if (opts.islands.jsxInteractive(abs)) for (const l of locals) hydrate.add(l);
        } else if (/\.mdx$/.test(abs)) {
          // Named exports of another MDX file that live in its island: imported from there (the browser loads the
          // island, never the MDX module).
          const other = opts.islands.mdxIsland(abs);
          const named = specifiers.length > 0 && specifiers.every((sp) => sp.type === 'ImportSpecifier' && other?.names.includes(String((sp.imported as EsNode).name ?? (sp.imported as EsNode).value)));
          if (!other || !named) continue;
          edits.push({ start: sourceNode.start, end: sourceNode.end, text: JSON.stringify(other.path) });
          island.addImport(`${blanked.slice(stmt.start, sourceNode.start)}${JSON.stringify(other.path)};`, locals);
          if (other.interactive) for (const l of locals) hydrate.add(l);
        }
      }
    }
  }
  // Built-ins used by components that stay in the MDX (rendered by Astro on the server).
  if (!island?.names.length) {
    for (const program of esmPrograms) for (const f of freeNames(program, moduleNames)) if (f.jsx && COMPONENT_SET.has(f.name)) used.add(f.name);
  }
  /** The source of an attribute, for a wrapper in the island module. */
  const attributeSource = (a: AnyAttribute): { name?: string; expression?: EsNode; source: string; spread: boolean } => {
    if (a.type === 'mdxJsxExpressionAttribute') {
      const obj = ((a.data?.estree?.body as EsNode[] | undefined)?.[0]?.expression) as EsNode | undefined;
      const spread = (obj?.properties as EsNode[] | undefined)?.[0];
      const arg = spread?.argument as EsNode | undefined;
      return { expression: arg, source: arg ? `{...${blanked.slice(arg.start, arg.end)}}` : '', spread: true };
    }
    if (a.value === null || a.value === undefined) return { name: a.name, source: a.name ?? '', spread: false };
    if (typeof a.value === 'string') return { name: a.name, source: `${a.name}=${JSON.stringify(a.value)}`, spread: false };
    const expr = (((a.value as AnyAttribute).data?.estree?.body as EsNode[] | undefined)?.[0]?.expression) as EsNode | undefined;
    return { name: a.name, expression: expr, source: expr ? `${a.name}={${blanked.slice(expr.start, expr.end)}}` : '', spread: false };
  };
  /** Hydrate one use of an island component: `client:load`, through a wrapper when its props cannot be serialised. */
  const hydrateUse = (node: AnyNode, name: string) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (!island || start === undefined || end === undefined || node.attributes?.some((a) => a.name?.startsWith('client:'))) return;
    const afterName = start + 1 + name.length;
    const wrapper = island.wrap(name, (node.attributes ?? []).map(attributeSource));
    if (!wrapper) {
      edits.push({ start: afterName, end: afterName, text: ' client:load' });
      return;
    }
    wrappersUsed.push(wrapper);
    edits.push({ start: start + 1, end: afterName, text: `${wrapper} client:load` });
    const close = blanked.lastIndexOf(`</${name}`, end);
    if (close > start) edits.push({ start: close + 2, end: close + 2 + name.length, text: wrapper });
  };

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
      unknownComponent(name, lineAt(offset + m.index!));
    }
  };
  /**
   * A component nothing defines: Mintlify still publishes the page and shows the element's children in its place, so
   * it is a warning (an error with --strict) and the name is bound to a pass-through component.
   */
  const unknown = new Set<string>();
  const unknownComponent = (name: string, at: { line: number; column?: number }) => {
    unknown.add(name);
    const close = suggest(name);
    diagnostics.push({
      severity: 'warning', code: 'mdx/unknown-component', file, ...at, target: `<${name}>`,
      message: `Unknown component <${name}>: nothing defines it, so only its children are shown.`,
      hint: close ? `Did you mean <${close}>?` : `Import it in the file (import { ${name} } from '/snippets/${name}.jsx') or use a built-in component (see the components docs).`,
    });
  };
  const latexTag = (tex: string, display: boolean, lines: number) => `<Latex data="${encodeMath({ tex, display })}"${'\n'.repeat(lines)} />`;

  // Expressions: in a snippet, bare names are props (`{word}` -> `{props.word}`); in a page, a name nothing
  // defines would throw a ReferenceError while the site is built, so it is reported here with its line.
  const reads: SnippetRead[] = [];
  const usages: SnippetUsage[] = [];
  const checkExpression = (program: EsNode, inContent: boolean, node?: AnyNode) => {
    const statement = (program.body as EsNode[] | undefined)?.[0];
    const expression = statement?.type === 'ExpressionStatement' ? statement.expression as EsNode : undefined;
    const props = expression?.type === 'ObjectExpression' ? expression.properties as EsNode[] : [];
    if (inContent && props.length === 1 && props[0]!.shorthand === true && /^\{\s*\{/.test(blanked.slice(program.start - 1, program.end))) {
      // `{{name}}` in the text that docs.json `variables` does not define (MDX reads it as an object literal). In the
      // text of a page (a prompt template, a placeholder in a table) it is shown as written, with a warning, as a
      // `{name}` nothing defines is; elsewhere (an attribute, a snippet) it stays an error.
      const name = (props[0]!.key as EsNode).name as string;
      const known = Object.keys(opts.variables ?? {});
      const start = node?.position?.start.offset;
      const end = node?.position?.end.offset;
      const asText = !opts.snippet && start !== undefined && end !== undefined;
      diagnostics.push({
        severity: asText ? 'warning' : 'error', code: 'mdx/unknown-variable', file, ...lineAt(program.start),
        message: `Unknown variable {{${name}}}: docs.json \`variables\` does not define it${asText ? ', so it is shown as written' : ''}.`,
        hint: known.length ? `Defined variables: ${known.join(', ')}.` : 'Add it to "variables" in docs.json, or write \\{ to show a brace.',
      });
      if (asText) {
        const source = blanked.slice(start, end);
        edits.push({ start, end, text: textExpression(source) });
      }
      return;
    }
    // `{id}` in the text of a page (a URL template, a placeholder) with a name nothing defines: Mintlify publishes the
    // site and that page fails to render; Lectern shows the braces as written and warns (an error with --strict).
    const start = node?.position?.start.offset;
    const end = node?.position?.end.offset;
    const asText = inContent && !opts.snippet && start !== undefined && end !== undefined && !blanked.slice(start, end).includes('<');
    let shownAsText = false;
    for (const f of freeNames(program, moduleNames)) {
      if (f.jsx) {
        if (COMPONENT_SET.has(f.name)) { used.add(f.name); continue; }
        if (declared.has(f.name)) continue;
        unknownComponent(f.name, lineAt(f.start));
        continue;
      }
      if (isGlobalName(f.name)) continue;
      if (opts.snippet) {
        edits.push({ start: f.start, end: f.end, text: f.shorthand ? `${f.name}: props.${f.name}` : `props.${f.name}` });
        reads.push({ name: f.name, ...lineAt(f.start), crashes: f.crashes && !f.inFunction });
      } else if (!f.inFunction && !f.typeofArg && asText) {
        const source = blanked.slice(start, end);
        diagnostics.push({
          severity: 'warning', code: 'mdx/undefined-name', file, ...lineAt(f.start),
          message: `\`${f.name}\` is not defined, so \`${source.replace(/\s*\n\s*/g, ' ')}\` is shown as text (Mintlify fails to render this page).`,
          hint: `MDX reads {…} as JavaScript. To show the braces, write \\{${f.name}\\} or put it in \`backticks\`; to use a value, declare it (export const ${f.name} = …); a docs.json variable is written {{${f.name}}}.`,
        });
        if (!shownAsText) {
          edits.push({ start: start!, end: end!, text: textExpression(source) });
          shownAsText = true;
        }
      } else if (!f.inFunction && !f.typeofArg) {
        diagnostics.push({
          severity: 'error', code: 'mdx/undefined-name', file, ...lineAt(f.start),
          message: `\`${f.name}\` is not defined.`,
          hint: `Declare it in the file (export const ${f.name} = …) or import it. Bare names are props only in snippets (files under snippets/ or imported by a page); a docs.json variable is written {{${f.name}}}.`,
        });
      }
    }
  };
  // An opening tag whose `>` starts a line (`<h1\n  style={…}\n>Title</h1>`): MDX in JavaScript (Mintlify, `lectern
  // check`) accepts it, the compiler of the build reads that line as a block quote and refuses the page. An empty
  // spread attribute before the `>` keeps the tag and its lines as they are.
  // In a block quote the build's compiler reads no opening tag over several lines as MDX in JavaScript does: it takes
  // the `>` marker of the next line for the end of the tag (`> <div\n>   className="a">x</div>` shows the attribute as
  // text, `> <div\n>   className="a"\n> >x</div>` is refused). Such a tag is joined onto its first line; the lines
  // it took are added after the top-level block holding it, so the lines of the rest of the file stay where they are.
  for (const { node, quotes, blockEnd } of jsxElements(tree)) {
    const start = node.position?.start.offset;
    if (start === undefined || rawAt.has(start)) continue;
    const tag = openingTag(blanked, start, quotes);
    if (!tag) continue;
    if (quotes > 0) {
      if (!tag.breaks.length || tag.unsafeToJoin || blockEnd < tag.end) continue;
      for (const [a, b] of tag.breaks) edits.push({ start: a, end: b, text: ' ' });
      edits.push({ start: blockEnd, end: blockEnd, text: '\n'.repeat(tag.breaks.length) });
      continue;
    }
    const mark = blanked[tag.end - 1] === '/' ? tag.end - 1 : tag.end;
    const lineStart = blanked.lastIndexOf('\n', mark - 1);
    if (lineStart > start && /^\s*$/.test(blanked.slice(lineStart + 1, mark))) edits.push({ start: mark, end: mark, text: '{...{}}' });
  }
  visit(tree as never, (node: AnyNode) => {
    if ((node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') && node.data?.estree) checkExpression(node.data.estree, true, node);
    if (!isElement(node) || (node.position?.start.offset !== undefined && rawAt.has(node.position.start.offset))) return;
    for (const a of node.attributes ?? []) {
      const program = a.type === 'mdxJsxExpressionAttribute' ? a.data?.estree : (a.value as AnyAttribute | undefined)?.data?.estree;
      if (program) checkExpression(program, false);
    }
  });

  /** Field anchors (`param-<name>`) de-duplicated per file like heading slugs: the first keeps its id, then -1, -2… */
  const fieldIds = new Set<string>();
  const claimFieldId = (id: string) => {
    let out = id;
    for (let n = 1; fieldIds.has(out); n++) out = `${id}-${n}`;
    fieldIds.add(out);
    return out;
  };
  /** The source of an element's children, de-indented (for <Prompt> copy text and the agents' Markdown). */
  const childrenSource = (node: AnyNode) => childrenText(blanked, node);

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
      // Code block options (Mintlify's meta line): problems are reported here, with the file and line.
      if (node.meta && node.lang !== 'mermaid') {
        for (const problem of parseMeta(node.meta).problems) {
          diagnostics.push({ severity: 'warning', code: 'mdx/code-meta', file, line: start.line, column: start.column, message: `Code block options: ${problem}`, hint: 'Options: title or title="…", icon="…", highlight={1,3-5}, focus={2}, lines, wrap, expandable, twoslash.' });
        }
      }
      const payload = encodeURIComponent(JSON.stringify({ lang: node.lang ?? '', meta: node.meta ?? '', code: node.value ?? '' }));
      const lines = end.line - start.line;
      // In a snippet, `{name}` in code is the prop `name` when the page passes it (Mintlify's code-fence variables);
      // the payload stays URI-encoded inside the expression, so braces in the code never unbalance it.
      const data = opts.snippet && /\{[A-Za-z_$][\w$]*\}/.test(node.value ?? '')
        ? `{((p) => encodeURIComponent(JSON.stringify(Object.assign(p, { code: p.code.replace(/\\u007b([A-Za-z_$][\\w$]*)\\u007d/g, (m, k) => (props[k] == null ? m : String(props[k]))) }))))(JSON.parse(decodeURIComponent("${payload}")))}`
        : `"${payload}"`;
      edits.push({ start: start.offset!, end: end.offset!, text: `<CodeBlock data=${data} />` + '\n'.repeat(lines) });
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
          usages.push({ source: target, component: 'Snippet', props: [], line: node.position.start.line, column: node.position.start.column });
          return;
        }
        diagnostics.push({ severity: 'error', code: 'mdx/snippet-file', file, line: node.position?.start.line, column: node.position?.start.column, message: '<Snippet> needs a string `file` attribute, e.g. <Snippet file="intro.mdx" />.' });
        return;
      }
      if (declared.has(name)) {
        if (hydrate.has(node.name)) hydrateUse(node, node.name);
        const source = mdxImports.get(node.name);
        if (source) {
          const spread = node.attributes?.some((a) => a.type === 'mdxJsxExpressionAttribute');
          const passed = spread ? undefined : (node.attributes ?? []).flatMap((a) => (a.name ? [a.name] : []));
          usages.push({ source, component: node.name, props: passed, line: node.position?.start.line, column: node.position?.start.column });
        }
        return;
      }
      if (COMPONENT_SET.has(name)) {
        used.add(name);
        const start = node.position?.start.offset;
        const end = node.position?.end.offset;
        if (start === undefined || end === undefined) return;
        const afterName = start + 1 + node.name.length;
        if ((name === 'ParamField' || name === 'ResponseField') && !node.name.includes('.')) {
          const explicit = stringAttr(node, 'id');
          const fieldName = name === 'ResponseField' ? stringAttr(node, 'name') : ['query', 'path', 'header', 'cookie', 'body'].map((k) => stringAttr(node, k)).find((v) => v !== undefined);
          if (explicit !== undefined) fieldIds.add(explicit);
          else if (fieldName !== undefined) {
            const id = `param-${kebab(fieldName)}`;
            const claimed = claimFieldId(id);
            if (claimed !== id) edits.push({ start: afterName, end: afterName, text: ` id="${claimed}"` });
          }
        }
        if ((name === 'Tree' || name === 'FileTree') && node.name === name) {
          // Mintlify's Markdown-list form: a nested list inside the tag, a trailing slash (or nested items) = folder.
          for (const child of node.children ?? []) {
            const a = child.position?.start.offset;
            const b = child.position?.end.offset;
            if (child.type !== 'list' || a === undefined || b === undefined) continue;
            edits.push({ start: a, end: b, text: listToTree(child, name) + '\n'.repeat(newlines(blanked.slice(a, b))) });
          }
        }
        if (name === 'Prompt' && node.children?.length && !hasAttr(node, 'source')) {
          edits.push({ start: afterName, end: afterName, text: ` source="${encodeURIComponent(childrenSource(node))}"` });
        }
        const audience = name === 'Visibility' ? stringAttr(node, 'for') : undefined;
        if (name === 'Visibility' && audience !== 'humans' && audience !== 'agents') {
          diagnostics.push({
            severity: 'warning', code: 'mdx/visibility-for', file, line: node.position?.start.line, column: node.position?.start.column,
            message: `<Visibility> needs for="humans" or for="agents"${audience === undefined ? '' : ` (got "${audience}")`}; its content is shown to both.`,
          });
        }
        if (audience === 'agents') {
          // Only the Markdown copy for agents shows it: dropped from the page (and its headings from the TOC).
          edits.push({ start, end, text: '<Visibility for="agents" />' + '\n'.repeat(newlines(blanked.slice(start, end))) });
        }
        return;
      }
      unknownComponent(name, { line: node.position?.start.line ?? 1, column: node.position?.start.column });
    }
  });

  // The island's components are imported where the first moved declaration was (or after the first import): Astro
  // needs a hydrated component's import before its first use. On the same line: line numbers stay.
  if (island?.used) {
    const text = `import { ${[...island.names, ...wrappersUsed].join(', ')} } from ${JSON.stringify(island.ctx.path)};${island.names.length ? ` export { ${island.names.join(', ')} };` : ''}`;
    const firstImport = esmPrograms.flatMap((p) => p.body as EsNode[]).find((st) => st.type === 'ImportDeclaration');
    const at = island.moved[0]?.[0] ?? firstImport?.end;
    if (at !== undefined) edits.push({ start: at, end: at, text: island.moved.length ? text : ` ${text}` });
  }

  // Apply edits back to front on the body (offsets include the blanked frontmatter). An edit inside a range another
  // edit replaces (code inside a dropped <Visibility for="agents">) is left out: the outer edit wins.
  edits.sort((a, b) => a.start - b.start || (b.end - b.start) - (a.end - a.start));
  const kept: typeof edits = [];
  let cover: (typeof edits)[number] | undefined;
  for (const e of edits) {
    const inserts = e.start === e.end;
    if (cover && e.start >= cover.start && e.end <= cover.end && !(inserts && (e.start === cover.start || e.start === cover.end))) continue;
    kept.push(e);
    if (!inserts && (!cover || e.end > cover.end)) cover = e;
  }
  // Back to front; at one offset the replacement goes first, then what is inserted before it.
  kept.sort((a, b) => b.start - a.start || b.end - a.end);
  let out = blanked;
  for (const e of kept) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  out = frontmatter + out.slice(frontmatter.length);
  const builtins = [...used].filter((n) => !declared.has(n));
  const unknownNames = [...unknown].filter((n) => !declared.has(n) && !used.has(n)).sort();
  const tail: string[] = [...snippetImports];
  const specifiers = [...builtins.sort(), ...unknownNames.map((n) => `LecternUnknown as ${n}`)];
  if (specifiers.length) tail.push(`import { ${specifiers.join(', ')} } from ${JSON.stringify(opts.componentsModule)};`);
  if (customIdLines.size) {
    const ids: Record<string, string> = {};
    visit(tree as never, (node: AnyNode) => {
      const id = node.type === 'heading' && node.position ? customIdLines.get(node.position.start.line) : undefined;
      if (id) ids[inlineText(node).trim()] = id;
    });
    tail.push(`export const lecternHeadingIds = ${JSON.stringify(ids)};`);
  }
  if (tail.length) out += '\n\n' + tail.join('\n') + '\n';
  const islandOut = island?.used ? { path: island.ctx.path, code: island.code(), names: island.names, interactive: island.interactive } : undefined;
  return { code: out, diagnostics, imports, packages, reads, usages, ...(islandOut ? { island: islandOut } : {}) };
}

/** `## Title {#id}` headings: the text with each `{#id}` blanked (same length), and the heading line -> id. */
function cutHeadingIds(src: string): { text: string; lines: Map<number, string> } {
  const lines = new Map<number, string>();
  if (!src.includes('{#')) return { text: src, lines };
  const code = codeRanges(src);
  let offset = 0;
  const out = src.split('\n').map((line, i) => {
    const m = /^(\s{0,3}#{1,6}\s.*?)(\s*)\{#([A-Za-z][\w:.-]*)\}\s*$/.exec(line);
    const at = offset;
    offset += line.length + 1;
    if (!m || code.some(([a, b]) => at >= a && at < b)) return line;
    lines.set(i + 1, m[3]!);
    return m[1]! + ' '.repeat(line.length - m[1]!.length);
  });
  return { text: out.join('\n'), lines };
}

/** The plain text of Markdown inline content (formatting such as `code`, **bold**, _italic_ stripped). */
function inlineText(node: AnyNode): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value ?? '';
  return (node.children ?? []).map(inlineText).join('');
}

/** A Markdown list inside <Tree>/<FileTree> as Tree.Folder / Tree.File elements (on one line). */
function listToTree(list: AnyNode, root: string): string {
  const item = (li: AnyNode): string => {
    const label = (li.children ?? []).filter((c) => c.type === 'paragraph').map(inlineText).join(' ').trim();
    const nested = (li.children ?? []).filter((c) => c.type === 'list');
    const folder = label.endsWith('/') || nested.length > 0;
    const name = JSON.stringify(label.replace(/\/+$/, ''));
    if (!folder) return `<${root}.File name={${name}} />`;
    const inner = nested.flatMap((l) => (l.children ?? []).map(item)).join('');
    return `<${root}.Folder name={${name}}${nested.length ? ' defaultOpen' : ''}>${inner}</${root}.Folder>`;
  };
  return (list.children ?? []).map(item).join('');
}

// The Markdown copy for agents and the changelog feed -------------------------------------------------------------

/** Parse an MDX body for the helpers below (dollar math on: `$` then never splits a component). */
function parseBody(body: string): AnyNode | undefined {
  try {
    return parser.parse(body) as unknown as AnyNode;
  } catch {
    return undefined;
  }
}

/** An attribute's value: the string, or the literal its `{…}` expression holds; `true` for a bare attribute. */
function attrValue(node: AnyNode, name: string): unknown {
  const a = node.attributes?.find((x) => x.type === 'mdxJsxAttribute' && x.name === name);
  if (!a) return undefined;
  if (a.value === null || a.value === undefined) return true;
  if (typeof a.value === 'string') return a.value;
  const program = (a.value as AnyAttribute).data?.estree;
  const stmt = (program?.body as EsNode[] | undefined)?.[0];
  return stmt?.type === 'ExpressionStatement' ? literalValue(stmt.expression as EsNode) : undefined;
}

/** The source of `node`'s children in `src`, de-indented. */
function childrenText(src: string, node: AnyNode, cut: Array<[number, number]> = []): string {
  const first = node.children?.[0]?.position?.start.offset;
  const last = node.children?.at(-1)?.position?.end.offset;
  if (first === undefined || last === undefined) return '';
  let from = src.lastIndexOf('\n', first - 1) + 1;
  let text = '';
  for (const [a, b] of [...cut].sort((x, y) => x[0] - y[0])) {
    if (b <= from || a >= last) continue;
    text += src.slice(from, Math.max(from, a));
    from = Math.max(from, b);
  }
  text += src.slice(from, last);
  return dedent(text.replace(/\n[ \t]*(\n[ \t]*)+\n/g, '\n\n'));
}

/**
 * The page body as the `.md` copy shows it to agents: `<Visibility for="humans">` blocks left out, the children
 * of `<Visibility for="agents">` kept in their place (Mintlify's Markdown export).
 */
export function markdownForAgents(body: string): string {
  if (!body.includes('<Visibility')) return body;
  const tree = parseBody(body);
  if (!tree) return body;
  const edits: Array<{ start: number; end: number; text: string }> = [];
  visit(tree as never, (node: AnyNode) => {
    if (!isElement(node) || node.name !== 'Visibility') return;
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    const audience = stringAttr(node, 'for');
    if (audience === 'humans') edits.push({ start, end, text: '' });
    else edits.push({ start, end, text: markdownForAgents(childrenText(body, node)) });
    return 'skip';
  });
  let out = body;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out.replace(/\n{3,}/g, '\n\n');
}

/** One `<Update>` of a changelog page, for its RSS feed. */
export interface UpdateEntry {
  label: string;
  description?: string;
  tags: string[];
  /** The `rss={{ title, description }}` prop. */
  rss?: { title?: string; description?: string };
  /** The children as Markdown without components, code, HTML or expressions (Mintlify's feed entries). */
  markdown: string;
  line?: number;
}

const NOT_IN_FEED = new Set(['code', 'inlineCode', 'html', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxFlowExpression', 'mdxTextExpression', 'mdxjsEsm', 'math', 'inlineMath']);

/** The `<Update>` entries of an MDX body, in page order (nested ones are not separate entries). */
export function updateEntries(body: string): UpdateEntry[] {
  if (!body.includes('<Update')) return [];
  const tree = parseBody(body);
  if (!tree) return [];
  const out: UpdateEntry[] = [];
  visit(tree as never, (node: AnyNode) => {
    if (!isElement(node) || node.name !== 'Update') return;
    const label = attrValue(node, 'label');
    if (typeof label !== 'string' && typeof label !== 'number') return 'skip';
    const cut: Array<[number, number]> = [];
    for (const child of node.children ?? []) {
      visit(child as never, (inner: AnyNode) => {
        if (!NOT_IN_FEED.has(inner.type)) return;
        if (inner.position?.start.offset !== undefined && inner.position.end.offset !== undefined) cut.push([inner.position.start.offset, inner.position.end.offset]);
        return 'skip';
      });
    }
    const tags = attrValue(node, 'tags');
    const rss = attrValue(node, 'rss');
    const description = attrValue(node, 'description');
    out.push({
      label: String(label),
      description: typeof description === 'string' ? description : undefined,
      tags: Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [],
      rss: rss && typeof rss === 'object' ? {
        title: typeof (rss as { title?: unknown }).title === 'string' ? (rss as { title: string }).title : undefined,
        description: typeof (rss as { description?: unknown }).description === 'string' ? (rss as { description: string }).description : undefined,
      } : undefined,
      markdown: childrenText(body, node, cut).trim(),
      line: node.position?.start.line,
    });
    return 'skip';
  });
  return out;
}
