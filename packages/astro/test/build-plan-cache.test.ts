/**
 * `lectern build` on unchanged files plans from the cache (`.lectern/cache/lectern/plan`), and still reports every
 * warning and error a build that planned reports: the plan's warnings, an MDX file that does not compile, a page that
 * fails to render (both left out of the site and of the page cache), and with `--strict` the warnings as errors. The page
 * keys kept with the plan are used for the same build options only.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/lectern.js', import.meta.url));
let root = '';

function build(args: string[] = []): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, 'build', root, ...args],
      { timeout: 180_000, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } },
      (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: stdout + stderr });
      },
    );
  });
}

/** The diagnostics a build printed (warnings and errors, with their hints), in order. */
const diagnostics = (out: string) => out.split('\n').filter((l) => /^\s*(warning|error) \S+\.mdx|^\s+hint: /.test(l));
const planEntries = () => readdir(path.join(root, '.lectern/cache/lectern/plan')).catch(() => [] as string[]);

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lectern-build-plan-'));
  await writeFile(
    path.join(root, 'docs.json'),
    JSON.stringify({
      name: 'P',
      theme: 'mint',
      colors: { primary: '#0D9373' },
      navigation: {
        tabs: [
          { tab: 'Guides', groups: [{ group: 'G', pages: ['index', 'throws', 'unknown', 'syntax'] }] },
          { tab: 'API', openapi: 'openapi.json' },
        ],
      },
    }),
  );
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nHello.\n');
  await writeFile(
    path.join(root, 'throws.mdx'),
    '---\ntitle: Throws\ndescription: D\n---\n\nexport const list = undefined;\n\n{list.map((x) => x)}\n',
  );
  await writeFile(path.join(root, 'unknown.mdx'), '---\ntitle: Unknown\ndescription: D\n---\n\n<Nope />\n');
  await writeFile(path.join(root, 'syntax.mdx'), '---\ntitle: Syntax\ndescription: D\n---\n\n<div>\n\nNever closed.\n');
  await writeFile(
    path.join(root, 'openapi.json'),
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      servers: [{ url: 'https://api.example.test' }],
      paths: { '/things': { get: { summary: 'List things', responses: { '200': { description: 'OK' } } } } },
    }),
  );
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('lectern build, planned from the cache', () => {
  it('reports every warning and error of the first build again, and --strict still fails on the warnings', async () => {
    const cold = await build();
    expect(cold.code, cold.out).toBe(1);
    expect(cold.out).not.toMatch(/from the cache\)/);
    const reported = diagnostics(cold.out);
    expect(reported.join('\n')).toMatch(/warning index\.mdx page has no "description"/);
    expect(reported.join('\n')).toMatch(/warning unknown\.mdx:\d+:\d+ Unknown component <Nope>/);
    expect(reported.join('\n')).toMatch(/error syntax\.mdx/);
    expect(reported.join('\n')).toMatch(/error throws\.mdx:\d+:\d+ page \/throws failed to render/);
    expect(await planEntries()).toHaveLength(1);

    const warm = await build();
    expect(warm.code, warm.out).toBe(1);
    expect(warm.out).toMatch(/planned \d+ pages in \d+ ms \(from the cache\)/);
    expect(diagnostics(warm.out)).toEqual(reported);

    const strict = await build(['--strict']);
    expect(strict.code, strict.out).toBe(1);
    expect(strict.out).toMatch(/\(from the cache\)/);
    expect(diagnostics(strict.out).join('\n')).toMatch(/error index\.mdx page has no "description"/);
    expect(diagnostics(strict.out).join('\n')).toMatch(/error unknown\.mdx:\d+:\d+ Unknown component <Nope>/);

    // An edit plans again (and replaces the entry).
    await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\ndescription: The home page.\n---\n\nHello.\n');
    const edited = await build();
    expect(edited.out).not.toMatch(/from the cache\)/);
    expect(diagnostics(edited.out).join('\n')).not.toMatch(/index\.mdx/);
    expect((await planEntries()).filter((f) => f.endsWith('.v8'))).toHaveLength(1);

    // The page keys kept with the plan are for the options they were computed with: another base renders every page
    // (but the two that failed, which are left out and never kept) again, then reuses them.
    const reused = (out: string) => Number(/cache: (\d+) pages reused/.exec(out)?.[1]);
    const unchanged = await build();
    expect(unchanged.out).toMatch(/\(from the cache\)/);
    expect(reused(unchanged.out)).toBe(3);
    const rebased = await build(['--base', '/other/']);
    expect(rebased.out).toMatch(/\(from the cache\)/);
    expect(reused(rebased.out)).toBe(0);
    expect(reused((await build(['--base', '/other/'])).out)).toBe(3);
  }, 600_000);
});
