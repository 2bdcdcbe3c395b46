/**
 * API blocks in a page's MDX body: `<RequestExample>` / `<ResponseExample>` code blocks and `<ParamField>`
 * specs, plus the `Operation`-compatible object of a manual `api:` page built from them.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import type {
  Diagnostic,
  ManualEndpoint,
  Operation,
  Parameter,
  ParameterLocation,
  Schema,
  SecurityRequirement,
  SecurityScheme,
} from '../model.ts';

export interface CodeBlock {
  /** Info-string language (` ```bash Request ` -> `bash`); `""` when none. */
  lang: string;
  /** Text after the language (` ```bash Request ` -> `Request`; `title="…"` also understood). */
  title?: string;
  code: string;
}

export type ParamFieldLocation = 'query' | 'path' | 'body' | 'header' | 'cookie';

export interface ParamFieldSpec {
  in: ParamFieldLocation;
  name: string;
  /** As written: `string`, `number`, `integer`, `boolean`, `object`, `array`, `string[]`, free text. */
  type?: string;
  required: boolean;
  deprecated: boolean;
  default?: unknown;
  placeholder?: string;
  /** Markdown of the children. */
  description?: string;
  /** 1-based line of the tag in the MDX body. */
  line?: number;
}

export interface ApiBlocks {
  requestExamples: CodeBlock[];
  responseExamples: CodeBlock[];
  paramFields: ParamFieldSpec[];
  diagnostics: Diagnostic[];
}

/** An `Operation` built from `api:` frontmatter and `<ParamField>`s; usable wherever an `Operation` is. */
export type ManualOperation = Operation & { manual: ManualEndpoint };

interface MdNode {
  type: string;
  name?: string | null;
  lang?: string | null;
  meta?: string | null;
  value?: unknown;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  children?: MdNode[];
  position?: { start: { line: number; column: number; offset?: number }; end: { line: number; column: number; offset?: number } };
}

const LOCATIONS: readonly ParamFieldLocation[] = ['query', 'path', 'body', 'header', 'cookie'];

function parseTitle(meta: string | null | undefined): string | undefined {
  if (!meta) return undefined;
  const quoted = /\btitle=(?:"([^"]*)"|'([^']*)')/.exec(meta);
  if (quoted) return quoted[1] ?? quoted[2];
  const plain = meta
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b[\w-]+=(?:"[^"]*"|'[^']*'|\S+)/g, '')
    .trim();
  return plain || undefined;
}

function collectCode(node: MdNode, out: CodeBlock[]): void {
  if (node.type === 'code') {
    const title = parseTitle(node.meta);
    out.push({ lang: node.lang ?? '', ...(title ? { title } : {}), code: typeof node.value === 'string' ? node.value : '' });
    return;
  }
  for (const child of node.children ?? []) collectCode(child, out);
}

/** Attribute values: bare (`required`) -> true, strings as written, `{expr}` -> JSON value when it parses, else its text. */
function attributes(node: MdNode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of node.attributes ?? []) {
    if (a.type !== 'mdxJsxAttribute' || !a.name) continue;
    const v = a.value;
    if (v === null || v === undefined) out[a.name] = true;
    else if (typeof v === 'string') out[a.name] = v;
    else if (typeof v === 'object' && typeof (v as { value?: unknown }).value === 'string') {
      const text = (v as { value: string }).value.trim();
      try {
        out[a.name] = JSON.parse(text) as unknown;
      } catch {
        out[a.name] = text.replace(/^(['"`])(.*)\1$/s, '$2');
      }
    }
  }
  return out;
}

function truthy(v: unknown): boolean {
  return v === true || v === 'true';
}

/**
 * Extract `<RequestExample>` / `<ResponseExample>` code blocks and `<ParamField>` specs from an MDX body
 * (or a whole MDX file: YAML frontmatter is skipped and lines stay file lines).
 * A body that does not parse yields a `mdx/parse-error` diagnostic (with line/column) and no blocks.
 */
export function extractApiBlocks(mdxBody: string, file = ''): ApiBlocks {
  const result: ApiBlocks = { requestExamples: [], responseExamples: [], paramFields: [], diagnostics: [] };
  // A whole file (with YAML frontmatter) is accepted too: the frontmatter is blanked out line for line, so
  // reported lines stay file lines.
  const fm = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(mdxBody);
  const source = fm ? fm[0].replace(/[^\n]/g, '') + mdxBody.slice(fm[0].length) : mdxBody;
  let tree: MdNode;
  try {
    tree = unified().use(remarkParse).use(remarkMdx).parse(source) as unknown as MdNode;
  } catch (error) {
    const e = error as {
      reason?: string;
      message?: string;
      line?: number;
      column?: number;
      place?: { line?: number; column?: number; start?: { line: number; column: number } };
    };
    const at = /\((\d+):(\d+)(?:-\d+:\d+)?\)\s*$/.exec(e.reason ?? '');
    const line = e.line ?? e.place?.line ?? e.place?.start?.line ?? (at ? Number(at[1]) : undefined);
    const column = e.column ?? e.place?.column ?? e.place?.start?.column ?? (at ? Number(at[2]) : undefined);
    result.diagnostics.push({
      severity: 'error',
      code: 'mdx/parse-error',
      file,
      ...(typeof line === 'number' ? { line } : {}),
      ...(typeof column === 'number' ? { column } : {}),
      message: `MDX could not be parsed: ${e.reason ?? e.message ?? String(error)}`,
      hint: 'Close every JSX tag, escape `{`/`<` in prose as `\\{`/`&lt;`, and keep code blocks fenced.',
    });
    return result;
  }
  const walk = (node: MdNode): void => {
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      if (node.name === 'RequestExample' || node.name === 'ResponseExample') {
        const blocks: CodeBlock[] = [];
        for (const child of node.children ?? []) collectCode(child, blocks);
        (node.name === 'RequestExample' ? result.requestExamples : result.responseExamples).push(...blocks);
        return;
      }
      if (node.name === 'ParamField') {
        const spec = paramField(node, source, file, result.diagnostics);
        if (spec) result.paramFields.push(spec);
      }
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(tree);
  return result;
}

function paramField(node: MdNode, source: string, file: string, diagnostics: Diagnostic[]): ParamFieldSpec | undefined {
  const attrs = attributes(node);
  const line = node.position?.start.line;
  const location = LOCATIONS.find((l) => typeof attrs[l] === 'string' && (attrs[l] as string).trim() !== '');
  if (!location) {
    diagnostics.push({
      severity: 'error',
      code: 'mdx/param-field-location',
      file,
      ...(line ? { line } : {}),
      message: '<ParamField> has no location attribute with a parameter name.',
      hint: 'Write one of query="name", path="name", body="name", header="name" (or cookie="name").',
    });
    return undefined;
  }
  const children = node.children ?? [];
  const first = children[0]?.position?.start.offset;
  const last = children[children.length - 1]?.position?.end.offset;
  const description = first !== undefined && last !== undefined ? source.slice(first, last).trim() : undefined;
  return {
    in: location,
    name: (attrs[location] as string).trim(),
    ...(typeof attrs.type === 'string' ? { type: attrs.type } : {}),
    required: truthy(attrs.required),
    deprecated: truthy(attrs.deprecated),
    ...(attrs.default !== undefined ? { default: attrs.default } : {}),
    ...(typeof attrs.placeholder === 'string' ? { placeholder: attrs.placeholder } : {}),
    ...(description ? { description } : {}),
    ...(line ? { line } : {}),
  };
}

/** JSON Schema for a ParamField `type` (`string[]` -> array of string; free text -> string). */
export function schemaFromParamType(type: string | undefined): Schema {
  const t = (type ?? 'string').trim();
  if (t.endsWith('[]')) return { type: 'array', items: schemaFromParamType(t.slice(0, -2)) };
  const lower = t.toLowerCase();
  if (['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'].includes(lower)) return { type: lower };
  if (lower === 'int' || lower === 'long') return { type: 'integer' };
  if (lower === 'float' || lower === 'double') return { type: 'number' };
  if (lower === 'bool') return { type: 'boolean' };
  if (lower === 'file') return { type: 'string', format: 'binary' };
  return { type: 'string' };
}

function schemeFor(endpoint: ManualEndpoint): SecurityScheme | undefined {
  switch (endpoint.authMethod) {
    case 'bearer':
      return { key: 'bearer', type: 'http', scheme: 'bearer' };
    case 'basic':
      return { key: 'basic', type: 'http', scheme: 'basic' };
    case 'key':
      return { key: 'key', type: 'apiKey', in: 'header', name: endpoint.authName || 'Key' };
    case 'cobo':
      return {
        key: 'cobo',
        type: 'apiKey',
        in: 'header',
        name: 'API-SECRET',
        ...(endpoint.authName ? { description: endpoint.authName } : {}),
      };
    default:
      return undefined;
  }
}

/**
 * The `Operation`-compatible object of a manual `api:` page: method/path/servers from the frontmatter,
 * parameters and a JSON body from `<ParamField>`s, auth from `authMethod` (bearer/basic -> `Authorization`,
 * key -> header `authName` or `Key`, cobo -> `API-SECRET`, none -> no auth). Path placeholders `{name}`
 * without a ParamField become required string path parameters.
 */
export function operationFromManualEndpoint(endpoint: ManualEndpoint, params: readonly ParamFieldSpec[]): ManualOperation {
  const parameters: Parameter[] = [];
  const bodyProps: Record<string, Schema> = {};
  const bodyRequired: string[] = [];
  for (const p of params) {
    const schema: Schema = schemaFromParamType(p.type);
    if (p.default !== undefined) schema.default = p.default;
    if (p.description) schema.description = p.description;
    if (p.deprecated) schema.deprecated = true;
    if (p.in === 'body') {
      bodyProps[p.name] = schema;
      if (p.required) bodyRequired.push(p.name);
      continue;
    }
    const loc: ParameterLocation = p.in;
    const form = loc === 'query' || loc === 'cookie';
    parameters.push({
      name: p.name,
      in: loc,
      required: loc === 'path' || p.required,
      deprecated: p.deprecated,
      ...(p.description ? { description: p.description } : {}),
      schema,
      style: form ? 'form' : 'simple',
      explode: form,
      allowReserved: false,
      allowEmptyValue: false,
      examples: [],
      extensions: {},
    });
  }
  for (const m of endpoint.path.matchAll(/\{([^}]+)\}/g)) {
    const name = m[1]!;
    if (!parameters.some((p) => p.in === 'path' && p.name === name)) {
      parameters.push({
        name,
        in: 'path',
        required: true,
        deprecated: false,
        schema: { type: 'string' },
        style: 'simple',
        explode: false,
        allowReserved: false,
        allowEmptyValue: false,
        examples: [],
        extensions: {},
      });
    }
  }
  const scheme = schemeFor(endpoint);
  const security: SecurityRequirement[] = scheme ? [{ schemes: [{ scheme, scopes: [] }] }] : [];
  const hasBody = Object.keys(bodyProps).length > 0;
  const method = endpoint.method.toLowerCase();
  return {
    kind: 'operation',
    source: '',
    method,
    path: endpoint.path,
    tags: [],
    deprecated: false,
    servers: endpoint.servers,
    parameters,
    ...(hasBody
      ? {
          requestBody: {
            required: bodyRequired.length > 0,
            content: [
              {
                mediaType: 'application/json',
                schema: { type: 'object', properties: bodyProps, ...(bodyRequired.length ? { required: bodyRequired } : {}) },
                examples: [],
              },
            ],
          },
        }
      : {}),
    responses: [],
    security,
    callbacks: [],
    codeSamples: [],
    xMint: { metadata: {}, groups: [] },
    hidden: false,
    excluded: false,
    extensions: {},
    pointer: '',
    manual: endpoint,
  };
}
