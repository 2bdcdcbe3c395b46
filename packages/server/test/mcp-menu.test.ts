/**
 * The page menu's MCP options (docs.json `contextual`: mcp, add-mcp, cursor, vscode) on a real build served by
 * `lectern serve`, in Chromium: the copied URL is the server's `/mcp`, which the MCP SDK's client then connects to and
 * reads the built page's Markdown from; Cursor's and VS Code's install links carry it. The AI chat options draw links,
 * and the options Lectern cannot draw are warned about when docs.json is loaded.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsupportedSettings } from '../../core/src/config/unsupported.ts';
import { connectMcp, launchChromium, mcpGetPage, mcpSearch, REPO, startServe, writeMcpSite } from '../../astro/test/helpers.ts';

const OPTIONS = ['copy', 'mcp', 'add-mcp', 'cursor', 'vscode', 'grok', 'aistudio', 'devin', 'download-pdf', 'devin-mcp'];

let root = '';
let url = '';
let child: ChildProcess | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lectern-mcp-menu-'));
  await mkdir(root, { recursive: true });
  await writeMcpSite(root, { contextual: { options: OPTIONS } });
  await new Promise<void>((resolve, reject) =>
    execFile(process.execPath, [path.join(REPO, 'packages/astro/bin/lectern.js'), 'build', root], { cwd: root }, (error, _out, err) =>
      error ? reject(new Error(`${error.message}\n${err}`)) : resolve(),
    ),
  );
  ({ url, child } = await startServe(root));
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  child?.kill('SIGTERM');
  await rm(root, { recursive: true, force: true });
});

async function openMenu(): Promise<{ p: Page; close: () => Promise<void> }> {
  const ctx = await browser!.newContext();
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  const p = await ctx.newPage();
  await p.goto(`${url}/guide`, { waitUntil: 'load' });
  await p.click('.contextual-menu > summary');
  return { p, close: () => ctx.close() };
}

/** The href a menu link has once clicked (navigation prevented). */
async function hrefAfterClick(p: Page, selector: string): Promise<string> {
  return p.evaluate((s) => {
    window.addEventListener('click', (e) => e.preventDefault(), { capture: true, once: true });
    const a = document.querySelector<HTMLAnchorElement>(s)!;
    a.click();
    return a.href;
  }, selector);
}

describe('the page menu MCP options', () => {
  it('"Copy MCP server URL" copies the server\'s /mcp, and the MCP SDK client reads the built page from it', async () => {
    const { p, close } = await openMenu();
    try {
      await p.click('.contextual-menu a:has-text("Copy MCP server URL")');
      await p.waitForFunction(() => document.querySelector('[data-mcp="mcp"]')?.hasAttribute('data-copied'));
      const copied = await p.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(`${url}/mcp`);
      expect(p.url()).toBe(`${url}/guide`);

      const client = await connectMcp(copied);
      try {
        const guide = await mcpGetPage(client, '/guide');
        expect(guide.isError).toBeFalsy();
        expect(guide.content[0]!.text).toContain('The flux capacitor needs 1.21 gigawatts.');
        // The build published the restricted page's Markdown copy (lectern serve gates it); MCP never returns it.
        expect(existsSync(path.join(root, 'dist/staff.md'))).toBe(true);
        const staff = await mcpGetPage(client, '/staff');
        expect(staff.isError).toBe(true);
        const found = await mcpSearch(client, 'flux capacitor gigawatts');
        expect(found.content[0]!.text).toContain(`URL: ${url}/guide`);
      } finally {
        await client.close();
      }
    } finally {
      await close();
    }
  }, 60_000);

  it('"Copy MCP install command" copies npx add-mcp with the URL', async () => {
    const { p, close } = await openMenu();
    try {
      await p.click('.contextual-menu a:has-text("Copy MCP install command")');
      await p.waitForFunction(() => document.querySelector('[data-mcp="add-mcp"]')?.hasAttribute('data-copied'));
      expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(`npx add-mcp ${url}/mcp`);
    } finally {
      await close();
    }
  });

  it('"Connect to Cursor" and "Connect to VS Code" are their install links for the server', async () => {
    const { p, close } = await openMenu();
    try {
      const cursor = new URL(await hrefAfterClick(p, '[data-mcp="cursor"]'));
      expect(`${cursor.protocol}//${cursor.host}${cursor.pathname}`).toBe('cursor://anysphere.cursor-deeplink/mcp/install');
      expect(cursor.searchParams.get('name')).toBeTruthy();
      expect(JSON.parse(atob(cursor.searchParams.get('config')!))).toEqual({ url: `${url}/mcp` });
      const vscode = new URL(await hrefAfterClick(p, '[data-mcp="vscode"]'));
      expect(vscode.origin + vscode.pathname).toBe('https://vscode.dev/redirect/mcp/install');
      expect(JSON.parse(vscode.searchParams.get('config')!)).toEqual({ type: 'http', url: `${url}/mcp` });
      // Clicked twice, the link still carries the server's URL (not its own install link).
      const again = new URL(await hrefAfterClick(p, '[data-mcp="cursor"]'));
      expect(JSON.parse(atob(again.searchParams.get('config')!))).toEqual({ url: `${url}/mcp` });
    } finally {
      await close();
    }
  });

  it('draws Grok, Google AI Studio and Devin as chats about the page; warns about the options it cannot draw', async () => {
    const { p, close } = await openMenu();
    try {
      const prompt = encodeURIComponent(`Read ${url}/guide so I can ask questions about it.`);
      expect(await hrefAfterClick(p, '[data-ai="grok"]')).toBe(`https://grok.com/?q=${prompt}`);
      expect(await hrefAfterClick(p, '[data-ai="aistudio"]')).toBe(`https://aistudio.google.com/prompts/new_chat?prompt=${prompt}`);
      expect(await hrefAfterClick(p, '[data-ai="devin"]')).toBe(`https://app.devin.ai/?prompt=${prompt}`);
      const titles = await p.locator('.contextual-menu .contextual-title').allInnerTexts();
      expect(titles).not.toContain('Download PDF');
    } finally {
      await close();
    }
    const warnings = unsupportedSettings({ contextual: { options: OPTIONS.concat(['devin-desktop', 'windsurf', 'bogus']) } });
    expect(warnings.map((w) => w.pointer)).toEqual([
      '/contextual/options/8',
      '/contextual/options/9',
      '/contextual/options/10',
      '/contextual/options/11',
      '/contextual/options/12',
    ]);
    expect(warnings[0]!.message).toBe(
      'contextual option "download-pdf" is left out of the page menu: Lectern does not make PDFs of pages yet',
    );
    expect(warnings[4]!.message).toMatch(/^unknown contextual option "bogus" is left out of the page menu \(known: copy, view, /);
  });
});
