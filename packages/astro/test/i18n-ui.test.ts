/**
 * A multi-language site (fixtures/i18n-ui: English with two versions, French) built under `--base /pr-7/`: its
 * language and version switchers lead to pages under the base (Chromium picks French and lands on /pr-7/fr/…), and
 * the site's own words (table of contents, previous/next, search) are in each page's language.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, launchChromium, servedBuild } from './helpers.ts';

const BASE = '/pr-7/';
const site = servedBuild(path.join(FIXTURES, 'i18n-ui'), BASE);

const html = (file: string) => readFile(path.join(site.dist, file), 'utf8');
/** The links of the header's language and version menus, in page order. */
const optionValues = (page: string) =>
  [...page.matchAll(/<details class="[^"]*nav-menu-header-switch[^"]*"[\s\S]*?<\/details>/g)].flatMap((d) =>
    [...d[0].matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]!),
  );

describe('switchers under --base /pr-7/', () => {
  it('every language and version option names a page under the base', async () => {
    const en = optionValues(await html('en/guide/index.html'));
    // Version (by the logo) first, then language (by the navbar links).
    expect(en).toEqual(['/pr-7/en', '/pr-7/en/v1-start', '/pr-7/en', '/pr-7/fr/guide']);
    expect(optionValues(await html('fr/guide/index.html'))).toEqual(['/pr-7/en/guide', '/pr-7/fr']);
  });

  it('choosing Français in the language switcher opens /pr-7/fr/guide', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${site.origin}${BASE}en/guide`);
      const language = page.locator('.topbar details[data-menu="language"]');
      await language.locator('summary').click();
      await Promise.all([page.waitForURL(/\/fr\//), language.locator('a', { hasText: 'Français' }).click()]);
      expect(new URL(page.url()).pathname).toBe('/pr-7/fr/guide');
      expect(await page.locator('h1').textContent()).toBe('Guide fr');
      await language.locator('summary').click();
      await Promise.all([page.waitForURL(/\/en\//), language.locator('a', { hasText: 'English' }).click()]);
      expect(new URL(page.url()).pathname).toBe('/pr-7/en/guide');
    } finally {
      await browser.close();
    }
  }, 60_000);
});

/** The text of the first element with `class` in `page`. */
const textOf = (page: string, cls: string) => page.match(new RegExp(`class="${cls}"[^>]*>([^<]*)<`))?.[1];

describe("the site's own words in the page's language", () => {
  it('a French page says "Sur cette page", "Précédent", "Suivant", "Copier la page", "Dernière mise à jour"', async () => {
    const fr = await html('fr/guide/index.html');
    expect(fr).toContain('<html lang="fr"');
    expect(textOf(fr, 'toc-title')).toBe('Sur cette page');
    expect(fr).toContain('<nav class="toc" aria-label="Sur cette page"');
    expect(textOf(fr, 'page-nav-hint')).toBe('Précédent');
    expect(textOf(await html('fr/index.html'), 'page-nav-hint')).toBe('Suivant');
    expect(textOf(fr, 'copied-hide')).toBe('Copier la page');
    expect(fr).toMatch(/class="last-updated">Dernière mise à jour <time datetime="2025-03-12T00:00:00.000Z">12 mars 2025<\/time>/);
    expect(fr).toContain('placeholder="Rechercher…"');
    expect(fr).toContain('<span class="sr-only">Langue: </span>');
    expect(fr).toContain('<ul class="nav-menu-list" aria-label="Langue">');
    expect(fr).not.toMatch(/>(On this page|Previous|Next|Copy page|Last updated)</);
  });

  it("the dismissible banner's close button is named in the page's language", async () => {
    expect(await html('fr/guide/index.html')).toContain('aria-label="Fermer la bannière"');
    expect(await html('en/guide/index.html')).toContain('aria-label="Dismiss banner"');
  });

  it('a French changelog\'s tag filters say "Filtres" and "Effacer"', async () => {
    const page = await html('fr/changelog/index.html');
    expect(page).toContain('<p class="toc-title">Filtres</p>');
    expect(page).toMatch(/data-update-clear hidden>Effacer</);
    expect(page).toContain('aria-label="Filtrer les mises à jour par étiquette"');
  });

  it('the copy buttons of code blocks and prompts say "Copier le code", "Copier le prompt", "Copié" on a French page', async () => {
    const fr = await html('fr/guide/index.html');
    expect(fr).toContain('class="copy-button" aria-label="Copier le code"');
    expect(fr).toContain('aria-label="Copier le prompt"');
    expect(fr).toContain('<span class="copied-label">Copié</span>');
    const en = await html('en/guide/index.html');
    expect(en).toContain('class="copy-button" aria-label="Copy code"');
    expect(en).toContain('<span class="copied-label">Copied</span>');
  });

  it('the assistant button says "Demander à l\'IA" on a French page', async () => {
    expect(await html('fr/guide/index.html')).toMatch(/<span>Demander à l(&#39;|')IA<\/span>/);
    expect(await html('en/guide/index.html')).toContain('<span>Ask AI</span>');
  });

  it('an English page keeps the English words and carries no data-ui', async () => {
    const en = await html('en/guide/index.html');
    expect(textOf(en, 'toc-title')).toBe('On this page');
    expect(textOf(en, 'page-nav-hint')).toBe('Previous');
    expect(textOf(await html('en/index.html'), 'page-nav-hint')).toBe('Next');
    expect(textOf(en, 'copied-hide')).toBe('Copy page');
    expect(en).toMatch(/class="last-updated">Last updated <time[^>]*>March 12, 2025<\/time>/);
    expect(en).toContain('placeholder="Search…"');
    expect(en).toContain('<ul class="nav-menu-list" aria-label="Version">');
    expect(en).not.toContain('data-ui=');
  });

  it('the French search dialog says so in French when nothing is found (drawn by the page script)', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${site.origin}${BASE}fr/guide`);
      await page.click('[data-open-search]');
      await page.fill('[data-search-input]', 'zzqxv');
      await expect.poll(() => page.locator('.search-empty').textContent(), { timeout: 15_000 }).toBe('Aucun résultat pour « zzqxv »');
      expect(await page.locator('.prose h2 .heading-anchor').first().getAttribute('aria-label')).toBe(
        'Copier le lien vers la section: Setup',
      );
      await page.goto(`${site.origin}${BASE}en/guide`);
      await page.click('[data-open-search]');
      await page.fill('[data-search-input]', 'zzqxv');
      await expect.poll(() => page.locator('.search-empty').textContent(), { timeout: 15_000 }).toBe('No results for “zzqxv”');
    } finally {
      await browser.close();
    }
  }, 60_000);
});
