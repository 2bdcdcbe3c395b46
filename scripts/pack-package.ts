/**
 * What `npm pack` (and `npm publish`) of a workspace package produces: compiled JavaScript with type declarations.
 *
 *   prepack:  node ../../scripts/pack-package.ts          (in the package folder; npm runs it)
 *   postpack: node ../../scripts/pack-package.ts --restore
 *
 * In the workspace the packages run from `src/` through Node's type stripping (no build step). Node does not strip
 * types under `node_modules`, so the tarball carries `dist/` instead: `tsc` output for every `.ts`/`.tsx` file, the
 * other files of `src/` (`.astro`, `.css`, …) copied with their relative `.ts` imports pointed at the `.js` output,
 * and a package.json whose `exports`, `files`, `sideEffects` name `dist/`. The manifest in the folder is put back by
 * `--restore` (and by the next prepack, if a pack died in between).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const pkgDir = process.cwd();
const repoRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const manifest = path.join(pkgDir, 'package.json');
const backup = path.join(pkgDir, '.package.json.orig');
const tsconfig = path.join(pkgDir, '.tsconfig.pack.json');
const dist = path.join(pkgDir, 'dist');

type Json = Record<string, unknown>;

function restore(): void {
  if (existsSync(backup)) renameSync(backup, manifest);
  rmSync(tsconfig, { force: true });
  rmSync(dist, { recursive: true, force: true });
}

/** `./src/a/b.ts` -> `./dist/a/b.js` (and `.tsx`); other files keep their name under dist/. */
export function distPath(p: string): string {
  return p.replace(/^\.\/src\//, './dist/').replace(/\.tsx?$/, '.js');
}

function declarationPath(p: string): string | undefined {
  return /\.tsx?$/.test(p) ? p.replace(/^\.\/src\//, './dist/').replace(/\.tsx?$/, '.d.ts') : undefined;
}

/** Point relative `.ts`/`.tsx` specifiers of a non-TS source file (an `.astro` component) at the compiled `.js`. */
export function rewriteImports(source: string): string {
  return source.replace(/(['"])(\.{1,2}\/[^'"\n]*?)\.tsx?\1/g, (_m, q: string, spec: string) => `${q}${spec}.js${q}`);
}

function copyAssets(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dest = path.join(to, entry.name);
    if (entry.isDirectory()) copyAssets(src, dest);
    else if (/\.tsx?$/.test(entry.name)) continue;
    else if (/\.(astro|mdx?|jsx?|mjs)$/.test(entry.name)) writeFileSync(dest, rewriteImports(readFileSync(src, 'utf8')));
    else cpSync(src, dest);
  }
}

function packedManifest(pkg: Json): Json {
  const out: Json = { ...pkg };
  delete out.devDependencies;
  const exportsField = pkg.exports as Record<string, string> | undefined;
  if (exportsField) {
    out.exports = Object.fromEntries(
      Object.entries(exportsField).map(([key, target]) => {
        const types = declarationPath(target);
        return [key, types ? { types, default: distPath(target) } : distPath(target)];
      }),
    );
  }
  if (Array.isArray(pkg.files)) out.files = (pkg.files as string[]).map((f) => (f === 'src' ? 'dist' : f));
  if (Array.isArray(pkg.sideEffects)) out.sideEffects = (pkg.sideEffects as string[]).map(distPath);
  const scripts = { ...(pkg.scripts as Record<string, string> | undefined) };
  delete scripts.prepack;
  delete scripts.postpack;
  if (Object.keys(scripts).length) out.scripts = scripts;
  else delete out.scripts;
  return out;
}

function build(): void {
  restore();
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Json;
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: path.relative(pkgDir, path.join(repoRoot, 'tsconfig.json')),
      compilerOptions: {
        noEmit: false,
        outDir: 'dist',
        rootDir: 'src',
        declaration: true,
        rewriteRelativeImportExtensions: true,
        types: ['node'],
        typeRoots: [path.join(repoRoot, 'node_modules', '@types')],
      },
      include: ['src/**/*'],
    }),
  );
  try {
    const tsc = path.join(repoRoot, 'node_modules', '.bin', 'tsc');
    execFileSync(tsc, ['-p', tsconfig], { stdio: 'inherit', cwd: pkgDir });
    copyAssets(path.join(pkgDir, 'src'), dist);
  } catch (err) {
    restore();
    throw err;
  } finally {
    rmSync(tsconfig, { force: true });
  }
  renameSync(manifest, backup);
  writeFileSync(manifest, JSON.stringify(packedManifest(pkg), null, 2) + '\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--restore')) restore();
  else build();
}
