/** Analyse every MDX file a site renders (pages and the snippets they import) before the build starts. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '@lectern/core';
import { type IconUse, type MdxAnalysis } from './analyze.ts';
import { analysisKey, cachedAnalyses, cachedAnalyzeMdx, importsFiles, importSpecifiers, isCached } from './cache.ts';
import { locateImport } from '../shared/modules/import-paths.ts';
import type { LoadedSite } from '../plan/source.ts';
import type { DocsConfig } from '@lectern/core';
import { ownModule, PACKAGE_DIR } from '../shared/modules/own-files.ts';
import { readableFile, refusedFile, repoFileRules } from '../shared/modules/publishable.ts';
import type { RepoFileRules } from '@lectern/core';
import {
  isPackageSpecifier,
  MINTLIFY_COMPONENTS,
  moduleImports,
  packageName,
  packageResolves,
  type PackageImport,
} from '../shared/modules/package-imports.ts';
import { parseModule, prepareJsxModule, type IslandContext, type PreparedJsx } from './islands.ts';

export const COMPONENTS_MODULE = ownModule('components/index');
/** The built-in components for JSX that runs as Preact (islands/builtins.ts). */
export const BUILTINS_MODULE = ownModule('mdx/island-builtins');
export const ISLANDS_DIR = path.join('.lectern', 'islands');

/** The island module of an MDX file's components: `<root>/.lectern/islands/<path of the file>.jsx`. */
export function islandPath(abs: string, root: string): string {
  return path.join(root, ISLANDS_DIR, `${path.relative(root, abs)}.jsx`);
}

/** A local import specifier of `from` (`/snippets/x.jsx` from the repo root, or relative) as an absolute path. */
export function resolveLocalImport(from: string, spec: string, root: string): string | undefined {
  if (spec.startsWith('/')) return path.join(root, spec);
  if (spec.startsWith('./') || spec.startsWith('../')) return path.resolve(path.dirname(from), spec);
  return undefined;
}

/**
 * What one preparation run knows about JSX modules and MDX files' islands (memoised): a page hydrates the components
 * of an interactive JSX module, and imports another MDX file's components from that file's island.
 */
export class IslandLookups {
  private readonly jsx = new Map<string, PreparedJsx>();
  readonly analyses = new Map<string, MdxAnalysis>();
  private readonly pending = new Set<string>();
  readonly root: string;
  readonly config: Pick<DocsConfig, 'variables' | 'styling'>;
  readonly componentsModule: string;
  readonly snippetOf: (abs: string) => boolean;
  constructor(
    root: string,
    config: Pick<DocsConfig, 'variables' | 'styling'>,
    componentsModule: string,
    snippetOf: (abs: string) => boolean = (abs) => isSnippet(abs, root),
  ) {
    this.root = root;
    this.config = config;
    this.componentsModule = componentsModule;
    this.snippetOf = snippetOf;
  }

  jsxModule(abs: string): PreparedJsx {
    let prepared = this.jsx.get(abs);
    if (!prepared) {
      const rel = path.relative(this.root, abs).split(path.sep).join('/');
      prepared = existsSync(abs)
        ? prepareJsxModule(readFileSync(abs, 'utf8'), rel, BUILTINS_MODULE)
        : { code: '', diagnostics: [], interactive: false, exports: [] };
      this.jsx.set(abs, prepared);
    }
    return prepared;
  }

  /** The analysis of an MDX file (once per run). */
  analyze(abs: string): MdxAnalysis {
    const key = path.resolve(abs);
    let result = this.analyses.get(key);
    if (!result) {
      this.pending.add(key);
      result = prepareFile(key, this.root, this.config, this.componentsModule, this.snippetOf(key), this);
      this.pending.delete(key);
      this.analyses.set(key, result);
    }
    return result;
  }

  context(abs: string): IslandContext {
    return {
      path: islandPath(abs, this.root),
      builtinsModule: BUILTINS_MODULE,
      resolveImport: (spec) => resolveLocalImport(abs, spec, this.root),
      jsxInteractive: (target) => this.jsxModule(target).interactive,
      mdxIsland: (target) => {
        const key = path.resolve(target);
        if (this.pending.has(key) || !existsSync(key)) return undefined; // an import cycle
        return this.analyze(key).island;
      },
    };
  }
}

/**
 * Files the last `prepareSite` reached only through imports (snippets outside snippets/), so that `lectern dev`,
 * which prepares each file as it is requested, treats them as snippets too.
 */
const importedOnly = new Set<string>();

/** A snippet: a file in a `snippets/` folder (never a page), or one that pages import but that is no page. */
export function isSnippet(abs: string, root: string): boolean {
  const rel = path.relative(root, abs).split(path.sep).join('/');
  return SNIPPETS_DIR.test(rel) || importedOnly.has(path.resolve(abs));
}
const SNIPPETS_DIR = /(^|\/)snippets\//;

/**
 * `config`: docs.json's `variables`, and `styling.latex: false` (no `$…$` math; `<Latex>` still works).
 * `snippet`: bare names in its expressions are props (defaults to `isSnippet`).
 */
export function prepareFile(
  abs: string,
  root: string,
  config: Pick<DocsConfig, 'variables' | 'styling'>,
  componentsModule = COMPONENTS_MODULE,
  snippet = isSnippet(abs, root),
  lookups: IslandLookups = new IslandLookups(root, config, componentsModule),
): MdxAnalysis {
  const rel = path.relative(root, abs).split(path.sep).join('/');
  const source = readFileSync(abs, 'utf8');
  const opts = analysisOptions(abs, config, componentsModule, snippet, lookups);
  const unavailable = unavailablePackages(source, abs);
  return cachedAnalyzeMdx(root, source, rel, unavailable.length ? { ...opts, unavailablePackages: unavailable } : opts);
}

/** The packages an MDX file imports that the build cannot resolve (their imports are cut, as Mintlify does). */
function unavailablePackages(source: string, abs: string): string[] {
  if (!importsFiles(source)) return [];
  const specs = importSpecifiers(source).filter((s) => isPackageSpecifier(s) && !packageResolves(s, path.dirname(abs), PACKAGE_DIR));
  return [...new Set(specs)].sort();
}

function analysisOptions(
  abs: string,
  config: Pick<DocsConfig, 'variables' | 'styling'>,
  componentsModule: string,
  snippet: boolean,
  lookups: IslandLookups,
): AnalysisOptions {
  return {
    componentsModule,
    variables: config.variables,
    dollarMath: config.styling?.latex !== false,
    snippet,
    islands: lookups.context(abs),
  };
}

type AnalysisOptions = Parameters<typeof cachedAnalyzeMdx>[3];

/** An MDX file to analyse ahead (mdx-pool.ts): its text, path, options and cache key, as `prepareSite` will ask. */
export interface AnalysisJob {
  source: string;
  file: string;
  opts: AnalysisOptions;
  key: string;
}

/**
 * The MDX files `prepareSite` will analyse (the pages' MDX, `extra`, and the MDX files they import, followed through
 * `import` lines), with the options it will give them, less those the cache holds and those that import files
 * themselves (their analysis asks about the imported files).
 */
export function analysisJobs(
  site: LoadedSite,
  componentsModule = COMPONENTS_MODULE,
  extra: Map<string, string> = new Map(),
): AnalysisJob[] {
  const root = site.plan.root;
  const pages = new Set(
    [...site.plan.pages.filter((p) => p.file?.endsWith('.mdx')).map((p) => path.join(root, p.file!)), ...extra.values()].map((f) =>
      path.resolve(f),
    ),
  );
  // A cache holding about as many analyses as there are pages (a re-plan in `lectern dev`, a build after an edit)
  // answers most of them: finding the few it lacks would cost more than analysing them (reading and hashing every
  // file a second time). Ahead is for plans with an empty or missing cache (a first build, CI without its cache).
  if (cachedAnalyses(root) >= pages.size / 2) return [];
  const lookups = new IslandLookups(root, site.config, componentsModule);
  const jobs: AnalysisJob[] = [];
  const seen = new Set<string>();
  const queue = [...pages];
  // A file a symlink leads into .git/, to a dotfile, a restricted page's source or out of the repo is never read.
  const rules = repoFileRules(site.plan.pages);
  while (queue.length) {
    const abs = queue.shift()!;
    if (seen.has(abs) || !existsSync(abs) || !statSync(abs).isFile() || !readableFile(root, abs, rules)) continue;
    seen.add(abs);
    const source = readFileSync(abs, 'utf8');
    if (importsFiles(source)) {
      for (const spec of importSpecifiers(source)) {
        if (!spec.startsWith('/') && !spec.startsWith('.')) continue;
        const target = path.resolve(locateImport(root, abs, spec));
        if (target.endsWith('.mdx')) queue.push(target);
      }
      continue;
    }
    const file = path.relative(root, abs).split(path.sep).join('/');
    // As prepareSite will ask: a file no page is, is a snippet; a page is one by its folder (prepareSite learns of
    // pages that other files import later, and analyses those again).
    const opts = analysisOptions(abs, site.config, componentsModule, !pages.has(abs) || SNIPPETS_DIR.test(file), lookups);
    const key = analysisKey(file, opts, source);
    if (!isCached(root, key)) jobs.push({ source, file, opts, key });
  }
  return jobs;
}

/** `extra`: further MDX files to compile (slug -> absolute path), such as written-out `x-mint.content`. */
export interface PreparedSite {
  /** Absolute MDX path -> prepared source. */
  prepared: Map<string, string>;
  diagnostics: Diagnostic[];
  /** Absolute path -> the absolute paths of the files it imports (MDX and JSX snippets). */
  imports: Map<string, string[]>;
  /** Island modules to write (absolute path -> source), see islands/islands.ts. */
  islands: Map<string, string>;
  /** The icons the files' built-in components draw, with the file (repo-relative): `lectern check` looks them up. */
  icons: Array<IconUse & { file: string }>;
}

export function prepareSite(site: LoadedSite, componentsModule = COMPONENTS_MODULE, extra: Map<string, string> = new Map()): PreparedSite {
  const root = site.plan.root;
  const prepared = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  const queue: string[] = [];
  for (const p of site.plan.pages) if (p.file && p.file.endsWith('.mdx')) queue.push(path.join(root, p.file));
  queue.push(...extra.values());
  const pages = new Set(queue.map((f) => path.resolve(f)));
  importedOnly.clear();
  const results = new Map<string, MdxAnalysis>();
  const graph = new Map<string, string[]>();
  const importedPages = new Set<string>();
  const lookups = new IslandLookups(root, site.config, componentsModule, (abs) => !pages.has(abs) || isSnippet(abs, root));
  const modules: string[] = [];
  const resolveImport = (from: string, imp: string) => locateImport(root, from, imp);
  // A file a symlink leads into .git/, to a dotfile, a restricted page's source or out of the repo is never read.
  const rules = repoFileRules(site.plan.pages);
  while (queue.length) {
    const abs = path.resolve(queue.shift()!);
    if (results.has(abs)) continue;
    if (!readableFile(root, abs, rules)) continue;
    if (!pages.has(abs)) importedOnly.add(abs);
    const analyzed = lookups.analyze(abs);
    const result = { ...analyzed, code: missingImages(retargetImports(analyzed, abs, root, rules), abs, root, rules) };
    prepared.set(abs, result.code);
    results.set(abs, result);
    const targets: string[] = [];
    graph.set(abs, targets);
    for (const imp of result.imports) {
      const target = resolveImport(abs, imp);
      targets.push(path.resolve(target));
      const refused = refusedFile(root, target, rules);
      if (refused) {
        diagnostics.push({
          severity: 'warning',
          code: 'mdx/refused-import',
          file: path.relative(root, abs).split(path.sep).join('/'),
          line: importLine(analyzed.code, imp),
          target: imp,
          message: `Imported file ${refused.message}: not read, what it would show is left out of the page.`,
          hint: 'An import may not lead into .git/, to a dotfile or dot-folder, to the source of a page for some readers only, or out of the repo (a symlink is judged by the file it leads to).',
        });
        continue;
      }
      if (!existsSync(target)) {
        diagnostics.push({
          severity: 'warning',
          code: 'mdx/missing-import',
          file: path.relative(root, abs).split(path.sep).join('/'),
          line: importLine(analyzed.code, imp),
          target: imp,
          message: `Imported file ${imp} does not exist: what it would show is left out of the page.`,
          hint: 'Imports are relative to the file, or to the docs root when they start with "/". (An error with --strict.)',
        });
        continue;
      }
      if (pages.has(path.resolve(target))) importedPages.add(path.resolve(target));
      if (target.endsWith('.mdx')) queue.push(target);
      if (SCRIPT.test(target)) modules.push(path.resolve(target));
    }
  }
  // The modules pages import (JSX components, and the JavaScript those import in turn): their problems (syntax,
  // unknown components, packages that are not installed) are reported once each, and their imports join the graph,
  // so a module the bundler refuses is traced to the pages using it.
  const seenModules = new Set<string>();
  while (modules.length) {
    const abs = modules.shift()!;
    if (seenModules.has(abs)) continue;
    seenModules.add(abs);
    const mod = /\.(jsx|tsx)$/.test(abs) ? lookups.jsxModule(abs) : scriptImports(abs);
    diagnostics.push(...mod.diagnostics);
    diagnostics.push(...unresolvedPackages(mod.packages, abs, root));
    const targets = (mod.files ?? []).map((spec) => locateModule(abs, spec, root)).filter((t): t is string => t !== undefined);
    graph.set(abs, targets);
    modules.push(...targets.filter((t) => SCRIPT.test(t)));
  }
  for (const [abs, result] of results) diagnostics.push(...unresolvedPackages(result.packages, abs, root));
  // A page another file imports is a snippet too (its bare names are props): prepared again as one. It is still
  // built as its own page, without props, so a read that would throw there is an error.
  for (const abs of importedPages) {
    if (isSnippet(abs, root) || !results.has(abs)) continue;
    importedOnly.add(abs);
    const reprepared = prepareFile(abs, root, site.config, componentsModule, true, lookups);
    const result = { ...reprepared, code: missingImages(retargetImports(reprepared, abs, root, rules), abs, root, rules) };
    prepared.set(abs, result.code);
    results.set(abs, result);
    const seen = new Set<string>();
    for (const read of result.reads) {
      if (!read.crashes || seen.has(read.name)) continue;
      seen.add(read.name);
      diagnostics.push({
        severity: 'error',
        code: 'mdx/snippet-prop',
        file: path.relative(root, abs).split(path.sep).join('/'),
        line: read.line,
        column: read.column,
        message: `The snippet reads the prop \`${read.name}\`, but it is also built as a page of its own, without props, where rendering it would fail.`,
        hint: 'Move the file under snippets/ (files there never become pages), or guard the read: {props.' + read.name + '?.…}.',
      });
    }
  }
  for (const result of results.values()) diagnostics.push(...result.diagnostics);
  diagnostics.push(...missingProps(results, root, resolveImport));
  const islands = new Map<string, string>();
  for (const result of results.values()) if (result.island) islands.set(result.island.path, result.island.code);
  const icons = [...results].flatMap(([abs, result]) =>
    (result.icons ?? []).map((use) => ({ ...use, file: path.relative(root, abs).split(path.sep).join('/') })),
  );
  return { prepared, diagnostics, imports: graph, islands, icons };
}

/** JavaScript modules a page may import (the bundler builds them; planning follows their imports). */
const SCRIPT = /\.(jsx|tsx|js|mjs)$/;

/** A plain JavaScript module's imports (a syntax error is left to the bundler, which names its line). */
function scriptImports(abs: string): { diagnostics: Diagnostic[]; packages?: PackageImport[]; files?: string[] } {
  try {
    const source = readFileSync(abs, 'utf8');
    return { diagnostics: [], ...moduleImports(parseModule(source), source) };
  } catch {
    return { diagnostics: [] };
  }
}

/** The file a module's local import names, as the bundler finds it (the extension may be left out). */
function locateModule(from: string, spec: string, root: string): string | undefined {
  const base = resolveLocalImport(from, spec, root);
  if (!base) return undefined;
  for (const candidate of [base, ...['.js', '.jsx', '.ts', '.tsx', '.mjs'].map((ext) => base + ext)]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Imports of packages the build cannot resolve (package-imports.ts): errors that keep the importing pages out. */
function unresolvedPackages(packages: PackageImport[] | undefined, abs: string, root: string): Diagnostic[] {
  const file = path.relative(root, abs).split(path.sep).join('/');
  return (packages ?? [])
    .filter((p) => !packageResolves(p.spec, path.dirname(abs), PACKAGE_DIR))
    .map((p) => ({
      severity: 'error' as const,
      code: 'mdx/unresolved-import',
      file,
      ...(p.line ? { line: p.line } : {}),
      target: p.spec,
      message: `The package "${p.spec}" is imported but not installed, so the pages using this file cannot be built and are left out.`,
      hint: `Add it to the docs repo's package.json (npm install ${packageName(p.spec)}), or remove the import. Lectern provides react, react-dom, preact and ${MINTLIFY_COMPONENTS} itself.`,
    }));
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The line of the import of `imp` in `code` (1-based), if it is there. */
function importLine(code: string, imp: string): number | undefined {
  const m = new RegExp(`(['"])${escapeRe(imp)}\\1`).exec(code);
  return m ? code.slice(0, m.index).split('\n').length : undefined;
}

/**
 * The prepared code with each import pointing at the file `locateImport` found (`/snippets/x` -> `/_snippets/x.mdx`),
 * and imports of files that do not exist, or may not be read (`mdx/refused-import`), replaced by stand-ins that render
 * nothing (reported as `mdx/missing-import`).
 */
function retargetImports(result: MdxAnalysis, abs: string, root: string, rules: RepoFileRules): string {
  let code = result.code;
  for (const imp of new Set(result.imports)) {
    const found = locateImport(root, abs, imp);
    const quoted = new RegExp(`(['"])${escapeRe(imp)}\\1`, 'g');
    if (!readableFile(root, found, rules)) {
      code = code.replace(
        new RegExp(`^import\\s+([^;'"]*?)\\s+from\\s*(['"])${escapeRe(imp)}\\2;?`, 'gm'),
        (whole, clause: string) => standIns(clause) + '\n'.repeat(whole.split('\n').length - 1),
      );
      continue;
    }
    const written = imp.startsWith('/') ? path.join(root, imp) : path.resolve(path.dirname(abs), imp);
    if (found === written) continue;
    const target = imp.startsWith('/') ? '/' + path.relative(root, found).split(path.sep).join('/') : imp + found.slice(written.length);
    code = code.replace(quoted, JSON.stringify(target));
  }
  return code;
}

/** A Markdown image whose path is relative to the file (`![x](../images/a.png)`, `![x](a.png)`): MDX imports it. */
export const RELATIVE_IMAGE = /(!\[[^\]\n]*\]\(\s*<?)(\.{1,2}\/[^)\s>]+|[^)\s>/:#?][^)\s>:]*)(?=>?(?:\s+"[^"\n]*")?\s*\))/g;

/**
 * Markdown images with a relative path to a file that does not exist (`![x](../images/gone.gif)`), that may not be
 * read (publishable.ts), or that climbs above the docs root (`../../images/x.png` one level too many): MDX would import
 * the file and fail the page; Mintlify resolves the path as a URL and shows the image (or a broken one). They become
 * root-absolute URLs, drawn as plain <img> (`lectern check` reports a missing file as a broken link).
 */
function missingImages(code: string, abs: string, root: string, rules: RepoFileRules): string {
  return code.replace(RELATIVE_IMAGE, (whole, head: string, url: string) => {
    const clean = safeDecode(url.replace(/[?#].*$/, ''));
    const file = path.resolve(path.dirname(abs), clean);
    if (file.startsWith(root + path.sep) && readableFile(root, file, rules)) return whole;
    // Root-absolute; a path climbing above the docs root stops there, as a URL does (Mintlify shows the image).
    const dir = '/' + path.relative(root, path.dirname(abs)).split(path.sep).join('/');
    return head + path.posix.resolve(dir, clean) + url.slice(url.replace(/[?#].*$/, '').length);
  });
}

const safeDecode = (s: string) => {
  try {
    return decodeURI(s);
  } catch {
    return s;
  }
};

/** `export const X = …` for each name an import clause binds (default, `{ a, b as c }`, `* as ns`): empty components. */
function standIns(clause: string): string {
  const names: string[] = [];
  const braces = /\{([^}]*)\}/.exec(clause);
  for (const part of (braces?.[1] ?? '').split(',')) {
    const name = part
      .trim()
      .split(/\s+as\s+/)
      .pop()
      ?.trim();
    if (name) names.push(name);
  }
  const rest = clause
    .replace(/\{[^}]*\}/, '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const part of rest) names.push(part.replace(/^\*\s+as\s+/, ''));
  return names.length ? `export const ${names.map((n) => `${n} = () => null`).join(', ')};` : '';
}

/**
 * A snippet reads `{word}` but a file renders it without `word`: the snippet shows nothing there (a warning), or,
 * where it would throw while the site is built (`word.length`, `word()`), a build error naming the snippet's line.
 */
function missingProps(results: Map<string, MdxAnalysis>, root: string, resolveImport: (from: string, imp: string) => string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const rel = (abs: string) => path.relative(root, abs).split(path.sep).join('/');
  for (const [abs, result] of results) {
    for (const use of result.usages) {
      if (!use.props) continue;
      const target = path.resolve(resolveImport(abs, use.source));
      const reads = results.get(target)?.reads ?? [];
      const seen = new Set<string>();
      for (const read of reads) {
        if (use.props.includes(read.name) || seen.has(read.name)) continue;
        seen.add(read.name);
        const crashes = reads.find((r) => r.name === read.name && r.crashes);
        const at = crashes ?? read;
        out.push({
          severity: crashes ? 'error' : 'warning',
          code: 'mdx/snippet-prop',
          file: rel(target),
          line: at.line,
          column: at.column,
          message: `The snippet reads the prop \`${read.name}\`, but <${use.component}> in ${rel(abs)}${use.line ? ` (line ${use.line})` : ''} does not pass it${crashes ? ', so rendering it would fail' : ': nothing is shown there'}.`,
          hint:
            use.component === 'Snippet'
              ? 'The legacy <Snippet file> form passes no props: import the snippet instead and pass them as attributes.'
              : `Pass it: <${use.component} ${read.name}="…" />.`,
        });
      }
    }
  }
  return out;
}

export function formatDiagnostic(d: Diagnostic): string {
  const where = d.file + (d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : '') + (d.pointer ? ` (${d.pointer})` : '');
  return `${d.severity === 'error' ? 'error' : 'warning'} ${where} ${d.message}${d.hint ? `\n    hint: ${d.hint}` : ''} [${d.code}]`;
}
