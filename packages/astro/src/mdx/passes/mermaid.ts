/**
 * Mermaid: `<Mermaid>…</Mermaid>` -> `<Mermaid data="…"/>` with its children verbatim (kept as source text at the
 * parse, RawElement); a ```mermaid fence's `placement` of the diagram controls is checked (the fence itself becomes a
 * code block, passes/code-fences.ts).
 */
import { literalChildren } from '../../shared/render/math.ts';
import type { AnyNode, MdxContext, MdxPass } from './context.ts';
import { newlines } from './text.ts';
import { isElement } from './tree.ts';

const PLACEMENTS = new Set(['top-left', 'top-right', 'bottom-left', 'bottom-right']);

export function mermaid(): MdxPass {
  return {
    name: 'mermaid',
    node(node, ctx) {
      if (isElement(node) && node.position?.start.offset !== undefined && ctx.rawAt.get(node.position.start.offset)?.name === 'Mermaid')
        mermaidElement(node, ctx);
      else if (
        node.type === 'code' &&
        node.lang === 'mermaid' &&
        node.position?.start.offset !== undefined &&
        node.position.end.offset !== undefined
      )
        checkPlacement(node, ctx);
    },
  };
}

function mermaidElement(node: AnyNode, ctx: MdxContext): void {
  const el = ctx.rawAt.get(node.position!.start.offset!)!;
  const inner = ctx.text.slice(el.innerStart, el.innerEnd);
  const lines = newlines(ctx.text.slice(el.start, el.end));
  const code = (literalChildren(inner) ?? inner).replace(/^\s*\n/, '').replace(/\s+$/, '');
  const data = encodeURIComponent(JSON.stringify({ code }));
  ctx.edits.push({
    start: el.start,
    end: el.end,
    text: `<${el.name}${el.attrs} data="${data}"${'\n'.repeat(Math.max(0, lines - newlines(el.attrs)))} />`,
  });
  ctx.used.add(el.name);
}

function checkPlacement(node: AnyNode, ctx: MdxContext): void {
  const { start } = node.position!;
  const placement = /\bplacement=["'{]*([\w-]+)/.exec(node.meta ?? '')?.[1];
  if (placement && !PLACEMENTS.has(placement)) {
    ctx.diagnostics.push({
      severity: 'warning',
      code: 'mdx/mermaid-placement',
      file: ctx.file,
      line: start.line,
      column: start.column,
      message: `Unknown Mermaid controls placement "${placement}"; bottom-right is used.`,
      hint: `Use one of ${[...PLACEMENTS].join(', ')}.`,
    });
  }
}
