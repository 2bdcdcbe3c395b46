/**
 * Imports of packages the build cannot resolve, in an MDX file (`import { Callout } from 'nextra/components'`, left
 * over from another docs tool): Mintlify drops such imports and renders the page, so they are cut before the parse
 * (every line kept where it was) and reported as a warning. The names they imported are then what they are in any
 * page: a built-in component (`Callout`) where there is one, else an unknown component drawn as its children
 * (passes/unknown-components.ts). Which packages resolve is decided by mdx/prepare.ts (`opts.unavailablePackages`).
 * Imports in JSX modules are not cut: the bundler needs them, and such a module's pages are left out (prepare.ts).
 */
import { packageName } from '../../shared/modules/package-imports.ts';
import type { MdxPass } from './context.ts';
import { codeRanges, lineAt } from './text.ts';

export function unavailablePackages(): MdxPass {
  let dropped: Array<{ spec: string; line: number }> = [];
  return {
    name: 'unavailable-packages',
    source(text, opts) {
      const specs = new Set(opts.unavailablePackages ?? []);
      if (!specs.size) return text;
      const code = codeRanges(text);
      const inCode = (at: number) => code.some(([a, b]) => at >= a && at < b);
      dropped = [];
      return text.replace(
        IMPORT,
        (whole: string, _q1: string, from: string | undefined, _q2: string, bare: string | undefined, at: number) => {
          const spec = from ?? bare!;
          if (!specs.has(spec) || inCode(at)) return whole;
          dropped.push({ spec, line: lineAt(text, at).line });
          return whole.replace(/[^\n]/g, ' ');
        },
      );
    },
    start(ctx) {
      for (const { spec, line } of dropped)
        ctx.diagnostics.push({
          severity: 'warning',
          code: 'mdx/unresolved-import',
          file: ctx.file,
          line,
          target: spec,
          message: `The package "${spec}" is imported but not installed: the import is left out, as Mintlify does, and the names it imported are drawn as built-in components where Lectern has one of that name, else as their children.`,
          hint: `Remove the import (Mintlify's components need none), or add the package to the docs repo's package.json (npm install ${packageName(spec)}).`,
        });
    },
  };
}

/** An import statement at the start of a line: `import … from 'spec';` (over several lines) or `import 'spec';`. */
const IMPORT = /^import\s*(?:[\w$*{}\s,]+?\s*from\s*(['"])([^'"\n]+)\1|(['"])([^'"\n]+)\3)[ \t]*;?/gm;
