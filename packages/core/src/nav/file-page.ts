/**
 * A page file -> a Page. Its frontmatter decides the kind: `openapi:` an operation page, `asyncapi:` a channel page,
 * `openapi-schema:` a schema page, `api:` a manual endpoint, otherwise a guide. A reference that matches nothing
 * leaves a guide page built from the MDX alone, as Mintlify does.
 */
import type { DocsConfig } from '../config/load.ts';
import type { GuidePage, ManualEndpoint, ManualEndpointPage, Page, SchemaPage, Server } from '../model.ts';
import { pageMeta, type PageFile, type PageMeta } from '../pages.ts';
import { operationPage, operationTitle, resolvePlayground } from './generate.ts';
import { matchSpecFile, parseOperationRef } from './operation-ref.ts';
import { normalizeSpecSource, pageContext, type Context, type Planner } from './planner.ts';
import { resolveChannel, resolveOperation } from './resolve.ts';
import { slugToTitle } from './slug.ts';

/** The fields every page of a file has, whatever its kind. */
type PageBase = Omit<GuidePage, 'kind'>;

/** A page file turned into a Page (guide, operation, channel, schema or manual endpoint). */
export function pageFromFile(p: Planner, file: PageFile, ctx: Context, slug = file.slug): Page {
  const meta = pageMeta(file.frontmatter);
  const base = pageBase(file, meta, ctx, slug);
  if (meta.openapi) return operationFilePage(p, file, meta.openapi, meta, base, ctx);
  if (meta.asyncapi) return channelFilePage(p, file, meta.asyncapi, meta, base);
  if (meta.openapiSchema) return schemaFilePage(p, file, meta.openapiSchema, base);
  if (meta.api) return endpointFilePage(p, file, meta.api, meta, base);
  const guide: GuidePage = { ...base, kind: 'guide' };
  return guide;
}

function pageBase(file: PageFile, meta: PageMeta, ctx: Context, slug: string): PageBase {
  return {
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
    ...((meta.version ?? ctx.version) ? { version: meta.version ?? ctx.version } : {}),
    ...(ctx.language ? { language: ctx.language } : {}),
    ...(meta.groups ? { groups: meta.groups } : {}),
    ...(meta.public !== undefined ? { public: meta.public } : {}),
  };
}

/** `openapi: "METHOD /path"`: the operation's generated page, with the file's frontmatter and body over it. */
function operationFilePage(p: Planner, file: PageFile, value: string, meta: PageMeta, base: PageBase, ctx: Context): Page {
  const ref = parseOperationRef(value);
  if (!ref) {
    // Mintlify publishes such a page as it would any other (without the API reference): a warning.
    const specOnly = /^\S+\.(json|ya?ml)$/i.test(value.trim());
    p.reportFile(
      file.file,
      'page/openapi',
      `${specOnly ? `"openapi: ${value.trim()}" names a spec file but no operation` : `invalid "openapi" frontmatter "${value}"`}; the page is built from its MDX content alone`,
      `write "METHOD /path", "file METHOD /path" or "webhook name", e.g. "${specOnly ? `${value.trim()} GET /users/{id}` : 'GET /users/{id}'}"`,
      'warning',
      file.keyLines?.openapi,
    );
    return { ...base, kind: 'guide' };
  }
  const found = resolveOperation(p, ref, undefined, { file: file.file, line: file.keyLines?.openapi });
  if (!found) return { ...base, kind: 'guide' };
  const defaults = p.playgroundDefaults;
  const generated = operationPage(found.doc, found.slot, { ...pageContext(ctx), playground: defaults });
  const operation = found.slot.operation;
  return {
    ...generated,
    ...base,
    // As Mintlify: the frontmatter's title, else the operation's, else the page's own slug.
    title: meta.title ?? operationTitle(operation) ?? base.title,
    ...((meta.description ?? generated.description) ? { description: meta.description ?? generated.description } : {}),
    deprecated: meta.deprecated || generated.deprecated,
    groups: meta.groups ?? generated.groups,
    playground: resolvePlayground(
      [meta.playground, operation.xMint.metadata.playground],
      defaults.display,
      operation.servers.length > 0 || defaults.mdxServer,
    ),
    kind: 'operation',
    spec: generated.spec,
    method: generated.method,
    path: generated.path,
  };
}

/** `asyncapi: "[file] channel"`: a channel page. */
function channelFilePage(p: Planner, file: PageFile, value: string, meta: PageMeta, base: PageBase): Page {
  const found = resolveChannel(p, value, { file: file.file });
  if (!found) return { ...base, kind: 'guide' };
  const hasServer = found.doc.servers.length > 0 || (found.doc.channels.find((c) => c.id === found.id)?.servers.length ?? 0) > 0;
  return {
    ...base,
    kind: 'channel',
    spec: found.doc.source,
    channel: found.id,
    playground: resolvePlayground([meta.playground], p.playgroundDefaults.display, hasServer),
  };
}

/** `openapi-schema: "[file] Name"`: a schema page. */
function schemaFilePage(p: Planner, file: PageFile, value: string, base: PageBase): Page {
  const tokens = value.trim().split(/\s+/);
  const [fileToken, name] = tokens.length >= 2 ? [tokens[0], tokens[1]!] : [undefined, tokens[0]!];
  const doc = fileToken ? matchSpecFile(p.openapiDocs, normalizeSpecSource(fileToken)) : p.openapiDocs.find((d) => d.schemas[name]);
  if (!doc || !doc.schemas[name]) {
    // A spec that failed to load (reported already) may hold it; otherwise, as for `openapi:`, Mintlify still
    // publishes the page from its MDX: a warning.
    const failed = [...p.failedSpecs].some((s) => !fileToken || s.includes(normalizeSpecSource(fileToken)));
    if (!failed)
      p.reportFile(
        file.file,
        'page/schema-not-found',
        `schema "${name}" not found${fileToken ? ` in "${fileToken}"` : ''}`,
        'the page is built from its MDX content alone, without the schema',
        'warning',
        file.keyLines?.['openapi-schema'],
      );
    return { ...base, kind: 'guide' };
  }
  const page: SchemaPage = { ...base, kind: 'schema', spec: doc.source, schema: name };
  return page;
}

/** `api: "METHOD url"`: a manual endpoint page. */
function endpointFilePage(p: Planner, file: PageFile, value: string, meta: PageMeta, base: PageBase): Page {
  const endpoint = parseManualEndpoint(value, p.config, meta.authMethod);
  if (!endpoint) {
    p.reportFile(
      file.file,
      'page/api',
      `invalid "api" frontmatter "${value}"`,
      'write "METHOD https://host/path" or "METHOD /path", e.g. "POST /users"',
    );
    return { ...base, kind: 'guide' };
  }
  const page: ManualEndpointPage = {
    ...base,
    kind: 'endpoint',
    endpoint,
    playground: resolvePlayground([meta.playground], p.playgroundDefaults.display, endpoint.servers.length > 0),
  };
  return page;
}

/**
 * Pages from files without a title (the warning names the title the page got: its operation's, or one made of its
 * slug) or, titled, without a description (its own, or its operation's). Run once the pages are planned.
 */
export function reportMissingMeta(p: Planner): void {
  for (const page of p.pages.values()) {
    if (!page.file) continue;
    const meta = pageMeta(page.frontmatter);
    if (meta.title === undefined && page.title === slugToTitle(page.slug)) {
      p.reportFile(
        page.file,
        'page/no-title',
        `page has no "title" in its frontmatter; using "${page.title}"`,
        'add `title:` (and `description:`) to the frontmatter',
        'warning',
      );
    }
    if (page.description === undefined && meta.title !== undefined && !meta.url) {
      p.reportFile(
        page.file,
        'page/no-description',
        'page has no "description" in its frontmatter',
        'add `description:` — it is shown under the title and used for SEO',
        'warning',
      );
    }
  }
}

/** `mode: "assistant"` pages (a full-page chat) on a site without the assistant: they show their text and a note. */
export function reportAssistantPages(p: Planner): void {
  if (p.config.lectern?.assistant?.enabled === true) return;
  for (const page of p.pages.values()) {
    if (page.file && page.frontmatter.mode === 'assistant')
      p.reportFile(
        page.file,
        'page/assistant-mode',
        'page has `mode: "assistant"` but the assistant is not enabled for this site: it shows its text and a note instead of a chat',
        'set "lectern": { "assistant": { "enabled": true } } in docs.json, or remove `mode: "assistant"`',
        'warning',
      );
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
