/**
 * Warm builds of the installed Lectern, before and after: this checkout and another one (`--baseline`, with its own
 * `npm install`), each packed and installed as users run it (bench/packed.ts), each with its own copy of the GitHub
 * REST site built cold once; then interleaved pairs of warm builds (nothing changed, one MDX page changed, one
 * operation's description changed), the two trees taking turns going first, the same edit applied to both. Prints
 * every build (wall, CPU of the process tree, main-thread CPU, Astro's prerender bundling) and, per kind, the medians
 * and the median of the pair differences. `--profile=<dir>`: one more warm build of each kind per tree with
 * `--cpu-prof` (the build process's main thread), the profiles left in that folder.
 *
 *   node bench/warm-pairs.ts --baseline=<checkout> [--pairs=4] [--kinds=nothing,mdx,op] [--profile=<dir>]
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { packedInstall, type PackedInstall } from './packed.ts';
import { build, editOperation, editPage, makeRepo, type Result } from './site-build.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const baseline = arg('baseline');
if (!baseline) throw new Error('--baseline=<checkout of Lectern to compare with> is required');
const pairs = Number(arg('pairs') ?? 4);
const kinds = (arg('kinds') ?? 'nothing,mdx,op').split(',');
const profile = arg('profile');

const edits: Record<string, (root: string, n: string) => void> = {
  nothing: () => undefined,
  mdx: (root, n) => editPage(root, n),
  op: (root, n) => editOperation(root, 'description', `Edited between two builds (${n}).`),
};
const line = (r: Result) =>
  `${r.label.padEnd(24)} wall ${(r.wallMs / 1000).toFixed(2)} s, CPU ${((r.cpuMs ?? 0) / 1000).toFixed(2)} s, main thread ${((r.mainCpuMs ?? 0) / 1000).toFixed(2)} s, bundling ${((r.prerenderBuildMs ?? 0) / 1000).toFixed(2)} s`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const trees: Array<{ name: string; install: PackedInstall; root?: string }> = [];
try {
  trees.push({ name: 'baseline', install: packedInstall(path.resolve(baseline)) }, { name: 'this', install: packedInstall() });
  for (const t of trees) {
    t.root = makeRepo(undefined, t.install.newSite('site-'));
    console.log(line(await build(t.root, `${t.name}: cold`, {}, undefined, t.install.run)));
  }
  const results = new Map<string, Array<[Result, Result]>>();
  let turn = 0;
  for (let i = 0; i < pairs; i++) {
    for (const kind of kinds) {
      const order = turn++ % 2 ? [...trees].reverse() : trees;
      const got: Record<string, Result> = {};
      for (const t of order) {
        edits[kind]!(t.root!, `${i}`);
        got[t.name] = await build(t.root!, `${t.name}: ${kind} ${i + 1}`, {}, undefined, t.install.run);
        console.log(line(got[t.name]!));
      }
      results.set(kind, [...(results.get(kind) ?? []), [got.baseline!, got.this!]]);
    }
  }
  console.log('\nmedians (baseline -> this; median of the pair differences; pairs where this is lower)');
  for (const [kind, list] of results) {
    const cols = (['wallMs', 'cpuMs', 'mainCpuMs', 'prerenderBuildMs'] as const).map((k) => {
      const a = list.map(([b]) => b[k] ?? 0);
      const b = list.map(([, t]) => t[k] ?? 0);
      const d = list.map(([x, y]) => (y[k] ?? 0) - (x[k] ?? 0));
      return `${k.replace('Ms', '')} ${(median(a) / 1000).toFixed(2)} -> ${(median(b) / 1000).toFixed(2)} s (${median(d) >= 0 ? '+' : ''}${(median(d) / 1000).toFixed(2)}, ${d.filter((x) => x < 0).length}/${d.length})`;
    });
    console.log(`${kind}: ${cols.join('; ')}`);
  }
  if (profile) {
    for (const t of trees) {
      for (const kind of kinds) {
        const dir = path.resolve(profile, `${t.name}-${kind}`);
        rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir, { recursive: true });
        edits[kind]!(t.root!, 'profiled');
        console.log(
          line(
            await build(
              t.root!,
              `${t.name}: ${kind}, profiled`,
              { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` },
              undefined,
              t.install.run,
            ),
          ),
        );
      }
    }
  }
} finally {
  for (const t of trees) t.install.remove();
}
