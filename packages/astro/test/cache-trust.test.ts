/**
 * Build cache entries are checked before the build acts on them (issue 38, finding 9, what was left): the plan cache
 * writes only under the folders planning writes (`.lectern/content`, `.lectern/islands`) and is sealed with the hash of
 * its content; the search-index entry and the MDX analyses (code the build runs) are checked against their hash. An
 * entry that fails is not used, the build says so, and what it held is made again. Entries are planted as an attacker
 * who can write the cache folder would, with a matching hash where the format has one.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cacheRoot, openBlob, sealBlob } from '../src/shared/build-cache.ts';
import { cachedPlanData } from '../src/site/plan-cache.ts';
import { listFiles, startSearchIndex } from '../src/build/search-index.ts';
import { COMPONENTS_MODULE } from '../src/mdx/prepare.ts';
import { planAndPrepare } from '../src/site/site.ts';
import { createHash } from 'node:crypto';
import { CONTENT_DIR, type PlanData } from '../src/site/site.ts';

let dir = '';
let root = '';
let warned: string[] = [];
let restore: () => void = () => {};

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'lectern-cache-trust-'));
  root = path.join(dir, 'repo');
  mkdirSync(root);
  writeFileSync(path.join(root, 'docs.json'), '{"name":"T"}');
  warned = [];
  const spy = vi.spyOn(console, 'warn').mockImplementation((line: unknown) => void warned.push(String(line)));
  restore = () => spy.mockRestore();
});

afterEach(() => {
  restore();
  rmSync(dir, { recursive: true, force: true });
});

describe('the plan cache', () => {
  /** A planned site as the cache stores it (the part of PlanData the cache reads), and the file planning wrote. */
  const plan = async (): Promise<PlanData> => {
    mkdirSync(path.join(root, CONTENT_DIR), { recursive: true });
    writeFileSync(path.join(root, CONTENT_DIR, 'op.mdx'), 'content of the operation');
    return { loaded: { plan: { specs: {}, pages: [] }, config: {} } } as unknown as PlanData;
  };

  /** The one entry of the plan folder, opened, changed by `edit`, sealed again and written back. */
  function tamper(edit: (entry: { files: Array<[string, string]> }) => void, seal = true): void {
    const planDir = path.join(cacheRoot(root), 'plan');
    const name = readdirSync(planDir).find((f) => f.endsWith('.v8'))!;
    const entry = deserialize(openBlob(readFileSync(path.join(planDir, name)))!) as { files: Array<[string, string]> };
    edit(entry);
    writeFileSync(path.join(planDir, name), seal ? sealBlob(serialize(entry)) : serialize(entry));
  }

  it('is used again when nothing changed, and writes the files planning wrote back under .lectern/content', async () => {
    let planned = 0;
    const compute = () => (planned++, plan());
    await cachedPlanData(root, compute);
    rmSync(path.join(root, CONTENT_DIR), { recursive: true });
    await cachedPlanData(root, compute);
    expect(planned).toBe(1);
    expect(readFileSync(path.join(root, CONTENT_DIR, 'op.mdx'), 'utf8')).toBe('content of the operation');
    expect(warned).toEqual([]);
  });

  it.each([
    ['an absolute path', (outside: string) => outside],
    ['a path that climbs out of .lectern/content', () => path.join(CONTENT_DIR, '..', '..', '..', 'outside.txt')],
    ['a path under .lectern but outside the folders planning writes', () => path.join('.lectern', 'cache', 'x.txt')],
    ['a page of the repo', () => 'index.mdx'],
  ])('refuses an entry that names %s: nothing is written there, the site is planned again', async (_name, target) => {
    let planned = 0;
    const compute = () => (planned++, plan());
    await cachedPlanData(root, compute);
    const outside = path.join(dir, 'outside.txt');
    const rel = target(outside);
    tamper((entry) => entry.files.push([rel, 'written by a planted cache entry']));
    await cachedPlanData(root, compute);
    expect(planned).toBe(2);
    for (const file of [outside, path.join(root, '.lectern', 'cache', 'x.txt'), path.join(root, 'index.mdx')])
      expect(existsSync(file), file).toBe(false);
    expect(warned.join('\n')).toMatch(/build cache: plan\/\w+\.v8 is not used \(it names .*\): the site is planned again/);
    // Planned again, the entry is replaced by a good one.
    await cachedPlanData(root, compute);
    expect(planned).toBe(2);
  });

  it('refuses an entry that does not match the hash stored with it', async () => {
    let planned = 0;
    const compute = () => (planned++, plan());
    await cachedPlanData(root, compute);
    tamper((entry) => entry.files.push([path.join(CONTENT_DIR, 'extra.mdx'), 'x']), false);
    await cachedPlanData(root, compute);
    expect(planned).toBe(2);
    expect(existsSync(path.join(root, CONTENT_DIR, 'extra.mdx'))).toBe(false);
    expect(warned.join('\n')).toContain('does not match the hash stored with it');
  });
});

describe('the search-index entry', () => {
  const pages: Array<[string, string]> = [
    ['/a/', '<html><body><main data-pagefind-body><h1>Alpha</h1><p>Refunds take five days.</p></main></body></html>'],
    ['/b/', '<html><body><main data-pagefind-body><h1>Beta</h1><p>Webhooks are signed.</p></main></body></html>'],
  ];
  async function index(cacheDir: string, out: string) {
    const indexer = await startSearchIndex({ cacheDir, fingerprint: 'test', deferred: true });
    for (const [url, html] of pages) indexer.add(url, html);
    return indexer.finish(out);
  }
  const read = (out: string) => listFiles(out).then((files) => files.map((f) => [f, readFileSync(path.join(out, f)).toString('base64')]));

  it('is used when it matches its hash; a damaged one of the same length is not used, and the index is built again', async () => {
    const cacheDir = path.join(dir, 'search');
    const first = await index(cacheDir, path.join(dir, 'out1'));
    expect(first.cached).toBeFalsy();
    const again = await index(cacheDir, path.join(dir, 'out2'));
    expect(again.cached).toBe(true);
    expect(await read(path.join(dir, 'out2'))).toEqual(await read(path.join(dir, 'out1')));
    // The bytes of an index file changed, every length kept: before, only the lengths were checked.
    const pack = path.join(
      cacheDir,
      readdirSync(cacheDir).find((f) => f.endsWith('.pack'))!,
    );
    const bytes = readFileSync(pack);
    bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 0xff;
    writeFileSync(pack, bytes);
    const damaged = await index(cacheDir, path.join(dir, 'out3'));
    expect(damaged.cached).toBeFalsy();
    expect(await read(path.join(dir, 'out3'))).toEqual(await read(path.join(dir, 'out1')));
    expect(warned.join('\n')).toMatch(/build cache: search\/\w+\.pack does not match the hash stored with it/);
    // Built again, the entry is good again.
    expect((await index(cacheDir, path.join(dir, 'out4'))).cached).toBe(true);
  }, 60_000);
});

describe('the MDX analyses (code the build runs)', () => {
  const COUNTER = 'export const Counter = ({ start }) => <span className="counter">{start}</span>;\n\nA counter.\n';
  async function site() {
    writeFileSync(
      path.join(root, 'docs.json'),
      JSON.stringify({
        theme: 'mint',
        name: 'M',
        colors: { primary: '#0D9373' },
        navigation: { groups: [{ group: 'G', pages: ['index', 'counter'] }] },
      }),
    );
    writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nHello from the real page.\n');
    writeFileSync(
      path.join(root, 'counter.mdx'),
      "---\ntitle: Counter\n---\nimport { Counter } from '/snippets/counter.mdx';\n\n<Counter start={3} />\n",
    );
    mkdirSync(path.join(root, 'snippets'), { recursive: true });
    writeFileSync(path.join(root, 'snippets/counter.mdx'), COUNTER);
  }
  const shards = () => {
    const dir = path.join(cacheRoot(root), 'mdx');
    return readdirSync(dir)
      .filter((f) => /^[0-9a-f]{2}\.json$/.test(f))
      .map((f) => path.join(dir, f));
  };
  type Analysis = { code: string; island?: { path: string } };
  type Stored = { entries: Record<string, [number, string, string]> };
  /** Edit the stored analyses; `reseal` writes the matching hash as an attacker who knows the format would. */
  function tamper(edit: (analysis: Analysis) => boolean, reseal: boolean): void {
    let edited = 0;
    for (const file of shards()) {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as Stored;
      for (const entry of Object.values(stored.entries)) {
        const analysis = JSON.parse(entry[1]) as Analysis;
        if (!edit(analysis)) continue;
        edited++;
        entry[1] = JSON.stringify(analysis);
        if (reseal) entry[2] = createHash('sha256').update(entry[1]).update('\u0000').digest('hex');
      }
      writeFileSync(file, JSON.stringify(stored));
    }
    expect(edited).toBeGreaterThan(0);
  }

  it('an analysis whose code does not match its hash is not run: the page is analysed again', async () => {
    await site();
    const first = await planAndPrepare(root, COMPONENTS_MODULE);
    const page = path.join(root, 'index.mdx');
    const code = first.site.prepared.get(page)!;
    expect(code).toContain('Hello from the real page.');
    tamper(
      (a) => a.code.includes('Hello from the real page.') && ((a.code = a.code.replace('Hello from the real page.', 'PLANTED')), true),
      false,
    );
    const again = await planAndPrepare(root, COMPONENTS_MODULE);
    expect(again.site.prepared.get(page)).toBe(code);
    expect(warned.join('\n')).toMatch(/build cache: the analysis of index\.mdx in the build cache does not match the hash stored with it/);
    // Analysed again, the entry is good again: the next plan uses it without a word.
    warned.length = 0;
    expect((await planAndPrepare(root, COMPONENTS_MODULE)).site.prepared.get(page)).toBe(code);
    expect(warned).toEqual([]);
  }, 60_000);

  it('an analysis that would write its island module outside .lectern/islands is not used, even with a matching hash', async () => {
    await site();
    await planAndPrepare(root, COMPONENTS_MODULE);
    const outside = path.join(dir, 'planted-island.jsx');
    tamper((a) => a.island !== undefined && ((a.island.path = outside), true), true);
    await planAndPrepare(root, COMPONENTS_MODULE);
    expect(existsSync(outside)).toBe(false);
    expect(warned.join('\n')).toMatch(/names an island module outside/);
  }, 60_000);
});
