/**
 * What the assistant may answer from, on real docs repos planned by @lectern/core: hidden pages are left out as
 * Mintlify leaves them out of its assistant's context, and pages have the language of their navigation (or path
 * prefix), with the default language preferred when the request sends no filter.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSitePlan } from '@lectern/core';
import {
  buildAssistantIndex,
  documentsFromPlan,
  openAssistantIndex,
  retrieve,
  siteDefaultLanguage,
  type AssistantDocument,
  type AssistantIndex,
} from '../src/assistant/index.ts';

let root: string;

function page(path: string, frontmatter: Record<string, unknown>, body: string): void {
  const file = join(root, `${path}.mdx`);
  mkdirSync(dirname(file), { recursive: true });
  const fm = Object.entries(frontmatter)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join('\n');
  writeFileSync(file, `---\n${fm}\n---\n\n${body}\n`);
}

function docsJson(extra: Record<string, unknown> = {}): void {
  writeFileSync(
    join(root, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#635bff' },
      navigation: {
        languages: [
          // Spanish first, English the default: the default is the one marked, not the first.
          { language: 'es', groups: [{ group: 'Guías', pages: ['es/quickstart', 'es/webhooks'] }] },
          {
            language: 'en',
            default: true,
            groups: [
              { group: 'Guides', pages: ['quickstart', 'webhooks', 'hidden-by-frontmatter', 'noindexed', 'unsearchable', 'staff-only'] },
              { group: 'Internal', hidden: true, pages: ['internal/notes'] },
              { group: 'Archive', hidden: true, searchable: true, pages: ['archive/old-api'] },
            ],
          },
        ],
      },
      ...extra,
    }),
  );
}

async function documents(): Promise<{ docs: AssistantDocument[]; defaultLanguage: string | undefined }> {
  const { plan, config } = await buildSitePlan(root);
  return { docs: documentsFromPlan(plan, config ? { config } : {}), defaultLanguage: siteDefaultLanguage(plan) };
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'lectern-assistant-docs-'));
  page(
    'quickstart',
    { title: 'Quickstart', description: 'Install the SDK.' },
    'Install the SDK with `npm install @acme/sdk`, then create a webhook endpoint.',
  );
  page(
    'webhooks',
    { title: 'Webhooks', description: 'Receive events.' },
    '## Verify deliveries\n\nCheck the `Acme-Signature` header of each webhook delivery.',
  );
  page(
    'es/quickstart',
    { title: 'Inicio rápido', description: 'Instala el SDK.' },
    'Instala el SDK con `npm install @acme/sdk` y crea un webhook.',
  );
  // The Spanish page matches "Acme-Signature" more strongly than the English one.
  page(
    'es/webhooks',
    { title: 'Webhooks', description: 'Recibe eventos.' },
    '## Firmas\n\nVerifica la cabecera `Acme-Signature` de cada webhook: `Acme-Signature` lleva la firma del webhook.',
  );
  page('hidden-by-frontmatter', { title: 'Zebra migration', hidden: true }, 'The zebra migration moves every zebra record.');
  page('noindexed', { title: 'Walrus notes', noindex: true }, 'Walrus notes are internal.');
  page('unsearchable', { title: 'Yak settings', searchable: false }, 'Yak settings stay out of search.');
  page('staff-only', { title: 'Quokka plans', groups: ['staff'] }, 'Quokka plans for staff.');
  page('internal/notes', { title: 'Narwhal notes' }, 'Narwhal notes for the team.');
  page('archive/old-api', { title: 'Old API', description: 'The ibex endpoints.' }, 'The ibex endpoints of the old API.');
  page('orphan', { title: 'Okapi page' }, 'An okapi page that no navigation lists.');
  page('es/orphan', { title: 'Página okapi' }, 'Una página okapi que ninguna navegación enlaza.');
  docsJson();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('pages the assistant answers from', () => {
  it('leaves out hidden, noindex, searchable: false and restricted pages, and pages under a hidden group', async () => {
    const { docs } = await documents();
    const paths = docs.map((d) => d.path).sort();
    expect(paths).toEqual(['/archive/old-api', '/es/quickstart', '/es/webhooks', '/quickstart', '/webhooks']);
  });

  it('keeps every hidden page (but noindex and searchable: false ones) with seo.indexing "all"', async () => {
    docsJson({ seo: { indexing: 'all' } });
    try {
      const { docs } = await documents();
      const paths = docs.map((d) => d.path);
      expect(paths).toEqual(expect.arrayContaining(['/orphan', '/es/orphan', '/internal/notes', '/archive/old-api']));
      // hidden: true in its own frontmatter always wins, as do noindex, searchable: false and reader groups.
      for (const p of ['/hidden-by-frontmatter', '/noindexed', '/unsearchable', '/staff-only']) expect(paths).not.toContain(p);
      // A page outside the navigation takes its language from its path prefix.
      expect(docs.find((d) => d.path === '/es/orphan')?.language).toBe('es');
    } finally {
      docsJson();
    }
  });

  it('takes languages from the navigation and knows the default one', async () => {
    const { docs, defaultLanguage } = await documents();
    expect(defaultLanguage).toBe('en');
    expect(docs.find((d) => d.path === '/quickstart')?.language).toBe('en');
    expect(docs.find((d) => d.path === '/es/webhooks')?.language).toBe('es');
  });
});

describe('language preference and hidden pages in search', () => {
  let index: AssistantIndex;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lectern-assistant-lang-'));
    const { docs, defaultLanguage } = await documents();
    buildAssistantIndex(docs, join(dir, 'index.db'), defaultLanguage ? { defaultLanguage } : {});
    index = openAssistantIndex(join(dir, 'index.db'));
  });
  afterAll(() => {
    index.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const ask = (text: string, extra: Partial<Parameters<typeof retrieve>[1]> = {}) =>
    retrieve(index, { turns: [{ role: 'user', text }], limit: 5, ...extra }).passages;

  it('prefers the default language when no filter is sent', () => {
    const found = ask('Acme-Signature');
    expect(found[0]?.page).toBe('/webhooks');
    expect(found.findIndex((p) => p.language === 'es')).toBeGreaterThan(found.findIndex((p) => p.language === 'en'));
    expect(index.defaultLanguage()).toBe('en');
  });

  it('prefers the language of the page the reader is on, and keeps only the filtered language', () => {
    // The English page answers this better; a reader on a Spanish page still gets the Spanish one first.
    expect(ask('Acme-Signature header')[0]?.page).toBe('/webhooks');
    expect(ask('Acme-Signature header', { currentPath: '/es/quickstart' })[0]?.page).toBe('/es/webhooks');
    const spanish = ask('npm install sdk webhook', { filter: { language: 'es' } });
    expect(spanish.length).toBeGreaterThan(0);
    expect(spanish.every((p) => p.language === 'es')).toBe(true);
  });

  it('never returns hidden pages', () => {
    for (const word of ['zebra', 'walrus', 'yak', 'quokka', 'narwhal', 'okapi']) {
      expect(
        ask(`${word} migration notes settings plans page`)
          .map((p) => p.page)
          .join(' '),
        word,
      ).not.toMatch(/hidden-by-frontmatter|noindexed|unsearchable|staff-only|internal|orphan/);
    }
    // Pages under a hidden group with searchable: true stay findable.
    expect(ask('ibex endpoints')[0]?.page).toBe('/archive/old-api');
  });
});
