/**
 * Lectern as users run it: the four packages packed (`npm pack`, compiled JavaScript: scripts/pack-package.ts) and the
 * tarballs installed with npm into a folder outside this checkout, under os.tmpdir(). Used by the benches' `--packed`
 * modes (bench/site-build.ts, bench/dev-server.ts, bench/mintlify-repo.ts).
 *
 * Outside the checkout on purpose: inside it, npm and Node would find the workspace's node_modules (and, for a folder
 * without a package.json, npm would install into the workspace), and the build would run the workspace's sources.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = ['core', 'server', 'playground', 'astro'];

const sh = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

/**
 * The four packages packed into `<work>/packs` from a copy of their sources (packing in place would rewrite the
 * workspace's package.json files while the pack runs); the tarballs' paths. `repo`: another checkout of Lectern (with
 * its own `npm install`) for before/after runs.
 */
export function packLectern(work: string, repo = REPO): string[] {
  const stage = path.join(work, 'stage');
  mkdirSync(path.join(stage, 'packages'), { recursive: true });
  cpSync(path.join(repo, 'scripts'), path.join(stage, 'scripts'), { recursive: true });
  cpSync(path.join(repo, 'tsconfig.json'), path.join(stage, 'tsconfig.json'));
  sh('ln', ['-s', path.join(repo, 'node_modules'), path.join(stage, 'node_modules')], work);
  const packs = path.join(work, 'packs');
  mkdirSync(packs, { recursive: true });
  for (const name of PACKAGES) {
    const from = path.join(repo, 'packages', name);
    cpSync(from, path.join(stage, 'packages', name), {
      recursive: true,
      filter: (src) => !/^(test|node_modules|dist)([\\/]|$)/.test(path.relative(from, src)),
    });
    if (existsSync(path.join(from, 'node_modules')))
      sh('ln', ['-s', path.join(from, 'node_modules'), path.join(stage, 'packages', name, 'node_modules')], work);
    sh('npm', ['pack', '--pack-destination', packs, '--silent'], path.join(stage, 'packages', name));
  }
  rmSync(stage, { recursive: true, force: true });
  return readdirSync(packs).map((f) => path.join(packs, f));
}

/** `npm install --save-dev <tarballs>` in `dir` (given a package.json first if it has none, as `npm init -y` would). */
export function installTarballs(dir: string, tarballs: string[]): void {
  if (!existsSync(path.join(dir, 'package.json')))
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'docs', private: true }, null, 2));
  sh('npm', ['install', '--no-audit', '--no-fund', '--save-dev', ...tarballs], dir);
  // Runs must use the installed, compiled package, not the workspace's sources.
  if (!existsSync(path.join(dir, 'node_modules/lectern/dist/cli/main.js'))) throw new Error(`the packed lectern is not installed in ${dir}`);
}

export interface PackedInstall {
  /** The folder with package.json and node_modules/lectern; docs repos made inside it resolve the installed Lectern. */
  dir: string;
  /** The installed `lectern` command's script (node_modules/lectern/bin/lectern.js). */
  bin: string;
  /** The installed `lectern/run` module (buildSite), compiled. */
  run: string;
  /** A new empty folder inside `dir` for a docs repo. */
  newSite(prefix: string): string;
  remove(): void;
}

/** Pack (this checkout, or `repo`), and install the tarballs in a new folder under os.tmpdir(); `remove()` deletes all of it. */
export function packedInstall(repo = REPO): PackedInstall {
  const work = mkdtempSync(path.join(tmpdir(), 'lectern-bench-packed-'));
  try {
    const tarballs = packLectern(work, repo);
    const dir = path.join(work, 'install');
    mkdirSync(dir);
    installTarballs(dir, tarballs);
    return {
      dir,
      bin: path.join(dir, 'node_modules/lectern/bin/lectern.js'),
      run: path.join(dir, 'node_modules/lectern/dist/cli/run.js'),
      newSite: (prefix) => mkdtempSync(path.join(dir, prefix)),
      remove: () => rmSync(work, { recursive: true, force: true }),
    };
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
}
