/**
 * Undefined names: in a page, an expression reading a name nothing defines would throw a ReferenceError while the
 * site is built, so it is reported here with its line. In the text of a page (a URL template, a placeholder), Mintlify
 * publishes the site and that page fails to render; Lectern shows the braces as written and warns (an error with
 * --strict). Elsewhere (an attribute) it is an error. Snippets read bare names as props (passes/snippet-props.ts).
 * A name only a browser defines (`{location}`, `{history}`) is undefined here too: the page renders at build time
 * (mdx/build-time-names.ts), unless the expression guards it (`typeof window`) or reads it in a function.
 */
import type { EsNode } from '../../shared/modules/estree-scope.ts';
import { BROWSER_ONLY, browserGuarded, isBuildTimeName } from '../build-time-names.ts';
import type { Expression, MdxContext, MdxPass } from './context.ts';
import { lineAt, textExpression } from './text.ts';

export function undefinedNames(): MdxPass {
  /** Expressions already shown as text (one replacement for all the names they lack). */
  const shown = new Set<EsNode>();
  const guards = new WeakMap<EsNode, Set<string>>();
  return {
    name: 'undefined-names',
    freeName(f, expr, ctx) {
      if (
        f.jsx ||
        isBuildTimeName(f.name) ||
        ctx.opts.snippet ||
        f.inFunction ||
        f.typeofArg ||
        browserGuarded(f.name, f.inFunction, expr.program, guards)
      )
        return;
      const span = shownAsText(expr, ctx);
      const undefinedWhy = BROWSER_ONLY.has(f.name) ? 'is not defined when the page is built (only a browser has it)' : 'is not defined';
      if (!span) {
        ctx.diagnostics.push({
          severity: 'error',
          code: 'mdx/undefined-name',
          file: ctx.file,
          ...lineAt(ctx.text, f.start),
          message: `\`${f.name}\` ${undefinedWhy}.`,
          hint: `Declare it in the file (export const ${f.name} = …) or import it. Bare names are props only in snippets (files under snippets/ or imported by a page); a docs.json variable is written {{${f.name}}}.`,
        });
        return;
      }
      const source = ctx.text.slice(span.start, span.end);
      ctx.diagnostics.push({
        severity: 'warning',
        code: 'mdx/undefined-name',
        file: ctx.file,
        ...lineAt(ctx.text, f.start),
        message: `\`${f.name}\` ${undefinedWhy}, so \`${source.replace(/\s*\n\s*/g, ' ')}\` is shown as text (Mintlify fails to render this page).`,
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
  if (!inContent || ctx.opts.snippet || start === undefined || end === undefined || ctx.text.slice(start, end).includes('<'))
    return undefined;
  return { start, end };
}
