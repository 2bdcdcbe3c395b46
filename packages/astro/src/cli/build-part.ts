/**
 * One part of a large build, in a process of its own (see run.ts `buildInParts`): reads the planned site, builds the
 * pages of the part with Astro and writes what the parent needs back (render and compile errors, island icons, the build-cache
 * entries it used). Its memory is returned to the system when it exits, so a large site never holds more than one
 * part at once.
 *
 *   node build-part.js <job.json>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import type { RunOptions } from './run.ts';
import type { LecternOptions } from '../index.ts';

interface Job {
  root: string;
  partDir: string;
  planFile: string;
  resultFile: string;
  slugs: string[];
  first: boolean;
  index: number;
  count: number;
  opts: RunOptions;
}

const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Job;
const [{ siteFromPlan }, { inlineConfig }, { islandIconKeys }, { buildLeavingOutFailures }, { collectRenderWarnings }] = await Promise.all([
  import('../site/site.ts'),
  import('./run.ts'),
  import('../shared/site/icon-files.ts'),
  import('../build/compile-failures.ts'),
  import('../shared/render/render-warnings.ts'),
]);
// The warnings pages print go to the parent, which prints each once for the whole build.
const warnings = collectRenderWarnings();
const planned = await siteFromPlan(deserialize(readFileSync(job.planFile)));
const { build } = await import('astro');
const part: NonNullable<LecternOptions['part']> = {
  planned,
  slugs: new Set(job.slugs),
  first: job.first,
  reported: true,
  index: job.index,
  count: job.count,
};
// A page that fails to compile is recorded with the render errors and left out; the part is built again without it.
await buildLeavingOutFailures(
  planned.site,
  () => build(inlineConfig(job.root, job.partDir, job.opts, part)),
  (m) => console.error(`[lectern] ${m}`),
);
writeFileSync(
  job.resultFile,
  JSON.stringify({ renderErrors: planned.site.renderErrors, icons: [...islandIconKeys()], cache: part.done?.cache, warnings }),
);
// The part is done: a service some bundler left running (an esbuild child seen in a repo outside Lectern's install
// tree) must not keep the process, and the build, waiting.
process.exit(0);
