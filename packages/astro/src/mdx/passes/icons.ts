/**
 * Icons: the `icon` a built-in component draws (`<Card icon="book-open-cover">`, `<Icon icon="square-1" />`,
 * `<Step icon={{ name: 'x', style: 'regular' }}>`), with its `iconType` and line, when written as a literal. `lectern
 * check` looks each up in the icon set (cli/check.ts), so a name the build would draw as a dot is reported before it.
 */
import { literalValue, type EsNode } from '../../shared/modules/estree-scope.ts';
import type { AnyAttribute, AnyNode, MdxPass, Pos } from './context.ts';
import { componentUse, stringAttr } from './tree.ts';

export function icons(): MdxPass {
  return {
    name: 'icons',
    node(node, ctx) {
      if (componentUse(node, ctx)?.kind !== 'builtin') return;
      const attr = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'icon');
      // <Icon src="…"> draws its src.
      if (!attr || (node.name === 'Icon' && stringAttr(node, 'src') !== undefined)) return;
      const icon = attrLiteral(attr);
      const at = (attr as AnyAttribute & { position?: Pos }).position?.start ?? node.position?.start;
      if (!at || !(typeof icon === 'string' || (icon && typeof icon === 'object' && !Array.isArray(icon)))) return;
      const iconType = stringAttr(node, 'iconType');
      ctx.icons.push({
        icon: icon as string | Record<string, unknown>,
        ...(iconType ? { iconType } : {}),
        component: node.name!,
        line: at.line,
        column: at.column,
      });
    },
  };
}

/** An attribute's value: the string, or the literal its `{…}` holds (undefined for anything else: a JSX `<svg>`, a name). */
function attrLiteral(a: AnyAttribute): unknown {
  if (typeof a.value === 'string') return a.value;
  const stmt = ((a.value as AnyNode | undefined)?.data?.estree?.body as EsNode[] | undefined)?.[0];
  return stmt?.type === 'ExpressionStatement' ? literalValue(stmt.expression as EsNode) : undefined;
}
