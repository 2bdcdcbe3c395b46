/**
 * `lectern dev` starting again on the same repo: the planned site comes from the cache (`.lectern/cache/lectern/plan`),
 * a spec changed while the server was down is planned again, and pages load one at a time yet keep the built-in
 * components' styles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startDev } from './helpers.ts';

let root = '';
const spec = (summary: string) =>
  JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    servers: [{ url: 'https://api.example.test' }],
    paths: {
      '/things': { get: { tags: ['Things'], summary, description: `About ${summary}.`, responses: { '200': { description: 'OK' } } } },
      '/widgets': { get: { tags: ['Widgets'], summary: 'List widgets', responses: { '200': { description: 'OK' } } } },
    },
  });

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lectern-dev-start-'));
  await writeFile(
    path.join(root, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'Start Docs',
      colors: { primary: '#0D9373' },
      navigation: {
        tabs: [
          { tab: 'Guides', groups: [{ group: 'Start', pages: ['index', 'guides/cards', 'guides/plain'] }] },
          { tab: 'API', openapi: 'openapi.json' },
        ],
      },
    }),
  );
  await mkdir(path.join(root, 'guides'));
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome.\n');
  await writeFile(path.join(root, 'guides/cards.mdx'), '---\ntitle: Cards\n---\n\n<Card title="A card">Card body.</Card>\n');
  await writeFile(path.join(root, 'guides/plain.mdx'), '---\ntitle: Plain\n---\n\nPlain text.\n');
  await writeFile(path.join(root, 'openapi.json'), spec('List things'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const planEntries = async () => readdir(path.join(root, '.lectern/cache/lectern/plan')).catch(() => [] as string[]);

describe('lectern dev, started again', () => {
  it('serves endpoint and guide pages, with the styles of the components a page uses', async () => {
    const server = await startDev(root);
    try {
      const op = await fetch(`${server.url}/api-reference/things/list-things`);
      expect(op.status, server.log()).toBe(200);
      expect(await op.text()).toContain('About List things.');
      const cards = await (await fetch(`${server.url}/guides/cards`)).text();
      expect(cards).toContain('Card body.');
      // Card.astro's own <style>, collected by Astro's dev server from the route's module graph.
      expect(cards).toMatch(/Card\.astro\?astro&(amp;)?type=style/);
      expect(await (await fetch(`${server.url}/guides/plain`)).text()).toContain('Plain text.');
      expect(server.log()).not.toMatch(/from the cache/);
      // The playground proxy is mounted on every site; the assistant only where docs.json enables it (this one does not).
      const proxied = await fetch(`${server.url}/_lectern/api/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'GET', url: 'http://169.254.169.254/latest/meta-data' }),
      });
      expect(proxied.headers.get('x-lectern-proxy-error')).toBe('1');
      const asked = await fetch(`${server.url}/discovery/v1/assistant/start/message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(asked.status).toBe(404);
      expect(server.log()).not.toMatch(/assistant API/);
    } finally {
      await server.stop();
    }
    expect(await planEntries()).toHaveLength(1);
  }, 120_000);

  it('plans from the cache when nothing changed', async () => {
    const server = await startDev(root);
    try {
      const op = await fetch(`${server.url}/api-reference/things/list-things`);
      expect(op.status, server.log()).toBe(200);
      expect(await op.text()).toContain('About List things.');
      expect(server.log()).toMatch(/planned \d+ pages in \d+ ms \(from the cache\)/);
    } finally {
      // Stopped while the warm-up may still be loading the home page's modules: Vite would wait a minute for its
      // closed module runner; `lectern dev` exits within its grace period.
      const stopping = Date.now();
      await server.stop();
      expect(Date.now() - stopping).toBeLessThan(30_000);
    }
  }, 120_000);

  it('plans again when a spec changed while the server was down, and shows the change', async () => {
    await writeFile(path.join(root, 'openapi.json'), spec('List all things'));
    const server = await startDev(root);
    try {
      const op = await fetch(`${server.url}/api-reference/things/list-all-things`);
      expect(op.status, server.log()).toBe(200);
      expect(await op.text()).toContain('About List all things.');
      expect((await fetch(`${server.url}/api-reference/things/list-things`)).status).toBe(404);
      expect(server.log()).not.toMatch(/from the cache/);
    } finally {
      await server.stop();
    }
    // One entry is kept: the one for the files as they are now.
    expect(await planEntries()).toHaveLength(1);
  }, 120_000);

  it('with LECTERN_CACHE=off, neither reads nor writes the plan cache', async () => {
    await rm(path.join(root, '.lectern/cache'), { recursive: true, force: true });
    process.env.LECTERN_CACHE = 'off';
    try {
      const server = await startDev(root);
      try {
        expect((await fetch(`${server.url}/api-reference/things/list-all-things`)).status, server.log()).toBe(200);
      } finally {
        await server.stop();
      }
    } finally {
      delete process.env.LECTERN_CACHE;
    }
    expect(await planEntries()).toHaveLength(0);
  }, 120_000);
});
