/**
 * THE seam between the renderer and the planner: everything the site needs comes from `loadSite(root)`,
 * which calls @lectern/core's `buildSitePlan` (docs.json + page files + specs -> SitePlan + diagnostics).
 */
import type { Diagnostic, DocsConfig, SitePlan } from '@lectern/core';
import { buildSitePlan, fallbackConfig } from '@lectern/core';
import { specCache } from './spec-cache.ts';

export interface LoadedSite {
  plan: SitePlan;
  /** The validated docs.json with the schema's defaults applied. */
  config: DocsConfig;
  diagnostics: Diagnostic[];
}

export async function loadSite(root: string, onProgress?: (message: string) => void): Promise<LoadedSite> {
  const specs = specCache(root);
  const { plan, config, diagnostics } = await buildSitePlan(root, {
    ...(onProgress ? { onProgress } : {}),
    ...(specs ? { specCache: specs } : {}),
  });
  specs?.sweep();
  return { plan, config: config ?? fallbackConfig(), diagnostics };
}
