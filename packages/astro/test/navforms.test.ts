/** Navigation forms of docs.json on a built site: global anchors, group roots, directories, switchers, per-language chrome. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, readPage, FIXTURES } from './helpers.ts';
import { integrationProblems } from '../src/shared/site/analytics.ts';

let dist = '';
let cleanup = async () => {};
beforeAll(async () => {
  const built = await buildFixture(path.join(FIXTURES, 'navforms'));
  dist = built.dist;
  cleanup = built.cleanup;
}, 120_000);
afterAll(() => cleanup());

const sidebar = (html: string) => /<aside class="sidebar"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? '';
/** A switcher's entries in the header: [label, href]. */
const options = (html: string, type: string) => {
  const menu =
    new RegExp(`<details class="[^"]*nav-menu-header-switch[^"]*" data-menu="${type}">[\\s\\S]*?</details>`).exec(html)?.[0] ?? '';
  return [...menu.matchAll(/<a href="([^"]*)"[^>]*>[\s\S]*?<span class="nav-menu-name">([^<]*)</g)].map((m) => [m[2], m[1]]);
};

describe('navigation forms', () => {
  it('shows navigation.global anchors in every section', async () => {
    for (const slug of ['en/v2/guides/install', 'fr/v2']) {
      expect(sidebar(await readPage(dist, slug))).toMatch(/<a href="https:\/\/status\.example\.test"[^>]*>[\s\S]*?Status page<\/a>/);
    }
  });

  it('makes a group title with a root page the link to it (no extra "Overview" entry)', async () => {
    const html = sidebar(await readPage(dist, 'en/v2/guides/install'));
    expect(html).toMatch(
      /<a href="\/en\/v2\/guides"[^>]*class="[^"]*nav-root-link[^"]*"[^>]*>Guides<\/a>|<a href="\/en\/v2\/guides" class="[^"]*nav-root-link[^"]*"[^>]*>Guides<\/a>/,
    );
    expect(html).not.toContain('>Overview<');
  });

  it('lists the group pages on the root page when directory is set (cards with descriptions)', async () => {
    const html = await readPage(dist, 'en/v2/guides');
    const listing = /<nav class="directory directory-card"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    expect(listing).toMatch(/href="\/en\/v2\/guides\/install"[\s\S]*Install[\s\S]*Install it\./);
    expect(listing).toContain('href="/en/v2/guides/configure"');
    // Pages that are not group roots get no listing.
    expect(await readPage(dist, 'en/v2/guides/install')).not.toContain('class="directory');
  });

  it('switches language and version to the matching page when there is one', async () => {
    const install = await readPage(dist, 'en/v2/guides/install');
    // Each language by its own name, as Mintlify shows them.
    expect(options(install, 'language')).toEqual(
      [
        ['English', '/en/v2'],
        ['Français', '/fr/v2/guides/install'],
      ].map(([l, h]) => [l, l === 'English' ? expect.any(String) : h]),
    );
    const v1Home = await readPage(dist, 'en/v1');
    expect(options(v1Home, 'version')).toContainEqual(['v2', '/en/v2']);
    // No matching page: the first page of the other division.
    const configure = await readPage(dist, 'en/v2/guides/configure');
    expect(options(configure, 'language')).toContainEqual(['Français', '/fr/v2']);
  });

  it("uses a language's own banner, navbar and footer, and the global ones elsewhere", async () => {
    const fr = await readPage(dist, 'fr/v2');
    expect(fr).toContain('Bannière française');
    expect(fr).not.toContain('Global banner');
    expect(fr).toContain('https://fr.example.test');
    expect(fr).not.toContain('https://global.example.test');
    expect(fr).toContain('https://x.com/fr');
    const en = await readPage(dist, 'en/v2');
    expect(en).toContain('Global banner');
    expect(en).toContain('https://global.example.test');
    expect(en).toMatch(/style="--banner-bg:#123456;--banner-bg-dark:#654321"/);
  });

  it('errors.404 with redirect false: the 404 page stays, with its own title and text', async () => {
    const html = await readFile(path.join(dist, '404.html'), 'utf8');
    expect(html).toContain('<title>Lost in the docs - Nav Forms</title>');
    expect(html).toContain('No page here.');
    expect(html).not.toContain('http-equiv="refresh"');
  });

  it('writes the analytics tags of docs.json integrations into <head>, and nothing from invalid entries', async () => {
    const head = /<head>[\s\S]*?<\/head>/.exec(await readPage(dist, 'en/v2'))?.[0] ?? '';
    expect(head).toContain('<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST123"></script>');
    expect(head).toContain(`gtag('config',"G-TEST123")`);
    expect(head).toMatch(/<script defer src="https:\/\/plausible\.io\/js\/script\.js" data-domain="docs\.example\.test"><\/script>/);
    expect(head).not.toContain('usefathom');
    expect(head).not.toContain('__xss_fathom');
    expect(
      integrationProblems({ ga4: { measurementId: 'G-1' }, fathom: { siteId: '<x>' }, mixpanel: {}, telemetry: { enabled: false } }),
    ).toEqual([
      '/integrations/fathom/siteId: is not valid: your Fathom site id (letters and digits); fathom left out',
      '/integrations/mixpanel/projectToken: is required: your Mixpanel project token (letters and digits); mixpanel left out',
    ]);
  });
});
