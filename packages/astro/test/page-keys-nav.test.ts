/**
 * The site key stands for the navigation as every page shows it (build/page-keys.ts `navigationDigest`): a change
 * another page's sidebar, breadcrumbs, previous/next links or version switcher shows gives every page a new key, and a
 * change only the page itself shows (its body, a description no directory lists) keeps the other pages' keys.
 */
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planAndPrepare } from '../src/site/site.ts';
import { COMPONENTS_MODULE } from '../src/mdx/prepare.ts';
import { pageKeys } from '../src/build/page-keys.ts';

const made: string[] = [];
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

const PAGES = ['v1/intro', 'v1/guide', 'v1/extra', 'v2/intro', 'v2/guide'];

/** A site of two versions; each version a group of its pages. */
async function site(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'lectern-page-keys-'));
  made.push(root);
  const version = (v: string) => ({ version: v, groups: [{ group: 'Start', pages: PAGES.filter((p) => p.startsWith(`${v}/`)) }] });
  await writeFile(
    path.join(root, 'docs.json'),
    JSON.stringify({ name: 'K', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { versions: [version('v2'), version('v1')] } }),
  );
  for (const p of PAGES) {
    await mkdir(path.join(root, path.dirname(p)), { recursive: true });
    await writeFile(path.join(root, `${p}.mdx`), `---\ntitle: Title of ${p}\ndescription: About ${p}\n---\n\nBody of ${p}.\n`);
  }
  return root;
}

async function keysOf(root: string): Promise<Map<string, string>> {
  const { site } = await planAndPrepare(root, COMPONENTS_MODULE);
  return new Map(pageKeys(site, site.plan.pages, { fingerprint: 'f', base: '/', assets: [] }).keys);
}

async function edit(root: string, file: string, change: (text: string) => string): Promise<void> {
  const abs = path.join(root, file);
  await writeFile(abs, change(await readFile(abs, 'utf8')));
}

describe('page keys and the navigation', () => {
  it('change for every page when what other pages show of a page changes, and only for the page otherwise', async () => {
    const root = await site();
    const before = await keysOf(root);
    expect(new Set(before.values()).size).toBe(PAGES.length);

    // The body and the description (no directory lists it): v1/extra's key alone.
    await edit(root, 'v1/extra.mdx', (t) => t.replace('Body of', 'New body of').replace('About', 'Now about'));
    const own = await keysOf(root);
    expect(PAGES.filter((p) => own.get(p) !== before.get(p))).toEqual(['v1/extra']);

    // Its title: every sidebar of v1 lists it, so every key (one site key).
    await edit(root, 'v1/extra.mdx', (t) => t.replace('title: Title of', 'title: Renamed'));
    const titled = await keysOf(root);
    expect(PAGES.filter((p) => titled.get(p) === own.get(p))).toEqual([]);

    // Hidden: it leaves the sidebar and the previous/next links of its neighbours.
    await edit(root, 'v1/extra.mdx', (t) => t.replace('---\ntitle', '---\nhidden: true\ntitle'));
    const hidden = await keysOf(root);
    expect(PAGES.filter((p) => hidden.get(p) === titled.get(p))).toEqual([]);

    // v2/guide out of the navigation (still built, unlisted): v1/guide's version switcher no longer goes to it.
    await edit(root, 'docs.json', (t) => t.replace(',"v2/guide"', ''));
    const removed = await keysOf(root);
    expect(removed.get('v1/guide')).not.toBe(hidden.get('v1/guide'));

    // Back as it was: the keys are the first build's again (nothing else goes into them).
    await edit(root, 'docs.json', (t) => t.replace('"v2/intro"', '"v2/intro","v2/guide"'));
    await edit(root, 'v1/extra.mdx', () => `---\ntitle: Title of v1/extra\ndescription: About v1/extra\n---\n\nBody of v1/extra.\n`);
    expect(await keysOf(root)).toEqual(before);
  }, 120_000);
});
