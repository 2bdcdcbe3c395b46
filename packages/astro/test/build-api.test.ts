/** Builds the API fixture once (in a temp dir, through the zero-config build) and checks the produced site. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildFixture, readPage, FIXTURES } from './helpers.ts';

let dist = '';
let cleanup = async () => {};
const EP = 'api-reference/chat/create-a-message';

beforeAll(async () => {
  const built = await buildFixture(path.join(FIXTURES, 'api'));
  dist = built.dist;
  cleanup = built.cleanup;
});
afterAll(() => cleanup());

const ids = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
const sidebar = (html: string) => /<aside class="sidebar"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? '';

describe('API fixture build', () => {
  it('builds every planned page, the hidden one too, but not the excluded one', () => {
    expect(existsSync(path.join(dist, EP, 'index.html'))).toBe(true);
    expect(existsSync(path.join(dist, 'api-reference/users/get-a-secret-user/index.html'))).toBe(true);
    expect(existsSync(path.join(dist, 'api-reference/users/delete-user-forever/index.html'))).toBe(false);
  });

  it("orders the sidebar like docs.json, generated groups after the tab's own groups; hidden pages are not listed", async () => {
    const html = sidebar(await readPage(dist, EP));
    const labels = [...html.matchAll(/<span class="nav-label">([^<]+)<\/span>|<p class="nav-section-title">([^<]+)/g)].map(
      (m) => m[1] ?? m[2],
    );
    expect(labels).toEqual([
      'Overview',
      'API introduction',
      'Chat completions',
      'Create a message',
      'Users',
      'List users',
      'API Reference',
      'User created',
    ]);
    expect(html).not.toContain('Get a secret user');
    expect(html).toMatch(/<span class="method method-post">POST<\/span>\s*<span class="nav-label">Create a message/);
    expect(html).toContain('aria-current="page"');
  });

  it("renders only the active tab's sidebar (guides tab has no API entries)", async () => {
    const html = sidebar(await readPage(dist, 'index'));
    expect(html).not.toContain('Create a message');
  });

  it('gives parameters, body fields, nested fields, responses and auth stable anchors', async () => {
    const all = ids(await readPage(dist, EP));
    for (const id of [
      'authorization-authorization',
      'parameter-project-id',
      'parameter-page-size',
      'parameter-x-trace',
      'body-thread-id',
      'body-messages',
      'body-messages-role',
      'body-messages-parts-text',
      'body-node-children',
      'response-all-sessions',
    ]) {
      expect(all, id).toContain(id);
    }
  });

  it('shows the full base URL (api.url: full) with a server selector, and sections in order', async () => {
    const html = await readPage(dist, EP);
    expect(html).toMatch(/<span class="endpoint-base" data-base-url>https:\/\/api\.acme\.test\/v1<\/span>\/chat\/\{projectId\}\/messages/);
    expect(html).toContain('data-server-select');
    const order = [
      'id="authorizations"',
      'id="path-parameters"',
      'id="query-parameters"',
      'id="headers"',
      'id="body"',
      'id="callbacks"',
      'id="response"',
    ].map((s) => html.indexOf(s));
    expect(order.every((v, i) => v > 0 && (i === 0 || v > order[i - 1]!))).toBe(true);
  });

  it('renders oneOf as variant tabs, allOf merged, enums, defaults, required, deprecated, pills, readOnly hidden in requests', async () => {
    const html = await readPage(dist, EP);
    expect(html).toMatch(/data-label="By id"[^>]*>By id<\/button>/);
    expect(html).toContain('By email');
    expect(html).toMatch(/Available options: <code>fast<\/code>, <code>precise<\/code>/);
    expect(html).toMatch(/default: <code>5<\/code>/);
    expect(html).toContain('<span class="pill">beta</span>');
    expect(html).toContain('Recursive: same shape as its parent.');
    // allOf of the 200 response merged: both parts' properties listed
    expect(ids(html)).toContain('response-id');
  });

  it('has code samples in the configured language order and a response example', async () => {
    const html = await readPage(dist, EP);
    const tabs = /id="request-example"[\s\S]*?<\/div>/.exec(html)?.[0] ?? '';
    const labels = [...tabs.matchAll(/data-label="([^"]+)"/g)].map((m) => m[1]);
    expect(labels).toEqual(['cURL', 'Python', 'JavaScript']);
    expect(html).toContain('id="response-example"');
    expect(html).toMatch(/<pre class="shiki"[^>]*><code><span class="line"><span class="k[0-9A-Za-z_-]+">/);
    expect(readFileSync(path.join(dist, '_lectern/code.css'), 'utf8')).toMatch(
      /^\.k[0-9A-Za-z_-]+\{--shiki-light:#[0-9A-Fa-f]{6};--shiki-dark:#[0-9A-Fa-f]{6}/m,
    );
    expect(html).toContain('msg_1');
  });

  it('keeps the interactive playground behind "Try it" (hydrated when visible)', async () => {
    const html = await readPage(dist, EP);
    expect(html).toMatch(/<details class="try-it"[^>]*>/);
    expect(html).toMatch(/<astro-island[^>]*client="visible"/);
    const webhook = await readPage(dist, 'api-reference/user-created');
    expect(webhook).toContain('method-hook');
    expect(webhook).not.toContain('<astro-island');
  });

  it('never lets spec or docs.json text inject script, handlers or javascript: URLs', async () => {
    for (const slug of ['index', EP]) {
      const html = await readPage(dist, slug);
      expect(html).not.toMatch(/<script>window\.__xss/);
      expect(html).not.toMatch(/onerror=|onclick=/i);
      expect(html).not.toMatch(/href="javascript:/i);
    }
  });

  it('writes title, description, canonical, the manifest, redirects, search index, llms.txt and Markdown copies', async () => {
    const html = await readPage(dist, 'api-intro');
    expect(html).toContain('<title>API introduction - Acme API</title>');
    expect(html).toContain('<meta name="description" content="How the Acme API works.">');
    expect(html).toContain('<link rel="canonical" href="https://docs.acme.test/api-intro">');
    const manifest = JSON.parse(readFileSync(path.join(dist, '_lectern/manifest.json'), 'utf8'));
    expect(manifest.servers.map((s: { url: string }) => s.url)).toEqual(['https://api.acme.test/v1', 'https://sandbox.acme.test/v1']);
    expect(manifest.redirects).toEqual([{ source: '/old', destination: '/api-intro', permanent: true }]);
    expect(readFileSync(path.join(dist, 'old/index.html'), 'utf8')).toContain('/api-intro');
    expect(existsSync(path.join(dist, 'pagefind/pagefind.js'))).toBe(true);
    expect(readFileSync(path.join(dist, 'llms.txt'), 'utf8')).toContain(
      '- [Create a message](https://docs.acme.test/api-reference/chat/create-a-message.md)',
    );
    expect(readFileSync(path.join(dist, `${EP}.md`), 'utf8')).toContain('`POST /chat/{projectId}/messages`');
    expect(existsSync(path.join(dist, 'openapi.yaml'))).toBe(true);
    expect(existsSync(path.join(dist, '404.html'))).toBe(true);
    // errors.404.redirect defaults to true (Mintlify): the 404 page sends readers home.
    expect(readFileSync(path.join(dist, '404.html'), 'utf8')).toMatch(/<meta http-equiv="refresh" content="2; url=\/"/);
  });

  it('compiles x-mint.content as MDX: components, headings with anchors, Markdown', async () => {
    const html = await readPage(dist, 'api-reference/users/list-users');
    const content = /<div class="endpoint-content">([\s\S]*?)<\/div>(?:<script|<details|<section)/.exec(html)?.[1] ?? '';
    expect(content).toMatch(/class="callout[^"]*callout-note/);
    expect(content).toContain('<code>next</code>');
    expect(content).toMatch(/<h2[^>]*id="sorting"/);
    expect(content).toContain('<strong>newest first</strong>');
  });

  it('playground display: simple keeps a copyable endpoint line without the island; none shows neither', async () => {
    const interactive = await readPage(dist, 'api-reference/users/list-users');
    expect(interactive).toContain('<astro-island');
    expect(interactive).toContain('data-endpoint');
    const simple = await readPage(dist, 'playground-simple');
    expect(simple).not.toContain('<astro-island');
    expect(simple).not.toContain('class="try-it"');
    expect(simple).toMatch(/<div class="endpoint-header" data-endpoint>[\s\S]*?data-copy="https:\/\/api\.acme\.test\/v1\/users"/);
    const none = await readPage(dist, 'playground-none');
    expect(none).not.toContain('<astro-island');
    expect(none).not.toContain('data-endpoint');
    // The reference itself stays.
    expect(none).toContain('id="response"');
  });

  it('renders every part of an operation: body per media type, oneOf variants, callbacks, responses per status', async () => {
    const html = await readPage(dist, EP);
    // One body section per media type.
    expect(html).toContain('application/json');
    expect(html).toContain('multipart/form-data');
    expect(html).toMatch(/id="body-multipart-form-data-file"[\s\S]*?field-type">file</);
    // oneOf as variant tabs, titled.
    expect(html).toMatch(/>By id<[\s\S]*?>By email</);
    // The callback's own body.
    expect(html).toMatch(/id="callbacks"[\s\S]*?onDone[\s\S]*?status/);
    // A selector over response statuses, each with its panel.
    expect(html).toMatch(/role="tab"[^>]*>\s*<span class="status status-2">200<\/span>/);
    expect(html).toMatch(/role="tab"[^>]*>\s*<span class="status status-4">404<\/span>/);
  });

  it('renders cookie parameters and nullable fields', async () => {
    const html = await readPage(dist, 'api-reference/users/list-users');
    expect(html).toMatch(/id="cookies"[\s\S]*?id="parameter-session"[\s\S]*?The session cookie\./);
    expect(html).toMatch(/id="response-nickname"[\s\S]*?field-type">string \| null</);
  });

  it('keeps every id on every page unique: later statuses, media types and oneOf variants get their own anchors', async () => {
    const { readdirSync } = await import('node:fs');
    const pages = (readdirSync(dist, { recursive: true }) as string[]).filter((f) => f.endsWith('index.html'));
    expect(pages.length).toBeGreaterThan(5);
    for (const f of pages) {
      const html = readFileSync(path.join(dist, f), 'utf8');
      const list = ids(html);
      expect(
        list.filter((x, i) => list.indexOf(x) !== i),
        f,
      ).toEqual([]);
    }
    const html = await readPage(dist, EP);
    // The first status / media type / variant keep the plain anchors.
    expect(html).toContain('id="body-thread-id"');
    expect(html).toContain('id="body-multipart-form-data-file"');
    expect(html).toContain('id="body-target-id"');
    expect(html).toContain('id="body-by-email-target-email"');
  });
});
