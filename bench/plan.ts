/**
 * `node bench/plan.ts`: load, validate and expand the full GitHub REST description into the site plan and
 * its MDX pages, beside swagger-parser's own dereference of the same file (the floor we built on until plain internal
 * `$ref`s were resolved by core spec/internal-refs.ts).
 * Each measurement runs in its own child process so peak RSS is its own.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const spec = path.resolve(import.meta.dirname, '../node_modules/@octokit/openapi/generated/api.github.com.json');
const mode = process.argv[2];

if (mode === 'floor') {
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  const t0 = performance.now();
  await SwaggerParser.dereference(spec);
  const ms = performance.now() - t0;
  console.log(JSON.stringify({ ms, rssMB: process.resourceUsage().maxRSS / 1024 }));
} else if (mode === 'plan') {
  const { buildSitePlan, generatedPageSource } = await import('../packages/core/src/index.ts');
  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-bench-plan-'));
  copyFileSync(spec, path.join(dir, 'github.json'));
  writeFileSync(
    path.join(dir, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'GitHub',
      colors: { primary: '#24292f' },
      navigation: { tabs: [{ tab: 'REST', openapi: 'github.json' }] },
    }),
  );
  const t0 = performance.now();
  const { plan, diagnostics } = await buildSitePlan(dir);
  const planned = performance.now() - t0;
  let bytes = 0;
  for (const page of plan.pages) bytes += generatedPageSource(page).length;
  const ms = performance.now() - t0;
  console.log(
    JSON.stringify({
      ms,
      planMs: planned,
      rssMB: process.resourceUsage().maxRSS / 1024,
      pages: plan.pages.length,
      errors: diagnostics.filter((d) => d.severity === 'error').length,
      mdxKB: Math.round(bytes / 1024),
    }),
  );
} else {
  const run = (m: string) =>
    JSON.parse(
      execFileSync(process.execPath, [import.meta.filename, m], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .pop()!,
    );
  const floor = run('floor');
  const plan = run('plan');
  console.log('GitHub REST description (api.github.com.json, 13 MB)');
  console.log(`  swagger-parser dereference (floor): ${floor.ms.toFixed(0)} ms, peak RSS ${floor.rssMB.toFixed(0)} MB`);
  console.log(
    `  lectern plan + MDX of ${plan.pages} pages: ${plan.ms.toFixed(0)} ms (plan ${plan.planMs.toFixed(0)} ms), peak RSS ${plan.rssMB.toFixed(0)} MB, ${plan.mdxKB} KB of MDX, ${plan.errors} errors`,
  );
  console.log(`  ratio to floor: time ${(plan.ms / floor.ms).toFixed(2)}x, memory ${(plan.rssMB / floor.rssMB).toFixed(2)}x`);
}
