/**
 * docs.json `variables`: `{{name}}` replaced by its value before the file is parsed; a `{{name}}` no variable defines
 * (MDX reads it as an object literal) is reported, and in the text of a page shown as written.
 */
import type { EsNode } from '../../shared/modules/estree-scope.ts';
import { substituteVariables } from '../../shared/render/variables.ts';
import type { MdxPass } from './context.ts';
import { lineAt, textExpression } from './text.ts';

export function variables(): MdxPass {
  return {
    name: 'variables',
    source: (text, opts) => substituteVariables(text, opts.variables),
    expression({ program, inContent, node }, ctx) {
      const statement = (program.body as EsNode[] | undefined)?.[0];
      const expression = statement?.type === 'ExpressionStatement' ? (statement.expression as EsNode) : undefined;
      const props = expression?.type === 'ObjectExpression' ? (expression.properties as EsNode[]) : [];
      if (
        !inContent ||
        props.length !== 1 ||
        props[0]!.shorthand !== true ||
        !/^\{\s*\{/.test(ctx.text.slice(program.start - 1, program.end))
      )
        return false;
      // In the text of a page (a prompt template, a placeholder in a table) it is shown as written, with a warning, as
      // a `{name}` nothing defines is; elsewhere (an attribute, a snippet) it stays an error.
      const name = (props[0]!.key as EsNode).name as string;
      const known = Object.keys(ctx.opts.variables ?? {});
      const start = node?.position?.start.offset;
      const end = node?.position?.end.offset;
      const asText = !ctx.opts.snippet && start !== undefined && end !== undefined;
      ctx.diagnostics.push({
        severity: asText ? 'warning' : 'error',
        code: 'mdx/unknown-variable',
        file: ctx.file,
        ...lineAt(ctx.text, program.start),
        message: `Unknown variable {{${name}}}: docs.json \`variables\` does not define it${asText ? ', so it is shown as written' : ''}.`,
        hint: known.length
          ? `Defined variables: ${known.join(', ')}.`
          : 'Add it to "variables" in docs.json, or write \\{ to show a brace.',
      });
      if (asText) ctx.edits.push({ start, end, text: textExpression(ctx.text.slice(start, end)) });
      return true;
    },
  };
}
