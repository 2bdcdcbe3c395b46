/**
 * The shape of a pass of the MDX analysis (one job, one file under passes/, listed in passes/index.ts) and the
 * context the passes share: the parsed file, its module scope, and what they add to it (edits, diagnostics, the
 * components it uses, lines for its end). analyze.ts parses the file, runs the passes' hooks and applies the edits.
 */
import type { Diagnostic } from '@lectern/core';
import type { EsNode, FreeName } from '../../shared/modules/estree-scope.ts';
import type { PackageImport } from '../../shared/modules/package-imports.ts';
import type { Island, IslandContext } from '../islands.ts';

export interface AnalyzeOptions {
  componentsModule: string;
  variables?: Record<string, string>;
  dollarMath?: boolean;
  /** A snippet (under snippets/, or imported by another file): bare names in expressions are its props. */
  snippet?: boolean;
  /** Components run as Preact islands (`export const` components, JSX snippets); without it they stay server-only. */
  islands?: IslandContext;
  /** Packages the file imports that the build cannot resolve: their imports are cut (passes/unavailable-packages.ts). */
  unavailablePackages?: string[];
}

// The mdast of remark-mdx, as far as the passes read it.
export interface Pos {
  start: { line: number; column: number; offset?: number };
  end: { line: number; column: number; offset?: number };
}
export interface EstreeData {
  estree?: EsNode;
}
export interface AnyAttribute {
  type: string;
  name?: string;
  value?: unknown;
  data?: EstreeData;
}
export interface AnyNode {
  type: string;
  name?: string | null;
  value?: string;
  lang?: string | null;
  meta?: string | null;
  position?: Pos;
  attributes?: AnyAttribute[];
  children?: AnyNode[];
  data?: EstreeData;
}

/** A prop a snippet reads as a bare name (`{word}`), rewritten to `props.word`. */
export interface SnippetRead {
  name: string;
  line: number;
  column: number;
  crashes: boolean;
}
/** An icon a built-in component draws (`<Card icon="…">`), written as a literal: `lectern check` looks it up in the icon set. */
export interface IconUse {
  icon: string | Record<string, unknown>;
  iconType?: string;
  component: string;
  line: number;
  column: number;
}
/** A place a file renders an imported `.mdx`/`.md` snippet: `props` undefined when a spread passes unknown ones. */
export interface SnippetUsage {
  source: string;
  component: string;
  props?: string[];
  line?: number;
  column?: number;
}

/**
 * A change to the parsed text: [start, end) replaced by `text` (`start === end` inserts). The pass keeps the line
 * count (a replacement is padded with newlines), so the lines of the file stay true.
 */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** A `<Latex>`/`<Mermaid>` element whose children are source text: blanked for the parse, kept verbatim. */
export interface RawElement {
  name: string;
  start: number;
  attrs: string;
  innerStart: number;
  innerEnd: number;
  end: number;
}

/** A JavaScript expression of the file: `{…}` in its text (`node` is the expression node) or an attribute value. */
export interface Expression {
  program: EsNode;
  /** In the text of the file, not an attribute value. */
  inContent: boolean;
  node?: AnyNode;
}

export interface MdxContext {
  readonly file: string;
  readonly opts: AnalyzeOptions;
  /** The text the tree was parsed from (frontmatter blanked, `source` hooks applied): edits' offsets are in it. */
  readonly text: string;
  readonly tree: AnyNode;

  // The module scope (the file's imports and exports), collected at the parse.
  /** Names the imports and exports declare. */
  readonly declared: Set<string>;
  /** The same, from the estree: the scope the free names of expressions are looked up in. */
  readonly moduleNames: Set<string>;
  /** Default imports of `.mdx`/`.md` files: local name -> specifier. */
  readonly mdxImports: Map<string, string>;
  /** The ESM blocks' programs, in document order. */
  readonly esmPrograms: EsNode[];
  /** The `<Latex>`/`<Mermaid>` elements kept as source text, by start offset. */
  readonly rawAt: Map<number, RawElement>;

  // What the passes add.
  readonly edits: Edit[];
  readonly diagnostics: Diagnostic[];
  /** Local files the file imports (its ESM imports, then legacy `<Snippet file>`s). */
  readonly imports: string[];
  readonly packages: PackageImport[];
  readonly reads: SnippetRead[];
  readonly usages: SnippetUsage[];
  /** Icons the file's built-in components draw (passes/icons.ts). */
  readonly icons: IconUse[];
  /** Built-in components the file uses: imported at its end (passes/component-imports.ts). */
  readonly used: Set<string>;
  /** Component names nothing defines: bound to a pass-through at its end (passes/component-imports.ts). */
  readonly unknown: Set<string>;
  /** Lines added after the body (imports, exports), in the order the passes' `end` hooks add them. */
  readonly tail: string[];
  /** The island module of the file's components (passes/islands.ts), when the options give an island context. */
  island?: Island;
}

/**
 * One job of the analysis. Its hooks run in the order of PASSES (passes/index.ts), each hook kind for every pass
 * before the next kind: `source`, (parse), `start`, a walk of the expressions (`expression`, then `freeName` for each
 * free name), a walk of the tree (`node`), `end`. One walk for all passes keeps edits and diagnostics in document
 * order. A pass keeps its own per-file state in the closure of its factory (each file gets new passes).
 */
export interface MdxPass {
  /** The pass's file under passes/, without `.ts`. */
  readonly name: string;
  /** The text before it is parsed (frontmatter blanked): returned changed, every line where it was. */
  source?(text: string, opts: AnalyzeOptions): string;
  /** Once the file is parsed, before the walks: work on the whole file. */
  start?(ctx: MdxContext): void;
  /** Each expression, in document order. `true`: the pass has dealt with it; no later pass nor `freeName` sees it. */
  expression?(expr: Expression, ctx: MdxContext): boolean | void;
  /** Each name an expression reads that it does not define (estree-scope.ts's `freeNames`), in its order. */
  freeName?(name: FreeName, expr: Expression, ctx: MdxContext): void;
  /** Each node of the tree, in document order (after all expressions). */
  node?(node: AnyNode, ctx: MdxContext): void;
  /** After the walks: what goes at the end of the file. */
  end?(ctx: MdxContext): void;
}

export type MdxPassFactory = () => MdxPass;
