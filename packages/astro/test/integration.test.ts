/**
 * Lectern as an integration of an existing Astro project (`lectern({ root: './docs' })` in astro.config.mjs),
 * built with Astro's own build: the project's pages and the docs site side by side.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from './helpers.ts';

let project = '';
afterAll(() => rm(project, { recursive: true, force: true }));

describe('lectern() in an Astro project', () => {
  it("builds the docs folder next to the project's own pages", async () => {
    // Inside the checkout, so the config's `lectern` import resolves as in a project that installed it.
    await mkdir(path.join(REPO, '.cache'), { recursive: true });
    project = await mkdtemp(path.join(REPO, '.cache', 'astro-project-'));
    await cp(path.join(REPO, 'examples/minimal'), path.join(project, 'docs'), {
      recursive: true,
      filter: (src) => !/[\\/](dist|\.lectern)([\\/]|$)/.test(src),
    });
    await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'astro-project', private: true, type: 'module' }));
    await writeFile(
      path.join(project, 'astro.config.mjs'),
      [
        "import { defineConfig } from 'astro/config';",
        "import mdx from '@astrojs/mdx';",
        "import preact from '@astrojs/preact';",
        "import lectern from 'lectern';",
        "export default defineConfig({ integrations: [mdx(), preact(), lectern({ root: './docs' })] });",
      ].join('\n'),
    );
    await mkdir(path.join(project, 'src/pages'), { recursive: true });
    await writeFile(path.join(project, 'src/pages/own.astro'), "---\n---\n<h1>The project's own page</h1>\n");
    const { build } = await import('astro');
    await build({ root: project, logLevel: 'error' });
    const dist = path.join(project, 'dist');
    expect(await readFile(path.join(dist, 'own/index.html'), 'utf8')).toContain("The project's own page");
    expect(await readFile(path.join(dist, 'index.html'), 'utf8')).toContain('<title>');
    expect(await readFile(path.join(dist, 'guides/quickstart/index.html'), 'utf8')).toMatch(/<h1[^>]*>Quickstart/);
    const endpoint = await readFile(path.join(dist, 'api-reference/pets/list-pets/index.html'), 'utf8');
    // api.url defaults to the relative path (no base URL before it, one server).
    expect(endpoint).toContain('<code class="endpoint-path">/pets</code>');
  }, 180_000);
});
