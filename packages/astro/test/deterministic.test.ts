/**
 * Two builds of the same docs repo in different folders give byte-identical `dist/` trees: no absolute build
 * paths, timestamps or random ids (CI preview builds can be compared and cached by content).
 */
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/cli/run.ts';
import { fileDigests, REPO } from './helpers.ts';

const made: string[] = [];
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

async function buildCopy(where: string[]): Promise<Map<string, string>> {
  const parent = await mkdtemp(path.join(tmpdir(), 'lectern-determinism-'));
  made.push(parent);
  const root = path.join(parent, ...where);
  await mkdir(root, { recursive: true });
  await cp(path.join(REPO, 'examples/kitchen-sink'), root, {
    recursive: true,
    filter: (src) => !/[\\/](dist|\.lectern|node_modules)([\\/]|$)/.test(src),
  });
  const { outDir } = await buildSite(root, { logLevel: 'error', base: '/pr-3/' });
  return fileDigests(outDir);
}

describe('deterministic output', () => {
  it('builds of one repo in two folders are byte-identical', async () => {
    const a = await buildCopy(['docs']);
    const b = await buildCopy(['deeper', 'path', 'site']);
    expect(a.size).toBeGreaterThan(50);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    const differing = [...a].filter(([file, hash]) => b.get(file) !== hash).map(([file]) => file);
    expect(differing).toEqual([]);
  }, 240_000);
});
