/** `<Prompt>` gets its children's Markdown as `source` (the text its copy button copies), de-indented. */
import type { MdxPass } from './context.ts';
import { builtinUse, childrenText, hasAttr } from './tree.ts';

export function prompt(): MdxPass {
  return {
    name: 'prompt',
    node(node, ctx) {
      const use = builtinUse(node, ctx, ['Prompt']);
      if (!use || !node.children?.length || hasAttr(node, 'source')) return;
      ctx.edits.push({ start: use.afterName, end: use.afterName, text: ` source="${encodeURIComponent(childrenText(ctx.text, node))}"` });
    },
  };
}
