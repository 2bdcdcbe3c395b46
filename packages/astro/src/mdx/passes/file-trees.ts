/** Mintlify's Markdown-list form of `<Tree>`: a nested list inside the tag, a trailing slash (or nested items) = folder. */
import type { AnyNode, MdxPass } from './context.ts';
import { newlines } from './text.ts';
import { builtinUse, inlineText } from './tree.ts';

export function fileTrees(): MdxPass {
  return {
    name: 'file-trees',
    node(node, ctx) {
      const use = builtinUse(node, ctx, ['Tree', 'FileTree']);
      if (!use || node.name !== use.name) return;
      for (const child of node.children ?? []) {
        const a = child.position?.start.offset;
        const b = child.position?.end.offset;
        if (child.type !== 'list' || a === undefined || b === undefined) continue;
        ctx.edits.push({ start: a, end: b, text: listToTree(child, use.name) + '\n'.repeat(newlines(ctx.text.slice(a, b))) });
      }
    },
  };
}

/** A Markdown list inside <Tree>/<FileTree> as Tree.Folder / Tree.File elements (on one line). */
function listToTree(list: AnyNode, root: string): string {
  const item = (li: AnyNode): string => {
    const label = (li.children ?? [])
      .filter((c) => c.type === 'paragraph')
      .map(inlineText)
      .join(' ')
      .trim();
    const nested = (li.children ?? []).filter((c) => c.type === 'list');
    const folder = label.endsWith('/') || nested.length > 0;
    const name = JSON.stringify(label.replace(/\/+$/, ''));
    if (!folder) return `<${root}.File name={${name}} />`;
    const inner = nested.flatMap((l) => (l.children ?? []).map(item)).join('');
    return `<${root}.Folder name={${name}}${nested.length ? ' defaultOpen' : ''}>${inner}</${root}.Folder>`;
  };
  return (list.children ?? []).map(item).join('');
}
