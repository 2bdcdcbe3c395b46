/**
 * Math: `$…$`, `$$…$$` and `<Latex>…</Latex>` -> `<Latex data="…"/>` (the LaTeX verbatim, typeset at build time),
 * with KaTeX's parse errors as warnings naming file and line. A single `$` follows Pandoc's rule, so prices stay
 * text. `<Latex>` children were kept as source text at the parse (RawElement).
 */
import { COMPONENT_SET } from '../../shared/render/component-names.ts';
import { encodeMath, literalChildren, renderMath } from '../../shared/render/math.ts';
import type { AnyNode, MdxContext, MdxPass } from './context.ts';
import { lineAt, newlines } from './text.ts';
import { isElement } from './tree.ts';
import { unknownComponent } from './unknown-components.ts';

export function math(): MdxPass {
  return {
    name: 'math',
    node(node, ctx) {
      if (node.type === 'math' || node.type === 'inlineMath') dollarMath(node, ctx);
      else if (isElement(node) && node.position?.start.offset !== undefined && ctx.rawAt.get(node.position.start.offset)?.name === 'Latex')
        latexElement(node, ctx);
    },
  };
}

const latexTag = (tex: string, display: boolean, lines: number) => `<Latex data="${encodeMath({ tex, display })}"${'\n'.repeat(lines)} />`;

function dollarMath(node: AnyNode, ctx: MdxContext): void {
  if (node.position?.start.offset === undefined || node.position.end.offset === undefined) return;
  const { start, end } = node.position;
  const text = ctx.text.slice(start.offset!, end.offset!);
  const fence = /^\$+/.exec(text)?.[0].length ?? 1;
  const tex = node.value ?? '';
  if (node.type === 'inlineMath' && fence === 1) {
    // Pandoc's rule, so prices stay text: `$` then a non-space, a non-space then `$`, and no digit right after.
    const inner = text.slice(1, -1);
    if (!inner || /^\s|\s$/.test(inner) || /^[0-9]/.test(ctx.text.slice(end.offset!, end.offset! + 1))) {
      componentsIn(text, start.offset!, ctx);
      return;
    }
  }
  const display = node.type === 'math' || fence > 1;
  checkMath(tex, display, ctx, (pos) => {
    if (node.type === 'math') return { line: start.line + 1 + newlines(tex.slice(0, pos ?? 0)) };
    const before = tex.slice(0, pos ?? 0);
    return newlines(before) ? { line: start.line + newlines(before) } : { line: start.line, column: start.column + fence + (pos ?? 0) };
  });
  ctx.edits.push({ start: start.offset!, end: end.offset!, text: latexTag(tex, display, end.line - start.line) });
  ctx.used.add('Latex');
}

function latexElement(node: AnyNode, ctx: MdxContext): void {
  const el = ctx.rawAt.get(node.position!.start.offset!)!;
  const inner = ctx.text.slice(el.innerStart, el.innerEnd);
  const lines = newlines(ctx.text.slice(el.start, el.end));
  const literal = literalChildren(inner);
  const tex = (literal ?? inner).trim();
  const display = node.type === 'mdxJsxFlowElement';
  const texStart = el.innerStart + (inner.length - inner.trimStart().length);
  checkMath(tex, display, ctx, (pos) =>
    literal === undefined && pos !== undefined ? lineAt(ctx.text, texStart + pos) : lineAt(ctx.text, el.start),
  );
  ctx.edits.push({ start: el.start, end: el.end, text: latexTag(tex, display, lines) });
  ctx.used.add(el.name);
}

/** Validate with KaTeX now (file and line); `at(position)` maps KaTeX's offset in `tex` to the file. */
function checkMath(
  tex: string,
  display: boolean,
  ctx: MdxContext,
  at: (position: number | undefined) => { line: number; column?: number },
): void {
  const { error } = renderMath(tex, display);
  if (!error) return;
  ctx.diagnostics.push({
    severity: 'warning',
    code: 'mdx/latex',
    file: ctx.file,
    ...at(error.position),
    message: `LaTeX error: ${error.message}`,
    hint: 'The formula is shown as source, in red, on the page. KaTeX supports most LaTeX math commands (see katex.org/docs/supported); write \\$ for a literal dollar sign.',
  });
}

/** A `$` that is no math: its text is MDX text after all, and the components in it are used. */
function componentsIn(text: string, offset: number, ctx: MdxContext): void {
  for (const m of text.matchAll(/<([A-Z][\w]*)/g)) {
    const name = m[1]!;
    if (ctx.declared.has(name)) continue;
    if (COMPONENT_SET.has(name)) {
      ctx.used.add(name);
      continue;
    }
    unknownComponent(ctx, name, lineAt(ctx.text, offset + m.index!));
  }
}
