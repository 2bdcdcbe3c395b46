/**
 * MDX analysis (mdx-analyze.ts: parse, check components and expressions, rewrite for Astro) is the longest part of
 * planning a prose site: about 5 ms a page, 5 s for 1,000 pages, on every build and every `lectern dev` start.
 * It is pure, so its results are kept in the build cache (analysis-store.ts, `mdx/`), keyed by the file's text, its
 * path, the options, Lectern's code and the text of the files it imports; a file whose key is there is not analysed
 * again. Diagnostics are part of the result, so a cached file still reports its problems.
 *
 * An analysis holds the code the build compiles and runs: a stored one is used only when it matches the SHA-256 stored
 * with it and writes its island module under .lectern/islands/; one that does not is not used, the build says so and
 * analyses the file again.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { analyzeMdx, FENCED, type MdxAnalysis } from './analyze.ts';
import { AnalysisStore } from './analysis-store.ts';
import { cacheEnabled, cacheRoot, lecternFingerprint, sha256 } from '../shared/build-cache.ts';
import { IMPORT_STATEMENT, MDX_IMPORT_STATEMENT, importCandidates } from '../shared/modules/import-paths.ts';

type Options = Parameters<typeof analyzeMdx>[2];

/** The open store of each cache folder, for one plan (`saveMdxCache` closes it). */
const stores = new Map<string, AnalysisStore>();

function storeFor(root: string): AnalysisStore | undefined {
  if (!cacheEnabled()) return undefined;
  const dir = path.join(cacheRoot(path.resolve(root)), 'mdx');
  let s = stores.get(dir);
  if (!s) stores.set(dir, (s = new AnalysisStore(dir)));
  return s;
}

/** Without its fenced code blocks: an `import` line there is an example, not an import of the page. */
const withoutCode = (text: string) => text.replace(FENCED, '');
const MODULE = /\.(mdx?|[cm]?[jt]sx?)$/;
/** JavaScript modules: every `import` line is one (no Markdown code blocks there). */
const MODULE_CODE = /\.[cm]?[jt]sx?$/;

/**
 * What a file's analysis depends on beyond its own text: every file of the repo it imports, and those files' imports,
 * named by path and content (a missing one as missing). The places an import may resolve to are all named (as it is
 * written, with `.mdx`, under the legacy `_snippets/`), so a file appearing at one changes the digest too. Undefined
 * when the file imports a package (its resolution is not the repo's).
 */
function importsDigest(root: string, abs: string, source: string, memo: Map<string, string | null>): string | undefined {
  const parts: string[] = [];
  const seen = new Set<string>([abs]);
  const queue: Array<[string, string]> = [[abs, source]];
  while (queue.length) {
    const [from, code] = queue.shift()!;
    for (const m of MODULE_CODE.test(from) ? code.matchAll(IMPORT_STATEMENT) : withoutCode(code).matchAll(MDX_IMPORT_STATEMENT)) {
      const spec = (m[1] ?? m[2])!;
      if (!spec.startsWith('/') && !spec.startsWith('./') && !spec.startsWith('../')) return undefined;
      for (const candidate of importCandidates(root, from, spec)) {
        let text = memo.get(candidate);
        if (text === undefined) {
          text = existsSync(candidate) && statSync(candidate).isFile() ? readFileSync(candidate, 'utf8') : null;
          memo.set(candidate, text);
        }
        parts.push(`${path.relative(root, candidate)}:${text === null ? '-' : sha256(text)}`);
        if (text !== null && !seen.has(candidate) && MODULE.test(candidate)) {
          seen.add(candidate);
          queue.push([candidate, text]);
        }
      }
    }
  }
  return sha256(...parts);
}

/** Imported files read while computing keys (one plan): path -> text, or null when there is none. */
const importMemo = new Map<string, Map<string, string | null>>();

/**
 * Whether a file's analysis may ask its island context about other files: only through an `import` statement. A
 * file without one is analysed the same wherever it is (mdx-pool.ts analyses such files in a worker thread).
 */
export function importsFiles(source: string): boolean {
  // `\b`, not `\s`: `import{ Card }from'…'` imports too. At the start of a line: MDX reads an indented one as text.
  return IMPORT_LINE.test(source) && IMPORT_LINE.test(withoutCode(source));
}
const IMPORT_LINE = /^\uFEFF?import\b/m;

/** The specifiers of a file's `import` lines, outside its code blocks. */
export function importSpecifiers(source: string): string[] {
  return [...withoutCode(source).matchAll(MDX_IMPORT_STATEMENT)].map((m) => (m[1] ?? m[2])!);
}

/** The cache key of an analysis: Lectern's code, the file's path and text, the options, what it imports. */
export function analysisKey(file: string, opts: Options, source: string, imports = ''): string {
  return sha256(lecternFingerprint(), file, JSON.stringify(opts), source, imports);
}

/** Whether the cache of `root` holds the analysis of this key (so it need not be done ahead). */
export function isCached(root: string, key: string): boolean {
  const store = storeFor(root);
  return store !== undefined && store.has(key);
}

/** How many analyses the cache of `root` holds (0 without a cache). */
export function cachedAnalyses(root: string): number {
  const store = storeFor(root);
  return store ? store.size : 0;
}

/** Analyses done ahead of this plan's (mdx-pool.ts), by key; each is taken once. */
const ahead = new Map<string, MdxAnalysis>();
export function keepAhead(key: string, analysis: MdxAnalysis): void {
  ahead.set(key, analysis);
}
/** Analyses done ahead and not taken yet (one whose key `prepareSite` never asks for stays here). */
export function pendingAhead(): number {
  return ahead.size;
}
function fromAhead(key: string): MdxAnalysis | undefined {
  const found = ahead.get(key);
  ahead.delete(key);
  return found;
}

/** `analyzeMdx`, answered from the cache of `root` when the same text was analysed with the same options. */
export function cachedAnalyzeMdx(root: string, source: string, file: string, opts: Options): MdxAnalysis {
  const store = storeFor(root);
  const withImports = opts.islands !== undefined && importsFiles(source);
  if (!store)
    return (ahead.size > 0 && !withImports ? fromAhead(analysisKey(file, opts, source)) : undefined) ?? analyzeMdx(source, file, opts);
  // A file with imports depends on the files it imports (what their islands export, whether they are interactive):
  // their text is in the key with its own. The rest of the island context (its path, the built-ins module) is in
  // the options. A file importing a package is analysed every time.
  let imports = '';
  if (withImports) {
    let memo = importMemo.get(store.dir);
    if (!memo) importMemo.set(store.dir, (memo = new Map()));
    const digest = importsDigest(path.resolve(root), path.resolve(root, file), source, memo);
    if (digest === undefined) return analyzeMdx(source, file, opts);
    imports = digest;
  }
  const key = analysisKey(file, opts, source, imports);
  const taken = store.take(key, (analysis) => islandProblem(analysis, path.resolve(root)));
  if (taken && 'analysis' in taken) return taken.analysis;
  if (taken) console.warn(`[lectern] build cache: the analysis of ${file} in the build cache ${taken.problem}: not used, analysed again`);
  const result = fromAhead(key) ?? analyzeMdx(source, file, opts);
  store.put(key, result);
  return result;
}

/** Where island modules are written (prepare.ts ISLANDS_DIR; not imported from there, as it imports this module). */
const ISLANDS = path.join('.lectern', 'islands');

/** Why a stored analysis may not be used: its island module is written where it says, only ever under .lectern/islands/. */
function islandProblem(analysis: MdxAnalysis, root: string): string | undefined {
  const island = analysis.island?.path;
  if (island === undefined) return undefined;
  if (typeof island !== 'string' || !island.startsWith(path.join(root, ISLANDS) + path.sep) || island.includes('\0'))
    return `names an island module outside ${ISLANDS} (${String(island)})`;
  if (path.resolve(island) !== island) return `names an island module by a path that is not plain (${island})`;
  return undefined;
}

/** Write what this plan analysed or used back (only the shards that changed), and close the store. */
export function saveMdxCache(root: string): void {
  ahead.clear();
  const store = storeFor(root);
  if (!store) return;
  // The next plan reads imported files again (they may have changed since).
  importMemo.delete(store.dir);
  store.save();
  stores.delete(store.dir);
}
