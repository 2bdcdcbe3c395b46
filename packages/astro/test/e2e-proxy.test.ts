/**
 * The playground with `proxy: true` (the default) in real Chromium, under `lectern serve` and `lectern dev`:
 * the browser only talks to the docs origin, the proxy calls the API (a real server on 127.0.0.1, allowed by
 * `lectern.proxy.allow`), and the answer shows in the island.
 */
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer as createLecternServer } from '@lectern/server';
import { buildSite } from '../src/cli/run.ts';
import { launchChromium, startDev } from './helpers.ts';

let api: Server;
let apiOrigin = '';
const received: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
let root = '';
const EP = 'api-reference/pets/find-pets';

beforeAll(async () => {
  api = createHttpServer((req, res) => {
    received.push({ url: req.url ?? '', headers: req.headers });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ pets: [{ name: 'Rex' }], query: req.url }));
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  apiOrigin = `http://127.0.0.1:${(api.address() as { port: number }).port}`;

  root = mkdtempSync(path.join(tmpdir(), 'lectern-e2e-proxy-'));
  writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\ndescription: Home.\n---\nHello.\n');
  writeFileSync(
    path.join(root, 'openapi.json'),
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Pets', version: '1' },
      servers: [{ url: apiOrigin }],
      paths: {
        '/pets': {
          get: {
            tags: ['Pets'],
            summary: 'Find pets',
            parameters: [{ name: 'species', in: 'query', schema: { type: 'string', default: 'dog' } }],
            responses: { '200': { description: 'OK' } },
          },
        },
      },
    }),
  );
  writeFileSync(
    path.join(root, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'Proxy e2e',
      colors: { primary: '#0D9373' },
      api: { examples: { languages: ['curl', 'py', 'go', 'rust', 'csharp'] } },
      lectern: { proxy: { allow: [apiOrigin] } },
      navigation: {
        tabs: [
          { tab: 'Home', groups: [{ group: 'Home', pages: ['index'] }] },
          { tab: 'API', openapi: 'openapi.json' },
        ],
      },
    }),
  );
}, 60_000);

afterAll(async () => {
  await new Promise((r) => api.close(r));
  rmSync(root, { recursive: true, force: true });
});

async function sendFromPlayground(base: string) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const origins = new Set<string>();
    const requested: string[] = [];
    page.on('request', (request) => {
      origins.add(new URL(request.url()).origin);
      requested.push(request.url());
    });
    await page.goto(`${base}/${EP}`);
    await page.click('.try-it > summary');
    await page.waitForSelector('.lectern-playground button[type="submit"]', { timeout: 30_000 });
    await page.waitForFunction(() => !document.querySelector('#api-playground astro-island[ssr]'), null, { timeout: 30_000 });
    // Live request samples: the generators load only when the panel opens, then show the page's languages.
    const lazy = () => requested.some((u) => /\/live\.[^/]*\.js$/.test(u) || /live(-samples)?\.ts/.test(u));
    expect(lazy()).toBe(false);
    await page.click('.lectern-playground .lp-samples > summary');
    await page.waitForSelector('.lectern-playground .lp-samples [role="tab"]', { timeout: 30_000 });
    expect(lazy()).toBe(true);
    const liveTabs = await page.locator('.lectern-playground .lp-samples [role="tab"]').allInnerTexts();
    const staticTabs = await page.locator('#request-example [role="tab"]').allInnerTexts();
    await page.locator('.lectern-playground .lp-samples [role="tab"]', { hasText: 'Python' }).click();
    const python = await page.locator('.lectern-playground .lp-samples pre').innerText();
    const before = received.length;
    await page.click('.lectern-playground button[type="submit"]');
    await page.waitForSelector('.lectern-playground [data-status]', { timeout: 30_000 });
    const status = await page.textContent('.lectern-playground [data-status]');
    const body = await page.textContent('.lectern-playground');
    return { status, body, origins, calls: received.slice(before), liveTabs, staticTabs, python };
  } finally {
    await browser.close();
  }
}

/** The answer shows in the island, and the browser never contacted the API itself: the docs origin's proxy did. */
function expectProxied({ status, body, origins, calls, liveTabs, staticTabs, python }: Awaited<ReturnType<typeof sendFromPlayground>>) {
  expect(liveTabs).toEqual(['cURL', 'Python', 'Go', 'Rust', 'C#']);
  expect(liveTabs).toEqual(staticTabs);
  expect(python).toContain('import requests');
  expect(python).toContain('species');
  expect(status).toMatch(/^200/);
  expect(body).toContain('Rex');
  expect(origins.has(apiOrigin)).toBe(false);
  expect(calls).toHaveLength(1);
  expect(calls[0]!.url).toBe('/pets?species=dog');
}

describe('playground through the proxy', () => {
  it('works under lectern serve', async () => {
    const { outDir } = await buildSite(root, { logLevel: 'warn' });
    const server = await createLecternServer({ dist: outDir, port: 0, host: '127.0.0.1', log: false });
    try {
      // The page carries the operation's slice as island props; the form itself is rendered in the browser only.
      const html = await (await fetch(`${server.url.replace(/\/$/, '')}/${EP}`)).text();
      const island = /<astro-island[\s\S]*?<\/astro-island>/.exec(html)?.[0] ?? '';
      expect(island).toContain('species');
      expect(island).not.toContain('<form');
      expectProxied(await sendFromPlayground(server.url.replace(/\/$/, '')));
    } finally {
      await server.close();
    }
  }, 240_000);

  it('works under a base path (a pull-request preview at /pr-7/) with lectern serve', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'lectern-e2e-base-'));
    try {
      const { outDir } = await buildSite(root, { logLevel: 'warn', base: '/pr-7/', outDir: path.join(out, 'dist') });
      const server = await createLecternServer({ dist: outDir, port: 0, host: '127.0.0.1', log: false });
      try {
        const result = await sendFromPlayground(`${server.url.replace(/\/$/, '')}/pr-7`);
        expectProxied(result);
      } finally {
        await server.close();
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 240_000);

  // The repo lives in the OS temp dir, outside Lectern's install tree (no folder in common with the checkout).
  it('works under lectern dev', async () => {
    const server = await startDev(root);
    try {
      expectProxied(await sendFromPlayground(server.url));
    } finally {
      await server.stop();
    }
  }, 240_000);
});
