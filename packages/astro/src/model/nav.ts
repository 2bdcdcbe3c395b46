/**
 * Navigation views computed once per site from the plan's NavItem tree: for every page, its chain of divisions
 * (tabs, versions, …), its sidebar scope, breadcrumbs and previous/next links. Linear in the size of the tree.
 */
import type { NavDivision, NavGroup, NavItem, Page, SitePlan } from '@lectern/core';
import { isRestricted } from '@lectern/core/access';

export interface SidebarPage {
  kind: 'page';
  slug: string;
  label: string;
  method?: string;
  tag?: string;
  deprecated?: boolean;
  icon?: unknown;
}
export interface SidebarGroup {
  kind: 'group';
  label: string;
  icon?: unknown;
  tag?: string;
  expanded?: boolean;
  root?: string;
  children: SidebarEntry[];
}
export interface SidebarLink {
  kind: 'link';
  label: string;
  href: string;
  icon?: unknown;
}
export type SidebarEntry = SidebarPage | SidebarGroup | SidebarLink;

export interface SwitcherOption {
  label: string;
  href: string;
  active: boolean;
  icon?: unknown;
  external: boolean;
  /** A version's docs.json `tag` ("Latest", "Beta"): a badge beside its name. */
  tag?: string;
  default?: boolean;
  /** docs.json `description` of the division (dropdowns and products show it under the name). */
  description?: string;
  /** A tab's (or product's) `menu` items: drawn as a menu under the tab. */
  menu?: SwitcherOption[];
}
export interface Switcher {
  type: NavDivision['type'];
  options: SwitcherOption[];
}

/** One sidebar scope: the groups/pages under the deepest division on a path. */
export interface Scope {
  id: number;
  /** Division chain from the root (indices into each level's children). */
  chain: NavDivision[];
  sidebar: SidebarEntry[];
  /** Visible pages in order, for previous/next. */
  order: string[];
}

export interface Directory {
  style: 'accordion' | 'card';
  entries: Array<{ slug: string; label: string; description?: string }>;
}

export interface PageNav {
  scope: Scope;
  /** Group labels from the outermost to the page. */
  breadcrumbs: string[];
  prev?: { slug: string; title: string };
  next?: { slug: string; title: string };
}

export interface NavIndex {
  scopes: Scope[];
  byPage: Map<string, PageNav>;
  /** The default scope (pages outside navigation use it). */
  fallback: Scope;
  /**
   * Switchers per scope: one per division level on the chain. With `slug`, a version or language option links to
   * the matching page of that division when it has one (same slug, or the slug with one folder more, less or other:
   * `v1/quickstart` -> `v2/quickstart`, `en/guide` -> `fr/guide`, `en/guide` -> `en/v1/guide`), else to its first page.
   */
  switchers: (scope: Scope, slug?: string) => Switcher[];
  /** Group root pages whose navigation sets `directory`: the listing shown below the page's content. */
  directories: Map<string, Directory>;
  firstPage: (item: NavItem) => string | undefined;
  /** The first visible page of the whole navigation. */
  home: string | undefined;
  /** A page's path from the site root (`pageHref` with the site's docs.json `seo.trailingSlash`). */
  href: (slug: string) => string;
}

/**
 * Not listed anywhere a reader browses: hidden pages, and pages restricted to reader groups (the static sidebar is
 * the same for every reader, so a restricted page's title must not appear in it).
 */
export function unlisted(p: Page | undefined): boolean {
  return !p || p.hidden === true || isRestricted(p);
}

export function pageLabel(p: Page): string {
  return p.sidebarTitle ?? p.title;
}

export function buildNavIndex(plan: SitePlan, trailingSlash = false): NavIndex {
  const href = (slug: string) => pageHref(slug, trailingSlash);
  const pages = new Map(plan.pages.map((p) => [p.slug, p]));
  const firstCache = new Map<NavItem, string | undefined>();
  const firstPage = (item: NavItem): string | undefined => {
    if (firstCache.has(item)) return firstCache.get(item);
    let r: string | undefined;
    if (item.type === 'page') r = unlisted(pages.get(item.slug)) ? undefined : item.slug;
    else if (item.type === 'link') r = undefined;
    else if (item.type === 'group' && item.root && !unlisted(pages.get(item.root))) r = item.root;
    else if ('children' in item) {
      const def = item.children.find((c) => c.type !== 'page' && c.type !== 'link' && c.type !== 'group' && (c as NavDivision).default);
      for (const c of def ? [def, ...item.children] : item.children) {
        if ((c as { hidden?: boolean }).hidden) continue;
        r = firstPage(c);
        if (r) break;
      }
    }
    firstCache.set(item, r);
    return r;
  };

  const scopes: Scope[] = [];
  const byPage = new Map<string, PageNav>();
  const directories = new Map<string, Directory>();
  const scopeChildren = new Map<Scope, NavItem[]>();

  const toSidebar = (items: NavItem[], scope: Scope, crumbs: string[], hiddenBranch: boolean): SidebarEntry[] => {
    const out: SidebarEntry[] = [];
    for (const item of items) {
      if (item.type === 'page') {
        const p = pages.get(item.slug);
        if (!p) continue;
        const hidden = hiddenBranch || unlisted(p);
        if (!byPage.has(p.slug)) byPage.set(p.slug, { scope, breadcrumbs: crumbs });
        if (hidden) continue;
        scope.order.push(p.slug);
        out.push({
          kind: 'page',
          slug: p.slug,
          label: pageLabel(p),
          tag: p.tag,
          deprecated: p.deprecated,
          icon: p.frontmatter.icon,
          method:
            p.kind === 'operation' && p.frontmatter.hideApiMarker !== true
              ? p.method === 'webhook'
                ? 'hook'
                : p.method
              : p.kind === 'endpoint'
                ? p.endpoint.method.toLowerCase()
                : p.kind === 'channel'
                  ? 'ws'
                  : undefined,
        });
      } else if (item.type === 'group') {
        const g = item as NavGroup;
        const hidden = hiddenBranch || !!g.hidden;
        const root = g.root ? pages.get(g.root) : undefined;
        if (root) {
          if (!byPage.has(root.slug)) byPage.set(root.slug, { scope, breadcrumbs: g.label ? [...crumbs, g.label] : crumbs });
          if (!hidden && !unlisted(root)) scope.order.push(root.slug);
        }
        const children = toSidebar(g.children, scope, g.label ? [...crumbs, g.label] : crumbs, hidden);
        const listedRoot = root && !unlisted(root) ? g.root : undefined;
        if (!hidden)
          out.push({ kind: 'group', label: g.label, icon: g.icon, tag: g.tag, expanded: g.expanded, root: listedRoot, children });
        if (g.root && g.directory && g.directory !== 'none' && !directories.has(g.root)) {
          const entries = children.flatMap((c) => {
            const target =
              c.kind === 'page'
                ? c.slug
                : c.kind === 'group'
                  ? (c.root ?? firstPage(g.children.find((x) => x.type === 'group' && x.label === c.label)!))
                  : undefined;
            const page = target ? pages.get(target) : undefined;
            return page ? [{ slug: page.slug, label: c.label, ...(page.description ? { description: page.description } : {}) }] : [];
          });
          if (entries.length) directories.set(g.root, { style: g.directory, entries });
        }
      } else if (item.type === 'link') {
        if (!hiddenBranch) out.push({ kind: 'link', label: item.label, href: item.href, icon: item.icon });
      } else {
        // A division nested inside groups (rare): flatten its children into this scope.
        out.push(...toSidebar(item.children, scope, crumbs, hiddenBranch || !!item.hidden));
      }
    }
    return out;
  };

  const walk = (items: NavItem[], chain: NavDivision[]): void => {
    const divisions = items.filter((i): i is NavDivision => i.type !== 'page' && i.type !== 'group' && i.type !== 'link');
    const rest = items.filter((i) => i.type === 'page' || i.type === 'group' || i.type === 'link');
    if (rest.length || !divisions.length) {
      const scope: Scope = { id: scopes.length, chain, sidebar: [], order: [] };
      scopes.push(scope);
      scopeChildren.set(scope, rest);
      scope.sidebar = toSidebar(rest, scope, [], false);
    }
    for (const d of divisions) if (!d.href || d.children.length) walk(d.children, [...chain, d]);
  };
  walk(plan.navigation, []);
  if (!scopes.length) scopes.push({ id: 0, chain: [], sidebar: [], order: [] });

  for (const scope of scopes) {
    scope.order.forEach((slug, i) => {
      const nav = byPage.get(slug);
      if (!nav || nav.scope !== scope) return;
      const prev = scope.order[i - 1];
      const next = scope.order[i + 1];
      if (prev) nav.prev = { slug: prev, title: pageLabel(pages.get(prev)!) };
      if (next) nav.next = { slug: next, title: pageLabel(pages.get(next)!) };
    });
  }

  // Fallback: the scope holding the default first page.
  const home = firstPage({ type: 'group', label: '', children: plan.navigation } as NavGroup);
  const fallback = (home && byPage.get(home)?.scope) || scopes[0]!;

  /** Per version/language division: "tail" (slug without its first segment) and slug -> page slug. */
  // A division's pages by slug and by slug with one path segment left out (`-<position>:<rest>`), first in nav order.
  const divisionPages = new Map<NavDivision, Map<string, string>>();
  const without = (parts: string[], i: number) => [...parts.slice(0, i), ...parts.slice(i + 1)].join('/');
  const pagesOf = (d: NavDivision) => {
    let found = divisionPages.get(d);
    if (found) return found;
    const keys = new Map<string, string>();
    found = keys;
    const add = (key: string, slug: string) => {
      if (!keys.has(key)) keys.set(key, slug);
    };
    const page = (slug: string) => {
      add(`=${slug}`, slug);
      const parts = slug.split('/');
      if (parts.length > 1) parts.forEach((_, i) => add(`-${i}:${without(parts, i)}`, slug));
    };
    const visit = (items: NavItem[]): void => {
      for (const item of items) {
        if (item.type === 'page') page(item.slug);
        else if (item.type === 'group') {
          if (item.root) page(item.root);
          visit(item.children);
        } else if (item.type !== 'link') visit(item.children);
      }
    };
    visit(d.children);
    divisionPages.set(d, found);
    return found;
  };
  /**
   * The page of version or language `d` that is the page `slug` in it: the same slug, else the slug with one folder
   * more, less or other at the same place (`en/guide` -> `en/v1/guide`, `v1.2/en/x` -> `en/x`, `v1/quickstart` ->
   * `v2/quickstart`), looked for from the first folder on.
   */
  const matching = (d: NavDivision, slug: string | undefined): string | undefined => {
    if (!slug || (d.type !== 'version' && d.type !== 'language')) return undefined;
    const keys = pagesOf(d);
    const listed = (found: string | undefined) => (found !== undefined && !unlisted(pages.get(found)) ? found : undefined);
    const same = listed(keys.get(`=${slug}`));
    if (same) return same;
    const parts = slug.split('/');
    for (let i = 0; i < parts.length; i++) {
      const rest = without(parts, i);
      const found =
        listed(keys.get(`-${i}:${slug}`)) ??
        (rest ? listed(keys.get(`=${rest}`)) : undefined) ??
        (rest ? listed(keys.get(`-${i}:${rest}`)) : undefined);
      if (found) return found;
    }
    return undefined;
  };

  const isDivision = (i: NavItem): i is NavDivision => i.type !== 'page' && i.type !== 'group' && i.type !== 'link' && !i.hidden;
  const option = (d: NavDivision, chain: NavDivision[], slug: string | undefined): SwitcherOption => {
    const active = chain.includes(d);
    const target = d.href ?? (active ? undefined : matching(d, slug)) ?? firstPage(d);
    const link = target === undefined ? '#' : /^[a-z]+:/i.test(target) || target.startsWith('/') ? target : href(target);
    const menu = d.children.filter((c): c is NavDivision => isDivision(c) && c.type === 'menu');
    return {
      label: d.label,
      href: link,
      active,
      icon: d.icon,
      external: /^[a-z]+:/i.test(link),
      ...(d.tag ? { tag: d.tag } : {}),
      ...(d.default ? { default: true } : {}),
      ...(typeof d.extra.description === 'string' && d.extra.description ? { description: d.extra.description } : {}),
      ...(menu.length && d.type !== 'menu' ? { menu: menu.map((m) => option(m, chain, slug)) } : {}),
    };
  };

  const switchers = (scope: Scope, slug?: string): Switcher[] => {
    const out: Switcher[] = [];
    let level: NavItem[] = plan.navigation;
    for (const active of scope.chain) {
      out.push({ type: active.type, options: level.filter(isDivision).map((d) => option(d, scope.chain, slug)) });
      level = active.children;
    }
    return out;
  };

  return { scopes, byPage, fallback, switchers, firstPage, directories, home, href };
}

/**
 * A page's path from the site root: `/`, `/guides/setup`, or `/guides/setup/` with docs.json `seo.trailingSlash`.
 * Every link, canonical URL and sitemap entry of a page is made from it (a site's own: `site.nav.href`).
 */
export function pageHref(slug: string, trailingSlash = false): string {
  return slug === 'index' ? '/' : '/' + slug + (trailingSlash ? '/' : '');
}

/**
 * `navigation.global` (link-only divisions shown on every page), as Mintlify places them: `tabs` join the header's
 * tab bar (`where: 'tabs'`), anchors and the rest go to the top of the sidebar (`where: 'sidebar'`).
 */
export function globalLinks(plan: SitePlan, where: 'tabs' | 'sidebar'): SwitcherOption[] {
  return plan.global.flatMap((g) =>
    g.type !== 'page' && g.type !== 'group' && g.type !== 'link' && g.href && !g.hidden && (g.type === 'tab') === (where === 'tabs')
      ? [{ label: g.label, href: g.href, icon: g.icon, active: false, external: /^[a-z]+:/i.test(g.href) }]
      : [],
  );
}

/** The header's tab bar: the tabs of the page's scope, then the global tabs (undefined when there are none). */
export function headerTabs(tabs: Switcher | undefined, plan: SitePlan): Switcher | undefined {
  const global = globalLinks(plan, 'tabs');
  if (!global.length) return tabs;
  return { type: 'tab', options: [...(tabs?.options ?? []), ...global] };
}

/**
 * What the header draws of the navigation (Mintlify's places): the tab bar, the product and version switchers by the
 * logo, and the language switcher by the navbar links.
 */
export interface HeaderNav {
  tabs?: Switcher;
  product?: Switcher;
  version?: Switcher;
  language?: Switcher;
}
export function headerNav(switchers: Switcher[], plan: SitePlan): HeaderNav {
  const tabs = headerTabs(
    switchers.find((s) => s.type === 'tab'),
    plan,
  );
  const found = (type: Switcher['type']) => switchers.find((s) => s.type === type);
  const [product, version, language] = [found('product'), found('version'), found('language')];
  return { ...(tabs ? { tabs } : {}), ...(product ? { product } : {}), ...(version ? { version } : {}), ...(language ? { language } : {}) };
}
