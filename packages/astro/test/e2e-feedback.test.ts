/**
 * Page feedback in real Chromium: a site with docs.json `feedback` (thumbs, "Suggest edits", "Raise issue") built once,
 * then served two ways. Under `lectern serve` (the CLI in a child process; ratings in SQLite in the repo's `.lectern/`,
 * or in PostgreSQL with `$DATABASE_URL` when its server binaries are installed) the thumbs show; a thumbs-down and a
 * comment reach the store and `lectern feedback` lists them. As plain static files (no serve) the thumbs stay hidden
 * and the repo links remain; a post from that origin to the server is refused. A `mode: "custom"` page has no widget;
 * an endpoint page generated from a local spec has it, editing the spec. A second site, static, with
 * `lectern.feedback.url`, posts its ratings to that receiver (a recorder on 127.0.0.1).
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import { runFeedbackCommand } from '@lectern/server';
import { buildSite } from '../src/cli/run.ts';
import { launchChromium, serveDist, startServe } from './helpers.ts';
import { postgresAvailability, startPostgres, type PostgresServer } from '../../server/test/postgres.ts';

let root = '';
let serve: { url: string; child: ChildProcess };
let staticSite: { url: string; close: () => Promise<void> };
let browser: Browser;
let receiver: Server;
let receiverUrl = '';
/** What the configured receiver was sent, with the request's Origin. */
const received: Array<{ origin: string | undefined; body: Record<string, unknown> }> = [];
let staticRoot = '';
let configured: { url: string; close: () => Promise<void> };

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Acme', version: '1' },
  servers: [{ url: 'https://api.acme.dev' }],
  paths: { '/users': { get: { summary: 'List users', responses: { '200': { description: 'OK' } } } } },
};

function writeSite(dir: string, url?: string): void {
  const docs = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#0D9373' },
    navigation: {
      groups: [
        { group: 'Start', pages: ['index', 'guide', 'canvas'] },
        { group: 'API', openapi: 'openapi.json' },
      ],
    },
    feedback: { thumbsRating: true, suggestEdit: true, raiseIssue: true },
    lectern: {
      socialImages: false,
      site: 'https://docs.acme.dev',
      feedback: { repo: 'https://github.com/acme/docs', directory: 'docs', ...(url ? { url } : {}) },
    },
  };
  writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(SPEC));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(docs));
  writeFileSync(path.join(dir, 'index.mdx'), '---\ntitle: Home\n---\nWelcome.\n');
  writeFileSync(path.join(dir, 'guide.mdx'), '---\ntitle: Webhooks guide\n---\nVerify signatures.\n');
  writeFileSync(path.join(dir, 'canvas.mdx'), '---\ntitle: Canvas\nmode: custom\n---\n<div>A landing page.</div>\n');
}

beforeAll(async () => {
  receiver = createHttpServer((req, res) => {
    const cors = { 'Access-Control-Allow-Origin': req.headers.origin ?? '*', 'Access-Control-Allow-Headers': 'Content-Type' };
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.method === 'POST') received.push({ origin: req.headers.origin, body: JSON.parse(raw) as Record<string, unknown> });
      res.writeHead(204, cors).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/ratings`;
  root = mkdtempSync(path.join(tmpdir(), 'lectern-feedback-e2e-'));
  writeSite(root);
  const { outDir } = await buildSite(root, { logLevel: 'warn' });
  serve = await startServe(root);
  staticSite = await serveDist(outDir);
  staticRoot = mkdtempSync(path.join(tmpdir(), 'lectern-feedback-e2e-url-'));
  writeSite(staticRoot, receiverUrl);
  configured = await serveDist((await buildSite(staticRoot, { logLevel: 'warn' })).outDir);
  browser = await launchChromium();
}, 240_000);
afterAll(async () => {
  await configured?.close();
  await new Promise((r) => receiver?.close(r));
  if (staticRoot) rmSync(staticRoot, { recursive: true, force: true });
  await browser?.close();
  await stopServe(serve?.child);
  await staticSite?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

async function stopServe(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** `lectern feedback <root> --json`, as its function, its output parsed. */
async function listed(...args: string[]): Promise<Array<{ path: string; up: number; down: number; lastComment?: string }>> {
  const lines: string[] = [];
  const log = console.log;
  console.log = (line: string) => void lines.push(line);
  try {
    expect(await runFeedbackCommand([root, '--json', ...args])).toBe(0);
  } finally {
    console.log = log;
  }
  return JSON.parse(lines.join(''));
}

describe('page feedback', () => {
  it('under lectern serve: a thumbs-down and a comment reach the store, and lectern feedback lists them', async () => {
    const page = await browser.newPage();
    await page.goto(`${serve.url}/guide`);
    const no = page.getByRole('button', { name: 'No' });
    await no.waitFor({ state: 'visible' });
    await expect(page.getByRole('group', { name: 'Was this page helpful?' }).isVisible()).resolves.toBe(true);
    await no.click();
    await page.waitForFunction(() => document.querySelector('[data-feedback-status]')?.textContent === 'Thank you for your feedback');
    expect(await no.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('[data-feedback-status]').getAttribute('aria-live')).toBe('polite');
    expect(await listed()).toEqual([expect.objectContaining({ path: '/guide', up: 0, down: 1 })]);

    await page.getByLabel('Tell us more (optional)').fill('The signature example is out of date.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('[data-feedback-comment]').waitFor({ state: 'hidden' });
    // The same page view: the comment joins its rating, not a second one.
    expect(await listed()).toEqual([
      {
        path: '/guide',
        up: 0,
        down: 1,
        lastAt: expect.any(String),
        lastComment: 'The signature example is out of date.',
        lastCommentAt: expect.any(String),
      },
    ]);
    await page.close();
  });

  it('links "Suggest edits" to the page source in the repo and "Raise issue" to a new issue naming the page', async () => {
    const page = await browser.newPage();
    await page.goto(`${serve.url}/guide`);
    expect(await page.getByRole('link', { name: 'Suggest edits' }).getAttribute('href')).toBe(
      'https://github.com/acme/docs/edit/main/docs/guide.mdx',
    );
    const issue = new URL((await page.getByRole('link', { name: 'Raise issue' }).getAttribute('href'))!);
    expect(issue.origin + issue.pathname).toBe('https://github.com/acme/docs/issues/new');
    expect(issue.searchParams.get('title')).toBe('Issue on docs: Webhooks guide');
    expect(issue.searchParams.get('body')).toBe('Page: https://docs.acme.dev/guide');
    await page.close();
  });

  it('as static files without lectern serve: no thumbs (the links stay), and a post from that origin to the server is refused', async () => {
    const page = await browser.newPage();
    const probe = page.waitForResponse((r) => r.url().endsWith('/_lectern/feedback.json'));
    await page.goto(`${staticSite.url}/guide`);
    expect((await probe).status()).toBe(404);
    await page.getByRole('link', { name: 'Suggest edits' }).waitFor({ state: 'visible' });
    expect(await page.locator('[data-feedback-rate]').isHidden()).toBe(true);
    expect(await page.getByRole('button', { name: 'No' }).count()).toBe(0);
    const sent = await page.evaluate(async (url) => {
      try {
        const r = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ path: '/guide', helpful: false }),
        });
        return r.status;
      } catch {
        return 'refused';
      }
    }, `${serve.url}/_lectern/feedback`);
    expect(sent).toBe('refused');
    expect((await listed())[0]).toMatchObject({ path: '/guide', down: 1 });
    await page.close();
  });

  it('on a static host with lectern.feedback.url: the thumbs show and post there', async () => {
    const page = await browser.newPage();
    await page.goto(`${configured.url}/guide`);
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.waitForFunction(() => document.querySelector('[data-feedback-status]')?.textContent === 'Thank you for your feedback');
    expect(received).toEqual([
      { origin: configured.url, body: { path: '/guide', helpful: true, id: expect.stringMatching(/^[0-9a-f]{32}$/) } },
    ]);
    await page.close();
  });

  it('shows on an endpoint page generated from a local spec, Suggest edits opening the spec', async () => {
    const page = await browser.newPage();
    await page.goto(`${serve.url}/`);
    const href = await page.locator('a', { hasText: 'List users' }).first().getAttribute('href');
    await page.goto(`${serve.url}${href}`);
    await page.getByRole('button', { name: 'No' }).waitFor({ state: 'visible' });
    expect(await page.getByRole('link', { name: 'Suggest edits' }).getAttribute('href')).toBe(
      'https://github.com/acme/docs/edit/main/docs/openapi.json',
    );
    await page.close();
  });

  it('leaves the widget off a mode: "custom" page', async () => {
    const page = await browser.newPage();
    await page.goto(`${serve.url}/canvas`);
    await page.getByText('A landing page.').waitFor();
    expect(await page.locator('[data-feedback]').count()).toBe(0);
    await page.close();
  });
});

describe('page feedback in PostgreSQL', () => {
  const available = postgresAvailability();
  let pg: PostgresServer | undefined;
  let database = '';
  let pgServe: { url: string; child: ChildProcess } | undefined;
  beforeAll(async () => {
    if (!available.ok) return;
    pg = await startPostgres(available);
    database = await pg.createDatabase('feedback_e2e');
    pgServe = await startServe(root, { DATABASE_URL: database });
  }, 120_000);
  afterAll(async () => {
    await stopServe(pgServe?.child);
    await pg?.destroy();
  });

  it.skipIf(!available.ok)(
    'a thumbs-down reaches the database through lectern serve, and lectern feedback --database lists it',
    async () => {
      const page = await browser.newPage();
      await page.goto(`${pgServe!.url}/`);
      await page.getByRole('button', { name: 'No' }).click();
      await page.waitForFunction(() => document.querySelector('[data-feedback-status]')?.textContent === 'Thank you for your feedback');
      expect(await listed('--database', database)).toEqual([expect.objectContaining({ path: '/', up: 0, down: 1 })]);
      await page.close();
    },
  );
});
