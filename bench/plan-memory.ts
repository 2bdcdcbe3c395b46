/**
 * The memory of a build's parent at the end of planning (issue 37), without building the parts: the repo planned as
 * cli/run.ts `buildInParts` plans it (the plan cache, the planned site, the parts and the first part's plan), with
 * `process.memoryUsage()` after each step and the process's peak resident memory.
 *
 *   node --expose-gc bench/plan-memory.ts <docs repo> [--entry=<plan cache entry .v8>]
 *
 * `--entry` reads the plan from that entry instead of the cache (a `plan/<key>.v8` of format 2, as written before the
 * texts were shared, or 3): the cost of a warm plan when Lectern's fingerprint, hence the key, has changed.
 * `LECTERN_CACHE_DIR=<empty dir>` gives a cold plan.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

const argv = process.argv.slice(2);
const root = path.resolve(argv.find((a) => !a.startsWith('--')) ?? '.');
const entryFile = argv.find((a) => a.startsWith('--entry='))?.slice('--entry='.length);
const MB = 2 ** 20;
const mb = (n: number) => `${Math.round(n / MB)} MB`;
function stage(name: string): void {
  const m = process.memoryUsage();
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(`${name}: rss ${mb(m.rss)}, heap ${mb(m.heapUsed)} of ${mb(m.heapTotal)}, external ${mb(m.external)}, peak rss ${mb(peak)}`);
}

// As a build does (run.ts `leanHeap`).
v8.setFlagsFromString('--heap-growing-percent=100');
const { planData, siteFromPlan, planForPart } = await import('../packages/astro/src/site/site.ts');
const { cachedPlanData } = await import('../packages/astro/src/site/plan-cache.ts');
const { ownModule } = await import('../packages/astro/src/shared/modules/own-files.ts');
const { partsOf, partSize } = await import('../packages/astro/src/build/parts.ts');
const { importedNonPages } = await import('../packages/astro/src/build/page-keys.ts');
const { openBlob } = await import('../packages/astro/src/shared/build-cache.ts');
const { unpackTexts } = await import('../packages/astro/src/site/shared-texts.ts');
type PlanData = Awaited<ReturnType<typeof planData>>;

/** The plan of a cache entry file, format 2 (`data`) or 3 (`plan`, texts in a table). */
function readEntry(file: string): PlanData {
  const entry = v8.deserialize(openBlob(readFileSync(file))!) as {
    format: number;
    data?: PlanData;
    plan?: Parameters<typeof unpackTexts>[0];
  };
  const data = entry.format === 2 ? entry.data : entry.plan && unpackTexts(entry.plan);
  if (!data) throw new Error(`${file}: not a plan cache entry of format 2 or 3`);
  return data;
}

stage('start');
const t0 = performance.now();
const data = entryFile ? readEntry(entryFile) : await cachedPlanData(root, () => planData(root, ownModule('components/index')));
stage(`planned (${Math.round(performance.now() - t0)} ms)`);
const planned = await siteFromPlan(data);
stage('site');
const slices = partsOf(planned.site, partSize());
const first = v8.serialize(planForPart(data, new Set(slices[0]), importedNonPages(planned.site)));
stage(`${slices.length} parts, the first part's plan ${mb(first.length)}`);
(globalThis as { gc?: () => void }).gc?.();
stage('after a full collection');
// Kept alive to here, as the parent keeps them while its parts build.
if (!planned.site.pages.size || !data.prepared) console.log('empty site');
