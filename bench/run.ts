/**
 * `npm run bench`: every benchmark under bench/, one after another (each in its own process so figures and
 * peak memory are its own). `npm run bench -- plan samples` runs only those; options (`--rebuild`, `--only=full`)
 * are passed to each benchmark run.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const order = [
  'plan',
  'spec-load',
  'samples',
  'site-build',
  'playground-size',
  'playground-paint',
  'proxy',
  'assistant',
  'assistant-quality',
];
const available = readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .map((f) => f.replace(/\.ts$/, ''));
const args = process.argv.slice(2).filter((a) => a !== '--');
const flags = args.filter((a) => a.startsWith('--'));
const wanted = args.filter((a) => !a.startsWith('--'));
/** Benchmarks that fetch a repo from the network: run only when named (`npm run bench -- mintlify-repo`). */
const onDemand = ['mintlify-repo', 'mintlify-corpus'];
const names = wanted.length
  ? wanted
  : [...order.filter((n) => available.includes(n)), ...available.filter((n) => !order.includes(n) && !onDemand.includes(n)).sort()];

let failed = 0;
for (const name of names) {
  if (!available.includes(name)) {
    console.error(`no benchmark "${name}" (have: ${available.join(', ')})`);
    failed++;
    continue;
  }
  console.log(`\n## ${name}  (node bench/${name}.ts${flags.length ? ' ' + flags.join(' ') : ''})\n`);
  const result = spawnSync(process.execPath, [path.join(import.meta.dirname, `${name}.ts`), ...flags], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
