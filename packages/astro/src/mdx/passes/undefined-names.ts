/**
 * Undefined names: in a page, an expression reading a name nothing defines would throw a ReferenceError while the
 * site is built, so it is reported here with its line. In the text of a page (a URL template, a placeholder), Mintlify
 * publishes the site and that page fails to render; Lectern shows the braces as written and warns (an error with
 * --strict). Elsewhere (an attribute) it is an error. Snippets read bare names as props (passes/snippet-props.ts).
 */
import { isGlobalName, type EsNode } from '../../shared/modules/estree-scope.ts';
import type { Expression, MdxContext, MdxPass } from './context.ts';
import { lineAt, textExpression } from './text.ts';

export function undefinedNames(): MdxPass {
  /** Expressions already shown as text (one replacement for all the names they lack). */
  const shown = new Set<EsNode>();
  return {
    name: 'undefined-names',
    freeName(f, expr, ctx) {
      if (f.jsx || isGlobalName(f.name) || ctx.opts.snippet || f.inFunction || f.typeofArg) return;
      const span = shownAsText(expr, ctx);
      if (!span) {
        ctx.diagnostics.push({
          severity: 'error', code: 'mdx/undefined-name', file: ctx.file, ...lineAt(ctx.text, f.start),
          message: `\`${f.name}\` is not defined.`,
          hint: `Declare it in the file (export const ${f.name} = …) or import it. Bare names are props only in snippets (files under snippets/ or imported by a page); a docs.json variable is written {{${f.name}}}.`,
        });
        return;
      }
      const source = ctx.text.slice(span.start, span.end);
      ctx.diagnostics.push({
        severity: 'warning', code: 'mdx/undefined-name', file: ctx.file, ...lineAt(ctx.text, f.start),
        message: `\`${f.name}\` is not defined, so \`${source.replace(/\s*\n\s*/g, ' ')}\` is shown as text (Mintlify fails to render this page).`,
        hint: `MDX reads {…} as JavaScript. To show the braces, write \\{${f.name}\\} or put it in \`backticks\`; to use a value, declare it (export const ${f.name} = …); a docs.json variable is written {{${f.name}}}.`,
      });
      if (shown.has(expr.program)) return;
      ctx.edits.push({ start: span.start, end: span.end, text: textExpression(source) });
      shown.add(expr.program);
    },
  };
}

/** Where an expression lacking a name is shown as text: `{…}` in the text of a page, holding no JSX. */
function shownAsText({ inContent, node }: Expression, ctx: MdxContext): { start: number; end: number } | undefined {
  const start = node?.position?.start.offset;
  const end = node?.position?.end.offset;
  if (!inContent || ctx.opts.snippet || start === undefined || end === undefined || ctx.text.slice(start, end).includes('<')) return undefined;
  return { start, end };
}
