/**
 * What `npm pack` (and `npm publish`) of a workspace package produces: compiled JavaScript with type declarations.
 *
 *   prepack:  node ../../scripts/pack-package.ts          (in the package folder; npm runs it)
 *   postpack: node ../../scripts/pack-package.ts --restore
 *
 * In the workspace the packages run from `src/` through Node's type stripping (no build step). Node does not strip
 * types under `node_modules`, so the tarball carries `dist/` instead: `tsc` output for every `.ts`/`.tsx` file, the
 * other files of `src/` (`.astro`, `.css`, …) copied with their relative `.ts` imports pointed at the `.js` output,
 * and a package.json whose `exports`, `files`, `sideEffects` name `dist/`.
 *
 * npm reads that manifest from the folder when it writes the tarball, after prepack, so it has to be rewritten in place
 * for that while. It is put back by `--restore` (postpack). npm skips postpack when the pack fails after prepack (a
 * `--pack-destination` that does not exist, an interrupt, a kill), so prepack also leaves a watcher behind: a detached
 * process that puts the manifest back as soon as the npm process that ran prepack is gone, unless postpack did it
 * first. The next prepack puts back whatever is still left over (a watcher that could not run: no process table).
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const pkgDir = process.cwd();
const repoRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const manifest = path.join(pkgDir, 'package.json');
const backup = path.join(pkgDir, '.package.json.orig');
/** The pid of the npm process whose pack rewrote the manifest: a watcher of an older pack leaves the folder alone. */
const owner = path.join(pkgDir, '.package.json.pack-owner');
const tsconfig = path.join(pkgDir, '.tsconfig.pack.json');
const dist = path.join(pkgDir, 'dist');

type Json = Record<string, unknown>;

function restore(): void {
  if (existsSync(backup)) renameSync(backup, manifest);
  rmSync(owner, { force: true });
  rmSync(tsconfig, { force: true });
  rmSync(dist, { recursive: true, force: true });
}

const SHELLS = new Set(['sh', 'dash', 'bash', 'zsh', 'ash', 'ksh', 'mksh', 'busybox']);

/** Name, parent and state of a process, from /proc (Linux) or `ps` (macOS, BSD); undefined when neither can tell. */
function processInfo(pid: number): { name: string; ppid: number; zombie: boolean } | undefined {
  try {
    const m = /^\d+ \((.*)\) (\S) (\d+)/s.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    if (m) return { name: m[1]!, ppid: Number(m[3]), zombie: m[2] === 'Z' };
  } catch {
    // No /proc: ask ps.
  }
  try {
    const out = execFileSync('ps', ['-o', 'ppid=', '-o', 'stat=', '-o', 'comm=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const m = /^\s*(\d+)\s+(\S+)\s+(.*?)\s*$/.exec(out);
    if (m) return { name: path.basename(m[3]!), ppid: Number(m[1]), zombie: m[2]!.startsWith('Z') };
  } catch {
    // Gone, or no ps.
  }
  return undefined;
}

/**
 * The `npm pack` / `npm publish` process running this prepack: the nearest ancestor that is not the shell npm ran it
 * with. Undefined when run otherwise (`npm run prepack` keeps `dist/` for a look) or when the process table is closed.
 */
function npmProcess(): number | undefined {
  if (!['pack', 'publish'].includes(process.env.npm_command ?? '')) return undefined;
  let pid = process.ppid;
  for (let hops = 0; hops < 4 && pid > 1; hops++) {
    const info = processInfo(pid);
    if (!info) return undefined;
    if (!SHELLS.has(info.name)) return pid;
    pid = info.ppid;
  }
  return undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  return processInfo(pid)?.zombie !== true;
}

/** Leaves a detached watcher that restores the folder once npm process `pid` is gone (see the top of this file). */
function watchPacker(pid: number): void {
  writeFileSync(owner, String(pid));
  const args = [...process.execArgv, fileURLToPath(import.meta.url), '--watch', String(pid)];
  const child = spawn(process.execPath, args, { cwd: pkgDir, detached: true, stdio: 'ignore' });
  child.on('error', () => {}); // no watcher: postpack or the next prepack restores
  child.unref();
}

/** The watcher: done when the pack it watches is no longer the folder's (postpack restored it, or a newer pack owns it). */
async function watch(pid: number): Promise<void> {
  const owned = () => existsSync(backup) && readFileSync(owner, 'utf8') === String(pid);
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      if (!owned()) return;
    } catch {
      return; // the owner file went away between the two checks
    }
    if (!alive(pid)) {
      restore();
      return;
    }
  }
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
  // Before the build: were npm killed during it, this process would be handed to another parent.
  const packer = npmProcess();
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
  if (packer === undefined) return;
  if (!alive(packer)) {
    restore();
    throw new Error('npm exited while the package was being built');
  }
  watchPacker(packer);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const watched = process.argv.indexOf('--watch');
  if (watched > 0) await watch(Number(process.argv[watched + 1]));
  else if (process.argv.includes('--restore')) restore();
  else build();
}
