/**
 * docs.json navigation + page files + loaded specs -> pages and the navigation tree.
 * Pure: all I/O happened before (see plan.ts), so this is testable with in-memory inputs. The steps share a Planner
 * (planner.ts): reading the navigation (this module), page files (file-page.ts), operation references (resolve.ts).
 */
import { safeSpecContent } from '../spec-content.ts';
import type { NavNodeConfig, NavPageEntry } from '../config/navigation.ts';
import type { ApiDocument, ChannelPage, Diagnostic, NavDivision, NavGroup, NavItem, OperationPage, Page, SpecDocument } from '../model.ts';
import { pageMeta, type PageFile } from '../pages.ts';
import { channelPage, DEFAULT_DIRECTORY, operationPage } from './generate.ts';
import { pageFromFile, reportAssistantPages, reportMissingMeta } from './file-page.ts';
import { findOperation, matchSpecFile, parseOperationRef } from './operation-ref.ts';
import {
  addPage,
  channelSlotsFor,
  createPlanner,
  normalizeSpecSource,
  operationSlotsFor,
  pageContext,
  specMissing,
  type Context,
  type Planner,
  type PlanSiteInput,
} from './planner.ts';
import { resolveOperation } from './resolve.ts';
import { normalizePagePath } from './slug.ts';

export { normalizeSpecSource, type PlanSiteInput } from './planner.ts';
export { parseManualEndpoint } from './file-page.ts';

export interface PlanSiteResult {
  pages: Page[];
  navigation: NavItem[];
  global: NavItem[];
  diagnostics: Diagnostic[];
}

export function planSite(input: PlanSiteInput): PlanSiteResult {
  const p = createPlanner(input);
  const root = input.config.navigation.root;
  checkSpecRefs(p, root);
  const navigation = childItems(p, root, nodeContext(root, {}));
  const global = input.config.navigation.global.map((node) => walkNode(p, node, {})).filter((n): n is NavItem => !!n);
  addUnlistedFiles(p);
  reportMissingMeta(p);
  reportAssistantPages(p);
  vetSpecContent(p.pages, p.specs, input.config.lectern?.trustSpecContent === true, p.diagnostics, input.config.styling?.latex !== false);
  return { pages: [...p.pages.values()], navigation, global, diagnostics: p.diagnostics };
}

/** What a node hands down: its specs, version, language and `directory` display, over its parent's. */
function nodeContext(node: NavNodeConfig, parent: Context): Context {
  const ctx: Context = { ...parent };
  if (node.openapi) ctx.openapi = { refs: node.openapi, owner: node };
  if (node.asyncapi) ctx.asyncapi = { refs: node.asyncapi, owner: node };
  if (node.kind === 'version') ctx.version = node.label;
  if (node.kind === 'language') ctx.language = node.label;
  if (node.directory) ctx.directory = node.directory;
  return ctx;
}

/** The `openapi`/`asyncapi` files a node names exist and are of that kind. */
function checkSpecRefs(p: Planner, node: NavNodeConfig): void {
  for (const [kind, refs] of [
    ['openapi', node.openapi],
    ['asyncapi', node.asyncapi],
  ] as const) {
    refs?.forEach((ref, index) => {
      const source = normalizeSpecSource(ref.source);
      const doc = p.specs.get(source);
      const pointer = `${node.pointer}/${kind}${refs.length > 1 ? `/${index}` : ''}`;
      if (specMissing(p, source))
        p.report(
          pointer,
          'nav/spec-not-found',
          `${kind} file "${ref.source}" was not found`,
          'paths are relative to the docs root (a leading "/" is optional); remote specs must be https URLs',
        );
      else if (doc && doc.kind !== kind)
        p.report(
          pointer,
          'nav/spec-kind',
          `"${ref.source}" is an ${doc.kind === 'openapi' ? 'OpenAPI' : 'AsyncAPI'} file, not ${kind === 'openapi' ? 'OpenAPI' : 'AsyncAPI'}`,
          `use "${doc.kind}" for it`,
        );
    });
  }
}

/** The items of a node: its entries in order, then the generated pages of the specs it sets. */
function childItems(p: Planner, node: NavNodeConfig, ctx: Context): NavItem[] {
  const items: NavItem[] = [];
  for (const child of node.children) {
    const item = child.kind === 'page' ? entryItem(p, child, ctx) : walkNode(p, child, ctx);
    if (item) items.push(item);
  }
  items.push(...generatedItems(p, node, ctx));
  return items;
}

/** A navigation node (group or division) and everything under it -> a nav item. */
function walkNode(p: Planner, node: NavNodeConfig, parent: Context): NavItem | undefined {
  checkSpecRefs(p, node);
  const ctx = nodeContext(node, parent);
  const children = childItems(p, node, ctx);
  if (node.kind === 'group') return navGroup(p, node, ctx, children);
  const division: NavDivision = { type: node.kind === 'root' ? 'tab' : node.kind, label: node.label, extra: node.extra, children };
  if (node.icon !== undefined) division.icon = node.icon;
  if (node.href) division.href = node.href;
  if (node.hidden) division.hidden = true;
  if (node.default !== undefined) division.default = node.default;
  if (node.tag) division.tag = node.tag;
  return division;
}

function navGroup(p: Planner, node: NavNodeConfig, ctx: Context, children: NavItem[]): NavGroup {
  const group: NavGroup = { type: 'group', label: node.label, children };
  if (node.icon !== undefined) group.icon = node.icon;
  if (node.tag) group.tag = node.tag;
  if (node.expanded !== undefined) group.expanded = node.expanded;
  if (node.hidden) group.hidden = true;
  if (node.extra.searchable === true) group.searchable = true;
  if (ctx.directory) group.directory = ctx.directory;
  if (node.root) {
    const rootItem = entryItem(p, { kind: 'page', value: node.root, pointer: `${node.pointer}/root` }, ctx);
    if (rootItem?.type === 'page') group.root = rootItem.slug;
  }
  return group;
}

/** Navigation page entry (a page path or an operation string) -> a nav item. */
function entryItem(p: Planner, entry: NavPageEntry, ctx: Context): NavItem | undefined {
  const ref = parseOperationRef(entry.value);
  if (ref) {
    const found = resolveOperation(p, ref, ctx.openapi?.refs, { pointer: entry.pointer });
    if (!found) return undefined;
    const page = operationPage(found.doc, found.slot, { ...pageContext(ctx), playground: p.playgroundDefaults });
    // Listing an operation explicitly shows it, even when it is x-hidden.
    slotPage(p, { ...page, hidden: false }, ctx, entry.pointer);
    return { type: 'page', slug: page.slug };
  }
  const pagePath = normalizePagePath(entry.value);
  const slug = pagePath.endsWith('/index') ? pagePath.slice(0, -'/index'.length) : pagePath;
  const file = p.files.get(slug) ?? p.files.get(pagePath);
  if (!file) {
    if (p.brokenFiles.has(slug) || p.brokenFiles.has(pagePath)) return undefined;
    // Mintlify warns ("referenced in the docs.json navigation but the file does not exist") and deploys the rest.
    p.report(
      entry.pointer,
      'nav/page-not-found',
      `navigation page "${entry.value}" has no file, so it is left out of the navigation`,
      `create ${pagePath}.mdx (or .md), or fix the path; paths are relative to the docs root, without extension (an error with --strict)`,
      'warning',
    );
    return undefined;
  }
  const page = p.pages.get(file.slug) ?? pageFromFile(p, file, ctx);
  if (!page) return undefined;
  addPage(p, page, entry.pointer);
  const meta = pageMeta(file.frontmatter);
  if (meta.url) return { type: 'link', label: page.sidebarTitle ?? page.title, href: meta.url };
  if (page.hidden) return undefined;
  return { type: 'page', slug: page.slug };
}

/** Does an unqualified `METHOD /path` entry under `node` consume the spec `node` sets? (selective mode) */
function consumesOwnSpec(node: NavNodeConfig): boolean {
  const scan = (children: NavNodeConfig['children']): boolean =>
    children.some((child) => {
      if (child.kind === 'page') {
        const ref = parseOperationRef(child.value);
        return !!ref && !ref.file;
      }
      if (child.openapi) return false; // a new owner below
      return scan(child.children);
    });
  return scan(node.children);
}

/** The generated pages of the specs a node sets (unless its entries pick operations one by one), grouped by tag. */
function generatedItems(p: Planner, node: NavNodeConfig, ctx: Context): NavGroup[] {
  const groups = new Map<string, NavGroup>();
  const add = (label: string, slug: string) => {
    let group = groups.get(label);
    if (!group) groups.set(label, (group = { type: 'group', label, children: [] }));
    group.children.push({ type: 'page', slug });
  };
  if (node.openapi && !consumesOwnSpec(node)) addOperationPages(p, node.openapi, ctx, add);
  if (node.asyncapi) addChannelPages(p, node.asyncapi, ctx, add);
  return [...groups.values()];
}

type AddToGroup = (label: string, slug: string) => void;

/** One page per operation of each OpenAPI file; an MDX page documenting the operation in the directory takes its place. */
function addOperationPages(p: Planner, refs: NonNullable<NavNodeConfig['openapi']>, ctx: Context, add: AddToGroup): void {
  for (const ref of refs) {
    const doc = p.specs.get(normalizeSpecSource(ref.source));
    if (doc?.kind !== 'openapi') continue;
    const directory = ref.directory ?? DEFAULT_DIRECTORY;
    for (const slot of operationSlotsFor(p, doc, directory)) {
      const own = documentedIn(
        p,
        doc,
        { method: slot.operation.kind === 'webhook' ? 'webhook' : slot.operation.method, path: slot.operation.path },
        directory,
      );
      const fromFile = own ? (p.pages.get(own.slug) ?? pageFromFile(p, own, ctx)) : undefined;
      const page = fromFile
        ? addPage(p, fromFile)
        : slotPage(p, operationPage(doc, slot, { ...pageContext(ctx), playground: p.playgroundDefaults }), ctx);
      if (!slot.operation.hidden) add(slot.group, page.slug);
    }
  }
}

/** One page per channel of each AsyncAPI file. */
function addChannelPages(p: Planner, refs: NonNullable<NavNodeConfig['asyncapi']>, ctx: Context, add: AddToGroup): void {
  for (const ref of refs) {
    const doc = p.specs.get(normalizeSpecSource(ref.source));
    if (doc?.kind !== 'asyncapi') continue;
    for (const slot of channelSlotsFor(p, doc, ref.directory ?? DEFAULT_DIRECTORY)) {
      const page = slotPage(p, channelPage(doc, slot, { ...pageContext(ctx), playground: p.playgroundDefaults }), ctx);
      add(slot.group, page.slug);
    }
  }
}

/**
 * Plans a generated page at its slot, unless a page file sits on that slug: then, as on Mintlify, the file's page takes
 * the slot (a warning names both) and the generated page is left out. A file that documents the same operation or
 * channel (what `lectern generate` writes) is no conflict: the usual rules merge the two.
 */
function slotPage(p: Planner, generated: OperationPage | ChannelPage, ctx: Context, pointer?: string): Page {
  const file = p.files.get(generated.slug);
  const own = file ? (p.pages.get(file.slug) ?? pageFromFile(p, file, ctx)) : undefined;
  if (!file || !own || sameTarget(own, generated)) return addPage(p, generated, pointer);
  if (!p.filesOnSlots.has(file.slug)) {
    p.filesOnSlots.add(file.slug);
    const what =
      generated.kind === 'operation'
        ? `${generated.method === 'webhook' ? 'webhook' : generated.method.toUpperCase()} ${generated.path}`
        : `channel ${generated.channel}`;
    p.reportFile(
      file.file,
      'nav/slug-conflict',
      `"/${generated.slug}": ${file.file} takes the place of the generated page of ${what} (${generated.spec}), which is left out, as on Mintlify`,
      'to keep both, give the generated page another URL (x-mint.href, or a "directory" on the navigation\'s openapi entry), or rename the file',
      'warning',
    );
  }
  const page = withGeneratedMeta(own, generated);
  p.pages.set(page.slug, page);
  return page;
}

/** The page of a file documents the operation or channel a generated page is for. */
function sameTarget(page: Page, generated: OperationPage | ChannelPage): boolean {
  if (page.kind === 'operation' && generated.kind === 'operation')
    return page.spec === generated.spec && page.method === generated.method && page.path === generated.path;
  return page.kind === 'channel' && generated.kind === 'channel' && page.spec === generated.spec && page.channel === generated.channel;
}

/** A file's page on a generated slot keeps the generated title, sidebar title and description its frontmatter lacks (as Mintlify's). */
function withGeneratedMeta(page: Page, generated: Page): Page {
  const meta = pageMeta(page.frontmatter);
  return {
    ...page,
    ...(meta.title === undefined ? { title: generated.title } : {}),
    ...(meta.sidebarTitle === undefined && generated.sidebarTitle ? { sidebarTitle: generated.sidebarTitle } : {}),
    ...(meta.description === undefined && generated.description ? { description: generated.description } : {}),
  };
}

/**
 * The MDX page that documents an operation (`openapi:` frontmatter) inside `directory`: where a navigation node
 * generates the pages of a spec, it is used instead of a generated one (no duplicate), as Mintlify does.
 */
function documentedIn(p: Planner, doc: ApiDocument, op: { method: string; path: string }, directory: string): PageFile | undefined {
  p.documented ??= documentedOperations(p.files, p.openapiDocs);
  const prefix = directory.replace(/^\/+|\/+$/g, '') + '/';
  return p.documented.get(`${doc.source} ${op.method} ${op.path}`)?.find((f) => f.slug.startsWith(prefix));
}

/** MDX pages that document an operation, by `spec method path`. */
function documentedOperations(files: ReadonlyMap<string, PageFile>, openapiDocs: readonly ApiDocument[]): Map<string, PageFile[]> {
  const documented = new Map<string, PageFile[]>();
  for (const file of files.values()) {
    const value = pageMeta(file.frontmatter).openapi;
    const ref = value ? parseOperationRef(value) : undefined;
    if (!ref) continue;
    const candidates = ref.file
      ? [matchSpecFile(openapiDocs, normalizeSpecSource(ref.file))].filter((d): d is ApiDocument => !!d)
      : openapiDocs;
    const target = candidates.find((d) => 'operation' in findOperation(d, ref));
    if (!target) continue;
    const found = findOperation(target, ref);
    if (!('operation' in found)) continue;
    const key = `${target.source} ${found.operation.kind === 'webhook' ? 'webhook' : found.operation.method} ${found.operation.path}`;
    documented.set(key, [...(documented.get(key) ?? []), file]);
  }
  return documented;
}

/** Every page file the navigation did not list is built too (reachable by URL, hidden from the navigation). */
function addUnlistedFiles(p: Planner): void {
  for (const file of p.files.values()) {
    const existing = p.pages.get(file.slug);
    if (!existing) {
      const page = pageFromFile(p, file, {});
      if (page) p.pages.set(page.slug, { ...page, hidden: true });
      continue;
    }
    if (existing.file === file.file || replaceGenerated(p, file, existing)) continue;
    p.reportFile(
      file.file,
      'nav/slug-conflict',
      `two pages on one slug "/${file.slug}": ${file.file} and ${existing.file ?? `the generated page for ${existing.kind === 'operation' ? `${existing.method.toUpperCase()} ${existing.path}` : existing.kind}`}`,
      'rename the file, or move the generated page with x-mint.href or a navigation "directory"',
    );
  }
}

/**
 * A file at a generated page's slug that documents the same operation/channel replaces it (what `lectern generate`
 * writes): the team edits the page, navigation stays as it was. False when the file is another page.
 */
function replaceGenerated(p: Planner, file: PageFile, existing: Page): boolean {
  if (existing.file || (existing.kind !== 'operation' && existing.kind !== 'channel')) return false;
  const replacement = pageFromFile(p, file, pageContext(existing));
  const same =
    replacement &&
    ((replacement.kind === 'operation' &&
      existing.kind === 'operation' &&
      replacement.spec === existing.spec &&
      replacement.method === existing.method &&
      replacement.path === existing.path) ||
      (replacement.kind === 'channel' &&
        existing.kind === 'channel' &&
        replacement.spec === existing.spec &&
        replacement.channel === existing.channel));
  if (same) p.pages.set(file.slug, { ...replacement, hidden: existing.hidden || replacement.hidden });
  return !!same;
}

/**
 * `x-mint.content` of generated pages, unless docs.json trusts the content of local specs: unsafe constructs are cut
 * (see spec-content.ts) and each cut is a warning naming the spec file and the JSON pointer of the content.
 */
function vetSpecContent(
  pages: Map<string, Page>,
  specs: ReadonlyMap<string, SpecDocument>,
  trustLocal: boolean,
  diagnostics: Diagnostic[],
  dollarMath: boolean,
): void {
  for (const [slug, page] of pages) {
    if (page.kind !== 'operation' || page.file || !page.body.trim()) continue;
    const remote = /^https?:\/\//i.test(page.spec);
    if (trustLocal && !remote) continue;
    const { text, refused } = safeSpecContent(page.body, { dollarMath });
    if (!refused.length) continue;
    pages.set(slug, { ...page, body: text });
    const doc = specs.get(page.spec);
    const op =
      doc?.kind === 'openapi'
        ? doc.operations.find((o) => (o.kind === 'webhook' ? 'webhook' : o.method) === page.method && o.path === page.path)
        : undefined;
    const pointer = `${op?.pointer ?? ''}/x-mint/content`;
    for (const r of refused) {
      diagnostics.push({
        severity: 'warning',
        code: 'spec/content-refused',
        file: page.spec,
        pointer,
        message: `x-mint.content of ${page.method === 'webhook' ? 'webhook' : page.method.toUpperCase()} ${page.path}${r.line ? ` (line ${r.line} of the content)` : ''}: ${r.message}; left out`,
        hint: remote
          ? 'content from a remote spec is never compiled as full MDX'
          : 'spec content is Markdown plus built-in components with literal props; set "lectern": { "trustSpecContent": true } in docs.json to compile local specs as full MDX',
      });
    }
  }
}
