/**
 * MDX analysis and source preparation, done with unified + remark-mdx (Astro 7's native MDX processor runs no
 * remark plugins). `analyzeMdx` parses the file once and runs the passes listed in passes/index.ts over it, one job
 * each (see MdxPass in passes/context.ts):
 *  - variables: `{{variable}}` substitution from docs.json `variables`;
 *  - islands: `export const` components run as Preact islands, interactive uses hydrated;
 *  - opening-tags: JSX tags over several lines that the build's compiler misreads;
 *  - snippet-props / undefined-names: in a snippet, bare names in expressions are its props (`{word}` ->
 *    `{props.word}`, also in its code fences); in a page, a name nothing defines is reported with its line;
 *  - unknown-components: diagnostics naming the component, file and line;
 *  - math: `$…$`, `$$…$$` and `<Latex>…</Latex>` -> `<Latex data="…"/>`, KaTeX's errors as warnings;
 *  - mermaid: `<Mermaid>…</Mermaid>` children kept verbatim; code-fences: fences -> `<CodeBlock data="…"/>`;
 *  - legacy-snippets: `<Snippet file="x.mdx"/>` -> an import of `/snippets/x.mdx`;
 *  - param-field-anchors, file-trees, prompt, visibility: what those built-in components need;
 *  - icons: the icons built-in components draw, for `lectern check` to look up;
 *  - component-imports: an import of the built-in components the file uses (authors never import them);
 *  - heading-ids: `## Title {#id}`.
 * The passes' edits keep the file's line numbers (replacements are padded to the same number of lines).
 * Also the helpers behind each page's `.md` copy (`markdownForAgents`) and changelog feed (`updateEntries`).
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
// Not the package's index: the analysis worker (workers/mdx-worker.ts) would load all of core (specs, code samples…).
import { cutHeadingIds } from '@lectern/core/heading-ids';
import { substituteVariables } from '../shared/render/variables.ts';
import { declaredIn, freeNames, literalValue, type EsNode } from '../shared/modules/estree-scope.ts';
import { moduleImports, type PackageImport } from '../shared/modules/package-imports.ts';
import type {
  AnalyzeOptions,
  AnyAttribute,
  AnyNode,
  Edit,
  Expression,
  IconUse,
  MdxContext,
  MdxPass,
  MdxPassFactory,
  RawElement,
  SnippetRead,
  SnippetUsage,
} from './passes/context.ts';
import { PASSES } from './passes/index.ts';
import { codeRanges, lineAt } from './passes/text.ts';
import { guardAutolinkLiterals } from './autolink-literals.ts';
import { childrenText, isElement, stringAttr, walk } from './passes/tree.ts';

export { substituteVariables };
export { dedent } from './passes/text.ts';
export { suggest } from './passes/unknown-components.ts';
export type { AnalyzeOptions, IconUse, SnippetRead, SnippetUsage };

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
  /** Icons its built-in components draw, when it has any (passes/icons.ts). */
  icons?: IconUse[];
  /** The island module of the file's components (see islands/islands.ts), to be written at `path`. */
  island?: { path: string; code: string; names: string[]; interactive: boolean };
}

/**
 * The source to hand to @astrojs/mdx, and what the analysis found: the `source` hooks of the passes on the text (its
 * frontmatter blanked), the parse, the passes over the tree, their edits applied and their lines added at the end.
 * `passes`: the list of passes/index.ts (a test may give a few).
 */
export function analyzeMdx(source: string, file: string, opts: AnalyzeOptions, passes: readonly MdxPassFactory[] = PASSES): MdxAnalysis {
  const run = passes.map((make) => make());
  const { frontmatter, body } = splitFrontmatter(source);
  const text = run.reduce((t, pass) => pass.source?.(t, opts) ?? t, frontmatter.replace(/[^\n]/g, ' ') + body);
  const parsed = parseFile(text, file, opts);
  if ('error' in parsed) return { code: source, diagnostics: [parsed.error], imports: [], reads: [], usages: [] };
  const ctx: MdxContext = {
    file,
    opts,
    text,
    tree: parsed.tree,
    rawAt: parsed.rawAt,
    ...parsed.scope,
    edits: [],
    diagnostics: [],
    reads: [],
    usages: [],
    icons: [],
    used: new Set(),
    unknown: new Set(),
    tail: [],
  };
  runPasses(run, ctx);
  let code = frontmatter + applyEdits(text, ctx.edits).slice(frontmatter.length);
  if (ctx.tail.length) code += '\n\n' + ctx.tail.join('\n') + '\n';
  const island = ctx.island?.used
    ? { path: ctx.island.ctx.path, code: ctx.island.code(), names: ctx.island.names, interactive: ctx.island.interactive }
    : undefined;
  return {
    code,
    diagnostics: ctx.diagnostics,
    imports: ctx.imports,
    packages: ctx.packages,
    reads: ctx.reads,
    usages: ctx.usages,
    ...(ctx.icons.length ? { icons: ctx.icons } : {}),
    ...(island ? { island } : {}),
  };
}

/**
 * The passes' hooks over the parsed file, each kind for every pass in turn: `start`; a walk of the expressions
 * (`expression`, then `freeName` for each name it reads but does not define); a walk of the tree (`node`); `end`.
 */
function runPasses(passes: MdxPass[], ctx: MdxContext): void {
  for (const pass of passes) pass.start?.(ctx);
  forEachExpression(ctx, (expr) => {
    if (passes.some((pass) => pass.expression?.(expr, ctx) === true)) return;
    for (const name of freeNames(expr.program, ctx.moduleNames)) for (const pass of passes) pass.freeName?.(name, expr, ctx);
  });
  walk(ctx.tree, (node: AnyNode) => {
    for (const pass of passes) pass.node?.(node, ctx);
  });
  for (const pass of passes) pass.end?.(ctx);
}

/** The expressions of the file in document order: `{…}` in the text, attribute values (not those of raw elements). */
function forEachExpression(ctx: MdxContext, each: (expr: Expression) => void): void {
  walk(ctx.tree, (node: AnyNode) => {
    if ((node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') && node.data?.estree)
      each({ program: node.data.estree, inContent: true, node });
    if (!isElement(node) || (node.position?.start.offset !== undefined && ctx.rawAt.has(node.position.start.offset))) return;
    for (const a of node.attributes ?? []) {
      const program = a.type === 'mdxJsxExpressionAttribute' ? a.data?.estree : (a.value as AnyAttribute | undefined)?.data?.estree;
      if (program) each({ program, inContent: false });
    }
  });
}

/**
 * `text` with the edits applied, back to front (offsets include the blanked frontmatter). An edit inside a range
 * another edit replaces (code inside a dropped <Visibility for="agents">) is left out: the outer edit wins.
 */
function applyEdits(text: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  const kept: Edit[] = [];
  let cover: Edit | undefined;
  for (const e of sorted) {
    const inserts = e.start === e.end;
    if (cover && e.start >= cover.start && e.end <= cover.end && !(inserts && (e.start === cover.start || e.start === cover.end))) continue;
    kept.push(e);
    if (!inserts && (!cover || e.end > cover.end)) cover = e;
  }
  // Back to front; at one offset the replacement goes first, then what is inserted before it.
  kept.sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const e of kept) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/**
 * Where the expressions of an MDX file first read `name` without defining it, as a line and column of `source`: for
 * an error thrown while a page renders that names it (`location is not defined`), the expression's own line, not the
 * first place the word appears (prose, a code fence above it). Undefined when no expression reads it.
 */
export function freeNameAt(source: string, name: string): { line: number; column: number } | undefined {
  const { frontmatter, body } = splitFrontmatter(source);
  const text = cutHeadingIds(frontmatter.replace(/[^\n]/g, ' ') + body).text;
  const parsed = parseFile(text, '', { componentsModule: '' });
  if ('error' in parsed) return undefined;
  let at: { line: number; column: number } | undefined;
  forEachExpression({ tree: parsed.tree, rawAt: parsed.rawAt } as MdxContext, (expr) => {
    const read = at ? undefined : freeNames(expr.program, parsed.scope.moduleNames).find((f) => f.name === name && !f.jsx);
    if (read) at = lineAt(text, read.start);
  });
  return at;
}

// The parse ---------------------------------------------------------------------------------------------------------

/** `$…$` / `$$…$$` (micromark's math syntax: inside it `{`, `<` and `\\` are LaTeX, not MDX). */
function remarkMathSyntax(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(mathSyntax());
  (data.fromMarkdownExtensions ??= []).push(mathFromMarkdown());
}

/** Exported for a test: remark-gfm's autolink literal transform is guarded (autolink-literals.ts). */
export const parser = unified().use(remarkParse).use(remarkGfm).use(guardAutolinkLiterals).use(remarkMdx).use(remarkMathSyntax);
/** docs.json `styling.latex: false`: dollar signs are text. */
const parserWithoutDollarMath = unified().use(remarkParse).use(remarkGfm).use(guardAutolinkLiterals).use(remarkMdx);

export function splitFrontmatter(source: string): { frontmatter: string; body: string } {
  const m = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(\r?\n|$)/.exec(source);
  if (!m) return { frontmatter: '', body: source };
  return { frontmatter: m[0], body: source.slice(m[0].length) };
}

/** What the file's imports and exports define; the context's fields of the same names (passes/context.ts). */
type ModuleScope = Pick<MdxContext, 'declared' | 'moduleNames' | 'mdxImports' | 'esmPrograms' | 'imports' | 'packages'>;

/**
 * The tree of the text, with its module scope and the `<Latex>`/`<Mermaid>` elements whose children are source text.
 * Those children are blanked for the parse; then only the elements the tree really has are kept (not those shown
 * inside code, nor components the file imports under the same name) and the text parsed again.
 */
function parseFile(
  text: string,
  file: string,
  opts: AnalyzeOptions,
): { tree: AnyNode; scope: ModuleScope; rawAt: Map<number, RawElement> } | { error: Diagnostic } {
  const parse = (raw: RawElement[]) => {
    try {
      return (opts.dollarMath === false ? parserWithoutDollarMath : parser).parse(maskRaw(text, raw)) as unknown as AnyNode;
    } catch (err) {
      return syntaxError(err, file);
    }
  };
  let raw = findRawElements(text);
  let tree = parse(raw);
  if ('error' in tree) return tree;
  let scope = moduleScope(tree);
  if (raw.length) {
    const starts = new Set<number>();
    walk(tree, (node: AnyNode) => {
      if (isElement(node) && node.position?.start.offset !== undefined) starts.add(node.position.start.offset);
    });
    const kept = raw.filter((el) => starts.has(el.start) && !scope.declared.has(el.name));
    if (kept.length !== raw.length) {
      raw = kept;
      tree = parse(raw);
      if ('error' in tree) return tree;
      scope = moduleScope(tree);
    }
  }
  return { tree, scope, rawAt: new Map(raw.map((el) => [el.start, el])) };
}

function syntaxError(err: unknown, file: string): { error: Diagnostic } {
  type Point = { line?: number; column?: number };
  const e = err as { message?: string; reason?: string; line?: number; column?: number; place?: Point & { start?: Point } };
  const fromText = /\((\d+):(\d+)/.exec(e.message ?? '');
  const place = e.place?.start ?? e.place ?? (fromText ? { line: Number(fromText[1]), column: Number(fromText[2]) } : undefined);
  return {
    error: {
      severity: 'error',
      code: 'mdx/syntax',
      file,
      line: e.line ?? place?.line,
      column: e.column ?? place?.column,
      message: `MDX syntax error: ${e.reason ?? e.message ?? String(err)}`,
    },
  };
}

/** Names the file's imports and exports declare (from the estree), its local imports and default imports of `.mdx`/`.md` files. */
function moduleScope(tree: AnyNode): ModuleScope {
  const scope: ModuleScope = {
    declared: new Set(),
    moduleNames: new Set(),
    mdxImports: new Map(),
    esmPrograms: [],
    imports: [],
    packages: [],
  };
  walk(tree, (node: AnyNode) => {
    if (node.type !== 'mdxjsEsm') return;
    if (node.data?.estree) scope.esmPrograms.push(node.data.estree);
    if (typeof node.value !== 'string') return;
    for (const n of declaredNames(node.value)) scope.declared.add(n);
    for (const m of node.value.matchAll(/(?:from|import)\s+['"]((?:\/|\.\.?\/)[^'"]+)['"]/g)) scope.imports.push(m[1]!);
    const program = node.data?.estree;
    if (!program) return;
    declaredIn(program, scope.moduleNames);
    scope.packages.push(...moduleImports(program).packages);
    for (const stmt of program.body as EsNode[]) {
      if (stmt.type !== 'ImportDeclaration' || !/\.mdx?$/.test(String((stmt.source as EsNode).value))) continue;
      for (const spec of stmt.specifiers as EsNode[]) {
        if (spec.type === 'ImportDefaultSpecifier')
          scope.mdxImports.set((spec.local as EsNode).name as string, String((stmt.source as EsNode).value));
      }
    }
  });
  return scope;
}

function declaredNames(esm: string): string[] {
  const out: string[] = [];
  const imp = /import\s+([\s\S]*?)\s+from\s+['"]/g;
  for (const m of esm.matchAll(imp)) {
    const spec = m[1] ?? '';
    for (const part of spec.replace(/[{}*]/g, ',').split(',')) {
      const id = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (id && /^[A-Za-z_$][\w$]*$/.test(id)) out.push(id);
    }
  }
  for (const m of esm.matchAll(/export\s+(?:const|let|var|function|class)\s+([A-Za-z_$][\w$]*)/g)) out.push(m[1]!);
  for (const m of esm.matchAll(/(?:const|let|var|function)\s+([A-Z][\w$]*)/g)) out.push(m[1]!);
  return out;
}

/** Components whose children are source text (LaTeX, Mermaid), not MDX. */
const RAW_CHILDREN = /<(Latex|Mermaid)((?:\s+[^\s>"'{}/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|\{[^{}]*\}))?)*)\s*(\/?)>/g;

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
  for (const el of els)
    out = out.slice(0, el.innerStart) + src.slice(el.innerStart, el.innerEnd).replace(/[^\n]/g, ' ') + out.slice(el.innerEnd);
  return out;
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

const NOT_IN_FEED = new Set([
  'code',
  'inlineCode',
  'html',
  'mdxJsxFlowElement',
  'mdxJsxTextElement',
  'mdxFlowExpression',
  'mdxTextExpression',
  'mdxjsEsm',
  'math',
  'inlineMath',
]);

/**
 * The `<Update>` entries of an MDX body, in page order (nested ones are not separate entries). A long changelog is
 * parsed one top-level `<Update>` at a time (each starting a line, outside code blocks): the MDX parser's time grows
 * faster than the text (crewAI's 156 KB changelog: 2 s whole), and each entry reads the same alone. When a piece does
 * not parse alone (the Updates sit in another element, say), the body is parsed whole.
 */
export function updateEntries(body: string): UpdateEntry[] {
  if (!body.includes('<Update')) return [];
  const pieces = updatePieces(body);
  if (pieces.length > 1) {
    const out: UpdateEntry[] = [];
    for (const { text, lines } of pieces) {
      const entries = entriesIn(text);
      if (!entries) return entriesIn(body) ?? [];
      for (const e of entries) out.push(e.line === undefined ? e : { ...e, line: e.line + lines });
    }
    return out;
  }
  return entriesIn(body) ?? [];
}

/** `body` cut before each `<Update` that starts a line outside a fenced code block; `lines`: lines before the piece. */
function updatePieces(body: string): Array<{ text: string; lines: number }> {
  const fences: Array<[number, number]> = [...body.matchAll(FENCED)].map((m) => [m.index, m.index + m[0].length]);
  const cuts = [0];
  for (const m of body.matchAll(/^<Update[\s>]/gm)) {
    if (m.index > 0 && !fences.some(([from, to]) => m.index > from && m.index < to)) cuts.push(m.index);
  }
  let lines = 0;
  return cuts.map((from, i) => {
    const text = body.slice(from, cuts[i + 1] ?? body.length);
    const piece = { text, lines };
    lines += text.split('\n').length - 1;
    return piece;
  });
}
/** A fenced code block (``` or ~~~, indented up to 3 spaces), to its closing fence or the end of the text. */
export const FENCED = /^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^\1?\2[`~]*[ \t]*$|(?![\s\S]))/gm;

/** The entries of a body parsed whole; undefined when it does not parse. */
function entriesIn(body: string): UpdateEntry[] | undefined {
  const tree = parseBody(body);
  if (!tree) return undefined;
  const out: UpdateEntry[] = [];
  visit(tree as never, (node: AnyNode) => {
    if (!isElement(node) || node.name !== 'Update') return;
    const label = attrValue(node, 'label');
    if (typeof label !== 'string' && typeof label !== 'number') return 'skip';
    const cut: Array<[number, number]> = [];
    for (const child of node.children ?? []) {
      visit(child as never, (inner: AnyNode) => {
        if (!NOT_IN_FEED.has(inner.type)) return;
        if (inner.position?.start.offset !== undefined && inner.position.end.offset !== undefined)
          cut.push([inner.position.start.offset, inner.position.end.offset]);
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
      rss:
        rss && typeof rss === 'object'
          ? {
              title: typeof (rss as { title?: unknown }).title === 'string' ? (rss as { title: string }).title : undefined,
              description:
                typeof (rss as { description?: unknown }).description === 'string'
                  ? (rss as { description: string }).description
                  : undefined,
            }
          : undefined,
      markdown: childrenText(body, node, cut).trim(),
      line: node.position?.start.line,
    });
    return 'skip';
  });
  return out;
}
