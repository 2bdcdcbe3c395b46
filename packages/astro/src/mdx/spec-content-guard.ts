/**
 * The last check of spec content's URLs, on the tree the build compiles rather than on the text that came in: a
 * Sätteri hast plugin (Astro's MDX processor) run on the written-out `x-mint.content` of pages whose spec is not
 * trusted. Core's spec-content.ts vets the text first (and again after each cut); whatever still reaches the final
 * tree with a URL that is not http(s), mailto, tel or relative is removed here, with a warning: every URL attribute of
 * HTML elements, Markdown links and images, and component props (`href`, `src`, `srcset`, `action`, `formaction`,
 * `xlink:href`, `poster`, `cite`, `background`, `data`…), and any prop that is an expression or a spread, which could
 * carry a URL no one sees.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSafeUrl, URL_PROPS, type Page } from '@lectern/core';

/** Attribute names that take a URL: core's list (spec-content.ts), matched lower-cased with `-`/`:` dropped (hast's `srcSet`, `xLinkHref`; JSX's `xlink:href`). */
const isUrlAttribute = (name: string) => URL_PROPS.has(name.toLowerCase().replace(/[^a-z]/g, ''));

/** A URL attribute's value is safe: each URL of a list (`srcset`, `ping`) too. */
export function isSafeAttributeUrl(name: string, value: unknown): boolean {
  const values = (Array.isArray(value) ? value : [value]).map(String);
  const list = /^srcset$/i.test(name) ? values.flatMap((v) => v.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '')) : [];
  return [...values, ...list].every((v) => isSafeUrl(v));
}

interface Element {
  type: 'element';
  tagName: string;
  properties?: Record<string, unknown>;
}
interface JsxAttribute {
  type: string;
  name?: string;
  value?: unknown;
}
interface JsxElement {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: JsxAttribute[];
}
interface HastContext {
  setProperty(node: unknown, key: string, value: unknown): void;
  replaceNode(node: unknown, replacement: unknown): void;
}
/** Sätteri's plugin shapes, as far as this uses them (satteri is @astrojs/markdown-satteri's dependency, not ours). */
interface HastPlugin {
  name: string;
  element: { filter: string[]; visit: (node: Element, ctx: HastContext) => void };
  mdxJsxFlowElement: { filter: string[]; visit: (node: JsxElement, ctx: HastContext) => void };
  mdxJsxTextElement: { filter: string[]; visit: (node: JsxElement, ctx: HastContext) => void };
}
type PluginFactory = ((ctx: { fileURL: URL | undefined }) => HastPlugin | null) & { [GUARD]?: true };
const GUARD = Symbol.for('lectern.spec-content-guard');

const shown = (value: unknown) => JSON.stringify(String(value).slice(0, 40));

/** The plugin for one file: `where` names it in warnings. */
function guardPlugin(where: string, warn: (message: string) => void): HastPlugin {
  const removed = (what: string) => warn(`${where}: ${what} removed (only http(s), mailto, tel and relative URLs, and literal props)`);
  const element = (node: Element, ctx: HastContext) => {
    for (const [key, value] of Object.entries(node.properties ?? {})) {
      if (value === undefined || value === null || !isUrlAttribute(key) || isSafeAttributeUrl(key, value)) continue;
      ctx.setProperty(node, key, undefined);
      removed(`${key}=${shown(value)} on <${node.tagName}>`);
    }
  };
  const jsx = (node: JsxElement, ctx: HastContext) => {
    const kept = node.attributes.filter((attr) => {
      const name = attr.name ?? '';
      if (attr.type !== 'mdxJsxAttribute') return (removed(`a spread prop on <${node.name}>`), false);
      if (attr.value !== null && typeof attr.value === 'object') return (removed(`the expression prop ${name} on <${node.name}>`), false);
      if (typeof attr.value === 'string' && isUrlAttribute(name) && !isSafeAttributeUrl(name, attr.value))
        return (removed(`${name}=${shown(attr.value)} on <${node.name}>`), false);
      return true;
    });
    if (kept.length !== node.attributes.length) ctx.replaceNode(node, { ...node, attributes: kept });
  };
  return {
    name: 'lectern-spec-content-guard',
    element: { filter: [], visit: element },
    mdxJsxFlowElement: { filter: [], visit: jsx },
    mdxJsxTextElement: { filter: [], visit: jsx },
  };
}

/** What the guard reads of the site (model/store.ts's Site). */
export interface GuardedSite {
  root: string;
  /** Generated pages' written-out `x-mint.content`: slug -> absolute path. */
  content: Map<string, string>;
  pages: Map<string, Page>;
  config: { lectern?: { trustSpecContent?: boolean } };
}

/** The slug of an untrusted spec-content file, or undefined for any other file (pages, snippets, trusted content). */
export function untrustedContentSlug(site: GuardedSite, file: string): string | undefined {
  const abs = path.resolve(file);
  for (const [slug, written] of site.content) {
    if (path.resolve(written) !== abs) continue;
    const page = site.pages.get(slug);
    const spec = page && 'spec' in page ? page.spec : undefined;
    const remote = typeof spec !== 'string' || /^https?:\/\//i.test(spec);
    return site.config.lectern?.trustSpecContent === true && !remote ? undefined : slug;
  }
  return undefined;
}

/**
 * Adds the guard to Astro's MDX processor (`config.markdown.processor`, which @astrojs/mdx uses for `.mdx`) when it
 * is Sätteri, Astro's default; once per processor. Returns whether it is in place (another processor runs none).
 */
export function guardSpecContent(markdown: { processor?: unknown }, site: () => GuardedSite, warn: (message: string) => void): boolean {
  const processor = markdown.processor as { name?: string; options?: { hastPlugins?: PluginFactory[] } } | undefined;
  const plugins = processor?.name === 'satteri' ? processor.options?.hastPlugins : undefined;
  if (!plugins) return false;
  if (plugins.some((p) => typeof p === 'function' && p[GUARD])) return true;
  const factory: PluginFactory = ({ fileURL }) => {
    if (!fileURL || fileURL.protocol !== 'file:') return null;
    const slug = untrustedContentSlug(site(), fileURLToPath(fileURL));
    return slug === undefined ? null : guardPlugin(`x-mint.content of /${slug}`, warn);
  };
  factory[GUARD] = true;
  plugins.push(factory);
  return true;
}
