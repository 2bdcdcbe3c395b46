/**
 * React-style components in a docs repo, as Mintlify runs them: `snippets/*.jsx` modules and `export const`
 * components of MDX files, with the hooks (`useState`, `useEffect`, …) and the built-in components available without
 * an import, interactive in the browser.
 *
 * They run as Preact (with `preact/compat`, React's semantics): a JSX module gets the imports it lacks prepended on its
 * first line (line numbers stay); the `export` declarations of an MDX file that defines components move into an island
 * module of their own (`.lectern/islands/<file>.jsx`) that the MDX imports back. In the page, every use of a component
 * whose module is interactive (it calls a hook or sets an `on…` handler) is hydrated (`client:load`); props that cannot
 * cross to the browser (a component passed as a prop) are bound in a small wrapper component of the island module.
 */
import { Parser } from 'acorn';
import jsx from 'acorn-jsx';
import type { Diagnostic } from '@lectern/core';
import { COMPONENT_SET } from '../shared/render/component-names.ts';
import {
  esChildren,
  freeNames,
  isEsNode,
  isGlobalName,
  literalValue,
  patternNames,
  type EsNode,
  type FreeName,
} from '../shared/modules/estree-scope.ts';
import { moduleImports, type PackageImport } from '../shared/modules/package-imports.ts';

const JsxParser = Parser.extend(jsx());

/** Hooks Mintlify pre-injects (and two more React has), taken from `preact/compat`. */
export const HOOKS = new Set([
  'useState',
  'useEffect',
  'useRef',
  'useCallback',
  'useMemo',
  'useContext',
  'useReducer',
  'useLayoutEffect',
  'useId',
]);

/** Built-in names a component may use: the MDX components plus the few that only exist for JSX. */
const JSX_BUILTINS = new Set([...COMPONENT_SET, 'FileTree', 'GitHub']);

export interface ModuleNeeds {
  hooks: string[];
  builtins: string[];
  /** Capitalised JSX names nothing defines. */
  unknown: FreeName[];
  /** Reads `React` (`React.useState`, `React.Fragment`). */
  react: boolean;
  /** Calls a hook or sets an event handler: needs hydration to work. */
  interactive: boolean;
}

/** What code uses without importing it (hooks, React, built-in components), and whether it is interactive. */
export function moduleNeeds(program: EsNode, outer: ReadonlySet<string> = new Set()): ModuleNeeds {
  const hooks = new Set<string>();
  const builtins = new Set<string>();
  const unknown: FreeName[] = [];
  let react = false;
  for (const f of freeNames(program, outer)) {
    if (f.jsx) {
      if (JSX_BUILTINS.has(f.name)) builtins.add(f.name);
      else if (!isGlobalName(f.name)) unknown.push(f);
    } else if (HOOKS.has(f.name)) hooks.add(f.name);
    else if (f.name === 'React') react = true;
  }
  let interactive = false;
  const walk = (n: EsNode): void => {
    if (interactive) return;
    if (n.type === 'JSXAttribute' && isEsNode(n.name) && n.name.type === 'JSXIdentifier' && /^on[A-Z]/.test(n.name.name as string))
      interactive = true;
    if (n.type === 'CallExpression') {
      const callee = n.callee as EsNode;
      const name =
        callee.type === 'Identifier'
          ? callee.name
          : callee.type === 'MemberExpression' && isEsNode(callee.property)
            ? callee.property.name
            : undefined;
      if (typeof name === 'string' && /^use[A-Z]/.test(name)) interactive = true;
    }
    for (const [, c] of esChildren(n)) walk(c);
  };
  walk(program);
  return { hooks: [...hooks].sort(), builtins: [...builtins].sort(), unknown, react, interactive };
}

/** The import lines that give code what it uses without importing (one line: prepended, line numbers stay). */
export function injectedImports(needs: ModuleNeeds, builtinsModule: string): string {
  const lines: string[] = [];
  if (needs.hooks.length) lines.push(`import { ${needs.hooks.join(', ')} } from "preact/compat";`);
  if (needs.react) lines.push('import * as React from "preact/compat";');
  const names = [...needs.builtins, ...[...new Set(needs.unknown.map((u) => u.name))].map((n) => `LecternUnknown as ${n}`)];
  if (names.length) lines.push(`import { ${names.join(', ')} } from ${JSON.stringify(builtinsModule)};`);
  return lines.join('');
}

export function parseModule(source: string): EsNode {
  return JsxParser.parse(source, { ecmaVersion: 'latest', sourceType: 'module', allowHashBang: true }) as unknown as EsNode;
}

const lineColumn = (source: string, offset: number) => {
  const before = source.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
};

export interface PreparedJsx {
  code: string;
  diagnostics: Diagnostic[];
  interactive: boolean;
  /** The names the module exports. */
  exports: string[];
  /** Imports of packages, with their lines, and of local files (see package-imports.ts). */
  packages?: PackageImport[];
  files?: string[];
}

/** A `.jsx` module of the repo made runnable as Preact: the hooks, React and built-ins it uses are imported. */
export function prepareJsxModule(source: string, file: string, builtinsModule: string): PreparedJsx {
  let program: EsNode;
  try {
    program = parseModule(source);
  } catch (err) {
    const e = err as { message?: string; loc?: { line: number; column: number } };
    return {
      code: source,
      interactive: false,
      exports: [],
      diagnostics: [
        {
          severity: 'error',
          code: 'mdx/syntax',
          file,
          ...(e.loc ? { line: e.loc.line, column: e.loc.column + 1 } : {}),
          message: `JavaScript syntax error: ${(e.message ?? String(err)).replace(/\s*\(\d+:\d+\)$/, '')}`,
        },
      ],
    };
  }
  const needs = moduleNeeds(program);
  const diagnostics: Diagnostic[] = needs.unknown.map((u) => ({
    severity: 'warning',
    code: 'mdx/unknown-component',
    file,
    ...lineColumn(source, u.start),
    target: `<${u.name}>`,
    message: `Unknown component <${u.name}>: nothing defines it, so only its children are shown.`,
    hint: 'Import it, define it in the file, or use a built-in component (see the components docs).',
  }));
  const exports: string[] = [];
  for (const stmt of program.body as EsNode[]) {
    if (stmt.type === 'ExportNamedDeclaration' && isEsNode(stmt.declaration)) exports.push(...declarationNames(stmt.declaration));
    if (stmt.type === 'ExportNamedDeclaration' && !stmt.declaration)
      for (const s of stmt.specifiers as EsNode[]) exports.push(String((s.exported as EsNode).name ?? (s.exported as EsNode).value));
  }
  return {
    code: injectedImports(needs, builtinsModule) + renameNamespacedAttributes(program, source, 0),
    diagnostics,
    interactive: needs.interactive,
    exports,
    ...moduleImports(program, source),
  };
}

/**
 * `xml:space`, `xlink:href`, `xmlns:xlink` (SVG pasted into a component): MDX and Mintlify accept namespaced attribute
 * names, the JSX compiler of the build refuses them ("Namespace tags are not supported"). They become the camel-case
 * props Preact maps back (`xmlSpace`, `xlinkHref`, `xmlnsXlink`). Returns `text` (which starts at `offset` of the
 * source `node` was parsed from) with them renamed.
 */
export function renameNamespacedAttributes(node: EsNode, text: string, offset: number): string {
  const edits: Array<{ start: number; end: number; name: string }> = [];
  const walk = (n: EsNode): void => {
    if (n.type === 'JSXAttribute' && isEsNode(n.name) && n.name.type === 'JSXNamespacedName') {
      const ns = String((n.name.namespace as EsNode).name);
      const local = String((n.name.name as EsNode).name);
      edits.push({ start: n.name.start, end: n.name.end, name: ns + local.charAt(0).toUpperCase() + local.slice(1) });
    }
    for (const [, child] of esChildren(n)) walk(child);
  };
  walk(node);
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start - offset) + e.name + out.slice(e.end - offset);
  return out;
}

/** The names a declaration (`const A = …, B`, `function C`, `class D`) declares. */
export function declarationNames(decl: EsNode): string[] {
  if (decl.type === 'VariableDeclaration') return (decl.declarations as EsNode[]).flatMap((d) => patternNames(d.id));
  return isEsNode(decl.id) ? [decl.id.name as string] : [];
}

/** Is a declaration a component (a capitalised function or class)? */
function declaresComponent(decl: EsNode): boolean {
  if (decl.type === 'FunctionDeclaration' || decl.type === 'ClassDeclaration')
    return isEsNode(decl.id) && /^[A-Z]/.test(decl.id.name as string);
  if (decl.type !== 'VariableDeclaration') return false;
  return (decl.declarations as EsNode[]).some(
    (d) =>
      isEsNode(d.id) &&
      d.id.type === 'Identifier' &&
      /^[A-Z]/.test(d.id.name as string) &&
      isEsNode(d.init) &&
      /^(ArrowFunctionExpression|FunctionExpression|ClassExpression|CallExpression)$/.test(d.init.type),
  );
}

// MDX files -----------------------------------------------------------------------------------------------------------

export interface IslandContext {
  /** Absolute path of this file's island module. */
  path: string;
  /** Where the island module is written from: built-ins for components. */
  builtinsModule: string;
  /** An import specifier of the MDX file -> an absolute path (or undefined for a package). */
  resolveImport(spec: string): string | undefined;
  /** Is the JSX module at this absolute path interactive? */
  jsxInteractive(abs: string): boolean;
  /** The island of another MDX file (its named exports live there), if it has one. */
  mdxIsland(abs: string): { path: string; names: string[]; interactive: boolean } | undefined;
}

interface Statement {
  node: EsNode;
  text: string;
}

/**
 * The island of one MDX file: its `export` declarations (moved out of the MDX), the imports they need, and wrappers
 * added for hydrated uses. Built while the MDX analysis walks the file.
 */
export class Island {
  /** Names the moved declarations export. */
  readonly names: string[] = [];
  /** [start, end) source offsets of the moved statements. */
  readonly moved: Array<[number, number]> = [];
  readonly diagnostics: Diagnostic[] = [];
  interactive = false;
  private readonly imports: string[] = [];
  private readonly importNames = new Set<string>();
  private readonly body: string[] = [];
  private readonly wrappers: string[] = [];
  private needs: ModuleNeeds | undefined;

  readonly ctx: IslandContext;
  constructor(ctx: IslandContext) {
    this.ctx = ctx;
  }

  /** Does the island module have anything to export (and so must be written and imported)? */
  get used(): boolean {
    return this.names.length > 0 || this.wrappers.length > 0;
  }

  /** Names available inside the island module (to decide whether an attribute expression can move there). */
  scope(): Set<string> {
    return new Set([...this.names, ...this.importNames, ...(this.needs?.hooks ?? []), ...(this.needs?.builtins ?? [])]);
  }

  /** An import the island needs too (its specifier already absolute when local). */
  addImport(text: string, locals: string[]): void {
    if (this.imports.includes(text)) return;
    this.imports.push(text);
    for (const l of locals) this.importNames.add(l);
  }

  /**
   * Take the file's ESM: imports of non-MDX modules are copied, `export` declarations move when the file defines a
   * component and they use nothing only the MDX has (an imported `.mdx` snippet).
   */
  take(programs: EsNode[], source: string, file: string): void {
    const mdxNames = new Set<string>();
    const exports: Statement[] = [];
    for (const program of programs) {
      for (const stmt of program.body as EsNode[]) {
        if (stmt.type === 'ImportDeclaration') {
          const spec = String((stmt.source as EsNode).value);
          const locals = (stmt.specifiers as EsNode[]).map((s) => (s.local as EsNode).name as string);
          if (/\.mdx?$/i.test(spec)) {
            for (const l of locals) mdxNames.add(l);
            continue;
          }
          const abs = this.ctx.resolveImport(spec);
          const text = source.slice(stmt.start, stmt.end);
          const island = abs && /\.mdx?$/.test(abs) ? undefined : abs;
          this.addImport(island ? text.replace(/(['"])[^'"]*\1\s*;?\s*$/, `${JSON.stringify(island)};`) : text, locals);
        } else if (stmt.type === 'ExportNamedDeclaration' && isEsNode(stmt.declaration)) {
          exports.push({ node: stmt, text: renameNamespacedAttributes(stmt, source.slice(stmt.start, stmt.end), stmt.start) });
        }
      }
    }
    if (!exports.some((e) => declaresComponent(e.node.declaration as EsNode))) return;
    const program: EsNode = { type: 'Program', start: 0, end: 0, sourceType: 'module', body: exports.map((e) => e.node) };
    const needs = moduleNeeds(program, new Set(this.importNames));
    if (needs.unknown.some((u) => mdxNames.has(u.name))) return; // renders an MDX snippet: stays in the MDX (no hooks)
    this.needs = needs;
    this.interactive = needs.interactive;
    for (const u of needs.unknown) {
      this.diagnostics.push({
        severity: 'warning',
        code: 'mdx/unknown-component',
        file,
        ...lineColumn(source, u.start),
        target: `<${u.name}>`,
        message: `Unknown component <${u.name}>: nothing defines it, so only its children are shown.`,
        hint: 'Import it, define it in the file, or use a built-in component (see the components docs).',
      });
    }
    for (const e of exports) {
      this.names.push(...declarationNames(e.node.declaration as EsNode));
      this.moved.push([e.node.start, e.node.end]);
      this.body.push(e.text);
    }
  }

  /**
   * A hydrated use whose attributes pass what cannot be serialised (functions, components, JSX): a wrapper component
   * in the island binds them; returns its name, or undefined when the expressions use names the island lacks.
   */
  wrap(component: string, attributes: Array<{ name?: string; expression?: EsNode; source: string; spread: boolean }>): string | undefined {
    const scope = this.scope();
    const bound: string[] = [];
    for (const a of attributes) {
      if (!a.expression || (!a.spread && literalValue(a.expression) !== undefined)) continue;
      const free = freeNames(
        { type: 'Program', start: 0, end: 0, body: [{ type: 'ExpressionStatement', start: 0, end: 0, expression: a.expression }] },
        scope,
      );
      if (free.some((f) => !isGlobalName(f.name) && !HOOKS.has(f.name))) return undefined;
      bound.push(a.source);
    }
    if (!bound.length) return undefined;
    const name = `LecternUse${this.wrappers.length}`;
    this.wrappers.push(`export const ${name} = (props) => <${component} {...props} ${bound.join(' ')} />;`);
    return name;
  }

  /**
   * An expression of the page's text that calls hooks (`{(() => { const [x, setX] = React.useState(…); … })()}`, which
   * Mintlify renders and runs in the browser): a component of the island that renders it; returns its name, or
   * undefined when the expression is not interactive or reads names the island lacks (an unknown component, a value
   * only the MDX defines).
   */
  expression(program: EsNode, source: string): string | undefined {
    const scope = this.scope();
    const needs = moduleNeeds(program, scope);
    if (!needs.interactive || needs.unknown.length) return undefined;
    const free = freeNames(program, scope);
    if (free.some((f) => !f.jsx && !isGlobalName(f.name) && !HOOKS.has(f.name) && f.name !== 'React')) return undefined;
    const had = this.needs;
    this.needs = {
      hooks: [...new Set([...(had?.hooks ?? []), ...needs.hooks])].sort(),
      builtins: [...new Set([...(had?.builtins ?? []), ...needs.builtins])].sort(),
      unknown: had?.unknown ?? [],
      react: Boolean(had?.react) || needs.react,
      interactive: Boolean(had?.interactive),
    };
    const name = `LecternExpression${this.wrappers.length}`;
    this.wrappers.push(`export const ${name} = () => <>{${source}}</>;`);
    return name;
  }

  /** The island module's source. */
  code(): string {
    const needs = this.needs ?? { hooks: [], builtins: [], unknown: [], react: false, interactive: false };
    return [injectedImports(needs, this.ctx.builtinsModule), ...this.imports, '', ...this.body, ...this.wrappers, ''].join('\n');
  }
}
