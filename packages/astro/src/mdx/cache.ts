/**
 * MDX analysis (mdx-analyze.ts: parse, check components and expressions, rewrite for Astro) is the longest part of
 * planning a prose site: about 5 ms a page, 5 s for 1,000 pages, on every build and every `lectern dev` start.
 * It is pure, so its results are kept in the build cache (`mdx.json`), keyed by the file's text, its path, the
 * options, Lectern's code and the text of the files it imports; a file whose key is there is not analysed again.
 * Diagnostics are part of the result, so a cached file still reports its problems.
 *
 * An analysis holds the code the build compiles and runs, so each entry carries the SHA-256 of its content, checked
 * before it is used: an entry that does not match (damaged, edited or written by hand) is not used, the build says so
 * and analyses the file again. A file of another format is not read at all.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { analyzeMdx, type MdxAnalysis } from './analyze.ts';
import { cacheEnabled, cacheRoot, lecternFingerprint, readJson, sha256, writeAtomic } from '../shared/build-cache.ts';
import { IMPORT_STATEMENT, MDX_IMPORT_STATEMENT, importCandidates } from '../shared/modules/import-paths.ts';

type Options = Parameters<typeof analyzeMdx>[2];
/** Bumped when the file's layout changes (2: each entry carries the hash of its analysis). */
const FORMAT = 2;
/** An entry as stored: the plan that last used it, the analysis, the SHA-256 of the analysis as JSON. */
type Entry = [number, MdxAnalysis, string];
interface Stored {
  format: number;
  generation: number;
  entries: Record<string, Entry>;
}
/** Entries not used for this many plans leave the file. */
const KEEP = 3;

interface Store {
  file: string;
  generation: number;
  old: Map<string, Entry>;
  used: Map<string, MdxAnalysis>;
  dirty: boolean;
}
const stores = new Map<string, Store>();

function storeFor(root: string): Store | undefined {
  if (!cacheEnabled()) return undefined;
  const file = path.join(cacheRoot(path.resolve(root)), 'mdx.json');
  let s = stores.get(file);
  if (!s) {
    const read = readJson<Stored>(file);
    const stored = read?.format === FORMAT && read.entries && typeof read.entries === 'object' ? read : undefined;
    s = {
      file,
      generation: (Number(stored?.generation) || 0) + 1,
      old: new Map(Object.entries(stored?.entries ?? {})),
      used: new Map(),
      dirty: false,
    };
    stores.set(file, s);
  }
  return s;
}

/** Fenced code blocks: an `import` line there is an example, not an import of the page. */
const FENCE = /^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^\1?\2[`~]*[ \t]*$|(?![\s\S]))/gm;
const withoutCode = (text: string) => text.replace(FENCE, '');
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
  return store !== undefined && (store.used.has(key) || store.old.has(key));
}

/** How many analyses the cache of `root` holds (0 without a cache). */
export function cachedAnalyses(root: string): number {
  const store = storeFor(root);
  return store ? store.old.size + store.used.size : 0;
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
    let memo = importMemo.get(store.file);
    if (!memo) importMemo.set(store.file, (memo = new Map()));
    const digest = importsDigest(path.resolve(root), path.resolve(root, file), source, memo);
    if (digest === undefined) return analyzeMdx(source, file, opts);
    imports = digest;
  }
  const key = analysisKey(file, opts, source, imports);
  const hit = store.used.get(key) ?? checked(store, key, file, path.resolve(root));
  if (hit) {
    store.used.set(key, hit);
    return structuredClone(hit);
  }
  const result = fromAhead(key) ?? analyzeMdx(source, file, opts);
  store.used.set(key, structuredClone(result));
  store.dirty = true;
  return result;
}

/** The hash an entry carries: of its analysis as the file stores it. */
const analysisHash = (analysis: MdxAnalysis): string => sha256(JSON.stringify(analysis));

/** Where island modules are written (prepare.ts ISLANDS_DIR; not imported from there, as it imports this module). */
const ISLANDS = path.join('.lectern', 'islands');

/** Why a stored entry is not used, or undefined when it is sound. */
function entryProblem(entry: Entry | undefined, root: string): string | undefined {
  if (!Array.isArray(entry) || !entry[1] || typeof entry[2] !== 'string' || analysisHash(entry[1]) !== entry[2])
    return 'does not match the hash stored with it (damaged, edited or written by hand)';
  // The island module is written where the analysis says: only ever under .lectern/islands/.
  const island = entry[1].island?.path;
  if (
    island !== undefined &&
    (typeof island !== 'string' || !island.startsWith(path.join(root, ISLANDS) + path.sep) || island.includes('\0'))
  )
    return `names an island module outside ${ISLANDS} (${String(island)})`;
  if (island !== undefined && path.resolve(island) !== island) return `names an island module by a path that is not plain (${island})`;
  return undefined;
}

/** The stored analysis of `key` when it is sound (`entryProblem`); one that is not is dropped, with a warning. */
function checked(store: Store, key: string, file: string, root: string): MdxAnalysis | undefined {
  const entry = store.old.get(key);
  if (!entry) return undefined;
  const problem = entryProblem(entry, root);
  if (!problem) return entry[1];
  console.warn(`[lectern] build cache: the analysis of ${file} in mdx.json ${problem}: not used, analysed again`);
  store.old.delete(key);
  store.dirty = true;
  return undefined;
}

/** Write what this plan analysed or used (and recent entries) back, when anything changed. */
export function saveMdxCache(root: string): void {
  ahead.clear();
  const store = storeFor(root);
  // The next plan reads imported files again (they may have changed since).
  if (store) importMemo.delete(store.file);
  // Nothing new and nothing to drop: the file stays as it is.
  if (!store || (!store.dirty && store.used.size === store.old.size)) {
    if (store) stores.delete(store.file);
    return;
  }
  const entries: Stored['entries'] = {};
  // A stored entry used as it was (the same object, its hash checked when it was read) keeps its hash.
  for (const [key, value] of store.used) {
    const kept = store.old.get(key);
    entries[key] = [store.generation, value, kept?.[1] === value ? kept[2] : analysisHash(value)];
  }
  for (const [key, entry] of store.old) if (!(key in entries) && store.generation - entry[0] < KEEP) entries[key] = entry;
  writeAtomic(store.file, JSON.stringify({ format: FORMAT, generation: store.generation, entries } satisfies Stored));
  stores.delete(store.file);
}
