/**
 * Unknown components: a capitalised element (or JSX in an expression) that nothing defines. Mintlify still publishes
 * the page and shows the element's children in its place, so it is a warning (an error with --strict) naming the
 * component, file and line, with the built-in component it is closest to; passes/component-imports.ts binds the
 * name to a pass-through component.
 */
import { COMPONENT_SET } from '../../shared/render/component-names.ts';
import type { MdxContext, MdxPass } from './context.ts';
import { lineAt } from './text.ts';
import { componentUse } from './tree.ts';

export function unknownComponents(): MdxPass {
  return {
    name: 'unknown-components',
    freeName(f, _expr, ctx) {
      if (f.jsx && !COMPONENT_SET.has(f.name) && !ctx.declared.has(f.name)) unknownComponent(ctx, f.name, lineAt(ctx.text, f.start));
    },
    node(node, ctx) {
      const use = componentUse(node, ctx);
      if (use?.kind === 'unknown')
        unknownComponent(ctx, use.name, { line: node.position?.start.line ?? 1, column: node.position?.start.column });
    },
  };
}

/** Report a component nothing defines (also for passes that find component names in text, passes/math.ts). */
export function unknownComponent(ctx: MdxContext, name: string, at: { line: number; column?: number }): void {
  ctx.unknown.add(name);
  const close = suggest(name);
  ctx.diagnostics.push({
    severity: 'warning',
    code: 'mdx/unknown-component',
    file: ctx.file,
    ...at,
    target: `<${name}>`,
    message: `Unknown component <${name}>: nothing defines it, so only its children are shown.`,
    hint: close
      ? `Did you mean <${close}>?`
      : `Import it in the file (import { ${name} } from '/snippets/${name}.jsx') or use a built-in component (see the components docs).`,
  });
}

/** A built-in component whose name is close to `name` (typos, wrong case). */
export function suggest(name: string): string | undefined {
  let best: string | undefined;
  let score = 3;
  for (const known of COMPONENT_SET) {
    if (known === 'CodeBlock') continue;
    const d = known.toLowerCase() === name.toLowerCase() ? 0 : distance(known, name);
    if (d < score) {
      score = d;
      best = known;
    }
  }
  return best;
}

function distance(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]!;
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j]!;
      dp[j] = Math.min(dp[j]! + 1, dp[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length]!;
}
