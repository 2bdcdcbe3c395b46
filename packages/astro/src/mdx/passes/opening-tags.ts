/**
 * JSX opening tags over several lines that MDX in JavaScript (Mintlify, `lectern check`) accepts and the build's
 * compiler misreads, rewritten so that both read them alike (line numbers kept):
 *  - a tag whose `>` starts a line (`<h1\n  style={…}\n>Title</h1>`): the compiler reads that line as a block quote
 *    and refuses the page; an empty spread attribute before the `>` keeps the tag and its lines as they are;
 *  - a tag over several lines of a block quote: the compiler takes the `>` marker of the next line for the end of the
 *    tag (`> <div\n>   className="a">x</div>` shows the attribute as text, `> <div\n>   className="a"\n> >x</div>` is
 *    refused). It is joined onto its first line; the lines it took are added after the top-level block holding it,
 *    so the lines of the rest of the file stay where they are.
 */
import type { AnyNode, MdxPass } from './context.ts';
import { isElement } from './tree.ts';

export function openingTags(): MdxPass {
  return {
    name: 'opening-tags',
    start(ctx) {
      const text = ctx.text;
      for (const { node, quotes, blockEnd } of jsxElements(ctx.tree)) {
        const start = node.position?.start.offset;
        if (start === undefined || ctx.rawAt.has(start)) continue;
        const tag = openingTag(text, start, quotes);
        if (!tag) continue;
        if (quotes > 0) {
          if (!tag.breaks.length || tag.unsafeToJoin || blockEnd < tag.end) continue;
          for (const [a, b] of tag.breaks) ctx.edits.push({ start: a, end: b, text: ' ' });
          ctx.edits.push({ start: blockEnd, end: blockEnd, text: '\n'.repeat(tag.breaks.length) });
          continue;
        }
        const mark = text[tag.end - 1] === '/' ? tag.end - 1 : tag.end;
        const lineStart = text.lastIndexOf('\n', mark - 1);
        if (lineStart > start && /^\s*$/.test(text.slice(lineStart + 1, mark))) ctx.edits.push({ start: mark, end: mark, text: '{...{}}' });
      }
    },
  };
}

/**
 * The JSX opening tag starting at `start` inside `quotes` block quotes: the offset of the `>` that ends it (quotes
 * and `{…}` skipped), its line breaks (each `\n` with the next line's block quote markers and indentation), and
 * whether joining its lines would change it (a line break inside a template literal or ending a `//` comment).
 */
function openingTag(
  src: string,
  start: number,
  quotes = 0,
): { end: number; breaks: Array<[number, number]>; unsafeToJoin: boolean } | undefined {
  let depth = 0;
  let quote = '';
  let unsafeToJoin = false;
  let comment = false;
  const breaks: Array<[number, number]> = [];
  for (let i = start + 1; i < src.length; i++) {
    const c = src[i]!;
    if (c === '\n') {
      if (quote === '`' || comment) unsafeToJoin = true;
      comment = false;
      // The container prefix of the next line (`> ` per block quote holding the tag) is no part of the tag.
      let j = i + 1;
      for (let q = 0; q < quotes; q++) {
        const m = /^[ \t]*>[ \t]?/.exec(src.slice(j, j + 8));
        if (!m) break;
        j += m[0].length;
      }
      while (src[j] === ' ' || src[j] === '\t') j++;
      breaks.push([i, j]);
      i = j - 1;
      continue;
    }
    if (comment) continue;
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if (depth > 0) {
      if (c === '"' || c === "'" || c === '`') quote = c;
      else if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '/' && src[i + 1] === '/') comment = true;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '>') return { end: i, breaks, unsafeToJoin };
  }
  return undefined;
}

/** Each JSX element of the tree, with the number of block quotes holding it and the end of its top-level block. */
function jsxElements(tree: AnyNode): Array<{ node: AnyNode; quotes: number; blockEnd: number }> {
  const found: Array<{ node: AnyNode; quotes: number; blockEnd: number }> = [];
  const walk = (node: AnyNode, quotes: number, blockEnd: number) => {
    if (isElement(node)) found.push({ node, quotes, blockEnd });
    const inner = quotes + (node.type === 'blockquote' ? 1 : 0);
    for (const child of node.children ?? []) walk(child, inner, node.type === 'root' ? (child.position?.end.offset ?? -1) : blockEnd);
  };
  walk(tree, 0, -1);
  return found;
}
