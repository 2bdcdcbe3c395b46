/**
 * `buildSitePlan(root)`: docs.json + page files + specs -> one `SitePlan`, computed once, with every
 * problem of the repo collected as diagnostics. All I/O lives here; the planning itself is `planSite`.
 */
import path from 'node:path';
import pLimit from 'p-limit';
import { loadConfig, type ConfigLocator, type DocsConfig } from './config/load.ts';
import type { NavNodeConfig } from './config/navigation.ts';
import { loadIgnore } from './ignore-file.ts';
import type { Diagnostic, SitePlan, SpecDocument } from './model.ts';
import { matchSpecFile, parseOperationRef } from './nav/operation-ref.ts';
import { normalizeSpecSource, planSite } from './nav/plan-site.ts';
import { listPageFiles, pageMeta, readPageFile, slugOfFile, type PageFile } from './pages.ts';
import { discoverSpecs, loadSpec, specLoadKey, type SpecLoadCache } from './documents/index.ts';
import { defaultRemoteSpecDir, remoteSpecCache } from './documents/remote-cache.ts';

export interface BuildSitePlanOptions {
  /** Allow `http:` spec URLs (tests against 127.0.0.1). */
  allowHttp?: boolean;
  fetch?: typeof fetch;
  /** Called with short progress messages on long runs. */
  onProgress?: (message: string) => void;
  /**
   * The folder keeping the last good copy of each remote spec (used, with a warning, when a fetch fails). Default:
   * `remote-specs/` in the build cache (`.lectern/cache/lectern/`, `$LECTERN_CACHE_DIR`); `false` (or
   * `LECTERN_CACHE=off`): none.
   */
  remoteSpecDir?: string | false;
  /** Loaded specs from an earlier run, for spec files whose text did not change (spec/load-cache.ts). */
  specCache?: SpecLoadCache;
}

export interface BuiltSitePlan {
  plan: SitePlan;
  config?: DocsConfig;
  locator?: ConfigLocator;
  /** Same as `plan.diagnostics`. */
  diagnostics: Diagnostic[];
}

function collectSpecRefs(node: NavNodeConfig, out: Array<{ source: string; kind: 'openapi' | 'asyncapi' }>): void {
  for (const ref of node.openapi ?? []) out.push({ source: ref.source, kind: 'openapi' });
  for (const ref of node.asyncapi ?? []) out.push({ source: ref.source, kind: 'asyncapi' });
  for (const child of node.children) if (child.kind !== 'page') collectSpecRefs(child, out);
}

/** The page paths a navigation node names, leading slash dropped (a README.md is a page only when named). */
function collectPagePaths(node: NavNodeConfig, out: Set<string>): void {
  for (const child of node.children) {
    if (child.kind === 'page') out.add(child.value.replace(/^\/+/, ''));
    else collectPagePaths(child, out);
  }
}

function apiSources(value: unknown): string[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((v) =>
    typeof v === 'string'
      ? [v]
      : typeof v === 'object' && v && typeof (v as { source?: unknown }).source === 'string'
        ? [(v as { source: string }).source]
        : [],
  );
}

export async function buildSitePlan(root: string, options: BuildSitePlanOptions = {}): Promise<BuiltSitePlan> {
  const absRoot = path.resolve(root);
  const progress = options.onProgress ?? (() => {});
  const { config, locator, diagnostics } = loadConfig(absRoot);
  const empty = (): BuiltSitePlan => ({
    plan: { root: absRoot, pages: [], navigation: [], global: [], specs: {}, diagnostics },
    diagnostics,
    ...(config ? { config } : {}),
    ...(locator ? { locator } : {}),
  });
  if (!config) return empty();

  const ignored = loadIgnore(absRoot);
  progress('reading pages');
  const files = new Map<string, PageFile>();
  const brokenFiles = new Set<string>();
  const named = new Set<string>();
  for (const node of [config.navigation.root, ...config.navigation.global]) collectPagePaths(node, named);
  for (const file of listPageFiles(absRoot, ignored, named)) {
    const { page, diagnostics: found } = readPageFile(absRoot, file);
    diagnostics.push(...found);
    if (page) files.set(page.slug, page);
    else brokenFiles.add(slugOfFile(file));
  }

  // Specs: everything navigation and `api` reference, plus discovered files that pages or entries name.
  const wanted = new Map<string, 'openapi' | 'asyncapi'>();
  const refs: Array<{ source: string; kind: 'openapi' | 'asyncapi' }> = [];
  collectSpecRefs(config.navigation.root, refs);
  for (const node of config.navigation.global) collectSpecRefs(node, refs);
  for (const source of apiSources(config.api.openapi)) refs.push({ source, kind: 'openapi' });
  for (const source of apiSources(config.api.asyncapi)) refs.push({ source, kind: 'asyncapi' });
  for (const ref of refs) wanted.set(normalizeSpecSource(ref.source), ref.kind);

  const fileTokens: string[] = [];
  let needsAll = false;
  const noteOperationString = (value: string | undefined, isOperation: boolean) => {
    if (!value) return;
    if (isOperation) {
      const ref = parseOperationRef(value);
      if (!ref) return;
      if (ref.file) fileTokens.push(ref.file);
      else needsAll = true;
      return;
    }
    const tokens = value.trim().split(/\s+/);
    if (tokens.length >= 2) fileTokens.push(tokens[0]!);
    else needsAll = true;
  };
  for (const file of files.values()) {
    const meta = pageMeta(file.frontmatter);
    noteOperationString(meta.openapi, true);
    noteOperationString(meta.asyncapi, false);
    noteOperationString(meta.openapiSchema, false);
  }
  const scanEntries = (node: NavNodeConfig) => {
    for (const child of node.children) {
      if (child.kind === 'page') {
        const ref = parseOperationRef(child.value);
        if (ref?.file) fileTokens.push(ref.file);
        else if (ref && !hasInheritedSpec(node)) needsAll = true;
      } else scanEntries(child);
    }
  };
  const inheritsSpec = new Set<NavNodeConfig>();
  const markInherited = (node: NavNodeConfig, inherited: boolean) => {
    const has = inherited || !!node.openapi;
    if (has) inheritsSpec.add(node);
    for (const child of node.children) if (child.kind !== 'page') markInherited(child, has);
  };
  const hasInheritedSpec = (node: NavNodeConfig) => inheritsSpec.has(node);
  markInherited(config.navigation.root, false);
  scanEntries(config.navigation.root);

  if (fileTokens.length || needsAll) {
    progress('discovering specs');
    const discovered = (await discoverSpecs(absRoot)).filter((d) => !ignored(d.source));
    for (const d of discovered) {
      const source = normalizeSpecSource(d.source);
      if (wanted.has(source)) continue;
      if (needsAll || fileTokens.some((token) => matchSpecFile([{ source }], normalizeSpecSource(token)))) wanted.set(source, d.kind);
    }
  }

  progress(`loading ${wanted.size} spec${wanted.size === 1 ? '' : 's'}`);
  const specs = new Map<string, SpecDocument>();
  const failed = new Set<string>();
  const remoteDir = options.remoteSpecDir === undefined ? defaultRemoteSpecDir(absRoot) : options.remoteSpecDir || undefined;
  const remoteCache = remoteDir ? remoteSpecCache(remoteDir) : undefined;
  const limit = pLimit(4);
  const specCache = options.specCache;
  const loaded = await Promise.all(
    [...wanted].map(([source, kind]) =>
      limit(async () => {
        const key = specCache ? await specLoadKey(absRoot, source, kind) : undefined;
        const cached = key ? specCache!.get(key) : undefined;
        if (cached) return { source, result: cached };
        const result = await loadSpec({
          root: absRoot,
          source,
          kind,
          ...(options.allowHttp ? { allowHttp: true } : {}),
          ...(options.fetch ? { fetch: options.fetch } : {}),
          ...(remoteCache ? { remoteCache } : {}),
        });
        if (key) specCache!.put(key, result);
        return { source, result };
      }),
    ),
  );
  for (const { source, result } of loaded) {
    diagnostics.push(...result.diagnostics);
    if (result.document) specs.set(normalizeSpecSource(source), result.document);
    else failed.add(source);
  }

  progress('planning pages');
  const planned = planSite({ config, ...(locator ? { locator } : {}), files, specs, failedSpecs: failed, brokenFiles });
  diagnostics.push(...planned.diagnostics);
  const plan: SitePlan = {
    root: absRoot,
    pages: planned.pages,
    navigation: planned.navigation,
    global: planned.global,
    specs: Object.fromEntries(specs),
    diagnostics,
  };
  progress(`planned ${plan.pages.length} pages`);
  return { plan, config, ...(locator ? { locator } : {}), diagnostics };
}
