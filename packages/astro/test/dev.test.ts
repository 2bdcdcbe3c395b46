/** `lectern dev` on a docs repo with only docs.json: pages render, edits show up, the playground proxy is mounted. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cp, mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { FIXTURES, REPO, startDev } from './helpers.ts';

let root = '';
let base = '';
let key = '';
let server: Awaited<ReturnType<typeof startDev>> | undefined;

beforeAll(async () => {
  // In the OS temp dir, outside Lectern's install tree, as a docs repo with only docs.json and pages.
  root = await mkdtemp(path.join(tmpdir(), 'lectern-dev-'));
  await cp(path.join(FIXTURES, 'basic'), root, {
    recursive: true,
    filter: (src) => !/[\\/](dist|\.lectern|\.astro|node_modules)([\\/]|$)/.test(src),
  });
  const config = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8'));
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ ...config, lectern: { assistant: { enabled: true } } }));
  const created = spawnSync(
    process.execPath,
    [path.join(REPO, 'packages/astro/bin/lectern.js'), 'keys', 'create', '--org', 'acme', '--domain', 'acme', '--json'],
    { cwd: root, encoding: 'utf8' },
  );
  expect(created.status, created.stderr).toBe(0);
  key = JSON.parse(created.stdout.trim().split('\n').pop()!).key;
  server = await startDev(root);
  base = server.url;
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await rm(root, { recursive: true, force: true });
});

/** Poll `url` until `ok(html)` (the dev server re-plans a few ms after the file event). */
async function eventually(url: string, ok: (html: string, status: number) => boolean): Promise<{ html: string; status: number }> {
  let last = { html: '', status: 0 };
  for (let i = 0; i < 60; i++) {
    const res = await fetch(url);
    last = { html: await res.text(), status: res.status };
    if (ok(last.html, last.status)) return last;
    await new Promise((r) => setTimeout(r, 250));
  }
  return last;
}

describe('lectern dev', () => {
  it('renders guide pages with components and snippets', async () => {
    const res = await fetch(`${base}/guides/quickstart`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Quickstart - Basic Docs</title>');
    expect(html).toContain('From a snippet.');
    expect(html).toMatch(/data-label="app\.py"/);
  });

  it('shows an edited page on the next request', async () => {
    const file = path.join(root, 'guides/nested.mdx');
    await writeFile(file, (await readFile(file, 'utf8')).replace('Hi.', 'Edited in dev.'));
    const { html } = await eventually(`${base}/guides/nested`, (h) => h.includes('Edited in dev.'));
    expect(html).toContain('Edited in dev.');
  });

  it('follows docs.json and spec changes: new endpoint pages, renamed operations, sidebar', async () => {
    const spec = (summary: string) =>
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'T', version: '1' },
        servers: [{ url: 'https://api.example.test' }],
        paths: { '/things': { get: { tags: ['Things'], summary, responses: { '200': { description: 'OK' } } } } },
      });
    await writeFile(path.join(root, 'openapi.json'), spec('List things'));
    const config = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8'));
    config.navigation.tabs.push({ tab: 'API', openapi: 'openapi.json' });
    await writeFile(path.join(root, 'docs.json'), JSON.stringify(config));
    const added = await eventually(`${base}/api-reference/things/list-things`, (_h, status) => status === 200);
    expect(added.status, server!.log()).toBe(200);
    expect(added.html).toContain('<title>List things - Basic Docs</title>');

    await writeFile(path.join(root, 'openapi.json'), spec('List all things'));
    const renamed = await eventually(`${base}/api-reference/things/list-all-things`, (_h, status) => status === 200);
    expect(renamed.status).toBe(200);
    expect((await fetch(`${base}/api-reference/things/list-things`)).status).toBe(404);
    const home = await (await fetch(`${base}/`)).text();
    expect(home).toMatch(/>API</);
  });

  it('mounts the playground proxy, which refuses hosts outside the manifest', async () => {
    const res = await fetch(`${base}/_lectern/api/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'GET', url: 'http://169.254.169.254/latest/meta-data' }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers.get('x-lectern-proxy-error')).toBe('1');
  });

  it('serves the shared code stylesheet', async () => {
    await fetch(`${base}/`);
    const css = await (await fetch(`${base}/_lectern/code.css`)).text();
    expect(css).toMatch(/\.k[0-9A-Za-z_-]+\{--shiki-light:/);
  });

  it('answers assistant questions from pages written after the server started', async () => {
    await writeFile(
      path.join(root, 'guides/quokka.mdx'),
      '---\ntitle: Quokka onboarding\ndescription: Onboarding for quokkas.\n---\n\nQuokka onboarding takes three hops.\n',
    );
    // Listed in the navigation: like Mintlify's, the assistant leaves out pages that are not (hidden pages).
    const config = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8'));
    config.navigation.tabs[0].groups[1].pages.push('guides/quokka');
    await writeFile(path.join(root, 'docs.json'), JSON.stringify(config));
    const ask = async () => {
      const response = await fetch(`${base}/discovery/v1/assistant/acme/message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({
          fp: 'anonymous',
          messages: [
            {
              id: 'm1',
              role: 'user',
              content: 'How does quokka onboarding work?',
              parts: [{ type: 'text', text: 'How does quokka onboarding work?' }],
            },
          ],
        }),
      });
      return { status: response.status, text: await response.text() };
    };
    let answer = await ask();
    for (let i = 0; i < 40 && !answer.text.includes('guides/quokka'); i++) {
      await new Promise((r) => setTimeout(r, 250));
      answer = await ask();
    }
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('guides/quokka');
    expect(answer.text).toMatch(/three hops/);
  });

  it('renders a page importing a JSX snippet (the repo has no node_modules of its own)', async () => {
    await writeFile(
      path.join(root, 'snippets/Hello.jsx'),
      'export const Hello = ({ name }) => <p className="jsx-hello">Hello, {name}!</p>;\n',
    );
    await writeFile(
      path.join(root, 'guides/jsx.mdx'),
      '---\ntitle: JSX\ndescription: A JSX snippet.\n---\nimport { Hello } from \'/snippets/Hello.jsx\';\n\n<Hello name="dev" />\n',
    );
    const { status, html } = await eventually(`${base}/guides/jsx`, (h, s) => s === 200 && h.includes('jsx-hello'));
    expect(status).toBe(200);
    expect(html).toContain('<p class="jsx-hello">Hello, dev!</p>');
  });

  it('refuses assistant requests without a key', async () => {
    const response = await fetch(`${base}/discovery/v1/assistant/acme/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
  });

  it("never sends Lectern's working files, databases or dotfiles, by URL or /@fs/", async () => {
    const { readdir } = await import('node:fs/promises');
    const dbs = (await readdir(path.join(root, '.lectern'))).filter((f) => f.endsWith('.db'));
    expect(dbs.length).toBeGreaterThan(0);
    await writeFile(path.join(root, '.env.yaml'), 'TOKEN: s3cr3t\n');
    await writeFile(path.join(root, 'notes.db'), 'SQLite format 3\0');
    const urls = [
      ...dbs.flatMap((db) => [`/.lectern/${db}`, `/@fs${root}/.lectern/${db}`, `/@fs${root}/.lectern/${db}?raw`]),
      `/@fs${root}/.env.yaml`,
      '/.env.yaml',
      '/notes.db',
      `/@fs${root}/notes.db?raw`,
    ];
    for (const url of urls) {
      const res = await fetch(base + url);
      const body = await res.text();
      expect(res.status, url).not.toBe(200);
      expect(body, url).not.toMatch(/SQLite format|s3cr3t/);
    }
  });
});
