/**
 * The `Chat` component of docs/assistant/use-chat-v2.mdx, exactly as printed there, bundled with each of
 * `ai` 5 + `@ai-sdk/react` 2, `ai` 6 + 3 and `ai` 7 + 4, rendered by React in Chromium on one origin and talking to
 * the v2 endpoint on another (CORS, exposed thread headers): a question, its answer with sources, and a follow-up
 * in the same thread.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteKeyStore } from '../src/assistant/index.ts';
import { launchChromium } from '../../astro/test/helpers.ts';
import { countRows, createTestSite, startServer, type TestServer, type TestSite } from './assistant.helpers.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);
const DOC = path.join(repoRoot, 'docs/assistant/use-chat-v2.mdx');

/** The code block titled `Chat.tsx` of the docs page. */
function documentedComponent(): string {
  const match = /```tsx Chat\.tsx\n([\s\S]*?)\n```/.exec(readFileSync(DOC, 'utf8'));
  if (!match) throw new Error(`${DOC}: no \`\`\`tsx Chat.tsx code block`);
  return match[1]!;
}

const VERSIONS = [
  { sdk: 5, react: 'ai-sdk-react5' },
  { sdk: 6, react: 'ai-sdk-react6' },
  { sdk: 7, react: 'ai-sdk-react7' },
];

let site: TestSite;
let api: TestServer;
let pages: Server;
let pagesOrigin = '';
let dir = '';
let browser: Browser;
const bundles = new Map<string, string>();

beforeAll(async () => {
  site = await createTestSite();
  const store = openSqliteKeyStore(site.keysPath);
  const { key } = await store.create({ org: 'acme', domains: ['acme-docs'] });
  store.close?.();
  api = await startServer({ index: site.indexPath, keys: site.keysPath, threads: site.threadsPath, siteName: 'Acme' });

  dir = mkdtempSync(path.join(tmpdir(), 'lectern-usechat-v2-'));
  const code = documentedComponent().replace('https://docs.example.com', api.origin);
  expect(code).toContain(`${api.origin}/discovery/v2/assistant/acme-docs/message`);
  writeFileSync(path.join(dir, 'Chat.tsx'), code);
  writeFileSync(
    path.join(dir, 'main.tsx'),
    "import { createRoot } from 'react-dom/client';\nimport { Chat } from './Chat.tsx';\ncreateRoot(document.getElementById('root')!).render(<Chat />);\n",
  );
  for (const v of VERSIONS) {
    // The `ai` that this @ai-sdk/react depends on, so the component and the hook share one copy.
    const reactDir = path.dirname(require.resolve(`${v.react}/package.json`));
    const aiDir = path.dirname(createRequire(path.join(reactDir, 'package.json')).resolve('ai/package.json'));
    expect(JSON.parse(readFileSync(path.join(aiDir, 'package.json'), 'utf8')).version).toMatch(new RegExp(`^${v.sdk}\\.`));
    const out = await build({
      entryPoints: [path.join(dir, 'main.tsx')],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      jsx: 'automatic',
      nodePaths: [path.join(repoRoot, 'node_modules')],
      alias: { ai: aiDir, '@ai-sdk/react': reactDir },
      define: {
        'import.meta.env.PUBLIC_LECTERN_ASSISTANT_KEY': JSON.stringify(key),
        'process.env.NODE_ENV': '"production"',
      },
      logLevel: 'silent',
    });
    bundles.set(`/v${v.sdk}.js`, out.outputFiles[0]!.text);
  }
  pages = createServer((req, res) => {
    const js = bundles.get(req.url ?? '');
    if (js) {
      res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(js);
      return;
    }
    const m = /^\/v(\d)\.html$/.exec(req.url ?? '');
    if (!m) return void res.writeHead(404).end();
    res
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="en"><title>chat</title><link rel="icon" href="data:,"><div id="root"></div><script type="module" src="/v${m[1]}.js"></script>`,
      );
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesOrigin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (pages ? pages.close(() => resolve()) : resolve()));
  await api?.close();
  site?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.each(VERSIONS)('the documented useChat component with AI SDK $sdk, in Chromium', (v) => {
  it('answers with sources, then continues the same thread', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    try {
      const before = countRows(site.threadsPath);
      await page.goto(`${pagesOrigin}/v${v.sdk}.html`);
      const question = page.getByLabel('Question');
      const send = page.getByRole('button', { name: 'Send' });

      await question.fill('How do I verify webhook signatures?');
      await send.click();
      const answers = page.locator('[data-role="assistant"]');
      await expect.poll(() => answers.count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => answers.first().innerText(), { timeout: 15_000 }).toContain('Acme-Signature');
      const source = answers.first().locator('a[href="/guides/webhooks#verifying-signatures"]');
      expect(await source.innerText()).toBe('Webhooks › Verifying signatures');
      await expect.poll(() => send.isEnabled()).toBe(true);

      await question.fill('What are the rate limits?');
      await send.click();
      await expect.poll(() => answers.count(), { timeout: 15_000 }).toBe(2);
      await expect.poll(async () => (await answers.nth(1).innerText()).toLowerCase(), { timeout: 15_000 }).toContain('rate limit');
      await expect.poll(() => send.isEnabled()).toBe(true);

      expect(await page.getByRole('alert').count()).toBe(0);
      expect(problems).toEqual([]);
      // One thread for both questions: the follow-up carried the id and key from the first answer's headers.
      const after = countRows(site.threadsPath);
      expect(after.threads - before.threads).toBe(1);
      expect(after.messages - before.messages).toBe(4);
    } finally {
      await page.close();
    }
  });
});
