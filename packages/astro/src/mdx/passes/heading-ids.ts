/**
 * Custom heading ids (`## Title {#id}`, every form Mintlify accepts: spaces, digits first, any script, after inline
 * code): the `{#id}` is cut before MDX parses it (it is no expression) by core's `cutHeadingIds`, the same function
 * `lectern check` parses with, keeping every position. The ids are exported by heading text (`lecternHeadingIds`) and
 * applied to the rendered heading and the table of contents (routes/page.astro).
 */
import { cutHeadingIds } from '@lectern/core/heading-ids';
import type { AnyNode, MdxPass } from './context.ts';
import { inlineText, walk } from './tree.ts';

export function headingIds(): MdxPass {
  /** Heading line -> its id. */
  let lines = new Map<number, string>();
  return {
    name: 'heading-ids',
    source(text) {
      const cut = cutHeadingIds(text);
      lines = cut.ids;
      return cut.text;
    },
    end(ctx) {
      if (!lines.size) return;
      const ids: Record<string, string> = {};
      walk(ctx.tree, (node: AnyNode) => {
        const id = node.type === 'heading' && node.position ? lines.get(node.position.start.line) : undefined;
        const text = id ? inlineText(node).trim() : '';
        if (id && text && !Object.hasOwn(ids, text)) ids[text] = id;
      });
      if (Object.keys(ids).length) ctx.tail.push(`export const lecternHeadingIds = ${JSON.stringify(ids)};`);
    },
  };
}
