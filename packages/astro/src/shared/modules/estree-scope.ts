/**
 * Scope analysis of JavaScript as acorn gives it (estree with absolute offsets): the names a piece of code reads but
 * does not declare. remark-mdx keeps the estree of every MDX expression and ESM block; JSX modules are parsed with
 * acorn-jsx. Used to tell props from globals in snippets, to report undefined names, and to find the hooks and
 * built-in components a component uses without importing them.
 */

/** An estree node as acorn gives it (absolute `start`/`end` offsets). */
export interface EsNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
export const isEsNode = (v: unknown): v is EsNode => !!v && typeof v === 'object' && typeof (v as EsNode).type === 'string';
const SKIP_KEYS = new Set(['type', 'start', 'end', 'loc', 'range', 'comments']);

export function esChildren(n: EsNode): Array<[string, EsNode]> {
  const out: Array<[string, EsNode]> = [];
  for (const key of Object.keys(n)) {
    if (SKIP_KEYS.has(key)) continue;
    const v = n[key];
    if (Array.isArray(v)) {
      for (const c of v) if (isEsNode(c)) out.push([key, c]);
    } else if (isEsNode(v)) out.push([key, v]);
  }
  return out;
}

/** The names a binding pattern (`a`, `{ a, b: [c] }`, `...rest`, `a = 1`) declares. */
export function patternNames(p: unknown, out: string[] = []): string[] {
  if (!isEsNode(p)) return out;
  if (p.type === 'Identifier') out.push(p.name as string);
  else if (p.type === 'ObjectPattern')
    for (const prop of p.properties as EsNode[]) patternNames(prop.type === 'RestElement' ? prop.argument : prop.value, out);
  else if (p.type === 'ArrayPattern') for (const el of p.elements as unknown[]) patternNames(el, out);
  else if (p.type === 'RestElement') patternNames(p.argument, out);
  else if (p.type === 'AssignmentPattern') patternNames(p.left, out);
  return out;
}

export const isFunctionNode = (n: EsNode) =>
  n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression' || n.type === 'FunctionDeclaration';

/**
 * Every name declared in a program or function body without entering nested functions: imports, var/let/const,
 * function and class declarations, catch parameters. Block scoping is ignored: this over-approximates what is
 * declared, so a declared name is never reported as free.
 */
export function declaredIn(root: EsNode, out: Set<string>): Set<string> {
  const visit = (n: EsNode): void => {
    if (n.type === 'ImportDeclaration') {
      for (const s of n.specifiers as EsNode[]) out.add((s.local as EsNode).name as string);
      return;
    }
    if (n.type === 'VariableDeclaration') for (const d of n.declarations as EsNode[]) for (const name of patternNames(d.id)) out.add(name);
    if ((n.type === 'FunctionDeclaration' || n.type === 'ClassDeclaration') && isEsNode(n.id)) out.add(n.id.name as string);
    if (n.type === 'CatchClause') for (const name of patternNames(n.param)) out.add(name);
    if (n !== root && isFunctionNode(n)) return;
    for (const [, c] of esChildren(n)) visit(c);
  };
  visit(root);
  return out;
}

/** A name an expression reads that nothing in the expression, nor the file's imports and exports, declares. */
export interface FreeName {
  name: string;
  start: number;
  end: number;
  /** `{ word }` object shorthand: the rewrite must keep the key. */
  shorthand: boolean;
  /** Inside a function: only read if the function is called. */
  inFunction: boolean;
  /** Read as `word.x`, `word()`, `new word`, `` word`…` ``: throws when the name is undefined. */
  crashes: boolean;
  /** `typeof word`: never throws. */
  typeofArg: boolean;
  /** A capitalised JSX element name (`<Word />`): a component, not a value. */
  jsx: boolean;
}

export function isReference(parent: EsNode | undefined, key: string): boolean {
  if (!parent) return true;
  switch (parent.type) {
    case 'MemberExpression':
      return key !== 'property' || parent.computed === true;
    case 'Property':
    case 'PropertyDefinition':
    case 'MethodDefinition':
      return key !== 'key' || parent.computed === true;
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
      return key !== 'label';
    case 'MetaProperty':
      return false;
    default:
      return true;
  }
}

export function freeNames(root: EsNode, outer: ReadonlySet<string>): FreeName[] {
  const out: FreeName[] = [];
  const bound = (name: string, scopes: Array<ReadonlySet<string>>) => scopes.some((s) => s.has(name));
  const pattern = (p: unknown, scopes: Array<ReadonlySet<string>>, inFn: boolean): void => {
    // Declared names are not reads; default values and computed keys are.
    if (!isEsNode(p)) return;
    if (p.type === 'ObjectPattern') {
      for (const prop of p.properties as EsNode[]) {
        if (prop.type === 'RestElement') pattern(prop.argument, scopes, inFn);
        else {
          if (prop.computed && isEsNode(prop.key)) walk(prop.key, scopes, inFn, prop, 'key');
          pattern(prop.value, scopes, inFn);
        }
      }
    } else if (p.type === 'ArrayPattern') for (const el of p.elements as unknown[]) pattern(el, scopes, inFn);
    else if (p.type === 'RestElement') pattern(p.argument, scopes, inFn);
    else if (p.type === 'AssignmentPattern') {
      pattern(p.left, scopes, inFn);
      if (isEsNode(p.right)) walk(p.right, scopes, inFn, p, 'right');
    } else if (p.type !== 'Identifier') walk(p, scopes, inFn, undefined, '');
  };
  const walk = (n: EsNode, scopes: Array<ReadonlySet<string>>, inFn: boolean, parent: EsNode | undefined, key: string): void => {
    if (n.type === 'Identifier') {
      const name = n.name as string;
      if (!isReference(parent, key) || bound(name, scopes)) return;
      out.push({
        name,
        start: n.start,
        end: n.end,
        inFunction: inFn,
        jsx: false,
        shorthand: parent?.type === 'Property' && parent.shorthand === true,
        crashes:
          (parent?.type === 'MemberExpression' && key === 'object' && parent.optional !== true) ||
          ((parent?.type === 'CallExpression' || parent?.type === 'NewExpression') && key === 'callee' && parent.optional !== true) ||
          (parent?.type === 'TaggedTemplateExpression' && key === 'tag'),
        typeofArg: parent?.type === 'UnaryExpression' && parent.operator === 'typeof',
      });
      return;
    }
    if (n.type === 'JSXOpeningElement' || n.type === 'JSXClosingElement') {
      let el = n.name as EsNode;
      while (el.type === 'JSXMemberExpression') el = el.object as EsNode;
      const name = el.name as string;
      if (n.type === 'JSXOpeningElement' && el.type === 'JSXIdentifier' && /^[A-Z]/.test(name) && !bound(name, scopes)) {
        out.push({ name, start: el.start, end: el.end, inFunction: inFn, jsx: true, shorthand: false, crashes: false, typeofArg: false });
      }
      for (const [k, c] of esChildren(n)) if (k !== 'name') walk(c, scopes, inFn, n, k);
      return;
    }
    if (isFunctionNode(n)) {
      const scope = new Set<string>();
      if (isEsNode(n.id)) scope.add(n.id.name as string);
      for (const p of n.params as EsNode[]) for (const name of patternNames(p)) scope.add(name);
      if (isEsNode(n.body) && n.body.type === 'BlockStatement') declaredIn(n.body, scope);
      const inner = [...scopes, scope];
      for (const p of n.params as EsNode[]) pattern(p, inner, true);
      if (isEsNode(n.body)) walk(n.body, inner, true, n, 'body');
      return;
    }
    if (n.type === 'ClassExpression' || n.type === 'ClassDeclaration') {
      const inner = isEsNode(n.id) ? [...scopes, new Set([n.id.name as string])] : scopes;
      if (isEsNode(n.superClass)) walk(n.superClass, scopes, inFn, n, 'superClass');
      if (isEsNode(n.body)) walk(n.body, inner, true, n, 'body');
      return;
    }
    if (n.type === 'VariableDeclarator') {
      pattern(n.id, scopes, inFn);
      if (isEsNode(n.init)) walk(n.init, scopes, inFn, n, 'init');
      return;
    }
    if (n.type === 'CatchClause') {
      if (isEsNode(n.body)) walk(n.body, scopes, inFn, n, 'body');
      return;
    }
    if (n.type === 'Property' && n.shorthand === true && isEsNode(n.value)) {
      // acorn may share one node between key and value: read it once, as the value.
      if (n.value.type === 'AssignmentPattern') pattern(n.value, scopes, inFn);
      else walk(n.value, scopes, inFn, n, 'value');
      return;
    }
    for (const [k, c] of esChildren(n)) walk(c, scopes, inFn, n, k);
  };
  walk(root, [outer, declaredIn(root, new Set())], false, undefined, '');
  return out;
}

/** Names every MDX module has besides its own imports and exports (MDX's `props`, Astro's MDX exports). */
export const MDX_NAMES = new Set([
  'props',
  'frontmatter',
  'file',
  'url',
  'getHeadings',
  'Content',
  'MDXContent',
  '_components',
  'arguments',
]);
/** Browser globals: fine in code that runs in the browser, never rewritten to props. */
export const BROWSER_GLOBALS = new Set([
  'window',
  'document',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'alert',
  'confirm',
  'prompt',
  'screen',
  'self',
  'customElements',
  'getComputedStyle',
  'matchMedia',
  'requestAnimationFrame',
  'HTMLElement',
  'Element',
  'Node',
  'Event',
  'CustomEvent',
  'innerWidth',
  'innerHeight',
]);
export const isGlobalName = (name: string) => MDX_NAMES.has(name) || BROWSER_GLOBALS.has(name) || name in globalThis;

/** A literal (string, number, boolean, null, array, plain object of literals) from its estree, else undefined. */
export function literalValue(n: EsNode | undefined): unknown {
  if (!n) return undefined;
  switch (n.type) {
    case 'Literal':
      return n.value instanceof RegExp ? undefined : n.value;
    case 'TemplateLiteral':
      return (n.expressions as unknown[]).length
        ? undefined
        : ((n.quasis as EsNode[])[0]?.value as { cooked?: string } | undefined)?.cooked;
    case 'ArrayExpression':
      return (n.elements as Array<EsNode | null>).map((e) => literalValue(e ?? undefined));
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of n.properties as EsNode[]) {
        if (p.type !== 'Property' || p.computed) continue;
        const key = p.key as EsNode;
        out[String(key.type === 'Identifier' ? key.name : key.value)] = literalValue(p.value as EsNode);
      }
      return out;
    }
    case 'UnaryExpression':
      return n.operator === '-' && typeof literalValue(n.argument as EsNode) === 'number'
        ? -(literalValue(n.argument as EsNode) as number)
        : undefined;
    default:
      return undefined;
  }
}
