/**
 * `lectern dev` runs Astro's server app inside Vite's module runner (the `ssr` environment), so every module of
 * Astro's runtime it needs, about 300 files of `astro/dist`, and Lectern's own, is read, transformed, rewritten for
 * the runner and evaluated with a source map before the first page renders: most of the time between the server
 * listening and the first page. Most of those files need none of it: they are plain ESM that Node can load as they
 * are. This plugin lets Node load them: the `ssr` environment's `fetchModule` answers "externalize" for such a file
 * (NATIVE_ROOTS) whose whole import graph is plain, so the runner imports it natively, and its imports with it.
 *
 * Plain means: JavaScript files only, no `import.meta.env`/`.hot`/`.glob` (Vite replaces those), no import Vite
 * must resolve (virtual modules, `astro:*`, `#…` package imports a plugin may redirect, CSS), no `import()` of a
 * computed specifier (it would load a user's file, which needs Vite), and every file it imports from a package Vite
 * would inline (`resolve.noExternal`) one of NATIVE_ROOTS and plain too. A file that fails stays in the runner and
 * so does everything importing it. Each file keeps one instance: a file of NATIVE_ROOTS is loaded by Node for every
 * importer or inlined for every importer, and Node loads nothing else that Vite would not have left to Node anyway.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { initSync, parse } from 'es-module-lexer';
import type { DevEnvironment, Plugin } from 'vite';
import { packageName } from '../shared/modules/package-imports.ts';

interface ModuleFacts {
  /** Needs Vite itself. */
  bad: boolean;
  deps: string[];
}

const JS = /\.m?js$/;
/**
 * The files this applies to: Astro's (whichever copy the server loads: Lectern's, or the docs repo's own), the
 * helpers package they share, and Lectern's own compiled packages (an installed Lectern; the workspace runs
 * TypeScript, which needs Vite).
 */
export const NATIVE_ROOTS = /[\\/]node_modules[\\/](?:astro|@astrojs[\\/]internal-helpers|lectern|@lectern[\\/][^\\/]+)[\\/]dist[\\/]/;

/** The files of a graph that Node can load as they are (see the module comment). */
export function plainModules(
  inlined: (pkg: string) => boolean,
  isRoot: (file: string) => boolean = (f) => NATIVE_ROOTS.test(f),
): (file: string) => boolean {
  const facts = new Map<string, ModuleFacts>();
  const plain = new Map<string, boolean>();

  const read = (file: string): ModuleFacts => {
    let node = facts.get(file);
    if (node) return node;
    node = { bad: false, deps: [] };
    facts.set(file, node);
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      node.bad = true;
      return node;
    }
    let imports: ReturnType<typeof parse>[0];
    try {
      [imports] = parse(source);
    } catch {
      node.bad = true;
      return node;
    }
    for (const imp of imports) {
      if (imp.d === -2) {
        // `import.meta`: `.url`, `.dirname`, `.filename`, `.resolve` are Node's too.
        if (/^\??\.(env|hot|glob)\b/.test(source.slice(imp.e, imp.e + 8))) node.bad = true;
        continue;
      }
      const spec = imp.n;
      if (spec === undefined) {
        node.bad = true;
        continue;
      }
      if (isBuiltin(spec)) continue;
      if (spec.startsWith('./') || spec.startsWith('../')) {
        const target = path.resolve(path.dirname(file), spec);
        if (!JS.test(target) || !isRoot(target)) node.bad = true;
        else node.deps.push(target);
        continue;
      }
      if (spec.startsWith('#') || spec.startsWith('/') || spec.includes(':') || spec.includes('\0')) {
        node.bad = true;
        continue;
      }
      // A package Vite leaves to Node is loaded natively today; one it inlines must be plain itself.
      if (!inlined(packageName(spec))) continue;
      let target: string;
      try {
        target = createRequire(file).resolve(spec);
      } catch {
        node.bad = true;
        continue;
      }
      // Inlined today and loaded by Node here: only a file this plugin also answers for keeps one instance.
      if (!JS.test(target) || !isRoot(target)) node.bad = true;
      else node.deps.push(target);
    }
    return node;
  };

  const isPlain = (file: string): boolean => {
    const known = plain.get(file);
    if (known !== undefined) return known;
    // Everything reachable from the file, then: plain if none of it needs Vite.
    const seen = new Set<string>([file]);
    const stack = [file];
    let ok = JS.test(file) && isRoot(file);
    while (ok && stack.length) {
      const current = stack.pop()!;
      if (plain.get(current) === true) continue;
      const node = read(current);
      if (node.bad || plain.get(current) === false) ok = false;
      for (const dep of node.deps) {
        if (!seen.has(dep)) {
          seen.add(dep);
          stack.push(dep);
        }
      }
    }
    // A plain file's whole graph is plain; a failed one says nothing of the others it reached.
    if (ok) for (const f of seen) plain.set(f, true);
    else plain.set(file, false);
    return ok;
  };
  return isPlain;
}

/**
 * The file a module id of the environment stands for, or undefined: `/@fs/<path>`, a path under the root
 * (`/node_modules/…`), the file's own absolute path (the ids of Vite's module graph, which Astro's CSS walk fetches) or
 * its `file://` URL.
 */
function fileOf(id: string, root: string, exists: (file: string) => boolean): string | undefined {
  if (id.includes('?') || id.includes('\0')) return undefined;
  // `runner.import(pathToFileURL(…))`: the same file, the same answer.
  if (id.startsWith('file://')) return fileURLToPath(id);
  if (!id.startsWith('/')) return undefined;
  if (id.startsWith('/@fs/')) return id.slice('/@fs'.length);
  if (id.startsWith('/@')) return undefined;
  const under = path.join(root, id);
  return exists(under) ? under : exists(id) ? id : undefined;
}

function noExternalFilter(env: DevEnvironment): (pkg: string) => boolean {
  const rule = env.config.resolve.noExternal;
  if (rule === true) return () => true;
  const list = (Array.isArray(rule) ? rule : rule ? [rule] : []) as Array<string | RegExp>;
  return (pkg) => list.some((r) => (typeof r === 'string' ? r === pkg : r.test(pkg)));
}

/** `enabled`: false where an adapter runs the `ssr` environment (its runtime may not be Node's). */
export function nativeAstroRuntime(enabled: () => boolean): Plugin {
  return {
    name: 'lectern:native-astro-runtime',
    apply: 'serve',
    // Before Astro's own hook, which starts loading its server app.
    enforce: 'pre',
    configureServer(server) {
      const env = server.environments.ssr as DevEnvironment | undefined;
      // Only a runner in this process can import what Node loads.
      if (!env || !('runner' in env) || typeof env.fetchModule !== 'function' || !enabled()) return;
      initSync();
      const isPlain = plainModules(noExternalFilter(env));
      const root = env.config.root;
      const fetchModule = env.fetchModule.bind(env);
      const existing = new Map<string, boolean>();
      const exists = (file: string) => {
        let known = existing.get(file);
        if (known === undefined) existing.set(file, (known = existsSync(file)));
        return known;
      };
      const native = (id: string): string | undefined => {
        const file = fileOf(id, root, exists);
        return file && isPlain(file) ? file : undefined;
      };
      env.fetchModule = (id, importer, options) => {
        const file = native(id);
        if (file) return Promise.resolve({ externalize: pathToFileURL(file).href, type: 'module' });
        return fetchModule(id, importer, options);
      };
      // Vite transforms a module's static imports ahead of their request; for these, work nobody will use.
      const warmupRequest = env.warmupRequest.bind(env);
      env.warmupRequest = (url) => (native(url) ? Promise.resolve() : warmupRequest(url));
    },
  };
}
