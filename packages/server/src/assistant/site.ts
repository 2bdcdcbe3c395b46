/** The assistant for a docs repo on disk: default file locations, building the index from the site plan. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { documentsFromPlan, siteDefaultLanguage } from './documents.ts';
import { buildAssistantIndex } from './indexing.ts';
import { openAssistantIndex, type AssistantIndex } from './retrieval.ts';
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
  const { plan, config } = await buildSitePlan(root);
  const defaultLanguage = siteDefaultLanguage(plan);
  const options = { ...(defaultLanguage ? { defaultLanguage } : {}), ...(config?.seo?.trailingSlash ? { trailingSlash: true } : {}) };
  const built = buildAssistantIndex(documentsFromPlan(plan, config ? { config } : {}), dbPath, options);
  return { path: dbPath, ...built, diagnostics: plan.diagnostics };
}

/**
 * Open the site's index at `dbPath`, building it first when the file is missing or was written by a Lectern that
 * stored it in another format.
 */
export async function openSiteAssistantIndex(root: string, dbPath: string = join(root, DEFAULT_INDEX_DB)): Promise<AssistantIndex> {
  if (existsSync(dbPath)) {
    try {
      return openAssistantIndex(dbPath);
    } catch {
      // An older or damaged index: rebuilt below (the new file replaces it atomically).
    }
  }
  await buildSiteAssistantIndex(root, dbPath);
  return openAssistantIndex(dbPath);
}
