/** Helpers on the parsed tree for the MDX passes: JSX elements, their attributes and text, how a component is used. */
import { COMPONENT_SET } from '../../shared/render/component-names.ts';
import type { AnyNode, MdxContext } from './context.ts';
import { dedent } from './text.ts';

export const isElement = (n: AnyNode) => n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement';

/**
 * Every node of `tree`, each before its children, in document order: the nodes unist-util-visit meets, in its order
 * (children read after `each` returns, by index while the list lasts). That walk names a new closure for every node,
 * and `visit` looks each node up among its siblings, which made up about a sixth of a page's analysis; the analysis
 * neither skips a subtree nor changes the tree while walking it, so it needs neither.
 */
export function walk(tree: AnyNode, each: (node: AnyNode) => void): void {
  each(tree);
  const children = tree.children;
  if (children) for (let i = 0; i < children.length; i++) walk(children[i]!, each);
}

/** The string value of a JSX attribute (`name="x"`), or undefined (absent, or an expression). */
export function stringAttr(node: AnyNode, name: string): string | undefined {
  const a = node.attributes?.find((x) => x.type === 'mdxJsxAttribute' && x.name === name);
  return typeof a?.value === 'string' ? a.value : undefined;
}
export const hasAttr = (node: AnyNode, name: string) => !!node.attributes?.some((x) => x.type === 'mdxJsxAttribute' && x.name === name);

/** The [start, end) offsets of a node, when the parser gave both. */
export function offsets(node: AnyNode): { start: number; end: number } | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? undefined : { start, end };
}

/** The plain text of Markdown inline content (formatting such as `code`, **bold**, _italic_ stripped). */
export function inlineText(node: AnyNode): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value ?? '';
  return (node.children ?? []).map(inlineText).join('');
}

/** The source of `node`'s children in `src`, de-indented, less the `cut` ranges. */
export function childrenText(src: string, node: AnyNode, cut: Array<[number, number]> = []): string {
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
 * A capitalised JSX element of the tree as the component passes see it, by `name` (before any `.`: `Tree` of
 * `Tree.Folder`): a legacy `<Snippet file>` (passes/legacy-snippets.ts), a component the file declares or imports, a
 * built-in one, or one nothing defines. Undefined for other nodes, HTML elements and `<Latex>`/`<Mermaid>` kept as
 * source text (passes/math.ts, passes/mermaid.ts).
 */
export function componentUse(
  node: AnyNode,
  ctx: MdxContext,
): { name: string; kind: 'legacy-snippet' | 'declared' | 'builtin' | 'unknown' } | undefined {
  if (!isElement(node) || (node.position?.start.offset !== undefined && ctx.rawAt.has(node.position.start.offset)) || !node.name)
    return undefined;
  const name = node.name.split('.')[0]!;
  if (!/^[A-Z]/.test(name)) return undefined;
  if (name === 'Snippet' && !ctx.declared.has('Snippet')) return { name, kind: 'legacy-snippet' };
  if (ctx.declared.has(name)) return { name, kind: 'declared' };
  return { name, kind: COMPONENT_SET.has(name) ? 'builtin' : 'unknown' };
}

/** A use of one of the built-in components `names`: which, its offsets and the offset right after its name. */
export function builtinUse(
  node: AnyNode,
  ctx: MdxContext,
  names: readonly string[],
): { name: string; start: number; end: number; afterName: number } | undefined {
  const use = componentUse(node, ctx);
  const span = offsets(node);
  if (use?.kind !== 'builtin' || !names.includes(use.name) || !span) return undefined;
  return { name: use.name, ...span, afterName: span.start + 1 + node.name!.length };
}
