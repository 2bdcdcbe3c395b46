/** A site without an `index` page opens on the first page of its navigation. */
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/cli/run.ts';

let root = '';
afterAll(() => rm(root, { recursive: true, force: true }));

describe('home page', () => {
  it('redirects / to the first visible page when there is no index page', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'lectern-home-'));
    await mkdir(path.join(root, 'guides'));
    const page = (title: string) => `---\ntitle: ${title}\ndescription: ${title}.\n---\n\n${title} text.\n`;
    await writeFile(path.join(root, 'guides/hidden.mdx'), page('Hidden').replace('description', 'hidden: true\ndescription'));
    await writeFile(path.join(root, 'guides/start.mdx'), page('Start'));
    await writeFile(path.join(root, 'guides/next.mdx'), page('Next'));
    await writeFile(
      path.join(root, 'docs.json'),
      JSON.stringify({
        theme: 'mint',
        name: 'No Home',
        colors: { primary: '#0D9373' },
        navigation: { groups: [{ group: 'Guides', pages: ['guides/hidden', 'guides/start', 'guides/next'] }] },
      }),
    );
    const { outDir } = await buildSite(root, { logLevel: 'error' });
    const home = await readFile(path.join(outDir, 'index.html'), 'utf8');
    expect(home).toMatch(/http-equiv="refresh" content="0;url=\/guides\/start"/);
    expect(await readFile(path.join(outDir, 'guides/start/index.html'), 'utf8')).toContain('Start text.');
  }, 120_000);
});
