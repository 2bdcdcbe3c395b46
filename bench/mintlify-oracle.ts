/**
 * Issue 33's measurement: public Mintlify docs repos built unchanged by Lectern, judged against Mintlify's own
 * published packages used as test oracles (never copied into Lectern).
 *
 *   node bench/mintlify-oracle.ts [--part=tune|heldout|heldout2|all] [--only=word,word] [--source=corpus|new]
 *                                 [--git-dirs=<folder>] [--timeout-min=20] [--mdx-cap=300] [--report] [--details]
 *
 * Repos, commits and the fixed tune/heldout split: bench/mintlify-oracle.json (`--only` keeps the repos whose
 * owner/name contains one of the words, `--source` those from bench/mintlify-corpus.json or the new ones). For each repo of the part, one at a
 * time: its files at the commit are written to .cache/oracle-corpus/<owner+name>/ (from a snapshot under
 * `--git-dirs`, default /work/.mirror, as `owner+name/repo`; else a blobless clone in .cache/corpus/), then
 *
 *   1. the navigation oracle: `@mintlify/prebuild`'s `prebuild()` on a copy of the folder
 *      (bench/mintlify/oracle-prebuild.ts): every navigation page Mintlify deploys, with its slug and title;
 *   2. `lectern check <dir> --format json` and `lectern build <dir> --out <tmp>` (the workspace's CLI), each under a
 *      timeout (`--timeout-min`, default 20; a timeout is recorded as such);
 *   3. the MDX oracle (bench/mintlify/oracle-mdx.ts: `@mintlify/prebuild`'s `preparseMdx` and
 *      `@mintlify/common/server-mdx`'s `getMdx`) on every navigation page's file Lectern refused (at most
 *      `--mdx-cap` a repo).
 *
 * Figures per repo and in total: (a) prebuild navigation pages (those the navigation lists without a file and that
 * are not generated from a spec are left out: the prebuild keeps them with a warning, Mintlify serves nothing), how many Lectern built at the same slug (an HTML file
 * at that path of the output) and with the same title (the page's `<h1>` or `<title>` against the prebuild's title);
 * (b) navigation pages whose MDX Mintlify accepts but Lectern refused (an error from `check` on the file, or the page
 * missing from a site that was built); (c) navigation pages `check` passed (no error on their file) that the build did
 * not write; (d) whether the repo produced a site at all. Failures are grouped into classes (diagnostic code and the
 * message with names and numbers taken out) with the pages each cost, how many of those Mintlify accepts, and one
 * example file:line. Output: a Markdown report on stdout and in .cache/mintlify-oracle-<part>.md, every figure in
 * .cache/bench-mintlify-oracle.json (merged with earlier runs by repo and commit; `--report` prints from there without
 * running anything); logs in .cache/oracle-logs/.
 *
 * The held-out parts are for measuring, not tuning: `--part=heldout…` prints only its totals unless `--details` is given.
 *
 * The oracle packages are installed on first use into .cache/oracle/ (gitignored), pinned to one consistent set of
 * versions: `npm install --prefix .cache/oracle @mintlify/prebuild@1.0.1341 @mintlify/common@1.0.1183
 * @mintlify/mdx@4.0.6` (later releases depend on versions the registry mirror here lacks).
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extract, hasPageFile, REPO, sh } from './mintlify/repo-tools.ts';
import type { PrebuildResult } from './mintlify/oracle-prebuild.ts';
import type { MdxVerdict } from './mintlify/oracle-mdx.ts';

const CACHE = path.join(REPO, '.cache');
const ORACLE_DIR = path.join(CACHE, 'oracle');
const ORACLE_PACKAGES = ['@mintlify/prebuild@1.0.1341', '@mintlify/common@1.0.1183', '@mintlify/mdx@4.0.6'];
const BIN = path.join(REPO, 'packages/astro/bin/lectern.js');
const LOGS = path.join(CACHE, 'oracle-logs');
const SAVED = path.join(CACHE, 'bench-mintlify-oracle.json');
const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const has = (name: string) => process.argv.includes(`--${name}`);

interface Entry {
  repo: string;
  dir: string;
  commit: string;
  source: string;
}
/** `tune`, or a held-out draw: `heldout` (first draw), `heldout2` (second draw, repos never built before it). */
type Part = string;
const { $comment: _, ...split } = JSON.parse(readFileSync(path.join(import.meta.dirname, 'mintlify-oracle.json'), 'utf8')) as Record<
  Part,
  Entry[]
>;
const part = flag('part') ?? 'tune';
if (part !== 'all' && !split[part]) throw new Error(`--part must be all or one of ${Object.keys(split).join(', ')}, not ${part}`);
/** A held-out part prints only its totals unless `--details` is given. */
const heldOut = (p: Part) => p.startsWith('heldout');
const only = flag('only')
  ?.split(',')
  .map((w) => w.toLowerCase());
const source = flag('source');
const entries = (part === 'all' ? Object.values(split).flat() : split[part]!)
  .filter((e) => !only || only.some((w) => e.repo.toLowerCase().includes(w)))
  .filter((e) => !source || e.source === source);
const partOf = (e: Entry): Part => Object.keys(split).find((p) => split[p]!.some((h) => h.repo === e.repo)) ?? 'tune';
const TIMEOUT_MS = Number(flag('timeout-min') ?? 20) * 60_000;
const MDX_CAP = Number(flag('mdx-cap') ?? 300);

/** A failure class: what Lectern said, how many pages it cost, how many of those Mintlify accepts, one example. */
interface FailureClass {
  key: string;
  pages: number;
  acceptedByMintlify: number;
  occurrences: number;
  example: string;
}
interface RepoResult {
  repo: string;
  commit: string;
  part: Part;
  lectern: string;
  at: string;
  navPages: number;
  listedWithoutFile: number;
  withFile: number;
  generated: number;
  sameSlug: number;
  sameTitle: number;
  /** (b) navigation pages whose file Mintlify's pipeline accepts and Lectern refused; and how many were judged. */
  acceptedRefused: number;
  refusedFiles: number;
  judged: number;
  mintlifyRejects: number;
  /** (c) navigation pages with no `check` error on their file that the build did not write. */
  checkPassedBuildRefused: number;
  siteProduced: boolean;
  checkExit: number | null;
  checkErrors: number;
  buildExit: number | null;
  timedOut: string[];
  prebuildError?: string;
  prebuildMs: number;
  checkMs: number;
  buildMs: number;
  classes: FailureClass[];
  titleMismatches: string[];
  notBuiltExamples: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Running things

interface Run {
  code: number | null;
  out: string;
  ms: number;
  timedOut: boolean;
}
/** `cmd args` in its own process group, killed (the whole group) after `timeoutMs`. */
function run(cmd: string, args: string[], cwd: string, timeoutMs: number): Promise<Run> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      detached: true,
      env: {
        ...process.env,
        ASTRO_TELEMETRY_DISABLED: '1',
        PATH: `${path.join(REPO, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
      },
    });
    let out = '';
    let timedOut = false;
    const keep = (d: Buffer) => {
      if (out.length < 50_000_000) out += d;
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, ms: Math.round(performance.now() - t0), timedOut });
    });
  });
}

function installOracle(): void {
  if (existsSync(path.join(ORACLE_DIR, 'node_modules/@mintlify/prebuild/package.json'))) return;
  mkdirSync(ORACLE_DIR, { recursive: true });
  if (!existsSync(path.join(ORACLE_DIR, 'package.json')))
    writeFileSync(path.join(ORACLE_DIR, 'package.json'), '{ "name": "lectern-oracle", "private": true }\n');
  console.error(`installing the oracle packages into ${ORACLE_DIR}: ${ORACLE_PACKAGES.join(' ')}`);
  sh('npm', ['install', '--prefix', ORACLE_DIR, '--no-audit', '--no-fund', '--ignore-scripts', ...ORACLE_PACKAGES]);
}

/** A git directory holding the repo's snapshot: `<git-dirs>/owner+name/repo` (or `.git`), else a blobless clone. */
function gitDirFor(repo: string): string {
  const key = repo.replace('/', '+');
  const root = flag('git-dirs') ?? '/work/.mirror';
  for (const candidate of [path.join(root, key, 'repo'), path.join(root, `${key}.git`), path.join(root, key)]) {
    if (existsSync(candidate)) return candidate;
  }
  const clone = path.join(CACHE, 'corpus', `${key}.git`);
  if (!existsSync(clone)) sh('git', ['clone', '--bare', '--filter=blob:none', `https://github.com/${repo}.git`, clone]);
  return clone;
}

/** The workspace's commit, and `+dirty` when files differ from it (other work in the shared checkout). */
function lecternVersion(): string {
  const head = sh('git', ['rev-parse', '--short', 'HEAD']).trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no', '--', 'packages'], {
    cwd: REPO,
    encoding: 'utf8',
  }).stdout.trim();
  return dirty ? `${head}+dirty` : head;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading Lectern's output

interface Diagnostic {
  code: string;
  severity: string;
  message?: string;
  file?: string;
  line?: number;
}
/** `check --format json`'s report: the first block that opens and closes at column 0. */
function checkDiagnostics(out: string): Diagnostic[] | undefined {
  try {
    return (JSON.parse(/^\{[\s\S]*?^\}$/m.exec(out)?.[0] ?? '') as { diagnostics: Diagnostic[] }).diagnostics;
  } catch {
    return undefined;
  }
}

/** The `error|warning <file>:<line>[:<col>] [(pointer)] <message> [code]` lines a build prints. */
function buildDiagnostics(out: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  // The code closes the diagnostic's last line: its message's, or its hint's on the next line.
  const re =
    /^\s*(?:\[lectern\] )?(error|warning):? (\S+?)(?::(\d+)(?::\d+)?)?(?: \([^)]*\))? (.*?)(?:\n\s+hint: .*?)? \[([\w-]+\/[\w-]+)\]\s*$/gm;
  for (const m of out.matchAll(re))
    found.push({ severity: m[1]!, file: m[2]!, line: m[3] ? Number(m[3]) : undefined, message: m[4]!, code: m[5]! });
  return found;
}

/** The line of a build that stopped without a Lectern diagnostic: the first that names an error. */
function crashLine(out: string): string {
  const lines = out
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.find((l) => /^(\w*Error|error)\b|Error:/.test(l) && !/^\s*at /.test(l)) ?? lines.at(-1) ?? '(no output)';
}

/** A message with its particulars (quoted names, paths, numbers) taken out, so that like failures group together. */
export function pattern(message: string): string {
  return message
    .replace(/`[^`]*`|"[^"]*"|'[^']*'|«[^»]*»/g, '…')
    .replace(/(?:\.{0,2}\/)?[\w@.-]+(?:\/[\w@.-]+)+/g, '<path>')
    .replace(/\b\d+(?:\.\d+)?\b/g, 'N')
    .replace(/\s+/g, ' ')
    .slice(0, 140);
}

// ---------------------------------------------------------------------------------------------------------------
// Titles

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'", '#x27': "'" };
const decode = (s: string) =>
  s.replace(
    /&(#x[\da-f]+|#\d+|\w+);/gi,
    (m, e: string) =>
      ENTITIES[e.toLowerCase()] ??
      (e.startsWith('#x')
        ? String.fromCodePoint(parseInt(e.slice(2), 16))
        : e.startsWith('#')
          ? String.fromCodePoint(Number(e.slice(1)))
          : m),
  );
const text = (html: string) =>
  decode(html.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
const norm = (s: string) =>
  s
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Whether the page's `<h1>` or `<title>` (before a ` - Site` / ` | Site` suffix) is the prebuild's title. */
function titleMatches(html: string, expected: string): { ok: boolean; got: string } {
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1];
  const title = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const want = norm(decode(expected)); // the prebuild's title is text: `<Workflow>` is a title, not a tag
  const candidates = [h1 && text(h1), title && text(title)].filter((c): c is string => !!c);
  const ok = candidates.some(
    (c) => norm(c) === want || norm(c).startsWith(`${want} - `) || norm(c).startsWith(`${want} | `) || norm(c).startsWith(`${want} – `),
  );
  return { ok, got: candidates[0] ?? '(no h1 or title)' };
}

/** The HTML file Lectern writes for a slug (`a/index` and `index` are their folders' index.html). */
function htmlFor(dist: string, slug: string): string | undefined {
  const clean = slug.replace(/(^|\/)index$/, '');
  const candidates = [clean ? path.join(dist, clean, 'index.html') : path.join(dist, 'index.html'), path.join(dist, `${clean}.html`)];
  return candidates.find((c) => existsSync(c));
}

/** The page's file in the docs folder, as a navigation slug names it (the same rule as hasPageFile). */
function fileFor(site: string, slug: string): string | undefined {
  if (!hasPageFile(site, slug)) return undefined;
  return ['.mdx', '.md', '/index.mdx', '/index.md'].map((ext) => slug + ext).find((f) => existsSync(path.join(site, f)));
}

// ---------------------------------------------------------------------------------------------------------------
// One repo

async function measure(entry: Entry): Promise<RepoResult> {
  const key = entry.repo.replace('/', '+');
  const site = path.join(CACHE, 'oracle-corpus', key);
  const scratch = mkdtempSync(path.join(tmpdir(), 'lectern-oracle-'));
  const log = (step: string, out: string) => writeFileSync(path.join(LOGS, `${key}.${step}.txt`), out);
  try {
    extract(gitDirFor(entry.repo), entry.commit, site, entry.dir);
    // 1. The navigation oracle, on a copy (prebuild may write beside the pages).
    const copy = path.join(scratch, 'prebuild-site');
    cpSync(site, copy, { recursive: true });
    const prebuildOut = path.join(scratch, 'prebuild.json');
    const pre = await run(
      process.execPath,
      [path.join(import.meta.dirname, 'mintlify/oracle-prebuild.ts'), ORACLE_DIR, copy, prebuildOut],
      scratch,
      TIMEOUT_MS,
    );
    const prebuild: PrebuildResult = existsSync(prebuildOut)
      ? (JSON.parse(readFileSync(prebuildOut, 'utf8')) as PrebuildResult)
      : { pages: [], printed: [pre.out.slice(-2000)], error: pre.timedOut ? 'timed out' : `exit ${pre.code}`, ms: pre.ms };
    log('prebuild', [prebuild.error ?? 'ok', ...prebuild.printed].join('\n'));
    rmSync(copy, { recursive: true, force: true });
    // 2. Lectern.
    const check = await run(process.execPath, [BIN, 'check', site, '--format', 'json'], site, TIMEOUT_MS);
    log('check', check.out);
    const dist = path.join(scratch, 'dist');
    const build = await run(process.execPath, [BIN, 'build', site, '--out', dist], site, TIMEOUT_MS);
    log('build', build.out);
    return await score(entry, site, dist, prebuild, check, build, scratch);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

interface PageFate {
  slug: string;
  file?: string;
  built: boolean;
  checkError?: Diagnostic;
  cause?: { key: string; example: string };
}

async function score(
  entry: Entry,
  site: string,
  dist: string,
  prebuild: PrebuildResult,
  check: Run,
  build: Run,
  scratch: string,
): Promise<RepoResult> {
  const checkDiags = checkDiagnostics(check.out);
  const buildDiags = buildDiagnostics(build.out);
  const siteProduced =
    existsSync(path.join(dist, 'index.html')) ||
    (existsSync(dist) && spawnSync('find', [dist, '-name', '*.html', '-print', '-quit'], { encoding: 'utf8' }).stdout.trim() !== '');
  const byFile = (diags: Diagnostic[], sev: string) => {
    const m = new Map<string, Diagnostic>();
    for (const d of diags) if (d.severity === sev && d.file && !m.has(d.file.replace(/^\.\//, ''))) m.set(d.file.replace(/^\.\//, ''), d);
    return m;
  };
  const checkErrors = byFile(checkDiags ?? [], 'error');
  const buildErrors = byFile(buildDiags, 'error');
  const buildWarnings = byFile(buildDiags, 'warning');
  // What stopped a build that wrote no site: its file-less (or first) error, else the line it died on.
  const fatal = build.timedOut
    ? { key: 'build timed out', example: `after ${Math.round(build.ms / 60000)} min` }
    : (() => {
        const d = buildDiags.find((x) => x.severity === 'error' && !x.file) ?? buildDiags.find((x) => x.severity === 'error');
        return d
          ? { key: `build ${d.code}: ${pattern(d.message ?? '')}`, example: `${d.file ?? ''}${d.line ? `:${d.line}` : ''}` }
          : { key: `build stopped: ${pattern(crashLine(build.out))}`, example: crashLine(build.out).slice(0, 200) };
      })();
  // A page the navigation lists without a file (and not generated from a spec) is kept by the prebuild with a warning
  // and a title made from its slug, but Mintlify serves no page there: not counted, listed apart.
  const listedWithoutFile = prebuild.pages.filter((p) => !p.openapi && !p.asyncapi && !fileFor(site, p.slug)).map((p) => p.slug);
  const pages = prebuild.pages.filter((p) => !listedWithoutFile.includes(p.slug));
  const fates: PageFate[] = pages.map((p) => {
    const file = fileFor(site, p.slug);
    const built = !!htmlFor(dist, p.slug);
    const checkError = file ? checkErrors.get(file) : undefined;
    const fate: PageFate = { slug: p.slug, file, built, checkError };
    if (!built) fate.cause = causeOf(fate, buildErrors, buildWarnings, siteProduced, fatal);
    return fate;
  });
  // Titles, for the pages built.
  let sameTitle = 0;
  const titleMismatches: string[] = [];
  for (const p of pages) {
    const html = htmlFor(dist, p.slug);
    if (!html) continue;
    const t = titleMatches(readFileSync(html, 'utf8'), p.title);
    if (t.ok) sameTitle++;
    else if (titleMismatches.length < 10) titleMismatches.push(`${p.slug}: Mintlify "${p.title}", Lectern "${t.got.slice(0, 80)}"`);
  }
  // (b): the files Lectern refused, judged by Mintlify's MDX pipeline.
  const refused = fates.filter(
    (f) => f.file && /\.mdx?$/.test(f.file) && (f.checkError || buildErrors.has(f.file) || (siteProduced && !f.built)),
  );
  const verdicts = await judge(site, refused.map((f) => f.file!).slice(0, MDX_CAP), scratch);
  const accepted = (f: PageFate) => verdicts[f.file ?? '']?.accepted === true;
  const classes = classify(fates, accepted);
  return {
    repo: entry.repo,
    commit: entry.commit,
    part: partOf(entry),
    lectern: lecternVersion(),
    at: new Date().toISOString(),
    navPages: pages.length,
    listedWithoutFile: listedWithoutFile.length,
    withFile: fates.filter((f) => f.file).length,
    generated: fates.filter((f) => !f.file).length,
    sameSlug: fates.filter((f) => f.built).length,
    sameTitle,
    acceptedRefused: refused.filter(accepted).length,
    refusedFiles: refused.length,
    judged: Object.keys(verdicts).length,
    mintlifyRejects: Object.values(verdicts).filter((v) => !v.accepted).length,
    checkPassedBuildRefused: fates.filter((f) => !f.built && !f.checkError).length,
    siteProduced,
    checkExit: check.timedOut ? null : check.code,
    checkErrors: checkErrors.size + (checkDiags ?? []).filter((d) => d.severity === 'error' && !d.file).length,
    buildExit: build.timedOut ? null : build.code,
    timedOut: [check.timedOut && 'check', build.timedOut && 'build', prebuild.error === 'timed out' && 'prebuild'].filter(
      (s): s is string => !!s,
    ),
    ...(prebuild.error ? { prebuildError: prebuild.error } : {}),
    prebuildMs: prebuild.ms,
    checkMs: check.ms,
    buildMs: build.ms,
    classes,
    titleMismatches,
    notBuiltExamples: fates
      .filter((f) => !f.built)
      .slice(0, 10)
      .map((f) => `${f.slug}${f.cause ? ` (${f.cause.key})` : ''}`),
  };
}

/** Why a navigation page was not written: a diagnostic on its file (build error, check error, build warning), else the build's fatal error. */
function causeOf(
  f: PageFate,
  buildErrors: Map<string, Diagnostic>,
  buildWarnings: Map<string, Diagnostic>,
  siteProduced: boolean,
  fatal: { key: string; example: string },
): { key: string; example: string } {
  // A warning explains a missing page only in a site that was written (a failed build writes none).
  const d = (f.file && (buildErrors.get(f.file) ?? f.checkError ?? (siteProduced ? buildWarnings.get(f.file) : undefined))) || undefined;
  if (d)
    return {
      key: `${d === f.checkError && !buildErrors.get(f.file!) ? 'check' : 'build'} ${d.code}: ${pattern(d.message ?? '')}`,
      example: `${d.file}${d.line ? `:${d.line}` : ''}`,
    };
  if (!siteProduced) return { key: `no site: ${fatal.key}`, example: fatal.example };
  return { key: f.file ? 'left out without a diagnostic on its file' : 'generated (OpenAPI/AsyncAPI) page not written', example: f.slug };
}

/** Failure classes, by the pages they cost (pages not built, or built while `check` reports an error on their file). */
function classify(fates: PageFate[], accepted: (f: PageFate) => boolean): FailureClass[] {
  const classes = new Map<string, FailureClass>();
  const add = (key: string, example: string, f: PageFate, costs: boolean) => {
    const c = classes.get(key) ?? { key, pages: 0, acceptedByMintlify: 0, occurrences: 0, example };
    c.occurrences++;
    if (costs) c.pages++;
    if (costs && accepted(f)) c.acceptedByMintlify++;
    classes.set(key, c);
  };
  for (const f of fates) {
    if (!f.built && f.cause) add(f.cause.key, f.cause.example, f, true);
    else if (f.checkError)
      add(
        `check ${f.checkError.code}: ${pattern(f.checkError.message ?? '')} (page built anyway)`,
        `${f.checkError.file}${f.checkError.line ? `:${f.checkError.line}` : ''}`,
        f,
        false,
      );
  }
  return [...classes.values()].sort((a, b) => b.pages - a.pages || b.occurrences - a.occurrences);
}

/** Mintlify's MDX verdict on each file (bench/mintlify/oracle-mdx.ts in a child process). */
async function judge(site: string, files: string[], scratch: string): Promise<Record<string, MdxVerdict>> {
  if (!files.length) return {};
  const list = path.join(scratch, 'mdx-files.json');
  const out = path.join(scratch, 'mdx-verdicts.json');
  writeFileSync(list, JSON.stringify(files));
  const r = await run(
    process.execPath,
    [path.join(import.meta.dirname, 'mintlify/oracle-mdx.ts'), ORACLE_DIR, site, list, out],
    scratch,
    TIMEOUT_MS,
  );
  if (!existsSync(out)) {
    console.error(`MDX oracle failed (${r.timedOut ? 'timed out' : `exit ${r.code}`}): ${r.out.slice(-500)}`);
    return {};
  }
  return JSON.parse(readFileSync(out, 'utf8')) as Record<string, MdxVerdict>;
}

// ---------------------------------------------------------------------------------------------------------------
// Report

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : '–');
const sum = (rs: RepoResult[], f: (r: RepoResult) => number) => rs.reduce((n, r) => n + f(r), 0);

/** The totals; `named` lists the repos behind (c) and (d) too (not for the held-out part without --details). */
function totals(rs: RepoResult[], named: boolean): string[] {
  const names = (list: RepoResult[]) => (named ? list.map((r) => r.repo).join(', ') || 'none' : String(list.length));
  const nav = sum(rs, (r) => r.navPages);
  const slug = sum(rs, (r) => r.sameSlug);
  return [
    `- repos: ${rs.length}; produced a site: ${rs.filter((r) => r.siteProduced).length}; build exit 0: ${rs.filter((r) => r.buildExit === 0).length}; timed out: ${rs.filter((r) => r.timedOut.length).length}; prebuild failed: ${rs.filter((r) => r.prebuildError && !r.navPages).length}; navigation without generated OpenAPI pages (a spec URL unreachable offline): ${rs.filter((r) => r.prebuildError && r.navPages).length}`,
    `- (a) prebuild navigation pages: ${nav} (not counted: ${sum(rs, (r) => r.listedWithoutFile ?? 0)} listed without a file, which Mintlify does not serve); built by Lectern at the same slug: ${slug} (${pct(slug, nav)}); with the same title: ${sum(rs, (r) => r.sameTitle)} (${pct(
      sum(rs, (r) => r.sameTitle),
      nav,
    )})`,
    `- (b) navigation MDX files Mintlify's pipeline accepts that Lectern refused: ${sum(rs, (r) => r.acceptedRefused)} (of ${sum(rs, (r) => r.refusedFiles)} refused; ${sum(rs, (r) => r.judged)} judged, ${sum(rs, (r) => r.mintlifyRejects)} rejected by Mintlify too)`,
    `- (c) navigation pages \`check\` passed (no error on their file) that the build did not write: ${sum(rs, (r) => r.checkPassedBuildRefused)}, of which ${sum(
      rs.filter((r) => r.checkExit === 0),
      (r) => r.checkPassedBuildRefused,
    )} in repos whose \`check\` exited 0 (the rest lost with a site that a reported error stopped); repos whose check exited 0 and build did not: ${names(rs.filter((r) => r.checkExit === 0 && r.buildExit !== 0))}`,
    `- (d) repos with no site: ${names(rs.filter((r) => !r.siteProduced))}`,
  ];
}

function repoTable(rs: RepoResult[]): string[] {
  const rows = [
    '| repo | part | nav pages (generated) | same slug | same title | (b) accepted, refused | (c) check ok, not built | site | check / build exit | prebuild / check / build s |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rs) {
    const exit = (code: number | null, step: string) => (r.timedOut.includes(step) ? 'timeout' : String(code));
    rows.push(
      `| [${r.repo}](https://github.com/${r.repo}/tree/${r.commit.slice(0, 7)}) | ${r.part} | ${r.navPages} (${r.generated}) | ${r.sameSlug} | ${r.sameTitle} | ${r.acceptedRefused} / ${r.refusedFiles} | ${r.checkPassedBuildRefused} | ${r.siteProduced ? 'yes' : '**no**'} | ${exit(r.checkExit, 'check')} / ${exit(r.buildExit, 'build')} | ${(r.prebuildMs / 1000).toFixed(0)} / ${(r.checkMs / 1000).toFixed(0)} / ${(r.buildMs / 1000).toFixed(0)} |`,
    );
  }
  return rows;
}

function classTable(rs: RepoResult[]): string[] {
  const merged = new Map<string, FailureClass & { repos: Set<string> }>();
  for (const r of rs) {
    for (const c of r.classes) {
      const m = merged.get(c.key) ?? {
        ...c,
        pages: 0,
        acceptedByMintlify: 0,
        occurrences: 0,
        example: `${r.repo}: ${c.example}`,
        repos: new Set<string>(),
      };
      m.pages += c.pages;
      m.acceptedByMintlify += c.acceptedByMintlify;
      m.occurrences += c.occurrences;
      m.repos.add(r.repo);
      merged.set(c.key, m);
    }
  }
  // "Mintlify accepts": the page's own file, judged when Lectern refused that file (a page lost with its site is not).
  const rows = [
    "| failure class | pages it cost | of which Mintlify accepts the page's MDX | pages with it | repos | example |",
    '|---|---|---|---|---|---|',
  ];
  for (const c of [...merged.values()].sort((a, b) => b.pages - a.pages || b.occurrences - a.occurrences)) {
    rows.push(
      `| ${c.key.replace(/\|/g, '\\|')} | ${c.pages} | ${c.acceptedByMintlify} | ${c.occurrences} | ${c.repos.size} | ${c.example.replace(/\|/g, '\\|')} |`,
    );
  }
  return rows;
}

function report(rs: RepoResult[], details: boolean): string {
  const lines = [`# Mintlify oracle, part ${part} (${rs.length} repos)`, '', ...totals(rs, details)];
  if (details) lines.push('', ...repoTable(rs), '', '## Failure classes', '', ...classTable(rs));
  const missing = entries.filter((e) => !rs.some((r) => r.repo === e.repo && r.commit === e.commit));
  if (missing.length) lines.push('', `Not measured yet: ${missing.map((e) => e.repo).join(', ')}.`);
  return lines.join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------------------------

const previous: RepoResult[] = existsSync(SAVED) ? (JSON.parse(readFileSync(SAVED, 'utf8')) as RepoResult[]) : [];
const same = (a: { repo: string; commit: string }, b: { repo: string; commit: string }) => a.repo === b.repo && a.commit === b.commit;
const results: RepoResult[] = [];
if (!has('report')) {
  installOracle();
  mkdirSync(LOGS, { recursive: true });
  for (const entry of entries) {
    let result: RepoResult;
    try {
      result = await measure(entry);
    } catch (e) {
      console.error(`${entry.repo}: not measured: ${e instanceof Error ? e.message.slice(0, 500) : String(e)}`);
      continue;
    }
    results.push(result);
    const all = [...previous.filter((p) => !results.some((r) => same(p, r))), ...results];
    writeFileSync(SAVED, JSON.stringify(all, null, 1));
    const shown =
      heldOut(part) && !has('details')
        ? ''
        : `, ${result.sameSlug}/${result.navPages} same slug, ${result.sameTitle} same title, (b) ${result.acceptedRefused}, (c) ${result.checkPassedBuildRefused}, site ${result.siteProduced ? 'yes' : 'NO'}`;
    console.error(
      `${entry.repo} [${result.part}]: measured in ${((result.prebuildMs + result.checkMs + result.buildMs) / 1000).toFixed(0)} s${shown}`,
    );
  }
}
const shownResults = entries.flatMap((e) => [...results, ...previous].filter((r) => same(r, e)).slice(0, 1));
const markdown = report(shownResults, !heldOut(part) || has('details'));
mkdirSync(CACHE, { recursive: true });
writeFileSync(path.join(CACHE, `mintlify-oracle-${part}.md`), markdown);
process.stdout.write(markdown);
