/**
 * Issue 37's floor: what the same generated prose pages cost with bare Astro, in the same run as Lectern.
 *
 *   node bench/prose-floor.ts [--pages=300] [--keep] [--packed] [--baseline=<checkout>] [--rounds=<n>]
 *
 * The pages of bench/prose-site.ts (headings, lists, tables, code blocks in six languages, callouts, tabs, steps,
 * cards, accordions) are built twice, cold, one after the other:
 *   1. `lectern build` of the docs repo (bench/site-build.ts `build`: CPU of every process of the build);
 *   2. a bare Astro project (`.cache/bench-floor-*`, removed after): `@astrojs/mdx` and the same Shiki highlighting
 *      (github-light / github-dark, dual themes), one catch-all route rendering each MDX file in a minimal page, every
 *      Mintlify component drawn as a plain element (`<div>`). No navigation, search, islands or post-processing.
 * Prints wall, CPU and peak RSS of both, CPU per page, and Lectern's per-page CPU over the floor's (issue 37 aims at
 * 1.5x or less). Same run, same machine: the ratio, not the seconds, is the figure.
 * `--baseline=<checkout>`: Lectern also from another checkout (a `git worktree` of an earlier commit; its packages resolve
 * this checkout's node_modules), right before this checkout's build, for before/after figures; `--rounds=<n>` repeats
 * the builds (each round: this checkout, the baseline, the floor) and prints every one.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeProseRepo } from './prose-site.ts';
import { packedInstall } from './packed.ts';
import { build, type Result } from './site-build.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const argv = process.argv.slice(2);
const PAGES = Number(argv.find((a) => a.startsWith('--pages='))?.slice(8) ?? 300);
const BASELINE = argv.find((a) => a.startsWith('--baseline='))?.slice(11);
const ROUNDS = Number(argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 1);

/** The Mintlify components the generated pages use, drawn as plain elements by the floor. */
const COMPONENTS = ['Note', 'Tip', 'Tabs', 'Tab', 'Steps', 'Step', 'CardGroup', 'Card', 'AccordionGroup', 'Accordion'];

/** A bare Astro project whose pages are the docs repo's MDX files. */
function makeFloorProject(docs: string, dir: string): void {
  cpSync(docs, path.join(dir, 'src/content'), { recursive: true, filter: (f) => !f.endsWith('docs.json') });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'floor', private: true, type: 'module' }));
  writeFileSync(
    path.join(dir, 'astro.config.mjs'),
    [
      "import mdx from '@astrojs/mdx';",
      "import { defineConfig } from 'astro/config';",
      'export default defineConfig({',
      '  integrations: [mdx()],',
      "  build: { format: 'directory' },",
      "  markdown: { shikiConfig: { themes: { light: 'github-light', dark: 'github-dark' }, defaultColor: false } },",
      '  telemetry: false,',
      '  devToolbar: { enabled: false },',
      '});',
      '',
    ].join('\n'),
  );
  mkdirSync(path.join(dir, 'src/pages'), { recursive: true });
  writeFileSync(
    path.join(dir, 'src/pages/[...slug].astro'),
    [
      '---',
      "const files = import.meta.glob('../content/**/*.mdx');",
      'export async function getStaticPaths() {',
      "  const all = import.meta.glob('../content/**/*.mdx');",
      "  return Object.keys(all).map((f) => ({ params: { slug: f.slice('../content/'.length, -'.mdx'.length) }, props: { file: f } }));",
      '}',
      'const { file } = Astro.props;',
      'const { Content, frontmatter } = await files[file]();',
      `const components = Object.fromEntries(${JSON.stringify(COMPONENTS)}.map((n) => [n, 'div']));`,
      '---',
      '<html lang="en"><head><meta charset="utf-8"><title>{frontmatter.title}</title></head>',
      '<body><main><h1>{frontmatter.title}</h1><Content components={components} /></main></body></html>',
      '',
    ].join('\n'),
  );
}

/** `astro build` of the floor project in its own process: wall, CPU and peak RSS (the process's own usage). */
async function buildFloor(dir: string): Promise<Result> {
  const usage = `data:text/javascript,process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('\\nRSS='+u.maxRSS+' CPU='+(u.userCPUTime+u.systemCPUTime)+'\\n')})`;
  const t0 = performance.now();
  const err = await new Promise<string>((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', usage, path.join(REPO, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    let buf = '';
    p.stderr.on('data', (d) => (buf += d));
    p.on('close', (code) => (code === 0 ? resolve(buf) : reject(new Error(`bare Astro build failed (${code}):\n${buf.slice(-2000)}`))));
  });
  const wallMs = performance.now() - t0;
  const files = walk(path.join(dir, 'dist'));
  return {
    label: 'bare Astro + @astrojs/mdx + Shiki (the floor)',
    pages: files.filter((f) => f.endsWith('index.html')).length,
    wallMs,
    files: files.length,
    peakRssMb: Number(/RSS=(\d+)/.exec(err)?.[1] ?? 0) / 1024,
    distMb: files.reduce((n, f) => n + statSync(f).size, 0) / 1e6,
    cpuMs: Number(/CPU=(\d+)/.exec(err)?.[1] ?? 0) / 1000,
  };
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

async function main(): Promise<void> {
  mkdirSync(path.join(REPO, '.cache'), { recursive: true });
  const docs = makeProseRepo(PAGES, mkdtempSync(path.join(REPO, '.cache', 'bench-floor-docs-')));
  // Like for like: the floor draws no social image per page, so Lectern draws none either (bench/og-images.ts measures
  // them: about 30 ms of CPU a page on a first build).
  const config = JSON.parse(readFileSync(path.join(docs, 'docs.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(path.join(docs, 'docs.json'), JSON.stringify({ ...config, lectern: { socialImages: false } }, null, 2));
  const floor = mkdtempSync(path.join(REPO, '.cache', 'bench-floor-astro-'));
  const results: Result[] = [];
  /** Each Lectern build's floor: the one built in its round (the packed build's: the last). */
  const floorOf = new Map<Result, Result>();
  // `--packed`: Lectern also as users run it (bench/packed.ts: packed, compiled, installed outside this checkout).
  const packed = argv.includes('--packed') ? packedInstall() : undefined;
  try {
    makeFloorProject(docs, floor);
    for (let round = 0; round < ROUNDS; round++) {
      const ours: Result[] = [];
      // Each build cold: the cache of the previous build removed.
      rmSync(path.join(docs, '.lectern'), { recursive: true, force: true });
      ours.push(await build(docs, `Lectern, ${PAGES} prose pages`));
      if (BASELINE) {
        rmSync(path.join(docs, '.lectern'), { recursive: true, force: true });
        const run = path.join(path.resolve(BASELINE), 'packages/astro/src/cli/run.ts');
        ours.push(await build(docs, `Lectern at ${BASELINE} (baseline)`, {}, path.resolve(BASELINE), run));
      }
      rmSync(path.join(floor, 'dist'), { recursive: true, force: true });
      const bare = await buildFloor(floor);
      for (const r of ours) floorOf.set(r, bare);
      results.push(...ours, bare);
    }
    if (packed) {
      const site = packed.newSite('prose-');
      cpSync(docs, site, { recursive: true, filter: (f) => !/^(dist|\.lectern)([\\/]|$)/.test(path.relative(docs, f)) });
      const installed = await build(site, `Lectern packed (as users run it), ${PAGES} prose pages`, {}, REPO, packed.run);
      floorOf.set(installed, results.at(-1)!);
      results.push(installed);
    }
  } finally {
    if (!argv.includes('--keep')) for (const d of [docs, floor]) rmSync(d, { recursive: true, force: true });
    packed?.remove();
  }
  console.log('| build | pages | wall | CPU (user+sys) | CPU per page | peak RSS | dist |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results)
    console.log(
      `| ${r.label} | ${r.pages} | ${(r.wallMs / 1000).toFixed(1)} s | ${((r.cpuMs ?? 0) / 1000).toFixed(1)} s | ${((r.cpuMs ?? 0) / PAGES).toFixed(0)} ms | ${r.peakRssMb.toFixed(0)} MB | ${r.distMb.toFixed(1)} MB |`,
    );
  for (const [r, bare] of floorOf)
    console.log(
      `\n${r.label} / floor: ${((r.cpuMs ?? 0) / (bare.cpuMs ?? 1)).toFixed(2)}x CPU, ${(r.wallMs / bare.wallMs).toFixed(2)}x wall (issue 37 aims at 1.5x CPU or less)`,
    );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
