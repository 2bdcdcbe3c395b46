/**
 * The SEO tags of a page's head, one per key, as Mintlify writes them (optimize/seo): generated defaults (`og:type`,
 * `og:site_name`, `og:title`, `og:description`, `og:url`, `twitter:card`, `twitter:title`, `twitter:description`,
 * `generator`, and `og:image`/`twitter:image` naming the page's generated social image), overridden by docs.json `seo.metatags`
 * and the `seo.paths` holding the page (model/metatags.ts), overridden by the page's frontmatter (`og:*`, `twitter:*`,
 * `article:*`, `robots`, `googlebot`, `keywords`, `author`, `noindex`, `canonical`, its `description`). `canonical`
 * is a `<link rel="canonical">` (docs.json's `canonical` is the site's address: the page's path is appended), `og:*`,
 * `article:*` and `fb:*` are `<meta property>`, every other key `<meta name>`; `robots` comes from model/indexing.ts.
 * A multi-language site's pages also get `hreflang` alternates (`languageAlternates`), and docs.json `seo.organization`
 * a JSON-LD Organization (`organizationLd`). `seoHtml` writes them, every value escaped (`&`, `"`, `<`, `>` in
 * attributes; `<`, `>`, `&` as `\u003c`… in the JSON-LD), so no value can close its attribute or script or open a tag.
 */
import type { DocsConfig, Page } from '@lectern/core';
import { robotsOf, type IndexingSite } from '../model/indexing.ts';
import { siteMetatags } from '../model/metatags.ts';
import { pageHref, type Switcher } from '../model/nav.ts';
import { hasSocialImage, SOCIAL_IMAGE, socialImagePath } from '../model/social-image.ts';

export type HeadTag =
  | { tag: 'meta'; attr: 'name' | 'property'; key: string; content: string }
  | { tag: 'link'; rel: 'canonical'; href: string }
  | { tag: 'link'; rel: 'alternate'; hreflang: string; href: string }
  | { tag: 'script'; type: 'application/ld+json'; data: Record<string, unknown> };

/** Frontmatter keys that are meta tags (besides `description`). */
const PAGE_KEY = /^(?:(?:og|twitter|article|fb):[\w:.-]+|robots|googlebot|keywords|author|noindex|canonical)$/i;
/** Keys resolved apart (the `<link>`, and `robots` with the page's hidden/noindex state). */
const APART = new Set(['canonical', 'robots', 'noindex']);

/** A frontmatter value as a tag's content: text, a number or boolean as text, a list joined by commas; else undefined. */
function contentOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() || undefined;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) {
    const items = v.filter((x) => typeof x === 'string' || typeof x === 'number').map(String);
    return items.length ? items.join(', ') : undefined;
  }
  return undefined;
}

const isProperty = (key: string) => /^(og|article|fb):/i.test(key);

export interface SeoInput {
  /** `base`: the path the site is served under (`/pr-42/`), for the social image's URL when the address is unknown. */
  site: IndexingSite & { config: IndexingSite['config'] & Pick<DocsConfig, 'logo'> & { name: string }; base?: string };
  page: Page;
  /** The page's description as plain text (page-shell.ts): the page's own, else the site's; '' when none. */
  description: string;
  /** The site's address with its base, without a trailing slash; '' when unknown. */
  siteUrl: string;
  /** The page's switchers (nav.ts `switchers(scope, slug)`): a `language` one gives the `hreflang` alternates. */
  switchers?: readonly Switcher[];
}

/** Mintlify's language codes that are not BCP 47 tags. */
const HREFLANG: Record<string, string> = { cn: 'zh-Hans', jp: 'ja', kr: 'ko', ua: 'uk', cz: 'cs', gr: 'el', se: 'sv', dk: 'da' };

const tail = (slug: string) => slug.split('/').slice(1).join('/');

/**
 * `<link rel="alternate" hreflang>` to the same page in each language of `navigation.languages` (itself included), when
 * the site's address is known: a language whose matching page (same slug, or same path under its own first segment,
 * as the language switcher matches) does not exist gets none; `x-default` names the default language's page.
 */
export function languageAlternates(page: Page, switchers: readonly Switcher[], siteUrl: string, trailingSlash = false): HeadTag[] {
  const languages = switchers.find((s) => s.type === 'language');
  if (!siteUrl || !languages) return [];
  const fallback = languages.options.find((o) => o.default) ?? languages.options[0];
  let xDefault: HeadTag | undefined;
  const tags = languages.options.flatMap((o): HeadTag[] => {
    const target = o.active ? page.slug : o.external || o.href === '#' ? undefined : o.href.replace(/^\/+|\/+$/g, '') || 'index';
    const same = target !== undefined && (target === page.slug || (tail(target) !== '' && tail(target) === tail(page.slug)));
    if (!same || !o.label) return [];
    const href = siteUrl + pageHref(target, trailingSlash);
    // `x-default`: the page in the site's default language (`default: true`, else the first), for readers of any other.
    if (o === fallback) xDefault = { tag: 'link', rel: 'alternate', hreflang: 'x-default', href };
    return [{ tag: 'link', rel: 'alternate', hreflang: HREFLANG[o.label.toLowerCase()] ?? o.label, href }];
  });
  return xDefault && tags.length > 1 ? [...tags, xDefault] : tags;
}

/** The page's canonical URL: frontmatter `canonical`, else docs.json's `canonical` + the page's path, else the site's address + path. */
export function canonicalOf({ site, page, siteUrl }: Pick<SeoInput, 'site' | 'page' | 'siteUrl'>): string | undefined {
  const own = contentOf(page.frontmatter.canonical);
  if (own) return own;
  const base = contentOf(siteMetatags(site.config.seo, page.slug).canonical)?.replace(/\/+$/, '') ?? siteUrl;
  if (!base) return undefined;
  const href = pageHref(page.slug, site.config.seo?.trailingSlash);
  return base + (href === '/' && base !== siteUrl ? '' : href);
}

/** The page's SEO tags, in a stable order, one per key. */
export function seoTags(input: SeoInput): HeadTag[] {
  const { site, page, description } = input;
  // By key without case (`og:Title` and `og:title` are one tag): the spelling and value set last.
  const tags = new Map<string, [string, string]>();
  const set = (key: string, value: string | undefined) => {
    const id = key.trim().toLowerCase();
    if (value === undefined || !id || APART.has(id)) return;
    tags.delete(id);
    tags.set(id, [key.trim(), value]);
  };
  const canonical = canonicalOf(input);
  // Generated defaults.
  set('description', description || undefined);
  set('generator', 'Lectern');
  set('og:type', 'website');
  set('og:site_name', site.config.name);
  set('og:title', page.title);
  set('og:description', description || undefined);
  set('og:url', canonical);
  set('twitter:title', page.title);
  set('twitter:description', description || undefined);
  // The generated social image (model/social-image.ts, build/og-images.ts), absolute when the site's address is known.
  if (hasSocialImage(site.config, page)) {
    const image = (input.siteUrl || (site.base ?? '/').replace(/\/$/, '')) + socialImagePath(page.slug);
    set('og:image', image);
    set('og:image:width', String(SOCIAL_IMAGE.width));
    set('og:image:height', String(SOCIAL_IMAGE.height));
    set('twitter:image', image);
  }
  // The site's (`seo.metatags`, then the `seo.paths` holding the page), then the page's own.
  for (const [key, value] of Object.entries(siteMetatags(site.config.seo, page.slug))) set(key, contentOf(value));
  if (typeof page.description === 'string' && page.description.trim()) set('description', description || undefined);
  for (const [key, value] of Object.entries(page.frontmatter)) if (PAGE_KEY.test(key)) set(key, contentOf(value));
  if (!tags.has('twitter:card')) set('twitter:card', tags.has('og:image') || tags.has('twitter:image') ? 'summary_large_image' : 'summary');
  const robots = robotsOf(site, page);
  const out: HeadTag[] = [];
  if (canonical) out.push({ tag: 'link', rel: 'canonical', href: canonical });
  out.push(...languageAlternates(page, input.switchers ?? [], input.siteUrl, site.config.seo?.trailingSlash));
  if (robots) out.push({ tag: 'meta', attr: 'name', key: 'robots', content: robots });
  for (const [key, content] of tags.values()) out.push({ tag: 'meta', attr: isProperty(key) ? 'property' : 'name', key, content });
  const organization = organizationLd(input);
  if (organization) out.push({ tag: 'script', type: 'application/ld+json', data: organization });
  return out;
}

/** An absolute http(s) URL as it is, a site path under the site's address, or undefined when it cannot be absolute. */
function absolute(url: string, siteUrl: string): string | undefined {
  if (/^https?:\/\//i.test(url)) return url;
  if (!siteUrl || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) return undefined;
  return siteUrl + '/' + url.replace(/^\/+/, '');
}

/**
 * docs.json `seo.organization` as schema.org JSON-LD (Mintlify's defaults): `name` the site's name, `logo` the docs
 * logo (its light one, made absolute), `@id` `<site origin>/#organization`; `legalName`, `url`, `sameAs` as given.
 * Undefined when the site sets no organization.
 */
export function organizationLd({ site, siteUrl }: Pick<SeoInput, 'site' | 'siteUrl'>): Record<string, unknown> | undefined {
  const org = site.config.seo?.organization;
  if (!org) return undefined;
  const address = contentOf(site.config.seo?.metatags?.canonical) ?? siteUrl;
  const origin = address ? URL.parse(address)?.origin : undefined;
  const docsLogo = typeof site.config.logo === 'string' ? site.config.logo : site.config.logo?.light;
  const logo = org.logo ?? (docsLogo ? absolute(docsLogo, siteUrl) : undefined);
  const id = org.id ?? (origin && origin !== 'null' ? `${origin}/#organization` : undefined);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    ...(id ? { '@id': id } : {}),
    name: org.name ?? site.config.name,
    ...(org.legalName ? { legalName: org.legalName } : {}),
    ...(org.url ? { url: org.url } : {}),
    ...(logo ? { logo } : {}),
    ...(org.sameAs?.length ? { sameAs: org.sameAs } : {}),
  };
}

/**
 * JSON for a `<script>` element's text: `<`, `>` and `&` as `\u003c`, `\u003e`, `\u0026` (and the line separators
 * U+2028/U+2029 escaped), so no value can close the script (`</script>`) or open a comment (`<!--`); JSON readers get
 * the same value back.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The tags as HTML for the head. */
export function seoHtml(tags: readonly HeadTag[]): string {
  return tags
    .map((t) =>
      t.tag === 'meta'
        ? `<meta ${t.attr}="${attr(t.key)}" content="${attr(t.content)}">`
        : t.tag === 'script'
          ? `<script type="application/ld+json">${scriptJson(t.data)}</script>`
          : t.rel === 'canonical'
            ? `<link rel="canonical" href="${attr(t.href)}">`
            : `<link rel="alternate" hreflang="${attr(t.hreflang)}" href="${attr(t.href)}">`,
    )
    .join('');
}
