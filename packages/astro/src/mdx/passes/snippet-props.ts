/**
 * Snippet props: in a snippet, a bare name in an expression is a prop (`{word}` -> `{props.word}`), and `{word}` in
 * its code fences is the prop `word` when the page passes it (Mintlify's code-fence variables). In any file, where it
 * renders an imported `.mdx`/`.md` snippet and the props it passes it (to check them against the snippet's reads).
 * A name only a browser defines (`{location}`) is a prop too: the snippet renders at build time (mdx/build-time-names.ts).
 */
import type { EsNode } from '../../shared/modules/estree-scope.ts';
import { browserGuarded, isBuildTimeName } from '../build-time-names.ts';
import type { AnalyzeOptions, MdxPass } from './context.ts';
import { lineAt } from './text.ts';
import { componentUse } from './tree.ts';

export function snippetProps(): MdxPass {
  const guards = new WeakMap<EsNode, Set<string>>();
  return {
    name: 'snippet-props',
    freeName(f, expr, ctx) {
      if (f.jsx || isBuildTimeName(f.name) || !ctx.opts.snippet || browserGuarded(f.name, f.inFunction, expr.program, guards)) return;
      ctx.edits.push({ start: f.start, end: f.end, text: f.shorthand ? `${f.name}: props.${f.name}` : `props.${f.name}` });
      ctx.reads.push({ name: f.name, ...lineAt(ctx.text, f.start), crashes: f.crashes && !f.inFunction });
    },
    node(node, ctx) {
      if (componentUse(node, ctx)?.kind !== 'declared') return;
      const source = ctx.mdxImports.get(node.name!);
      if (!source) return;
      const spread = node.attributes?.some((a) => a.type === 'mdxJsxExpressionAttribute');
      const passed = spread ? undefined : (node.attributes ?? []).flatMap((a) => (a.name ? [a.name] : []));
      ctx.usages.push({
        source,
        component: node.name!,
        props: passed,
        line: node.position?.start.line,
        column: node.position?.start.column,
      });
    },
  };
}

/**
 * The `data` of a snippet's code fence whose code has a `{name}` (passes/code-fences.ts): an expression filling in the
 * props the page passes. The payload stays URI-encoded inside the expression, so braces in the code never unbalance it.
 */
export function snippetFenceData(code: string, payload: string, opts: AnalyzeOptions): string | undefined {
  if (!opts.snippet || !/\{[A-Za-z_$][\w$]*\}/.test(code)) return undefined;
  return `{((p) => encodeURIComponent(JSON.stringify(Object.assign(p, { code: p.code.replace(/\\u007b([A-Za-z_$][\\w$]*)\\u007d/g, (m, k) => (props[k] == null ? m : String(props[k]))) }))))(JSON.parse(decodeURIComponent("${payload}")))}`;
}
