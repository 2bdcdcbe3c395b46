/**
 * Highlighting benchmark: the code a build highlights, tokenised a line at a time through the line cache (the
 * default) against Shiki tokenising each text whole (`LECTERN_HIGHLIGHT_LINES=off`), each in a fresh process, taking
 * turns, and the HTML of both compared.
 *
 *   node bench/highlight.ts [--languages=all] [--repos=<docs folder>,…] [--pairs=N]
 *
 * Code: every request sample of the GitHub REST description (@octokit/openapi, 1,223 operations) in the seven
 * default languages (`--languages=all`: all 18), then, with `--repos`, every fenced code block of the Markdown and
 * MDX files under those folders (e.g. checkouts of mintlify/docs and firecrawl/firecrawl-docs), in file order.
 * Prints, per mode, the time to highlight all of it on one thread (grammars loaded and compiled included), the
 * time per language, and whether the two modes wrote the same HTML.
 */
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGES, LANGUAGES, loadSpec, requestSamples, type LanguageKey } from '../packages/core/src/index.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

interface Job {
  code: string;
  lang: string;
}

async function jobs(): Promise<{ samples: Job[]; blocks: Job[] }> {
  const { document } = await loadSpec({ root: ROOT, source: 'node_modules/@octokit/openapi/generated/api.github.com.json' });
  if (document?.kind !== 'openapi') throw new Error('the GitHub description did not load');
  const languages: LanguageKey[] = option('languages') === 'all' ? LANGUAGES.map((l) => l.key) : [...DEFAULT_LANGUAGES];
  const samples: Job[] = [];
  for (const op of document.operations) {
    for (const s of requestSamples({ operation: op, languages, defaults: 'all', autogenerate: true }))
      samples.push({ code: s.source, lang: s.highlight || s.lang });
  }
  const blocks: Job[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name.startsWith('.') || name === 'node_modules' || name === 'dist') continue;
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.mdx?$/.test(name)) {
        for (const m of readFileSync(file, 'utf8').matchAll(/^[ \t]*```(\w[\w+#.-]*)[^\n]*\n([\s\S]*?)\n[ \t]*```/gm))
          blocks.push({ lang: m[1]!, code: m[2]! });
      }
    }
  };
  for (const dir of (option('repos') ?? '').split(',').filter(Boolean)) walk(path.resolve(dir));
  const unique = (list: Job[]) => [...new Map(list.map((j) => [`${j.lang}\u0000${j.code}`, j])).values()];
  return { samples: unique(samples), blocks: unique(blocks) };
}

interface Run {
  mode: string;
  samplesMs: number;
  blocksMs: number;
  byLanguage: Record<string, number>;
  digest: string;
  count: number;
}

if (args.includes('--child')) {
  const { highlightDirect } = await import('../packages/astro/src/shared/highlight/highlight.ts');
  const { loadShiki } = await import('../packages/astro/src/shared/highlight/shiki-load.ts');
  loadShiki();
  const { samples, blocks } = await jobs();
  const digest = createHash('sha256');
  const byLanguage: Record<string, number> = {};
  const time = async (list: Job[]) => {
    const start = performance.now();
    for (const j of list) {
      const t = performance.now();
      digest.update(await highlightDirect(j.code, j.lang));
      byLanguage[j.lang] = (byLanguage[j.lang] ?? 0) + performance.now() - t;
    }
    return performance.now() - start;
  };
  const samplesMs = await time(samples);
  const blocksMs = await time(blocks);
  const run: Run = {
    mode: process.env.LECTERN_HIGHLIGHT_LINES === 'off' ? 'whole' : 'lines',
    samplesMs,
    blocksMs,
    byLanguage,
    digest: digest.digest('hex'),
    count: samples.length + blocks.length,
  };
  process.send!(run);
  process.exit(0);
}

function child(mode: 'on' | 'off'): Promise<Run> {
  return new Promise((resolve, reject) => {
    const p = fork(fileURLToPath(import.meta.url), [...args, '--child'], {
      env: { ...process.env, LECTERN_HIGHLIGHT_LINES: mode },
      execArgv: ['--no-warnings'],
    });
    let got: Run | undefined;
    p.on('message', (m) => (got = m as Run));
    p.on('exit', (code) => (got ? resolve(got) : reject(new Error(`child (${mode}) exited with ${code}`))));
  });
}

const { samples, blocks } = await jobs();
console.log(
  `GitHub REST samples: ${samples.length} (${option('languages') === 'all' ? 'all 18 languages' : 'the 7 default languages'})${blocks.length ? `; code blocks of ${option('repos')}: ${blocks.length}` : ''}`,
);
const pairs = Number(option('pairs') ?? 2);
const runs: Run[] = [];
for (let i = 0; i < pairs; i++) {
  for (const mode of i % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) runs.push(await child(mode));
}
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log('\n| mode | samples | code blocks | languages (samples and blocks) |\n| --- | ---: | ---: | --- |');
for (const r of runs) {
  const top = Object.entries(r.byLanguage)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([l, ms]) => `${l} ${s(ms)}`)
    .join(', ');
  console.log(`| ${r.mode} | ${s(r.samplesMs)} | ${blocks.length ? s(r.blocksMs) : '–'} | ${top} |`);
}
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const of = (mode: string, k: 'samplesMs' | 'blocksMs') => median(runs.filter((r) => r.mode === mode).map((r) => r[k]));
console.log(
  `\nlines / whole: samples ${(of('lines', 'samplesMs') / of('whole', 'samplesMs')).toFixed(2)}x${blocks.length ? `, code blocks ${(of('lines', 'blocksMs') / of('whole', 'blocksMs')).toFixed(2)}x` : ''}`,
);
const same = new Set(runs.map((r) => r.digest)).size === 1;
console.log(same ? `the same HTML in every run (${runs[0]!.count} texts)` : 'DIFFERENT HTML between runs');
process.exit(same ? 0 : 1);
