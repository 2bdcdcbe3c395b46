/**
 * Turning a `SitePlan` into assistant documents: guide pages (MDX with JSX stripped to text) and generated
 * reference pages (method + path, description, parameters, body fields, responses).
 *
 * Pages restricted to reader groups (`groups` without `public: true`) are left out: the assistant answers anyone
 * holding the site's public key, so it must not quote restricted pages.
 */
import type { ApiDocument, AsyncDocument, Channel, Operation, Page, Schema, SitePlan } from '@lectern/core';
import { normalisePagePath, type AssistantDocument } from './retrieval.ts';

/** MDX body to plain markdown: imports/exports, comments, JSX tags and expressions removed (code fences kept). */
export function mdxToText(mdx: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  let inComment = false;
  for (const raw of mdx.replace(/\r\n?/g, '\n').split('\n')) {
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
    // Titles of components (<Card title="…">, <Step title="…">, <Accordion title="…">) are content too.
    line = line.replace(/<([A-Z][\w.]*)\b([^<>]*?)\/?>/g, (_m, _tag: string, attrs: string) => {
      const t = /\b(?:title|label)\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(attrs);
      return t ? ` ${t[1] ?? t[2]} ` : ' ';
    });
    line = line.replace(/<\/?[A-Za-z][\w.:-]*(\s[^<>]*)?\/?>/g, ' ').replace(/\{[^{}]*\}/g, ' ');
    out.push(line.replace(/[ \t]{2,}/g, ' ').trimEnd().replace(/^ (?=\S)/, ''));
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
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
    const enumVals = Array.isArray(s.enum) ? ` One of: ${(s.enum as unknown[]).slice(0, 12).map((v) => `\`${String(v)}\``).join(', ')}.` : '';
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
      parts.push([`- \`${m.name ?? m.id}\`${m.summary ? ` — ${oneLine(m.summary)}` : ''}`, ...fieldLines(m.payload).map((l) => '  ' + l)].join('\n'));
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

function isRestricted(page: Page): boolean {
  return Array.isArray(page.groups) && page.groups.length > 0 && page.public !== true;
}

/** One assistant document per page of the plan (restricted pages left out). */
export function documentsFromPlan(plan: SitePlan): AssistantDocument[] {
  const docs: AssistantDocument[] = [];
  for (const page of plan.pages) {
    if (isRestricted(page)) continue;
    const intro = page.body ? mdxToText(page.body) : '';
    let reference = '';
    if (page.kind === 'operation') {
      const spec = plan.specs[page.spec];
      const op = spec && spec.kind === 'openapi' ? findOperation(spec, page.method, page.path) : undefined;
      reference = op ? operationMarkdown(op) : `\`${page.method.toUpperCase()} ${page.path}\``;
    } else if (page.kind === 'endpoint') {
      reference = `\`${page.endpoint.method.toUpperCase()} ${page.endpoint.path}\``;
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
    if (page.language) doc.language = page.language;
    docs.push(doc);
  }
  return docs;
}
