/**
 * The step after the pages alone (build/after-build.ts: Markdown copies, `llms.txt`, `llms-full.txt`, feeds, static
 * files, sitemap), without building the site: the repo is planned (from the build cache when it holds the plan), then
 * `afterBuild` writes into an empty folder under `.cache/`, `--runs` times (the first fills the changelog cache, as a
 * cold build does; the next ones are what a warm build pays). The search index is left out (a stub: its pages come
 * from the build). Prints CPU (user + sys) and wall time of each run.
 *
 *   node bench/after-build.ts <docs repo> [--runs=3] [--module=<another checkout's after-build.ts>] [--prof=<file>]
 *
 * `--module` runs that file's `afterBuild` instead, in the same process on the same plan, after this checkout's: the
 * before/after figures of a change (its relative imports must resolve, e.g. a copy with absolute import paths).
 * `--prof` writes a CPU profile (`.cpuprofile`) of the last run. `LECTERN_CACHE_DIR` keeps the plan of a read-only repo.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const argv = process.argv.slice(2);
const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const root = path.resolve(argv.find((a) => !a.startsWith('--')) ?? '.');
const runs = Number(option('runs') ?? 3);
const prof = option('prof');
const other = option('module');

const { planData, siteFromPlan } = await import('../packages/astro/src/site/site.ts');
const { cachedPlanData } = await import('../packages/astro/src/site/plan-cache.ts');
const { ownModule } = await import('../packages/astro/src/shared/modules/own-files.ts');
type AfterBuild = typeof import('../packages/astro/src/build/after-build.ts').afterBuild;
const variants: Array<[string, AfterBuild]> = [['this checkout', (await import('../packages/astro/src/build/after-build.ts')).afterBuild]];
if (other) variants.push([other, ((await import(path.resolve(other))) as { afterBuild: AfterBuild }).afterBuild]);

const t0 = performance.now();
const planned = await siteFromPlan(await cachedPlanData(root, () => planData(root, ownModule('components/index'))));
console.log(`planned ${planned.site.plan.pages.length} pages in ${Math.round(performance.now() - t0)} ms`);
const stub = { count: 0, add() {}, async drain() {}, finish: async () => ({ pages: 0, errors: [] }), async close() {} };
const log = { info: () => undefined, warn: () => undefined };
const session = new Session();
session.connect();
mkdirSync(path.join(REPO, '.cache'), { recursive: true });
for (let i = 0; i < runs; i++) {
  for (const [label, afterBuild] of variants) {
    const dist = mkdtempSync(path.join(REPO, '.cache', 'bench-after-build-'));
    const profiled = prof && i === runs - 1 && label === variants.at(-1)![0];
    try {
      if (profiled) await session.post('Profiler.enable').then(() => session.post('Profiler.start'));
      const c0 = process.cpuUsage();
      const w0 = performance.now();
      await afterBuild(planned.site, dist, log, stub);
      const c = process.cpuUsage(c0);
      const s = (us: number) => (us / 1e6).toFixed(2);
      const wall = ((performance.now() - w0) / 1000).toFixed(2);
      console.log(`run ${i + 1}, ${label}: CPU ${s(c.user + c.system)} s (user ${s(c.user)}, sys ${s(c.system)}), wall ${wall} s`);
      if (profiled) writeFileSync(prof, JSON.stringify((await session.post('Profiler.stop')).profile));
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  }
}
session.disconnect();
