/**
 * Where the docs repo sits relative to Lectern's own install. Two facts matter to the Vite set-up:
 *
 * - `sharesAncestor`: Astro names a component's compiled parts (`X.astro?astro&type=style…`) relative to the
 *   project root unless the file shares the root's first folder (vite-plugin-utils `normalizeFilename`). Components
 *   of a Lectern installed elsewhere (globally, or a checkout in /work with the repo in /tmp) are then spelled as
 *   Vite file-system ids (`/@fs/…`), which Astro maps back to the real path.
 * - `detached`: the repo cannot resolve Lectern's dependencies (`preact`, …) from its own folder, so bare imports
 *   must not be left to Node or to the dep optimizer, which resolve from the repo.
 */
import { existsSync } from 'node:fs';
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
