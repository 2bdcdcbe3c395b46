/**
 * Ask AI first-text benchmark (issue 35: "first answer text on screen within 100 ms of the server's first byte"). A
 * small site with the assistant on, built once into a temporary folder and served by the real `lectern serve` CLI (a
 * child process) whose model is an OpenAI-compatible stand-in on 127.0.0.1: it writes the answer's first words at once,
 * the rest 300 ms later. In Chromium, each run opens a fresh page, opens the panel (Ctrl+I), asks, and times on one
 * clock (wall time: `performance.timeOrigin + performance.now()` in Node and in the page):
 *
 *   - relay:  the stand-in model writes the first words -> the page's fetch gets the bytes carrying the first
 *             `text-delta` (lectern serve's retrieval is done by then; this is its relay of the model's stream)
 *   - dom:    those bytes reach the page -> the first answer text is in the DOM (a MutationObserver)
 *   - paint:  those bytes reach the page -> the next frame with that text has been produced (rAF, then a task)
 *
 * The page's fetch is wrapped (addInitScript) by a pass-through stream that only timestamps chunks.
 *
 *   node bench/assistant-first-text.ts [--runs=10]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildSite } from '../packages/astro/src/cli/run.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 10);
const now = () => performance.timeOrigin + performance.now();

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'fake', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
const stop = `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'fake', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`;

/** When the stand-in model wrote each answer's first words. */
const modelFirstWrite: number[] = [];

function startModel(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(chunk('Verify the `Acme-Signature` header '));
      modelFirstWrite.push(now());
      setTimeout(() => res.end(chunk('with your signing secret, see [Webhooks](/guides/webhooks#verifying-signatures).') + stop), 300);
    });
  });
  return new Promise((r) =>
    server.listen(0, '127.0.0.1', () => r({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1` })),
  );
}

function writeSite(dir: string): void {
  mkdirSync(path.join(dir, 'guides'), { recursive: true });
  writeFileSync(path.join(dir, 'index.mdx'), '---\ntitle: Home\ndescription: Acme docs.\n---\nWelcome to the Acme docs.\n');
  writeFileSync(
    path.join(dir, 'guides/webhooks.mdx'),
    '---\ntitle: Webhooks\ndescription: Receive events.\n---\n\n## Verifying signatures\n\nEvery webhook delivery carries an `Acme-Signature` header: an HMAC of the body with your signing secret. Verify the webhook signature before trusting the event.\n',
  );
  writeFileSync(
    path.join(dir, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      navigation: { groups: [{ group: 'Guides', pages: ['index', 'guides/webhooks'] }] },
      lectern: { assistant: { enabled: true, domain: 'acme' } },
    }),
  );
}

function startServe(dir: string, modelUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const bin = path.join(REPO, 'packages/astro/bin/lectern.js');
  const env = { ...process.env, LECTERN_ASSISTANT_BASE_URL: modelUrl, LECTERN_ASSISTANT_MODEL: 'fake' };
  const child = spawn(process.execPath, [bin, 'serve', dir, '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const match = /serving .* at (http:\/\/\S+)/.exec(out);
      if (match) resolve({ url: match[1]!.replace(/\/$/, ''), child });
    });
    child.stderr.on('data', (c: Buffer) => void (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`lectern serve exited with ${code}:\n${out}`)));
  });
}

/** In the page: timestamps of the first answer bytes (fetch wrapped), of the first answer text in the DOM, and of its paint. */
function instrument(): void {
  const at = () => performance.timeOrigin + performance.now();
  const t: Record<string, number> = {};
  (window as unknown as { __firstText: Record<string, number> }).__firstText = t;
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/discovery/v2/assistant/') || !response.body) return response;
    const decoder = new TextDecoder();
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(bytes, controller) {
          const when = at();
          t.firstByte ??= when;
          if (t.firstTextBytes === undefined && decoder.decode(bytes, { stream: true }).includes('"text-delta"')) t.firstTextBytes = when;
          controller.enqueue(bytes);
        },
      }),
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  new MutationObserver(() => {
    if (t.dom !== undefined) return;
    const answer = document.querySelector('.lectern-ai-answer [data-answer]');
    const text = [...(answer?.children ?? [])].filter((el) => !el.classList.contains('lectern-ai-muted')).map((el) => el.textContent ?? '');
    if (!text.join('').trim()) return;
    t.dom = at();
    requestAnimationFrame(() => setTimeout(() => (t.paint = at())));
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

const root = mkdtempSync(path.join(tmpdir(), 'lectern-bench-first-text-'));
const model = await startModel();
let serve: ChildProcess | undefined;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  writeSite(root);
  await buildSite(root, { logLevel: 'warn' });
  const started = await startServe(root, model.url);
  serve = started.child;
  const rows: Array<{ relay: number; dom: number; paint: number; firstByteToText: number }> = [];
  for (let run = 0; run <= RUNS; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(instrument);
    await page.goto(`${started.url}/guides/webhooks`);
    await page.keyboard.press('Control+i');
    await page.locator('textarea[aria-label="Ask a question"]:not([disabled])').waitFor();
    const before = modelFirstWrite.length;
    await page.getByLabel('Ask a question').fill('How do I verify webhook signatures?');
    await page.getByLabel('Ask a question').press('Enter');
    await page.waitForFunction(() => (window as unknown as { __firstText: { paint?: number } }).__firstText.paint !== undefined, null, {
      timeout: 30_000,
    });
    await page.locator('.lectern-ai-answer[data-state="done"]').waitFor({ timeout: 30_000 });
    const t = await page.evaluate(() => (window as unknown as { __firstText: Record<string, number> }).__firstText);
    const wrote = modelFirstWrite[before];
    await context.close();
    if (run === 0 || wrote === undefined || t.firstTextBytes === undefined) continue; // the first run warms the server up
    rows.push({
      relay: t.firstTextBytes - wrote,
      dom: t.dom! - t.firstTextBytes,
      paint: t.paint! - t.firstTextBytes,
      firstByteToText: t.dom! - t.firstByte!,
    });
  }
  console.log(`${rows.length} runs after one warm-up (fresh context each; lectern serve CLI; Chromium ${browser.version()})`);
  console.log('run | model wrote -> text bytes in page | text bytes -> text in DOM | -> painted | response first byte -> text in DOM');
  rows.forEach((r, i) => console.log(`${i + 1} | ${ms(r.relay)} | ${ms(r.dom)} | ${ms(r.paint)} | ${ms(r.firstByteToText)}`));
  const col = (k: keyof (typeof rows)[number]) => rows.map((r) => r[k]);
  console.log(
    `median: relay ${ms(median(col('relay')))}, bytes -> DOM ${ms(median(col('dom')))} (max ${ms(Math.max(...col('dom')))}), ` +
      `bytes -> painted ${ms(median(col('paint')))} (max ${ms(Math.max(...col('paint')))}), response first byte -> DOM ${ms(median(col('firstByteToText')))}`,
  );
} finally {
  await browser.close();
  serve?.kill('SIGTERM');
  await new Promise((r) => model.server.close(r));
  rmSync(root, { recursive: true, force: true });
}
