/**
 * docs.json `seo.organization` (issue 36): real builds of small sites, the pages' heads parsed. Every page carries one
 * `<script type="application/ld+json">` with the schema.org Organization (Mintlify's keys and defaults: the site's
 * name, the docs logo made absolute, `<origin>/#organization`), serialized so that no value can close the script;
 * bad values are errors at their JSON pointer, unknown keys warnings, and the setting is no longer "not supported".
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DomUtils, parseDocument } from 'htmlparser2';
import { loadConfig } from '@lectern/core';

const SITE = 'https://docs.example.test';
const EVIL = '</script><script>alert(1)</script>';

const base = {
  name: 'Acme Docs',
  theme: 'mint',
  colors: { primary: '#0D9373' },
  navigation: { groups: [{ group: 'Guides', pages: ['index', 'guide/intro'] }] },
};

const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

/** Builds a two-page site with `docs` merged into docs.json; the built site's folder. */
async function buildWith(docs: Record<string, unknown>, opts: { site?: string; base?: string } = {}): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'lectern-seo-org-'));
  roots.push(root);
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ ...base, ...docs }));
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nHello.\n');
  await mkdir(path.join(root, 'guide'));
  await writeFile(path.join(root, 'guide', 'intro.mdx'), '---\ntitle: Intro\n---\n\nWords.\n');
  const { buildSite } = await import('../src/cli/run.ts');
  return (await buildSite(root, { logLevel: 'error', ...opts })).outDir;
}

/** The JSON-LD scripts of a built page's head: their raw text, and the head's scripts' texts. */
async function jsonLd(dist: string, slug: string): Promise<{ raw: string[]; html: string }> {
  const html = await readFile(slug ? path.join(dist, slug, 'index.html') : path.join(dist, 'index.html'), 'utf8');
  const head = DomUtils.findOne((e) => e.name === 'head', parseDocument(html).children)!;
  const raw = DomUtils.findAll((e) => e.name === 'script' && e.attribs.type === 'application/ld+json', head.children).map((e) =>
    DomUtils.textContent(e),
  );
  return { raw, html };
}

describe('seo.organization as JSON-LD', () => {
  it('writes the Organization into every page, values as given, and no value closes the script', async () => {
    const dist = await buildWith(
      {
        seo: {
          organization: {
            id: 'https://acme.example.test/#org',
            name: `Acme ${EVIL}`,
            legalName: 'Acme & Co. <Ltd>',
            url: 'https://acme.example.test',
            logo: 'https://cdn.example.test/logo.png',
            sameAs: ['https://github.com/acme', `https://x.example.test/acme?q=${EVIL.replace(/ /g, '')}`],
          },
        },
      },
      { site: SITE },
    );
    for (const slug of ['', 'guide/intro']) {
      const { raw, html } = await jsonLd(dist, slug);
      expect(raw).toHaveLength(1);
      expect(JSON.parse(raw[0]!)).toEqual({
        '@context': 'https://schema.org',
        '@type': 'Organization',
        '@id': 'https://acme.example.test/#org',
        name: `Acme ${EVIL}`,
        legalName: 'Acme & Co. <Ltd>',
        url: 'https://acme.example.test',
        logo: 'https://cdn.example.test/logo.png',
        sameAs: ['https://github.com/acme', `https://x.example.test/acme?q=${EVIL}`],
      });
      // Inert: the text never holds a "<", and no script of the page runs alert(1).
      expect(raw[0]).not.toContain('<');
      expect(raw[0]).toContain('\\u003c/script\\u003e');
      expect(html).not.toContain(EVIL);
      const scripts = DomUtils.findAll((e) => e.name === 'script', parseDocument(html).children);
      expect(
        scripts.filter((e) => e.attribs.type !== 'application/ld+json').some((e) => DomUtils.textContent(e).includes('alert(1)')),
      ).toBe(false);
    }
  }, 240_000);

  it("takes Mintlify's defaults: the site's name, the docs logo made absolute, <origin>/#organization", async () => {
    const dist = await buildWith(
      { logo: { light: '/logo/light.svg', dark: '/logo/dark.svg' }, seo: { organization: {} } },
      { site: SITE, base: '/pr-7/' },
    );
    const { raw } = await jsonLd(dist, 'guide/intro');
    expect(raw).toHaveLength(1);
    expect(JSON.parse(raw[0]!)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${SITE}/#organization`,
      name: 'Acme Docs',
      logo: `${SITE}/pr-7/logo/light.svg`,
    });
  }, 240_000);

  it('writes no JSON-LD without seo.organization, and no @id or relative logo without the site address', async () => {
    const plain = await buildWith({});
    expect((await jsonLd(plain, 'guide/intro')).raw).toEqual([]);
    const local = await buildWith({ logo: 'logo.svg', seo: { organization: { name: 'Acme Inc.' } } });
    const { raw } = await jsonLd(local, '');
    expect(JSON.parse(raw[0]!)).toEqual({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Acme Inc.' });
  }, 240_000);
});

describe('seo.organization in docs.json', () => {
  const load = (organization: unknown) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lectern-seo-org-config-'));
    roots.push(dir);
    writeFileSync(path.join(dir, 'docs.json'), JSON.stringify({ ...base, seo: { organization } }, null, 2));
    return loadConfig(dir);
  };

  it('is supported: no "not supported" warning, the values kept', () => {
    const { config, diagnostics } = load({ name: 'Acme', sameAs: ['https://github.com/acme'] });
    expect(diagnostics).toEqual([]);
    expect(config?.seo?.organization).toEqual({ name: 'Acme', sameAs: ['https://github.com/acme'] });
  });

  it('reports bad values at their JSON pointer, saying what is allowed', () => {
    const { diagnostics } = load({
      url: 'acme.example.test',
      logo: 'logo.png',
      sameAs: ['https://ok.example.test', 'javascript:alert(1)'],
      name: ' ',
      id: 7,
    });
    const errors = diagnostics.filter((d) => d.severity === 'error').map((d) => [d.pointer, d.message, d.line]);
    expect(errors).toEqual(
      expect.arrayContaining([
        ['/seo/organization/url', expect.stringContaining('https://example.com'), expect.any(Number)],
        ['/seo/organization/logo', expect.stringContaining("logo's absolute http(s) address"), expect.any(Number)],
        ['/seo/organization/sameAs/1', expect.stringContaining('official profile'), expect.any(Number)],
        ['/seo/organization/name', expect.stringContaining("organization's name"), expect.any(Number)],
        ['/seo/organization/id', expect.any(String), expect.any(Number)],
      ]),
    );
    expect(errors).toHaveLength(5);
  });

  it('warns about keys Mintlify does not define', () => {
    const { diagnostics, config } = load({ name: 'Acme', email: 'hi@acme.example.test' });
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'config/not-supported',
        pointer: '/seo/organization/email',
        hint: 'allowed: id, name, legalName, url, logo, sameAs',
      }),
    ]);
    expect(config?.seo?.organization).toEqual({ name: 'Acme' });
  });
});
