/**
 * What real Mintlify repos rely on, built for real and driven in Chromium: React components with pre-injected hooks
 * (MDX `export const` and `snippets/*.jsx`), interactive after hydration; built-in components inside them without an
 * import; a component passed as a prop; an MDX snippet's exported component; GitHub.Repo cards; the Markdown-list form
 * of FileTree; and the leniency Mintlify has (unknown components show their children, an `openapi:` page whose
 * operation is missing still exists).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readPage, servedFixture } from './helpers.ts';

const site = servedFixture('mintlify-compat');

/** A page with its errors collected (a hydration failure is a page error). */
async function open(slug: string): Promise<{ page: Page; errors: string[] }> {
  const page = await site.browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('api.github.com')) errors.push(m.text());
  });
  await page.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
  await page.route('https://api.github.com/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ description: 'Documentation for Mintlify', stargazers_count: 1234, forks_count: 56 }),
    }),
  );
  await page.goto(`${site.url}/${slug}`);
  await page.waitForLoadState('networkidle');
  return { page, errors };
}

describe('React components (hooks pre-injected, hydrated)', () => {
  it('an MDX export const component with useState/useRef/useEffect works in the browser', async () => {
    const { page, errors } = await open('guides/react');
    const toggle = page.locator('button.toggle');
    await expect.poll(() => toggle.getAttribute('data-mounted')).toBe('yes');
    expect(await toggle.textContent()).toBe('off');
    await toggle.click();
    expect(await toggle.textContent()).toBe('on');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a snippets/*.jsx component with hooks counts clicks, and its Markdown children render', async () => {
    const { page, errors } = await open('guides/react');
    expect(await page.textContent('.counter .count')).toBe('Count: 2');
    await page.click('.counter .inc');
    await page.click('.counter .inc');
    expect(await page.textContent('.counter .count')).toBe('Count: 4');
    expect(await page.innerHTML('.counter')).toContain('<strong>Markdown</strong>');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("components imported from '@mintlify/components' are Lectern's: in a snippets/*.jsx component (interactive) and in MDX", async () => {
    const { page, errors } = await open('guides/react');
    expect(await page.textContent('.plan')).toBe('Plan: free');
    await page.click('.pick-pro');
    expect(await page.textContent('.plan')).toBe('Plan: pro');
    // Rendered as Lectern's built-in cards and columns, and the badge as its built-in badge.
    const html = await page.content();
    expect(html).toMatch(/class="columns[^"]*"[^>]*>[\s\S]*?class="card[^"]*"[\s\S]*?Free/);
    expect(await page.textContent('.badge')).toContain('Imported from the package');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('built-in components inside components need no import: <Icon> is drawn from a build-written SVG', async () => {
    const html = await readPage(site.dist, 'guides/react');
    const masks = [...html.matchAll(/--icon:\s*url\(\/_lectern\/icons\/([^)]+)\.svg\)/g)].map((m) => m[1]!);
    expect(masks).toContain('default/-/download');
    const svg = readFileSync(path.join(site.dist, '_lectern/icons/default/-/download.svg'), 'utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox=/);
    expect(html).toContain('class="download"');
    expect(html).toMatch(/<a href="\/guides\/widget" class="preview-link">(<astro-slot>)?Preview(<\/astro-slot>)?<\/a>/);
  });

  it('a component passed as a prop (CodeBlockComponent={…}) keeps working after hydration', async () => {
    const { page, errors } = await open('guides/widget');
    expect(await page.textContent('.playground .code-title')).toBe('index.html');
    await page.click('.playground .switch');
    expect(await page.textContent('.playground .code-title')).toBe('widget.jsx');
    expect(await page.textContent('.playground pre')).toBe('installed for next');
    // The MDX children of the hydrated component stay rendered (a heading and a callout).
    expect(await page.locator('.playground .callout-note').count()).toBe(1);
    expect(await page.locator('.playground h2#inside-the-playground').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a component exported by an MDX snippet is interactive where a page imports it', async () => {
    const { page, errors } = await open('guides/generator');
    await page.fill('.generator input.name', 'handbook');
    expect(await page.textContent('.generator .out')).toBe('{"name":"handbook"}');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('newer built-in components', () => {
  it('GitHub.Repo: a card linking to the repository, filled from the GitHub API in the browser', async () => {
    const html = await readPage(site.dist, 'components/github');
    expect(html).toMatch(
      /<a class="github-repo github-repo-inset" href="https:\/\/github\.com\/mintlify\/docs" data-github-repo="mintlify\/docs">/,
    );
    expect(html).toMatch(/<a class="github-repo github-repo-flat extra" href="https:\/\/github\.com\/withastro\/astro"/);
    expect(html).not.toContain('GitHub.Repo');
    const { page, errors } = await open('components/github');
    const card = page.locator('.github-repo').first();
    await expect.poll(() => card.locator('.github-repo-description').textContent()).toBe('Documentation for Mintlify');
    expect(await card.locator('[data-github-stars]').textContent()).toBe('1.2k');
    expect(await card.locator('[data-github-forks]').textContent()).toBe('56');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('FileTree with a Markdown list: trailing slash or nested items make folders, formatting stripped', async () => {
    const html = (await readPage(site.dist, 'components/tree')).replace(/<svg[\s\S]*?<\/svg>/g, '').replace(/ data-astro-cid-\w+/g, '');
    const tree = /<div class="tree" role="tree"><ul>([\s\S]*?)<\/ul><\/div>/.exec(html)![1]!;
    expect(tree).toBe(
      [
        '<li role="treeitem"><details open><summary><span></span>docs</summary><ul>',
        '<li role="treeitem" class="tree-file"><span></span>index.mdx</li>',
        '<li role="treeitem"><details open><summary><span></span>guides</summary><ul><li role="treeitem" class="tree-file"><span></span>configuration.mdx</li></ul></details></li>',
        '</ul></details></li>',
        '<li role="treeitem"><details><summary><span></span>empty</summary><ul></ul></details></li>',
        '<li role="treeitem" class="tree-file"><span></span>docs.config.ts</li>',
      ].join(''),
    );
    expect(html).not.toMatch(/<li>docs\//);
    // highlight and the --tree-highlight color.
    expect(html).toContain('<div class="tree" role="tree" style="--tree-highlight:rgb(59 130 246)">');
    expect(html).toContain('<li role="treeitem" class="tree-file tree-highlight">');
  });
});

describe('leniency where Mintlify is lenient', () => {
  it('an unknown component shows its children', async () => {
    const html = await readPage(site.dist, 'guides/lenient');
    expect(html).toContain('Children of an unknown component.');
    expect(html).not.toContain('PreviewButton');
  });

  it('an undefined {name} in text shows as written; a missing import or image, a redirect from page.md do not stop the build', async () => {
    const html = await readPage(site.dist, 'guides/lenient');
    expect(html).toContain('Call GET /orgs/{orgId}/members to list them.');
    // <Snippet file> reads the legacy _snippets/ folder, which is no page of its own.
    expect(html).toContain('Text from the legacy snippet folder.');
    expect(existsSync(path.join(site.dist, '_snippets/legacy-note/index.html'))).toBe(false);
    // An image the repo lacks is a broken image, as on Mintlify, not a failed build.
    expect(html).toMatch(/<img src="\/images\/not-there\.png" alt="A picture the repo lacks"/);
    // An opening tag whose `>` starts a line compiles (the build's MDX compiler read it as a block quote).
    expect(html).toMatch(
      /<h2 class="hero-title" style="letter-spacing:\s*-0\.03em;?"[^>]*>A tag whose closing bracket starts a line<\/h2>/,
    );
    // So does one over several lines of a block quote (the `>` markers of its lines are no part of the tag, as on
    // Mintlify); the build's compiler refused the first and showed the second's attribute as text.
    expect(html).toMatch(
      /<blockquote[^>]*>\s*(?:<p>)?<span class="quoted-tag"[^>]*>A tag over three lines of a block quote<\/span>(?:<\/p>)?\s*<p[^>]*><span class="quoted-inline"[^>]*>Its attributes<\/span> are no text\.<\/p>\s*<\/blockquote>/,
    );
    expect(html).not.toContain('className=');
    // The redirect from the old .md URL keeps that path (the page's Markdown copy gives way).
    expect(readFileSync(path.join(site.dist, 'guides/lenient.md/index.html'), 'utf8')).toContain('/guides/lenient');
    // A {{variable}} docs.json does not define is shown as written.
    expect(html).toContain('Tell me a story about {{topic}}.');
  });

  it('a page the navigation lists without a file is left out (Mintlify warns and deploys the rest)', async () => {
    const html = await readPage(site.dist, 'guides/lenient');
    // docs.json lists guides/not-written-yet, which has no file.
    expect(existsSync(path.join(site.dist, 'guides/not-written-yet/index.html'))).toBe(false);
    expect(html).not.toContain('not-written-yet');
    expect(html).toContain('href="/guides/landing"');
  });

  it('an openapi: page whose operation the spec lacks is built from its MDX, without a reference', async () => {
    const html = await readPage(site.dist, 'api/missing-op');
    expect(html).toContain('<h1 class="page-title" data-pagefind-meta="title">Missing operation</h1>');
    expect(html).toContain('Body text of a page whose operation is missing.');
    expect(existsSync(path.join(site.dist, 'api/missing-op/index.html'))).toBe(true);
  });
});

describe('docs.json as Mintlify accepts it', () => {
  it('fonts with heading and body objects: an @font-face for the local file, Google Fonts for the family name', async () => {
    const html = await readPage(site.dist, 'guides/react');
    expect(html).toContain(
      '@font-face{font-family:\'InterDisplay\';src:url("/fonts/display.woff2") format("woff2");font-display:swap;font-weight:700;}',
    );
    expect(html).toContain('<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter:wght@400&amp;display=swap">');
    expect(html).toContain("--font:'Inter',ui-sans-serif");
    expect(html).toContain("--font-heading:'InterDisplay',ui-sans-serif");
    expect(html).toContain(':root:not(.dark){--bg:#fafaf9}html.dark:root{--bg:#0c0a09}');
    expect(existsSync(path.join(site.dist, 'fonts/display.woff2'))).toBe(true);
  });

  it('a tab with groups and pages shows both; a blank group label shows its pages without a heading', async () => {
    const html = await readPage(site.dist, 'guides/unlabelled');
    const sidebar = /<aside class="sidebar"[\s\S]*?<\/aside>/.exec(html)![0];
    expect(sidebar).toContain('href="/guides/loose"');
    expect(sidebar).toContain('href="/guides/unlabelled"');
    expect(sidebar).not.toMatch(/<p class="nav-section-title">\s*<\/p>/);
    expect(existsSync(path.join(site.dist, 'guides/loose/index.html'))).toBe(true);
    // The SDK tab (generated from an artifact Lectern does not read) is left out, with a warning.
    expect(html).not.toMatch(/>SDK</);
  });
});

describe('links, headings and redirects as on Mintlify', () => {
  it('x/index, ./page.mdx and relative links lead to the page; {#id} sets the heading id and its TOC link', async () => {
    const html = await readPage(site.dist, 'guides/links');
    expect(html).toContain('<a href="/components/tree">the tree</a>');
    expect(html).toContain('<a href="/guides/react">React</a>');
    expect(html).toContain('<a href="/guides/widget">the widget</a>');
    expect(html).toMatch(/<h2 id="config">Configuration options\s*<\/h2>/);
    expect(html).not.toContain('{#config}');
    expect(html).toMatch(/<a href="#config"[^>]*data-toc-link/);
  });

  it('a redirect whose source has a #fragment is followed in the browser, from its page or from the 404 page', async () => {
    expect(existsSync(path.join(site.dist, 'guides/links#old-section'))).toBe(false);
    const { page, errors } = await open('guides/links#old-section');
    await page.waitForURL(`${site.url}/guides/react`);
    await page.goto(`${site.url}/gone#somewhere`);
    await page.waitForURL(`${site.url}/guides/widget`);
    // The 404 answer itself is logged by the browser; nothing else fails.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await page.close();
  });
});

describe('endpoint pages as Mintlify generates them', () => {
  it('slugs a tag like "Client API - Display" as client-api--display; an MDX page for an operation is used, not duplicated', async () => {
    expect(existsSync(path.join(site.dist, 'api-reference/client-api--display/list-things/index.html'))).toBe(true);
    expect(existsSync(path.join(site.dist, 'api-reference/client-api--display/create-a-thing/index.html'))).toBe(false);
    const html = await readPage(site.dist, 'api-reference/client-api--display/list-things');
    const sidebar = /<aside class="sidebar"[\s\S]*?<\/aside>/.exec(html)![0];
    expect(sidebar).toContain('href="/api-reference/custom/create-thing"');
    expect(sidebar).not.toContain('create-a-thing');
    expect(await readPage(site.dist, 'api-reference/custom/create-thing')).toContain('Written by hand next to the generated reference.');
  });

  it("a dangling $ref does not remove the spec's other pages (nor the page that has it)", async () => {
    expect(existsSync(path.join(site.dist, 'api-reference/client-api--display/broken-schema/index.html'))).toBe(true);
  });
});

describe('Tailwind classes, custom CSS and JS, page modes', () => {
  it('the light/dark image pair shows one image per theme; utilities, repo CSS (with data-current-path) and repo scripts apply', async () => {
    const { page, errors } = await open('guides/landing');
    const visible = (alt: string) => page.locator(`img[alt="${alt}"]`).evaluate((el) => getComputedStyle(el).display !== 'none');
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    expect([await visible('Light'), await visible('Dark')]).toEqual([true, false]);
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    expect([await visible('Light'), await visible('Dark')]).toEqual([false, true]);
    const grid = await page
      .locator('.landing-grid')
      .evaluate((el) => [getComputedStyle(el).display, getComputedStyle(el).columnGap, getComputedStyle(el).outlineColor]);
    expect(grid).toEqual(['grid', '24px', 'rgb(1, 2, 3)']);
    const note = await page
      .locator('.brand-note')
      .evaluate((el) => [getComputedStyle(el).letterSpacing, getComputedStyle(el).marginTop, getComputedStyle(el).color]);
    expect(note).toEqual(['3px', '48px', 'rgb(22, 110, 63)']);
    expect(await page.getAttribute('html', 'data-custom-script')).toBe('ran');
    // mode: custom keeps only the top bar: no sidebar (only the narrow screen's drawer), no title block, no footer.
    expect(await page.locator('aside.sidebar').isVisible()).toBe(false);
    expect(await page.locator('.page-header').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });
});
