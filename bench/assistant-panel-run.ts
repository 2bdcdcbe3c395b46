/**
 * The "Ask AI" panel on a real docs repo (issue 35), in headless Chromium against `lectern serve --assistant` with no
 * model configured (the offline extractive answerer). The steps of packages/astro/test/e2e-assistant-own-docs.test.ts,
 * for a repo that cannot be committed or fetched in CI (mintlify/docs by default questions):
 *
 *   node bench/assistant-panel-run.ts <docs-repo-dir> [--base=/pr-7/] [--questions=a|b|c] [--follow-up=<text>]
 *
 * The repo is copied to a temp dir (its dist/, .lectern/ and node_modules/ left out), the assistant is switched on in
 * the copy's docs.json (`lectern.assistant.enabled`, as a site that wants the panel does) and it is built with this
 * checkout's lectern under the base. Then, per question, in a fresh tab: Ctrl+I opens the panel, the question is
 * asked, the streamed answer is awaited; recorded: time from Enter to the first answer text on screen, answer
 * length, its source links and whether each link is under the base and leads to a page (200) with the element its
 * #anchor names. After the last question: its first source is followed, the panel reopened, and a follow-up asked,
 * which must carry the same thread id and be answered in it. Last, the search dialog's "Ask AI about <query>"
 * hand-off. Prints a Markdown table; exits 1 if any step failed. Temp dir, server and browser are removed at the end.
 * Without a repo dir (as in `npm run bench`) it says so and exits 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { buildSite } from '../packages/astro/src/cli/run.ts';

const REPO = path.join(import.meta.dirname, '..');
const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const repoDir = process.argv.slice(2).find((a) => !a.startsWith('--'));
const base = (flag('base') ?? '/').replace(/\/?$/, '/');
const QUESTIONS = (
  flag('questions') ?? 'How do I add an OpenAPI playground?|How do I set up a custom domain?|How do I add a redirect?'
).split('|');
const FOLLOW_UP = flag('follow-up') ?? 'Can I use wildcards in them?';
const SEARCH_QUERY = flag('search') ?? 'custom domain';

type Source = { href: string; check: string };
type Row = { step: string; question: string; firstTextMs?: number; chars?: number; sources: Source[]; failures: string[] };

/** The copy of the repo, with the assistant switched on, built under the base. */
async function buildCopy(root: string): Promise<void> {
  await cp(path.resolve(repoDir!), root, { recursive: true, filter: (src) => !/[\\/](dist|\.lectern|node_modules|\.git)$/.test(src) });
  const file = path.join(root, 'docs.json');
  const config = JSON.parse(await readFile(file, 'utf8'));
  config.lectern = { ...config.lectern, assistant: { ...config.lectern?.assistant, enabled: true } };
  await writeFile(file, JSON.stringify(config, null, 2));
  await buildSite(root, { logLevel: 'error', base });
}

/** `lectern serve --assistant` on 127.0.0.1 with none of the variables that would choose a model. */
function startServe(root: string): Promise<{ url: string; child: ChildProcess }> {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('LECTERN_ASSISTANT_')) delete env[key];
  const bin = path.join(REPO, 'packages/astro/bin/lectern.js');
  const child = spawn(process.execPath, [bin, 'serve', root, '--port', '0', '--host', '127.0.0.1', '--assistant'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const match = /serving .* at (http:\/\/\S+)/.exec(out);
      if (match) resolve({ url: match[1]!.replace(/\/$/, ''), child });
    });
    child.stderr!.on('data', (c: Buffer) => void (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`lectern serve exited with ${code}:\n${out}`)));
  });
}

const panel = (page: Page) => page.locator('[role="dialog"][aria-labelledby="lectern-ai-title"]');
const storedThread = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('lectern:assistant:'));
    return key ? (JSON.parse(sessionStorage.getItem(key)!).thread?.threadId as string | undefined) : undefined;
  });

/** Starts a clock in the page; the time of the first text of the `n`th answer is kept in `window.__firstText`. */
async function watchFirstText(page: Page, n: number): Promise<void> {
  await page.evaluate((n) => {
    const w = window as unknown as { __t0: number; __firstText?: number };
    w.__t0 = performance.now();
    w.__firstText = undefined;
    const observer = new MutationObserver(() => {
      if (document.querySelectorAll('.lectern-ai-answer [data-answer]')[n]?.textContent?.trim()) {
        w.__firstText = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, n);
}

/** Waits for the `n`th answer to be done and fills the row: first text, length, sources and their checks. */
async function record(page: Page, site: string, n: number, row: Row): Promise<Locator> {
  await page.locator('.lectern-ai-answer[data-state="done"]').nth(n).waitFor({ timeout: 60_000 });
  const answer = page.locator('.lectern-ai-answer').nth(n);
  row.firstTextMs = await page.evaluate(() => {
    const w = window as unknown as { __t0: number; __firstText?: number };
    return w.__firstText === undefined ? undefined : Math.round(w.__firstText - w.__t0);
  });
  row.chars = (await answer.locator('[data-answer]').innerText()).trim().length;
  if (!row.chars) row.failures.push('empty answer');
  const hrefs = (l: Locator) => l.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const sources = await hrefs(answer.locator('nav[aria-label="Sources"] a'));
  const inText = (await hrefs(answer.locator('[data-answer] a'))).filter((h) => h.startsWith('/'));
  if (!sources.length) row.failures.push('no sources');
  for (const href of new Set([...sources, ...inText])) {
    const check = await checkLink(site, href);
    if (sources.includes(href)) row.sources.push({ href, check });
    if (check !== 'ok') row.failures.push(`${href}: ${check}`);
  }
  return answer;
}

/** `ok`, or what is wrong with a link of an answer: outside the base, page not found, or no element with its #id. */
async function checkLink(site: string, href: string): Promise<string> {
  if (!href.startsWith(base)) return `not under ${base}`;
  const url = new URL(href, site);
  const response = await fetch(url);
  if (!response.ok) return `page ${response.status}`;
  const id = decodeURIComponent(url.hash.slice(1));
  return id && !(await response.text()).includes(` id="${id}"`) ? `no #${id} on the page` : 'ok';
}

async function ask(page: Page, n: number, text: string): Promise<void> {
  await watchFirstText(page, n);
  await page.getByLabel('Ask a question').fill(text);
  await page.getByLabel('Ask a question').press('Enter');
}

/** A tab that records the JSON bodies the panel sends to the assistant. */
async function newPage(browser: Browser): Promise<{ page: Page; bodies: Array<Record<string, unknown>> }> {
  const page = await browser.newPage();
  const bodies: Array<Record<string, unknown>> = [];
  page.on('request', (r) => {
    if (r.url().includes('/discovery/v2/assistant/')) bodies.push(r.postDataJSON());
  });
  return { page, bodies };
}

/** Runs `body` on a fresh tab as one row; an exception is the row's failure. */
async function step(browser: Browser, rows: Row[], row: Row, body: (t: Awaited<ReturnType<typeof newPage>>) => Promise<void>) {
  rows.push(row);
  const tab = await newPage(browser);
  try {
    await body(tab);
  } catch (error) {
    row.failures.push((error as Error).message.split('\n')[0]!);
  } finally {
    await tab.page.close();
  }
}

async function run(site: string, browser: Browser): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [i, question] of QUESTIONS.entries()) {
    const last = i === QUESTIONS.length - 1;
    await step(browser, rows, { step: `question ${i + 1}`, question, sources: [], failures: [] }, async ({ page, bodies }) => {
      await page.goto(`${site}/`);
      await page.keyboard.press('Control+i');
      await panel(page).waitFor({ state: 'visible' });
      await ask(page, 0, question);
      const answer = await record(page, site, 0, rows.at(-1)!);
      if (!last) return;
      // The follow-up: on the page of the first source, in the same thread.
      const follow: Row = { step: 'follow-up', question: FOLLOW_UP, sources: [], failures: [] };
      rows.push(follow);
      const thread = await storedThread(page);
      if (!thread) follow.failures.push('no thread kept after the first answer');
      const source = answer.locator('nav[aria-label="Sources"] a').first();
      const href = (await source.getAttribute('href'))!;
      await source.click();
      await page.waitForURL(new URL(href, site).href);
      await page.keyboard.press('Control+i');
      await panel(page).waitFor({ state: 'visible' });
      await ask(page, 1, FOLLOW_UP);
      await record(page, site, 1, follow);
      if (bodies.length !== 2 || bodies[1]!.threadId !== thread)
        follow.failures.push(`follow-up sent thread ${String(bodies[1]?.threadId)}, expected ${thread}`);
      if ((await storedThread(page)) !== thread) follow.failures.push('the thread changed after the follow-up');
      follow.step = `follow-up (thread ${thread === undefined ? '?' : 'kept'})`;
    });
  }
  const handOff: Row = { step: 'search "Ask AI about"', question: SEARCH_QUERY, sources: [], failures: [] };
  await step(browser, rows, handOff, async ({ page }) => {
    await page.goto(`${site}/`);
    await page.keyboard.press('Control+k');
    await page.locator('[data-search-input]').fill(SEARCH_QUERY);
    await watchFirstText(page, 0);
    await page.getByRole('button', { name: `Ask AI about “${SEARCH_QUERY}”` }).click();
    await panel(page).waitFor({ state: 'visible' });
    if (!(await page.locator('[data-search-dialog]').isHidden())) handOff.failures.push('search dialog still open');
    const asked = await page.locator('.lectern-ai-question').innerText();
    if (asked !== SEARCH_QUERY) handOff.failures.push(`asked ${JSON.stringify(asked)}`);
    await record(page, site, 0, handOff);
  });
  return rows;
}

function table(rows: Row[]): string {
  const lines = ['| step | question | first text | answer | sources (page + #section checked) | result |', '|---|---|---:|---:|---|---|'];
  for (const r of rows) {
    const sources = r.sources.map((s) => `\`${s.href}\`${s.check === 'ok' ? ' ✓' : ` ✗ ${s.check}`}`).join('<br>');
    const result = r.failures.length ? `**FAIL**: ${r.failures.join('; ').replaceAll('|', '\\|')}` : 'ok';
    lines.push(`| ${r.step} | ${r.question} | ${r.firstTextMs ?? '–'} ms | ${r.chars ?? '–'} chars | ${sources || '–'} | ${result} |`);
  }
  return lines.join('\n');
}

if (!repoDir) {
  console.log('assistant-panel-run: skipped (give a docs repo dir: node bench/assistant-panel-run.ts <dir> [--base=/pr-7/])');
  process.exit(0);
}
const root = await mkdtemp(path.join(tmpdir(), 'lectern-bench-panel-'));
let serve: ChildProcess | undefined;
let browser: Browser | undefined;
let failed = true;
try {
  const started = performance.now();
  await buildCopy(root);
  console.log(`built ${repoDir} under ${base} in ${Math.round((performance.now() - started) / 1000)} s`);
  const served = await startServe(root);
  serve = served.child;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const rows = await run(served.url + base.replace(/\/$/, ''), browser);
  console.log(`\n${table(rows)}\n`);
  failed = rows.some((r) => r.failures.length);
} catch (error) {
  console.error(error);
} finally {
  await browser?.close();
  if (serve && serve.exitCode === null) {
    const exited = new Promise((r) => serve!.once('exit', r));
    serve.kill('SIGTERM');
    await exited;
  }
  await rm(root, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
