/**
 * Public Mintlify docs repos built unchanged: for each repo in bench/mintlify-corpus.json (owner/name, the folder
 * holding docs.json, a commit), takes its files at that commit, runs `lectern check` and `lectern build` on them
 * as they are, and prints a Markdown table: navigation pages, pages built, build exit, errors, warnings by rule,
 * build wall time and peak RSS (the largest process, from /usr/bin/time).
 *
 *   node bench/mintlify-corpus.ts [--git-dirs=<folder>] [--corpus=<folder>] [--only=name,name] [--check-only] [--report]
 *                                 [--spec-copies] [--warm]
 *
 * The repos are never committed. `--git-dirs` names a folder of local git directories (`owner+name/repo` as a
 * snapshot tool leaves them, or `owner+name.git`); a repo not found there is cloned (bare, blobs on demand) from
 * GitHub into .cache/corpus/ (gitignored). Files are written to `--corpus` (default .cache/corpus/) as
 * `owner+name/`. `--only` keeps the repos whose owner/name contains one of the words. Each repo's figures and the
 * last lines of a failed build go to .cache/bench-mintlify-corpus.json (merged with earlier runs, by repo and commit;
 * `--report` prints the table of every corpus repo from there without building); full logs to .cache/corpus-logs/.
 *
 * "nav pages" are the pages docs.json's navigation lists that have a file in the repo (Mintlify warns about the others
 * and leaves them out; they are listed after the table). A repo with only a legacy mint.json is read as Lectern
 * upgrades it. A symlink to a file elsewhere in the repo is written as a copy of that file, as a checkout shows it.
 *
 * `--warm`: after a build that passed, the same folder is built again with the cache the first build left (nothing
 * changed) and the two `dist/` are compared file by file, and the warnings both builds printed: a second build must
 * write what the first wrote and report what it reported. Printed as a second table (`--report --warm` too).
 *
 * `--spec-copies`: only the repos that fetch a spec from a URL and have a public source for it
 * (bench/mintlify-spec-copies.json): each copy is taken from its source repository at the commit listed and put in the
 * repo's build cache as the last good copy of that URL, fetched at the commit's time (what a restored CI cache would
 * hold), before check and build. Not unchanged builds: results go to .cache/bench-mintlify-corpus-seeded.json (and
 * `--report --spec-copies` prints them), logs to `<repo>.seeded.*.txt`, files to .cache/corpus-seeded/.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { built, extract, hasPageFile, navigationPages, REPO, sh, timed } from './mintlify/repo-tools.ts';
import { defaultRemoteSpecDir, remoteSpecCache } from '../packages/core/src/documents/remote-cache.ts';

const CACHE = path.join(REPO, '.cache');
const BIN = path.join(REPO, 'packages/astro/bin/lectern.js');
const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const has = (name: string) => process.argv.includes(`--${name}`);

interface Entry {
  repo: string;
  dir: string;
  commit: string;
}
const corpus = (JSON.parse(readFileSync(path.join(import.meta.dirname, 'mintlify-corpus.json'), 'utf8')) as { repos: Entry[] }).repos;
interface SpecCopy {
  repo: string;
  url: string;
  source: string;
  commit: string;
  path: string;
}
const seeded = has('spec-copies');
const copies = seeded
  ? (JSON.parse(readFileSync(path.join(import.meta.dirname, 'mintlify-spec-copies.json'), 'utf8')) as { copies: SpecCopy[] }).copies
  : [];
const only = flag('only')
  ?.split(',')
  .map((w) => w.toLowerCase());
const entries = (only ? corpus.filter((e) => only.some((w) => e.repo.toLowerCase().includes(w))) : corpus).filter(
  (e) => !seeded || copies.some((c) => c.repo === e.repo),
);
const corpusDir = path.resolve(flag('corpus') ?? path.join(CACHE, seeded ? 'corpus-seeded' : 'corpus'));
const logs = path.join(CACHE, 'corpus-logs');
mkdirSync(logs, { recursive: true });

/** A git directory holding `entry.commit`: a local one under --git-dirs, else a bare blobless clone in .cache/. */
function gitDirFor(entry: Pick<Entry, 'repo'>): string {
  const key = entry.repo.replace('/', '+');
  const root = flag('git-dirs');
  for (const candidate of root ? [path.join(root, key, 'repo'), path.join(root, `${key}.git`), path.join(root, key)] : []) {
    if (existsSync(candidate)) return path.resolve(candidate);
  }
  const clone = path.join(CACHE, 'corpus', `${key}.git`);
  if (!existsSync(clone)) sh('git', ['clone', '--bare', '--filter=blob:none', `https://github.com/${entry.repo}.git`, clone]);
  return clone;
}

interface Result {
  repo: string;
  dir: string;
  commit: string;
  navPages: number;
  built: number;
  exit: number | null;
  errors: number;
  checkErrors: number;
  warnings: number;
  byRule: Record<string, number>;
  wallMs: number;
  peakMb?: number;
  missingFiles: number;
  notBuilt: string[];
  tail?: string;
  /** `--spec-copies`: the spec copies put in the build cache first (`owner/name@commit:path`). */
  specCopies?: string[];
  /** Pages docs.json lists that have no file in the repo: Mintlify warns and leaves them out, so they are not counted. */
  listedWithoutFile: string[];
  /** `--warm`: the second build on the first one's cache. */
  warm?: Warm;
}
interface Warm {
  wallMs: number;
  exit: number | null;
  reused: number;
  rendered: number;
  files: number;
  differing: string[];
  warningsOnlyCold: string[];
  warningsOnlyWarm: string[];
}

const lectern = (args: string[], cwd: string) => timed(process.execPath, [BIN, ...args], cwd);
const saved = path.join(CACHE, seeded ? 'bench-mintlify-corpus-seeded.json' : 'bench-mintlify-corpus.json');
const logName = (key: string, step: string) => path.join(logs, `${key}${seeded ? '.seeded' : ''}.${step}.txt`);

/** `--spec-copies`: each spec copy of the repo, from its source repository, as the last good copy of its URL. */
function seedSpecCopies(entry: Entry, site: string): string[] {
  const dir = defaultRemoteSpecDir(site);
  if (!dir) throw new Error('--spec-copies needs the build cache (LECTERN_CACHE is off)');
  return copies
    .filter((c) => c.repo === entry.repo)
    .map((c) => {
      const gitDir = gitDirFor({ repo: c.source });
      const text = sh('git', ['--git-dir', gitDir, 'show', `${c.commit}:${c.path}`]);
      const fetchedAt = Date.parse(sh('git', ['--git-dir', gitDir, 'log', '-1', '--format=%cI', c.commit]).trim());
      remoteSpecCache(dir, () => fetchedAt).write(c.url, text);
      return `${c.source}@${c.commit.slice(0, 7)}:${c.path}`;
    });
}
const previous: Result[] = existsSync(saved) ? (JSON.parse(readFileSync(saved, 'utf8')) as Result[]) : [];
interface CheckReport {
  errors: number;
  warnings: number;
  diagnostics: Array<{ code: string; severity: string; message?: string }>;
}
function checkReport(out: string): CheckReport {
  try {
    return JSON.parse(/^\{[\s\S]*?^\}$/m.exec(out)?.[0] ?? ''); // the report (stdout) ends at the first column-0 brace
  } catch {
    return { errors: 1, warnings: 0, diagnostics: [{ code: 'check/crashed', severity: 'error' }] };
  }
}

/**
 * A `link/broken` warning whose target the repo has at that commit but the snapshot does not (a blob the mirror lacks,
 * typically a large GIF or PDF) is counted apart: the link works in the repo, so it is no finding about the repo.
 */
const SNAPSHOT_GAP = 'link/broken to a file the snapshot lacks';
/** Files of the repo's docs folder (site-relative) that the snapshot lacks, from extract's list of repo paths. */
const lackedBy = (entry: Entry, missing: string[]) =>
  new Set(missing.map((f) => (entry.dir ? f.slice(entry.dir.replace(/\/+$/, '').length + 1) : f)));
function warningsByRule(report: CheckReport, lacked: Set<string>): Record<string, number> {
  const byRule: Record<string, number> = {};
  for (const d of report.diagnostics) {
    if (d.severity === 'error') continue;
    let target = d.code === 'link/broken' ? /no page or file at (\S+)/.exec(d.message ?? '')?.[1] : undefined;
    try {
      target = target && decodeURIComponent(target);
    } catch {
      /* kept as written */
    }
    const rule = target && lacked.has(target.replace(/^\//, '')) ? SNAPSHOT_GAP : d.code;
    byRule[rule] = (byRule[rule] ?? 0) + 1;
  }
  return byRule;
}

/** Every file under `dir` (relative path -> sha256 of its bytes). */
function digests(dir: string, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const e of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) digests(dir, rel, out);
    else
      out.set(
        rel,
        createHash('sha256')
          .update(readFileSync(path.join(dir, rel)))
          .digest('hex'),
      );
  }
  return out;
}
/**
 * The warnings a build printed (Lectern's `warning:` messages and Astro's `[WARN]` lines), each cut from where it
 * starts (a render warning may land in the middle of Astro's line for the page), durations taken out, sorted: a
 * multiset to compare.
 */
const warningLines = (out: string) =>
  out
    .split('\n')
    .map((l) => /(?:\[lectern\] warning:|\[WARN\]).*/.exec(l)?.[0])
    .filter((l): l is string => l !== undefined)
    .map((l) => l.replace(/\d+(?:\.\d+)?\s?(?:ms|s)\b/g, '…').trim())
    .sort();
const without = (a: string[], b: string[]) => {
  const rest = [...b];
  return a.filter((l) => {
    const i = rest.indexOf(l);
    if (i < 0) return true;
    rest.splice(i, 1);
    return false;
  });
};

/** `--warm`: build `site` again on the cache the cold build left and compare with the cold build's `dist/` and log. */
async function warmCheck(site: string, key: string, coldOut: string): Promise<Warm> {
  // Beside the folder, not in it: a folder of the repo is content (its .md files would be pages).
  const cold = `${site}.dist-cold`;
  rmSync(cold, { recursive: true, force: true });
  renameSync(path.join(site, 'dist'), cold);
  const build = await lectern(['build', '.'], site);
  writeFileSync(logName(key, 'warm'), build.out);
  const a = digests(cold);
  const b = existsSync(path.join(site, 'dist')) ? digests(path.join(site, 'dist')) : new Map<string, string>();
  const differing = [...new Set([...a.keys(), ...b.keys()])].filter((f) => a.get(f) !== b.get(f)).sort();
  // One line per part of a build in parts.
  const cache = [...build.out.matchAll(/cache: (\d+) pages reused, (\d+) rendered/g)].reduce(
    (n, m) => [n[0]! + Number(m[1]), n[1]! + Number(m[2])],
    [0, 0],
  );
  // A part of a build in parts that no change reached is written back whole (no `cache:` line of its own).
  for (const m of build.out.matchAll(/part \d+ of \d+ \((\d+) pages\): no page changed, from the cache/g)) cache[0]! += Number(m[1]);
  rmSync(cold, { recursive: true, force: true });
  return {
    wallMs: Math.round(build.wallMs),
    exit: build.code,
    reused: cache[0]!,
    rendered: cache[1]!,
    files: a.size,
    differing: differing.slice(0, 20),
    warningsOnlyCold: without(warningLines(coldOut), warningLines(build.out)).slice(0, 20),
    warningsOnlyWarm: without(warningLines(build.out), warningLines(coldOut)).slice(0, 20),
  };
}

const results: Result[] = [];
for (const entry of has('report') ? [] : entries) {
  const key = entry.repo.replace('/', '+');
  const site = path.join(corpusDir, key);
  const missing = extract(gitDirFor(entry), entry.commit, site, entry.dir);
  rmSync(path.join(site, 'dist'), { recursive: true, force: true });
  const specCopies = seeded ? seedSpecCopies(entry, site) : undefined;
  const check = await lectern(['check', '.', '--format', 'json'], site);
  writeFileSync(logName(key, 'check'), check.out);
  const report = checkReport(check.out);
  const byRule = warningsByRule(report, lackedBy(entry, missing));
  let listed: string[] = [];
  try {
    listed = navigationPages(site);
  } catch {
    /* docs.json unreadable: counted as 0 pages */
  }
  const nav = listed.filter((p) => hasPageFile(site, p));
  const listedWithoutFile = listed.filter((p) => !hasPageFile(site, p));
  const build = has('check-only') ? undefined : await lectern(['build', '.'], site);
  if (build) writeFileSync(logName(key, 'build'), build.out);
  const notBuilt = build ? nav.filter((p) => !built(path.join(site, 'dist'), p)) : nav;
  const result: Result = {
    repo: entry.repo,
    dir: entry.dir,
    commit: entry.commit,
    navPages: nav.length,
    built: nav.length - notBuilt.length,
    exit: build ? build.code : null,
    errors: Number(/Lectern found (\d+) error/.exec(build?.out ?? '')?.[1] ?? 0),
    checkErrors: report.errors,
    warnings: report.warnings,
    byRule,
    wallMs: Math.round(build?.wallMs ?? check.wallMs),
    peakMb: build?.peakMb && Math.round(build.peakMb),
    missingFiles: missing.length,
    notBuilt: notBuilt.slice(0, 20),
    listedWithoutFile,
    ...(specCopies ? { specCopies } : {}),
    ...(build && build.code !== 0
      ? {
          tail: build.out
            .split('\n')
            .filter((l) => !/^\s*Command being timed|^\s+\S.*: /.test(l))
            .slice(-15)
            .join('\n'),
        }
      : {}),
  };
  if (has('warm') && build?.code === 0) {
    result.warm = await warmCheck(site, key, build.out);
    const w = result.warm;
    console.error(
      `${entry.repo} warm: exit ${w.exit}, ${w.reused} reused, ${w.rendered} rendered, ${w.differing.length} of ${w.files} files differ, warnings ${w.warningsOnlyCold.length} only cold / ${w.warningsOnlyWarm.length} only warm, ${(w.wallMs / 1000).toFixed(1)} s`,
    );
  }
  results.push(result);
  // Saved after each repo, so a run stopped half-way keeps what it measured.
  writeFileSync(
    saved,
    JSON.stringify(
      [
        ...previous.filter(
          (p) =>
            !(p.repo === result.repo && p.commit === result.commit) && !results.some((r) => r.repo === p.repo && r.commit === p.commit),
        ),
        ...results,
      ],
      null,
      2,
    ),
  );
  console.error(
    `${entry.repo}: ${result.built}/${result.navPages} built${listedWithoutFile.length ? ` (${listedWithoutFile.length} listed without a file)` : ''}, exit ${result.exit}, ${result.errors} build errors, ${report.errors} check errors, ${result.warnings} warnings, ${(result.wallMs / 1000).toFixed(1)} s`,
  );
  if (!has('keep')) rmSync(path.join(site, 'dist'), { recursive: true, force: true });
}
// Saved by repo and commit, merged with earlier runs (`--only`); `--report` prints the table of the saved results of
// every corpus repo without building anything.
const same = (a: { repo: string; commit: string }, b: { repo: string; commit: string }) => a.repo === b.repo && a.commit === b.commit;
const merged = [...previous.filter((p) => !results.some((r) => same(p, r))), ...results];
writeFileSync(saved, JSON.stringify(merged, null, 2));
if (has('report')) {
  for (const e of entries) {
    for (const r of merged.filter((m) => same(m, e))) {
      // Saved before warnings on files the snapshot lacks were counted apart: counted again from the check log, the
      // lacked files being those of the commit's tree that the extracted folder does not have.
      const key = e.repo.replace('/', '+');
      const log = logName(key, 'check');
      const site = path.join(corpusDir, key);
      if (!r.byRule[SNAPSHOT_GAP] && r.byRule['link/broken'] && existsSync(log) && existsSync(site) && flag('git-dirs')) {
        const sub = e.dir ? e.dir.replace(/\/+$/, '') + '/' : '';
        const files = sh('git', ['--git-dir', gitDirFor(e), 'ls-tree', '-r', '--name-only', '-z', e.commit, ...(sub ? ['--', sub] : [])])
          .split('\0')
          .filter(Boolean);
        const lacked = files.filter((f) => !existsSync(path.join(site, f.slice(sub.length))));
        r.byRule = warningsByRule(checkReport(readFileSync(log, 'utf8')), lackedBy(e, lacked));
      }
      results.push(r);
    }
  }
}

const rules = (r: Result) =>
  Object.entries(r.byRule)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ') || '–';
const copyColumn = (r: Result) => (seeded ? ` ${r.specCopies?.map((c) => `\`${c}\``).join(', ') ?? '–'} |` : '');
console.log(
  `| repo (folder) |${seeded ? ' spec copies in the build cache |' : ''} nav pages | pages built | exit | errors | warnings by rule | wall | peak RSS |`,
);
console.log(`|---|${seeded ? '---|' : ''}---|---|---|---|---|---|---|`);
for (const r of results) {
  const name = `[${r.repo}](https://github.com/${r.repo}/tree/${r.commit.slice(0, 7)}${r.dir ? '/' + r.dir : ''})${r.dir ? ` (${r.dir})` : ''}`;
  console.log(
    `| ${name} |${copyColumn(r)} ${r.navPages} | ${r.built} | ${r.exit ?? '–'} | ${r.errors || r.checkErrors} | ${rules(r)} | ${(r.wallMs / 1000).toFixed(0)} s | ${r.peakMb ?? '?'} MB |`,
  );
}
const ok = results.filter((r) => r.exit === 0 && r.built === r.navPages);
const pages = results.reduce((n, r) => n + r.navPages, 0);
const builtPages = results.reduce((n, r) => n + r.built, 0);
const unlisted = results.filter((r) => r.listedWithoutFile?.length);
console.log(
  `\n${ok.length} of ${results.length} repos built ${seeded ? 'with the spec copies' : 'unchanged'} with every navigation page (${((100 * ok.length) / Math.max(1, results.length)).toFixed(0)}%); ${builtPages} of ${pages} navigation pages built.`,
);
if (unlisted.length)
  console.log(
    `Listed in docs.json without a file (Mintlify warns and leaves them out; not counted): ${unlisted.map((r) => `${r.repo} ${r.listedWithoutFile.length} (${r.listedWithoutFile.slice(0, 3).join(', ')})`).join('; ')}.`,
  );
const warmed = results.filter((r) => r.warm);
if (warmed.length) {
  console.log('\n| repo | cold | warm (nothing changed) | pages reused / rendered | files differing | warnings only in one build |');
  console.log('|---|---|---|---|---|---|');
  for (const r of warmed) {
    const w = r.warm!;
    const odd = [...w.warningsOnlyCold.map((l) => `cold: ${l}`), ...w.warningsOnlyWarm.map((l) => `warm: ${l}`)];
    console.log(
      `| ${r.repo} | ${(r.wallMs / 1000).toFixed(0)} s | ${(w.wallMs / 1000).toFixed(0)} s (exit ${w.exit}) | ${w.reused} / ${w.rendered} | ${w.differing.length ? `${w.differing.length} of ${w.files}: ${w.differing.slice(0, 3).join(', ')}` : `0 of ${w.files}`} | ${odd.length ? odd.slice(0, 2).join('; ').replace(/\|/g, '\\|') : '–'} |`,
    );
  }
}
process.exit(ok.length === results.length ? 0 : 1);
