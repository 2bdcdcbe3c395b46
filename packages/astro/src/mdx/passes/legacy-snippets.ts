/** Legacy snippets: `<Snippet file="x.mdx"/>` -> an import of `/snippets/x.mdx`, rendered in its place. */
import type { MdxPass } from './context.ts';
import { componentUse } from './tree.ts';

export function legacySnippets(): MdxPass {
  const importLines: string[] = [];
  return {
    name: 'legacy-snippets',
    node(node, ctx) {
      if (componentUse(node, ctx)?.kind !== 'legacy-snippet') return;
      const fileAttr = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'file');
      if (typeof fileAttr?.value === 'string' && node.position?.start.offset !== undefined) {
        const id = `LecternSnippet${importLines.length}`;
        const target = '/snippets/' + fileAttr.value.replace(/^\/?(snippets\/)?/, '');
        importLines.push(`import ${id} from ${JSON.stringify(target)};`);
        ctx.imports.push(target);
        const lines = node.position.end.line - node.position.start.line;
        ctx.edits.push({ start: node.position.start.offset, end: node.position.end.offset!, text: `<${id} />` + '\n'.repeat(lines) });
        ctx.usages.push({
          source: target,
          component: 'Snippet',
          props: [],
          line: node.position.start.line,
          column: node.position.start.column,
        });
        return;
      }
      ctx.diagnostics.push({
        severity: 'error',
        code: 'mdx/snippet-file',
        file: ctx.file,
        line: node.position?.start.line,
        column: node.position?.start.column,
        message: '<Snippet> needs a string `file` attribute, e.g. <Snippet file="intro.mdx" />.',
      });
    },
    end(ctx) {
      ctx.tail.push(...importLines);
    },
  };
}
