/**
 * docs.json `theme` (issue 36): each of Mintlify's nine themes is its own look on the one component set. One tiny repo
 * (fixtures/themes: tabs, two sidebar groups, a card group, a code block) is built once per theme and opened in
 * Chromium at 1440x900: `<html data-theme>` names the theme and the layout's landmarks sit where that theme puts them
 * (tabs in the top bar's row or under it, the sidebar's place, width and panel, tab and card shapes, fonts). Each page
 * carries its own theme's CSS only, inline and within the budget.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { inlineCss } from '../src/layout/page-shell.ts';
import { FIXTURES, buildFixture, launchChromium, serveDist } from './helpers.ts';

const THEMES = ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'sequoia', 'luma'] as const;
type Theme = (typeof THEMES)[number];

/** What the test reads off a page: computed styles and boxes of the layout's landmarks. */
type Landmarks = Awaited<ReturnType<typeof landmarks>>;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Builds fixtures/themes with its docs.json changed by `edit` (given the fixture's), serves it and hands `use` the
 * build's dist/ and its address; everything is removed afterwards.
 */
async function onThemeSite<T>(
  edit: (config: Record<string, unknown>) => Record<string, unknown>,
  use: (dist: string, url: string) => Promise<T>,
): Promise<T> {
  const src = await mkdtemp(path.join(tmpdir(), 'lectern-theme-'));
  const built = { cleanup: async () => {} };
  try {
    await cp(path.join(FIXTURES, 'themes'), src, { recursive: true });
    const config = JSON.parse(await readFile(path.join(src, 'docs.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(path.join(src, 'docs.json'), JSON.stringify(edit(config)));
    const { dist, cleanup } = await buildFixture(src);
    built.cleanup = cleanup;
    const served = await serveDist(dist);
    try {
      return await use(dist, served.url);
    } finally {
      await served.close();
    }
  } finally {
    await built.cleanup();
    await rm(src, { recursive: true, force: true });
  }
}

/** Builds fixtures/themes with docs.json's `theme` set, serves it and reads the home page's landmarks. */
function renderTheme(theme: Theme) {
  return onThemeSite(
    (config) => ({ ...config, theme }),
    async (dist, url) => {
      const html = await readFile(path.join(dist, 'index.html'), 'utf8');
      const bundled = await bundledCss(dist);
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      try {
        await page.goto(`${url}/`);
        return { html, bundled, marks: await page.evaluate(landmarks) };
      } finally {
        await page.close();
      }
    },
  );
}

/** Every stylesheet Astro bundled for the site (site.css and the components' styles), concatenated. */
async function bundledCss(dist: string): Promise<string> {
  const dir = path.join(dist, '_astro');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.css'));
  return (await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')))).join('\n');
}

/** Runs in the page. */
function landmarks() {
  const box = (sel: string) => {
    const r = document.querySelector(sel)!.getBoundingClientRect();
    return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
  };
  const css = (sel: string) => getComputedStyle(document.querySelector(sel)!);
  const tab = css('.tab-link.active');
  const sidebar = css('.sidebar');
  const navActive = css('.nav-link.active');
  return {
    theme: document.documentElement.dataset.theme,
    tab: box('.tab-link.active'),
    tabRadius: tab.borderTopLeftRadius,
    tabUnderline: tab.borderBottomWidth,
    tabFill: tab.backgroundColor,
    topbarRule: css('.topbar').borderBottomColor,
    sidebarBox: box('.sidebar'),
    sidebarRule: sidebar.borderRightColor,
    sidebarRadius: sidebar.borderTopLeftRadius,
    sidebarFill: sidebar.backgroundColor,
    bodyFill: css('body').backgroundColor,
    navActiveBar: navActive.borderLeftWidth,
    bodyFont: css('body').fontFamily,
    titleFont: css('.page-title').fontFamily,
    article: box('.article'),
    contentRadius: css('.content').borderTopLeftRadius,
    cardRadius: css('.card').borderTopLeftRadius,
  };
}

const TRANSPARENT = 'rgba(0, 0, 0, 0)';
const HEADER_H = 56;

/** Where each theme puts the landmarks (what a reader of Mintlify's sample site for it would recognise). */
const EXPECT: Record<Theme, (m: Landmarks) => void> = {
  mint: (m) => {
    expect(m.tab.y).toBeGreaterThanOrEqual(HEADER_H); // tabs in their own row under the top bar
    expect(m.tabUnderline).toBe('2px');
    expect(m.sidebarBox).toMatchObject({ x: 0, width: 272 });
    expect(m.sidebarRule).not.toBe(TRANSPARENT);
  },
  maple: (m) => {
    expect(m.tab.y).toBeLessThan(HEADER_H); // tabs in the top bar's row
    expect(m.tabFill).not.toBe(TRANSPARENT);
    expect(m.tabRadius).toBe('8px');
    expect(m.sidebarRule).toBe(TRANSPARENT);
    expect(m.cardRadius).toBe('16px');
  },
  palm: (m) => {
    expect(m.tab.y).toBeGreaterThanOrEqual(HEADER_H);
    expect(m.tabFill).not.toBe(TRANSPARENT);
    expect(m.tabUnderline).toBe('0px');
    expect(m.sidebarFill).not.toBe(m.bodyFill); // a tinted panel
    expect(m.navActiveBar).toBe('2px');
    expect(m.article.width).toBe(720);
  },
  willow: (m) => {
    expect(m.tab.y).toBeLessThan(HEADER_H);
    expect(m.tabFill).toBe(TRANSPARENT);
    expect(m.tabUnderline).toBe('0px');
    expect(m.topbarRule).toBe(TRANSPARENT);
    expect(m.sidebarRule).toBe(TRANSPARENT);
  },
  linden: (m) => {
    expect(m.bodyFont).toMatch(/monospace/);
    expect(m.bodyFont).not.toMatch(/sans-serif/);
    expect(m.cardRadius).toBe('0px');
    expect(m.tabRadius).toBe('0px');
  },
  almond: (m) => {
    expect(m.sidebarBox.x).toBe(12); // a card inset from the page's edge
    expect(m.sidebarRadius).toBe('16px');
    expect(m.contentRadius).toBe('16px');
    expect(m.bodyFill).not.toBe(m.sidebarFill);
  },
  aspen: (m) => {
    expect(m.sidebarBox.width).toBe(300);
    expect(m.tab.y).toBeGreaterThanOrEqual(HEADER_H);
    expect(m.tabRadius).toBe('999px');
    expect(m.sidebarFill).not.toBe(m.bodyFill);
  },
  sequoia: (m) => {
    expect(m.titleFont).toMatch(/serif/);
    expect(m.titleFont).not.toMatch(/sans-serif/);
    expect(m.article.width).toBeGreaterThan(820); // wider than mint's 780
    expect(m.sidebarRule).toBe(TRANSPARENT);
  },
  luma: (m) => {
    expect(m.tab.y).toBeLessThan(HEADER_H);
    expect(m.tabRadius).toBe('999px');
    expect(m.contentRadius).toBe('18px');
    expect(m.bodyFill).not.toBe('rgb(255, 255, 255)');
  },
};

/** The largest a theme's CSS may add to a page, gzipped. */
const BUDGET = 1500;

describe('themes in Chromium', () => {
  for (const theme of THEMES) {
    it(`${theme}: <html data-theme>, its landmarks, its own CSS only`, async () => {
      const { html, bundled, marks } = await renderTheme(theme);
      expect(marks.theme).toBe(theme);
      EXPECT[theme](marks);
      // Only this theme's rules, inline in the head; none in the bundled stylesheets every page shares.
      const inline = /<style data-theme-css[^>]*>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
      for (const other of THEMES) expect(inline.includes(`data-theme='${other}'`), other).toBe(other === theme && theme !== 'mint');
      expect(bundled).not.toMatch(new RegExp(`data-theme=['"]?(${THEMES.join('|')})`));
      expect(gzipSync(inline).length).toBeLessThan(BUDGET);
    }, 90_000);
  }
});

/**
 * A crowded top bar (four tabs, two links, the primary button, Ask AI) at a laptop's 1366 px, the tabs in the bar's row
 * (maple, luma) or under it (mint): every item stays inside the window on one line, none over another; the search box
 * gives way first (mintlify/docs in luma wrapped "Talk to us" and cut its fourth tab).
 */
function crowdedHeader(theme: Theme) {
  const tab = (name: string) => ({ tab: name, groups: [{ group: name, pages: ['reference/overview'] }] });
  return onThemeSite(
    (config) => ({
      ...config,
      theme,
      navbar: {
        links: [
          { label: 'Talk to us', href: 'https://acme.test/contact' },
          { label: 'Community', href: 'https://acme.test/community' },
        ],
        primary: { type: 'button', label: 'Get started', href: 'https://acme.test/start' },
      },
      navigation: {
        tabs: [
          (config as { navigation: { tabs: unknown[] } }).navigation.tabs[0],
          tab('API reference'),
          tab('Changelog'),
          tab('Learn more'),
        ],
      },
      lectern: { assistant: { enabled: true } },
    }),
    async (_dist, url) => {
      const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
      try {
        await page.goto(`${url}/`);
        return await page.evaluate(() =>
          [
            ...document.querySelectorAll(
              '.topbar .tab-link, .topbar .navbar-link, .topbar .navbar-primary, .topbar .search-button, .topbar .brand',
            ),
          ]
            .filter((e) => (e as HTMLElement).offsetParent !== null)
            .map((e) => {
              const r = e.getBoundingClientRect();
              // Lines of text: the tops of the text's line boxes, those within 4 px counted as one.
              const tops: number[] = [];
              const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
              for (let n = walker.nextNode(); n; n = walker.nextNode()) {
                if (!n.textContent!.trim()) continue;
                const range = document.createRange();
                range.selectNodeContents(n);
                for (const rect of range.getClientRects()) tops.push(rect.top);
              }
              const lines = tops.sort((a, b) => a - b).filter((t, k) => k === 0 || t - tops[k - 1]! > 4).length;
              return {
                name: e.textContent!.replace(/\s+/g, ' ').trim(),
                left: r.left,
                right: r.right,
                top: r.top,
                bottom: r.bottom,
                lines,
                width: innerWidth,
              };
            }),
        );
      } finally {
        await page.close();
      }
    },
  );
}

describe('a crowded top bar at 1366 px', () => {
  for (const theme of ['luma', 'maple', 'mint'] as const) {
    it(`${theme}: every item inside the window, on one line, none over another`, async () => {
      const items = await crowdedHeader(theme);
      expect(items.map((i) => i.name)).toEqual(expect.arrayContaining(['Talk to us', 'Community', 'Get started', 'Learn more']));
      for (const i of items) {
        expect(i.right, i.name).toBeLessThanOrEqual(i.width);
        expect(i.left, i.name).toBeGreaterThanOrEqual(0);
        if (i.name !== 'Acme') expect(i.lines, i.name).toBeLessThanOrEqual(1);
      }
      for (const a of items)
        for (const b of items) {
          if (a === b || a.bottom <= b.top || b.bottom <= a.top) continue;
          expect(a.right <= b.left + 0.5 || b.right <= a.left + 0.5, `${a.name} over ${b.name}`).toBe(true);
        }
    }, 90_000);
  }
});

describe('theme stylesheets', () => {
  const STYLES = fileURLToPath(new URL('../src/styles/themes/', import.meta.url));
  it('scope every rule to their own theme, outranking site.css (html[data-theme=…] first)', async () => {
    for (const theme of THEMES) {
      const css = inlineCss(await readFile(path.join(STYLES, `${theme}.css`), 'utf8'));
      // Each selector of each rule (at-rule bodies included), split on commas.
      const selectors = [...css.replace(/@media[^{]*\{/g, '').matchAll(/(?:^|[{}])([^{}@]+)\{/g)].flatMap((m) => m[1]!.split(','));
      for (const sel of selectors) expect(sel.trim(), `${theme}.css`).toMatch(new RegExp(`^html(\\.dark)?\\[data-theme='${theme}'\\]`));
    }
  });

  it('inline as one line without comments', () => {
    expect(inlineCss("/* a */\nhtml[data-theme='x'] .a ,\n  .b > .c {\n  color: red;\n}\n")).toBe(
      "html[data-theme='x'] .a,.b>.c{color: red}",
    );
  });
});
