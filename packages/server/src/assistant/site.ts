/** The assistant for a docs repo on disk: default file locations and building the index from the site plan. */
import { join } from 'node:path';
import { documentsFromPlan } from './documents.ts';
import { buildAssistantIndex } from './retrieval.ts';
import type { Diagnostic } from '@lectern/core';

/** Relative to the docs repo root (the CLI's working directory). */
export const DEFAULT_KEYS_DB = '.lectern/assistant-keys.db';
export const DEFAULT_INDEX_DB = '.lectern/assistant-index.db';
export const DEFAULT_THREADS_DB = '.lectern/assistant-threads.db';

/**
 * Plan the site at `root` (`buildSitePlan` from @lectern/core) and build its assistant index
 * (default `<root>/.lectern/assistant-index.db`). Returns counts and the plan's diagnostics.
 */
export async function buildSiteAssistantIndex(
  root: string,
  dbPath: string = join(root, DEFAULT_INDEX_DB),
): Promise<{ path: string; documents: number; sections: number; diagnostics: Diagnostic[] }> {
  const { buildSitePlan } = await import('@lectern/core');
  const { plan } = await buildSitePlan(root);
  const built = buildAssistantIndex(documentsFromPlan(plan), dbPath);
  return { path: dbPath, ...built, diagnostics: plan.diagnostics };
}
