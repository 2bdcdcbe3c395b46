/**
 * A real Mintlify docs repo built unchanged: fetches it on demand (never committed), runs `lectern check` and
 * `lectern build`, and records the figures: navigation pages built (and the ones missing, named), errors, warnings by
 * rule, wall time and peak RSS of the build (the largest process, from /usr/bin/time).
 *
 *   node bench/mintlify-repo.ts [--repo=owner/name] [--ref=<commit>] [--git-dir=<bare repo or mirror>] [--dir=<checkout>]
 *                               [--packed] [--keep]
 *
 * Default: mintlify/docs at 3bbce7a, cloned from GitHub into .cache/corpus/ (gitignored). `--git-dir` reads the commit
 * from a local bare repository or mirror instead (blobs missing from a partial mirror are skipped and listed);
 * `--dir` uses a checkout as it is. `--packed` packs the four packages, installs the tarballs into a copy of the repo
 * (as a user does: `npm install --save-dev <tarballs>`) and runs `npx lectern build` there; otherwise the workspace's
 * CLI builds it. Figures go to stdout (Markdown) and .cache/bench-mintlify-<repo>.json.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const CACHE = path.join(REPO, '.cache');
const BIN = path.join(REPO, 'packages/astro/bin/lectern.js');
const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const has = (name: string) => process.argv.includes(`--${name}`);
const repoName = flag('repo') ?? 'mintlify/docs';
const ref = flag('ref') ?? (repoName === 'mintlify/docs' ? '3bbce7a' : 'HEAD');

function sh(cmd: string, args: string[], cwd = REPO): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

/** The repo's files at `ref` from a git directory into `dir`; blobs a partial mirror lacks are skipped (returned). */
function extract(gitDir: string, dir: string): string[] {
  const missing: string[] = [];
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const entries = sh('git', ['--git-dir', gitDir, 'ls-tree', '-r', '-z', ref]).split('\0').filter(Boolean);
  const shas = entries.map((e) => e.split('\t')[0]!.split(' ')[2]!);
  const checked = spawnSync('git', ['--git-dir', gitDir, 'cat-file', '--batch-check'], { input: shas.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 30 });
  const present = new Set(checked.stdout.split('\n').filter((l) => l && !l.endsWith('missing')).map((l) => l.split(' ')[0]!));
  for (const entry of entries) {
    const [meta, file] = entry.split('\t') as [string, string];
    const [mode, , sha] = meta.split(' ') as [string, string, string];
    if (mode === '120000') continue; // symlinks are not followed into the build
    if (!present.has(sha)) { missing.push(file); continue; }
    const target = path.join(dir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, spawnSync('git', ['--git-dir', gitDir, 'cat-file', 'blob', sha], { maxBuffer: 1 << 30 }).stdout);
  }
  return missing;
}

function fetchRepo(): { dir: string; missing: string[] } {
  const given = flag('dir');
  if (given) return { dir: path.resolve(given), missing: [] };
  const dir = path.join(CACHE, 'corpus', repoName.replace('/', '+'));
  const gitDir = flag('git-dir');
  if (gitDir) return { dir, missing: extract(path.resolve(gitDir), dir) };
  const clone = path.join(CACHE, 'corpus', `${repoName.replace('/', '+')}.git`);
  if (!existsSync(clone)) sh('git', ['clone', '--bare', '--filter=blob:none', `https://github.com/${repoName}.git`, clone]);
  return { dir, missing: extract(clone, dir) };
}

/** The pages docs.json's navigation lists (`$ref`s resolved; operation entries and URLs left out). */
function navigationPages(dir: string): string[] {
  const load = (file: string): unknown => resolve(JSON.parse(readFileSync(file, 'utf8')), path.dirname(file));
  const resolve = (value: unknown, base: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => resolve(v, base));
    if (!value || typeof value !== 'object') return value;
    const obj = value as Record<string, unknown>;
    if (typeof obj.$ref === 'string') {
      const target = load(path.join(base, obj.$ref));
      const { $ref: _ref, ...rest } = obj;
      return target && typeof target === 'object' && !Array.isArray(target) ? { ...target, ...resolve(rest, base) as object } : target;
    }
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, resolve(v, base)]));
  };
  const config = load(path.join(dir, 'docs.json')) as { navigation: unknown };
  const pages = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const obj = node as Record<string, unknown>;
    if (typeof obj.root === 'string') pages.add(obj.root);
    for (const [key, value] of Object.entries(obj)) {
      if (key === 'pages' && Array.isArray(value)) {
        for (const p of value) if (typeof p === 'string') { if (p.trim().split(/\s+/).length === 1 && !/^https?:/.test(p)) pages.add(p); } else walk(p);
      } else if (key !== 'global' && typeof value === 'object') walk(value);
    }
  };
  walk(config.navigation);
  return [...pages].map((p) => p.replace(/^\/+|\/+$/g, '').replace(/\.mdx?$/, ''));
}

function built(dist: string, page: string): boolean {
  const slug = page.replace(/(^|\/)index$/, '');
  return existsSync(slug ? path.join(dist, slug, 'index.html') : path.join(dist, 'index.html'));
}

/** `cmd` under /usr/bin/time -v (peak RSS of the largest process), with its output streamed and kept. */
function timed(cmd: string, args: string[], cwd: string): Promise<{ code: number; out: string; wallMs: number; peakMb?: number }> {
  const useTime = existsSync('/usr/bin/time');
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(useTime ? '/usr/bin/time' : cmd, useTime ? ['-v', cmd, ...args] : args, {
      cwd, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', PATH: `${path.join(REPO, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}` },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(out)?.[1];
      resolve({ code: code ?? 1, out, wallMs: performance.now() - t0, ...(kb ? { peakMb: Number(kb) / 1024 } : {}) });
    });
  });
}

/** The four packages packed (from a copy of their sources) and installed into a copy of the repo; its folder. */
function installPacked(dir: string): string {
  const work = mkdtempSync(path.join(CACHE, 'bench-packed-'));
  const stage = path.join(work, 'stage');
  mkdirSync(path.join(stage, 'packages'), { recursive: true });
  cpSync(path.join(REPO, 'scripts'), path.join(stage, 'scripts'), { recursive: true });
  cpSync(path.join(REPO, 'tsconfig.json'), path.join(stage, 'tsconfig.json'));
  sh('ln', ['-s', path.join(REPO, 'node_modules'), path.join(stage, 'node_modules')]);
  const packs = path.join(work, 'packs');
  mkdirSync(packs);
  for (const name of ['core', 'server', 'playground', 'astro']) {
    const from = path.join(REPO, 'packages', name);
    cpSync(from, path.join(stage, 'packages', name), { recursive: true, filter: (src) => !/^(test|node_modules|dist)([\\/]|$)/.test(path.relative(from, src)) });
    if (existsSync(path.join(from, 'node_modules'))) sh('ln', ['-s', path.join(from, 'node_modules'), path.join(stage, 'packages', name, 'node_modules')]);
    sh('npm', ['pack', '--pack-destination', packs, '--silent'], path.join(stage, 'packages', name));
  }
  const site = path.join(work, 'site');
  cpSync(dir, site, { recursive: true, filter: (src) => !/[\\/](dist|\.lectern|node_modules)$/.test(src) });
  const tarballs = readdirSync(packs).map((f) => path.join(packs, f));
  sh('npm', ['install', '--no-audit', '--no-fund', '--save-dev', ...tarballs], site);
  return site;
}

const { dir, missing } = fetchRepo();
const site = has('packed') ? installPacked(dir) : dir;
rmSync(path.join(site, 'dist'), { recursive: true, force: true });
const lectern = (args: string[]) => (has('packed') ? timed('npx', ['lectern', ...args], site) : timed(process.execPath, [BIN, ...args], site));

const check = await lectern(['check', '.', '--format', 'json']);
const report = JSON.parse(check.out.slice(check.out.indexOf('{'), check.out.lastIndexOf('}') + 1)) as { errors: number; warnings: number; pages: number; diagnostics: Array<{ code: string; severity: string }> };
const byRule: Record<string, number> = {};
for (const d of report.diagnostics) byRule[`${d.severity} ${d.code}`] = (byRule[`${d.severity} ${d.code}`] ?? 0) + 1;
const build = await lectern(['build', '.']);
const buildErrors = /Lectern found (\d+) error/.exec(build.out)?.[1];
const nav = navigationPages(site);
const absent = nav.filter((p) => !built(path.join(site, 'dist'), p));
const result = {
  repo: repoName, ref, packed: has('packed'), filesMissingFromSnapshot: missing,
  check: { errors: report.errors, warnings: report.warnings, pages: report.pages, byRule, wallMs: Math.round(check.wallMs) },
  build: { exitCode: build.code, errors: buildErrors ? Number(buildErrors) : 0, wallMs: Math.round(build.wallMs), peakRssMb: build.peakMb && Math.round(build.peakMb) },
  navigation: { pages: nav.length, built: nav.length - absent.length, missing: absent },
};
mkdirSync(CACHE, { recursive: true });
writeFileSync(path.join(CACHE, `bench-mintlify-${repoName.replace('/', '+')}.json`), JSON.stringify(result, null, 2));
if (build.code !== 0) console.log(build.out.split('\n').filter((l) => !/^\s*Command being timed|^\s+\S.*: /.test(l)).slice(-40).join('\n'));
console.log(`| repo | navigation pages built | build exit | errors | warnings (check) | build wall time | peak RSS |`);
console.log(`|---|---|---|---|---|---|---|`);
console.log(`| ${repoName}@${ref}${has('packed') ? ' (packed)' : ''} | ${result.navigation.built} / ${nav.length} (${((100 * result.navigation.built) / Math.max(1, nav.length)).toFixed(1)}%) | ${build.code} | ${result.build.errors} | ${report.warnings} | ${(build.wallMs / 1000).toFixed(1)} s | ${result.build.peakRssMb ?? '?'} MB |`);
console.log(`\nwarnings by rule: ${Object.entries(byRule).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
if (absent.length) console.log(`navigation pages not built: ${absent.join(', ')}`);
if (missing.length) console.log(`files the snapshot lacks (skipped): ${missing.join(', ')}`);
if (!has('keep') && has('packed')) rmSync(path.dirname(site), { recursive: true, force: true });
process.exit(build.code === 0 ? 0 : 1);
