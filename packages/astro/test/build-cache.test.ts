/**
 * The cache between builds (.lectern/cache/lectern): a build after one MDX page changed, or after one operation
 * changed in a spec, renders only that page and reuses the others, and its `dist/` is byte for byte the `dist/` of a
 * cold build of the changed repo (in another folder, with no cache). The cache is also safe to delete.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildSite } from '../src/cli/run.ts';
import { planAndPrepare } from '../src/site/site.ts';
import { COMPONENTS_MODULE } from '../src/mdx/prepare.ts';
import { renderOrder } from '../src/build/render-order.ts';
import { startSearchIndex } from '../src/build/search-index.ts';
import { fileDigests, REPO } from './helpers.ts';

const made: string[] = [];
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

async function copyOfKitchenSink(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'lectern-cache-'));
  made.push(root);
  await cp(path.join(REPO, 'examples/kitchen-sink'), root, {
    recursive: true,
    filter: (src) => !/[\\/](dist|\.lectern|node_modules)([\\/]|$)/.test(src),
  });
  // A component of the page's own (it runs as Preact): its icon is a file the build writes for the icons it drew.
  const media = path.join(root, 'components/media.mdx');
  await writeFile(
    media,
    `${await readFile(media, 'utf8')}
export const Download = ({ href }) => <a href={href} className="download"><Icon icon="download" size={16} /> Get the guide</a>;

<Download href="/quickstart" />

An icon no set has: <Icon icon="zz-not-an-icon" />

A screenshot next to the page, which Astro optimises when the page renders (not when it comes from the cache):

![A screenshot](./shot.png)
`,
  );
  await writeFile(path.join(root, 'components/shot.png'), SHOT);
  return root;
}

/** A 4x4 PNG, opaque teal. */
const SHOT = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGPgnVwMRwzEcQC4wxExccHKOwAAAABJRU5ErkJggg==', 'base64');

const build = (root: string) => buildSite(root, { logLevel: 'error', base: '/pr-3/' });

async function lastBuild(root: string): Promise<{ reused: number; rendered: string[] }> {
  const state = JSON.parse(await readFile(path.join(root, '.lectern/cache/lectern/state.json'), 'utf8')) as {
    lastBuild: { reused: number; rendered: string[] };
  };
  return state.lastBuild;
}

function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  const files = new Set([...a.keys(), ...b.keys()]);
  return [...files].filter((f) => a.get(f) !== b.get(f)).sort();
}

/** Edits applied the same way to the warm repo and to a fresh copy built cold. */
const editPage = async (root: string) => {
  const file = path.join(root, 'quickstart.mdx');
  await writeFile(
    file,
    (await readFile(file, 'utf8')).replace('Welcome to {{product}}.', 'Welcome to {{product}}, edited between two builds.'),
  );
};
const editOperation = async (root: string) => {
  const file = path.join(root, 'openapi.yaml');
  await writeFile(
    file,
    (await readFile(file, 'utf8')).replace('Returns the pets in the store, newest first.', 'Returns the pets in the store, oldest first.'),
  );
};

describe('the build cache', () => {
  it('renders only the changed MDX page, then only the changed operation, and writes what a cold build writes', async () => {
    const warm = await copyOfKitchenSink();
    const warned = vi.spyOn(console, 'warn');
    const printed = () => warned.mock.calls.flat().filter((m) => String(m).includes('unknown icon "zz-not-an-icon"')).length;
    const cold = await build(warm);
    expect(printed()).toBe(1);
    const first = await lastBuild(warm);
    expect(first.reused).toBe(0);
    expect(first.rendered.length).toBeGreaterThan(20);
    const coldTree = await fileDigests(cold.outDir);
    expect(coldTree.has('_lectern/icons/default/-/download.svg')).toBe(true);
    // The screenshot, optimised: a file no page but that one references, which a warm build must write all the same.
    const shots = [...coldTree.keys()].filter((f) => /^_astro\/shot\.[\w-]+\.webp$/.test(f));
    expect(shots).toHaveLength(1);

    // The index the build streamed (pages cut to what Pagefind reads, handed over as they rendered) is the index
    // of the whole built pages, read back from dist/ and added in render order (in bundles by language and version,
    // search-bundles.ts, as every build writes it).
    const { site } = await planAndPrepare(warm, COMPONENTS_MODULE);
    const indexer = await startSearchIndex({});
    for (const p of renderOrder(site.plan.pages)) {
      const file = p.slug === 'index' ? 'index.html' : `${p.slug}/index.html`;
      indexer.add(p.slug === 'index' ? '/' : `/${p.slug}/`, await readFile(path.join(cold.outDir, file), 'utf8'));
    }
    const whole = path.join(warm, 'whole-pages-index');
    expect(await indexer.finish(whole)).toMatchObject({ errors: [] });
    const built = new Map([...coldTree].filter(([f]) => f.startsWith('pagefind/')).map(([f, h]) => [f.slice('pagefind/'.length), h]));
    expect(built.size).toBeGreaterThan(10);
    expect(differences(await fileDigests(whole), built)).toEqual([]);
    await rm(whole, { recursive: true, force: true });

    // Nothing changed: every page from the cache, the same dist; the search index too (the cache keeps the last one
    // written of each language and version, and this build wrote none: its pages read the same to Pagefind).
    const searchCache = path.join(warm, '.lectern/cache/lectern/search');
    // One pack per language and version (the kitchen sink has English pages in v2 and v1, French pages in v1).
    const packs = (await readdir(searchCache)).sort();
    expect(packs).toHaveLength(3);
    const [kept] = packs;
    expect(kept).toMatch(/^[0-9a-f]{64}\.pack$/);
    const pack = await readFile(path.join(searchCache, kept!));
    pack[pack.length - 1]! ^= 1;
    await writeFile(path.join(searchCache, kept!), pack);
    await build(warm);
    expect((await lastBuild(warm)).rendered).toEqual([]);
    // The warning the page printed when it rendered is printed again when it comes from the cache.
    expect(printed()).toBe(2);
    warned.mockRestore();
    // One byte of the kept index flipped: the pack does not match the hash stored with it, so it is not used and the
    // index is written again, as the cold build wrote it (issue 38: before, only its lengths were checked).
    expect(differences(await fileDigests(path.join(warm, 'dist')), coldTree)).toEqual([]);
    // A damaged entry is not used: the index is written again, as the cold build wrote it.
    await writeFile(path.join(searchCache, kept!), pack.subarray(0, 100));
    await build(warm);
    expect(differences(await fileDigests(path.join(warm, 'dist')), coldTree)).toEqual([]);
    expect((await readdir(searchCache)).sort()).toEqual(packs);

    // One MDX page changed.
    await editPage(warm);
    await build(warm);
    const afterPage = await lastBuild(warm);
    expect(afterPage.rendered).toEqual(['quickstart']);
    expect(afterPage.reused).toBe(first.rendered.length - 1);
    const fresh = await copyOfKitchenSink();
    await editPage(fresh);
    const freshPage = await build(fresh);
    expect(differences(await fileDigests(path.join(warm, 'dist')), await fileDigests(freshPage.outDir))).toEqual([]);

    // One operation changed in the spec (not its title: the navigation stays).
    await editOperation(warm);
    await build(warm);
    expect((await lastBuild(warm)).rendered).toEqual(['api-reference/pets/list-pets']);
    await editOperation(fresh);
    await rm(path.join(fresh, '.lectern'), { recursive: true, force: true });
    const freshOp = await build(fresh);
    expect((await lastBuild(fresh)).reused).toBe(0);
    expect(differences(await fileDigests(path.join(warm, 'dist')), await fileDigests(freshOp.outDir))).toEqual([]);
  }, 600_000);
});
