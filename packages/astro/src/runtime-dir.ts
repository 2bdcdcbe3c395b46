/**
 * Astro treats `.astro` files that share no ancestor directory with the project root as root-relative paths
 * (vite-plugin-utils `normalizeFilename`), which breaks a docs repo in /home/… using Lectern installed in
 * /usr/lib/…. In that case Lectern's renderer sources are copied into `<root>/.lectern/runtime/` and every
 * resolved id under the original package directories is remapped there. Dependencies the dev server leaves to
 * Node (shiki, …) are found through `<root>/.lectern/runtime/node_modules`, links to the packages the originals
 * resolve.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RuntimeMap {
  /** Directory of @lectern/astro's sources to use (original or copy). */
  astroSrc: string;
  /** real package dir -> copied dir (empty when no copy was needed). */
  remap: Array<[string, string]>;
  /**
   * The docs repo cannot resolve Lectern's dependencies (`preact`, …) from its own folder: it has no
   * node_modules with Lectern in it (a global `lectern`, a repo in /tmp). Then the dev server must not leave those
   * imports to Node or to the dep optimizer, which resolve from the repo.
   */
  detached: boolean;
}

const ASTRO_PKG = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

function packageDir(spec: string): string | undefined {
  try {
    return path.resolve(path.dirname(fileURLToPath(import.meta.resolve(spec))), '..');
  } catch {
    return undefined;
  }
}

export function sharesAncestor(a: string, b: string): boolean {
  const pa = path.resolve(a).split(path.sep).filter(Boolean);
  const pb = path.resolve(b).split(path.sep).filter(Boolean);
  return pa.length > 0 && pb.length > 0 && pa[0] === pb[0];
}

export function runtimeFor(root: string): RuntimeMap {
  const detached = !findPackage('preact', path.resolve(root));
  if (sharesAncestor(root, ASTRO_PKG)) return { astroSrc: path.join(ASTRO_PKG, 'src'), remap: [], detached };
  const base = path.join(root, '.lectern', 'runtime');
  rmSync(base, { recursive: true, force: true });
  mkdirSync(base, { recursive: true });
  const remap: Array<[string, string]> = [];
  const pkgs: Array<[string, string | undefined]> = [
    ['astro', ASTRO_PKG],
    ['playground', packageDir('@lectern/playground')],
    ['core', packageDir('@lectern/core')],
  ];
  for (const [name, dir] of pkgs) {
    if (!dir || !existsSync(path.join(dir, 'src'))) continue;
    const target = path.join(base, name);
    cpSync(path.join(dir, 'src'), path.join(target, 'src'), { recursive: true });
    cpSync(path.join(dir, 'package.json'), path.join(target, 'package.json'));
    remap.push([dir + path.sep, target + path.sep]);
    linkDependencies(dir, path.join(base, 'node_modules'));
  }
  return { astroSrc: path.join(base, 'astro', 'src'), remap, detached: true };
}

export function remapId(id: string, remap: RuntimeMap['remap']): string {
  for (const [from, to] of remap) if (id.startsWith(from)) return to + id.slice(from.length);
  return id;
}

/** Where Node would find package `name` for a file in `from`: the nearest `node_modules/<name>` up the tree. */
function findPackage(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function linkDependencies(pkgDir: string, nodeModules: string): void {
  const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const name of Object.keys(pkg.dependencies ?? {})) {
    const link = path.join(nodeModules, name);
    const target = findPackage(name, pkgDir);
    if (!target || existsSync(link)) continue;
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(target, link, 'junction');
  }
}
