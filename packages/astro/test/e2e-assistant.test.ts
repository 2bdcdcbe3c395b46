/**
 * The "Ask AI" panel in real Chromium against `lectern serve` (the CLI in a child process, the site built under
 * `--base /pr-7/`). The answers come from the server's own model composer, pointed by LECTERN_ASSISTANT_BASE_URL at
 * an OpenAI-compatible stand-in on 127.0.0.1 that streams chosen text slowly (or never finishes, or writes HTML and
 * javascript: links). Only the error cases (429, 401, the server gone) route the browser's request. A second site,
 * without the assistant, has no opener and no panel code.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildSite } from '../src/cli/run.ts';
import { launchChromium, serveDist, startDev, startServe as startLecternServe } from './helpers.ts';

let model: Server;
let modelUrl = '';
/** Requests the stand-in model got, and whether the client went away before the answer ended. */
const modelCalls: Array<{ question: string; closedEarly: boolean }> = [];
let root = '';
let bareRoot = '';
let staticRoot = '';
let serve: ChildProcess | undefined;
let site = '';
let browser: Browser;

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'fake', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
const stop = `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'fake', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const EVIL = [
  'Here: <img src=x onerror="window.__xss=1"> and <script>window.__xss=2</script>',
  '\n\n[click me](javascript:window.__xss=3) [data link](data:text/html,<b>x</b>) [vb](vbscript:msgbox(1))',
  '\n\n<a href="javascript:window.__xss=4">raw anchor</a> `<b>code</b>`',
];

/** The stand-in model: the question picks the answer. */
function startModel(): Promise<void> {
  model = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      const body = JSON.parse(raw) as { messages: Array<{ role: string; content: string }> };
      const question = body.messages.filter((m) => m.role === 'user').pop()?.content ?? '';
      const call = { question, closedEarly: false };
      modelCalls.push(call);
      let ended = false;
      res.on('close', () => void (call.closedEarly = !ended));
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      const parts = /evil/i.test(question)
        ? EVIL
        : /retr/i.test(question)
          ? ['Failed deliveries are retried ', 'five times, see [Retries](/guides/webhooks#retries).']
          : ['Verify the `Acme-Signature` header ', 'with your signing secret, ', 'see [Webhooks](/guides/webhooks#verifying-signatures).'];
      for (const [i, part] of parts.entries()) {
        res.write(chunk(part));
        // The first slow answer never finishes (the reader stops it); asked again, it does.
        if (/slow/i.test(question) && i === 0 && modelCalls.filter((c) => /slow/i.test(c.question)).length === 1) return;
        await sleep(400);
      }
      ended = true;
      res.end(stop);
    });
  });
  return new Promise((r) =>
    model.listen(0, '127.0.0.1', () => {
      modelUrl = `http://127.0.0.1:${(model.address() as { port: number }).port}/v1`;
      r();
    }),
  );
}

function writeSite(dir: string, assistant: boolean, url?: string): void {
  mkdirSync(path.join(dir, 'guides'), { recursive: true });
  writeFileSync(path.join(dir, 'index.mdx'), '---\ntitle: Home\ndescription: Acme docs.\n---\nWelcome to the Acme docs.\n');
  writeFileSync(
    path.join(dir, 'guides/webhooks.mdx'),
    [
      '---\ntitle: Webhooks\ndescription: Receive events.\n---',
      'Acme sends webhook events to your endpoint.',
      '## Verifying signatures',
      'Every webhook delivery carries an `Acme-Signature` header: an HMAC of the body with your signing secret. Verify the webhook signature before trusting the event.',
      '## Retries',
      'Failed webhook deliveries are retried five times with exponential backoff.',
      '',
    ].join('\n\n'),
  );
  writeFileSync(
    path.join(dir, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      navigation: { groups: [{ group: 'Guides', pages: ['index', 'guides/webhooks'] }] },
      ...(assistant ? { lectern: { assistant: { enabled: true, domain: 'acme', ...(url ? { url } : {}) } } } : {}),
    }),
  );
}

/** `lectern serve <root>` with the stand-in model; resolves with its URL. */
async function startServe(dir: string, port = 0): Promise<string> {
  const started = await startLecternServe(dir, { LECTERN_ASSISTANT_BASE_URL: modelUrl, LECTERN_ASSISTANT_MODEL: 'fake' }, port);
  serve = started.child;
  return started.url;
}

/** The built chunk that holds the panel (its styles travel inside it). */
function panelChunk(dist: string): string | undefined {
  const dir = path.join(dist, '_astro');
  return readdirSync(dir).find((f) => f.endsWith('.js') && readFileSync(path.join(dir, f), 'utf8').includes('lectern-ai-box'));
}

beforeAll(async () => {
  await startModel();
  root = mkdtempSync(path.join(tmpdir(), 'lectern-e2e-assistant-'));
  writeSite(root, true);
  await buildSite(root, { logLevel: 'warn', base: '/pr-7/' });
  site = (await startServe(root)) + '/pr-7';
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  serve?.kill('SIGTERM');
  await new Promise((r) => model?.close(r));
  for (const dir of [root, bareRoot, staticRoot]) if (dir) rmSync(dir, { recursive: true, force: true });
});

async function newPage(): Promise<{ page: Page; requested: string[]; bodies: unknown[] }> {
  const page = await browser.newPage();
  const requested: string[] = [];
  const bodies: unknown[] = [];
  page.on('request', (r) => {
    requested.push(r.url());
    if (r.url().includes('/discovery/v2/assistant/')) bodies.push(r.postDataJSON());
  });
  page.on('dialog', (d) => {
    throw new Error(`a dialog opened: ${d.message()}`);
  });
  return { page, requested, bodies };
}

const panel = (page: Page) => page.locator('[role="dialog"][aria-labelledby="lectern-ai-title"]');
const lastAnswer = (page: Page) => page.locator('.lectern-ai-answer').last();

async function askQuestion(page: Page, text: string): Promise<void> {
  await page.getByLabel('Ask a question').fill(text);
  await page.getByLabel('Ask a question').press('Enter');
}

describe('the Ask AI panel under lectern serve --base /pr-7/', () => {
  it('serves the panel settings: the site key for its domain, the endpoint under the base', async () => {
    const response = await fetch(`${site}/_lectern/assistant.json`);
    expect(response.status).toBe(200);
    const config = (await response.json()) as { domain: string; key: string; endpoint: string };
    expect(config.domain).toBe('acme');
    expect(config.key).toMatch(/^lectern_dsc_/);
    expect(config.endpoint).toBe('/pr-7/discovery/v2/assistant/acme/message');
    const saved = JSON.parse(readFileSync(path.join(root, '.lectern/assistant-site-key.json'), 'utf8'));
    expect(saved).toEqual({ domain: 'acme', key: config.key });
    // Asked again: the same key, not a new one per request.
    expect(((await (await fetch(`${site}/_lectern/assistant.json`)).json()) as { key: string }).key).toBe(config.key);
  });

  it('loads no panel code until opened; Ctrl+I opens it, streams the answer with sources, follows up in the thread', async () => {
    const { page, requested, bodies } = await newPage();
    try {
      const chunk = panelChunk(path.join(root, 'dist'))!;
      expect(chunk).toBeTruthy();
      await page.goto(`${site}/`);
      await expect(page.locator('[data-open-assistant]').count()).resolves.toBe(1);
      await page.waitForLoadState('networkidle');
      expect(requested.some((u) => u.endsWith(chunk))).toBe(false);
      expect(requested.some((u) => u.includes('assistant.json'))).toBe(false);

      await page.keyboard.press('Control+i');
      await panel(page).waitFor({ state: 'visible' });
      expect(requested.some((u) => u.endsWith(chunk))).toBe(true);
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Ask a question');

      await askQuestion(page, 'How do I verify webhook signatures?');
      // Streamed: the first words are on screen while the answer is still coming.
      await page.locator('.lectern-ai-answer[data-state="streaming"] [data-answer]', { hasText: 'Acme-Signature' }).waitFor();
      await expect(page.locator('[role="log"]').getAttribute('aria-busy')).resolves.toBe('true');
      await page.locator('.lectern-ai-answer[data-state="done"]').waitFor({ timeout: 30_000 });
      await expect(lastAnswer(page).locator('[data-answer]').innerText()).resolves.toContain('with your signing secret');
      await expect(lastAnswer(page).locator('[data-answer] code').first().innerText()).resolves.toBe('Acme-Signature');
      const inlineLink = lastAnswer(page).locator('[data-answer] a', { hasText: 'Webhooks' });
      await expect(inlineLink.getAttribute('href')).resolves.toBe('/pr-7/guides/webhooks#verifying-signatures');
      const sources = lastAnswer(page).locator('nav[aria-label="Sources"] a');
      const hrefs = await sources.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toContain('/pr-7/guides/webhooks#verifying-signatures');

      // A follow-up carries the thread the first answer started.
      await askQuestion(page, 'And what about retries?');
      await page.locator('.lectern-ai-answer[data-state="done"]').nth(1).waitFor({ timeout: 30_000 });
      await expect(lastAnswer(page).innerText()).resolves.toContain('retried');
      expect(bodies).toHaveLength(2);
      const [first, second] = bodies as Array<{ threadId?: string; threadKey?: string; fp: string; messages: unknown[] }>;
      expect(first!.threadId).toBeUndefined();
      expect(first!.fp).toBe('anonymous');
      expect(second!.threadId).toMatch(/^thr_/);
      expect(second!.threadKey).toMatch(/^thk_/);
      const stored = await page.evaluate(() => sessionStorage.getItem('lectern:assistant:acme'));
      expect(JSON.parse(stored!).thread.threadId).toBe(second!.threadId);

      // LECTERN_SCREENSHOTS=<dir>: the panel wide and narrow, light and dark, for a person to look at.
      const shots = process.env.LECTERN_SCREENSHOTS;
      if (shots) {
        for (const [name, width] of [
          ['wide', 1280],
          ['narrow', 390],
        ] as const) {
          await page.setViewportSize({ width, height: 800 });
          for (const dark of [false, true]) {
            await page.evaluate((d) => document.documentElement.classList.toggle('dark', d), dark);
            await page.screenshot({ path: path.join(shots, `assistant-${name}-${dark ? 'dark' : 'light'}.png`) });
          }
        }
        await page.evaluate(() => document.documentElement.classList.remove('dark'));
        await page.setViewportSize({ width: 1280, height: 720 });
      }
      // Escape closes; the source link leads to the section of the page.
      await page.keyboard.press('Escape');
      await panel(page).waitFor({ state: 'hidden' });
      await page.keyboard.press('Control+i');
      await panel(page).waitFor({ state: 'visible' });
      await sources.filter({ hasText: 'Verifying signatures' }).first().click();
      await page.waitForURL(/\/pr-7\/guides\/webhooks#verifying-signatures$/);
      await expect(page.locator('#verifying-signatures').count()).resolves.toBe(1);
      // The conversation is still there on the next page of the same tab.
      await page.keyboard.press('Control+i');
      await expect.poll(() => page.locator('.lectern-ai-question').count()).toBe(2);
    } finally {
      await page.close();
    }
  }, 120_000);

  it('opens from the header button, moves focus in and back, names every control', async () => {
    const { page } = await newPage();
    try {
      await page.goto(`${site}/guides/webhooks`);
      const opener = page.locator('[data-open-assistant]');
      await opener.click();
      await panel(page).waitFor({ state: 'visible' });
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Ask a question');
      // Tab stays inside the dialog.
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
      }
      const unnamed = await page.evaluate(() =>
        [...document.querySelectorAll('#lectern-assistant button, #lectern-assistant textarea, #lectern-assistant a')]
          .filter((el) => !(el.getAttribute('aria-label') || el.textContent?.trim()))
          .map((el) => el.outerHTML),
      );
      expect(unnamed).toEqual([]);
      await expect(page.locator('[role="log"][aria-live="polite"]').count()).resolves.toBe(1);
      await page.keyboard.press('Escape');
      await panel(page).waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-open-assistant'))).toBe(true);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('hands a search over: "Ask AI about <query>" opens the panel with the query', async () => {
    const { page } = await newPage();
    try {
      await page.goto(`${site}/`);
      await page.keyboard.press('Control+k');
      await page.locator('[data-search-input]').fill('verify webhook signatures');
      const handOff = page.getByRole('button', { name: 'Ask AI about “verify webhook signatures”' });
      await handOff.click();
      await panel(page).waitFor({ state: 'visible' });
      await expect(page.locator('[data-search-dialog]').isHidden()).resolves.toBe(true);
      await expect(page.locator('.lectern-ai-question').innerText()).resolves.toBe('verify webhook signatures');
      await page.locator('.lectern-ai-answer[data-state="done"]').waitFor({ timeout: 30_000 });
      await expect(lastAnswer(page).innerText()).resolves.toContain('signing secret');
    } finally {
      await page.close();
    }
  }, 60_000);

  it('stops a streaming answer, then retries it', async () => {
    const { page, bodies } = await newPage();
    try {
      await page.goto(`${site}/`);
      await page.keyboard.press('Control+i');
      await panel(page).waitFor({ state: 'visible' });
      const calls = modelCalls.length;
      await askQuestion(page, 'slow: how do I verify webhook signatures?');
      await page.locator('.lectern-ai-answer[data-state="streaming"] [data-answer]', { hasText: 'Acme-Signature' }).waitFor();
      await page.getByRole('button', { name: 'Stop answering' }).click();
      await page.locator('.lectern-ai-answer[data-state="stopped"]').waitFor();
      await expect(lastAnswer(page).innerText()).resolves.toContain('Stopped.');
      await expect(lastAnswer(page).locator('[data-answer]').innerText()).resolves.toContain('Acme-Signature');
      // The server stopped asking the model when the reader stopped reading.
      await expect.poll(() => modelCalls[calls]?.closedEarly, { timeout: 10_000 }).toBe(true);
      await expect(page.getByLabel('Ask a question').isEnabled()).resolves.toBe(true);
      // Retry answers the stored question again instead of asking it twice.
      await page.getByRole('button', { name: 'Retry the last question' }).click();
      await page.locator('.lectern-ai-answer[data-state="done"]').waitFor({ timeout: 30_000 });
      await expect(lastAnswer(page).innerText()).resolves.toContain('signing secret');
      const retried = bodies[bodies.length - 1] as { trigger: string; threadId?: string };
      expect(retried.trigger).toBe('regenerate-message');
      expect(retried.threadId).toMatch(/^thr_/);
      await expect(page.locator('.lectern-ai-question').count()).resolves.toBe(1);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('never runs script from an answer: HTML shows as text, javascript:/data:/vbscript: links are dropped', async () => {
    const { page } = await newPage();
    try {
      await page.goto(`${site}/`);
      await page.keyboard.press('Control+i');
      await panel(page).waitFor({ state: 'visible' });
      await askQuestion(page, 'evil question about webhook signatures');
      await page.locator('.lectern-ai-answer[data-state="done"]').waitFor({ timeout: 30_000 });
      const answer = lastAnswer(page).locator('[data-answer]');
      const text = await answer.innerText();
      expect(text).toContain('<img src=x onerror="window.__xss=1">');
      expect(text).toContain('<script>window.__xss=2</script>');
      expect(text).toContain('click me');
      await expect(answer.locator('img, script, iframe, object, embed').count()).resolves.toBe(0);
      const hrefs = await answer.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs.filter((h) => !h || /^\s*(javascript|data|vbscript):/i.test(h))).toEqual([]);
      await answer.getByText('click me').click();
      await answer.getByText('raw anchor', { exact: false }).click();
      await sleep(300);
      expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    } finally {
      await page.close();
    }
  }, 60_000);

  it('explains a 429, a refused key and a server that is gone, and recovers with Retry', async () => {
    const { page } = await newPage();
    try {
      await page.goto(`${site}/`);
      await page.keyboard.press('Control+i');
      await panel(page).waitFor({ state: 'visible' });
      const endpoint = '**/discovery/v2/assistant/**';
      const cases: Array<[(r: import('playwright-core').Route) => Promise<void>, RegExp]> = [
        [
          (r) =>
            r.fulfill({
              status: 429,
              headers: { 'Retry-After': '30', 'Content-Type': 'application/json' },
              body: '{"error":{"code":"rate_limited","message":"too many requests"}}',
            }),
          /rate limited\)\. Try again in 30 seconds/,
        ],
        [
          (r) =>
            r.fulfill({
              status: 401,
              contentType: 'application/json',
              body: '{"error":{"code":"invalid_key","message":"unknown API key"}}',
            }),
          /refused this site's key \(401 invalid_key\)/,
        ],
        [(r) => r.abort('connectionrefused'), /Can't reach the assistant: the server is down or you are offline/],
      ];
      for (const [i, [handler, message]] of cases.entries()) {
        await page.route(endpoint, handler);
        if (i === 0) await askQuestion(page, 'How do I verify webhook signatures?');
        else await page.getByRole('button', { name: 'Retry the last question' }).click();
        await expect(lastAnswer(page).locator('[role="alert"]').innerText()).resolves.toMatch(message);
        await page.unroute(endpoint);
      }
      // The server answers again: Retry gets the answer.
      await page.getByRole('button', { name: 'Retry the last question' }).click();
      await page.locator('.lectern-ai-answer[data-state="done"]').waitFor({ timeout: 30_000 });
      await expect(lastAnswer(page).innerText()).resolves.toContain('signing secret');
      await expect(page.locator('.lectern-ai-question').count()).resolves.toBe(1);
      // New conversation empties the panel and forgets the thread.
      await page.getByRole('button', { name: 'New conversation' }).click();
      await expect(page.locator('.lectern-ai-answer').count()).resolves.toBe(0);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('recovers when the server stops and comes back: same key, same thread', async () => {
    const { page, bodies } = await newPage();
    try {
      await page.goto(`${site}/`);
      await page.keyboard.press('Control+i');
      await panel(page).waitFor({ state: 'visible' });
      await askQuestion(page, 'How do I verify webhook signatures?');
      await page.locator('.lectern-ai-answer[data-state="done"]').waitFor({ timeout: 30_000 });
      const key = JSON.parse(readFileSync(path.join(root, '.lectern/assistant-site-key.json'), 'utf8')).key;

      const port = Number(new URL(site).port);
      const stopped = new Promise((r) => serve!.once('exit', r));
      serve!.kill('SIGTERM');
      await stopped;
      await askQuestion(page, 'And what about retries?');
      await expect(lastAnswer(page).locator('[role="alert"]').innerText()).resolves.toMatch(/Can't reach the assistant/);

      site = (await startServe(root, port)) + '/pr-7';
      await page.getByRole('button', { name: 'Retry the last question' }).click();
      await page.locator('.lectern-ai-answer[data-state="done"]').nth(1).waitFor({ timeout: 30_000 });
      await expect(lastAnswer(page).innerText()).resolves.toContain('retried');
      // The restarted server kept the site's key and the conversation's thread.
      expect(((await (await fetch(`${site}/_lectern/assistant.json`)).json()) as { key: string }).key).toBe(key);
      const threadIds = (bodies as Array<{ threadId?: string }>).slice(1).map((b) => b.threadId);
      expect(threadIds.length).toBeGreaterThanOrEqual(2);
      expect(new Set(threadIds).size).toBe(1);
      expect(threadIds[0]).toMatch(/^thr_/);
    } finally {
      await page.close();
    }
  }, 90_000);

  it('keeps the panel chunk small', () => {
    const dist = path.join(root, 'dist');
    const file = panelChunk(dist)!;
    const gz = gzipSync(readFileSync(path.join(dist, '_astro', file))).length;
    // What the panel needs beyond the page: the chunk and the modules it imports that the page itself does not load.
    const imports = [...readFileSync(path.join(dist, '_astro', file), 'utf8').matchAll(/from\s*["']\.\/([^"']+\.js)["']/g)].map(
      (m) => m[1]!,
    );
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const pageJs = [...html.matchAll(/<script[^>]*src="[^"]*\/_astro\/([^"]+\.js)"/g)].map((m) => m[1]!);
    const extra = imports.filter((f) => !pageJs.includes(f));
    const extraGz = extra.reduce((n, f) => n + gzipSync(readFileSync(path.join(dist, '_astro', f))).length, 0);
    const opener = pageJs.find((f) => readFileSync(path.join(dist, '_astro', f), 'utf8').includes('data-open-assistant'));
    expect(opener, `page scripts: ${pageJs.join(', ')}`).toBeTruthy();
    const openerGz = gzipSync(readFileSync(path.join(dist, '_astro', opener!))).length;
    console.log(
      `assistant panel chunk ${file}: ${gz} B gzip, + ${extra.join(', ') || 'nothing'} (${extraGz} B gzip); opener ${opener} ${openerGz} B gzip`,
    );
    expect(gz + extraGz).toBeLessThan(25_000);
  });
});

describe('the Ask AI panel under lectern dev', () => {
  it('answers from the dev server, with the same site key and the support email', async () => {
    // docs.json lectern.assistant.supportEmail (deflection), read by lectern dev at start.
    const docsJson = path.join(root, 'docs.json');
    const original = readFileSync(docsJson, 'utf8');
    const withSupport = JSON.parse(original);
    withSupport.lectern.assistant.supportEmail = 'support@acme.test';
    writeFileSync(docsJson, JSON.stringify(withSupport));
    const dev = await startDev(root);
    const { page } = await newPage();
    try {
      const config = (await (await fetch(`${dev.url}/_lectern/assistant.json`)).json()) as {
        key: string;
        endpoint: string;
        support?: unknown;
      };
      expect(config.support).toEqual({ email: 'support@acme.test' });
      expect(config.endpoint).toBe('/discovery/v2/assistant/acme/message');
      expect(config.key).toBe(JSON.parse(readFileSync(path.join(root, '.lectern/assistant-site-key.json'), 'utf8')).key);
      await page.goto(`${dev.url}/guides/webhooks`);
      await page.locator('[data-open-assistant]').click();
      await panel(page).waitFor({ state: 'visible', timeout: 60_000 });
      await askQuestion(page, 'How do I verify webhook signatures?');
      await page.locator('.lectern-ai-answer[data-state="done"]').last().waitFor({ timeout: 30_000 });
      await expect(lastAnswer(page).locator('nav[aria-label="Sources"] a').first().getAttribute('href')).resolves.toMatch(
        /^\/guides\/webhooks#/,
      );
      // The dev server answers with the offline (extractive) composer, whose text ends with a "Sources:" list for API
      // clients: the panel shows those pages once, in its own Sources under the answer.
      await expect(lastAnswer(page).locator('[data-answer]').innerText()).resolves.not.toContain('Sources:');
      await expect(page.locator('.lectern-ai-support a').getAttribute('href')).resolves.toBe('mailto:support@acme.test');
    } finally {
      await page.close();
      await dev.stop();
      writeFileSync(docsJson, original);
    }
  }, 180_000);
});

describe('a static site whose panel asks a lectern serve elsewhere (lectern.assistant.url)', () => {
  it('gets the settings and the answers from the other origin; source links stay on the site', async () => {
    staticRoot = mkdtempSync(path.join(tmpdir(), 'lectern-e2e-assistant-static-'));
    writeSite(staticRoot, true, `${site}/`);
    const { outDir } = await buildSite(staticRoot, { logLevel: 'warn' });
    const served = await serveDist(outDir);
    const { page, requested } = await newPage();
    try {
      await page.goto(`${served.url}/guides/webhooks`);
      await page.keyboard.press('Control+i');
      await panel(page).waitFor({ state: 'visible' });
      await askQuestion(page, 'How do I verify webhook signatures?');
      await page.locator('.lectern-ai-answer[data-state="done"]').waitFor({ timeout: 30_000 });
      expect(requested).toContain(`${site}/_lectern/assistant.json`);
      expect(requested).toContain(`${site}/discovery/v2/assistant/acme/message`);
      const hrefs = await lastAnswer(page)
        .locator('nav[aria-label="Sources"] a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toContain('/guides/webhooks#verifying-signatures');
    } finally {
      await page.close();
      await served.close();
    }
  }, 180_000);
});

describe('a site without the assistant', () => {
  it('has no opener, no panel code and no Ctrl+I panel', async () => {
    bareRoot = mkdtempSync(path.join(tmpdir(), 'lectern-e2e-no-assistant-'));
    writeSite(bareRoot, false);
    const { outDir } = await buildSite(bareRoot, { logLevel: 'warn' });
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    expect(html).not.toContain('data-open-assistant');
    expect(html).not.toContain('ask-ai-button');
    // Astro emits the chunk for every site (the layout imports the opener), but no page of this one refers to it.
    const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[0]);
    expect(scripts.filter((s) => /assistant|lectern-ai/.test(s))).toEqual([]);
    const served = await serveDist(outDir);
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (r) => void requested.push(r.url()));
    try {
      await page.goto(`${served.url}/`);
      await page.waitForLoadState('networkidle');
      await page.keyboard.press('Control+i');
      await sleep(500);
      await expect(page.locator('#lectern-assistant').count()).resolves.toBe(0);
      for (const url of requested.filter((u) => u.endsWith('.js')))
        expect(await (await fetch(url)).text(), url).not.toMatch(/data-open-assistant|lectern-ai-box/);
    } finally {
      await page.close();
      await served.close();
    }
  }, 180_000);
});
