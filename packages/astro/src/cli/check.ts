/**
 * `lectern check`: core's check (docs.json, specs, pages, links) plus the MDX analysis the build runs (components,
 * expressions, imports, snippet props) and the build's MDX compile step, so check finds everything the build would
 * refuse, without building; and the icons the build would draw as a dot (check-icons.ts).
 */
import { runCheckCommand, type CliIO, type Diagnostic } from '@lectern/core';
import { prepareSite, COMPONENTS_MODULE } from '../mdx/prepare.ts';
import { compileDiagnostics } from '../mdx/compile.ts';
import { checkIcons } from './check-icons.ts';
import { codeThemeDiagnostics, readCodeTheme } from '../shared/highlight/code-theme.ts';
import { loadShiki } from '../shared/highlight/shiki-load.ts';
import { shikiHost } from '../shared/highlight/shiki-host.ts';

export async function runCheck(argv: string[], io?: CliIO): Promise<number> {
  return runCheckCommand(argv, io, {
    extra: async ({ plan, config, locator, diagnostics }): Promise<Diagnostic[]> => {
      if (!config) return [];
      const site = prepareSite({ plan, config, diagnostics }, COMPONENTS_MODULE);
      // The build's own MDX compiler on what the build would hand it (mdx-compile.ts): check and build cannot disagree.
      const compiled = await compileDiagnostics(site.prepared, plan.root, [...diagnostics, ...site.diagnostics], false);
      // docs.json `styling.codeblocks`: theme names and grammar files, as the build reads them (site.ts).
      loadShiki();
      const setting = (config.styling as { codeblocks?: unknown } | undefined)?.codeblocks;
      const codeTheme = readCodeTheme(setting, plan.root, Object.keys(shikiHost().bundledThemes));
      const themeProblems = codeThemeDiagnostics(codeTheme.problems, locator ? (p) => locator.locate(p) : undefined);
      return [...site.diagnostics, ...compiled, ...checkIcons({ plan, config, locator, icons: site.icons }), ...themeProblems];
    },
  });
}
