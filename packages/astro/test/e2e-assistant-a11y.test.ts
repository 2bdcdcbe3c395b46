/**
 * The "Ask AI" panel's accessibility and its deflection to support, in real Chromium against `lectern serve` (the CLI
 * in a child process) on a site with docs.json `lectern.assistant.supportUrl`. Axe-style checks by hand (axe-core is
 * not installed): every control and link in the open panel has an accessible name, the dialog has its role, aria-modal
 * and a label, the answer log is aria-live, focus moves in on open, Tab and Shift+Tab cycle inside the panel, Escape
 * closes it and gives focus back to the opener; wide and phone-sized. Answers come from the server's model composer,
 * pointed at an OpenAI-compatible stand-in on 127.0.0.1.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildSite } from '../src/cli/run.ts';
import { launchChromium, startServe } from './helpers.ts';

const SUPPORT = 'https://help.example.com/tickets/new?from=docs';
let model: Server;
let modelUrl = '';
let root = '';
let serve: ChildProcess | undefined;
let site = '';
let browser: Browser;

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'fake', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
const stop = `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'fake', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`;

/** The stand-in model: an answer citing the webhooks page, or (asked about "plorf") one that finds nothing. */
function startModel(): Promise<void> {
  model = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      const answer = /plorf/.test(raw.split('"role":"user"').pop() ?? '')
        ? "I couldn't find anything about that in these docs."
        : 'Verify the `Acme-Signature` header, see [Webhooks](/guides/webhooks#verifying-signatures).';
      res.end(chunk(answer) + stop);
    });
  });
  return new Promise((r) =>
    model.listen(0, '127.0.0.1', () => {
      modelUrl = `http://127.0.0.1:${(model.address() as { port: number }).port}/v1`;
      r();
    }),
  );
}

function writeSite(dir: string): void {
  mkdirSync(path.join(dir, 'guides'), { recursive: true });
  mkdirSync(path.join(dir, 'fr'), { recursive: true });
  writeFileSync(path.join(dir, 'index.mdx'), '---\ntitle: Home\ndescription: Acme docs.\n---\nWelcome to the Acme docs.\n');
  writeFileSync(path.join(dir, 'fr/index.mdx'), '---\ntitle: Accueil\ndescription: Docs Acme.\n---\nBienvenue dans les docs Acme.\n');
  writeFileSync(
    path.join(dir, 'guides/webhooks.mdx'),
    '---\ntitle: Webhooks\ndescription: Receive events.\n---\n\n## Verifying signatures\n\nEvery webhook delivery carries an `Acme-Signature` header: an HMAC of the body with your signing secret.\n',
  );
  writeFileSync(
    path.join(dir, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      navigation: {
        languages: [
          { language: 'en', groups: [{ group: 'Guides', pages: ['index', 'guides/webhooks'] }] },
          { language: 'fr', groups: [{ group: 'Guides', pages: ['fr/index'] }] },
        ],
      },
      lectern: { assistant: { enabled: true, domain: 'acme', supportUrl: SUPPORT } },
    }),
  );
}

beforeAll(async () => {
  await startModel();
  root = mkdtempSync(path.join(tmpdir(), 'lectern-e2e-assistant-a11y-'));
  writeSite(root);
  await buildSite(root, { logLevel: 'warn' });
  const started = await startServe(root, { LECTERN_ASSISTANT_BASE_URL: modelUrl, LECTERN_ASSISTANT_MODEL: 'fake' });
  serve = started.child;
  site = started.url;
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  serve?.kill('SIGTERM');
  await new Promise((r) => model?.close(r));
  if (root) rmSync(root, { recursive: true, force: true });
});

const dialog = (page: Page) => page.locator('#lectern-assistant [role="dialog"]');

/** The accessible name of every control and link in the panel that has none (aria-label, aria-labelledby or text). */
function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#lectern-assistant :is(button, textarea, input, select, a[href], [tabindex])')]
      .filter((el) => el.offsetParent !== null)
      .filter((el) => {
        const labelledBy = (el.getAttribute('aria-labelledby') ?? '')
          .split(/\s+/)
          .map((id) => (id ? document.getElementById(id)?.textContent?.trim() : ''))
          .join('');
        return !(el.getAttribute('aria-label')?.trim() || labelledBy || el.textContent?.trim() || el.getAttribute('title')?.trim());
      })
      .map((el) => el.outerHTML.slice(0, 200)),
  );
}

/** Where focus is: its accessible label or text, and whether it is inside the dialog. */
function focused(page: Page): Promise<{ name: string; inside: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      name: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
      inside: !!el?.closest('#lectern-assistant [role="dialog"]'),
    };
  });
}

/**
 * Text in the panel whose contrast with the background behind it is under WCAG AA (4.5:1; 3:1 for large text), as
 * axe's color-contrast rule measures it: the element's colour against the first opaque background among its ancestors.
 */
function lowContrast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    /** Any CSS colour as sRGB 0–255 and alpha, through a canvas (which understands color(), oklch(), color-mix() results). */
    const rgba = (css: string): [number, number, number, number] => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = '#000';
      canvas.fillStyle = css;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const luminance = ([r, g, b]: number[]) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
    };
    const background = (el: Element | null): number[] => {
      const layers: Array<[number, number, number, number]> = [];
      for (let at = el; at; at = at.parentElement) {
        const c = rgba(getComputedStyle(at).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] >= 1) break;
      }
      let out = [255, 255, 255];
      for (const [r, g, b, a] of layers.reverse()) out = [r * a + out[0]! * (1 - a), g * a + out[1]! * (1 - a), b * a + out[2]! * (1 - a)];
      return out;
    };
    const bad: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('#lectern-assistant *')) {
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim());
      if (!own || el.offsetParent === null || (el as HTMLButtonElement).disabled) continue;
      const style = getComputedStyle(el);
      const fg = rgba(style.color);
      const bg = background(el);
      const fgFlat = [0, 1, 2].map((i) => fg[i]! * fg[3] + bg[i]! * (1 - fg[3]));
      const [hi, lo] = [luminance(fgFlat), luminance(bg)].sort((a, b) => b - a);
      const ratio = (hi! + 0.05) / (lo! + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5))
        bad.push(`${ratio.toFixed(2)}:1 "${el.textContent!.trim().slice(0, 40)}" (${el.className || el.tagName})`);
    }
    return bad;
  });
}

async function askAndWait(page: Page, question: string, nth: number): Promise<void> {
  await page.getByLabel('Ask a question').fill(question);
  await page.getByLabel('Ask a question').press('Enter');
  await page.locator('.lectern-ai-answer[data-state="done"]').nth(nth).waitFor({ timeout: 30_000 });
}

describe('the Ask AI panel, by keyboard and screen reader', () => {
  for (const [label, viewport] of [
    ['wide', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 800 }],
  ] as const) {
    it(`is a named modal dialog: focus in on open, Tab and Shift+Tab cycle inside, Escape gives focus back (${label})`, async () => {
      const page = await browser.newPage({ viewport });
      try {
        await page.goto(`${site}/guides/webhooks`);
        const opener = page.locator('[data-open-assistant]');
        await expect(opener.getAttribute('aria-haspopup')).resolves.toBe('dialog');
        await expect(opener.getAttribute('aria-expanded')).resolves.toBe('false');
        await opener.focus();
        await page.keyboard.press('Enter');
        await dialog(page).waitFor({ state: 'visible' });
        await expect(opener.getAttribute('aria-expanded')).resolves.toBe('true');

        // The dialog: role, aria-modal, a label that names it.
        await expect(dialog(page).getAttribute('aria-modal')).resolves.toBe('true');
        const title = await dialog(page).evaluate((el) => document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent);
        expect(title).toBe('Ask AI');
        // Focus moved into the panel, on the question box.
        await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Ask a question');
        // The answers are announced as they stream.
        await expect(page.locator('#lectern-assistant [role="log"]').getAttribute('aria-live')).resolves.toBe('polite');

        await askAndWait(page, 'How do I verify webhook signatures?', 0);
        expect(await unnamedControls(page)).toEqual([]);
        // Text contrast, light and dark (axe's color-contrast), with a question typed so that Send is enabled.
        await page.getByLabel('Ask a question').fill('And retries?');
        expect(await lowContrast(page)).toEqual([]);
        await page.evaluate(() => document.documentElement.classList.add('dark'));
        expect(await lowContrast(page)).toEqual([]);
        const shots = process.env.LECTERN_SCREENSHOTS;
        if (shots) await page.screenshot({ path: path.join(shots, `assistant-a11y-${label}-dark.png`) });
        await page.evaluate(() => document.documentElement.classList.remove('dark'));
        if (shots) await page.screenshot({ path: path.join(shots, `assistant-a11y-${label}-light.png`) });
        await page.getByLabel('Ask a question').fill('');

        // Tab goes through every focusable element of the panel and comes back round; Shift+Tab goes the other way.
        const forward: string[] = [];
        await page.getByLabel('Ask a question').focus();
        for (let i = 0; i < 16; i++) {
          await page.keyboard.press('Tab');
          const now = await focused(page);
          expect(now.inside, `Tab ${i + 1} left the panel for "${now.name}"`).toBe(true);
          forward.push(now.name);
        }
        const cycle = forward.indexOf('Ask a question') + 1;
        expect(cycle).toBeGreaterThan(1);
        expect(forward).toContain('Copy answer');
        expect(forward).toContain('Contact support');
        expect(forward).toContain('Close assistant');
        expect(forward.slice(cycle, cycle * 2)).toEqual(forward.slice(0, cycle));
        const backward: string[] = [];
        for (let i = 0; i < cycle; i++) {
          await page.keyboard.press('Shift+Tab');
          const now = await focused(page);
          expect(now.inside, `Shift+Tab ${i + 1} left the panel for "${now.name}"`).toBe(true);
          backward.push(now.name);
        }
        expect(new Set(backward)).toEqual(new Set(forward.slice(0, cycle)));

        await page.keyboard.press('Escape');
        await dialog(page).waitFor({ state: 'hidden' });
        expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-open-assistant'))).toBe(true);
        await expect(opener.getAttribute('aria-expanded')).resolves.toBe('false');
        // The opener itself has a name on every screen size (its text is only visually hidden on phones).
        await expect(opener.evaluate((el) => (el as HTMLElement).innerText.trim() || el.textContent?.trim())).resolves.toContain('Ask AI');
      } finally {
        await page.close();
      }
    }, 90_000);
  }
});

describe('deflection to support (docs.json lectern.assistant.supportUrl)', () => {
  it('lectern serve refuses a support address with credentials or a malformed email, naming each at its JSON pointer', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lectern-e2e-assistant-support-'));
    try {
      mkdirSync(path.join(dir, 'dist'));
      writeFileSync(path.join(dir, 'dist/index.html'), '<p>Acme</p>');
      const assistant = { enabled: true, supportUrl: 'https://user:pw@help.example.com/', supportEmail: 'nope' };
      writeFileSync(path.join(dir, 'docs.json'), JSON.stringify({ name: 'Acme', lectern: { assistant } }));
      const error = await startServe(dir).then(
        (s) => (s.child.kill(), undefined),
        (e: Error) => e.message,
      );
      expect(error).toContain(
        'docs.json /lectern/assistant/supportUrl: expected the http(s) address of your support page, without credentials',
      );
      expect(error).toContain('docs.json /lectern/assistant/supportEmail: expected an email address');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is in the panel settings lectern serve answers', async () => {
    const body = (await (await fetch(`${site}/_lectern/assistant.json`)).json()) as { support?: { url?: string } };
    expect(body.support).toEqual({ url: SUPPORT });
  });

  it('offers "Contact support" in the panel, with the thread id once there is a conversation', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${site}/`);
      await page.keyboard.press('Control+i');
      await dialog(page).waitFor({ state: 'visible' });
      const link = page.locator('.lectern-ai-support a[data-assistant-support]');
      await expect(link.getAttribute('href')).resolves.toBe(SUPPORT);
      await expect(link.getAttribute('rel')).resolves.toContain('noopener');
      await askAndWait(page, 'How do I verify webhook signatures?', 0);
      const thread = await page.evaluate(() => JSON.parse(sessionStorage.getItem('lectern:assistant:acme')!).thread.threadId as string);
      expect(thread).toMatch(/^thr_/);
      const href = new URL((await link.getAttribute('href'))!);
      expect(href.origin + href.pathname).toBe('https://help.example.com/tickets/new');
      expect(href.searchParams.get('from')).toBe('docs');
      expect(href.searchParams.get('threadId')).toBe(thread);
      // That answer cites a page: no deflection under it. One that cites none offers support under it too.
      await expect(page.locator('.lectern-ai-answer').first().locator('[data-assistant-support]').count()).resolves.toBe(0);
      // A question the docs do not cover, in a new conversation: no page cited, support offered under the answer.
      await page.getByRole('button', { name: 'New conversation' }).click();
      await askAndWait(page, 'zqxv plorf wibble?', 0);
      const answer = page.locator('.lectern-ai-answer').first();
      await expect(answer.locator('nav[aria-label="Sources"] a').count()).resolves.toBe(0);
      await expect(answer.locator('.lectern-ai-deflect a[data-assistant-support]').getAttribute('href')).resolves.toMatch(
        /^https:\/\/help\.example\.com\/tickets\/new\?from=docs&threadId=thr_/,
      );
    } finally {
      await page.close();
    }
  }, 60_000);

  it("is in the page's language: a French page offers « Contacter le support », in the panel and under an answer", async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${site}/fr`);
      await page.keyboard.press('Control+i');
      await dialog(page).waitFor({ state: 'visible' });
      const footer = page.locator('.lectern-ai-support');
      await expect(footer.locator('a[data-assistant-support]').getAttribute('href')).resolves.toBe(SUPPORT);
      await expect(footer.innerText()).resolves.toBe('Besoin d’un humain ? Contacter le support');
      await page.getByLabel('Poser une question').fill('zqxv plorf wibble ?');
      await page.getByLabel('Poser une question').press('Enter');
      const answer = page.locator('.lectern-ai-answer[data-state="done"]').first();
      await answer.waitFor({ timeout: 30_000 });
      const deflect = answer.locator('.lectern-ai-deflect');
      await expect(deflect.innerText()).resolves.toMatch(/Contacter le support$/);
      await expect(deflect.locator('a[data-assistant-support]').getAttribute('href')).resolves.toMatch(/threadId=thr_/);
    } finally {
      await page.close();
    }
  }, 60_000);
});
