/**
 * Component imports: authors never import the built-in components, so the file gets an import of those it uses (in
 * its elements, in JSX of its expressions, in components that stay in the MDX), and of a pass-through component
 * under each name nothing defines (passes/unknown-components.ts), after its body.
 */
import { freeNames } from '../../shared/modules/estree-scope.ts';
import { COMPONENT_SET } from '../../shared/render/component-names.ts';
import type { MdxPass } from './context.ts';
import { componentUse } from './tree.ts';

export function componentImports(): MdxPass {
  return {
    name: 'component-imports',
    start(ctx) {
      // Built-ins used by components that stay in the MDX (rendered by Astro on the server); those of components in
      // the island module are imported there (passes/islands.ts).
      if (ctx.island?.names.length) return;
      for (const program of ctx.esmPrograms)
        for (const f of freeNames(program, ctx.moduleNames)) if (f.jsx && COMPONENT_SET.has(f.name)) ctx.used.add(f.name);
    },
    freeName(f, _expr, ctx) {
      if (f.jsx && COMPONENT_SET.has(f.name)) ctx.used.add(f.name);
    },
    node(node, ctx) {
      const use = componentUse(node, ctx);
      if (use?.kind === 'builtin') ctx.used.add(use.name);
    },
    end(ctx) {
      const builtins = [...ctx.used].filter((n) => !ctx.declared.has(n)).sort();
      const unknown = [...ctx.unknown].filter((n) => !ctx.declared.has(n) && !ctx.used.has(n)).sort();
      const specifiers = [...builtins, ...unknown.map((n) => `LecternUnknown as ${n}`)];
      if (specifiers.length) ctx.tail.push(`import { ${specifiers.join(', ')} } from ${JSON.stringify(ctx.opts.componentsModule)};`);
    },
  };
}
