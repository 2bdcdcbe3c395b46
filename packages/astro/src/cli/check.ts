/**
 * `lectern check`: core's check (docs.json, specs, pages, links) plus the MDX analysis the build runs (components,
 * expressions, imports, snippet props) and the build's MDX compile step, so check finds everything the build would
 * refuse, without building.
 */
import { runCheckCommand, type CliIO, type Diagnostic } from '@lectern/core';
import { prepareSite, COMPONENTS_MODULE } from '../mdx/prepare.ts';
import { compileDiagnostics } from '../mdx/compile.ts';

export async function runCheck(argv: string[], io?: CliIO): Promise<number> {
  return runCheckCommand(argv, io, {
    extra: async ({ plan, config, diagnostics }): Promise<Diagnostic[]> => {
      if (!config) return [];
      const site = prepareSite({ plan, config, diagnostics }, COMPONENTS_MODULE);
      // The build's own MDX compiler on what the build would hand it (mdx-compile.ts): check and build cannot disagree.
      return [...site.diagnostics, ...(await compileDiagnostics(site.prepared, plan.root, [...diagnostics, ...site.diagnostics], false))];
    },
  });
}
