/**
 * The precomputed site, shared in-process between the integration (which computes it once in
 * `astro:config:setup`) and the injected route (which reads one page's slice at render time).
 * Nothing here is serialised into the bundle: Astro renders static pages in the process that planned them.
 */
import path from 'node:path';
import type { Diagnostic, LinkIndex, Page } from '@lectern/core';
import type { LoadedSite } from '../plan/source.ts';
import { buildNavIndex, type NavIndex } from './nav.ts';
import { substituteVariables } from '../shared/render/variables.ts';
import type * as Lib from './lib.ts';
import { resolveApiOptions, type ApiOptions } from './api-options.ts';

export type SiteLib = typeof Lib;

export interface Site extends LoadedSite {
  root: string;
  pages: Map<string, Page>;
  nav: NavIndex;
  /** Generated pages whose `x-mint.content` is compiled as MDX: slug -> written-out file (see site.ts). */
  content: Map<string, string>;
  /** Page slug -> ISO date of the last commit of its file (`metadata.timestamp`; see timestamps.ts). */
  updated: Map<string, string>;
  /** Absolute paths of MDX files -> prepared source (see mdx-analyze.ts). */
  prepared: Map<string, string>;
  /** docs.json `api` options every API page shares, resolved once (api-options.ts). */
  api: ApiOptions;
  /** Server-side helpers (see lib.ts). */
  lib: SiteLib;
  /** The path the site is served under (`/`, or `/pr-42/` for a preview): Astro's `base`. */
  base: string;
  /** The address the site is published at (`--site`, Astro's `site`), when the build was given one; else `lectern.site`. */
  url?: string;
  /**
   * Pages that cannot be compiled (an MDX error in the page or a file it imports), by slug: they are left out of the
   * bundle and of the site (build/left-out.ts; `lectern dev` shows a notice), so one broken page never stops the
   * others; the build then fails naming them all.
   */
  blocked: Map<string, Diagnostic[]>;
  /** Absolute path of an MDX file -> the absolute paths of the files it imports (set by site.ts). */
  imports: Map<string, string[]>;
  /** Pages whose rendering threw during this build (see Guard.astro), with file and line when found. */
  renderErrors: Diagnostic[];
  /** The site's paths, to resolve links as Mintlify does (render-links.ts); set by site.ts. */
  links?: LinkIndex;
  /** A build in parts (run.ts): the slugs the current part renders; undefined = every page. */
  only?: ReadonlySet<string>;
  /** The repo's .css and .js files, included on every page (custom-assets.ts). */
  custom: { css: string[]; js: string[] };
  /** CSS of the Tailwind classes the pages use (tailwind.ts); '' when none. */
  tailwind: string;
  /** The plan cache's name for the files the site was planned from (plan-cache.ts); unset when it is not cached. */
  planKey?: string;
  /** Set for a part of a build in parts (site.ts `planForPart`): the files the whole site's pages import, as found by the parent. */
  importedFiles?: string[];
}

const KEY = Symbol.for('lectern.sites');
type Registry = Map<string, Site>;

function registry(): Registry {
  const g = globalThis as unknown as Record<symbol, Registry | undefined>;
  return (g[KEY] ??= new Map());
}

/** docs.json `variables` apply to page text too: titles, sidebar titles and descriptions. */
function withVariables(loaded: LoadedSite): LoadedSite {
  const vars = loaded.config.variables;
  if (!vars || !Object.keys(vars).length) return loaded;
  const sub = (t: string | undefined) => (t === undefined ? t : substituteVariables(t, vars));
  const pages = loaded.plan.pages.map((p) => ({
    ...p,
    title: sub(p.title)!,
    sidebarTitle: sub(p.sidebarTitle),
    description: sub(p.description),
  }));
  return { ...loaded, plan: { ...loaded.plan, pages } };
}

export function createSite(input: LoadedSite, prepared: Map<string, string>, lib: SiteLib, content: Map<string, string> = new Map()): Site {
  const loaded = withVariables(input);
  const root = path.resolve(loaded.plan.root);
  return {
    ...loaded,
    root,
    pages: new Map(loaded.plan.pages.map((p) => [p.slug, p])),
    nav: buildNavIndex(loaded.plan, loaded.config.seo?.trailingSlash === true),
    api: resolveApiOptions(loaded.config.api),
    prepared,
    lib,
    content,
    updated: new Map(),
    base: '/',
    blocked: new Map(),
    imports: new Map(),
    renderErrors: [],
    custom: { css: [], js: [] },
    tailwind: '',
  };
}

export function setSite(site: Site): void {
  registry().set(site.root, site);
}

export function getSite(root: string): Site {
  const site = registry().get(path.resolve(root));
  if (!site) throw new Error(`Lectern: no site planned for ${root}. Is the lectern() integration in astro.config?`);
  return site;
}
