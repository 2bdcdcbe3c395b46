/**
 * A multi-language site (fixtures/i18n-ui: English with two versions, French) built under `--base /pr-7/`: its
 * language and version switchers lead to pages under the base (Chromium picks French and lands on /pr-7/fr/…), and
 * the site's own words (table of contents, previous/next, search) are in each page's language.
 */
import { mkdtemp, readFile, rm, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type LecternServer } from '@lectern/server';
import { buildSite } from '../src/cli/run.ts';
import { FIXTURES, launchChromium } from './helpers.ts';

const BASE = '/pr-7/';
let root = '';
let dist = '';
let server: LecternServer;
let origin = '';

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lectern-i18n-'));
  await cp(path.join(FIXTURES, 'i18n-ui'), root, { recursive: true });
  ({ outDir: dist } = await buildSite(root, { logLevel: 'error', base: BASE }));
  server = await createServer({ dist, port: 0, log: false });
  origin = server.url.replace(/\/$/, '');
}, 180_000);
afterAll(async () => {
  await server?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const html = (file: string) => readFile(path.join(dist, file), 'utf8');
const optionValues = (page: string) => [...page.matchAll(/<option value="([^"]*)" data-url-option/g)].map((m) => m[1]!);

describe('switchers under --base /pr-7/', () => {
  it('every language and version option names a page under the base', async () => {
    const en = optionValues(await html('en/guide/index.html'));
    expect(en).toEqual(['/pr-7/en', '/pr-7/fr/guide', '/pr-7/en', '/pr-7/en/v1-start']);
    expect(optionValues(await html('fr/guide/index.html'))).toEqual(['/pr-7/en/guide', '/pr-7/fr']);
  });

  it('choosing Français in the language switcher opens /pr-7/fr/guide', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${origin}${BASE}en/guide`);
      await Promise.all([page.waitForURL(/\/fr\//), page.selectOption('#switch-language', { label: 'Français' })]);
      expect(new URL(page.url()).pathname).toBe('/pr-7/fr/guide');
      expect(await page.locator('h1').textContent()).toBe('Guide fr');
      await Promise.all([page.waitForURL(/\/en\//), page.selectOption('#switch-language', { label: 'English' })]);
      expect(new URL(page.url()).pathname).toBe('/pr-7/en/guide');
    } finally {
      await browser.close();
    }
  }, 60_000);
});
