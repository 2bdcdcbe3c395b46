/**
 * A large site is built in parts, each in a process of its own (run.ts, build-part.ts), so that the memory peak is
 * that of one part: the merged output is the same site as a build in one process, and a page failing in any part is
 * reported with the others and left out, every other page written.
 */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXTURES, fileDigests } from './helpers.ts';

const BIN = fileURLToPath(new URL('../bin/lectern.js', import.meta.url));

/** A docs repo of one navigation group, a page per name (`body`: its text). */
async function writeSite(root: string, pages: string[], body = (p: string) => `Hello from ${p}.`): Promise<void> {
  await writeFile(
    path.join(root, 'docs.json'),
    JSON.stringify({ name: 'P', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'G', pages }] } }),
  );
  for (const p of pages) await writeFile(path.join(root, `${p}.mdx`), `---\ntitle: Page ${p}\ndescription: d\n---\n\n${body(p)}\n`);
}

/** Processes (by pid) whose environment holds `tag`. */
async function processesWith(tag: string): Promise<number[]> {
  const found: number[] = [];
  for (const pid of (await readdir('/proc')).filter((p) => /^\d+$/.test(p))) {
    const env = await readFile(`/proc/${pid}/environ`, 'latin1').catch(() => '');
    if (env.includes(tag)) found.push(Number(pid));
  }
  return found;
}

function build(root: string, env: Record<string, string>, args: string[] = []): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, 'build', root, ...args],
      { env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env }, timeout: 300_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: stdout + stderr });
      },
    );
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

function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((f) => a.get(f) !== b.get(f)).sort();
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
      // A sidebar icon no set has: every part draws the sidebar, the build says it once.
      const react = path.join(parts, 'guides/react.mdx');
      await writeFile(react, (await readFile(react, 'utf8')).replace(/^---\n/, '---\nicon: zz-no-such-icon\n'));
      const iconWarnings = (out: string) =>
        out.split('\n').filter((l) => l.includes('unknown icon "zz-no-such-icon" in the frontmatter of guides/react')).length;
      const b = await build(parts, { LECTERN_PART_PAGES: '4' });
      expect(b.code, b.out).toBe(0);
      expect(iconWarnings(b.out), b.out).toBe(1);
      const partCount = Number(/building part 1 of (\d+)/.exec(b.out)?.[1]);
      expect(partCount).toBeGreaterThan(1);
      // Every part's pages reach the search index (fed part after part while the next one builds).
      const indexed = (out: string) => Number(/search index: (\d+) pages/.exec(out)?.[1]);
      expect(indexed(b.out), b.out).toBe(indexed(a.out));
      expect(indexed(a.out)).toBeGreaterThan(8);
      const pages = (list: string[]) => list.filter((f) => f.endsWith('.html') || f.endsWith('.md') || f.startsWith('_lectern/icons/'));
      expect(pages(await files(path.join(parts, 'dist')))).toEqual(pages(await files(path.join(one, 'dist'))));
      // Code token classes are the same in every process, so one code.css serves all parts.
      const css = await readFile(path.join(parts, 'dist/_lectern/code.css'), 'utf8');
      for (const m of (await readFile(path.join(parts, 'dist/guides/react/index.html'), 'utf8')).matchAll(
        /<span class="(k[0-9A-Za-z_-]+)">/g,
      ))
        expect(css).toContain(`.${m[1]}{`);
      // Built again: no page changed, so no part is built: each is written back from the cache (part-cache.ts), and
      // the output is the same, file for file.
      const before = await fileDigests(path.join(parts, 'dist'));
      const again = await build(parts, { LECTERN_PART_PAGES: '4' });
      expect(again.code, again.out).toBe(0);
      expect([...again.out.matchAll(/part \d+ of \d+ \(\d+ pages\): no page changed, from the cache/g)].length, again.out).toBe(partCount);
      expect(again.out).not.toMatch(/building part/);
      expect(iconWarnings(again.out), again.out).toBe(1);
      const unchanged = differences(await fileDigests(path.join(parts, 'dist')), before);
      expect(unchanged, unchanged.join(', ')).toEqual([]);
      // One page changed: its part alone is built; the output is that of a build of the changed repo without a cache.
      await writeFile(
        path.join(parts, 'guides/widget.mdx'),
        `${await readFile(path.join(parts, 'guides/widget.mdx'), 'utf8')}\nOne more line.\n`,
      );
      const third = await build(parts, { LECTERN_PART_PAGES: '4' });
      expect(third.code, third.out).toBe(0);
      expect([...third.out.matchAll(/building part (\d+)/g)].map((m) => m[1])).toEqual(['2']);
      // (In the same folder: the islands' client chunks are named after their paths.)
      const warm = await fileDigests(path.join(parts, 'dist'));
      const cold = await build(parts, { LECTERN_PART_PAGES: '4', LECTERN_CACHE: 'off' });
      expect(cold.code, cold.out).toBe(0);
      const fresh = differences(await fileDigests(path.join(parts, 'dist')), warm);
      expect(fresh, fresh.join(', ')).toEqual([]);
      // A page that throws in one part and one in another: both reported and left out, every other page written.
      await writeFile(
        path.join(parts, 'guides/lenient.mdx'),
        '---\ntitle: L\ndescription: d\n---\n\nexport const x = undefined;\n\n{x.y}\n',
      );
      await writeFile(
        path.join(parts, 'api/missing-op.mdx'),
        '---\ntitle: M\ndescription: d\n---\n\nexport const z = undefined;\n\n{z.w}\n',
      );
      await rm(path.join(parts, 'dist'), { recursive: true, force: true });
      const c = await build(parts, { LECTERN_PART_PAGES: '4' });
      expect(c.code).toBe(1);
      expect(c.out).toMatch(/Lectern found 2 errors/);
      expect(c.out).toContain('guides/lenient.mdx:8');
      expect(c.out).toContain('api/missing-op.mdx:8');
      const written = pages(await files(path.join(parts, 'dist')));
      expect(written).not.toContain('guides/lenient/index.html');
      expect(written).not.toContain('api/missing-op/index.html');
      expect(written).not.toContain('api/missing-op.md');
      const documents = (list: string[]) => list.filter((f) => f.endsWith('.html') || f.endsWith('.md'));
      expect(documents(written)).toEqual(
        documents(pages(await files(path.join(one, 'dist')))).filter(
          (f) => !['guides/lenient/index.html', 'guides/lenient.md', 'api/missing-op/index.html', 'api/missing-op.md'].includes(f),
        ),
      );
      expect(indexed(c.out), c.out).toBe(indexed(a.out) - 2);
    } finally {
      await rm(one, { recursive: true, force: true });
      await rm(parts, { recursive: true, force: true });
    }
  }, 300_000);

  it('a page that fails to compile in a part is reported with file and line and left out; every other page and part is built', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-parts-compile-'));
    try {
      await writeSite(root, ['index', 'one', 'two', 'three', 'four', 'five', 'six']);
      // A module a page imports that does not parse: the analysis and the MDX compile step do not read .js files, so
      // the bundler of the part (the second of four) is the first to refuse it.
      await writeFile(
        path.join(root, 'two.mdx'),
        "---\ntitle: Two\ndescription: d\n---\n\nimport { rows } from '/snippets/data.js';\n\nThere are {rows.length} rows.\n",
      );
      await cp(path.join(root, 'two.mdx'), path.join(root, 'three.mdx'));
      await mkdir(path.join(root, 'snippets'), { recursive: true });
      await writeFile(path.join(root, 'snippets/data.js'), 'export const rows = [1, 2,\n  3 +;\n');
      // A component whose TypeScript helper imports a package the repo does not have (planning follows the imports of
      // JavaScript modules, not TypeScript ones): the bundler is the first that cannot resolve it.
      await writeFile(
        path.join(root, 'four.mdx'),
        "---\ntitle: Four\ndescription: d\n---\n\nimport { Chart } from '/snippets/chart.jsx';\n\n<Chart />\n",
      );
      await writeFile(
        path.join(root, 'snippets/chart.jsx'),
        'import { draw } from \'./draw\';\n\nexport const Chart = () => <div className="chart">{draw()}</div>;\n',
      );
      await writeFile(
        path.join(root, 'snippets/draw.ts'),
        "import { load } from 'chart-package-not-installed';\n\nexport const draw = (): string => load();\n",
      );
      // A page of the last part that throws while rendering: reported too, so that part was built.
      await writeFile(path.join(root, 'six.mdx'), '---\ntitle: Six\ndescription: d\n---\n\nexport const x = undefined;\n\n{x.y}\n');
      const r = await build(root, { LECTERN_PART_PAGES: '2' });
      expect(r.code, r.out).toBe(1);
      expect(r.out).toMatch(/building part 4 of 4/);
      expect(r.out).toMatch(/2 pages cannot be compiled \(snippets\/data\.js:2\): left out, building the others again/);
      expect(r.out).toMatch(
        /error snippets\/data\.js:2:5 page \/two cannot be compiled \(it imports snippets\/data\.js\): Unexpected token/,
      );
      expect(r.out).toMatch(/error snippets\/data\.js:2:5 page \/three cannot be compiled \(it imports snippets\/data\.js\)/);
      expect(r.out).toMatch(
        /error snippets\/draw\.ts page \/four cannot be compiled \(it imports snippets\/draw\.ts\): cannot resolve the import "chart-package-not-installed"/,
      );
      expect(r.out).toMatch(/error six\.mdx:8:\d+ page \/six failed to render/);
      expect(r.out).toMatch(/Lectern found 4 errors/);
      // Every other page is written; those four are left out (their URLs serve the 404 page).
      expect(r.out).toMatch(
        /4 pages left out of the site \(they failed, see below\): \/two, \/three, \/four, \/six; every other page was written/,
      );
      const written = (await files(path.join(root, 'dist'))).filter((f) => f.endsWith('.html'));
      expect(written).toEqual(['404.html', 'five/index.html', 'index.html', 'one/index.html']);
      // Fixed, the same site builds (in one part, in process), every page there.
      await writeFile(path.join(root, 'snippets/data.js'), 'export const rows = [1, 2, 3];\n');
      await writeFile(path.join(root, 'snippets/draw.ts'), "export const draw = (): string => 'chart';\n");
      await writeFile(path.join(root, 'six.mdx'), '---\ntitle: Six\ndescription: d\n---\n\nFine.\n');
      const ok = await build(root, { LECTERN_PART_PAGES: '0' });
      expect(ok.code, ok.out).toBe(0);
      expect(await readFile(path.join(root, 'dist/two/index.html'), 'utf8')).toContain('There are 3 rows.');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 300_000);

  it('under a base path, its search index holds what a build in one process indexes, links and images under the base', async () => {
    const one = await mkdtemp(path.join(tmpdir(), 'lectern-parts-base-one-'));
    const parts = await mkdtemp(path.join(tmpdir(), 'lectern-parts-base-many-'));
    try {
      for (const root of [one, parts]) {
        await writeSite(
          root,
          ['index', 'one', 'two', 'three', 'four', 'five'],
          (p) => `Hello from ${p}. See [two](/two).\n\n![Logo of ${p}](/logo.png)\n\n## Section ${p}\n\nMore words about ${p}.`,
        );
        await writeFile(
          path.join(root, 'logo.png'),
          Buffer.from(
            '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
            'hex',
          ),
        );
      }
      const a = await build(one, { LECTERN_PART_PAGES: '0' }, ['--base', '/pr-1/']);
      expect(a.code, a.out).toBe(0);
      const b = await build(parts, { LECTERN_PART_PAGES: '2' }, ['--base', '/pr-1/']);
      expect(b.code, b.out).toBe(0);
      expect(b.out).toMatch(/building part 3 of 3/);
      // Pagefind's per-page records (gzip, a signature, then JSON), in any order: the parts feed the pages in their own.
      const records = async (root: string) => {
        const dir = path.join(root, 'dist/pagefind/fragment');
        const texts = await Promise.all(
          (await readdir(dir)).map(async (f) => gunzipSync(await readFile(path.join(dir, f))).toString('utf8')),
        );
        return texts
          .map((t) => JSON.parse(t.slice(t.indexOf('{'))) as { url: string; meta: Record<string, string> })
          .sort((x, y) => x.url.localeCompare(y.url));
      };
      const inParts = await records(parts);
      expect(inParts).toEqual(await records(one));
      expect(inParts.map((r) => r.url)).toEqual(['/', '/five/', '/four/', '/one/', '/three/', '/two/']);
      expect(inParts.find((r) => r.url === '/two/')?.meta).toMatchObject({
        title: 'Page two',
        image: '/pr-1/logo.png',
        image_alt: 'Logo of two',
      });
    } finally {
      await rm(one, { recursive: true, force: true });
      await rm(parts, { recursive: true, force: true });
    }
  }, 300_000);

  it('a part that runs out of heap is built again with twice the heap, and the site is whole', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-parts-heap-'));
    try {
      await writeSite(root, ['index', 'one', 'two', 'three']);
      // Rendering this page holds two arrays of 20 million doubles (320 MB) at once: more than the first try's heap, well
      // within twice it.
      await writeFile(
        path.join(root, 'one.mdx'),
        '---\ntitle: One\ndescription: d\n---\n\nDoubles: {[new Array(2e7).fill(1.5), new Array(2e7).fill(2.5)].reduce((n, a) => n + a.length, 0)}\n',
      );
      const r = await build(root, { LECTERN_PART_PAGES: '2', LECTERN_PART_JOBS: '1', LECTERN_PART_HEAP: '320' });
      expect(r.code, r.out).toBe(0);
      expect(r.out).toContain('part 1 of 2 ran out of its 320 MB heap; building it again with 640 MB');
      expect(r.out).not.toMatch(/part 2 of 2 ran out/);
      expect(await readFile(path.join(root, 'dist', 'one', 'index.html'), 'utf8')).toContain('Doubles: 40000000');
      expect((await files(path.join(root, 'dist'))).filter((f) => f.endsWith('index.html'))).toEqual([
        'index.html',
        'one/index.html',
        'three/index.html',
        'two/index.html',
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 300_000);

  it('a part whose process dies fails the build with its exit code; nothing is written and no process is left', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-parts-crash-'));
    const tag = `LECTERN_TEST_TAG=${path.basename(root)}`;
    try {
      await writeSite(root, ['index', 'one', 'two', 'three', 'four', 'five']);
      // Rendering this page ends the first part's process.
      await writeFile(path.join(root, 'one.mdx'), '---\ntitle: One\ndescription: d\n---\n\n{process.exit(3)}\n');
      // One part at a time: the build stops at the first part.
      const r = await build(root, { LECTERN_PART_PAGES: '2', LECTERN_PART_JOBS: '1', LECTERN_TEST_TAG: path.basename(root) });
      expect(r.code, r.out).toBe(1);
      expect(r.out).toContain('part 1 of 3 of the build failed (exit code 3)');
      expect(r.out).not.toMatch(/building part 2/);
      await expect(readdir(path.join(root, 'dist'))).rejects.toThrow();
      expect(await processesWith(tag)).toEqual([]);
      // Two parts at a time: the part building beside it is stopped, nothing is written.
      const p = await build(root, { LECTERN_PART_PAGES: '2', LECTERN_PART_JOBS: '2', LECTERN_TEST_TAG: path.basename(root) });
      expect(p.code, p.out).toBe(1);
      expect(p.out).toMatch(/building part 2 of 3/);
      expect(p.out).toContain('part 1 of 3 of the build failed (exit code 3)');
      await expect(readdir(path.join(root, 'dist'))).rejects.toThrow();
      expect(await processesWith(tag)).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 300_000);
});
