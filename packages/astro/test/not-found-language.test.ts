/**
 * The site's one 404 page speaks the home page's language: its title, text and buttons from the UI strings table
 * (docs.json `errors.404.title` / `description` still win), and `<html lang>` with them.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/cli/run.ts';

let root = '';
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the 404 page', () => {
  it('is in the language of a French-only site, with docs.json errors.404.description winning', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'lectern-404-lang-'));
    await mkdir(path.join(root, 'fr'));
    await writeFile(
      path.join(root, 'docs.json'),
      JSON.stringify({
        theme: 'mint',
        name: 'Docs',
        colors: { primary: '#0D9373' },
        errors: { '404': { description: 'Cette page a déménagé.' } },
        navigation: { languages: [{ language: 'fr', groups: [{ group: 'Démarrer', pages: ['fr/index'] }] }] },
      }),
    );
    await writeFile(path.join(root, 'fr/index.mdx'), '---\ntitle: Accueil\n---\n\nBonjour.\n');
    const { outDir } = await buildSite(root, { logLevel: 'error' });
    const html = await readFile(path.join(outDir, '404.html'), 'utf8');
    expect(html).toMatch(/<html lang="fr"/);
    expect(html).toContain('<title>Page introuvable');
    expect(html).toContain('Cette page a déménagé.');
    expect(html).toContain('Aller à la page d’accueil');
    expect(html).toContain('Rechercher dans la documentation');
    expect(html).toContain('Retour à la page d’accueil…');
    expect(html).not.toContain('Go to the home page');
  }, 120_000);
});
