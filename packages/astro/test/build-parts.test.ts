/**
 * A large site is built in parts, each in a process of its own (run.ts, build-part.ts), so that the memory peak is
 * that of one part: the merged output is the same site as a build in one process, and a page failing in any part is
 * reported with the others.
 */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXTURES } from './helpers.ts';

const BIN = fileURLToPath(new URL('../bin/lectern.js', import.meta.url));

function build(root: string, env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, 'build', root], { env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env }, timeout: 300_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: stdout + stderr });
    });
  });
}

async function files(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = path.join(prefix, e.name);
    if (e.isDirectory()) out.push(...(await files(dir, rel)));
    else out.push(rel);
  }
  return out.sort();
}

describe('a build in parts', () => {
  it('gives the same pages as a build in one process, and every failing page of every part', async () => {
    const one = await mkdtemp(path.join(tmpdir(), 'lectern-parts-one-'));
    const parts = await mkdtemp(path.join(tmpdir(), 'lectern-parts-many-'));
    try {
      await cp(path.join(FIXTURES, 'mintlify-compat'), one, { recursive: true });
      await cp(path.join(FIXTURES, 'mintlify-compat'), parts, { recursive: true });
      const a = await build(one, { LECTERN_PART_PAGES: '0' });
      expect(a.code, a.out).toBe(0);
      const b = await build(parts, { LECTERN_PART_PAGES: '4' });
      expect(b.code, b.out).toBe(0);
      const partCount = Number(/building part 1 of (\d+)/.exec(b.out)?.[1]);
      expect(partCount).toBeGreaterThan(1);
      const pages = (list: string[]) => list.filter((f) => f.endsWith('.html') || f.endsWith('.md') || f.startsWith('_lectern/icons/'));
      expect(pages(await files(path.join(parts, 'dist')))).toEqual(pages(await files(path.join(one, 'dist'))));
      // Code token classes are the same in every process, so one code.css serves all parts.
      const css = await readFile(path.join(parts, 'dist/_lectern/code.css'), 'utf8');
      for (const m of (await readFile(path.join(parts, 'dist/guides/react/index.html'), 'utf8')).matchAll(/<span class="(k[0-9A-Za-z_-]+)">/g)) expect(css).toContain(`.${m[1]}{`);
      // Built again: every part takes all its pages from the build cache, and the output is the same.
      const before = await Promise.all(pages(await files(path.join(parts, 'dist'))).filter((f) => f.endsWith('.html')).map((f) => readFile(path.join(parts, 'dist', f), 'utf8')));
      const again = await build(parts, { LECTERN_PART_PAGES: '4' });
      expect(again.code, again.out).toBe(0);
      expect([...again.out.matchAll(/cache: [1-9]\d* pages reused, 0 rendered/g)].length, again.out).toBe(partCount);
      const after = await Promise.all(pages(await files(path.join(parts, 'dist'))).filter((f) => f.endsWith('.html')).map((f) => readFile(path.join(parts, 'dist', f), 'utf8')));
      expect(after).toEqual(before);
      // A page that throws in one part and one in another: both reported, nothing written.
      await writeFile(path.join(parts, 'guides/lenient.mdx'), '---\ntitle: L\ndescription: d\n---\n\nexport const x = undefined;\n\n{x.y}\n');
      await writeFile(path.join(parts, 'api/missing-op.mdx'), '---\ntitle: M\ndescription: d\n---\n\nexport const z = undefined;\n\n{z.w}\n');
      await rm(path.join(parts, 'dist'), { recursive: true, force: true });
      const c = await build(parts, { LECTERN_PART_PAGES: '4' });
      expect(c.code).toBe(1);
      expect(c.out).toMatch(/Lectern found 2 errors/);
      expect(c.out).toContain('guides/lenient.mdx:8');
      expect(c.out).toContain('api/missing-op.mdx:8');
      await expect(readdir(path.join(parts, 'dist'))).rejects.toThrow();
    } finally {
      await rm(one, { recursive: true, force: true });
      await rm(parts, { recursive: true, force: true });
    }
  }, 300_000);
});
