/**
 * Custom heading ids (`## Title {#id}`): the `{#id}` is cut before MDX parses it (it is no expression); the ids are
 * exported by heading text (`lecternHeadingIds`) and applied to the rendered heading and the table of contents
 * (routes/page.astro).
 */
import { visit } from 'unist-util-visit';
import type { AnyNode, MdxPass } from './context.ts';
import { codeRanges } from './text.ts';
import { inlineText } from './tree.ts';

export function headingIds(): MdxPass {
  /** Heading line -> its id. */
  let lines = new Map<number, string>();
  return {
    name: 'heading-ids',
    source(text) {
      const cut = cutHeadingIds(text);
      lines = cut.lines;
      return cut.text;
    },
    end(ctx) {
      if (!lines.size) return;
      const ids: Record<string, string> = {};
      visit(ctx.tree as never, (node: AnyNode) => {
        const id = node.type === 'heading' && node.position ? lines.get(node.position.start.line) : undefined;
        if (id) ids[inlineText(node).trim()] = id;
      });
      ctx.tail.push(`export const lecternHeadingIds = ${JSON.stringify(ids)};`);
    },
  };
}

/** `## Title {#id}` headings: the text with each `{#id}` blanked (same length), and the heading line -> id. */
function cutHeadingIds(src: string): { text: string; lines: Map<number, string> } {
  const lines = new Map<number, string>();
  if (!src.includes('{#')) return { text: src, lines };
  const code = codeRanges(src);
  let offset = 0;
  const out = src.split('\n').map((line, i) => {
    const m = /^(\s{0,3}#{1,6}\s.*?)(\s*)\{#([A-Za-z][\w:.-]*)\}\s*$/.exec(line);
    const at = offset;
    offset += line.length + 1;
    if (!m || code.some(([a, b]) => at >= a && at < b)) return line;
    lines.set(i + 1, m[3]!);
    return m[1]! + ' '.repeat(line.length - m[1]!.length);
  });
  return { text: out.join('\n'), lines };
}
