/**
 * The components fixture built for real: snippet props on the page, de-duplicated field anchors, Badge/Prompt/Card/
 * Tree props, Visibility in the page and in its `.md` copy, the changelog feed, and the View switcher in Chromium
 * (first view by default, the choice remembered, the table of contents following it, every view without JavaScript).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { readPage, servedFixture } from './helpers.ts';

const site = servedFixture('components');

/** The page's article, without inline SVG icons. */
const prose = (html: string) =>
  (/<div class="prose">([\s\S]*?)<nav class="page-nav"/.exec(html)?.[1] ?? '').replace(/<svg[\s\S]*?<\/svg>/g, '<svg/>');

describe('snippets', () => {
  it('fills bare {word} props, props in code fences, {props.x}, nested snippets, named exports and .jsx snippets', async () => {
    const html = prose(await readPage(site.dist, 'snippets-page'));
    expect(html).toContain('<p>My keyword of the day is banana.</p>');
    expect(html).toMatch(/<p class="card-title"[^>]*>banana<\/p>/);
    expect(html).toContain('Shorthand: {&quot;word&quot;:&quot;banana&quot;} and typeof: string.');
    // A highlighted token (its class names a color of the theme table, see highlight.ts).
    expect(html).toMatch(/<span class="k[0-9a-z]+">install @acme\/sdk<\/span>/);
    expect(html).toContain('<p>Explicit prop: cherry.</p>');
    expect(html).toContain('<p>Nested snippet passing mango on:</p>');
    expect(html).toContain('<p>My keyword of the day is mango.</p>');
    expect(html).toContain('install nested-pkg');
    expect(html).toContain('Hello, my name is Ronan and I like strawberries.');
    expect(html).toContain('<div class="jsx-box">jsx: from a JSX snippet</div>');
  });
});

describe('field anchors', () => {
  it('every id on the page is unique; the first field keeps #param-<name>, later ones get -1, -2', async () => {
    const html = await readPage(site.dist, 'fields');
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
    expect(ids.length).toBe(new Set(ids).size);
    expect(html).toMatch(
      /<div class="field" id="param-pet-id"><div class="field-head"><a class="field-anchor" href="#param-pet-id" data-anchor aria-label="Copy link to petId">/,
    );
    expect(html).toMatch(
      /<div class="field" id="param-pet-id-1"><div class="field-head"><a class="field-anchor" href="#param-pet-id-1" data-anchor aria-label="Copy link to pet.id">/,
    );
    expect(html).toMatch(
      /<div class="field" id="param-pet-id-2"><div class="field-head"><a class="field-anchor" href="#param-pet-id-2" data-anchor aria-label="Copy link to pet_id">/,
    );
  });
});

describe('component props', () => {
  it('Badge: icon, disabled, stroke and xs', async () => {
    const html = prose(await readPage(site.dist, 'widgets'));
    expect(html).toMatch(/<span class="badge badge-green badge-md badge-rounded"[^>]*><svg\/>Stable<\/span>/);
    expect(html).toMatch(
      /<span class="badge badge-blue badge-md badge-rounded badge-disabled" aria-disabled="true"[^>]*><svg\/>Locked<\/span>/,
    );
    expect(html).toMatch(/<span class="badge badge-red badge-xs badge-rounded badge-stroke"[^>]*>Outline<\/span>/);
    const css = [...(await readPage(site.dist, 'widgets')).matchAll(/<link rel="stylesheet" href="(\/_astro\/[^"]+)"/g)]
      .map((m) => readFileSync(path.join(site.dist, m[1]!), 'utf8'))
      .join('\n');
    expect(css).toMatch(/\.badge-disabled[^{]*\{[^}]*opacity/);
    expect(css).toMatch(/\.card-warning[^{]*\{[^}]*--card-type-color/);
  });

  it('Prompt: Markdown description rendered safely, copy and Open in Cursor actions, actions={[]} hides them', async () => {
    const html = prose(await readPage(site.dist, 'widgets'));
    const prompts = html.split('<div class="prompt"').slice(1);
    expect(prompts).toHaveLength(3);
    expect(prompts[0]).toContain('Generate <strong>clear</strong>, <em>concise</em> docs');
    expect(prompts[0]).not.toMatch(/onerror|<img/);
    expect(prompts[0]).toContain('data-copy="You are a **technical writing assistant**.\n\n- Use second person."');
    expect(prompts[0]).toContain(
      'href="https://cursor.com/link/prompt?text=You%20are%20a%20**technical%20writing%20assistant**.%0A%0A-%20Use%20second%20person."',
    );
    expect(prompts[0]).toContain('Open in Cursor');
    expect(prompts[0]).toContain('<p>You are a <strong>technical writing assistant</strong>.</p>');
    expect(prompts[1]).not.toContain('prompt-actions');
    expect(prompts[2]).toContain('data-copy="Copy me."');
    expect(prompts[2]).not.toContain('Open in Cursor');
  });

  it('Card type tints the card and gives it the callout icon; Tree.Folder openable={false} is a fixed folder', async () => {
    const html = prose(await readPage(site.dist, 'widgets'));
    expect(html).toMatch(
      /class="card card-typed card-warning"[^>]*><div class="card-inner"[^>]*><span class="card-icon"[^>]*><svg\/><\/span>/,
    );
    expect(html).toMatch(
      /<li role="treeitem" class="tree-folder-fixed" aria-disabled="true"[^>]*><span class="tree-folder-name"[^>]*><span[^>]*><svg\/><\/span>app<\/span><ul[^>]*><li role="treeitem" class="tree-file"><span><svg\/><\/span>page.tsx<\/li><\/ul><\/li>/,
    );
    expect(html).not.toContain('secret.ts');
    expect(html).toMatch(/<li role="treeitem"[^>]*><details[^>]*><summary[^>]*><span[^>]*><svg\/><\/span>lib<\/summary>/);
  });
});

describe('Visibility', () => {
  it('the page shows humans content only; the .md copy shows agents content only', async () => {
    const page = await readPage(site.dist, 'visibility');
    expect(prose(page)).toContain('Click the <strong>Get started</strong> button.');
    expect(page).not.toContain('Agent steps');
    expect(page).not.toContain('POST /v1/accounts');
    const md = readFileSync(path.join(site.dist, 'visibility.md'), 'utf8');
    expect(md).toBe(
      '# Visibility\n\n> Content for humans and agents.\n\nShared text.\n\n## Agent steps\n\nCall `POST /v1/accounts` with an email.\n\nClosing text.\n',
    );
  });
});

describe('Update RSS feed', () => {
  it('writes <page>/rss.xml with one item per Update: rss prop, labels as anchors, Markdown without components or code', async () => {
    const xml = readFileSync(path.join(site.dist, 'changelog', 'rss.xml'), 'utf8');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain('<atom:link href="https://docs.example.test/changelog/rss.xml" rel="self" type="application/rss+xml"/>');
    const items = xml.split('<item>').slice(1);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('<title><![CDATA[March 2025 - Major redesign]]></title>');
    expect(items[0]).toContain('<link>https://docs.example.test/changelog#march-2025</link>');
    expect(items[0]).toContain('<description><![CDATA[Complete UI overhaul]]></description>');
    expect(items[0]).toContain('<category><![CDATA[Feature]]></category>');
    expect(items[0]).toContain('<pubDate>Sat, 01 Mar 2025 00:00:00 GMT</pubDate>');
    expect(items[1]).toContain('<title><![CDATA[2025-02-10]]></title>');
    expect(items[1]).toContain('<link>https://docs.example.test/changelog#2025-02-10</link>');
    expect(items[1]).toContain('<strong>search</strong>');
    expect(items[1]).toContain('<li>One</li>');
    expect(items[1]).not.toMatch(/npm install|Hidden from the feed|<code>/);
    // The anchors exist on the page.
    const page = await readPage(site.dist, 'changelog');
    expect(page).toContain('id="march-2025"');
    expect(page).toContain('id="2025-02-10"');
    // No feed for pages without updates.
    expect(existsSync(path.join(site.dist, 'plain', 'rss.xml'))).toBe(false);
  });
});

describe('View', () => {
  it('ships the switcher script only on pages with views', async () => {
    expect(await readPage(site.dist, 'views')).toContain('lectern-view');
    expect(await readPage(site.dist, 'plain')).not.toContain('lectern-view');
  });

  it('shows the first view, switches with the dropdown, keeps the choice across pages, and the TOC follows', async () => {
    const ctx = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const p = await ctx.newPage();
      await p.goto(`${site.url}/views`);
      const select = p.locator('.view-switcher select');
      await select.waitFor();
      expect(await select.locator('option').allInnerTexts()).toEqual(['JavaScript', 'Python']);
      expect(await select.inputValue()).toBe('JavaScript');
      expect(await p.locator('[data-view="JavaScript"]').isVisible()).toBe(true);
      expect(await p.locator('[data-view="Python"]').isVisible()).toBe(false);
      const toc = p.locator('nav.toc');
      expect(await toc.locator('a:visible').allInnerTexts()).toEqual(['Intro', 'Install the JavaScript SDK', 'Common']);

      await select.selectOption('Python');
      expect(await p.locator('[data-view="Python"]').isVisible()).toBe(true);
      expect(await p.locator('[data-view="JavaScript"]').isVisible()).toBe(false);
      expect(await toc.locator('a:visible').allInnerTexts()).toEqual(['Intro', 'Install the Python SDK', 'Common']);

      // Another page and back: the choice is remembered.
      await p.goto(`${site.url}/plain`);
      await p.goto(`${site.url}/views`);
      await p.locator('.view-switcher select').waitFor();
      expect(await p.locator('.view-switcher select').inputValue()).toBe('Python');
      expect(await p.locator('[data-view="JavaScript"]').isVisible()).toBe(false);

      // A link to a heading inside the other view opens that view.
      await p.goto(`${site.url}/plain`);
      await p.goto(`${site.url}/views#install-the-javascript-sdk`);
      await p.locator('.view-switcher select').waitFor();
      expect(await p.locator('.view-switcher select').inputValue()).toBe('JavaScript');
    } finally {
      await ctx.close();
    }
  });

  it('without JavaScript every view shows under its title, with no switcher', async () => {
    const ctx = await site.browser.newContext({ javaScriptEnabled: false });
    try {
      const p = await ctx.newPage();
      await p.goto(`${site.url}/views`);
      expect(await p.locator('.view-switcher').count()).toBe(0);
      expect(await p.locator('[data-view="JavaScript"]').isVisible()).toBe(true);
      expect(await p.locator('[data-view="Python"]').isVisible()).toBe(true);
      expect(await p.locator('.view-title').allInnerTexts()).toEqual(['JavaScript', 'Python']);
    } finally {
      await ctx.close();
    }
  });
});
