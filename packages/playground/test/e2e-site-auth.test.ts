/**
 * `display: auth` on a real built site (`lectern build`, served by `lectern serve`'s `createServer`) in Chromium:
 * the "Try it" wrapper stays hidden until the page's script tells the playground who the reader is (the documented
 * client API: `window.lectern.auth` + the `lectern:auth` event), and then the island loads and sends through the
 * proxy to a real API on 127.0.0.1.
 */
import { tmpdir } from 'node:os';
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../astro/test/helpers.ts';
import { buildSite } from 'lectern/run';
import { createServer as createLecternServer } from '@lectern/server';

let api: Server;
let apiOrigin = '';
const received: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
let root = '';
let site: { url: string; close(): Promise<void> };
let browser: Browser;

beforeAll(async () => {
  api = createHttpServer((req, res) => {
    received.push({ url: req.url ?? '', headers: req.headers });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ pets: [{ name: 'Rex' }] }));
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  apiOrigin = `http://127.0.0.1:${(api.address() as { port: number }).port}`;

  // Inside the checkout (.cache/ is gitignored): Astro stages prerendered pages under `<cwd>/.astro/` when the
  // output is outside the working directory, a folder other builds running at the same time would share.
  const cache = fileURLToPath(new URL('../../../.cache/', import.meta.url));
  mkdirSync(cache, { recursive: true });
  root = mkdtempSync(path.join(cache, 'site-auth-'));
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
            summary: 'Find pets',
            parameters: [{ name: 'species', in: 'query', schema: { type: 'string', default: 'dog' } }],
            responses: { '200': { description: 'OK' } },
          },
        },
        '/owners': { get: { summary: 'Find owners', responses: { '200': { description: 'OK' } } } },
      },
    }),
  );
  // Two gated pages: one for the `admin` group, one for any signed-in reader; both stay public.
  writeFileSync(path.join(root, 'admin-pets.mdx'), '---\nopenapi: GET /pets\nplayground: auth\ngroups: ["admin"]\npublic: true\n---\n');
  writeFileSync(path.join(root, 'owners.mdx'), '---\nopenapi: GET /owners\nplayground: auth\npublic: true\n---\n');
  // An AsyncAPI channel page gated the same way.
  writeFileSync(
    path.join(root, 'chat.yaml'),
    readFileSync(fileURLToPath(new URL('../../../fixtures/specs/asyncapi/chat-v3.yaml', import.meta.url))),
  );
  writeFileSync(path.join(root, 'room.mdx'), '---\nasyncapi: chat.yaml room\nplayground: auth\ngroups: ["admin"]\npublic: true\n---\n');
  writeFileSync(
    path.join(root, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'Auth gating e2e',
      colors: { primary: '#0D9373' },
      lectern: { proxy: { allow: [apiOrigin] } },
      navigation: { groups: [{ group: 'Home', openapi: 'openapi.json', pages: ['index', 'admin-pets', 'owners', 'room'] }] },
    }),
  );
  const { outDir } = await buildSite(root, { logLevel: 'warn' });
  site = await createLecternServer({ dist: outDir, port: 0, host: '127.0.0.1', log: false });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await new Promise((r) => api.close(r));
  if (root) rmSync(root, { recursive: true, force: true });
});

/** A page; `user` is what a site script puts in `window.lectern.auth` before anything else runs. */
async function open(slug: string, user?: object): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1200, height: 900 } })).newPage();
  if (user)
    await page.addInitScript((u) => {
      (window as unknown as { lectern: object }).lectern = { auth: { user: u } };
    }, user);
  await page.goto(`${site.url.replace(/\/$/, '')}/${slug}`);
  await page.waitForLoadState('load');
  return page;
}

/** The documented client API without a bundler: set `window.lectern.auth`, dispatch `lectern:auth`. */
const signIn = (page: Page, user: object | null) =>
  page.evaluate((u) => {
    const w = window as unknown as { lectern: { auth?: object } };
    w.lectern.auth = { user: u };
    window.dispatchEvent(new Event('lectern:auth'));
  }, user);

const tryIt = (page: Page) => page.locator('.try-it > summary');

async function sendFromPlayground(page: Page) {
  await tryIt(page).click();
  await page.waitForSelector('.lectern-playground button[type="submit"]', { timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('#api-playground astro-island[ssr]'), null, { timeout: 30_000 });
  const before = received.length;
  await page.click('.lectern-playground button[type="submit"]');
  await page.waitForSelector('.lectern-playground [data-status]', { timeout: 30_000 });
  return { status: await page.textContent('.lectern-playground [data-status]'), calls: received.slice(before) };
}

describe('display: auth on a built site', () => {
  it('signed out: the page is readable but shows no Try it, and loads no playground code', async () => {
    const page = await open('admin-pets');
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await expect(page.locator('h1').innerText()).resolves.toContain('Find pets');
    expect(await page.locator('.try-it').count()).toBe(1);
    expect(await tryIt(page).isVisible()).toBe(false);
    expect(await page.locator('.try-it').evaluate((el) => (el as HTMLElement).hidden)).toBe(true);
    // "Others see nothing": not the endpoint line either.
    expect(await page.locator('[data-endpoint]').isVisible()).toBe(false);
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(300);
    expect(scripts.filter((s) => /Playground/i.test(s))).toEqual([]);
    // A reader outside the page's groups stays out.
    await signIn(page, { groups: ['viewer'] });
    expect(await tryIt(page).isVisible()).toBe(false);
    await page.close();
  });

  it('signed in later (lectern:auth) with a matching group: Try it appears and sends; signing out hides it again', async () => {
    const page = await open('admin-pets');
    expect(await tryIt(page).isVisible()).toBe(false);
    await signIn(page, { email: 'ada@example.com', groups: ['viewer', 'admin'] });
    await tryIt(page).waitFor({ state: 'visible' });
    expect(await page.locator('[data-endpoint]').isVisible()).toBe(true);
    const { status, calls } = await sendFromPlayground(page);
    expect(status).toMatch(/^200/);
    expect(calls.map((c) => c.url)).toEqual(['/pets?species=dog']);
    await page.screenshot({ path: path.join(tmpdir(), 'playground-site-auth.png') });
    await signIn(page, null);
    await tryIt(page).waitFor({ state: 'hidden' });
    await page.close();
  });

  it('signed in before load (window.lectern.auth from a site script): visible at once; no groups = any signed-in reader', async () => {
    const admin = await open('admin-pets', { groups: ['admin'] });
    expect(await tryIt(admin).isVisible()).toBe(true);
    await admin.close();
    const anyone = await open('owners', { email: 'bob@example.com' });
    expect(await tryIt(anyone).isVisible()).toBe(true);
    const { status, calls } = await sendFromPlayground(anyone);
    expect(status).toMatch(/^200/);
    expect(calls.map((c) => c.url)).toEqual(['/owners']);
    await anyone.close();
    const nobody = await open('owners');
    expect(await tryIt(nobody).isVisible()).toBe(false);
    await nobody.close();
  });

  it('channel pages: Connect stays hidden until a reader of the page groups signs in', async () => {
    const page = await open('room');
    const connect = page.locator('.try-it > summary');
    expect(await page.locator('.try-it').count()).toBe(1);
    expect(await connect.isVisible()).toBe(false);
    await signIn(page, { groups: ['viewer'] });
    expect(await connect.isVisible()).toBe(false);
    await signIn(page, { groups: ['admin'] });
    await connect.waitFor({ state: 'visible' });
    await connect.click();
    await page.waitForSelector('.lectern-playground', { timeout: 30_000 });
    await page.close();
  });
});
