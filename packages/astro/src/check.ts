/**
 * `lectern check`: core's check (docs.json, specs, pages, links) plus the MDX analysis the build runs (components,
 * expressions, imports, snippet props), so check finds everything the build would refuse, without building.
 */
import { runCheckCommand, type CliIO, type Diagnostic } from '@lectern/core';
import { prepareSite, COMPONENTS_MODULE } from './prepare.ts';
import type { SiteConfig } from './config.ts';

export async function runCheck(argv: string[], io?: CliIO): Promise<number> {
  return runCheckCommand(argv, io, {
    extra: ({ plan, config, diagnostics }): Diagnostic[] => {
      if (!config) return [];
      return prepareSite({ plan, config: config as unknown as SiteConfig, diagnostics }, COMPONENTS_MODULE).diagnostics;
    },
  });
}
