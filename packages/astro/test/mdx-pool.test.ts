/**
 * MDX analysis ahead of planning (mdx-pool.ts): the pages' files and the snippets they import, analysed in worker
 * threads, give `prepareSite` what it would have found itself, and it takes every one of them; files that import
 * others stay on the main thread.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { analyzeAhead } from '../src/workers/mdx-pool.ts';
import { pendingAhead, saveMdxCache } from '../src/mdx/cache.ts';
import { loadSite } from '../src/plan/source.ts';
import { analysisJobs, COMPONENTS_MODULE, prepareSite } from '../src/mdx/prepare.ts';

const made: string[] = [];
const cacheSetting = process.env.LECTERN_CACHE;
afterEach(() => {
  if (cacheSetting === undefined) delete process.env.LECTERN_CACHE;
  else process.env.LECTERN_CACHE = cacheSetting;
});
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

/** Pages of every kind the analysis treats apart: components, islands, math, variables, errors, code. */
const KINDS = [
  (i: number) => `# Page ${i}\n\nSome **text** with a [link](/page-${(i + 1) % 45}) and {{product}}.\n\n<Note>A note ${i}</Note>\n`,
  (i: number) =>
    `export const Badge = ({ label }) => <span className="badge">{label}</span>;\n\n<Badge label="v${i}" />\n\nInline math $x^${i}$.\n`,
  (i: number) =>
    `export const Counter = () => { const [n, setN] = useState(${i}); return <button onClick={() => setN(n + 1)}>{n}</button>; };\n\n<Counter />\n`,
  (i: number) => `<Cards>\n  <Card title="One ${i}" href="/page-0">Text</Card>\n</Cards>\n\n<NotAComponent${i} />\n`,
  (i: number) =>
    `\`\`\`js title="example-${i}.js"\nimport thing from 'package';\nconsole.log(${i});\n\`\`\`\n\n<Steps>\n<Step title="First">Do it</Step>\n</Steps>\n`,
  (i: number) => `A broken expression { ${i} + \n\nand more text.\n`,
];

async function site(pages: number): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'lectern-mdx-pool-'));
  made.push(root);
  const names = Array.from({ length: pages }, (_, i) => `page-${i}`);
  await writeFile(
    path.join(root, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'Pool',
      colors: { primary: '#0D9373' },
      variables: { product: 'Lectern' },
      navigation: { groups: [{ group: 'G', pages: [...names, 'with-import', 'tight-import'] }] },
    }),
  );
  for (let i = 0; i < pages; i++)
    await writeFile(path.join(root, `${names[i]}.mdx`), `---\ntitle: Page ${i}\n---\n\n${KINDS[i % KINDS.length]!(i)}`);
  await mkdir(path.join(root, 'snippets'));
  await writeFile(path.join(root, 'snippets/hello.mdx'), 'export const Hello = () => <b>hello</b>;\n');
  await writeFile(
    path.join(root, 'with-import.mdx'),
    "---\ntitle: Imports\n---\nimport { Hello } from '/snippets/hello.mdx';\n\n<Hello />\n",
  );
  await writeFile(path.join(root, 'tight-import.mdx'), "---\ntitle: Tight\n---\nimport{ Hello }from'/snippets/hello.mdx';\n\n<Hello />\n");
  return root;
}

describe('MDX analysis ahead', () => {
  it('analyses the pages in a worker thread as prepareSite would, and prepareSite takes them all', async () => {
    process.env.LECTERN_CACHE = 'off';
    const root = await site(45);
    const loaded = await loadSite(root);
    const alone = prepareSite(loaded, COMPONENTS_MODULE);
    saveMdxCache(root);

    const jobs = analysisJobs(loaded, COMPONENTS_MODULE);
    // The pages that import a snippet are left to prepareSite (their analysis asks about the snippet); the snippet
    // they import goes ahead, as a snippet.
    expect(jobs.map((j) => j.file).sort()).toEqual([...Array.from({ length: 45 }, (_, i) => `page-${i}.mdx`), 'snippets/hello.mdx'].sort());
    expect(jobs.find((j) => j.file === 'snippets/hello.mdx')!.opts.snippet).toBe(true);
    // Every file in the worker: none on this thread.
    expect(await analyzeAhead(jobs, { workers: 1, mainThread: false })).toEqual({ ahead: 46, copies: 0 });
    expect(pendingAhead()).toBe(46);
    const ahead = prepareSite(loaded, COMPONENTS_MODULE);
    expect(pendingAhead()).toBe(0);
    saveMdxCache(root);

    expect(ahead.diagnostics).toEqual(alone.diagnostics);
    expect([...ahead.prepared]).toEqual([...alone.prepared]);
    expect([...ahead.islands]).toEqual([...alone.islands]);
    expect([...ahead.imports]).toEqual([...alone.imports]);
    // The pages are of every kind: islands, unknown components and syntax errors among them.
    expect(ahead.islands.size).toBeGreaterThan(10);
    expect(ahead.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['mdx/syntax', 'mdx/unknown-component']));
  }, 60_000);

  it('skips what the cache holds, and small sites', async () => {
    delete process.env.LECTERN_CACHE;
    const root = await site(45);
    const loaded = await loadSite(root);
    expect(analysisJobs(loaded, COMPONENTS_MODULE)).toHaveLength(46);
    prepareSite(loaded, COMPONENTS_MODULE);
    saveMdxCache(root);
    // Planned once: every page is in mdx.json now.
    expect(analysisJobs(loaded, COMPONENTS_MODULE)).toHaveLength(0);
    const small = await site(5);
    const few = analysisJobs(await loadSite(small), COMPONENTS_MODULE);
    expect(few).toHaveLength(6);
    expect(await analyzeAhead(few, { workers: 1 })).toEqual({ ahead: 0, copies: 0 });
  }, 60_000);

  it('analyses a text copied into several versions once; each copy gets it, its diagnostics naming the copy', async () => {
    process.env.LECTERN_CACHE = 'off';
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-mdx-pool-'));
    made.push(root);
    const names = Array.from({ length: 24 }, (_, i) => `page-${i}`);
    const versions = ['v1', 'v2', 'v3'];
    await writeFile(
      path.join(root, 'docs.json'),
      JSON.stringify({
        theme: 'mint',
        name: 'Versions',
        colors: { primary: '#0D9373' },
        variables: { product: 'Lectern' },
        navigation: { versions: versions.map((v) => ({ version: v, groups: [{ group: 'G', pages: names.map((n) => `${v}/${n}`) }] })) },
      }),
    );
    for (const v of versions) {
      await mkdir(path.join(root, v));
      // The same text in every version (islands, unknown components and syntax errors among them), one page apart.
      for (let i = 0; i < names.length; i++)
        await writeFile(
          path.join(root, v, `${names[i]}.mdx`),
          `---\ntitle: Page ${i}\n---\n\n${KINDS[i % KINDS.length]!(i)}${v === 'v3' && i === 0 ? '\nOnly in v3.\n' : ''}`,
        );
    }
    const loaded = await loadSite(root);
    const alone = prepareSite(loaded, COMPONENTS_MODULE);
    saveMdxCache(root);
    const jobs = analysisJobs(loaded, COMPONENTS_MODULE);
    expect(jobs).toHaveLength(72);
    // 25 distinct texts (v3's page-0 differs). The copies in v2 (24) and v3 (23) take v1's analysis, but the 8 pages per
    // version whose analysis made an island (named after its file) are left to prepareSite: 16 + 15 copies reused.
    expect(await analyzeAhead(jobs, { workers: 1 })).toEqual({ ahead: 72 - 2 * 8, copies: 16 + 15 });
    const ahead = prepareSite(loaded, COMPONENTS_MODULE);
    expect(pendingAhead()).toBe(0);
    expect(ahead.diagnostics).toEqual(alone.diagnostics);
    expect([...ahead.prepared]).toEqual([...alone.prepared]);
    expect([...ahead.islands]).toEqual([...alone.islands]);
    // A syntax error is reported in each version's file.
    const syntax = ahead.diagnostics.filter((d) => d.code === 'mdx/syntax').map((d) => d.file);
    expect(syntax).toEqual(expect.arrayContaining(['v1/page-5.mdx', 'v2/page-5.mdx', 'v3/page-5.mdx']));
  }, 60_000);
});
