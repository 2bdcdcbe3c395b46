/**
 * The Ask AI panel speaks the page's language, in real Chromium against a built two-language site (English and
 * French) served as static files: its placeholder, buttons, labels and the "no assistant here" message come from
 * ui-strings.ts through the header button's `data-assistant-ui` (only those that differ from English), and an English
 * page carries none of it: the panel reads its own English module (strings-en.ts). The copy buttons of the Preact built-ins (a hydrated snippet's `<CodeBlock>` and `<Color.Item>`) are in the page's language
 * too, in the server's HTML and after hydration.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildSite } from '../src/cli/run.ts';
import { launchChromium, serveDist } from './helpers.ts';

let root = '';
let site: { url: string; close: () => Promise<void> } | undefined;
let browser: Browser;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'lectern-e2e-assistant-lang-'));
  mkdirSync(path.join(root, 'fr'));
  mkdirSync(path.join(root, 'snippets'));
  writeFileSync(
    path.join(root, 'snippets/demo.jsx'),
    [
      'export const Demo = () => {',
      '  const [n, setN] = useState(0);',
      '  return (',
      '    <div>',
      '      <button type="button" className="demo-count" onClick={() => setN(n + 1)}>{n}</button>',
      '      <CodeBlock language="bash" filename="run.sh">echo hi</CodeBlock>',
      '      <Color.Item name="Brand" value="#0D9373" />',
      '      <ParamField path="petId" type="string">The pet.</ParamField>',
      '    </div>',
      '  );',
      '};',
      '',
    ].join('\n'),
  );
  const demo =
    'import { Demo } from \'/snippets/demo.jsx\';\n\n<Demo />\n\n<ParamField query="limit" type="number">How many.</ParamField>\n';
  writeFileSync(path.join(root, 'index.mdx'), `---\ntitle: Home\ndescription: Acme docs.\n---\n${demo}`);
  writeFileSync(path.join(root, 'fr/index.mdx'), `---\ntitle: Accueil\ndescription: Docs Acme.\n---\n${demo}`);
  writeFileSync(
    path.join(root, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      navigation: {
        languages: [
          { language: 'en', groups: [{ group: 'Start', pages: ['index'] }] },
          { language: 'fr', groups: [{ group: 'Démarrer', pages: ['fr/index'] }] },
        ],
      },
      lectern: { socialImages: false, assistant: { enabled: true, domain: 'acme', sampleQuestions: ['How?'] } },
    }),
  );
  const { outDir } = await buildSite(root, { logLevel: 'warn' });
  site = await serveDist(outDir);
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Open the panel from the header on `slug`; the static site has no assistant, so the panel says so. */
async function openPanel(slug: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${site!.url}/${slug}`);
  await page.locator('[data-open-assistant]').first().click();
  await page.locator('.lectern-ai-error').waitFor();
  return page;
}

const panelText = (page: Page) =>
  page.evaluate(() => {
    const panel = document.querySelector('[data-assistant-panel]')!;
    const input = panel.querySelector('textarea')!;
    return {
      placeholder: input.placeholder,
      inputLabel: input.getAttribute('aria-label'),
      send: panel.querySelector('.lectern-ai-send')!.textContent!.trim(),
      sendLabel: panel.querySelector('.lectern-ai-send')!.getAttribute('aria-label'),
      title: panel.querySelector('#lectern-ai-title')!.textContent,
      close: panel.querySelector('.lectern-ai-icon')!.getAttribute('aria-label'),
      newConversation: panel.querySelector('.lectern-ai-head .lectern-ai-ghost')!.textContent!.trim(),
      log: panel.querySelector('[role="log"]')!.getAttribute('aria-label'),
      error: panel.querySelector('.lectern-ai-error')!.textContent,
    };
  });

describe('the Ask AI panel', () => {
  it('is in French on a French page', async () => {
    const page = await openPanel('fr');
    try {
      const handed = JSON.parse((await page.locator('[data-open-assistant]').first().getAttribute('data-assistant-ui'))!);
      expect(handed).toMatchObject({ aiPlaceholder: 'Posez une question…', send: 'Envoyer' });
      // 'Conversation' is the same word in both: not handed, the panel reads it from its English.
      expect(handed).not.toHaveProperty('aiConversation');
      expect(await panelText(page)).toEqual({
        placeholder: 'Posez une question…',
        inputLabel: 'Poser une question',
        send: 'Envoyer',
        sendLabel: 'Envoyer la question',
        title: "Demander à l'IA",
        close: 'Fermer l’assistant',
        newConversation: 'Nouvelle conversation',
        log: 'Conversation',
        error: expect.stringContaining('L’assistant n’est pas disponible ici'),
      });
    } finally {
      await page.close();
    }
  });

  it('is in English on an English page, which carries no panel strings', async () => {
    const page = await openPanel('');
    try {
      expect(await page.locator('[data-open-assistant]').first().getAttribute('data-assistant-ui')).toBeNull();
      expect(await panelText(page)).toEqual({
        placeholder: 'Ask a question…',
        inputLabel: 'Ask a question',
        send: 'Send',
        sendLabel: 'Send question',
        title: 'Ask AI',
        close: 'Close assistant',
        newConversation: 'New conversation',
        log: 'Conversation',
        error: expect.stringContaining("The assistant isn't available here"),
      });
    } finally {
      await page.close();
    }
  });
});

describe("the Preact built-ins' copy buttons", () => {
  const copyWords = (page: Page) =>
    page.evaluate(() => ({
      code: document.querySelector('.code-block .copy-button')?.getAttribute('aria-label'),
      copied: document.querySelector('.code-block .copied-label')?.textContent,
      color: document.querySelector('.color-item')?.getAttribute('title'),
      fields: [...document.querySelectorAll('.field-anchor')].map((a) => a.getAttribute('aria-label')).sort(),
    }));

  for (const [slug, expected] of [
    [
      'fr',
      {
        code: 'Copier le code',
        copied: 'Copié',
        color: 'Copier',
        fields: ['Copier le lien vers limit', 'Copier le lien vers petId'],
      },
    ],
    ['', { code: 'Copy code', copied: 'Copied', color: 'Copy', fields: ['Copy link to limit', 'Copy link to petId'] }],
  ] as const) {
    it(`are in the page's language (${slug || 'en'}), served and hydrated`, async () => {
      const html = await (await fetch(`${site!.url}/${slug}`)).text();
      expect(html).toContain(`aria-label="${expected.code}"`);
      expect(html).toContain(`title="${expected.color}"`);
      for (const label of expected.fields) expect(html).toContain(`aria-label="${label}"`);
      const page = await browser.newPage();
      try {
        await page.goto(`${site!.url}/${slug}`);
        await page.locator('.demo-count').click();
        await page.locator('.demo-count', { hasText: '1' }).waitFor();
        expect(await copyWords(page)).toEqual(expected);
      } finally {
        await page.close();
      }
    });
  }
});
