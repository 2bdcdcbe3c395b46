/**
 * THE seam between the renderer and the planner: everything the site needs comes from `loadSite(root)`,
 * which calls @lectern/core's `buildSitePlan` (docs.json + page files + specs -> SitePlan + diagnostics).
 */
import type { Diagnostic, SitePlan } from '@lectern/core';
import { buildSitePlan } from '@lectern/core';
import type { SiteConfig } from '../shared/config.ts';
import { specCache } from './spec-cache.ts';

export interface LoadedSite {
  plan: SitePlan;
  /** The validated docs.json with defaults applied (core's `DocsConfig`), read structurally. */
  config: SiteConfig;
  diagnostics: Diagnostic[];
}

const FALLBACK_CONFIG: SiteConfig = { name: 'Docs', colors: { primary: '#0D9373' } };

export async function loadSite(root: string, onProgress?: (message: string) => void): Promise<LoadedSite> {
  const specs = specCache(root);
  const { plan, config, diagnostics } = await buildSitePlan(root, { ...(onProgress ? { onProgress } : {}), ...(specs ? { specCache: specs } : {}) });
  specs?.sweep();
  return { plan, config: (config as unknown as SiteConfig | undefined) ?? FALLBACK_CONFIG, diagnostics };
}
