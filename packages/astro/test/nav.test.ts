import { describe, expect, it } from 'vitest';
import type { Page, SitePlan, NavItem } from '@lectern/core';
import { buildNavIndex, globalLinks, headerTabs } from '../src/model/nav.ts';
import { countEntries, isLarge, scopeJson } from '../src/build/nav-json.ts';

const guide = (slug: string, extra: Partial<Page> = {}): Page =>
  ({ kind: 'guide', slug, title: slug.toUpperCase(), frontmatter: {}, body: '', hidden: false, deprecated: false, ...extra }) as Page;
const pageRef = (slug: string): NavItem => ({ type: 'page', slug });

function plan(navigation: NavItem[], pages: Page[]): SitePlan {
  return { root: '/x', pages, navigation, global: [], specs: {}, diagnostics: [] };
}

describe('buildNavIndex', () => {
  const pages = [
    guide('index'),
    guide('a', { sidebarTitle: 'Short A' }),
    guide('b', { hidden: true }),
    guide('c'),
    guide('api/x'),
    guide('v1/old'),
  ];
  const nav: NavItem[] = [
    {
      type: 'version',
      label: 'v2',
      default: true,
      extra: {},
      children: [
        {
          type: 'tab',
          label: 'Guides',
          extra: {},
          children: [
            {
              type: 'group',
              label: 'Start',
              children: [pageRef('index'), pageRef('a'), pageRef('b'), { type: 'group', label: 'Inner', children: [pageRef('c')] }],
            },
          ],
        },
        { type: 'tab', label: 'API', extra: {}, children: [{ type: 'group', label: 'Ref', children: [pageRef('api/x')] }] },
        { type: 'tab', label: 'Blog', href: 'https://blog.test', extra: {}, children: [] },
      ],
    },
    { type: 'version', label: 'v1', extra: {}, children: [{ type: 'group', label: 'Old', children: [pageRef('v1/old')] }] },
  ];
  const idx = buildNavIndex(plan(nav, pages));

  it('links previous/next within the sidebar scope, skipping hidden pages', () => {
    expect(idx.byPage.get('a')?.prev).toEqual({ slug: 'index', title: 'INDEX' });
    expect(idx.byPage.get('a')?.next).toEqual({ slug: 'c', title: 'C' });
    expect(idx.byPage.get('c')?.next).toBeUndefined();
    expect(idx.byPage.get('api/x')?.prev).toBeUndefined();
  });

  it('records breadcrumbs and keeps hidden pages out of the sidebar', () => {
    expect(idx.byPage.get('c')?.breadcrumbs).toEqual(['Start', 'Inner']);
    const start = idx.byPage.get('a')!.scope.sidebar[0]!;
    expect(
      start.kind === 'group' && start.children.map((c) => (c.kind === 'page' ? c.label : c.kind === 'group' ? `[${c.label}]` : '')),
    ).toEqual(['INDEX', 'Short A', '[Inner]']);
  });

  it('builds switchers for every division level with the first page of each option', () => {
    const sw = idx.switchers(idx.byPage.get('api/x')!.scope);
    expect(sw.map((s) => s.type)).toEqual(['version', 'tab']);
    expect(sw[0]!.options.map((o) => [o.label, o.href, o.active])).toEqual([
      ['v2', '/', true],
      ['v1', '/v1/old', false],
    ]);
    expect(sw[1]!.options.map((o) => [o.label, o.href, o.active, o.external])).toEqual([
      ['Guides', '/', false, false],
      ['API', '/api/x', true, false],
      ['Blog', 'https://blog.test', false, true],
    ]);
  });

  it('marks sidebars above the threshold as lazy and serialises them compactly', () => {
    const many = Array.from({ length: 200 }, (_, i) => guide(`p${i}`));
    const big = buildNavIndex(plan([{ type: 'group', label: 'G', children: many.map((p) => pageRef(p.slug)) }], many));
    expect(countEntries(big.scopes[0]!.sidebar)).toBe(201);
    expect(isLarge(big.scopes[0]!)).toBe(true);
    expect(isLarge(idx.scopes[0]!)).toBe(false);
    expect(JSON.parse(scopeJson(big.scopes[0]!))[0].c[0]).toEqual({ s: 'p0', l: 'P0' });
  });
});

describe('menus and global links', () => {
  const pages = [guide('index'), guide('cli'), guide('sdks')];
  const nav: NavItem[] = [
    { type: 'tab', label: 'Guides', extra: { description: 'Learn' }, children: [pageRef('index')] },
    {
      type: 'tab',
      label: 'Tools',
      extra: {},
      children: [
        { type: 'menu', label: 'CLI', icon: 'terminal', extra: { description: 'From your shell' }, children: [pageRef('cli')] },
        { type: 'menu', label: 'SDKs', extra: {}, children: [pageRef('sdks')] },
      ],
    },
  ];
  const p = plan(nav, pages);
  p.global = [
    { type: 'tab', label: 'Blog', href: 'https://blog.test', extra: {}, children: [] },
    { type: 'anchor', label: 'Status', icon: 'signal', href: '/status', extra: {}, children: [] },
  ];
  const idx = buildNavIndex(p);

  it('gives a tab option its menu items, with descriptions, the current one active', () => {
    const [tabs, menu] = idx.switchers(idx.byPage.get('sdks')!.scope);
    expect(tabs!.options[0]!.description).toBe('Learn');
    expect(tabs!.options[1]!.menu?.map((o) => [o.label, o.href, o.active, o.description])).toEqual([
      ['CLI', '/cli', false, 'From your shell'],
      ['SDKs', '/sdks', true, undefined],
    ]);
    expect(tabs!.options[1]!.active).toBe(true);
    expect(menu!.type).toBe('menu');
  });

  it('puts global tabs in the tab bar and the other global links in the sidebar', () => {
    expect(globalLinks(p, 'sidebar').map((o) => [o.label, o.href, o.external])).toEqual([['Status', '/status', false]]);
    const tabs = headerTabs(idx.switchers(idx.byPage.get('index')!.scope)[0], p);
    expect(tabs!.options.map((o) => [o.label, o.external])).toEqual([
      ['Guides', false],
      ['Tools', false],
      ['Blog', true],
    ]);
    expect(headerTabs(undefined, p)!.options.map((o) => o.label)).toEqual(['Blog']);
  });
});

describe('the same page in another version', () => {
  const version = (label: string, slugs: string[]): NavItem => ({
    type: 'version',
    label,
    extra: {},
    children: [{ type: 'group', label: 'G', children: slugs.map(pageRef) }],
  });
  const slugs = {
    latest: ['en/index', 'en/concepts/agents', 'en/api/users'],
    old: ['v1.2/en/index', 'v1.2/en/concepts/agents'],
    nested: ['en/v1/index', 'en/v1/users', 'en/v1/api/users'],
  };
  const all = [...slugs.latest, ...slugs.old, ...slugs.nested];
  const idx = buildNavIndex(
    plan(
      [version('latest', slugs.latest), version('v1.2', slugs.old), version('v1', slugs.nested)],
      all.map((s) => guide(s)),
    ),
  );
  const versionHrefs = (slug: string) => idx.switchers(idx.byPage.get(slug)!.scope, slug)[0]!.options.map((o) => o.href);

  it('finds it with a version folder more, less or other, and else opens the version’s first page (the current version: its first page)', () => {
    // crewAI's shape: the latest version unprefixed, older ones under their own first folder.
    expect(versionHrefs('en/concepts/agents')).toEqual(['/en/index', '/v1.2/en/concepts/agents', '/en/v1/index']);
    expect(versionHrefs('v1.2/en/concepts/agents')).toEqual(['/en/concepts/agents', '/v1.2/en/index', '/en/v1/index']);
    // A version folder inside the language: the page with the folder more, not another page of the same name.
    expect(versionHrefs('en/api/users')).toEqual(['/en/index', '/v1.2/en/index', '/en/v1/api/users']);
    expect(versionHrefs('en/v1/api/users')).toEqual(['/en/api/users', '/v1.2/en/index', '/en/v1/index']);
  });
});
