/**
 * docs.json navigation + page files + loaded specs -> pages and the navigation tree.
 * Pure: all I/O happened before (see plan.ts), so this is testable with in-memory inputs.
 */
import { safeSpecContent } from '../spec-content.ts';
import type { DocsConfig, ConfigLocator } from '../config/load.ts';
import type { NavEntry, NavNodeConfig, SpecRef } from '../config/navigation.ts';
import type {
  ApiDocument, AsyncDocument, Diagnostic, GuidePage, ManualEndpoint, ManualEndpointPage, NavDivision, NavGroup,
  NavItem, Page, SchemaPage, Server, SpecDocument,
} from '../model.ts';
import { pageMeta, type PageFile } from '../pages.ts';
import { hrefProblem } from '../documents/extensions.ts';
import {
  allocateChannelSlugs, allocateOperationSlugs, channelPage, DEFAULT_DIRECTORY, operationPage, resolvePlayground,
  type ChannelSlot, type OperationSlot, type PlaygroundDefaults,
} from './generate.ts';
import { findOperation, formatOperationRef, matchSpecFile, parseOperationRef, type OperationRef } from './operation-ref.ts';
import { createSlugAllocator, normalizePagePath, slugToTitle } from './slug.ts';

export interface PlanSiteInput {
  config: DocsConfig;
  locator?: ConfigLocator;
  /** Every page file of the repo, by slug. */
  files: ReadonlyMap<string, PageFile>;
  /** Loaded specs by source id (navigation specs, `api.openapi`, and every spec discovered in the repo). */
  specs: ReadonlyMap<string, SpecDocument>;
  /** Page files that exist but could not be read (diagnosed already), by slug. */
  brokenFiles?: ReadonlySet<string>;
  /** Specs that failed to load (diagnosed already): references to them are not re-reported. */
  failedSpecs?: ReadonlySet<string>;
}

export interface PlanSiteResult {
  pages: Page[];
  navigation: NavItem[];
  global: NavItem[];
  diagnostics: Diagnostic[];
}

interface Context {
  openapi?: { refs: SpecRef[]; owner: NavNodeConfig };
  asyncapi?: { refs: SpecRef[]; owner: NavNodeConfig };
  version?: string;
  language?: string;
  /** `directory` display of group root pages; inherited down the tree. */
  directory?: 'none' | 'accordion' | 'card';
}

export function normalizeSpecSource(source: string): string {
  if (/^https?:\/\//i.test(source)) return source;
  return source.replace(/\\/g, '/').replace(/^\.\//, '').replace(/^\/+/, '');
}

export function planSite(input: PlanSiteInput): PlanSiteResult {
  const { config, files, specs } = input;
  const diagnostics: Diagnostic[] = [];
  const pages = new Map<string, Page>();
  const configFile = input.locator?.file ?? 'docs.json';
  const report = (pointer: string, code: Diagnostic['code'], message: string, hint?: string, severity: Diagnostic['severity'] = 'error') => {
    const at = input.locator?.locate(pointer) ?? { file: configFile, pointer };
    diagnostics.push({ severity, code, file: at.file, pointer: at.pointer, ...(at.line ? { line: at.line, column: at.column } : {}), message, ...(hint ? { hint } : {}) });
  };
  const reportFile = (file: string, code: Diagnostic['code'], message: string, hint?: string, severity: Diagnostic['severity'] = 'error', line?: number) => {
    diagnostics.push({ severity, code, file, ...(line ? { line } : {}), message, ...(hint ? { hint } : {}) });
  };

  const mdxServers = config.api.mdx?.server;
  const playgroundDefaults: PlaygroundDefaults = { display: config.api.playground.display, mdxServer: mdxServers !== undefined };
  const openapiDocs = [...specs.values()].filter((d): d is ApiDocument => d.kind === 'openapi').sort((a, b) => a.source.localeCompare(b.source));
  const asyncDocs = [...specs.values()].filter((d): d is AsyncDocument => d.kind === 'asyncapi').sort((a, b) => a.source.localeCompare(b.source));

  // Generated slugs: one allocator for all generated pages, so de-duplication is global and stable.
  const allocate = createSlugAllocator();
  const operationSlots = new Map<string, OperationSlot[]>();
  const channelSlots = new Map<string, ChannelSlot[]>();
  const slotsFor = (doc: ApiDocument, directory: string) => {
    const key = `${doc.source}\n${directory}`;
    let slots = operationSlots.get(key);
    if (!slots) {
      slots = allocateOperationSlugs(doc, directory, allocate, (op) =>
        diagnostics.push({
          severity: 'warning',
          code: 'spec/unsafe-href',
          file: doc.source,
          pointer: `${op.pointer}/x-mint/href`,
          message: `x-mint.href ${JSON.stringify(op.xMint.href)} of ${op.kind === 'webhook' ? 'webhook' : op.method.toUpperCase()} ${op.path} ${hrefProblem(op.xMint.href ?? '')}; the page keeps its generated URL`,
          hint: 'use a path inside the site such as "/api/users/get-user" (no "." or ".." segments, no %, ? or #)',
        }),
      );
      operationSlots.set(key, slots);
    }
    return slots;
  };
  const channelSlotsFor = (doc: AsyncDocument, directory: string) => {
    const key = `${doc.source}\n${directory}`;
    let slots = channelSlots.get(key);
    if (!slots) channelSlots.set(key, (slots = allocateChannelSlugs(doc, directory, allocate)));
    return slots;
  };

  const addPage = (page: Page, pointer?: string): Page => {
    const existing = pages.get(page.slug);
    if (existing) {
      // The same operation twice (listed in pages and generated, or documented by an MDX page) is one page.
      const sameOperation = existing.kind === 'operation' && page.kind === 'operation' && existing.spec === page.spec && existing.method === page.method && existing.path === page.path;
      const same = sameOperation || (existing.kind === page.kind && existing.file === page.file && existing.kind !== 'operation');
      if (!same) {
        const what = (p: Page) => (p.file ? p.file : p.kind === 'operation' ? `${p.method.toUpperCase()} ${p.path} (${p.spec})` : p.kind);
        const message = `two pages on one slug "/${page.slug}": ${what(existing)} and ${what(page)}`;
        const hint = 'rename the file, or move the generated page with x-mint.href or a navigation "directory"';
        if (pointer) report(pointer, 'nav/slug-conflict', message, hint);
        else reportFile(page.file ?? existing.file ?? configFile, 'nav/slug-conflict', message, hint);
      }
      return existing;
    }
    pages.set(page.slug, page);
    return page;
  };

  const specMissing = (source: string) => !specs.has(source) && !input.failedSpecs?.has(source);

  const resolveOperation = (
    ref: OperationRef,
    inherited: SpecRef[] | undefined,
    where: { pointer?: string; file?: string; line?: number },
  ): { doc: ApiDocument; directory: string; slot: OperationSlot } | undefined => {
    const fail = (message: string, hint?: string) => {
      if (where.pointer !== undefined) report(where.pointer, 'nav/operation-not-found', message, hint);
      // Mintlify still publishes a page whose `openapi:` names no operation (without the API reference): a warning.
      else reportFile(where.file ?? configFile, 'page/operation-not-found', message, `${hint ? `${hint}; ` : ''}the page is built from its MDX content alone, without the endpoint reference`, 'warning', where.line);
    };
    let candidates: Array<{ doc: ApiDocument; directory: string }>;
    if (ref.file) {
      const doc = matchSpecFile(openapiDocs, normalizeSpecSource(ref.file));
      if (!doc) {
        if (![...(input.failedSpecs ?? [])].some((s) => s.includes(normalizeSpecSource(ref.file!)))) {
          fail(`no OpenAPI file matches "${ref.file}" in "${formatOperationRef(ref)}"`, openapiDocs.length ? `spec files: ${openapiDocs.map((d) => d.source).join(', ')}` : 'the repo has no OpenAPI file');
        }
        return undefined;
      }
      const inheritedDir = inherited?.find((r) => normalizeSpecSource(r.source) === doc.source)?.directory;
      candidates = [{ doc, directory: inheritedDir ?? DEFAULT_DIRECTORY }];
    } else if (inherited?.length) {
      candidates = inherited.flatMap((r) => {
        const doc = specs.get(normalizeSpecSource(r.source));
        return doc?.kind === 'openapi' ? [{ doc, directory: r.directory ?? DEFAULT_DIRECTORY }] : [];
      });
      if (!candidates.length) return undefined; // the spec itself failed to load and was reported
    } else {
      candidates = openapiDocs.map((doc) => ({ doc, directory: DEFAULT_DIRECTORY }));
      if (!candidates.length) {
        fail(`"${formatOperationRef(ref)}" refers to an operation, but no OpenAPI file is configured`, 'set "openapi" on this navigation node or an ancestor, or add the spec file to the repo');
        return undefined;
      }
    }
    let lastError: { message: string; hint?: string } | undefined;
    for (const { doc, directory } of candidates) {
      const found = findOperation(doc, ref);
      if ('operation' in found) {
        if (found.operation.excluded) {
          lastError = { message: `${formatOperationRef(ref)} is marked x-excluded in ${doc.source}`, hint: 'remove x-excluded from the operation, or remove this entry' };
          continue;
        }
        const slot = slotsFor(doc, directory).find((s) => s.operation === found.operation);
        if (slot) return { doc, directory, slot };
        continue;
      }
      const shown = found.available.slice(0, 12).join(', ') + (found.available.length > 12 ? `, … (${found.available.length} in all)` : '');
      if (found.error === 'path') lastError = { message: `endpoint ${ref.path} not found in ${doc.source}`, hint: found.available.length ? `available paths: ${shown}` : 'the spec has no paths' };
      else if (found.error === 'method') lastError = { message: `method ${ref.method.toUpperCase()} for endpoint ${ref.path} not found in ${doc.source}`, hint: `methods on that path: ${shown}` };
      else lastError = { message: `webhook "${ref.path}" not found in ${doc.source}`, hint: found.available.length ? `available webhooks: ${shown}` : 'the spec has no webhooks' };
    }
    if (lastError) fail(lastError.message, lastError.hint);
    return undefined;
  };

  const resolveChannel = (value: string, where: { file: string }): { doc: AsyncDocument; id: string } | undefined => {
    const tokens = value.trim().split(/\s+/);
    const [fileToken, id] = tokens.length >= 2 ? [tokens[0], tokens.slice(1).join(' ')] : [undefined, tokens[0] ?? ''];
    const docs = fileToken ? [matchSpecFile(asyncDocs, normalizeSpecSource(fileToken))].filter((d): d is AsyncDocument => !!d) : asyncDocs;
    for (const doc of docs) if (doc.channels.some((c) => c.id === id)) return { doc, id };
    reportFile(where.file, 'page/channel-not-found', `AsyncAPI channel "${id}" not found${fileToken ? ` in "${fileToken}"` : ''}`,
      docs.length ? `channels: ${docs.flatMap((d) => d.channels.map((c) => `${d.source} ${c.id}`)).slice(0, 12).join(', ')}` : 'no AsyncAPI file matches');
    return undefined;
  };

  /** A page file turned into a Page; a page without a description (its own, or its operation's) is a warning. */
  const pageFromFile = (file: PageFile, ctx: Context, slug = file.slug): Page | undefined => {
    const page = pageOfFile(file, ctx, slug);
    if (page && page.description === undefined && pageMeta(file.frontmatter).title !== undefined && !pageMeta(file.frontmatter).url) {
      reportFile(file.file, 'page/no-description', 'page has no "description" in its frontmatter', 'add `description:` — it is shown under the title and used for SEO', 'warning');
    }
    return page;
  };

  /** A page file turned into a Page (guide, operation, channel, schema or manual endpoint). */
  const pageOfFile = (file: PageFile, ctx: Context, slug = file.slug): Page | undefined => {
    const meta = pageMeta(file.frontmatter);
    const base = {
      slug,
      title: meta.title ?? slugToTitle(slug),
      ...(meta.sidebarTitle ? { sidebarTitle: meta.sidebarTitle } : {}),
      ...(meta.description ? { description: meta.description } : {}),
      frontmatter: file.frontmatter,
      body: file.body,
      file: file.file,
      bodyLine: file.bodyLine,
      hidden: meta.hidden,
      deprecated: meta.deprecated,
      ...(meta.tag ? { tag: meta.tag } : {}),
      ...(meta.version ?? ctx.version ? { version: meta.version ?? ctx.version } : {}),
      ...(ctx.language ? { language: ctx.language } : {}),
      ...(meta.groups ? { groups: meta.groups } : {}),
      ...(meta.public !== undefined ? { public: meta.public } : {}),
    };
    if (meta.title === undefined) {
      reportFile(file.file, 'page/no-title', `page has no "title" in its frontmatter; using "${base.title}"`, 'add `title:` (and `description:`) to the frontmatter', 'warning');
    }
    if (meta.openapi) {
      const ref = parseOperationRef(meta.openapi);
      if (!ref) {
        reportFile(file.file, 'page/openapi', `invalid "openapi" frontmatter "${meta.openapi}"`, 'write "METHOD /path", "file METHOD /path" or "webhook name", e.g. "GET /users/{id}"');
        return { ...base, kind: 'guide' };
      }
      const found = resolveOperation(ref, undefined, { file: file.file, line: file.keyLines?.openapi });
      if (!found) return { ...base, kind: 'guide' };
      const generated = operationPage(found.doc, found.slot, { ...(ctx.version ? { version: ctx.version } : {}), ...(ctx.language ? { language: ctx.language } : {}), playground: playgroundDefaults });
      return {
        ...generated,
        ...base,
        title: meta.title ?? generated.title,
        ...(meta.description ?? generated.description ? { description: meta.description ?? generated.description } : {}),
        deprecated: meta.deprecated || generated.deprecated,
        groups: meta.groups ?? generated.groups,
        playground: resolvePlayground([meta.playground, found.slot.operation.xMint.metadata.playground], playgroundDefaults.display,
          found.slot.operation.servers.length > 0 || playgroundDefaults.mdxServer),
        kind: 'operation',
        spec: generated.spec,
        method: generated.method,
        path: generated.path,
      };
    }
    if (meta.asyncapi) {
      const found = resolveChannel(meta.asyncapi, { file: file.file });
      if (!found) return { ...base, kind: 'guide' };
      const hasServer = found.doc.servers.length > 0 || (found.doc.channels.find((c) => c.id === found.id)?.servers.length ?? 0) > 0;
      return { ...base, kind: 'channel', spec: found.doc.source, channel: found.id, playground: resolvePlayground([meta.playground], playgroundDefaults.display, hasServer) };
    }
    if (meta.openapiSchema) {
      const tokens = meta.openapiSchema.trim().split(/\s+/);
      const [fileToken, name] = tokens.length >= 2 ? [tokens[0], tokens[1]!] : [undefined, tokens[0]!];
      const doc = fileToken ? matchSpecFile(openapiDocs, normalizeSpecSource(fileToken)) : openapiDocs.find((d) => d.schemas[name]);
      if (!doc || !doc.schemas[name]) {
        // A spec that failed to load (reported already) may hold it; otherwise, as for `openapi:`, Mintlify still
        // publishes the page from its MDX: a warning.
        const failed = [...(input.failedSpecs ?? [])].some((s) => !fileToken || s.includes(normalizeSpecSource(fileToken)));
        if (!failed) reportFile(file.file, 'page/schema-not-found', `schema "${name}" not found${fileToken ? ` in "${fileToken}"` : ''}`, 'the page is built from its MDX content alone, without the schema', 'warning', file.keyLines?.['openapi-schema']);
        return { ...base, kind: 'guide' };
      }
      const page: SchemaPage = { ...base, kind: 'schema', spec: doc.source, schema: name };
      return page;
    }
    if (meta.api) {
      const endpoint = parseManualEndpoint(meta.api, config, meta.authMethod);
      if (!endpoint) {
        reportFile(file.file, 'page/api', `invalid "api" frontmatter "${meta.api}"`, 'write "METHOD https://host/path" or "METHOD /path", e.g. "POST /users"');
        return { ...base, kind: 'guide' };
      }
      const page: ManualEndpointPage = {
        ...base,
        kind: 'endpoint',
        endpoint,
        playground: resolvePlayground([meta.playground], playgroundDefaults.display, endpoint.servers.length > 0),
      };
      return page;
    }
    const guide: GuidePage = { ...base, kind: 'guide' };
    return guide;
  };

  /** Navigation page entry (a page path or an operation string) -> a nav item. */
  const entryItem = (entry: Extract<NavEntry, { kind: 'page' }>, ctx: Context): NavItem | undefined => {
    const ref = parseOperationRef(entry.value);
    if (ref) {
      const found = resolveOperation(ref, ref.file ? ctx.openapi?.refs : ctx.openapi?.refs, { pointer: entry.pointer });
      if (!found) return undefined;
      const page = operationPage(found.doc, found.slot, { ...(ctx.version ? { version: ctx.version } : {}), ...(ctx.language ? { language: ctx.language } : {}), playground: playgroundDefaults });
      // Listing an operation explicitly shows it, even when it is x-hidden.
      addPage({ ...page, hidden: false }, entry.pointer);
      return { type: 'page', slug: page.slug };
    }
    const pagePath = normalizePagePath(entry.value);
    const slug = pagePath.endsWith('/index') ? pagePath.slice(0, -'/index'.length) : pagePath;
    const file = files.get(slug) ?? files.get(pagePath);
    if (!file) {
      if (input.brokenFiles?.has(slug) || input.brokenFiles?.has(pagePath)) return undefined;
      // Mintlify warns ("referenced in the docs.json navigation but the file does not exist") and deploys the rest.
      report(entry.pointer, 'nav/page-not-found', `navigation page "${entry.value}" has no file, so it is left out of the navigation`, `create ${pagePath}.mdx (or .md), or fix the path; paths are relative to the docs root, without extension (an error with --strict)`, 'warning');
      return undefined;
    }
    const page = pages.get(file.slug) ?? pageFromFile(file, ctx);
    if (!page) return undefined;
    addPage(page, entry.pointer);
    const meta = pageMeta(file.frontmatter);
    if (meta.url) return { type: 'link', label: page.sidebarTitle ?? page.title, href: meta.url };
    if (page.hidden) return undefined;
    return { type: 'page', slug: page.slug };
  };

  /** Does an unqualified `METHOD /path` entry under `node` consume the spec `node` sets? (selective mode) */
  const consumesOwnSpec = (node: NavNodeConfig): boolean => {
    const scan = (children: NavEntry[]): boolean =>
      children.some((child) => {
        if (child.kind === 'page') {
          const ref = parseOperationRef(child.value);
          return !!ref && !ref.file;
        }
        if (child.openapi) return false; // a new owner below
        return scan(child.children);
      });
    return scan(node.children);
  };

  /**
   * MDX pages that document an operation (`openapi:` frontmatter), by `spec method path`: where a navigation node
   * generates the pages of a spec, an existing page for the operation inside the node's directory is used instead of a
   * generated one (no duplicate), as Mintlify does.
   */
  let documented: Map<string, PageFile[]> | undefined;
  const documentedIn = (doc: ApiDocument, op: { method: string; path: string }, directory: string): PageFile | undefined => {
    if (!documented) {
      documented = new Map();
      for (const file of files.values()) {
        const value = pageMeta(file.frontmatter).openapi;
        const ref = value ? parseOperationRef(value) : undefined;
        if (!ref) continue;
        const candidates = ref.file ? [matchSpecFile(openapiDocs, normalizeSpecSource(ref.file))].filter((d): d is ApiDocument => !!d) : openapiDocs;
        const target = candidates.find((d) => 'operation' in findOperation(d, ref));
        if (!target) continue;
        const found = findOperation(target, ref);
        if (!('operation' in found)) continue;
        const key = `${target.source} ${found.operation.kind === 'webhook' ? 'webhook' : found.operation.method} ${found.operation.path}`;
        documented.set(key, [...(documented.get(key) ?? []), file]);
      }
    }
    const prefix = directory.replace(/^\/+|\/+$/g, '') + '/';
    return documented.get(`${doc.source} ${op.method} ${op.path}`)?.find((f) => f.slug.startsWith(prefix));
  };

  const bulkItems = (node: NavNodeConfig, ctx: Context): NavItem[] => {
    const groups = new Map<string, NavGroup>();
    const context = { ...(ctx.version ? { version: ctx.version } : {}), ...(ctx.language ? { language: ctx.language } : {}) };
    if (node.openapi && !consumesOwnSpec(node)) {
      for (const ref of node.openapi) {
        const doc = specs.get(normalizeSpecSource(ref.source));
        if (doc?.kind !== 'openapi') continue;
        const directory = ref.directory ?? DEFAULT_DIRECTORY;
        for (const slot of slotsFor(doc, directory)) {
          const own = documentedIn(doc, { method: slot.operation.kind === 'webhook' ? 'webhook' : slot.operation.method, path: slot.operation.path }, directory);
          const fromFile = own ? pages.get(own.slug) ?? pageFromFile(own, ctx) : undefined;
          const page = fromFile ? addPage(fromFile) : addPage(operationPage(doc, slot, { ...context, playground: playgroundDefaults }));
          if (slot.operation.hidden) continue;
          let group = groups.get(slot.group);
          if (!group) groups.set(slot.group, (group = { type: 'group', label: slot.group, children: [] }));
          group.children.push({ type: 'page', slug: page.slug });
        }
      }
    }
    if (node.asyncapi) {
      for (const ref of node.asyncapi) {
        const doc = specs.get(normalizeSpecSource(ref.source));
        if (doc?.kind !== 'asyncapi') continue;
        for (const slot of channelSlotsFor(doc, ref.directory ?? DEFAULT_DIRECTORY)) {
          const page = addPage(channelPage(doc, slot, { ...context, playground: playgroundDefaults }));
          let group = groups.get(slot.group);
          if (!group) groups.set(slot.group, (group = { type: 'group', label: slot.group, children: [] }));
          group.children.push({ type: 'page', slug: page.slug });
        }
      }
    }
    return [...groups.values()];
  };

  const checkSpecRefs = (node: NavNodeConfig) => {
    for (const [kind, refs] of [['openapi', node.openapi], ['asyncapi', node.asyncapi]] as const) {
      refs?.forEach((ref, index) => {
        const source = normalizeSpecSource(ref.source);
        const doc = specs.get(source);
        const pointer = `${node.pointer}/${kind}${refs.length > 1 ? `/${index}` : ''}`;
        if (specMissing(source)) report(pointer, 'nav/spec-not-found', `${kind} file "${ref.source}" was not found`, 'paths are relative to the docs root (a leading "/" is optional); remote specs must be https URLs');
        else if (doc && doc.kind !== kind) report(pointer, 'nav/spec-kind', `"${ref.source}" is an ${doc.kind === 'openapi' ? 'OpenAPI' : 'AsyncAPI'} file, not ${kind === 'openapi' ? 'OpenAPI' : 'AsyncAPI'}`, `use "${doc.kind}" for it`);
      });
    }
  };

  const walkNode = (node: NavNodeConfig, parent: Context): NavItem | undefined => {
    checkSpecRefs(node);
    const ctx: Context = { ...parent };
    if (node.openapi) ctx.openapi = { refs: node.openapi, owner: node };
    if (node.asyncapi) ctx.asyncapi = { refs: node.asyncapi, owner: node };
    if (node.kind === 'version') ctx.version = node.label;
    if (node.kind === 'language') ctx.language = node.label;
    if (node.directory) ctx.directory = node.directory;
    const children: NavItem[] = [];
    for (const child of node.children) {
      const item = child.kind === 'page' ? entryItem(child, ctx) : walkNode(child, ctx);
      if (item) children.push(item);
    }
    children.push(...bulkItems(node, ctx));
    if (node.kind === 'group') {
      const group: NavGroup = { type: 'group', label: node.label, children };
      if (node.icon !== undefined) group.icon = node.icon;
      if (node.tag) group.tag = node.tag;
      if (node.expanded !== undefined) group.expanded = node.expanded;
      if (node.hidden) group.hidden = true;
      if (node.extra.searchable === true) group.searchable = true;
      if (ctx.directory) group.directory = ctx.directory;
      if (node.root) {
        const rootItem = entryItem({ kind: 'page', value: node.root, pointer: `${node.pointer}/root` }, ctx);
        if (rootItem?.type === 'page') group.root = rootItem.slug;
      }
      return group;
    }
    const division: NavDivision = { type: node.kind === 'root' ? 'tab' : node.kind, label: node.label, extra: node.extra, children };
    if (node.icon !== undefined) division.icon = node.icon;
    if (node.href) division.href = node.href;
    if (node.hidden) division.hidden = true;
    if (node.default !== undefined) division.default = node.default;
    return division;
  };

  const root = config.navigation.root;
  checkSpecRefs(root);
  const rootCtx: Context = root.directory ? { directory: root.directory } : {};
  if (root.openapi) rootCtx.openapi = { refs: root.openapi, owner: root };
  if (root.asyncapi) rootCtx.asyncapi = { refs: root.asyncapi, owner: root };
  const navigation: NavItem[] = [];
  for (const child of root.children) {
    const item = child.kind === 'page' ? entryItem(child, rootCtx) : walkNode(child, rootCtx);
    if (item) navigation.push(item);
  }
  navigation.push(...bulkItems(root, rootCtx));
  const global = config.navigation.global.map((node) => walkNode(node, {})).filter((n): n is NavItem => !!n);

  // Every other page file is built too (reachable by URL, not in navigation).
  for (const file of files.values()) {
    if (pages.has(file.slug)) {
      const existing = pages.get(file.slug)!;
      if (existing.file !== file.file && !existing.file && (existing.kind === 'operation' || existing.kind === 'channel')) {
        // A file at a generated page's slug that documents the same operation/channel replaces it
        // (what `lectern generate` writes): the team edits the page, navigation stays as it was.
        const context = { ...(existing.version ? { version: existing.version } : {}), ...(existing.language ? { language: existing.language } : {}) };
        const replacement = pageFromFile(file, context);
        const same = replacement && ((replacement.kind === 'operation' && existing.kind === 'operation' && replacement.spec === existing.spec && replacement.method === existing.method && replacement.path === existing.path) ||
          (replacement.kind === 'channel' && existing.kind === 'channel' && replacement.spec === existing.spec && replacement.channel === existing.channel));
        if (same) {
          pages.set(file.slug, { ...replacement, hidden: existing.hidden || replacement.hidden });
          continue;
        }
      }
      if (existing.file !== file.file) {
        reportFile(file.file, 'nav/slug-conflict', `two pages on one slug "/${file.slug}": ${file.file} and ${existing.file ?? `the generated page for ${existing.kind === 'operation' ? `${existing.method.toUpperCase()} ${existing.path}` : existing.kind}`}`,
          'rename the file, or move the generated page with x-mint.href or a navigation "directory"');
      }
      continue;
    }
    const page = pageFromFile(file, {});
    if (page) pages.set(page.slug, { ...page, hidden: true });
  }
  vetSpecContent(pages, specs, config.lectern?.trustSpecContent === true, diagnostics, config.styling?.latex !== false);
  return { pages: [...pages.values()], navigation, global, diagnostics };
}

/**
 * `x-mint.content` of generated pages, unless docs.json trusts the content of local specs: unsafe constructs are cut
 * (see spec-content.ts) and each cut is a warning naming the spec file and the JSON pointer of the content.
 */
function vetSpecContent(pages: Map<string, Page>, specs: PlanSiteInput['specs'], trustLocal: boolean, diagnostics: Diagnostic[], dollarMath: boolean): void {
  for (const [slug, page] of pages) {
    if (page.kind !== 'operation' || page.file || !page.body.trim()) continue;
    const remote = /^https?:\/\//i.test(page.spec);
    if (trustLocal && !remote) continue;
    const { text, refused } = safeSpecContent(page.body, { dollarMath });
    if (!refused.length) continue;
    pages.set(slug, { ...page, body: text });
    const doc = specs.get(page.spec);
    const op = doc?.kind === 'openapi' ? doc.operations.find((o) => (o.kind === 'webhook' ? 'webhook' : o.method) === page.method && o.path === page.path) : undefined;
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

/** `api:` frontmatter: `"POST https://host/path"` or `"POST /path"` (servers from `api.mdx.server`). */
export function parseManualEndpoint(value: string, config: DocsConfig, authMethod?: string): ManualEndpoint | undefined {
  const tokens = value.trim().split(/\s+/);
  if (tokens.length !== 2) return undefined;
  const [method, target] = tokens as [string, string];
  if (!/^[A-Za-z]+$/.test(method)) return undefined;
  const auth = (authMethod ?? config.api.mdx?.auth?.method) as ManualEndpoint['authMethod'];
  const authFields = {
    ...(auth ? { authMethod: auth } : {}),
    ...(config.api.mdx?.auth?.name ? { authName: config.api.mdx.auth.name } : {}),
  };
  if (/^https?:\/\//i.test(target)) {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return undefined;
    }
    const server: Server = { url: url.origin, variables: {} };
    return { method: method.toLowerCase(), path: decodeURI(url.pathname), servers: [server], ...authFields };
  }
  if (!target.startsWith('/')) return undefined;
  const configured = config.api.mdx?.server;
  const urls = configured === undefined ? [] : Array.isArray(configured) ? configured : [configured];
  return { method: method.toLowerCase(), path: target, servers: urls.map((url) => ({ url, variables: {} })), ...authFields };
}
