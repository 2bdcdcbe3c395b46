/**
 * A section that sends the reader to another page for what was asked defers to that page: on a real docs repo
 * (`buildSitePlan` -> documents -> index), a guide's section that links to the redirects page for "redirect" ranks
 * below that page; the same section with a link whose text names nothing of the question keeps its place.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSitePlan } from '@lectern/core';
import { buildAssistantIndex, documentsFromPlan, openAssistantIndex, retrieve } from '../src/assistant/index.ts';
import { pageLinks } from '../src/assistant/links.ts';

let root: string;

function page(dir: string, path: string, frontmatter: Record<string, unknown>, body: string): void {
  const file = join(dir, `${path}.mdx`);
  mkdirSync(dirname(file), { recursive: true });
  const fm = Object.entries(frontmatter)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join('\n');
  writeFileSync(file, `---\n${fm}\n---\n\n${body}\n`);
}

/** A docs repo whose linking guide points to the redirects page with `linkText`; the pages ranked for `question`. */
async function ranking(name: string, linkText: string, question: string): Promise<Array<{ page: string; score: number }>> {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  page(
    dir,
    'guides/linking',
    { title: 'How to link documentation pages', description: 'Internal links, anchors and moved content.' },
    [
      '## Link between pages',
      '',
      'Use root-relative paths for links between pages, and anchors for sections.',
      '',
      '## Use redirects for moved content',
      '',
      `When you move or rename a page, its old URL breaks. Add ${linkText} from the old URL to the new page, so readers who`,
      'follow an old link, and search engines, land on the new page. Redirect the old URL rather than deleting it.',
    ].join('\n'),
  );
  page(
    dir,
    'create/redirects',
    { title: 'Redirects', description: 'Send readers from the old URL of a page that moved to its new URL.' },
    [
      '## Set up redirects',
      '',
      'List each `source` (the old path) and `destination` (the new one) in the `redirects` field of docs.json. A `permanent` flag chooses 301 or 302.',
      '',
      '## Wildcards',
      '',
      'A `*` in the source matches any rest of the path: one entry redirects every old URL under a folder.',
    ].join('\n'),
  );
  page(dir, 'quickstart', { title: 'Quickstart', description: 'Deploy your docs.' }, 'Install the CLI and deploy the site.');
  writeFileSync(
    join(dir, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#635bff' },
      navigation: { groups: [{ group: 'Docs', pages: ['quickstart', 'guides/linking', 'create/redirects'] }] },
    }),
  );
  const { plan, config } = await buildSitePlan(dir);
  const dbPath = join(dir, 'index.db');
  buildAssistantIndex(documentsFromPlan(plan, config ? { config } : {}), dbPath);
  const index = openAssistantIndex(dbPath);
  try {
    return retrieve(index, { turns: [{ role: 'user', text: question }], limit: 5 }).passages.map((p) => ({ page: p.page, score: p.score }));
  } finally {
    index.close();
  }
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'lectern-assistant-links-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a section linking to another page for what was asked', () => {
  it('ranks below the page it links to when the link text names a word of the question', async () => {
    const pages = await ranking('named', 'a [redirect](/create/redirects)', 'How do I redirect an old URL to a new page?');
    expect(pages.slice(0, 2).map((p) => p.page)).toEqual(['/create/redirects', '/guides/linking']);
  });

  it('keeps its place when the link text names nothing of the question', async () => {
    // The guide's section on moved content answers this one best; a link naming nothing of the question leaves it
    // first, and the same section linking with "redirect" as its text defers (although it adds a matching word).
    const question = 'How do I redirect a moved page to its new URL?';
    const unnamed = await ranking('unnamed', 'one (see [the setup](/create/redirects))', question);
    expect(unnamed.slice(0, 2).map((p) => p.page)).toEqual(['/guides/linking', '/create/redirects']);
    const named = await ranking('named-2', 'a [redirect](/create/redirects)', question);
    const guide = (r: typeof named) => r.find((p) => p.page === '/guides/linking')!.score;
    expect(guide(named)).toBeLessThan(guide(unnamed));
  });
});

describe('pageLinks', () => {
  it('reads links to pages of the site, without anchors, images or other sites', () => {
    expect(
      pageLinks(
        'See [Redirects](/create/redirects#wildcards), [home](/), [docs](https://example.com/docs), ![a](/images/a.png) and [dir](/deploy/).',
      ),
    ).toEqual([
      { text: 'Redirects', page: '/create/redirects' },
      { text: 'home', page: '/' },
      { text: 'dir', page: '/deploy' },
    ]);
  });
});
