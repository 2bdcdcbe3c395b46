/**
 * Planning inputs Mintlify accepts (issue 33): an MDX file on a generated endpoint page's slug, `openapi:` naming only a
 * spec file, and the title of an `openapi:` page without one. Each is a real repo in a temporary folder, planned with
 * buildSitePlan and checked with `lectern check`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSitePlan, runCheckCommand, type CliIO, type Diagnostic, type NavItem } from '../src/index.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function repo(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-plan-mintlify-'));
  made.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

const quiet = (): CliIO => ({ out: () => {}, err: () => {}, progress: false });
const shown = (ds: Diagnostic[]) => ds.filter((d) => d.code !== 'page/no-description').map((d) => [d.severity, d.code, d.file, d.message]);

function slugsIn(items: NavItem[]): string[] {
  return items.flatMap((item) => (item.type === 'page' ? [item.slug] : 'children' in item ? slugsIn(item.children) : []));
}

/** A JSON-RPC API: `POST /` tagged Overview with the summary "JSON-RPC API" (generated slug api-reference/overview/json-rpc-api). */
const spec = {
  openapi: '3.1.0',
  info: { title: 'RPC', version: '1' },
  servers: [{ url: 'https://rpc.example.com' }],
  tags: [{ name: 'Overview' }, { name: 'Methods' }],
  paths: {
    '/': {
      post: {
        tags: ['Overview'],
        summary: 'JSON-RPC API',
        description: 'Every call is a POST.',
        responses: { 200: { description: 'ok' } },
      },
    },
    '/getBalance': { post: { tags: ['Methods'], summary: 'Get balance', responses: { 200: { description: 'ok' } } } },
  },
};
const config = (pages: unknown[]) => ({
  name: 'S',
  theme: 'mint',
  colors: { primary: '#0D9373' },
  navigation: { tabs: [{ tab: 'API', openapi: 'openapi.json', groups: [{ group: 'Start', pages }] }] },
});
const overview = '---\ntitle: JSON-RPC overview\ndescription: How calls are made.\n---\n\nHand-written overview.\n';

describe('an MDX file on the slug of a generated endpoint page', () => {
  for (const listed of [true, false]) {
    it(`takes the slot, the generated page is left out with a warning naming both (${listed ? 'listed in the navigation' : 'not listed'})`, async () => {
      const dir = repo({
        'docs.json': config(listed ? ['intro', 'api-reference/overview/json-rpc-api'] : ['intro']),
        'openapi.json': spec,
        'intro.mdx': '---\ntitle: Intro\ndescription: Start here.\n---\n\nHi.\n',
        'api-reference/overview/json-rpc-api.mdx': overview,
      });
      const { plan, diagnostics } = await buildSitePlan(dir, { remoteSpecDir: false });
      expect(shown(diagnostics)).toEqual([
        [
          'warning',
          'nav/slug-conflict',
          'api-reference/overview/json-rpc-api.mdx',
          '"/api-reference/overview/json-rpc-api": api-reference/overview/json-rpc-api.mdx takes the place of the generated page of POST / (openapi.json), which is left out, as on Mintlify',
        ],
      ]);
      const page = plan.pages.find((p) => p.slug === 'api-reference/overview/json-rpc-api');
      expect(page).toMatchObject({
        kind: 'guide',
        title: 'JSON-RPC overview',
        file: 'api-reference/overview/json-rpc-api.mdx',
        hidden: false,
      });
      expect(plan.pages.filter((p) => p.kind === 'operation').map((p) => p.slug)).toEqual(['api-reference/methods/get-balance']);
      // The generated Overview group keeps the slot; it now shows the MDX page.
      const tab = plan.navigation[0]!;
      const overviewGroup = tab.type === 'tab' ? tab.children.find((c) => c.type === 'group' && c.label === 'Overview') : undefined;
      expect(overviewGroup && slugsIn([overviewGroup])).toEqual(['api-reference/overview/json-rpc-api']);
      expect(await runCheckCommand([dir], quiet())).toBe(0);
    });
  }

  it('keeps the generated title and description where its frontmatter has none (as Mintlify does)', async () => {
    const dir = repo({
      'docs.json': config(['api-reference/overview/json-rpc-api']),
      'openapi.json': spec,
      'api-reference/overview/json-rpc-api.mdx': 'Hand-written overview, no frontmatter.\n',
    });
    const { plan, diagnostics } = await buildSitePlan(dir, { remoteSpecDir: false });
    expect(plan.pages.find((p) => p.slug === 'api-reference/overview/json-rpc-api')).toMatchObject({
      kind: 'guide',
      title: 'JSON-RPC API',
      description: 'Every call is a POST.',
    });
    expect(diagnostics.map((d) => d.code)).toEqual(['nav/slug-conflict']);
  });

  it('an explicit operation entry on that slug gives it to the file too', async () => {
    const dir = repo({
      'docs.json': {
        name: 'S',
        theme: 'mint',
        colors: { primary: '#0D9373' },
        navigation: { groups: [{ group: 'API', openapi: 'openapi.json', pages: ['POST /', 'POST /getBalance'] }] },
      },
      'openapi.json': spec,
      'api-reference/overview/json-rpc-api.mdx': overview,
    });
    const { plan, diagnostics } = await buildSitePlan(dir, { remoteSpecDir: false });
    expect(diagnostics.map((d) => [d.severity, d.code])).toEqual([['warning', 'nav/slug-conflict']]);
    expect(plan.pages.find((p) => p.slug === 'api-reference/overview/json-rpc-api')).toMatchObject({
      kind: 'guide',
      title: 'JSON-RPC overview',
    });
    expect(slugsIn(plan.navigation)).toEqual(['api-reference/overview/json-rpc-api', 'api-reference/methods/get-balance']);
  });

  it('a file that documents that same operation replaces the generated page without a warning (lectern generate)', async () => {
    const dir = repo({
      'docs.json': config(['intro']),
      'openapi.json': spec,
      'intro.mdx': '---\ntitle: Intro\ndescription: Start here.\n---\n\nHi.\n',
      'api-reference/overview/json-rpc-api.mdx': '---\ntitle: JSON-RPC API\ndescription: Edited.\nopenapi: POST /\n---\n',
    });
    const { plan, diagnostics } = await buildSitePlan(dir, { remoteSpecDir: false });
    expect(diagnostics).toEqual([]);
    expect(plan.pages.find((p) => p.slug === 'api-reference/overview/json-rpc-api')).toMatchObject({
      kind: 'operation',
      method: 'post',
      path: '/',
      description: 'Edited.',
    });
  });
});

describe('openapi: frontmatter', () => {
  it('naming a spec file but no operation keeps the page as a normal page, with a warning', async () => {
    const dir = repo({
      'docs.json': {
        name: 'S',
        theme: 'mint',
        colors: { primary: '#0D9373' },
        navigation: { groups: [{ group: 'G', pages: ['reference'] }] },
      },
      'openapi.yaml': 'openapi: 3.1.0\ninfo: { title: A, version: "1" }\npaths: {}\n',
      'reference.mdx': '---\ntitle: API reference\ndescription: All of it.\nopenapi: "/openapi.yaml"\n---\n\nText.\n',
    });
    const { plan, diagnostics } = await buildSitePlan(dir, { remoteSpecDir: false });
    expect(diagnostics.map((d) => [d.severity, d.code, d.file, d.line, d.message])).toEqual([
      [
        'warning',
        'page/openapi',
        'reference.mdx',
        4,
        '"openapi: /openapi.yaml" names a spec file but no operation; the page is built from its MDX content alone',
      ],
    ]);
    expect(plan.pages.find((p) => p.slug === 'reference')).toMatchObject({ kind: 'guide', title: 'API reference', body: '\nText.\n' });
    expect(await runCheckCommand([dir], quiet())).toBe(0);
    expect(await runCheckCommand([dir, '--strict'], quiet())).toBe(1);
  });

  it('an openapi: page without a title gets the operation summary, with no page/no-title warning', async () => {
    const dir = repo({
      'docs.json': {
        name: 'S',
        theme: 'mint',
        colors: { primary: '#0D9373' },
        navigation: { groups: [{ group: 'G', pages: ['rpc', 'untitled'] }] },
      },
      'openapi.json': { ...spec, paths: { ...spec.paths, '/raw': { get: { responses: { 200: { description: 'ok' } } } } } },
      'rpc.mdx': '---\nopenapi: POST /\n---\n',
      'untitled.mdx': '---\nopenapi: GET /raw\n---\n',
    });
    const { plan, diagnostics } = await buildSitePlan(dir, { remoteSpecDir: false });
    expect(plan.pages.find((p) => p.slug === 'rpc')).toMatchObject({ kind: 'operation', title: 'JSON-RPC API' });
    // No summary: the title is the page's own slug, as Mintlify's, and the warning names it.
    expect(plan.pages.find((p) => p.slug === 'untitled')).toMatchObject({ kind: 'operation', title: 'Untitled' });
    expect(diagnostics.map((d) => [d.code, d.file, d.message])).toEqual([
      ['page/no-title', 'untitled.mdx', 'page has no "title" in its frontmatter; using "Untitled"'],
    ]);
  });
});
