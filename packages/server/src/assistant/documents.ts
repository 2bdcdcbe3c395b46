/**
 * Turning a `SitePlan` into assistant documents: guide pages (MDX with JSX reduced to its text, field names and
 * step titles) and generated reference pages (method + path, description, parameters, body fields, responses).
 *
 * Left out, as Mintlify leaves them out of its assistant's context: pages restricted to reader groups (the
 * assistant answers anyone holding the site's public key), hidden pages (frontmatter `hidden: true`, pages not in
 * the navigation, `x-hidden` operations, pages under a hidden tab or group without `searchable: true`) unless
 * docs.json sets `seo.indexing: "all"`, and pages with `noindex: true` or `searchable: false`.
 */
import type { ApiDocument, AsyncDocument, Channel, NavItem, Operation, Schema, SitePlan } from '@lectern/core';
import { isRestricted } from '@lectern/core/access';
import { decodeHTMLStrict } from 'entities';
import { normalisePagePath, type AssistantDocument } from './indexing.ts';

/** Attributes of a JSX tag: `name="x"`, `name='x'`, `name={"x"}`, bare `required`. */
function attributes(source: string): Map<string, string | true> {
  const out = new Map<string, string | true>();
  for (const m of source.matchAll(
    /([A-Za-z_:][\w:.-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*(?:"([^"]*)"|'([^']*)'|`([^`]*)`|(true|false|-?\d+(?:\.\d+)?))\s*\}))?/g,
  )) {
    const quoted = m[2] ?? m[3];
    // A JSX string attribute's character references are decoded, as JSX does (`type="&quot;a&quot; | &quot;b&quot;"`).
    const value = quoted !== undefined ? decodeHTMLStrict(quoted) : (m[4] ?? m[5] ?? m[6] ?? m[7]);
    out.set(m[1]!, value ?? true);
  }
  return out;
}

/** Component tags whose attributes carry a field name: Mintlify's `<ParamField query="…">`, `<ResponseField name="…">`. */
const FIELD_TAGS = new Set(['ParamField', 'ResponseField', 'Property', 'Param', 'Field']);
const FIELD_NAME_ATTRS = ['name', 'query', 'path', 'body', 'header', 'cookie', 'param'];

/** The text a component's opening tag stands for: a field's name and type, a title or label. */
function tagText(tag: string, attrs: Map<string, string | true>, step: () => number): string {
  if (FIELD_TAGS.has(tag)) {
    const name = FIELD_NAME_ATTRS.map((a) => attrs.get(a)).find((v): v is string => typeof v === 'string');
    if (name) {
      const type = attrs.get('type');
      const bits = [
        typeof type === 'string' ? type : '',
        attrs.get('required') === true || attrs.get('required') === 'true' ? 'required' : '',
      ].filter(Boolean);
      return `\n- \`${name}\`${bits.length ? ` (${bits.join(', ')})` : ''} `;
    }
  }
  const title = attrs.get('title') ?? attrs.get('label');
  // `1)`, not `1.`: a step's title stays apart from the numbered lists inside steps (see the composer's `steps`).
  if (tag === 'Step') return `\n${step()}) ${typeof title === 'string' ? title : ''}\n`;
  return typeof title === 'string' ? ` ${title} ` : ' ';
}

/**
 * Join JSX opening tags that span several lines (`<ResponseField name="a"\n  type="string">`) into one line, so the
 * line-based pass below sees whole tags. Fenced code is left alone.
 */
function joinTags(lines: string[]): string[] {
  const out: string[] = [];
  let fence: string | undefined;
  let pending: string | undefined;
  for (const line of lines) {
    const f = /^\s*(`{3,}|~{3,})/.exec(line);
    if (pending === undefined && f) {
      if (fence === undefined) fence = f[1]!;
      else if (f[1]![0] === fence[0] && f[1]!.length >= fence.length) fence = undefined;
      out.push(line);
      continue;
    }
    if (fence !== undefined) {
      out.push(line);
      continue;
    }
    const text = pending === undefined ? line : `${pending} ${line.trim()}`;
    // An opening tag that is not closed on this line (quotes respected), unless it has gone on for too long.
    const open = /<[A-Z][\w.]*\b(?:[^<>"'{}]|"[^"]*"|'[^']*'|\{[^{}]*\})*$/.test(text);
    if (open && text.length < 2000) pending = text;
    else {
      pending = undefined;
      out.push(text);
    }
  }
  if (pending !== undefined) out.push(pending);
  return out;
}

/** Callouts: their text is an aside, kept as a block quote (the offline answers open with the text around them). */
const CALLOUT_OPEN = /<(?:Note|Warning|Info|Tip|Check|Danger|Callout)\b(?:[^<>"'{}]|"[^"]*"|'[^']*'|\{[^{}]*\})*?(\/?)>/g;
const CALLOUT_CLOSE = /<\/(?:Note|Warning|Info|Tip|Check|Danger|Callout)\s*>/g;

/**
 * MDX body to plain markdown: imports/exports, comments, JSX tags and expressions removed (code fences kept).
 * Titles of components stay (cards, accordions, tabs), step titles become a numbered list (`1) …`), field components
 * (`<ParamField>`, `<ResponseField>`) leave their name and type as a list item, and callouts (`<Note>`, `<Warning>`…)
 * their text as a block quote.
 */
export function mdxToText(mdx: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  let inComment = false;
  let stepNumber = 0;
  const step = () => ++stepNumber;
  let aside = 0;
  for (const raw of joinTags(mdx.replace(/\r\n?/g, '\n').split('\n'))) {
    const f = /^\s*(`{3,}|~{3,})/.exec(raw);
    if (f) {
      if (fence === undefined) fence = f[1]!;
      else if (f[1]![0] === fence[0] && f[1]!.length >= fence.length) fence = undefined;
      out.push(raw.trimStart());
      continue;
    }
    if (fence !== undefined) {
      out.push(raw);
      continue;
    }
    let line = raw;
    if (inComment) {
      const end = line.indexOf('*/}');
      if (end < 0) continue;
      line = line.slice(end + 3);
      inComment = false;
    }
    if (/^\s*(import|export)\s/.test(line)) continue;
    line = line.replace(/\{\/\*[\s\S]*?\*\/\}/g, '').replace(/<!--[\s\S]*?-->/g, '');
    const open = line.indexOf('{/*');
    if (open >= 0) {
      line = line.slice(0, open);
      inComment = true;
    }
    if (/<Steps\b/.test(line)) stepNumber = 0;
    // Tags in inline code are text (`<Note>` in a sentence about callouts); a heading ends any callout left open.
    const tags = line.replace(/`[^`]*`/g, '');
    const heading = /^#{1,6}\s/.test(line);
    if (heading) aside = 0;
    const opened = [...tags.matchAll(CALLOUT_OPEN)].filter((m) => m[1] !== '/').length;
    const quoted = !heading && (aside > 0 || opened > 0);
    aside = Math.max(0, aside + opened - (tags.match(CALLOUT_CLOSE)?.length ?? 0));
    line = line.replace(/<([A-Z][\w.]*)\b((?:[^<>"'{}]|"[^"]*"|'[^']*'|\{[^{}]*\})*?)\/?>/g, (_m, tag: string, attrs: string) =>
      tagText(tag, attributes(attrs), step),
    );
    line = line.replace(/<\/?[A-Za-z][\w.:-]*(\s[^<>]*)?\/?>/g, ' ').replace(/\{[^{}]*\}/g, ' ');
    for (const part of line.split('\n')) {
      const text = part
        .replace(/[ \t]{2,}/g, ' ')
        .trimEnd()
        .replace(/^ (?=\S)/, '');
      out.push(quoted && text.trim() ? `> ${text.trimStart()}` : text);
    }
  }
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function typeLabel(schema: Schema | undefined, seen = new Set<Schema>()): string {
  if (!schema || seen.has(schema)) return '';
  seen.add(schema);
  const t = schema.type;
  let label = Array.isArray(t) ? t.filter((x) => x !== 'null').join(' | ') : typeof t === 'string' ? t : '';
  if (label === 'array') {
    const items = typeLabel(schema.items as Schema | undefined, seen);
    label = items ? `${items}[]` : 'array';
  }
  if (!label && Array.isArray(schema.enum)) label = 'enum';
  if (!label && (schema.oneOf || schema.anyOf)) label = 'one of';
  if (!label && schema.properties) label = 'object';
  if (typeof schema.format === 'string') label += label ? ` (${schema.format})` : schema.format;
  return label;
}

/** Properties of an object schema (allOf members merged), cycle-safe. */
function properties(schema: Schema | undefined, seen = new Set<Schema>()): Array<[string, Schema, boolean]> {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const out: Array<[string, Schema, boolean]> = [];
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const props = schema.properties as Record<string, Schema> | undefined;
  if (props && typeof props === 'object') {
    for (const [name, s] of Object.entries(props)) out.push([name, s, required.has(name)]);
  }
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf as Schema[]) out.push(...properties(part, seen));
  if (out.length === 0 && schema.type === 'array') out.push(...properties(schema.items as Schema | undefined, seen));
  return out;
}

function fieldLines(schema: Schema | undefined, prefix = '', depth = 0, seen = new Set<Schema>()): string[] {
  if (!schema || depth > 2 || seen.has(schema)) return [];
  seen.add(schema);
  const lines: string[] = [];
  for (const [name, s, req] of properties(schema).slice(0, 60)) {
    const bits = [typeLabel(s), req ? 'required' : ''].filter(Boolean).join(', ');
    const desc = typeof s.description === 'string' ? ` — ${oneLine(s.description)}` : '';
    const enumVals = Array.isArray(s.enum)
      ? ` One of: ${(s.enum as unknown[])
          .slice(0, 12)
          .map((v) => `\`${String(v)}\``)
          .join(', ')}.`
      : '';
    lines.push(`- \`${prefix}${name}\`${bits ? ` (${bits})` : ''}${desc}${enumVals}`);
    lines.push(...fieldLines(s, `${prefix}${name}.`, depth + 1, seen));
  }
  return lines;
}

function oneLine(text: string): string {
  return mdxToText(text).replace(/\s+/g, ' ').trim().slice(0, 400);
}

/** Markdown describing an operation: method + path, description, parameters, body fields, responses. */
export function operationMarkdown(op: Operation): string {
  const parts: string[] = [];
  const method = op.kind === 'webhook' ? `WEBHOOK ${op.path}` : `${op.method.toUpperCase()} ${op.path}`;
  parts.push(`\`${method}\``);
  if (op.summary) parts.push(op.summary);
  if (op.description) parts.push(mdxToText(op.description));
  if (op.deprecated) parts.push('This endpoint is deprecated.');
  if (op.parameters.length > 0) {
    parts.push('## Parameters');
    parts.push(
      op.parameters
        .map((p) => {
          const bits = [p.in, typeLabel(p.schema), p.required ? 'required' : ''].filter(Boolean).join(', ');
          return `- \`${p.name}\` (${bits})${p.description ? ` — ${oneLine(p.description)}` : ''}`;
        })
        .join('\n'),
    );
  }
  const body = op.requestBody;
  if (body && body.content.length > 0) {
    parts.push('## Request body');
    const media = body.content[0]!;
    const head = `Content type \`${media.mediaType}\`${body.required ? ' (required)' : ''}.${body.description ? ' ' + oneLine(body.description) : ''}`;
    parts.push([head, ...fieldLines(media.schema)].join('\n'));
  }
  if (op.responses.length > 0) {
    parts.push('## Responses');
    parts.push(
      op.responses
        .map((r) => {
          const media = r.content[0];
          const fields = media ? fieldLines(media.schema).slice(0, 30) : [];
          const head = `- \`${r.status}\`${r.description ? ` — ${oneLine(r.description)}` : ''}${media ? ` (\`${media.mediaType}\`)` : ''}`;
          return [head, ...fields.map((l) => '  ' + l)].join('\n');
        })
        .join('\n'),
    );
  }
  return parts.join('\n\n');
}

function channelMarkdown(ch: Channel): string {
  const parts: string[] = [`Channel \`${ch.address ?? ch.id}\``];
  if (ch.description) parts.push(mdxToText(ch.description));
  const messages = (title: string, list: typeof ch.send) => {
    if (list.length === 0) return;
    parts.push(`## ${title}`);
    for (const m of list) {
      parts.push(
        [`- \`${m.name ?? m.id}\`${m.summary ? ` — ${oneLine(m.summary)}` : ''}`, ...fieldLines(m.payload).map((l) => '  ' + l)].join('\n'),
      );
    }
  };
  messages('Messages you send', ch.send);
  messages('Messages you receive', ch.receive);
  return parts.join('\n\n');
}

function findOperation(spec: ApiDocument, method: string, path: string): Operation | undefined {
  return spec.operations.find((op) =>
    method === 'webhook' ? op.kind === 'webhook' && op.path === path : op.method === method && op.path === path,
  );
}

/** Locale codes of Mintlify's `languages` navigation; a first path segment among them names the page's language. */
const LOCALES = new Set(
  'en cn zh zh-hans zh-hant zh-cn zh-tw es fr fr-ca ja jp ko de pt pt-br it ru ar tr hi sv nl pl uk vi ro cs he lv uz'.split(' '),
);

export interface DocumentsOptions {
  /** The site's docs.json (as loaded): `seo.indexing: "all"` keeps hidden pages in the assistant's context. */
  config?: { seo?: { indexing?: string } };
}

interface NavFacts {
  /** Slugs listed in the navigation somewhere not hidden (or hidden but `searchable`). */
  visible: Set<string>;
  /** Languages of the `languages` divisions; the default first. */
  languages: string[];
}

function navFacts(plan: SitePlan): NavFacts {
  const visible = new Set<string>();
  const languages: string[] = [];
  let defaultLanguage: string | undefined;
  const walk = (items: NavItem[], hidden: boolean) => {
    for (const item of items) {
      if (item.type === 'page') {
        if (!hidden) visible.add(item.slug);
      } else if (item.type === 'group') {
        // `searchable: true` keeps a hidden group's pages (a hidden group below it without it excludes them again).
        const h = item.searchable === true ? false : hidden || item.hidden === true;
        if (item.root && !h) visible.add(item.root);
        walk(item.children, h);
      } else if (item.type !== 'link') {
        if (item.type === 'language') {
          languages.push(item.label);
          if (item.default === true && defaultLanguage === undefined) defaultLanguage = item.label;
        }
        const h = item.extra.searchable === true ? false : hidden || item.hidden === true;
        walk(item.children, h);
      }
    }
  };
  walk(plan.navigation, false);
  if (defaultLanguage) {
    languages.splice(languages.indexOf(defaultLanguage), 1);
    languages.unshift(defaultLanguage);
  }
  return { visible, languages };
}

/** The site's default language: the `languages` division with `default: true`, else the first one. */
export function siteDefaultLanguage(plan: SitePlan): string | undefined {
  return navFacts(plan).languages[0];
}

function keywordsOf(frontmatter: Record<string, unknown>): string[] {
  const k = frontmatter.keywords;
  if (Array.isArray(k)) return k.filter((x): x is string => typeof x === 'string');
  if (typeof k === 'string')
    return k
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  return [];
}

/**
 * One assistant document per page of the plan that the assistant may quote (see the top of this file), with its
 * language (from the navigation, or the `/es/…` path prefix), keywords and, for endpoint pages, the operation.
 */
export function documentsFromPlan(plan: SitePlan, options: DocumentsOptions = {}): AssistantDocument[] {
  const nav = navFacts(plan);
  const indexAll = options.config?.seo?.indexing === 'all';
  const languages = new Set(nav.languages.map((l) => l.toLowerCase()));
  const docs: AssistantDocument[] = [];
  for (const page of plan.pages) {
    if (isRestricted(page)) continue;
    const fm = page.frontmatter ?? {};
    if (fm.noindex === true || fm.searchable === false) continue;
    // Navigation-less plans (a plan built by hand) have nothing to hide pages by.
    const hidden = page.hidden || (plan.navigation.length > 0 && !nav.visible.has(page.slug));
    if (hidden && !(indexAll && fm.hidden !== true)) continue;
    const intro = page.body ? mdxToText(page.body) : '';
    let reference = '';
    let operation: AssistantDocument['operation'];
    if (page.kind === 'operation') {
      const spec = plan.specs[page.spec];
      const op = spec && spec.kind === 'openapi' ? findOperation(spec, page.method, page.path) : undefined;
      reference = op ? operationMarkdown(op) : `\`${page.method.toUpperCase()} ${page.path}\``;
      operation = { method: page.method.toUpperCase(), path: page.path };
      if (op?.operationId) operation.operationId = op.operationId;
      if (op?.tags.length) operation.tags = op.tags;
    } else if (page.kind === 'endpoint') {
      reference = `\`${page.endpoint.method.toUpperCase()} ${page.endpoint.path}\``;
      operation = { method: page.endpoint.method.toUpperCase(), path: page.endpoint.path };
    } else if (page.kind === 'channel') {
      const spec = plan.specs[page.spec] as AsyncDocument | undefined;
      const ch = spec?.kind === 'asyncapi' ? spec.channels.find((c) => c.id === page.channel) : undefined;
      if (ch) reference = channelMarkdown(ch);
    } else if (page.kind === 'schema') {
      const spec = plan.specs[page.spec];
      const schema = spec?.kind === 'openapi' ? spec.schemas[page.schema] : undefined;
      if (schema) {
        const desc = typeof schema.description === 'string' ? mdxToText(schema.description) : '';
        reference = [`Schema \`${page.schema}\``, desc, '## Properties', ...fieldLines(schema)].filter(Boolean).join('\n\n');
      }
    }
    const markdown = [intro, reference].filter((s) => s.trim() !== '').join('\n\n');
    const doc: AssistantDocument = { path: normalisePagePath(page.slug), title: page.title, markdown };
    if (page.description) doc.description = page.description;
    if (page.version) doc.version = page.version;
    const prefix = page.slug.split('/')[0]!.toLowerCase();
    const language = page.language ?? (languages.has(prefix) || LOCALES.has(prefix) ? prefix : undefined);
    if (language) doc.language = language;
    const keywords = keywordsOf(fm);
    if (page.sidebarTitle && page.sidebarTitle !== page.title) keywords.push(page.sidebarTitle);
    if (keywords.length > 0) doc.keywords = keywords;
    if (operation) doc.operation = operation;
    docs.push(doc);
  }
  return docs;
}
