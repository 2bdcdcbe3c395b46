/**
 * The highlight pool: code highlighted in worker threads is the code the main thread would write, a second build
 * takes it from the cache file, and a worker that fails leaves the work to the main thread (said once).
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startHighlightPool } from '../src/workers/highlight-pool.ts';
import { highlight, highlightDirect } from '../src/shared/highlight/highlight.ts';
import { loadShiki } from '../src/shared/highlight/shiki-load.ts';

// The integration registers Shiki for the pages and the workers register it themselves; this test highlights directly too.
loadShiki();

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const inputs = [
  {
    code: "curl --request GET \\\n  --url 'https://api.example.com/v1/pets?limit=10' \\\n  --header 'Authorization: Bearer <token>'",
    lang: 'bash',
  },
  {
    code: 'import requests\n\nresponse = requests.get("https://api.example.com/v1/pets", params={"limit": 10})\nprint(response.json())',
    lang: 'python',
  },
  { code: JSON.stringify({ id: 1, name: 'Rex', tags: ['a', 'b'], owner: { id: 7 } }, null, 2), lang: 'json' },
  { code: 'package main\n\nimport "fmt"\n\nfunc main() { fmt.Println("hi") }', lang: 'go' },
];

describe('highlight pool', () => {
  it('highlights in a worker what the main thread highlights, and keeps it for the next build', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lectern-pool-'));
    dirs.push(dir);
    const cacheFile = path.join(dir, 'highlight.json');
    const expected = await Promise.all(inputs.map((i) => highlightDirect(i.code, i.lang)));

    const pool = startHighlightPool({ workers: 1, fingerprint: 'test', cacheFile });
    pool.prefetch(inputs);
    const got = await Promise.all(inputs.map((i) => highlight(i.code, i.lang)));
    expect(got).toEqual(expected);
    expect(await pool.close()).toMatchObject({ prefetched: inputs.length, highlighted: 0 });

    // The next build: no worker, everything from the cache file.
    const next = startHighlightPool({ workers: 0, fingerprint: 'test', cacheFile });
    expect(await Promise.all(inputs.map((i) => highlight(i.code, i.lang)))).toEqual(expected);
    expect(await next.close()).toMatchObject({ cached: inputs.length, highlighted: 0 });
  }, 60_000);

  it('a build of a few pages reads the cache and leaves it as it was unless it highlighted new code', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lectern-pool-'));
    dirs.push(dir);
    const cacheFile = path.join(dir, 'highlight.json');
    const expected = await Promise.all(inputs.map((i) => highlightDirect(i.code, i.lang)));
    const first = startHighlightPool({ workers: 0, fingerprint: 'test-few', cacheFile });
    await Promise.all(inputs.map((i) => highlight(i.code, i.lang)));
    expect(await first.close()).toMatchObject({ highlighted: inputs.length });
    const written = await readFile(cacheFile);
    const before = (await stat(cacheFile)).mtimeMs;

    // Every sample in the file: from the cache, and the file is not written again.
    const few = startHighlightPool({ workers: 0, fingerprint: 'test-few', cacheFile, writeBack: 'when-new' });
    expect(await Promise.all(inputs.slice(0, 2).map((i) => highlight(i.code, i.lang)))).toEqual(expected.slice(0, 2));
    expect(await few.close()).toMatchObject({ cached: 2, highlighted: 0 });
    expect((await stat(cacheFile)).mtimeMs).toBe(before);
    expect(await readFile(cacheFile)).toEqual(written);

    // New code: highlighted here, and the file keeps it with what it held.
    const code = 'console.log("a sample the cache has not seen")';
    const more = startHighlightPool({ workers: 0, fingerprint: 'test-few', cacheFile, writeBack: 'when-new' });
    const html = await highlight(code, 'javascript');
    expect(await more.close()).toMatchObject({ highlighted: 1 });
    const last = startHighlightPool({ workers: 0, fingerprint: 'test-few', cacheFile });
    expect(await highlight(code, 'javascript')).toBe(html);
    expect(await Promise.all(inputs.map((i) => highlight(i.code, i.lang)))).toEqual(expected);
    expect(await last.close()).toMatchObject({ cached: inputs.length + 1, highlighted: 0 });
  }, 60_000);

  it('a worker that fails: the main thread highlights everything, and the failure is reported once', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lectern-pool-'));
    dirs.push(dir);
    const broken = path.join(dir, 'broken-worker.mjs');
    await writeFile(broken, "throw new Error('cannot start');\n");
    const errors: string[] = [];
    const pool = startHighlightPool({ workers: 1, fingerprint: 'test-broken', workerModule: broken, onError: (m) => errors.push(m) });
    pool.prefetch(inputs);
    const expected = await Promise.all(inputs.map((i) => highlightDirect(i.code, i.lang)));
    expect(await Promise.all(inputs.map((i) => highlight(i.code, i.lang)))).toEqual(expected);
    await pool.close();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/worker thread failed .*cannot start/);
  }, 60_000);
});
