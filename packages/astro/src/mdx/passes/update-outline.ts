/**
 * A changelog's outline: the file's Markdown headings and built-in `<Update>` entries (label, tags) in page order,
 * exported as `lecternOutline` when the file has an Update; routes/page.astro makes its table of contents from it
 * (mdx/changelog.ts). Updates inside an Update are not entries of their own.
 */
import { literalValue, type EsNode } from '../../shared/modules/estree-scope.ts';
import type { OutlineEvent } from '../changelog.ts';
import type { AnyAttribute, AnyNode, MdxContext, MdxPass } from './context.ts';
import { builtinUse, inlineText } from './tree.ts';

export function updateOutline(): MdxPass {
  return {
    name: 'update-outline',
    end(ctx) {
      if (!ctx.text.includes('<Update')) return;
      const events: OutlineEvent[] = [];
      walk(ctx.tree, false, ctx, events);
      if (events.some((e) => 'update' in e)) ctx.tail.push(`export const lecternOutline = ${JSON.stringify(events)};`);
    },
  };
}

function walk(node: AnyNode, inUpdate: boolean, ctx: MdxContext, events: OutlineEvent[]): void {
  if (node.type === 'heading') {
    events.push(inUpdate ? { heading: inlineText(node).trim(), in: 1 } : { heading: inlineText(node).trim() });
    return;
  }
  const isUpdate = !inUpdate && builtinUse(node, ctx, ['Update']) !== undefined;
  const label = isUpdate ? attr(node, 'label') : undefined;
  if (typeof label === 'string' || typeof label === 'number') {
    const tags = attr(node, 'tags');
    events.push({ update: String(label), tags: Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [] });
  }
  for (const child of node.children ?? []) walk(child, inUpdate || isUpdate, ctx, events);
}

/** An attribute's value: the string, or the literal its `{…}` expression holds. */
function attr(node: AnyNode, name: string): unknown {
  const a = node.attributes?.find((x) => x.type === 'mdxJsxAttribute' && x.name === name);
  if (!a || a.value === null || a.value === undefined) return undefined;
  if (typeof a.value === 'string') return a.value;
  const stmt = ((a.value as AnyAttribute).data?.estree?.body as EsNode[] | undefined)?.[0];
  return stmt?.type === 'ExpressionStatement' ? literalValue(stmt.expression as EsNode) : undefined;
}
