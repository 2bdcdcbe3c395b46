/**
 * `<Visibility for="agents">` is dropped from the page (and its headings from the table of contents): only the
 * Markdown copy for agents shows it (analyze.ts's markdownForAgents). `for` must be "humans" or "agents".
 */
import type { MdxPass } from './context.ts';
import { newlines } from './text.ts';
import { builtinUse, stringAttr } from './tree.ts';

export function visibility(): MdxPass {
  return {
    name: 'visibility',
    node(node, ctx) {
      const use = builtinUse(node, ctx, ['Visibility']);
      if (!use) return;
      const audience = stringAttr(node, 'for');
      if (audience !== 'humans' && audience !== 'agents') {
        ctx.diagnostics.push({
          severity: 'warning',
          code: 'mdx/visibility-for',
          file: ctx.file,
          line: node.position?.start.line,
          column: node.position?.start.column,
          message: `<Visibility> needs for="humans" or for="agents"${audience === undefined ? '' : ` (got "${audience}")`}; its content is shown to both.`,
        });
      }
      if (audience === 'agents')
        ctx.edits.push({
          start: use.start,
          end: use.end,
          text: '<Visibility for="agents" />' + '\n'.repeat(newlines(ctx.text.slice(use.start, use.end))),
        });
    },
  };
}
