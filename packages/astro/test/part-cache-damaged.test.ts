/**
 * A part kept in the build cache (part-cache.ts) whose files can't be read back (a page of the cache damaged after the
 * build that kept it) is built instead: the build completes with the same `dist/`, and nothing the failed write-back
 * began is left in it.
 */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileDigests } from './helpers.ts';

const BIN = fileURLToPath(new URL('../bin/lectern.js', import.meta.url));

function build(root: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, 'build', root],
      { env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', LECTERN_PART_PAGES: '3' }, timeout: 300_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: stdout + stderr }),
    );
  });
}

describe('a part kept in the cache', () => {
  it('is built again when a page of it is damaged in the cache, and the site is the same', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-part-damaged-'));
    try {
      const pages = Array.from({ length: 9 }, (_, i) => `p${i}`);
      await writeFile(
        path.join(root, 'docs.json'),
        JSON.stringify({ name: 'P', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'G', pages }] } }),
      );
      for (const p of pages) await writeFile(path.join(root, `${p}.mdx`), `---\ntitle: Page ${p}\n---\n\nHello from ${p}.\n`);
      const cold = await build(root);
      expect(cold.code, cold.out).toBe(0);
      expect(cold.out).toMatch(/building part 1 of 3/);
      const before = await fileDigests(path.join(root, 'dist'));

      // One byte of each page of the middle part flipped in the page cache: the part's entry still names them.
      const cache = path.join(root, '.lectern/cache/lectern/pages');
      let damaged = 0;
      for (const f of await readdir(cache)) {
        const file = path.join(cache, f);
        const text = await readFile(file, 'utf8');
        if (!text.includes('Hello from p4.')) continue;
        await writeFile(file, text.replace('Hello from p4.', 'Hello from p5.'));
        damaged++;
      }
      expect(damaged).toBe(1);
      const warm = await build(root);
      expect(warm.code, warm.out).toBe(0);
      expect(warm.out).toMatch(/part 2 of 3: its pages could not be read back from the cache; built again/);
      expect(warm.out).toMatch(/part 1 of 3 \(3 pages\): no page changed, from the cache/);
      const after = await fileDigests(path.join(root, 'dist'));
      const changed = [...new Set([...before.keys(), ...after.keys()])].filter((f) => before.get(f) !== after.get(f));
      expect(changed).toEqual([]);
      expect(await readFile(path.join(root, 'dist/p4/index.html'), 'utf8')).toContain('Hello from p4.');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 600_000);
});
