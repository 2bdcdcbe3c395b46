/**
 * `npm pack` rewrites a package's manifest to point at `dist/` between its prepack and postpack scripts
 * (scripts/pack-package.ts). A pack that fails or is killed in between (npm skips postpack) must still leave the
 * folder as it was: the workspace runs from that manifest. Packed from copies of the sources, as install.test.ts does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO } from './helpers.ts';

const BIN_DIR = path.join(REPO, 'node_modules', '.bin');

/** The environment `npm` runs in: the repo's Node 22 first on PATH, none of Vitest's variables. */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${BIN_DIR}${path.delimiter}${process.env.PATH}` };
  for (const k of ['VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'NODE_ENV', 'npm_config_prefix', 'INIT_CWD']) delete env[k];
  return env;
}

function npm(args: string[], cwd: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd, env: npmEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** The folder's manifest and leftovers of a pack, once they stop changing or after `ms`. */
async function settled(dir: string, original: string, ms = 15_000): Promise<{ manifest: string; leftovers: string[] }> {
  const look = async () => ({
    manifest: await readFile(path.join(dir, 'package.json'), 'utf8'),
    leftovers: ['.package.json.orig', 'dist', '.tsconfig.pack.json'].filter((f) => existsSync(path.join(dir, f))),
  });
  const deadline = Date.now() + ms;
  for (;;) {
    const now = await look();
    if ((now.manifest === original && now.leftovers.length === 0) || Date.now() > deadline) return now;
    await new Promise((r) => setTimeout(r, 100));
  }
}

let work = '';

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'lectern-pack-restore-'));
  await cp(path.join(REPO, 'scripts'), path.join(work, 'scripts'), { recursive: true });
  await cp(path.join(REPO, 'tsconfig.json'), path.join(work, 'tsconfig.json'));
  await symlink(path.join(REPO, 'node_modules'), path.join(work, 'node_modules'));
});

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true, maxRetries: 5 });
});

/** A fresh copy of packages/core under `work/<name>/` (next to the copied scripts/ it packs with), and its manifest. */
async function copyOfCore(name: string): Promise<{ dir: string; original: string }> {
  const from = path.join(REPO, 'packages', 'core');
  const dir = path.join(work, name, 'core');
  await mkdir(path.dirname(dir), { recursive: true });
  await cp(from, dir, { recursive: true, filter: (src) => !/^(test|node_modules|dist)([\\/]|$)/.test(path.relative(from, src)) });
  if (existsSync(path.join(from, 'node_modules'))) await symlink(path.join(from, 'node_modules'), path.join(dir, 'node_modules'));
  return { dir, original: await readFile(path.join(from, 'package.json'), 'utf8') };
}

describe('npm pack of a workspace package', () => {
  it('a pack that fails after prepack (no postpack) leaves package.json as it was, without backup or dist/', async () => {
    const { dir: pkg, original } = await copyOfCore('failed');
    const packed = await npm(['pack', '--pack-destination', path.join(work, 'does', 'not', 'exist')], pkg);
    expect(packed.code, packed.out).not.toBe(0);
    expect(packed.out).toMatch(/ENOENT/);
    expect(await settled(pkg, original)).toEqual({ manifest: original, leftovers: [] });
  }, 120_000);

  it('a pack that succeeds still leaves the folder as it was', async () => {
    const { dir: pkg, original } = await copyOfCore('succeeded');
    const packs = path.join(work, 'packs');
    await mkdir(packs, { recursive: true });
    const packed = await npm(['pack', '--pack-destination', packs, '--silent'], pkg);
    expect(packed.code, packed.out).toBe(0);
    expect(existsSync(path.join(packs, 'lectern-core-0.1.0.tgz'))).toBe(true);
    expect(await settled(pkg, original, 0)).toEqual({ manifest: original, leftovers: [] });
  }, 120_000);
});

describe('npm pack killed', () => {
  it('npm killed once prepack has rewritten the manifest: the folder is put back all the same', async () => {
    const { dir: pkg, original } = await copyOfCore('killed');
    const packs = path.join(work, 'killed-packs');
    await mkdir(packs, { recursive: true });
    const child = spawn('npm', ['pack', '--pack-destination', packs], { cwd: pkg, env: npmEnv(), stdio: 'ignore' });
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    while (!existsSync(path.join(pkg, '.package.json.orig')) && child.exitCode === null) await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGKILL');
    await exited;
    expect(existsSync(path.join(packs, 'lectern-core-0.1.0.tgz')), 'npm was killed before it wrote the tarball').toBe(false);
    expect(await settled(pkg, original)).toEqual({ manifest: original, leftovers: [] });
  }, 120_000);
});
