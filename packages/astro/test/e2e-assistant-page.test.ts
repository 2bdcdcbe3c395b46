/**
 * The assistant beyond the header panel, in real Chromium against `lectern serve` (the CLI in a child process): a
 * `mode: "assistant"` page (the chat in the page, open at load, under the page's text), the contextual option
 * `assistant` ("Ask AI about this page"), `lectern.assistant.sampleQuestions`, and `.mintlify/Assistant.md` reaching
 * the model's instructions while staying out of the built site. The answers come from the server's own model
 * composer, pointed at an OpenAI-compatible stand-in on 127.0.0.1 that records what it is sent. A second site,
 * without the assistant, shows its `mode: "assistant"` page's text and a note, and no "Ask AI about this page".
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildSite } from '../src/cli/run.ts';
import { launchChromium, serveDist, startServe as startLecternServe } from './helpers.ts';

let model: Server;
let modelUrl = '';
/** What the stand-in model was sent: the system prompt and the last question. */
const modelCalls: Array<{ system: string; question: string }> = [];
let root = '';
let bareRoot = '';
let serve: ChildProcess | undefined;
let site = '';
let browser: Browser;

const SAMPLES = ['How do I verify webhook signatures?', 'How are failed deliveries retried?'];
const INSTRUCTIONS = 'Answer like a pirate. Marker: ahoy-7f3c.';

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'fake', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
const stop = `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'fake', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`;

function startModel(): Promise<void> {
  model = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as { messages: Array<{ role: string; content: string }> };
      modelCalls.push({
        system: body.messages.find((m) => m.role === 'system')?.content ?? '',
        question: body.messages.filter((m) => m.role === 'user').pop()?.content ?? '',
      });
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end(chunk('Verify the `Acme-Signature` header, see [Webhooks](/guides/webhooks#verifying-signatures).') + stop);
    });
  });
  return new Promise((r) =>
    model.listen(0, '127.0.0.1', () => {
      modelUrl = `http://127.0.0.1:${(model.address() as { port: number }).port}/v1`;
      r();
    }),
  );
}

function writeSite(dir: string, assistant: boolean): void {
  mkdirSync(path.join(dir, 'guides'), { recursive: true });
  writeFileSync(path.join(dir, 'index.mdx'), '---\ntitle: Home\ndescription: Acme docs.\n---\nWelcome to the Acme docs.\n');
  writeFileSync(
    path.join(dir, 'ask.mdx'),
    '---\ntitle: Ask the docs\ndescription: Chat with the Acme docs.\nmode: assistant\n---\nAsk anything about webhooks and signatures.\n',
  );
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
  mkdirSync(path.join(dir, '.mintlify'));
  writeFileSync(path.join(dir, '.mintlify/Assistant.md'), `# Tone\n\n${INSTRUCTIONS}\n`);
  writeFileSync(
    path.join(dir, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      contextual: { options: ['copy', 'assistant', 'view'] },
      navigation: { groups: [{ group: 'Guides', pages: ['index', 'ask', 'guides/webhooks'] }] },
      ...(assistant ? { lectern: { assistant: { enabled: true, domain: 'acme', sampleQuestions: SAMPLES } } } : {}),
    }),
  );
}

/** `lectern serve <root>` with the stand-in model; resolves with its URL. */
async function startServe(dir: string): Promise<string> {
  const started = await startLecternServe(dir, { LECTERN_ASSISTANT_BASE_URL: modelUrl, LECTERN_ASSISTANT_MODEL: 'fake' });
  serve = started.child;
  return started.url;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const file = path.join(dir, f);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

beforeAll(async () => {
  await startModel();
  root = mkdtempSync(path.join(tmpdir(), 'lectern-e2e-assistant-page-'));
  writeSite(root, true);
  await buildSite(root, { logLevel: 'warn' });
  site = await startServe(root);
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  serve?.kill('SIGTERM');
  await new Promise((r) => model?.close(r));
  for (const dir of [root, bareRoot]) if (dir) rmSync(dir, { recursive: true, force: true });
});

async function newPage(): Promise<{ page: Page; bodies: Array<Record<string, unknown>> }> {
  const page = await browser.newPage();
  const bodies: Array<Record<string, unknown>> = [];
  page.on('request', (r) => {
    if (r.url().includes('/discovery/v2/assistant/')) bodies.push(r.postDataJSON());
  });
  return { page, bodies };
}

const lastAnswer = (page: Page) => page.locator('.lectern-ai-answer').last();
const lastText = (body: Record<string, unknown>) => {
  const messages = body.messages as Array<{ parts: Array<{ text: string }> }>;
  return messages[messages.length - 1]!.parts[0]!.text;
};

describe('a mode: "assistant" page', () => {
  it('is a chat in the page, open at load, under the page text, with the sample questions; a click asks one', async () => {
    const { page, bodies } = await newPage();
    try {
      await page.goto(`${site}/ask`);
      await expect(page.locator('.prose').innerText()).resolves.toContain('Ask anything about webhooks and signatures.');
      // Open without any click or key: in the page's content, not a dialog over it.
      const chat = page.locator('#content [data-assistant-page] .lectern-ai-box');
      await chat.waitFor({ state: 'visible' });
      await expect(chat.getAttribute('role')).resolves.toBe('region');
      await expect(page.locator('[role="dialog"][aria-labelledby="lectern-ai-title"]').count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: 'Close assistant' }).count()).resolves.toBe(0);
      await expect(page.locator('.assistant-page-loading').isHidden()).resolves.toBe(true);
      // Below the page's text, and the page still scrolls.
      const [text, box] = await Promise.all([page.locator('.prose').boundingBox(), chat.boundingBox()]);
      expect(box!.y).toBeGreaterThanOrEqual(text!.y + text!.height);
      expect(await page.evaluate(() => document.documentElement.classList.contains('lectern-ai-open'))).toBe(false);

      const samples = page.getByRole('list', { name: 'Sample questions' }).getByRole('button');
      await expect(samples.allInnerTexts()).resolves.toEqual(SAMPLES);
      // LECTERN_SCREENSHOTS=<dir>: the chat page light and dark, for a person to look at.
      const shots = process.env.LECTERN_SCREENSHOTS;
      if (shots)
        for (const dark of [false, true]) {
          await page.evaluate((d) => document.documentElement.classList.toggle('dark', d), dark);
          await page.screenshot({ path: path.join(shots, `assistant-page-${dark ? 'dark' : 'light'}.png`) });
        }
      await samples.nth(1).click();
      await page.locator('.lectern-ai-answer[data-state="done"]').waitFor({ timeout: 30_000 });
      await expect(page.locator('.lectern-ai-question').innerText()).resolves.toBe(SAMPLES[1]);
      await expect(lastAnswer(page).locator('nav[aria-label="Sources"] a').first().getAttribute('href')).resolves.toMatch(
        /^\/guides\/webhooks#/,
      );
      expect(lastText(bodies[0]!)).toBe(SAMPLES[1]);
      // The samples make way for the conversation; Ctrl+I brings the question box into focus (the chat stays open).
      await expect(page.getByRole('list', { name: 'Sample questions' }).count()).resolves.toBe(0);
      await page.locator('.prose').click();
      await page.keyboard.press('Control+i');
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Ask a question');
      await expect(chat.isVisible()).resolves.toBe(true);
      await page.keyboard.press('Escape');
      await expect(chat.isVisible()).resolves.toBe(true);
    } finally {
      await page.close();
    }
  }, 90_000);
});

describe('sample questions in the side panel', () => {
  it('are offered while the conversation is empty, and asked on click', async () => {
    const { page, bodies } = await newPage();
    try {
      await page.goto(`${site}/`);
      await page.keyboard.press('Control+i');
      const samples = page.getByRole('list', { name: 'Sample questions' }).getByRole('button');
      await samples.first().waitFor();
      await expect(samples.allInnerTexts()).resolves.toEqual(SAMPLES);
      await samples.first().click();
      await page.locator('.lectern-ai-answer[data-state="done"]').waitFor({ timeout: 30_000 });
      expect(lastText(bodies[0]!)).toBe(SAMPLES[0]);
      await page.getByRole('button', { name: 'New conversation' }).click();
      await expect(samples.allInnerTexts()).resolves.toEqual(SAMPLES);
    } finally {
      await page.close();
    }
  }, 60_000);
});

describe('the contextual option "assistant"', () => {
  it('"Ask AI about this page" opens the panel with the page title to complete, and sends the page path', async () => {
    const { page, bodies } = await newPage();
    try {
      await page.goto(`${site}/guides/webhooks`);
      await page.getByLabel('More page actions').click();
      await page.getByRole('button', { name: /Ask AI about this page/ }).click();
      await page.locator('[role="dialog"][aria-labelledby="lectern-ai-title"]').waitFor({ state: 'visible' });
      const box = page.getByLabel('Ask a question');
      await expect.poll(() => box.inputValue()).toBe('About Webhooks: ');
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Ask a question');
      await expect(page.locator('details.contextual-menu').getAttribute('open')).resolves.toBeNull();
      await page.keyboard.press('End');
      await page.keyboard.type('how do I check a signature?');
      await page.keyboard.press('Enter');
      await page.locator('.lectern-ai-answer[data-state="done"]').waitFor({ timeout: 30_000 });
      expect(lastText(bodies[0]!)).toBe('About Webhooks: how do I check a signature?');
      expect(bodies[0]!.currentPath).toBe('/guides/webhooks');
      expect(modelCalls.at(-1)!.system).toContain('The reader is viewing the page /guides/webhooks.');
      // Escape gives the focus back to the menu it came from.
      await page.keyboard.press('Escape');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('More page actions');
    } finally {
      await page.close();
    }
  }, 60_000);
});

describe('.mintlify/Assistant.md', () => {
  it("reaches the model as the site owners' instructions, and is not published with the site", async () => {
    expect(modelCalls.length).toBeGreaterThan(0);
    for (const call of modelCalls) expect(call.system).toContain(INSTRUCTIONS);
    const published = filesUnder(path.join(root, 'dist')).filter((f) => readFileSync(f).includes('ahoy-7f3c'));
    expect(published).toEqual([]);
    const response = await fetch(`${site}/.mintlify/Assistant.md`);
    expect(await response.text()).not.toContain('ahoy-7f3c');
  });
});

describe('a site without the assistant', () => {
  it('shows a mode: "assistant" page\'s text and a note; offers no "Ask AI about this page"', async () => {
    bareRoot = mkdtempSync(path.join(tmpdir(), 'lectern-e2e-assistant-page-off-'));
    writeSite(bareRoot, false);
    const { outDir } = await buildSite(bareRoot, { logLevel: 'warn' });
    const served = await serveDist(outDir);
    const page = await browser.newPage();
    try {
      await page.goto(`${served.url}/ask`);
      await expect(page.locator('.prose').innerText()).resolves.toContain('Ask anything about webhooks and signatures.');
      await expect(page.locator('[data-assistant-page-off]').innerText()).resolves.toContain('The assistant is not enabled for this site');
      await expect(page.locator('[data-assistant-page]').count()).resolves.toBe(0);
      await page.goto(`${served.url}/guides/webhooks`);
      await expect(page.locator('[data-ask-about-page]').count()).resolves.toBe(0);
      await expect(page.locator('[data-copy-page]').count()).resolves.toBe(1);
    } finally {
      await page.close();
      await served.close();
    }
  }, 180_000);
});
