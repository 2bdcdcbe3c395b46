/** The AsyncAPI WebSocket island in real Chromium against a WebSocket echo endpoint on 127.0.0.1. */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../astro/test/helpers.ts';
import { startHarness, type Harness } from './e2e/harness.ts';

let browser: Browser;
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

describe('ChannelPlayground', () => {
  it('connects with the header-style credential as subprotocol, sends the prefilled message, logs the echo, disconnects', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const ctx = await browser.newContext({ viewport: { width: 900, height: 1100 } });
      const page = await ctx.newPage();
      await page.goto(h.page({ channel: 'echo', options: { prefill: true }, theme }));
      await page.waitForSelector('html[data-ready="1"]');
      const port = new URL(h.other).port;
      await expect(page.locator('.lp-url').innerText()).resolves.toBe(`ws://127.0.0.1:${port}/ws/echo/lobby`);
      await page.selectOption('#channel-echo-param-room', 'quiet');
      await page.fill('#channel-echo-auth-bearer', 'ws-token-1');
      expect(await page.inputValue('#channel-echo-payload')).toBe('{\n  "text": "hello there"\n}');
      const n = h.ws.length;
      await page.getByRole('button', { name: 'Connect' }).click();
      await page.getByText('Status: open').waitFor();
      expect(h.ws.length).toBe(n + 1);
      const conn = h.ws[h.ws.length - 1]!;
      expect(conn.url).toBe('/ws/echo/quiet');
      expect(conn.protocols).toEqual(['ws-token-1']);
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.locator('.lp-log-in').first().waitFor();
      expect(conn.messages).toEqual(['{\n  "text": "hello there"\n}']);
      expect(await page.locator('.lp-log-in pre').innerText()).toBe(JSON.stringify({ echo: '{\n  "text": "hello there"\n}' }, null, 2));

      // Invalid JSON is refused inline, nothing sent.
      await page.fill('#channel-echo-payload', '{"text": ');
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect(page.locator('.lp-alert').innerText()).resolves.toMatch(/^Invalid JSON/);
      expect(conn.messages.length).toBe(1);

      await page.screenshot({ path: path.join(tmpdir(), `channel-${theme}.png`), fullPage: true });
      await page.getByRole('button', { name: 'Disconnect' }).click();
      await page.getByText('Status: closed').waitFor();
      await expect(page.locator('.lp-log').innerText()).resolves.toContain('Disconnected (code 1000');
      await ctx.close();
    }
  });

  it('a refused connection is reported', async () => {
    const page = await browser.newPage();
    await page.goto(h.page({ channel: 'echo', options: {}, port: 9 }));
    await page.waitForSelector('html[data-ready="1"]');
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.locator('.lp-alert').waitFor();
    await expect(page.locator('.lp-alert').innerText()).resolves.toContain('refused');
    await page.getByText('Status: closed').waitFor();
    await page.close();
  });
});
