/**
 * The "Ask AI" panel on this repository's own docs site (docs.json, index.mdx and docs/, copied and built once per
 * base path), in real Chromium against `lectern serve --assistant` with no model configured: the answers are the
 * offline extractive composer's, quoted from our pages. At the root and under `--base /pr-7/`: Ctrl+I opens the
 * panel; a question about the playground proxy's allowlist gets a streamed answer with source links; every link of
 * the answer leads to a page that has the section it names; following a source lands on that section; a follow-up on
 * the next page stays in the same thread; the search dialog's "Ask AI about …" asks its query.
 */
import type { ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { buildSite } from '../src/cli/run.ts';
import { REPO, launchChromium, startServe } from './helpers.ts';

/** What our docs site is made of at the repository's root (its .mintignore leaves the code out of a root build). */
const SITE_FILES = ['docs.json', 'index.mdx', 'docs', '.mintignore'];
const QUESTION = 'How do I allow my API host in the playground proxy?';
const FOLLOW_UP = 'Where do I list the extra origins?';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Registers the describe's `beforeAll`/`afterAll`: our docs copied into a temp dir, built under `base`, served by
 * `lectern serve --assistant` with no model (the variables that would choose one are left out of its environment).
 * `docs.site` is the site's address with its base path, without a trailing slash.
 */
function ownDocs(base: string): { readonly site: string } {
  const docs = { site: '' };
  let root = '';
  let serve: ChildProcess | undefined;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'lectern-own-docs-'));
    for (const file of SITE_FILES) await cp(path.join(REPO, file), path.join(root, file), { recursive: true });
    await buildSite(root, { logLevel: 'error', base });
    const noModel = { LECTERN_ASSISTANT_BASE_URL: undefined, LECTERN_ASSISTANT_MODEL: undefined };
    const served = await startServe(root, noModel, 0, ['--assistant']);
    serve = served.child;
    docs.site = served.url + base.replace(/\/$/, '');
  }, 240_000);
  afterAll(async () => {
    if (serve && serve.exitCode === null) {
      const exited = new Promise((r) => serve!.once('exit', r));
      serve.kill('SIGTERM');
      await exited;
    }
    if (root) await rm(root, { recursive: true, force: true });
  });
  return docs;
}

/**
 * A new tab that records the panel's requests to the assistant (their JSON bodies) and the content types of the
 * answers (Chromium does not keep a streamed body for the test to read).
 */
async function newPage(): Promise<{ page: Page; bodies: Array<Record<string, unknown>>; answerTypes: string[] }> {
  const page = await browser.newPage();
  const bodies: Array<Record<string, unknown>> = [];
  const answerTypes: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/discovery/v2/assistant/')) bodies.push(r.postDataJSON());
  });
  page.on('response', (r) => {
    if (r.url().includes('/discovery/v2/assistant/')) answerTypes.push(r.headers()['content-type'] ?? '');
  });
  return { page, bodies, answerTypes };
}

/** The conversation's thread as the panel keeps it for the tab's session (the site's domain is `lectern`). */
const storedThread = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('lectern:assistant:lectern') ?? '{}').thread?.threadId as string | undefined);

/** Records in `window.__states` each state the panel's first answer goes through (`streaming`, `done`, …). */
async function watchAnswerStates(page: Page): Promise<void> {
  await page.evaluate(() => {
    const states: string[] = [];
    (window as unknown as { __states: string[] }).__states = states;
    new MutationObserver(() => {
      const state = document.querySelector('.lectern-ai-answer')?.getAttribute('data-state');
      if (state && states[states.length - 1] !== state) states.push(state);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });
}

const panel = (page: Page) => page.locator('[role="dialog"][aria-labelledby="lectern-ai-title"]');

async function ask(page: Page, text: string): Promise<void> {
  await page.getByLabel('Ask a question').fill(text);
  await page.getByLabel('Ask a question').press('Enter');
}

/** The `n`th answer of the panel (0-based), once it is complete. */
async function answered(page: Page, n: number): Promise<Locator> {
  await page.locator('.lectern-ai-answer[data-state="done"]').nth(n).waitFor({ timeout: 30_000 });
  return page.locator('.lectern-ai-answer').nth(n);
}

/** The answer's links to pages of the site: its source list and the links in its text. */
async function pageLinks(answer: Locator): Promise<{ sources: string[]; inText: string[] }> {
  const hrefs = (l: Locator) => l.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return {
    sources: await hrefs(answer.locator('nav[aria-label="Sources"] a')),
    inText: (await hrefs(answer.locator('[data-answer] a'))).filter((h) => h.startsWith('/')),
  };
}

/** Every link of an answer to the site is under `base` and leads to a page (200) with the element its `#id` names. */
async function expectSiteLinks(site: string, base: string, links: { sources: string[]; inText: string[] }): Promise<void> {
  const hrefs = [...links.sources, ...links.inText];
  expect(hrefs.filter((href) => !href.startsWith(base))).toEqual([]);
  const broken: string[] = [];
  for (const href of new Set(hrefs)) {
    const url = new URL(href, site);
    const response = await fetch(url);
    const html = await response.text();
    const id = decodeURIComponent(url.hash.slice(1));
    if (!response.ok || (id && !html.includes(` id="${id}"`))) broken.push(href);
  }
  expect(broken).toEqual([]);
}

for (const base of ['/', '/pr-7/']) {
  describe(`our own docs, built with base ${base}, under lectern serve --assistant without a model`, () => {
    const docs = ownDocs(base);
    /** A link to a section of the proxy page, under the base. */
    const PROXY_SECTION = new RegExp(`^${base}docs/api-pages/proxy#[a-z0-9-]+$`);
    /**
     * An answer about the proxy's allowlist: quoted from our pages, a source on a section of the proxy page, and every
     * link to the site (sources and links in the text) under the base, leading to a page with the section it names.
     */
    async function expectProxyAnswer(answer: Locator): Promise<void> {
      await expect(answer.locator('[data-answer]').innerText()).resolves.toContain('lectern.proxy.allow');
      const links = await pageLinks(answer);
      expect(
        links.sources.filter((h) => PROXY_SECTION.test(h)),
        links.sources.join(' '),
      ).not.toEqual([]);
      await expectSiteLinks(docs.site, base, links);
    }

    it('Ctrl+I asks; sources lead to their sections; a follow-up on the next page stays in the thread', async () => {
      const { page, bodies, answerTypes } = await newPage();
      try {
        await page.goto(`${docs.site}/`);
        await page.keyboard.press('Control+i');
        await panel(page).waitFor({ state: 'visible' });
        await watchAnswerStates(page);
        await ask(page, QUESTION);
        const first = await answered(page, 0);
        await expectProxyAnswer(first);
        // Streamed: the answer was on screen as "streaming" (the log busy) before it was done, read from the AI SDK
        // UI message stream; it started the thread the panel keeps.
        expect(answerTypes[0]).toContain('text/event-stream');
        await expect(page.evaluate(() => (window as unknown as { __states: string[] }).__states)).resolves.toEqual(['streaming', 'done']);
        const thread = await storedThread(page);
        expect(thread).toMatch(/^thr_/);

        // Following the source: the proxy page, scrolled to the section the link names.
        const source = first.locator('nav[aria-label="Sources"] a').filter({ hasText: 'Playground proxy' }).first();
        const href = (await source.getAttribute('href'))!;
        expect(href).toMatch(PROXY_SECTION);
        await source.click();
        await page.waitForURL(new URL(href, docs.site).href);
        await expect(page.locator('h1').first().innerText()).resolves.toBe('Playground proxy');
        const section = page.locator(`[id="${decodeURIComponent(href.split('#')[1]!)}"]`);
        await expect(section.count()).resolves.toBe(1);
        await expect
          .poll(() => section.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < innerHeight))
          .toBe(true);

        // The conversation came along; the follow-up carries its thread and gets its answer in the same thread.
        await page.keyboard.press('Control+i');
        await panel(page).waitFor({ state: 'visible' });
        await expect.poll(() => page.locator('.lectern-ai-question').count()).toBe(1);
        await ask(page, FOLLOW_UP);
        await expectProxyAnswer(await answered(page, 1));
        expect(bodies).toHaveLength(2);
        expect(bodies[0]!.threadId).toBeUndefined();
        expect(bodies[1]!.threadId).toBe(thread);
        expect(bodies[1]!.threadKey).toMatch(/^thk_/);
        // The page the reader is on, named as the server names pages (without the base).
        expect(bodies[1]!.currentPath).toBe('/docs/api-pages/proxy');
        expect((bodies[1]!.messages as unknown[]).length).toBe(3);
        // The server answered in that thread (a thread it did not know would be refused and forgotten by the panel).
        expect(answerTypes[1]).toContain('text/event-stream');
        await expect(storedThread(page)).resolves.toBe(thread);
      } finally {
        await page.close();
      }
    }, 120_000);

    it('the search dialog hands its query over: "Ask AI about <query>" asks it', async () => {
      const { page } = await newPage();
      try {
        await page.goto(`${docs.site}/docs/getting-started`);
        await page.keyboard.press('Control+k');
        await page.locator('[data-search-input]').fill('proxy allowlist');
        await page.getByRole('button', { name: 'Ask AI about “proxy allowlist”' }).click();
        await panel(page).waitFor({ state: 'visible' });
        await expect(page.locator('[data-search-dialog]').isHidden()).resolves.toBe(true);
        await expect(page.locator('.lectern-ai-question').innerText()).resolves.toBe('proxy allowlist');
        await expectProxyAnswer(await answered(page, 0));
      } finally {
        await page.close();
      }
    }, 60_000);
  });
}
