/**
 * What the page shell (Layout.astro) draws from the site's config and the page: title and head tags, appearance,
 * colors, fonts, the language's own banner/navbar/footer, page mode. Typed against core's `DocsConfig`, so a renamed
 * docs.json key fails `tsc` here rather than vanishing from the page.
 */
import type { Page } from '@lectern/core';
import { isRestricted } from '@lectern/core/access';
import type { Site } from '../model/store.ts';
import { headerNav, pageHref } from '../model/nav.ts';
import { plainText } from '../shared/render/markdown.ts';
import { backgroundCss, fontAssets } from '../shared/site/fonts.ts';
import { fragmentRedirects, fragmentRedirectScript } from '../shared/site/fragment-redirects.ts';
import { seoHtml, seoTags } from './seo-meta.ts';
import { isSearchable } from '../model/indexing.ts';
import { clientUiJson, uiStrings } from '../shared/render/ui-strings.ts';

export type Heading = { depth: number; slug: string; text: string };

export function pageShell(site: Site, page: Page, headings: Heading[], astroSite: URL | undefined) {
  const config = site.config;
  const nav = site.nav.byPage.get(page.slug);
  const scope = nav?.scope ?? site.nav.fallback;
  const switchers = site.nav.switchers(scope, page.slug);
  // A language of `navigation.languages` may bring its own banner, navbar and footer.
  const language = scope.chain.find((d) => d.type === 'language');
  const own = <T>(key: string, fallback: T): T => {
    const v = language?.extra[key];
    return v && typeof v === 'object' ? (v as T) : fallback;
  };
  const banner = own('banner', config.banner);
  const chrome = { ...config, navbar: own('navbar', config.navbar), footer: own('footer', config.footer) };
  // The header's navigation (Header.astro): the tab bar and the product switcher.
  const tabs = headerNav(switchers, site.plan);
  const sideSwitchers = switchers.filter((s) => s.type !== 'tab');
  const title = page.slug === 'index' && page.title === config.name ? config.name : `${page.title} - ${config.name}`;
  const description = plainText(page.description ?? config.description ?? '', 160);
  // The site's address with its base path (`https://preview.example.com/pr-42`), for absolute URLs: `--site` first.
  const address = site.url ?? (astroSite ? String(astroSite) : config.lectern?.site);
  const siteUrl = address ? address.replace(/\/$/, '') + site.base.replace(/\/$/, '') : '';
  // Head tags (seo-meta.ts): canonical, robots, description, Open Graph, Twitter, docs.json's and the page's own.
  const seo = seoHtml(seoTags({ site, page, description, siteUrl, switchers }));
  // docs.json `theme`: `<html data-theme>`, and only that theme's stylesheet (styles/themes/<name>.css) on the page.
  // (core's schema admits only Mintlify's nine names.)
  const theme: string = config.theme ?? 'mint';
  const appearance = config.appearance?.default ?? 'system';
  const strict = config.appearance?.strict === true;
  const favicon = typeof config.favicon === 'string' ? { light: config.favicon, dark: config.favicon } : config.favicon;
  const asPath = (p: string) => (/^(https?:)?\/\//.test(p) || p.startsWith('/') ? p : '/' + p);
  const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  // Without a favicon in docs.json, an inline icon in the primary color: browsers would otherwise ask for /favicon.ico.
  const DEFAULT_FAVICON = `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${/^#[0-9a-f]{3,8}$/i.test(config.colors.primary) ? config.colors.primary : '#4F46E5'}"/><path d="M9 8h4v12h10v4H9z" fill="#fff"/></svg>`)}`;
  const faviconHtml = favicon
    ? `<link rel="icon" href="${attr(asPath(favicon.light))}" media="(prefers-color-scheme: light)"><link rel="icon" href="${attr(asPath(favicon.dark))}" media="(prefers-color-scheme: dark)">`
    : '';
  const colors = config.colors ?? { primary: '#0D9373' };
  const hex = (c: string | undefined) => (c && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(c) ? c : undefined);
  const primary = hex(colors.primary) ?? '#0D9373';
  const style = `--primary:${primary};--primary-light:${hex(colors.light) ?? primary};--primary-dark:${hex(colors.dark) ?? primary}`;
  const isEndpoint = page.kind !== 'guide';
  // Restricted pages (reader groups) stay out of the public search index.
  const restricted = isRestricted(page);
  // In the search index (model/indexing.ts): not restricted, noindex or hidden (unless `searchable` or `seo.indexing: all`).
  const searchable = isSearchable(site, page);
  const eyebrow = config.styling?.eyebrows === 'breadcrumbs' ? nav?.breadcrumbs.join(' / ') || undefined : nav?.breadcrumbs.at(-1);
  // Page modes (Mintlify): wide hides the side panel; custom keeps only the top bar (a blank canvas); frame is custom with
  // the sidebar; center drops the sidebar and table of contents and centers the content; assistant is a full-page chat
  // under the page's text (AssistantPage.astro).
  const mode =
    typeof page.frontmatter.mode === 'string' && ['wide', 'custom', 'frame', 'center', 'assistant'].includes(page.frontmatter.mode)
      ? page.frontmatter.mode
      : undefined;
  const canvas = mode === 'custom' || mode === 'frame';
  const showSidebar = mode !== 'custom' && mode !== 'center';
  const hideToc = mode !== undefined || headings.length === 0 || isEndpoint;
  // "Last updated": `lastUpdatedDate` frontmatter, else the file's last commit, when the site or page asks for it.
  const showUpdated = page.frontmatter.timestamp === true || (config.metadata?.timestamp === true && page.frontmatter.timestamp !== false);
  const updatedRaw = typeof page.frontmatter.lastUpdatedDate === 'string' ? page.frontmatter.lastUpdatedDate : site.updated.get(page.slug);
  const updatedDate = showUpdated && updatedRaw && !Number.isNaN(Date.parse(updatedRaw)) ? new Date(updatedRaw) : undefined;
  // The site's own words in the page's language (ui-strings.ts); the script's share rides on <html data-ui>.
  const ui = uiStrings(page.language);
  const clientUi = clientUiJson(ui);
  const updatedText = updatedDate ? localDate(updatedDate, page.language) : undefined;
  const markdownHref = pageHref(page.slug) === '/' ? '/index.md' : pageHref(page.slug) + '.md';
  const assistantOn = config.lectern?.assistant?.enabled === true;
  // The `assistant` option ("Ask AI about this page") only where there is an assistant to ask.
  const contextual = (page.slug !== '404' && page.frontmatter.contextual !== false ? (config.contextual?.options ?? []) : []).filter(
    (o) => o !== 'assistant' || assistantOn,
  );
  const specHref =
    'spec' in page && typeof page.spec === 'string' && !/^[a-z]+:/i.test(page.spec) ? '/' + page.spec.replace(/^\/+/, '') : undefined;
  const fonts = fontAssets(config.fonts);
  const pageCss = fonts.css + backgroundCss(config.background);
  const background = pageBackground(config.background);
  // Redirects whose source has a #fragment are followed in the browser (the 404 page knows them all).
  const isPage = config.seo?.trailingSlash ? (slug: string) => site.pages.has(slug) : undefined;
  const byFragment = fragmentRedirects(config.redirects ?? [], page.slug === '404' ? undefined : page.slug, { isPage, base: site.base });
  const fragmentScript = Object.keys(byFragment).length ? fragmentRedirectScript(byFragment, page.slug === '404') : '';
  const themeScript = `(()=>{try{var d=${JSON.stringify(appearance)},s=${strict ? 'null' : "localStorage.getItem('lectern-theme')"},m=s||d;if(m==='system')m=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';document.documentElement.classList.toggle('dark',m==='dark')}catch(e){}})()`;
  return {
    config,
    theme,
    nav,
    scope,
    banner,
    chrome,
    tabs,
    sideSwitchers,
    title,
    description,
    seo,
    appearance,
    strict,
    favicon,
    faviconHtml,
    DEFAULT_FAVICON,
    style,
    isEndpoint,
    restricted,
    searchable,
    eyebrow,
    mode,
    canvas,
    showSidebar,
    hideToc,
    updatedDate,
    updatedText,
    ui,
    clientUi,
    markdownHref,
    contextual,
    assistantOn,
    specHref,
    fonts,
    pageCss,
    background,
    fragmentScript,
    themeScript,
  };
}

const DECORATIONS = ['gradient', 'grid', 'windows'] as const;

/** docs.json `background.decoration` and `background.image` as the shell draws them (Layout.astro, styles/background/). */
export function pageBackground(background: { decoration?: string; image?: string | { light: string; dark: string } } | undefined): {
  decoration?: (typeof DECORATIONS)[number];
  image?: { light: string; dark?: string };
} {
  const decoration = DECORATIONS.find((d) => d === background?.decoration);
  // A repo path is written from the site root (moved under `--base` with the page's other URLs); URLs stay as written.
  const src = (p: unknown) =>
    typeof p === 'string' && p.trim() ? (/^(https?:)?\/\//i.test(p) ? p : '/' + p.trim().replace(/^(\.\/|\/)+/, '')) : undefined;
  const image = background?.image;
  const light = src(typeof image === 'object' ? image.light : image);
  const dark = typeof image === 'object' ? src(image.dark) : undefined;
  const first = light ?? dark;
  return {
    ...(decoration ? { decoration } : {}),
    ...(first ? { image: { light: first, ...(dark && dark !== first ? { dark } : {}) } } : {}),
  };
}

/** `date` as a reader of `language` writes it (`12 mars 2025`), in English when the code is not a valid locale. */
function localDate(date: Date, language: string | undefined): string {
  const options = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } as const;
  try {
    return date.toLocaleDateString(language ?? 'en-US', options);
  } catch {
    return date.toLocaleDateString('en-US', options);
  }
}

/** A theme's stylesheet as it goes inline into the page's head: comments and runs of white space dropped. */
export function inlineCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}
