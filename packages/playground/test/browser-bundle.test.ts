/**
 * What the islands' browser bundle takes from `@lectern/core`: at load only the proxy contract (`@lectern/core/contract`,
 * which imports nothing); the live request samples come in their own chunk, on demand. Never core's index (spec
 * parsers, Node built-ins).
 */
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { liveSampleShims } from './e2e/live-sample-shims.ts';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const rel = (p: string) => path.relative(repo, path.resolve(repo, p)).split(path.sep).join('/');

async function bundle(): Promise<Metafile> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./e2e/entry.tsx', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    outdir: path.join(repo, 'bundle-out'),
    splitting: true,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    metafile: true,
    absWorkingDir: repo,
    plugins: [liveSampleShims],
  });
  return result.metafile;
}

describe('the playground islands in the browser', () => {
  it('load only the proxy contract from core up front, and the contract imports nothing', async () => {
    const meta = await bundle();
    const entry = Object.values(meta.outputs).find((o) => o.entryPoint)!;
    const eager = Object.keys(entry.inputs)
      .map(rel)
      .filter((p) => p.startsWith('packages/core/'));
    expect(eager).toEqual(['packages/core/src/contract.ts']);
    const contract = Object.entries(meta.inputs).find(([p]) => rel(p) === 'packages/core/src/contract.ts')![1];
    expect(contract.imports).toEqual([]);
    const all = Object.keys(meta.inputs).map(rel);
    expect(all).not.toContain('packages/core/src/index.ts');
    expect(all).not.toContain('packages/core/src/model.ts');
  });
});
