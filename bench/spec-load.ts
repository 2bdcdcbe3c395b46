/**
 * Spec loading benchmark: Lectern's `loadSpec` (read + parse + dereference + normalise into the model) of the full
 * GitHub REST description vs @apidevtools/swagger-parser's own `dereference` of the same file (the "floor" until
 * Lectern resolved plain internal `$ref`s itself: core spec/internal-refs.ts; loadSpec now runs below it).
 * Each measurement runs in a fresh child process so peak RSS is not shared; runs alternate; medians are reported.
 *
 *   node bench/spec-load.ts [runs=3]
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(fileURLToPath(import.meta.url), '../..');
const specRel = 'node_modules/@octokit/openapi/generated/api.github.com.json';
const self = fileURLToPath(import.meta.url);

interface Sample {
  /** Whole run: module import + load. */
  ms: number;
  /** Load only (module already imported). */
  workMs: number;
  rssMb: number;
  operations: number;
}

async function child(mode: string): Promise<void> {
  const start = performance.now();
  let operations = 0;
  let workStart: number;
  if (mode === 'floor') {
    const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
    workStart = performance.now();
    const api = (await SwaggerParser.dereference(path.join(repo, specRel))) as { paths: Record<string, Record<string, unknown>> };
    for (const item of Object.values(api.paths))
      operations += Object.keys(item).filter((k) => k !== 'parameters' && !k.startsWith('x-')).length;
  } else {
    const { loadSpec } = await import('../packages/core/src/documents/index.ts');
    workStart = performance.now();
    const { document, diagnostics } = await loadSpec({ root: repo, source: specRel });
    if (!document || document.kind !== 'openapi' || diagnostics.length) throw new Error('load failed');
    operations = document.operations.length;
  }
  const end = performance.now();
  const rssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(JSON.stringify({ ms: end - start, workMs: end - workStart, rssMb, operations } satisfies Sample));
}

function run(mode: string): Sample {
  const out = execFileSync(process.execPath, [self, `--child=${mode}`], { cwd: repo, encoding: 'utf8' });
  return JSON.parse(out) as Sample;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main(): Promise<void> {
  const childArg = process.argv.find((a) => a.startsWith('--child='));
  if (childArg) return child(childArg.slice('--child='.length));
  const runs = Math.max(1, Number(process.argv[2] ?? 3));
  const samples: Record<'floor' | 'lectern', Sample[]> = { floor: [], lectern: [] };
  for (let i = 0; i < runs; i++) {
    // Alternate the order to spread machine noise over both.
    for (const mode of i % 2 ? (['lectern', 'floor'] as const) : (['floor', 'lectern'] as const)) samples[mode].push(run(mode));
  }
  const floorMs = median(samples.floor.map((s) => s.ms));
  const lecternMs = median(samples.lectern.map((s) => s.ms));
  const floorWork = median(samples.floor.map((s) => s.workMs));
  const lecternWork = median(samples.lectern.map((s) => s.workMs));
  const floorRss = median(samples.floor.map((s) => s.rssMb));
  const lecternRss = median(samples.lectern.map((s) => s.rssMb));
  console.log(`spec: ${specRel} (${samples.lectern[0]!.operations} operations; floor counted ${samples.floor[0]!.operations})`);
  console.log(`runs: ${runs} each, fresh process per run, medians`);
  console.log('');
  console.log('                                   wall ms (incl. import)   load only ms   peak RSS MB');
  console.log(
    `swagger-parser dereference (floor) ${floorMs.toFixed(0).padStart(22)}   ${floorWork.toFixed(0).padStart(12)}   ${floorRss.toFixed(0).padStart(11)}`,
  );
  console.log(
    `lectern loadSpec + normalise       ${lecternMs.toFixed(0).padStart(22)}   ${lecternWork.toFixed(0).padStart(12)}   ${lecternRss.toFixed(0).padStart(11)}`,
  );
  console.log(
    `ratio (lectern / floor)            ${(lecternMs / floorMs).toFixed(2).padStart(21)}x   ${(lecternWork / floorWork).toFixed(2).padStart(11)}x   ${(lecternRss / floorRss).toFixed(2).padStart(10)}x`,
  );
  console.log(
    `all runs ms: floor [${samples.floor.map((s) => s.ms.toFixed(0)).join(', ')}], lectern [${samples.lectern.map((s) => s.ms.toFixed(0)).join(', ')}]`,
  );
}

await main();
