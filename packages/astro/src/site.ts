/**
 * Plan a docs repo and analyse its MDX: what the integration does once per build, and again in `lectern dev`
 * whenever docs.json, a spec or a page changes.
 */
import type { Diagnostic } from '@lectern/core';
import { loadSite } from './plan-source.ts';
import { prepareSite } from './prepare.ts';
import { createSite, type Site } from './store.ts';

export interface PlannedSite {
  site: Site;
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

export async function planAndPrepare(root: string, componentsModule: string): Promise<PlannedSite> {
  const loaded = await loadSite(root);
  const { prepared, diagnostics: mdxDiagnostics } = prepareSite(loaded, componentsModule);
  const diagnostics = [...loaded.diagnostics, ...mdxDiagnostics];
  const lib = await import('./lib.ts');
  return {
    site: createSite({ ...loaded, diagnostics }, prepared, lib),
    errors: diagnostics.filter((d) => d.severity === 'error'),
    warnings: diagnostics.filter((d) => d.severity === 'warning'),
  };
}
