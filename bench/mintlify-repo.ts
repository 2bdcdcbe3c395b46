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
 * outside this checkout (as a user does: `npm install --save-dev <tarballs>`) and runs `npx lectern build` there; otherwise the workspace's
 * CLI builds it. Figures go to stdout (Markdown) and .cache/bench-mintlify-<repo>.json.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { built, extract, navigationPages, REPO, sh, timed } from './mintlify/repo-tools.ts';
import { installTarballs, packLectern } from './packed.ts';

const CACHE = path.join(REPO, '.cache');
const BIN = path.join(REPO, 'packages/astro/bin/lectern.js');
const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const has = (name: string) => process.argv.includes(`--${name}`);
const repoName = flag('repo') ?? 'mintlify/docs';
const ref = flag('ref') ?? (repoName === 'mintlify/docs' ? '3bbce7a' : 'HEAD');

function fetchRepo(): { dir: string; missing: string[] } {
  const given = flag('dir');
  if (given) return { dir: path.resolve(given), missing: [] };
  const dir = path.join(CACHE, 'corpus', repoName.replace('/', '+'));
  const gitDir = flag('git-dir');
  if (gitDir) return { dir, missing: extract(path.resolve(gitDir), ref, dir) };
  const clone = path.join(CACHE, 'corpus', `${repoName.replace('/', '+')}.git`);
  if (!existsSync(clone)) sh('git', ['clone', '--bare', '--filter=blob:none', `https://github.com/${repoName}.git`, clone]);
  return { dir, missing: extract(clone, ref, dir) };
}

/** The four packages packed and installed (bench/packed.ts) into a copy of the repo outside this checkout; its folder. */
function installPacked(dir: string): string {
  const work = mkdtempSync(path.join(tmpdir(), 'lectern-bench-packed-'));
  const site = path.join(work, 'site');
  cpSync(dir, site, { recursive: true, filter: (src) => !/[\\/](dist|\.lectern|node_modules)$/.test(src) });
  installTarballs(site, packLectern(work));
  return site;
}

const { dir, missing } = fetchRepo();
const site = has('packed') ? installPacked(dir) : dir;
rmSync(path.join(site, 'dist'), { recursive: true, force: true });
const lectern = (args: string[]) =>
  has('packed') ? timed('npx', ['lectern', ...args], site) : timed(process.execPath, [BIN, ...args], site);

const check = await lectern(['check', '.', '--format', 'json']);
const report = JSON.parse(check.out.slice(check.out.indexOf('{'), check.out.lastIndexOf('}') + 1)) as {
  errors: number;
  warnings: number;
  pages: number;
  diagnostics: Array<{ code: string; severity: string }>;
};
const byRule: Record<string, number> = {};
for (const d of report.diagnostics) byRule[`${d.severity} ${d.code}`] = (byRule[`${d.severity} ${d.code}`] ?? 0) + 1;
const build = await lectern(['build', '.']);
const buildErrors = /Lectern found (\d+) error/.exec(build.out)?.[1];
const nav = navigationPages(site);
const absent = nav.filter((p) => !built(path.join(site, 'dist'), p));
const result = {
  repo: repoName,
  ref,
  packed: has('packed'),
  filesMissingFromSnapshot: missing,
  check: { errors: report.errors, warnings: report.warnings, pages: report.pages, byRule, wallMs: Math.round(check.wallMs) },
  build: {
    exitCode: build.code,
    errors: buildErrors ? Number(buildErrors) : 0,
    wallMs: Math.round(build.wallMs),
    peakRssMb: build.peakMb && Math.round(build.peakMb),
  },
  navigation: { pages: nav.length, built: nav.length - absent.length, missing: absent },
};
mkdirSync(CACHE, { recursive: true });
writeFileSync(path.join(CACHE, `bench-mintlify-${repoName.replace('/', '+')}.json`), JSON.stringify(result, null, 2));
if (build.code !== 0)
  console.log(
    build.out
      .split('\n')
      .filter((l) => !/^\s*Command being timed|^\s+\S.*: /.test(l))
      .slice(-40)
      .join('\n'),
  );
console.log(`| repo | navigation pages built | build exit | errors | warnings (check) | build wall time | peak RSS |`);
console.log(`|---|---|---|---|---|---|---|`);
console.log(
  `| ${repoName}@${ref}${has('packed') ? ' (packed)' : ''} | ${result.navigation.built} / ${nav.length} (${((100 * result.navigation.built) / Math.max(1, nav.length)).toFixed(1)}%) | ${build.code} | ${result.build.errors} | ${report.warnings} | ${(build.wallMs / 1000).toFixed(1)} s | ${result.build.peakRssMb ?? '?'} MB |`,
);
console.log(
  `\nwarnings by rule: ${
    Object.entries(byRule)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(', ') || 'none'
  }`,
);
if (absent.length) console.log(`navigation pages not built: ${absent.join(', ')}`);
if (missing.length) console.log(`files the snapshot lacks (skipped): ${missing.join(', ')}`);
if (!has('keep') && has('packed')) rmSync(path.dirname(site), { recursive: true, force: true });
process.exit(build.code === 0 ? 0 : 1);
