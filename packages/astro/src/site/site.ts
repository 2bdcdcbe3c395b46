/**
 * Plan a docs repo and analyse its MDX: what the integration does once per build, and again in `lectern dev`
 * whenever docs.json, a spec or a page changes.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildLinkIndex, type Diagnostic } from '@lectern/core';
import { loadSite, type LoadedSite } from '../plan/source.ts';
import { analysisJobs, ISLANDS_DIR, prepareSite } from '../mdx/prepare.ts';
import { analyzeAhead } from '../workers/mdx-pool.ts';
import { saveMdxCache } from '../mdx/cache.ts';
import { compileDiagnostics } from '../mdx/compile.ts';
import { setIconLibrary } from '../shared/render/icons.ts';
import { createSite, type Site } from '../model/store.ts';
import { lastCommitDates } from '../shared/site/timestamps.ts';
import { findCustomAssets, type CustomAssets } from '../shared/site/custom-assets.ts';
import { tailwindCandidates, tailwindCss } from '../shared/site/tailwind.ts';
import { codeThemeDiagnostics, readCodeTheme, setCodeTheme } from '../shared/highlight/code-theme.ts';
import { loadShiki } from '../shared/highlight/shiki-load.ts';
import { shikiHost } from '../shared/highlight/shiki-host.ts';

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/** docs.json `styling.codeblocks` read (code-theme.ts): the theme, and its problems as warnings. */
function codeTheme(site: LoadedSite): { theme: ReturnType<typeof readCodeTheme>['theme']; diagnostics: Diagnostic[] } {
  loadShiki();
  const root = site.plan.root;
  const setting = (site.config.styling as { codeblocks?: unknown } | undefined)?.codeblocks;
  const { theme, problems } = readCodeTheme(setting, root, Object.keys(shikiHost().bundledThemes));
  const file = existsSync(path.join(root, 'docs.json')) || !existsSync(path.join(root, 'mint.json')) ? 'docs.json' : 'mint.json';
  return { theme, diagnostics: codeThemeDiagnostics(problems, (pointer) => ({ file, pointer })) };
}

/** docs.json `metadata.timestamp`, or any page's `timestamp: true`. */
function wantsTimestamps(site: LoadedSite): boolean {
  return (
    (site.config.metadata as { timestamp?: boolean } | undefined)?.timestamp === true ||
    site.plan.pages.some((p) => p.frontmatter.timestamp === true)
  );
}

export interface PlannedSite {
  site: Site;
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

/**
 * Everything planning produces, as plain data (structured-clone safe): a build in parts hands it to the processes that
 * build the parts (run.ts) instead of planning again.
 */
export interface PlanData {
  loaded: LoadedSite;
  prepared: Array<[string, string]>;
  content: Array<[string, string]>;
  blocked: Array<[string, Diagnostic[]]>;
  /** Absolute path -> the absolute paths of the files it imports (MDX, JSX and other modules). */
  imports: Array<[string, string[]]>;
  updated: Array<[string, string]>;
  /** The repo's .css/.js files (every page includes them) and the CSS of the Tailwind classes its pages use. */
  custom: CustomAssets;
  tailwind: string;
  /** Set by the plan cache (plan-cache.ts): the name of the files planned, when the plan can be cached. */
  planKey?: string;
  /** Set for a part (`planForPart`): the files the whole site's pages import (page-keys.ts `importedNonPages`). */
  importedFiles?: string[];
}

/**
 * `compile`: run the build's MDX compile step ahead of the build (mdx-compile.ts); off when the Astro project compiles
 * MDX with another processor than Sätteri, Astro's default (`markdown.processor`).
 */
export async function planData(root: string, componentsModule: string, options: { compile?: boolean } = {}): Promise<PlanData> {
  const loaded = await loadSite(root);
  const content = writeSpecContent(loaded);
  // The pages' MDX analysed on every core first (mdx-pool.ts); prepareSite finds the analyses by key.
  await analyzeAhead(analysisJobs(loaded, componentsModule, content));
  const { prepared, diagnostics: analysed, imports, islands } = prepareSite(loaded, componentsModule, content);
  // A file the build's MDX compiler refuses is found here, so its pages are left out (not the build stopped).
  const mdxDiagnostics =
    options.compile === false
      ? analysed
      : [...analysed, ...(await compileDiagnostics(prepared, loaded.plan.root, [...loaded.diagnostics, ...analysed]))];
  saveMdxCache(root);
  writeIslands(root, islands);
  const diagnostics = [
    ...loaded.diagnostics,
    ...codeTheme(loaded).diagnostics,
    ...mdxDiagnostics.map((d) => fromSpecContent(d, loaded, content)),
  ];
  const updated: Array<[string, string]> = [];
  if (wantsTimestamps(loaded)) {
    const dates = lastCommitDates(root);
    for (const p of loaded.plan.pages) {
      const date = p.file ? dates.get(p.file.split(path.sep).join('/')) : undefined;
      if (date) updated.push([p.slug, date]);
    }
  }
  // Tailwind classes of the pages and of the files they import (snippets, JSX components).
  const sources: string[] = loaded.plan.pages.map((p) => p.body ?? '');
  const imported = new Set([...imports.values()].flat().filter((f) => /\.(mdx|jsx|tsx)$/.test(f)));
  for (const f of imported) sources.push(readText(f));
  const tailwind = await tailwindCss(tailwindCandidates(sources));
  return {
    loaded: { ...loaded, diagnostics },
    prepared: [...prepared],
    content: [...content],
    blocked: [...blockedPages(loaded, content, mdxDiagnostics, imports)],
    imports: [...imports],
    updated,
    custom: findCustomAssets(root),
    tailwind,
  };
}

/**
 * The plan a part of a build in parts reads (cli/build-part.ts): the whole site's navigation, pages and links, but the
 * text of its own pages only (and of every file a page imports). A part's process holds what it reads: crewAI's docs
 * (12,930 pages) serialize to about 400 MB whole, which each of its 25 parts read before building its 500 pages.
 * `importedFiles`: what the whole site's pages import (page-keys.ts `importedNonPages` of the whole site), which the
 * part's page keys are made of and which it could no longer find from its own pages' text.
 */
export function planForPart(data: PlanData, slugs: ReadonlySet<string>, importedFiles: string[]): PlanData {
  const root = data.loaded.plan.root;
  const own = data.loaded.plan.pages.filter((p) => slugs.has(p.slug));
  const contentOf = new Map(data.content);
  const keep = new Set<string>([...data.imports.flatMap(([, files]) => files), ...importedFiles]);
  for (const p of own) {
    if (p.file) keep.add(path.resolve(root, p.file));
    const content = contentOf.get(p.slug);
    if (content) keep.add(path.resolve(content));
  }
  return {
    ...data,
    loaded: {
      ...data.loaded,
      plan: { ...data.loaded.plan, pages: data.loaded.plan.pages.map((p) => (slugs.has(p.slug) || !p.body ? p : { ...p, body: '' })) },
    },
    prepared: data.prepared.filter(([abs]) => keep.has(path.resolve(abs))),
    importedFiles,
  };
}

/** The site the integration and the pages use, from planned data. */
export async function siteFromPlan(data: PlanData): Promise<PlannedSite> {
  const { loaded } = data;
  setIconLibrary((loaded.config.icons as { library?: string } | undefined)?.library);
  setCodeTheme(codeTheme(loaded).theme);
  const lib = await import('../model/lib.ts');
  const site = createSite(loaded, new Map(data.prepared), lib, new Map(data.content));
  site.blocked = new Map(data.blocked);
  site.imports = new Map(data.imports);
  site.links = buildLinkIndex(loaded.plan, loaded.config as never);
  site.updated = new Map(data.updated);
  site.custom = data.custom;
  site.tailwind = data.tailwind;
  site.planKey = data.planKey;
  site.importedFiles = data.importedFiles;
  return {
    site,
    errors: loaded.diagnostics.filter((d) => d.severity === 'error'),
    warnings: loaded.diagnostics.filter((d) => d.severity === 'warning'),
  };
}

export async function planAndPrepare(root: string, componentsModule: string, options: { compile?: boolean } = {}): Promise<PlannedSite> {
  return siteFromPlan(await planData(root, componentsModule, options));
}

/**
 * Pages an MDX error keeps from compiling: the error is in the page's file or in a file it imports (transitively).
 * Each maps to the errors that block it.
 */
export function blockedPages(
  site: LoadedSite,
  content: Map<string, string>,
  mdx: Diagnostic[],
  imports: Map<string, string[]>,
): Map<string, Diagnostic[]> {
  const root = site.plan.root;
  const errorsByFile = new Map<string, Diagnostic[]>();
  for (const d of mdx) {
    if (d.severity !== 'error') continue;
    const abs = path.resolve(root, d.file);
    errorsByFile.set(abs, [...(errorsByFile.get(abs) ?? []), d]);
  }
  const blocked = new Map<string, Diagnostic[]>();
  if (!errorsByFile.size) return blocked;
  const closure = (start: string): Diagnostic[] => {
    const seen = new Set<string>();
    const found: Diagnostic[] = [];
    const stack = [start];
    while (stack.length) {
      const f = stack.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      found.push(...(errorsByFile.get(f) ?? []));
      stack.push(...(imports.get(f) ?? []));
    }
    return found;
  };
  for (const p of site.plan.pages) {
    const file = p.file ? path.resolve(root, p.file) : content.get(p.slug);
    if (!file) continue;
    const errors = closure(path.resolve(file));
    if (errors.length) blocked.set(p.slug, errors);
  }
  return blocked;
}

/** The island modules of MDX files' components (see islands/islands.ts), written before Vite reads them. */
function writeIslands(root: string, islands: Map<string, string>): void {
  rmSync(path.join(root, ISLANDS_DIR), { recursive: true, force: true });
  for (const [file, code] of islands) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, code);
  }
}

export const CONTENT_DIR = path.join('.lectern', 'content');

/**
 * `x-mint.content` of generated endpoint pages is MDX, compiled like a page file: it is written to
 * `<root>/.lectern/content/<slug>.mdx` (slug -> absolute path returned) and rendered through the same pipeline.
 */
function writeSpecContent(site: LoadedSite): Map<string, string> {
  const dir = path.join(site.plan.root, CONTENT_DIR);
  rmSync(dir, { recursive: true, force: true });
  const out = new Map<string, string>();
  for (const p of site.plan.pages) {
    if (p.file || !p.body?.trim() || (p.kind !== 'operation' && p.kind !== 'channel')) continue;
    const file = path.join(dir, `${p.slug}.mdx`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, p.body);
    out.set(p.slug, file);
  }
  return out;
}

/** A problem in written-out `x-mint.content` names the spec and the operation, not the temporary file. */
function fromSpecContent(d: Diagnostic, site: LoadedSite, content: Map<string, string>): Diagnostic {
  for (const [slug, file] of content) {
    if (path.relative(site.plan.root, file).split(path.sep).join('/') !== d.file) continue;
    const page = site.plan.pages.find((p) => p.slug === slug);
    const what = page?.kind === 'operation' ? `${page.method.toUpperCase()} ${page.path}` : slug;
    const spec = page && 'spec' in page ? String(page.spec) : d.file;
    const { line: _line, column: _column, ...rest } = d;
    return { ...rest, file: spec, message: `x-mint.content of ${what}${d.line ? ` (line ${d.line} of the content)` : ''}: ${d.message}` };
  }
  return d;
}
