import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildSitePlan,
  parseOperationRef,
  runCheckCommand,
  runGenerateCommand,
  slugify,
  slugToTitle,
  type BuiltSitePlan,
  type CliIO,
  type NavItem,
  type Page,
} from '../src/index.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../fixtures/sites');

function labels(items: NavItem[]): unknown[] {
  return items.map((item) => {
    if (item.type === 'page') return item.slug;
    if (item.type === 'link') return `link:${item.href}`;
    return { [item.label]: labels(item.children) };
  });
}

describe('slug and operation-string rules', () => {
  it('slugifies like the reference algorithm', () => {
    expect(slugify('Get a user')).toBe('get-a-user');
    expect(slugify('/users/{id}')).toBe('users');
    expect(slugify('/users/{id}/posts')).toBe('users-posts');
    expect(slugify("List (all) users, v2.0 'beta'")).toBe('list-all-users-v20-beta');
    expect(slugify('User Management')).toBe('user-management');
    // One pass of -- to -, as Mintlify: a tag "Client API - Display" is the folder client-api--display.
    expect(slugify('Client API - Display')).toBe('client-api--display');
    expect(slugToTitle('guides/getting-started')).toBe('Getting started');
    expect(slugToTitle('get-users')).toBe('Get users');
  });

  it('parses operation strings and tells them from page paths', () => {
    expect(parseOperationRef('GET /users')).toEqual({ method: 'get', path: '/users' });
    expect(parseOperationRef('openapi/v1.json POST /users/{id}')).toEqual({ file: 'openapi/v1.json', method: 'post', path: '/users/{id}' });
    expect(parseOperationRef('webhook newUser')).toEqual({ method: 'webhook', path: 'newUser' });
    expect(parseOperationRef('spec.yaml webhook newUser')).toEqual({ file: 'spec.yaml', method: 'webhook', path: 'newUser' });
    expect(parseOperationRef('QUERY /search')).toEqual({ method: 'query', path: '/search' });
    expect(parseOperationRef('guides/quickstart')).toBeUndefined();
    expect(parseOperationRef('get started')).toBeUndefined();
    expect(parseOperationRef('a b c d')).toBeUndefined();
  });
});

describe('site plan of the navigation fixture', () => {
  let built: BuiltSitePlan;
  let bySlug: Map<string, Page>;
  beforeAll(async () => {
    built = await buildSitePlan(path.join(fixtures, 'navigation'));
    bySlug = new Map(built.plan.pages.map((p) => [p.slug, p]));
  });

  it('has no errors', () => {
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('builds the navigation tree in docs.json order with generated groups appended', () => {
    expect(labels(built.plan.navigation)).toEqual([
      { Guides: [{ Start: ['index', 'quickstart', { Nested: ['guides/deep'] }] }] },
      {
        API: [
          { Overview: ['api/overview', 'api/get-users-custom'] },
          {
            Users: [
              'api-reference/user-management/get-a-user',
              'api-reference/user-management/get-a-user-1',
              'api-reference/user-management/get-users',
            ],
          },
          { 'API Reference': ['api-reference/health-check', 'api-reference/new-user-event'] },
          { Misc: ['custom/moved-here'] },
        ],
      },
      // Selective mode: only the listed operations, trailing slash tolerated; an explicit-file entry from another spec.
      {
        V2: [
          { 'V2 API': ['v2/intro', 'api-reference/orders/list-orders', 'api-reference/orders/create-order', 'api-reference/health-check'] },
        ],
      },
      { Events: [{ Websockets: ['realtime/websockets/channelone'] }, { Chat: ['realtime/chat/chat-room'] }] },
      { Blog: [] },
    ]);
    expect(built.plan.navigation[4]).toMatchObject({ type: 'tab', href: 'https://blog.example.com' });
    expect(built.plan.global).toMatchObject([{ type: 'anchor', label: 'Status', href: 'https://status.example.com' }]);
  });

  it('follows the reference slug and title algorithm', () => {
    expect(bySlug.get('api-reference/user-management/get-a-user')).toMatchObject({
      kind: 'operation',
      title: 'Get a user',
      method: 'get',
      path: '/users/{id}',
      frontmatter: { openapi: '/specs/api.yaml get /users/{id}' },
    });
    // De-duplication of a second summary that slugs the same.
    expect(bySlug.get('api-reference/user-management/get-a-user-1')).toMatchObject({ method: 'delete', title: 'Get a user' });
    // No summary: method + path slug, title from the slug.
    expect(bySlug.get('api-reference/user-management/get-users')).toMatchObject({ title: 'Get users', method: 'get', path: '/users' });
    // x-mint.href moves the page; x-mint.metadata sets the title and playground.
    expect(bySlug.get('custom/moved-here')).toMatchObject({ title: 'Moved operation', playground: 'simple' });
    // Webhooks.
    expect(bySlug.get('api-reference/new-user-event')).toMatchObject({
      method: 'webhook',
      path: 'newUser',
      frontmatter: { openapi: '/specs/api.yaml webhook newUser' },
    });
    // AsyncAPI channels: sentence-cased id, or the title; tag group or "Websockets".
    expect(bySlug.get('realtime/websockets/channelone')).toMatchObject({ kind: 'channel', title: 'Channel one', channel: 'channelOne' });
    expect(bySlug.get('realtime/chat/chat-room')).toMatchObject({ kind: 'channel', title: 'Chat room' });
  });

  it('builds x-hidden operations outside navigation and never builds x-excluded ones', () => {
    expect(bySlug.get('api-reference/internal-thing')).toMatchObject({ hidden: true, kind: 'operation' });
    expect([...bySlug.values()].some((p) => p.kind === 'operation' && p.path === '/secret')).toBe(false);
  });

  it('builds every page file, hidden ones outside navigation', () => {
    expect(bySlug.get('guides/hidden-page')).toMatchObject({ hidden: true });
    expect(bySlug.get('guides/orphan')).toMatchObject({ hidden: true, title: 'Orphan' });
    expect(bySlug.get('quickstart')).toMatchObject({ sidebarTitle: 'Start here', hidden: false });
    expect(bySlug.get('guides/deep')).toMatchObject({ tag: 'NEW' });
  });

  it('turns openapi: frontmatter into an endpoint page with its own title and playground', () => {
    expect(bySlug.get('api/get-users-custom')).toMatchObject({
      kind: 'operation',
      title: 'List users (custom page)',
      method: 'get',
      path: '/users',
      spec: 'specs/api.yaml',
      playground: 'none',
      file: 'api/get-users-custom.mdx',
    });
    expect(bySlug.get('api/get-users-custom')!.body).toContain('Extra content above the reference.');
  });

  it('falls back to the simple playground when an operation has no server', () => {
    expect(bySlug.get('api-reference/orders/list-orders')).toMatchObject({ playground: 'simple' });
    expect(bySlug.get('api-reference/health-check')).toMatchObject({ playground: 'interactive' });
  });
});

function captureIO(): CliIO & { text: () => string } {
  let buffer = '';
  return { out: (t) => void (buffer += t), err: (t) => void (buffer += t), progress: false, text: () => buffer };
}

describe('lectern check', () => {
  it('reports exactly the expected problems of the broken fixture, all in one run', async () => {
    const io = captureIO();
    const code = await runCheckCommand([path.join(fixtures, 'broken'), '--json'], io);
    expect(code).toBe(1);
    const report = JSON.parse(io.text()) as {
      diagnostics: Array<{ code: string; file: string; pointer?: string; line?: number; message: string }>;
    };
    const found = report.diagnostics.map((d) => `${d.code} ${d.file}${d.line ? `:${d.line}` : ''} ${d.message}`).sort();
    expect(found).toEqual([
      'config/invalid docs.json:4 must be a hex color like #0D9373 or #0D9',
      'config/invalid docs.json:5 invalid value',
      'config/language docs.json:5 unknown language "cobol"',
      'config/navigation docs.json:12 group is missing its "group" label',
      'config/ref docs.json:21 $ref target "groups/missing.json" does not exist',
      'nav/operation-not-found docs.json:18 endpoint /nope not found in specs/api.json',
      'nav/operation-not-found docs.json:18 method DELETE for endpoint /health not found in specs/api.json',
      'nav/operation-not-found docs.json:18 webhook "ghost" not found in specs/api.json',
      'nav/page-not-found docs.json:11 navigation page "missing-page" has no file, so it is left out of the navigation',
      'page/frontmatter bad-frontmatter.mdx:4 malformed YAML frontmatter: incomplete explicit mapping pair; a key node is missed; or followed by a non-tabulated empty line',
      'page/mdx bad-mdx.mdx:8 invalid MDX: Expected a closing tag for `<Note>` (4:1-4:7)',
      'page/operation-not-found wrong-op.mdx:4 method POST for endpoint /health not found in specs/api.json',
      'spec/broken-ref specs/api.json:10 Broken $ref at /paths/~1health/get/responses/200/content/application~1json/schema: target "#/components/schemas/Missing" does not exist (no "components" under "#").',
      'spec/not-found specs/does-not-exist.yaml Spec file specs/does-not-exist.yaml does not exist.',
    ]);
  });

  it('a README.md (or LICENSE.md, AGENTS.md, the root skill.md) is a page when the navigation names it, and only then', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lectern-readme-page-'));
    try {
      writeFileSync(
        path.join(dir, 'docs.json'),
        JSON.stringify({
          name: 'S',
          theme: 'mint',
          colors: { primary: '#0D9373' },
          navigation: { groups: [{ group: 'Spikes', pages: ['intro', 'spikes/README'] }] },
        }),
      );
      writeFileSync(path.join(dir, 'intro.mdx'), '---\ntitle: Intro\ndescription: First.\n---\n\nHi.\n');
      writeFileSync(path.join(dir, 'README.md'), '# The repo\n');
      writeFileSync(path.join(dir, 'skill.md'), '---\nname: s\ndescription: The skill.\n---\n\nUse the docs.\n');
      mkdirSync(path.join(dir, 'spikes'));
      writeFileSync(path.join(dir, 'spikes/skill.md'), '---\ntitle: A skill page\n---\n\nA page like any other.\n');
      writeFileSync(path.join(dir, 'spikes/README.md'), '---\ntitle: Spikes\ndescription: The spikes.\n---\n\nList.\n');
      const { plan, diagnostics } = await buildSitePlan(dir, { remoteSpecDir: false });
      expect(diagnostics.filter((d) => d.code === 'nav/page-not-found')).toEqual([]);
      expect(plan.pages.map((p) => p.slug).sort()).toEqual(['intro', 'spikes/README', 'spikes/skill']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a navigation page without a file is a warning (left out of the navigation, the rest built), an error with --strict', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lectern-missing-page-'));
    writeFileSync(
      path.join(dir, 'docs.json'),
      JSON.stringify({
        name: 'S',
        theme: 'mint',
        colors: { primary: '#0D9373' },
        navigation: { groups: [{ group: 'Guides', pages: ['intro', 'gone', 'later'] }] },
      }),
    );
    writeFileSync(path.join(dir, 'intro.mdx'), '---\ntitle: Intro\ndescription: First.\n---\n\nHi.\n');
    writeFileSync(path.join(dir, 'later.mdx'), '---\ntitle: Later\ndescription: Second.\n---\n\nHi.\n');
    const { plan, diagnostics } = await buildSitePlan(dir, { remoteSpecDir: false });
    expect(diagnostics.map((d) => [d.severity, d.code, d.line, d.message])).toEqual([
      ['warning', 'nav/page-not-found', 1, 'navigation page "gone" has no file, so it is left out of the navigation'],
    ]);
    const group = plan.navigation.flatMap((n) => ('items' in n ? (n as { items: NavItem[] }).items : [n]));
    expect(JSON.stringify(group)).toContain('"intro"');
    expect(JSON.stringify(group)).toContain('"later"');
    expect(JSON.stringify(group)).not.toContain('"gone"');
    expect(await runCheckCommand([dir], captureIO())).toBe(0);
    expect(await runCheckCommand([dir, '--strict'], captureIO())).toBe(1);
  });

  it('openapi-schema: naming a schema no spec has is a warning (the page is built); none when a failed spec may hold it', async () => {
    const repo = (openapi: string[]) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'lectern-schema-'));
      writeFileSync(
        path.join(dir, 'docs.json'),
        JSON.stringify({
          name: 'S',
          theme: 'mint',
          colors: { primary: '#0D9373' },
          navigation: { groups: [{ group: 'G', openapi, pages: ['thing', 'ghost'] }] },
        }),
      );
      writeFileSync(
        path.join(dir, 'api.json'),
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'A', version: '1' },
          paths: {},
          components: { schemas: { Thing: { type: 'object' } } },
        }),
      );
      writeFileSync(path.join(dir, 'thing.mdx'), '---\ntitle: Thing\nopenapi-schema: Thing\n---\n');
      writeFileSync(path.join(dir, 'ghost.mdx'), '---\ntitle: Ghost\nopenapi-schema: Ghost\n---\n\nText.\n');
      return dir;
    };
    const plain = await buildSitePlan(repo(['api.json']));
    expect(
      plain.diagnostics.filter((d) => d.code !== 'page/no-description').map((d) => [d.severity, d.code, d.file, d.line, d.message]),
    ).toEqual([['warning', 'page/schema-not-found', 'ghost.mdx', 3, 'schema "Ghost" not found']]);
    expect(plain.plan.pages.find((p) => p.slug === 'ghost')?.kind).toBe('guide');
    expect(plain.plan.pages.find((p) => p.slug === 'thing')?.kind).toBe('schema');
    // A spec that cannot be loaded is the one error; the schema pages that may be in it are not reported again.
    const failed = await buildSitePlan(repo(['api.json', 'missing.json']));
    expect(failed.diagnostics.filter((d) => d.code !== 'page/no-description').map((d) => d.code)).toEqual(['spec/not-found']);
  });

  it('passes a clean repo and prints a summary', async () => {
    const io = captureIO();
    expect(await runCheckCommand([path.join(fixtures, 'navigation')], io)).toBe(0);
    expect(io.text()).toContain('0 errors, 1 warning; 19 pages (10 endpoint pages) from 3 specs');
  });
});

describe('lectern generate', () => {
  it('writes generated pages as MDX that replace the generated ones on the next build', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lectern-generate-'));
    cpSync(path.join(fixtures, 'navigation'), dir, { recursive: true });
    const io = captureIO();
    expect(await runGenerateCommand([dir], io)).toBe(0);
    expect(io.text()).toMatch(/wrote 11 pages/);
    const file = path.join(dir, 'api-reference/user-management/get-a-user.mdx');
    expect(readFileSync(file, 'utf8')).toBe('---\ntitle: Get a user\nopenapi: /specs/api.yaml get /users/{id}\n---\n');
    writeFileSync(
      file,
      '---\ntitle: Fetch one user\ndescription: Edited by hand.\nopenapi: /specs/api.yaml get /users/{id}\n---\n\nHand-written intro.\n',
    );
    const again = await buildSitePlan(dir);
    expect(again.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const page = again.plan.pages.find((p) => p.slug === 'api-reference/user-management/get-a-user')!;
    expect(page).toMatchObject({ kind: 'operation', title: 'Fetch one user', file: 'api-reference/user-management/get-a-user.mdx' });
    expect(existsSync(path.join(dir, 'realtime/websockets/channelone.mdx'))).toBe(true);
  });
});
