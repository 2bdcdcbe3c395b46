/**
 * Broken internal links (`lectern check`): every link of a page's MDX tree (Markdown links and definitions,
 * Markdown images, string `href`/`src` props of JSX elements such as `<a>`, `<Card>`, `<Tile>`, `<Tooltip>`) and
 * every link of docs.json (navbar, primary button, footer, logo, banner, link-only navigation entries, redirect
 * destinations) that points at a path of the site must name something the build produces: a planned page, the
 * Markdown copy of one (`/page.md`) or its changelog feed (`/page/rss.xml`), a redirect source, a static file
 * copied from the repo, or a generated file.
 * The `#fragment`, the query string and a trailing slash are ignored. Each broken link is a warning with the
 * closest existing page as a hint. Works on the trees `parseMdxBody` already built: no second parse, no regex
 * over MDX source.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { ConfigLocator, DocsConfig } from './config/load.ts';
import type { NavEntry, NavNodeConfig } from './config/navigation.ts';
import { loadIgnore, type IgnoreTest } from './ignore-file.ts';
import type { Diagnostic, Page, SitePlan } from './model.ts';

export const BROKEN_LINK_CODE = 'link/broken';

/**
 * Files a build copies from the repo into `dist/` at the same path (images, media, fonts, spec files…).
 * Keep in step with `copyAssets` in packages/astro/src/after-build.ts.
 */
export const STATIC_ASSET = /\.(png|jpe?g|gif|webp|avif|svg|ico|mp4|webm|mov|mp3|wav|pdf|woff2?|ttf|otf|txt|zip|json|ya?ml)$/i;
/** Repo files with an asset extension that the build does not publish. */
export const NOT_COPIED_FILES: ReadonlySet<string> = new Set([
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'docs.json',
  'mint.json',
]);
const NOT_COPIED_DIRS = new Set(['node_modules', 'dist', '.lectern', '.git', '.astro', 'src']);
/** Paths the build itself writes besides pages. */
const GENERATED_PREFIXES = ['_lectern/', '_astro/', 'pagefind/'];
const GENERATED_FILES = new Set(['llms.txt', 'llms-full.txt', '.well-known/llms.txt', '.well-known/llms-full.txt', '404', '404.html']);

/** One link found in a page. */
export interface FoundLink {
  url: string;
  /** 1-based, relative to the parsed text. */
  line?: number;
  column?: number;
  /** What carries it, for the message: `link`, `image`, `<Card href>`… */
  via: string;
}

interface Position {
  start?: { line?: number; column?: number };
}
interface AnyNode {
  type: string;
  url?: string;
  label?: string | null;
  name?: string | null;
  value?: unknown;
  position?: Position;
  attributes?: AnyNode[];
  children?: AnyNode[];
}

const JSX_LINK_PROPS = new Set(['href', 'src']);

/** Every link of a parsed page, in document order. Code blocks and inline code hold no links (they are text in mdast). */
export function collectLinks(tree: Root): FoundLink[] {
  const out: FoundLink[] = [];
  const at = (node: AnyNode) => ({
    ...(node.position?.start?.line ? { line: node.position.start.line } : {}),
    ...(node.position?.start?.column ? { column: node.position.start.column } : {}),
  });
  const walk = (node: AnyNode) => {
    switch (node.type) {
      case 'link':
        if (typeof node.url === 'string') out.push({ url: node.url, via: 'link', ...at(node) });
        break;
      case 'definition':
        // `[^note]: text` is a GFM footnote (the build renders it as one), not a link definition.
        if (typeof node.url === 'string' && !String(node.label ?? '').startsWith('^'))
          out.push({ url: node.url, via: 'link', ...at(node) });
        break;
      case 'image':
        if (typeof node.url === 'string') out.push({ url: node.url, via: 'image', ...at(node) });
        break;
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        for (const attr of node.attributes ?? []) {
          // Only literal string props (`href="/x"`); expressions (`href={url}`) are not known before the build.
          if (attr.type !== 'mdxJsxAttribute' || !attr.name || !JSX_LINK_PROPS.has(attr.name) || typeof attr.value !== 'string') continue;
          out.push({ url: attr.value, via: `<${node.name ?? ''} ${attr.name}>`, ...at(attr.position ? attr : node) });
        }
        break;
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(tree as unknown as AnyNode);
  return out;
}

/**
 * The site path a link points at (no leading or trailing slash, `""` for the home page), or undefined when the
 * link is not a path of the site: external (`https:`, `mailto:`, `//host`), in-page (`#x`), empty or templated.
 * `fromDir` is the directory relative links resolve against (the page file's folder, repo-relative).
 */
export function internalTarget(url: string, fromDir: string): string | undefined {
  const trimmed = url.trim();
  if (!trimmed || trimmed.startsWith('#') || trimmed.startsWith('?') || trimmed.startsWith('//')) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return undefined;
  if (trimmed.includes('{{') || /[<>{}]/.test(trimmed)) return undefined;
  let pathname = trimmed.replace(/[?#].*$/s, '');
  if (!pathname) return undefined;
  try {
    pathname = decodeURI(pathname);
  } catch {
    // keep it as written
  }
  const resolved = pathname.startsWith('/') ? path.posix.normalize(pathname) : path.posix.join('/', fromDir, pathname);
  return resolved.replace(/^\/+/, '').replace(/\/+$/, '');
}

/** Redirect sources with Mintlify's patterns (`:name`, `:name*`, `:name+`, `:name?`, `*`) as one test. */
function redirectMatcher(sources: string[]): (target: string) => boolean {
  const TOKEN = /:([A-Za-z_][A-Za-z0-9_]*)([*+?]?)|\*/g;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const raw of sources) {
    const source = raw.replace(/^\/+/, '').replace(/\/+$/, '');
    if (!/[:*]/.test(source)) {
      exact.add(source);
      continue;
    }
    let pattern = '';
    let last = 0;
    for (const match of source.matchAll(TOKEN)) {
      let literal = source.slice(last, match.index);
      last = (match.index ?? 0) + match[0].length;
      const modifier = match[0] === '*' ? 'any' : (match[2] ?? '');
      if ((modifier === '*' || modifier === '?') && literal.endsWith('/')) {
        literal = literal.slice(0, -1);
        pattern += escape(literal) + (modifier === '*' ? '(?:/.*)?' : '(?:/[^/]+)?');
      } else {
        pattern +=
          escape(literal) +
          (modifier === 'any' || modifier === '*' ? '.*' : modifier === '+' ? '.+' : modifier === '?' ? '[^/]*' : '[^/]+');
      }
    }
    pattern += escape(source.slice(last));
    patterns.push(new RegExp(`^${pattern}$`));
  }
  return (target) => exact.has(target) || patterns.some((re) => re.test(target));
}

/** Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1));
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

export interface LinkIndex {
  /** Does the site serve this path (as returned by `internalTarget`)? */
  exists(target: string): boolean;
  /**
   * The page a path leads to through the aliases Mintlify resolves: `x/index` and `x.mdx` are the page `x`, and a
   * localised path the language lacks (`fr/x`) falls back to the page of the default language (`x`). Undefined when the
   * path is no page (it may still be a file or a redirect: see `exists`).
   */
  page(target: string): string | undefined;
  /** The existing page URL closest to a broken target, e.g. `/docs/cli`. */
  closest(target: string): string | undefined;
  /** `{{name}}` placeholders replaced with docs.json `variables`, as the build does (unknown names stay). */
  expand(url: string): string;
}

export function buildLinkIndex(plan: SitePlan, config: DocsConfig | undefined, ignored: IgnoreTest = loadIgnore(plan.root)): LinkIndex {
  const slugs = new Set<string>();
  for (const page of plan.pages) slugs.add(page.slug);
  const isRedirect = redirectMatcher((config?.redirects ?? []).map((r) => r.source));
  const fileCache = new Map<string, boolean>();
  const isCopiedFile = (target: string): boolean => {
    if (!STATIC_ASSET.test(target)) return false;
    const cached = fileCache.get(target);
    if (cached !== undefined) return cached;
    const segments = target.split('/');
    const name = segments[segments.length - 1]!;
    let found =
      !NOT_COPIED_FILES.has(name) &&
      !segments.some((s, i) => s === '..' || (i < segments.length - 1 && (s.startsWith('.') || NOT_COPIED_DIRS.has(s))));
    if (found && ignored(target, false)) found = false;
    if (found) {
      try {
        found = statSync(path.join(plan.root, target)).isFile();
      } catch {
        found = false;
      }
    }
    fileCache.set(target, found);
    return found;
  };
  // Language folders of the navigation (`fr`, `zh`…): their pages may fall back to the default language's.
  const languages = new Set<string>();
  for (const p of plan.pages) if (p.language && p.slug.startsWith(`${p.language}/`)) languages.add(p.language);
  const page = (target: string): string | undefined => {
    const direct = (t: string): string | undefined => {
      if (t === '' || t === 'index') return 'index';
      if (slugs.has(t)) return t;
      const bare = t.replace(/\.mdx$/i, '').replace(/(^|\/)index$/, '');
      if (bare !== t) return bare === '' ? 'index' : slugs.has(bare) ? bare : undefined;
      return undefined;
    };
    const found = direct(target);
    if (found) return found;
    const lang = target.split('/')[0]!;
    return languages.has(lang) ? direct(target.slice(lang.length + 1)) : undefined;
  };
  const exists = (target: string): boolean => {
    const slug = target === '' ? 'index' : target;
    if (slugs.has(slug) || isRedirect(target)) return true;
    if (page(target)) return true;
    if (target.endsWith('.md') && slugs.has(target.slice(0, -3))) return true;
    // The RSS feed of a page with <Update> entries (`/changelog/rss.xml`); accepted for any page.
    if (target === 'rss.xml' || (target.endsWith('/rss.xml') && slugs.has(target.slice(0, -'/rss.xml'.length)))) return true;
    if (GENERATED_FILES.has(target) || GENERATED_PREFIXES.some((p) => target.startsWith(p))) return true;
    return isCopiedFile(target);
  };
  const hints = new Map<string, string | undefined>();
  const closest = (target: string): string | undefined => {
    if (hints.has(target)) return hints.get(target);
    const wanted = target.replace(/\.mdx?$/i, '');
    let best: string | undefined;
    // The usual mistake: a missing folder prefix (`/cli` for `/docs/cli`) or a renamed folder (same last segment).
    const suffix = [...slugs].filter((s) => s.endsWith(`/${wanted}`));
    if (suffix.length === 1) best = suffix[0];
    else if (slugs.has(wanted)) best = wanted;
    else {
      let bestScore = Math.max(3, Math.floor(wanted.length / 2));
      for (const slug of slugs) {
        const score = editDistance(wanted, slug, bestScore);
        if (score < bestScore || (score === bestScore && best === undefined)) {
          bestScore = score;
          best = slug;
        }
      }
      if (!best) {
        const last = wanted.split('/').pop()!;
        const sameName = [...slugs].filter((s) => s.split('/').pop() === last);
        if (sameName.length) best = sameName[0];
      }
    }
    const hint = best === undefined ? undefined : best === 'index' ? '/' : `/${best}`;
    hints.set(target, hint);
    return hint;
  };
  const variables = config?.variables;
  const expand = (url: string) =>
    variables && url.includes('{{') ? url.replace(/\{\{\s*([A-Za-z0-9-]+)\s*\}\}/g, (all, name: string) => variables[name] ?? all) : url;
  return { exists, page, closest, expand };
}

function brokenLink(
  index: LinkIndex,
  target: string,
  written: string,
  where: Omit<Diagnostic, 'severity' | 'code' | 'message' | 'hint'>,
  via: string,
): Diagnostic {
  const suggestion = index.closest(target);
  return {
    severity: 'warning',
    code: BROKEN_LINK_CODE,
    ...where,
    target: `/${target}`,
    message: `broken link ${JSON.stringify(written)}: no page${via === 'image' || via.endsWith(' src>') ? ' or file' : ''} at /${target}${via === 'link' ? '' : ` (${via})`}`,
    hint: suggestion
      ? `did you mean ${suggestion}?`
      : 'link to a page slug (its path without .mdx), a redirect source or a file in the repo',
  };
}

/** Broken internal links of one page, from its parsed tree. */
export function checkPageLinks(page: Page, tree: Root, index: LinkIndex): Diagnostic[] {
  const fromDir = page.file ? path.posix.dirname(page.file) : path.posix.dirname(page.slug);
  const file = page.file ?? `${page.slug} (x-mint.content)`;
  const offset = (page.bodyLine ?? 1) - 1;
  const out: Diagnostic[] = [];
  for (const link of collectLinks(tree)) {
    const target = internalTarget(index.expand(link.url), fromDir === '.' ? '' : fromDir);
    if (target === undefined || index.exists(target)) continue;
    out.push(
      brokenLink(
        index,
        target,
        link.url,
        { file, ...(link.line ? { line: link.line + offset } : {}), ...(link.column ? { column: link.column } : {}) },
        link.via,
      ),
    );
  }
  return out;
}

/** Broken internal links of docs.json: navbar, footer, logo, banner, link-only navigation entries, redirect destinations. */
export function checkConfigLinks(config: DocsConfig, locator: ConfigLocator | undefined, index: LinkIndex): Diagnostic[] {
  const links: Array<{ pointer: string; href: string; via: string }> = [];
  config.navbar?.links?.forEach((link, i) => links.push({ pointer: `/navbar/links/${i}/href`, href: link.href, via: 'navbar link' }));
  if (config.navbar?.primary) links.push({ pointer: '/navbar/primary/href', href: config.navbar.primary.href, via: 'navbar button' });
  config.footer?.links?.forEach((column, i) =>
    column.items.forEach((item, j) => links.push({ pointer: `/footer/links/${i}/items/${j}/href`, href: item.href, via: 'footer link' })),
  );
  if (typeof config.logo === 'object' && config.logo.href) links.push({ pointer: '/logo/href', href: config.logo.href, via: 'logo link' });
  const walk = (node: NavEntry) => {
    if (node.kind === 'page') return;
    if (node.href) links.push({ pointer: `${node.pointer}/href`, href: node.href, via: `${node.kind} link` });
    for (const child of (node as NavNodeConfig).children) walk(child);
  };
  walk(config.navigation.root);
  for (const node of config.navigation.global) walk(node);
  config.redirects?.forEach((r, i) => {
    if (!/[:*]/.test(r.destination))
      links.push({ pointer: `/redirects/${i}/destination`, href: r.destination, via: 'redirect destination' });
  });
  if (config.banner?.content) {
    // The banner is Markdown: its links are found in its mdast tree, like a page's.
    const tree = unified().use(remarkParse).parse(config.banner.content) as Root;
    for (const link of collectLinks(tree)) links.push({ pointer: '/banner/content', href: link.url, via: 'banner link' });
  }
  const out: Diagnostic[] = [];
  for (const link of links) {
    const target = internalTarget(index.expand(link.href), '');
    if (target === undefined || index.exists(target)) continue;
    const located = locator?.locate(link.pointer) ?? { file: 'docs.json', pointer: link.pointer };
    const { file, pointer, line, column } = located as { file: string; pointer: string; line?: number; column?: number };
    out.push(brokenLink(index, target, link.href, { file, pointer, ...(line ? { line } : {}), ...(column ? { column } : {}) }, link.via));
  }
  return out;
}
