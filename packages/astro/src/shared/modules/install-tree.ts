/**
 * Where the docs repo sits relative to Lectern's own install. Two facts matter to the Vite set-up:
 *
 * - `sharesAncestor`: Astro names a component's compiled parts (`X.astro?astro&type=style…`) relative to the
 *   project root unless the file shares the root's first folder (vite-plugin-utils `normalizeFilename`). Components
 *   of a Lectern installed elsewhere (globally, or a checkout in /work with the repo in /tmp) are then spelled as
 *   Vite file-system ids (`/@fs/…`), which Astro maps back to the real path.
 * - `detached`: the repo cannot resolve Lectern's dependencies (`preact`, …) from its own folder, so bare imports
 *   must not be left to Node or to the dep optimizer, which resolve from the repo.
 * - `shadowedDependencies`: a build's page chunks are written under the repo and run by Node from there, so a bare
 *   import left in them finds the copy of the package nearest the repo, which may not be the one its importer
 *   depends on (npm hoists one version; another dependency's older `cookie` can sit where Astro's newer one would).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function sharesAncestor(a: string, b: string): boolean {
  const pa = path.resolve(a).split(path.sep).filter(Boolean);
  const pb = path.resolve(b).split(path.sep).filter(Boolean);
  return pa.length > 0 && pb.length > 0 && pa[0] === pb[0];
}

/** Where Node would find package `name` for a file in `from`: the nearest `node_modules/<name>` up the tree. */
export function findPackage(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The repo cannot reach Lectern's dependencies from its own folder (a global `lectern`, a repo in /tmp). */
export function isDetached(root: string): boolean {
  return !findPackage('preact', path.resolve(root));
}

/**
 * The dependencies of the packages at `owners` (Astro's and Lectern's folders) that Node, resolving from `from` (where
 * the build's chunks run), would find in another version than the owner does: those a build must bundle. Another copy
 * of the same version (a repo with its own install of Lectern) is left to Node: bundling a second `preact` would split
 * its hooks from the one the islands' renderer imports.
 */
export function shadowedDependencies(owners: readonly string[], from: readonly string[]): string[] {
  const out = new Set<string>();
  for (const owner of owners) {
    for (const dep of Object.keys(manifest(owner)?.dependencies ?? {})) {
      const own = findPackage(dep, owner);
      const version = own ? manifest(own)?.version : undefined;
      if (version === undefined) continue;
      // Not found at all (a repo outside the install tree): left as it was, the build resolves it another way.
      const seen = from.map((dir) => findPackage(dep, dir)).filter((d) => d !== undefined);
      if (seen.some((d) => manifest(d)?.version !== version)) out.add(dep);
    }
  }
  return [...out].sort();
}

function manifest(dir: string): { version?: string; dependencies?: Record<string, string> } | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string; dependencies?: Record<string, string> };
  } catch {
    return undefined;
  }
}
