/**
 * Code fences -> `<CodeBlock data="…"/>`, so titles, tabs and build-time Shiki are ours; problems in the options of
 * the meta line (Mintlify's `title`, `highlight={…}`, …) are reported with the file and line. In a snippet, `{name}`
 * in the code is filled in from its props (passes/snippet-props.ts).
 */
import { parseMeta } from '../../shared/highlight/highlight.ts';
import type { MdxPass } from './context.ts';
import { snippetFenceData } from './snippet-props.ts';

export function codeFences(): MdxPass {
  return {
    name: 'code-fences',
    node(node, ctx) {
      if (node.type !== 'code' || node.position?.start.offset === undefined || node.position.end.offset === undefined) return;
      const { start, end } = node.position;
      if (node.meta && node.lang !== 'mermaid') {
        for (const problem of parseMeta(node.meta).problems) {
          ctx.diagnostics.push({
            severity: 'warning',
            code: 'mdx/code-meta',
            file: ctx.file,
            line: start.line,
            column: start.column,
            message: `Code block options: ${problem}`,
            hint: 'Options: title or title="…", icon="…", highlight={1,3-5}, focus={2}, lines, wrap, expandable, twoslash.',
          });
        }
      }
      const payload = encodeURIComponent(JSON.stringify({ lang: node.lang ?? '', meta: node.meta ?? '', code: node.value ?? '' }));
      const data = snippetFenceData(node.value ?? '', payload, ctx.opts) ?? `"${payload}"`;
      ctx.edits.push({ start: start.offset!, end: end.offset!, text: `<CodeBlock data=${data} />` + '\n'.repeat(end.line - start.line) });
      ctx.used.add('CodeBlock');
    },
  };
}
