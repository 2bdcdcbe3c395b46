/**
 * Spec descriptions rendered ahead in a worker thread (markdown-pool.ts): the HTML is what the main thread renders
 * (sanitised the same way), a worker that cannot start leaves the work to the main thread (said once), and a build
 * with the worker writes the same pages as one without and still reports a page that throws, with its file and line.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startMarkdownPool } from '../src/workers/markdown-pool.ts';
import { renderMarkdown } from '../src/shared/render/markdown.ts';
import { FIXTURES } from './helpers.ts';

const BIN = fileURLToPath(new URL('../bin/lectern.js', import.meta.url));
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const texts = [
  'Sends messages. <script>window.__xss_desc=1</script>',
  '[Read](javascript:alert(1)) <img src=x onerror=alert(1)>',
  '| a | b |\n| - | - |\n| 1 | `2` |',
  ...Array.from({ length: 150 }, (_, i) => `Item ${i}: *emphasis*, ~~struck~~, **bold** and https://example.com/${i}`),
];

function build(root: string, env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, 'build', root],
      { env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', LECTERN_CACHE: 'off', ...env }, timeout: 300_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: stdout + stderr });
      },
    );
  });
}

async function htmlFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = path.join(prefix, e.name);
    if (e.isDirectory()) out.push(...(await htmlFiles(dir, rel)));
    else if (e.name.endsWith('.html')) out.push(rel);
  }
  return out.sort();
}

async function copyFixture(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lectern-md-pool-'));
  dirs.push(dir);
  await cp(path.join(FIXTURES, name), dir, { recursive: true, filter: (src) => !/[\\/](dist|\.lectern)([\\/]|$)/.test(src) });
  return dir;
}

describe('markdown pool', () => {
  it('renders in a worker what the main thread renders, sanitised', async () => {
    const pool = startMarkdownPool(texts);
    await pool.done;
    const ahead = texts.map((t) => renderMarkdown(t));
    expect(await pool.close()).toEqual({ sent: texts.length, rendered: texts.length });
    // The pool is closed: the same texts are now rendered on this thread.
    const here = texts.map((t) => renderMarkdown(t));
    expect(ahead).toEqual(here);
    expect(ahead[2]).toContain('<table>');
    expect(ahead.join('\n')).not.toMatch(/<script|javascript:|onerror/);
  }, 60_000);

  it('a worker that cannot start: the main thread renders, and the failure is reported once', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lectern-md-pool-'));
    dirs.push(dir);
    const broken = path.join(dir, 'broken-worker.mjs');
    await writeFile(broken, "throw new Error('cannot start');\n");
    const errors: string[] = [];
    const pool = startMarkdownPool(texts, { workerModule: broken, onError: (m) => errors.push(m) });
    await pool.done;
    const got = texts.map((t) => renderMarkdown(t));
    expect((await pool.close()).rendered).toBe(0);
    expect(got).toEqual(texts.map((t) => renderMarkdown(t)));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Markdown in a worker thread failed .*cannot start/);
  }, 60_000);

  it('workers start in a process run as `node --input-type=module -e` (the flag is not passed on to them)', async () => {
    const src = fileURLToPath(new URL('../src/', import.meta.url));
    const script = `
      import { startMarkdownPool } from ${JSON.stringify(path.join(src, 'workers/markdown-pool.ts'))};
      import { startHighlightPool } from ${JSON.stringify(path.join(src, 'workers/highlight-pool.ts'))};
      import { highlight } from ${JSON.stringify(path.join(src, 'shared/highlight/highlight.ts'))};
      import { loadShiki } from ${JSON.stringify(path.join(src, 'shared/highlight/shiki-load.ts'))};
      loadShiki();
      const errors = [];
      const md = startMarkdownPool(['*one*', '**two**'], { onError: (m) => errors.push(m) });
      await md.done;
      const hl = startHighlightPool({ workers: 1, fingerprint: 'eval', onError: (m) => errors.push(m) });
      hl.prefetch([{ code: 'const a = 1;', lang: 'js' }]);
      await highlight('const a = 1;', 'js');
      await hl.close();
      console.log(JSON.stringify({ md: await md.close(), errors }));
    `;
    const out = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--input-type=module', '-e', script], { timeout: 120_000 }, (err, stdout, stderr) =>
        err ? reject(new Error(stderr || String(err))) : resolve(stdout),
      );
    });
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({ md: { sent: 2, rendered: 2 }, errors: [] });
  }, 120_000);

  it('a build with the worker writes the pages a build without it writes, and reports a page that throws', async () => {
    const single = await copyFixture('api');
    const parallel = await copyFixture('api');
    const a = await build(single, { LECTERN_WORKERS: '0' });
    expect(a.code, a.out).toBe(0);
    expect(a.out).not.toMatch(/rendered ahead in a worker/);
    const b = await build(parallel, { LECTERN_WORKERS: '1' });
    expect(b.code, b.out).toBe(0);
    const ahead = /Markdown: (\d+) of (\d+) descriptions rendered ahead in a worker/.exec(b.out);
    expect(ahead, b.out).not.toBeNull();
    expect(Number(ahead![1])).toBeGreaterThan(5);
    expect(ahead![1]).toBe(ahead![2]);
    const files = await htmlFiles(path.join(single, 'dist'));
    expect(files.length).toBeGreaterThan(5);
    expect(await htmlFiles(path.join(parallel, 'dist'))).toEqual(files);
    for (const f of files) {
      const [x, y] = await Promise.all([readFile(path.join(single, 'dist', f), 'utf8'), readFile(path.join(parallel, 'dist', f), 'utf8')]);
      expect(y, f).toBe(x);
    }
    // The spec's description with a script is on its page, without the script.
    const create = files.find((f) => /create-a-message/.test(f));
    expect(create, files.join(' ')).toBeDefined();
    const page = await readFile(path.join(parallel, 'dist', create!), 'utf8');
    const description = /<div class="endpoint-description">([\s\S]*?)<\/div>/.exec(page)?.[1];
    expect(description).toContain('Sends messages.');
    expect(description).not.toMatch(/<script|onclick|javascript:/);

    // A page that throws while rendering: reported with its file and line, the only error of the build.
    await writeFile(
      path.join(parallel, 'api-intro.mdx'),
      '---\ntitle: Intro\ndescription: d\n---\n\nexport const x = undefined;\n\n{x.y}\n',
    );
    const c = await build(parallel, { LECTERN_WORKERS: '1' });
    expect(c.code, c.out).toBe(1);
    expect(c.out).toMatch(/error api-intro\.mdx:8:\d+ page \/api-intro failed to render/);
    expect(c.out).toMatch(/Lectern found 1 error\b/);
  }, 300_000);
});
