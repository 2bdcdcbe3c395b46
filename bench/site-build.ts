/**
 * Site build benchmark: a full `lectern build` of a docs repo generated from the GitHub REST description
 * (@octokit/openapi), and of a ~100-page subset of it (linearity). Prints wall time, peak memory (RSS of the
 * build process), dist/ size, page count, the JavaScript an endpoint page loads before the playground is opened
 * (raw and gzip), and per-page times.
 *
 *   node bench/site-build.ts [--only=small|full] [--cold-only] [--keep] [--starlight=<dir>] [--baseline=<checkout>] [--baseline-warm] [--rounds=<n>] [--packed]
 *   node bench/site-build.ts --setup-starlight=<dir>     (once: a starlight-openapi project for the same spec)
 *
 * After the cold build of the full site, warm builds with the cache the cold build left: nothing changed, one MDX
 * page changed, one operation's description changed, one operation's title changed (the sidebar of every page
 * changes, so every page renders; highlighted code still comes from the cache). With `--starlight` (or
 * LECTERN_BENCH_STARLIGHT) the starlight-openapi project is built in the same run for the ratio; `--baseline` builds
 * the site cold with another checkout of Lectern (its own `npm install`) for before/after figures (`--baseline-warm`: its
 * warm builds too, each right before this checkout's). `--rounds=2`
 * repeats the cold builds (baseline, starlight-openapi, this checkout, alternating) and keeps the best of each.
 * `--packed`: this checkout also as users run it (bench/packed.ts: the packages packed, compiled, installed from the
 * tarballs in a folder under os.tmpdir(), removed at the end); each of its builds (cold, warm, later rounds) right
 * after the workspace's same build, on a repo of its own inside that install.
 * Every build's "Prerender build" phase (Astro's `ASTRO_TIMER_PATH`: bundling the render code) is reported too.
 *
 * `makeRepo` and `build` are also used by bench/playground-paint.ts (importing this file runs nothing).
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { packedInstall, type PackedInstall } from './packed.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const SPEC = path.join(REPO, 'node_modules/@octokit/openapi/generated/api.github.com.json');
const args = new Set(process.argv.slice(2));
const only = [...args].find((a) => a.startsWith('--only='))?.slice(7);

/**
 * `mainCpuMs`: CPU time of the build process's main thread, where Astro renders (a build in parts renders in child
 * processes, not counted): on a loaded machine it shows what the build asks of one core when wall time cannot.
 */
export interface Result {
  label: string;
  pages: number;
  wallMs: number;
  peakRssMb: number;
  distMb: number;
  files: number;
  cpuMs?: number;
  mainCpuMs?: number;
  prerenderBuildMs?: number;
}

/** A docs repo (docs.json, index.mdx, the spec) with the first `maxOps` operations, or all; in `root` if given. */
/**
 * The docs repo is created inside this checkout (.cache/, gitignored), where Lectern is installed: as in a docs repo
 * that has `lectern` in its node_modules.
 */
function benchRoot(): string {
  mkdirSync(path.join(REPO, '.cache'), { recursive: true });
  return mkdtempSync(path.join(REPO, '.cache', 'bench-site-'));
}

export function makeRepo(maxOps: number | undefined, root = benchRoot()): string {
  const spec = JSON.parse(readFileSync(SPEC, 'utf8')) as { paths: Record<string, Record<string, unknown>>; webhooks?: unknown };
  if (maxOps !== undefined) {
    const paths: typeof spec.paths = {};
    let n = 0;
    for (const [p, item] of Object.entries(spec.paths)) {
      if (n >= maxOps) break;
      paths[p] = item;
      n += Object.keys(item).filter((k) => ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(k)).length;
    }
    spec.paths = paths;
    delete spec.webhooks;
  }
  writeFileSync(path.join(root, 'api.github.com.json'), JSON.stringify(spec));
  writeFileSync(
    path.join(root, 'docs.json'),
    JSON.stringify(
      {
        theme: 'mint',
        name: 'GitHub REST',
        colors: { primary: '#1F6FEB' },
        navigation: {
          tabs: [
            { tab: 'Guides', groups: [{ group: 'Start', pages: ['index'] }] },
            { tab: 'REST API', openapi: 'api.github.com.json' },
          ],
        },
      },
      null,
      2,
    ),
  );
  writeFileSync(
    path.join(root, 'index.mdx'),
    '---\ntitle: GitHub REST API\ndescription: Generated from the OpenAPI description.\n---\n\nWelcome.\n',
  );
  return root;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(abs));
    else out.push(abs);
  }
  return out;
}

/**
 * `lectern build` of `root` in a child process; dist/ lands in `root/dist`. Peak RSS is that of the largest process
 * of the build (a large site is built in parts, each in a process of its own) and CPU time that of all of them, from
 * /usr/bin/time when the machine has it, else the child's own.
 */
export async function build(
  root: string,
  label: string,
  env: Record<string, string> = {},
  checkout = REPO,
  runModule = path.join(checkout, 'packages/astro/src/cli/run.ts'),
): Promise<Result> {
  // Astro's phase timings (bundling the render code: "Prerender build"), beside the repo (not in it: no file of the
  // repo changes between warm builds but the edits); read, then removed.
  const timer = `${root}.astro-timer.json`;
  rmSync(timer, { force: true });
  env = { ASTRO_TIMER_PATH: timer, ...env };
  const child = `
    import { buildSite } from ${JSON.stringify(runModule)};
    await buildSite(${JSON.stringify(root)}, { logLevel: 'error' });
    const u = process.resourceUsage();
    const t = process.threadCpuUsage();
    process.stdout.write('\\nRSS=' + u.maxRSS + ' CPU=' + (u.userCPUTime + u.systemCPUTime) + ' MAIN=' + (t.user + t.system) + '\\n');
  `;
  const t0 = performance.now();
  const out = await new Promise<string>((resolve, reject) => {
    const args = [process.execPath, '--input-type=module', '-e', child];
    const opts = { stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } };
    const p = existsSync('/usr/bin/time')
      ? spawn('/usr/bin/time', ['-f', 'TREE_RSS=%M TREE_CPU=%U %S', ...args], opts)
      : spawn(args[0]!, args.slice(1), opts);
    // The line /usr/bin/time writes may arrive split over chunks: read it from the whole of stderr at the end.
    let err = '';
    p.stderr.on('data', (d) => {
      err += d;
      if (!/TREE_/.test(String(d))) process.stderr.write(d);
    });
    let buf = '';
    p.stdout.on('data', (d) => {
      buf += d;
    });
    // 'close', not 'exit': the line comes last on stderr, which may still be open when the process has exited.
    p.on('close', (code) => {
      const m = /TREE_RSS=(\d+) TREE_CPU=([\d.]+) ([\d.]+)/.exec(err);
      if (m) buf += `\nTREE_RSS=${m[1]} TREE_CPU=${Math.round((Number(m[2]) + Number(m[3])) * 1e6)}\n`;
      if (code === 0) resolve(buf);
      else reject(new Error(`build of ${label} failed (${code})`));
    });
  });
  const wallMs = performance.now() - t0;
  const rssKb = Number(/TREE_RSS=(\d+)/.exec(out)?.[1] ?? /RSS=(\d+)/.exec(out)?.[1] ?? 0);
  const cpuUs = Number(/TREE_CPU=(\d+)/.exec(out)?.[1] ?? /CPU=(\d+)/.exec(out)?.[1] ?? 0);
  const dist = path.join(root, 'dist');
  const files = walk(dist);
  const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
  const pages = files.filter((f) => f.endsWith('index.html')).length;
  const mainUs = Number(/MAIN=(\d+)/.exec(out)?.[1] ?? 0);
  let prerenderBuildMs: number | undefined;
  try {
    prerenderBuildMs = (JSON.parse(readFileSync(timer, 'utf8')) as Record<string, { elapsedTime: number }>)['Prerender build']?.elapsedTime;
  } catch {
    prerenderBuildMs = undefined;
  }
  rmSync(timer, { force: true });
  return {
    label,
    pages,
    wallMs,
    peakRssMb: rssKb / 1024,
    distMb: bytes / 1e6,
    files: files.length,
    cpuMs: cpuUs / 1000,
    mainCpuMs: mainUs ? mainUs / 1000 : undefined,
    prerenderBuildMs,
  };
}

/** Files (relative paths) that are not byte for byte the same in two output folders, or are in one only. */
function distDifferences(a: string, b: string): string[] {
  const rel = (dir: string) => new Set(walk(dir).map((f) => path.relative(dir, f)));
  const [fa, fb] = [rel(a), rel(b)];
  return [...new Set([...fa, ...fb])]
    .sort()
    .filter((f) => !fa.has(f) || !fb.has(f) || !readFileSync(path.join(a, f)).equals(readFileSync(path.join(b, f))));
}

/** JS an endpoint page loads before the reader opens the playground: module scripts and their static imports. */
function jsBeforePlayground(dist: string): { raw: number; gzip: number; files: string[] } {
  const pages = walk(path.join(dist, 'api-reference')).filter((f) => f.endsWith('index.html'));
  const html = readFileSync(pages[0] ?? path.join(dist, 'index.html'), 'utf8');
  const seen = new Set<string>();
  // Module scripts and classic ones with a src (the shared scripts pages reference instead of inlining them).
  const queue = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gz = 0;
  for (const m of html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)) {
    raw += Buffer.byteLength(m[1]!);
    gz += gzipSync(m[1]!).length;
  }
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const file = path.join(dist, url);
    if (!existsSync(file)) continue;
    const src = readFileSync(file);
    raw += src.length;
    gz += gzipSync(src).length;
    for (const m of src.toString().matchAll(/(?:^|[;\n])\s*import\s*(?:[^'"()]*?from\s*)?["']([^"']+)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(url), m[1]!));
    }
  }
  return { raw, gzip: gz, files: [...seen] };
}

/** Edits for warm builds: one MDX page's text, one operation's description, one operation's title. */
export function editPage(root: string, n: number | string): void {
  const file = path.join(root, 'index.mdx');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/\n\nWelcome\.[^\n]*\n$|\n$/, `\n\nWelcome. Edit ${n}.\n`));
}
export function editOperation(root: string, field: 'description' | 'summary', text: string): void {
  const file = path.join(root, 'api.github.com.json');
  const spec = JSON.parse(readFileSync(file, 'utf8')) as { paths: Record<string, Record<string, Record<string, string>>> };
  spec.paths['/repos/{owner}/{repo}']!.get![field] = text;
  writeFileSync(file, JSON.stringify(spec));
}

/** `astro build` of a starlight-openapi project (see `--setup-starlight`), its own process; peak RSS from a preload. */
async function buildStarlight(dir: string): Promise<Result> {
  const preload = `data:text/javascript,process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('\\nRSS='+u.maxRSS+' CPU='+(u.userCPUTime+u.systemCPUTime)+'\\n')})`;
  rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
  rmSync(path.join(dir, '.astro'), { recursive: true, force: true });
  rmSync(path.join(dir, 'node_modules', '.astro'), { recursive: true, force: true });
  const t0 = performance.now();
  const err = await new Promise<string>((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', preload, path.join(dir, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    let buf = '';
    p.stderr.on('data', (d) => {
      buf += d;
    });
    p.on('exit', (code) => (code === 0 ? resolve(buf) : reject(new Error(`starlight build failed (${code}):\n${buf.slice(-2000)}`))));
  });
  const wallMs = performance.now() - t0;
  const files = walk(path.join(dir, 'dist'));
  const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
  return {
    label: 'starlight-openapi, same spec',
    pages: files.filter((f) => f.endsWith('.html')).length,
    wallMs,
    files: files.length,
    peakRssMb: Number(/RSS=(\d+)/.exec(err)?.[1] ?? 0) / 1024,
    distMb: bytes / 1e6,
    cpuMs: Number(/CPU=(\d+)/.exec(err)?.[1] ?? 0) / 1000,
  };
}

/**
 * A starlight-openapi project for the same spec in `dir` (outside this checkout): Starlight, starlight-openapi and
 * Astro at the versions below, installed with npm; the spec copied in; one guide page, as in Lectern's site.
 */
function setupStarlight(dir: string): void {
  mkdirSync(path.join(dir, 'src/content/docs'), { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify(
      {
        name: 'starlight-openapi-bench',
        private: true,
        type: 'module',
        dependencies: { '@astrojs/starlight': '0.42.4', 'starlight-openapi': '0.26.1', astro: '7.3.5' },
      },
      null,
      2,
    ),
  );
  writeFileSync(
    path.join(dir, 'astro.config.mjs'),
    [
      "import { defineConfig } from 'astro/config';",
      "import starlight from '@astrojs/starlight';",
      "import starlightOpenAPI, { openAPISidebarGroups } from 'starlight-openapi';",
      'export default defineConfig({',
      '  telemetry: false,',
      '  integrations: [starlight({',
      "    title: 'GitHub REST',",
      "    plugins: [starlightOpenAPI([{ base: 'api', schema: './api.github.com.json' }])],",
      "    sidebar: [{ label: 'Start', items: ['index'] }, ...openAPISidebarGroups],",
      '  })],',
      '});',
      '',
    ].join('\n'),
  );
  writeFileSync(
    path.join(dir, 'src/content.config.ts'),
    [
      "import { defineCollection } from 'astro:content';",
      "import { docsLoader } from '@astrojs/starlight/loaders';",
      "import { docsSchema } from '@astrojs/starlight/schema';",
      'export const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };',
      '',
    ].join('\n'),
  );
  writeFileSync(
    path.join(dir, 'src/content/docs/index.md'),
    '---\ntitle: GitHub REST API\ndescription: Generated from the OpenAPI description.\n---\n\nWelcome.\n',
  );
  cpSync(SPEC, path.join(dir, 'api.github.com.json'));
  const npm = spawn('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  npm.on('exit', (code) => {
    if (code !== 0) process.exitCode = 1;
  });
}

const fmt = (r: Result) =>
  `| ${r.label} | ${r.pages} | ${(r.wallMs / 1000).toFixed(1)} s | ${r.cpuMs ? (r.cpuMs / 1000).toFixed(1) + ' s' : '–'} | ${r.mainCpuMs ? (r.mainCpuMs / 1000).toFixed(1) + ' s' : '–'} | ${r.prerenderBuildMs ? (r.prerenderBuildMs / 1000).toFixed(2) + ' s' : '–'} | ${r.peakRssMb.toFixed(0)} MB | ${r.distMb.toFixed(1)} MB |`;

async function main(): Promise<void> {
  const setup = [...args].find((a) => a.startsWith('--setup-starlight='))?.slice(18);
  if (setup) return setupStarlight(path.resolve(setup));
  const starlight = [...args].find((a) => a.startsWith('--starlight='))?.slice(12) ?? process.env.LECTERN_BENCH_STARLIGHT;
  // Another checkout of Lectern (with its own node_modules), built cold in the same run: before/after figures.
  const baseline = [...args].find((a) => a.startsWith('--baseline='))?.slice(11);
  const rounds = Number([...args].find((a) => a.startsWith('--rounds='))?.slice(9) ?? 1);
  const results: Result[] = [];
  const roots: string[] = [];
  let cold: Result | undefined;
  const warm: Array<[Result, string]> = [];
  const baseWarm: Array<[Result, string]> = [];
  let baseCold: Result | undefined;
  // `--packed`: the same builds with the packed, installed Lectern, each right after the workspace's.
  let packed: PackedInstall | undefined;
  let packedRoot: string | undefined;
  const packedPairs: Array<[Result, Result]> = [];
  const packedBuild = async (ws: Result, label: string) => {
    const r = await build(packedRoot!, `packed: ${label}`, {}, REPO, packed!.run);
    packedPairs.push([ws, r]);
    return r;
  };
  try {
    if (args.has('--packed')) {
      packed = packedInstall();
      console.log(`packed Lectern installed in ${packed.dir}`);
    }
    if (only !== 'full' && only !== 'starlight') {
      const small = makeRepo(100);
      roots.push(small);
      results.push(await build(small, '~100 operations'));
    }
    if (only !== 'small' && only !== 'starlight') {
      const full = makeRepo(undefined);
      roots.push(full);
      cold = await build(full, 'GitHub REST (full), cold');
      results.push(cold);
      if (packed) {
        packedRoot = makeRepo(undefined, packed.newSite('site-'));
        await packedBuild(cold, 'GitHub REST (full), cold');
        const differ = distDifferences(path.join(full, 'dist'), path.join(packedRoot, 'dist'));
        console.log(
          `dist/ of the two cold builds (workspace, packed): ${differ.length ? `${differ.length} files differ: ${differ.slice(0, 5).join(', ')}` : 'byte for byte the same'}`,
        );
      }
      const js = jsBeforePlayground(path.join(full, 'dist'));
      console.log(
        `JS loaded by an endpoint page before the playground: ${js.raw} B raw, ${js.gzip} B gzip (${js.files.join(', ') || 'inline only'})`,
      );
      const sample = walk(path.join(full, 'dist', 'api-reference')).filter((f) => f.endsWith('index.html'));
      const sizes = sample.map((f) => statSync(f).size).sort((a, b) => a - b);
      console.log(
        `endpoint page HTML: median ${(sizes[Math.floor(sizes.length / 2)]! / 1024).toFixed(0)} KiB, max ${(sizes.at(-1)! / 1024).toFixed(0)} KiB over ${sizes.length} pages`,
      );
      if (!args.has('--cold-only')) {
        // `--baseline-warm`: the baseline checkout's warm builds too, on a copy of its own, each right before this
        // checkout's (same edits), for before/after ratios from one run.
        const baseRoot = baseline && args.has('--baseline-warm') ? makeRepo(undefined) : undefined;
        if (baseRoot) {
          roots.push(baseRoot);
          baseCold = await build(
            baseRoot,
            `baseline checkout (${path.basename(path.resolve(baseline!))}), cold (for its warm builds)`,
            {},
            path.resolve(baseline!),
          );
          results.push(baseCold);
        }
        const step = async (label: string, kind: string, edit?: (root: string) => void) => {
          for (const root of [baseRoot, full, packedRoot]) if (root) edit?.(root);
          if (baseRoot) baseWarm.push([await build(baseRoot, `baseline: ${label}`, {}, path.resolve(baseline!)), kind]);
          // With `--packed`, the two trees take turns going first (the second build of a pair may find files cached).
          const packedFirst = packedRoot !== undefined && warm.length % 2 === 0;
          const first = packedFirst ? await build(packedRoot!, `packed: ${label}`, {}, REPO, packed!.run) : undefined;
          const r = await build(full, label);
          warm.push([r, kind]);
          if (first) packedPairs.push([r, first]);
          else if (packedRoot) await packedBuild(r, label);
        };
        // Warm builds: the cache of the build before (.lectern/cache/lectern) is kept.
        await step('warm, nothing changed', 'nothing');
        await step('warm, one MDX page changed', 'mdx', (r) => editPage(r, 1));
        await step('warm, one operation changed (description)', 'operation', (r) =>
          editOperation(r, 'description', 'Edited between two builds.'),
        );
        await step('warm, one operation title changed (every sidebar: every page renders)', 'title', (r) =>
          editOperation(r, 'summary', 'Get a repository (edited)'),
        );
        results.push(...baseWarm.map(([r]) => r), ...warm.map(([r]) => r));
      }
    }
    let peer: Result | undefined;
    let before: Result | undefined;
    // Cold builds of the peers (and again of this checkout) alternate, `--rounds` times; the best of each counts.
    for (let round = 1; round <= rounds && only !== 'small'; round++) {
      if (baseline) {
        const root = makeRepo(undefined);
        roots.push(root);
        const r = await build(
          root,
          `baseline checkout (${path.basename(path.resolve(baseline))}), cold, round ${round}`,
          {},
          path.resolve(baseline),
        );
        results.push(r);
        if (!before || r.wallMs < before.wallMs) before = r;
      }
      if (starlight && !args.has('--cold-only')) {
        const r = await buildStarlight(path.resolve(starlight));
        r.label += `, round ${round}`;
        results.push(r);
        if (!peer || r.wallMs < peer.wallMs) peer = r;
      }
      if (round > 1) {
        const root = makeRepo(undefined);
        roots.push(root);
        const r = await build(root, `GitHub REST (full), cold, round ${round}`);
        results.push(r);
        if (cold && r.wallMs < cold.wallMs) cold = r;
        if (packed) {
          packedRoot = makeRepo(undefined, packed.newSite('site-'));
          await packedBuild(r, `GitHub REST (full), cold, round ${round}`);
        }
      }
    }
    results.push(...packedPairs.map(([, r]) => r));
    console.log('\n| build | pages | wall | CPU (user+sys) | main thread CPU | prerender bundling | peak RSS | dist |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const r of results) console.log(fmt(r));
    if (cold) {
      console.log('');
      for (const [r, kind] of warm)
        console.log(
          `${r.label}: ${((100 * r.wallMs) / cold.wallMs).toFixed(0)} % of the cold build${kind === 'mdx' ? ' (aim <= 15 %)' : kind === 'operation' ? ' (aim <= 25 %)' : ''}`,
        );
      for (const [r, kind] of baseWarm)
        console.log(
          `${r.label}: ${((100 * r.wallMs) / baseCold!.wallMs).toFixed(0)} % of its cold build; this checkout / baseline ${(warm.find(([, k]) => k === kind)![0].wallMs / r.wallMs).toFixed(2)}x`,
        );
      if (rounds > 1)
        console.log(
          `best of ${rounds} cold builds: this checkout ${(cold.wallMs / 1000).toFixed(1)} s${before ? `, baseline ${(before.wallMs / 1000).toFixed(1)} s` : ''}${peer ? `, starlight-openapi ${(peer.wallMs / 1000).toFixed(1)} s` : ''}`,
        );
      if (before)
        console.log(
          `this checkout / baseline (cold): ${(cold.wallMs / before.wallMs).toFixed(2)}x wall, ${((cold.cpuMs ?? 0) / (before.cpuMs ?? 1)).toFixed(2)}x CPU, ${((cold.mainCpuMs ?? 0) / (before.mainCpuMs ?? 1)).toFixed(2)}x main-thread CPU, peak RSS ${cold.peakRssMb.toFixed(0)} vs ${before.peakRssMb.toFixed(0)} MB, dist ${cold.distMb.toFixed(1)} vs ${before.distMb.toFixed(1)} MB`,
        );
      if (peer)
        console.log(
          `cold build / starlight-openapi: ${(cold.wallMs / peer.wallMs).toFixed(2)}x (aim <= 0.25x); peak RSS ${(cold.peakRssMb / peer.peakRssMb).toFixed(2)}x`,
        );
      else console.log('(starlight-openapi not measured: --starlight=<dir> of a project made with --setup-starlight=<dir>)');
      if (packedPairs.length) {
        const packedCold = packedPairs[0]![1];
        for (const [, p] of packedPairs.slice(1))
          if (p.label.includes('warm')) console.log(`${p.label}: ${((100 * p.wallMs) / packedCold.wallMs).toFixed(0)} % of its cold build`);
        console.log(
          '\npacked (installed from the tarballs) / workspace, each pair built one after the other (warm pairs: taking turns first):',
        );
        for (const [ws, p] of packedPairs) {
          const ratio = (a?: number, b?: number) => (a && b ? `${(a / b).toFixed(2)}x` : '–');
          console.log(
            `- ${ws.label}: wall ${(p.wallMs / 1000).toFixed(1)} vs ${(ws.wallMs / 1000).toFixed(1)} s (${ratio(p.wallMs, ws.wallMs)}), CPU ${ratio(p.cpuMs, ws.cpuMs)}, main thread ${ratio(p.mainCpuMs, ws.mainCpuMs)}, prerender bundling ${ratio(p.prerenderBuildMs, ws.prerenderBuildMs)}, dist ${p.distMb.toFixed(1)} vs ${ws.distMb.toFixed(1)} MB`,
          );
        }
      }
      console.log('aims: cold <= 0.25x starlight-openapi, peak RSS <= 1 GB, dist <= 100 MB');
    }
  } finally {
    if (!args.has('--keep')) {
      for (const r of roots) rmSync(r, { recursive: true, force: true });
      packed?.remove();
    } else console.log('kept:', [...roots, ...(packed ? [packed.dir] : [])].join(' '));
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
