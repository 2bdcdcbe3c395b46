/**
 * THE seam between the renderer and the planner: everything the site needs comes from `loadSite(root)`.
 *
 * When @lectern/core exports `buildSitePlan` it is used; until then a small interim planner (guide pages and
 * navigation only, no specs) keeps the renderer testable.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { Diagnostic, NavItem, Page, SitePlan } from '@lectern/core';
import type { SiteConfig } from './config.ts';

export interface LoadedSite {
  plan: SitePlan;
  config: SiteConfig;
  diagnostics: Diagnostic[];
}

type BuildSitePlan = (root: string) => Promise<{ plan: SitePlan; config: unknown; diagnostics: Diagnostic[] }>;

export async function loadSite(root: string): Promise<LoadedSite> {
  const core = (await import('@lectern/core')) as Record<string, unknown>;
  const build = core.buildSitePlan as BuildSitePlan | undefined;
  if (typeof build === 'function') {
    const { plan, config, diagnostics } = await build(root);
    return { plan, config: config as SiteConfig, diagnostics };
  }
  return interimPlan(root);
}

// ---------------------------------------------------------------------------------------------
// Interim planner (guide pages only). Replaced by core's buildSitePlan as soon as it exists.
// ---------------------------------------------------------------------------------------------

const DIVISION_KEYS = ['products', 'languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'menu'] as const;
const LABEL_KEY: Record<string, [NavItem['type'] | string, string]> = {
  products: ['product', 'product'], languages: ['language', 'language'], versions: ['version', 'version'],
  tabs: ['tab', 'tab'], dropdowns: ['dropdown', 'dropdown'], anchors: ['anchor', 'anchor'], menu: ['menu', 'item'],
};

function slugToTitle(slug: string): string {
  const last = slug.split('/').pop() ?? slug;
  const t = last.replace(/[-_]/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

async function interimPlan(root: string): Promise<LoadedSite> {
  const diagnostics: Diagnostic[] = [];
  const file = path.join(root, 'docs.json');
  if (!existsSync(file)) {
    diagnostics.push({ severity: 'error', code: 'config/missing', file: 'docs.json', message: `No docs.json in ${root}.`, hint: 'Run `lectern init` to create one.' });
    return { plan: { root, pages: [], navigation: [], global: [], specs: {}, diagnostics }, config: { name: 'Docs', colors: { primary: '#0D9373' } }, diagnostics };
  }
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const config = raw as unknown as SiteConfig;
  const pages: Page[] = [];
  const seen = new Set<string>();

  const pageFor = (slug: string): Page | undefined => {
    for (const ext of ['.mdx', '.md']) {
      const rel = slug + ext;
      const abs = path.join(root, rel);
      if (!existsSync(abs)) continue;
      const parsed = matter(readFileSync(abs, 'utf8'));
      const fm = parsed.data as Record<string, unknown>;
      return {
        kind: 'guide', slug, title: typeof fm.title === 'string' ? fm.title : slugToTitle(slug),
        sidebarTitle: typeof fm.sidebarTitle === 'string' ? fm.sidebarTitle : undefined,
        description: typeof fm.description === 'string' ? fm.description : undefined,
        frontmatter: fm, body: parsed.content, file: rel, hidden: fm.hidden === true,
        deprecated: fm.deprecated === true, tag: typeof fm.tag === 'string' ? fm.tag : undefined,
      };
    }
    diagnostics.push({ severity: 'error', code: 'nav/page-not-found', file: 'docs.json', message: `Page "${slug}" has no ${slug}.mdx or ${slug}.md file.` });
    return undefined;
  };

  const walkPages = (list: unknown[]): NavItem[] => {
    const out: NavItem[] = [];
    for (const entry of list) {
      if (typeof entry === 'string') {
        const slug = entry.replace(/^\//, '');
        if (!seen.has(slug)) {
          const p = pageFor(slug);
          if (!p) continue;
          seen.add(slug);
          pages.push(p);
        }
        out.push({ type: 'page', slug });
      } else if (entry && typeof entry === 'object') {
        const node = entry as Record<string, unknown>;
        if (typeof node.group === 'string') {
          out.push({
            type: 'group', label: node.group, icon: node.icon, tag: node.tag as string | undefined,
            expanded: node.expanded as boolean | undefined, hidden: node.hidden as boolean | undefined,
            children: walkPages(Array.isArray(node.pages) ? node.pages : []),
          });
        }
      }
    }
    return out;
  };

  const walkNode = (node: Record<string, unknown>): NavItem[] => {
    for (const key of DIVISION_KEYS) {
      const list = node[key];
      if (!Array.isArray(list)) continue;
      const [type, labelKey] = LABEL_KEY[key]!;
      return list.map((d: Record<string, unknown>) => ({
        type: type as 'tab', label: String(d[labelKey] ?? ''), icon: d.icon, href: d.href as string | undefined,
        hidden: d.hidden as boolean | undefined, default: d.default as boolean | undefined, extra: {},
        children: walkNode(d),
      }));
    }
    if (Array.isArray(node.groups)) return walkPages(node.groups);
    if (Array.isArray(node.pages)) return walkPages(node.pages);
    return [];
  };

  const navigation = walkNode((raw.navigation ?? {}) as Record<string, unknown>);
  return { plan: { root, pages, navigation, global: [], specs: {}, diagnostics }, config, diagnostics };
}
