/**
 * One request description (a HAR request, as httpsnippet consumes it) per operation: every language's
 * sample is generated from it, so they all show the same request.
 *
 * - URL: the operation's first effective server with variables set to their defaults; no server -> the
 *   path alone. Path parameters keep their `{name}` template unless the parameter has an explicit example.
 * - Parameters: query/header/cookie by `style`/`explode`; `defaults: 'required'` drops optional ones.
 * - Auth: the first security alternative, as placeholders (`Bearer <token>`, `Basic <encoded-value>`,
 *   `<api-key>`), never a real value; ordinary parameters with the same name are dropped.
 * - Body: the first media type of the request body: JSON, form, multipart (file parts), binary, text.
 */
import type { MediaTypeObject, Operation, Parameter, Schema, SecurityRequirement } from '../model.ts';
import { exampleFromSchema, explicitExample, STRING_FORMAT_PLACEHOLDERS } from './example.ts';

export interface HarNameValue {
  name: string;
  value: string;
}
export interface HarParam {
  name: string;
  value?: string;
  fileName?: string;
  contentType?: string;
}
export interface HarRequestLike {
  method: string;
  url: string;
  httpVersion: string;
  headers: HarNameValue[];
  queryString: HarNameValue[];
  cookies: HarNameValue[];
  headersSize: number;
  bodySize: number;
  postData?: { mimeType: string; text?: string; params?: HarParam[]; comment?: string };
}

export type BodyKind = 'none' | 'json' | 'form' | 'multipart' | 'binary' | 'text';

export interface HarBuild {
  har: HarRequestLike;
  bodyKind: BodyKind;
  /** The request media type as written in the spec (`application/vnd.api+json`, …). */
  mediaType?: string;
  /**
   * Tokens standing in the HAR URL for text that URL encoding must not touch (`{owner}` path templates,
   * the `<api-key>` query placeholder, the placeholder origin used when there is no server). Replace each
   * token by its text in generated code.
   */
  tokens: Array<[token: string, text: string]>;
}

export interface HarOptions {
  /** Leave out optional parameters and optional body properties. */
  requiredOnly?: boolean;
}

/** File name used for file parts and raw binary bodies. */
export const FILE_PLACEHOLDER = 'example-file';
/** HAR `postData.comment` marking a raw binary body (its text is a placeholder). */
export const BINARY_MARKER = 'lectern:binary-file';
export const BINARY_TEXT_PLACEHOLDER = '<binary file contents>';
/** Origin used in the HAR when the operation has no server (httpsnippet needs absolute URLs); removed after generation. */
const NO_SERVER_ORIGIN = 'https://lectern-no-server.invalid';

const BINARY_TYPES =
  /^(image|audio|video)\/|^application\/(octet-stream|pdf|zip|gzip|x-gzip|x-zip-compressed|x-tar|x-7z-compressed|vnd\.rar|x-rar-compressed)$/;

function baseMediaType(mt: string): string {
  return mt.split(';')[0]!.trim().toLowerCase();
}

export function isJsonMediaType(mt: string): boolean {
  const b = baseMediaType(mt);
  return b === 'application/json' || b.endsWith('+json') || b === 'text/json' || b === 'application/x-json' || b === '*/*';
}

/** A schema describing file content (reference §3.5 file detection). */
export function isFileSchema(schema: Schema | undefined): boolean {
  if (!schema) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('file')) return true;
  if (types.includes('string') && (schema.format === 'binary' || schema.format === 'base64')) return true;
  if (typeof schema.contentMediaType === 'string' && BINARY_TYPES.test(baseMediaType(schema.contentMediaType))) {
    return schema.contentEncoding === undefined || (schema.contentEncoding !== 'base64' && schema.contentEncoding !== 'base64url');
  }
  return false;
}

export function bodyKindOf(media: MediaTypeObject): BodyKind {
  const b = baseMediaType(media.mediaType);
  if (b === 'application/x-www-form-urlencoded') return 'form';
  if (b.startsWith('multipart/')) return 'multipart';
  if (isJsonMediaType(b)) return 'json';
  if (BINARY_TYPES.test(b) || isFileSchema(media.schema)) return 'binary';
  if (!media.schema && media.examples.length === 0 && !b.startsWith('text/') && !b.includes('xml')) return 'binary';
  return 'text';
}

/** Server URL of the first server with its variables filled with their defaults; `undefined` when none. */
export function serverUrl(op: Pick<Operation, 'servers'>): string | undefined {
  const server = op.servers[0];
  if (!server) return undefined;
  return server.url.replace(/\{([^}]+)\}/g, (m, name: string) => server.variables[name]?.default ?? m);
}

function scalarString(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v) ?? '';
}

/** Example value of a parameter: its examples, then the schema generator. */
function parameterValue(p: Parameter, requiredOnly: boolean): unknown {
  const named = p.examples.find((e) => e.value !== undefined);
  if (named) return named.value;
  const schema = p.schema ?? p.content?.schema;
  if (p.content && p.content.examples[0]?.value !== undefined) return p.content.examples[0].value;
  if (!schema) return '<string>';
  return exampleFromSchema(schema, { mode: 'request', requiredOnly });
}

/** The value the author wrote for a path parameter, if any (else the `{name}` template stays). */
function explicitParameterValue(p: Parameter): { value: unknown } | undefined {
  const named = p.examples.find((e) => e.value !== undefined);
  if (named) return { value: named.value };
  const schema = p.schema;
  if (!schema) return undefined;
  const explicit = explicitExample(schema);
  if (explicit) return explicit;
  if (Array.isArray(schema.enum) && schema.enum.length) return { value: schema.enum[0] };
  return undefined;
}

/** name/value pairs of a query or cookie parameter per its style/explode. */
function serializePairs(p: Parameter, value: unknown): HarNameValue[] {
  if (p.content) return [{ name: p.name, value: scalarString(value) }];
  if (Array.isArray(value)) {
    if (p.explode && (p.style === 'form' || p.style === 'deepObject')) return value.map((v) => ({ name: p.name, value: scalarString(v) }));
    const sep = p.style === 'spaceDelimited' ? ' ' : p.style === 'pipeDelimited' ? '|' : ',';
    return [{ name: p.name, value: value.map(scalarString).join(sep) }];
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (p.style === 'deepObject') return entries.map(([k, v]) => ({ name: `${p.name}[${k}]`, value: scalarString(v) }));
    if (p.explode) return entries.map(([k, v]) => ({ name: k, value: scalarString(v) }));
    return [{ name: p.name, value: entries.flatMap(([k, v]) => [k, scalarString(v)]).join(',') }];
  }
  return [{ name: p.name, value: scalarString(value) }];
}

function simpleString(value: unknown, explode: boolean): string {
  if (Array.isArray(value)) return value.map(scalarString).join(',');
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => (explode ? `${k}=${scalarString(v)}` : `${k},${scalarString(v)}`))
      .join(',');
  }
  return scalarString(value);
}

interface AuthParts {
  headers: HarNameValue[];
  query: HarNameValue[];
  cookies: HarNameValue[];
}

/** Placeholder credentials for the first security alternative. Never a real value (not even `x-default`). */
export function authPlaceholders(security: SecurityRequirement[]): AuthParts {
  const out: AuthParts = { headers: [], query: [], cookies: [] };
  const first = security[0];
  if (!first) return out;
  for (const { scheme } of first.schemes) {
    if (scheme.type === 'http') {
      const s = (scheme.scheme ?? '').toLowerCase();
      if (s === 'basic') out.headers.push({ name: 'Authorization', value: 'Basic <encoded-value>' });
      else if (s === 'bearer') out.headers.push({ name: 'Authorization', value: 'Bearer <token>' });
      else if (s) out.headers.push({ name: 'Authorization', value: `${scheme.scheme} <credentials>` });
    } else if (scheme.type === 'oauth2') {
      out.headers.push({ name: 'Authorization', value: 'Bearer <token>' });
    } else if (scheme.type === 'apiKey' && scheme.name) {
      const pair = { name: scheme.name, value: '<api-key>' };
      if (scheme.in === 'query') out.query.push(pair);
      else if (scheme.in === 'cookie') out.cookies.push(pair);
      else out.headers.push(pair);
    }
  }
  // One Authorization header even when two schemes of one alternative both want it.
  const seen = new Set<string>();
  out.headers = out.headers.filter((h) => {
    const k = h.name.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return out;
}

function bodyValue(media: MediaTypeObject, requiredOnly: boolean): unknown {
  const named = media.examples.find((e) => e.value !== undefined);
  if (named) return named.value;
  if (!media.schema) return undefined;
  return exampleFromSchema(media.schema, { mode: 'request', requiredOnly });
}

/** `name[a][b]=v` pairs of a deepObject-encoded value (arrays as `name[]`). */
function deepPairs(prefix: string, value: unknown, out: HarParam[]): void {
  if (Array.isArray(value)) {
    for (const item of value) deepPairs(`${prefix}[]`, item, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) deepPairs(`${prefix}[${k}]`, v, out);
  } else {
    out.push({ name: prefix, value: scalarString(value) });
  }
}

/**
 * Form/multipart fields of a body value. Form fields honour the media type's `encoding` (`style`:
 * `deepObject` -> `a[b]=c`, `form` exploded -> one field per key); without an encoding entry, nested objects
 * are sent as JSON text (what most servers expect and what the playground sends).
 */
function formParams(media: MediaTypeObject, value: unknown, multipart: boolean): HarParam[] {
  const params: HarParam[] = [];
  const props = (media.schema?.properties ?? {}) as Record<string, Schema>;
  const entries = value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value as Record<string, unknown>) : [];
  for (const [name, v] of entries) {
    const prop = props[name];
    const itemSchema = prop && typeof prop.items === 'object' ? (prop.items as Schema) : undefined;
    const encoding = media.encoding?.[name];
    const contentType = encoding?.contentType;
    if (multipart && (isFileSchema(prop) || (Array.isArray(v) && isFileSchema(itemSchema)))) {
      params.push({
        name,
        fileName: FILE_PLACEHOLDER,
        ...(contentType && !contentType.includes('*') && !contentType.includes(',') ? { contentType } : {}),
      });
      continue;
    }
    if (!multipart && encoding?.style === 'deepObject') {
      deepPairs(name, v, params);
      continue;
    }
    if (!multipart && encoding && v && typeof v === 'object' && !Array.isArray(v)) {
      const explode = encoding.explode ?? (encoding.style === undefined || encoding.style === 'form');
      const pairs = Object.entries(v as Record<string, unknown>);
      if (explode) for (const [k, x] of pairs) params.push({ name: k, value: scalarString(x) });
      else params.push({ name, value: pairs.flatMap(([k, x]) => [k, scalarString(x)]).join(',') });
      continue;
    }
    if (Array.isArray(v) && !multipart) {
      const explode = encoding?.explode ?? true;
      if (explode) for (const item of v) params.push({ name, value: scalarString(item) });
      else
        params.push({
          name,
          value: v.map(scalarString).join(encoding?.style === 'spaceDelimited' ? ' ' : encoding?.style === 'pipeDelimited' ? '|' : ','),
        });
      continue;
    }
    params.push({ name, value: scalarString(v) });
  }
  return params;
}

let tokenCounter = 0;

const QUERY_PLACEHOLDERS = new Set(['<string>', '<any>']);

/** Build the HAR request for an operation. Pure apart from token numbering (tokens are unique per build). */
export function harFromOperation(op: Operation, options: HarOptions = {}): HarBuild {
  const requiredOnly = options.requiredOnly === true;
  const tokens: Array<[string, string]> = [];
  const token = (text: string): string => {
    const t = `LECTERNTOKEN${(tokenCounter++).toString(36)}X`;
    tokens.push([t, text]);
    return t;
  };
  const auth = authPlaceholders(op.security);
  const authHeaderNames = new Set(auth.headers.map((h) => h.name.toLowerCase()));
  const authQueryNames = new Set(auth.query.map((h) => h.name));
  const authCookieNames = new Set(auth.cookies.map((h) => h.name));

  if (op.kind === 'webhook') return webhookHar(op, requiredOnly, tokens);
  const base = serverUrl(op);
  let origin = base ?? NO_SERVER_ORIGIN;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(origin)) {
    // Relative server URL (`/api/v3`): keep it as written, in front of the path.
    tokens.push(['https://lectern-relative-server.invalid', '']);
    origin = `https://lectern-relative-server.invalid${origin.startsWith('/') ? '' : '/'}${origin}`;
  }
  if (!base) tokens.push([NO_SERVER_ORIGIN, '']);

  const headers: HarNameValue[] = [];
  const queryString: HarNameValue[] = [];
  const cookies: HarNameValue[] = [];
  const pathValues = new Map<string, string>();

  for (const p of op.parameters) {
    if (p.in === 'path') {
      const explicit = explicitParameterValue(p);
      pathValues.set(p.name, explicit ? encodeURIComponent(simpleString(explicit.value, p.explode)) : token(`{${p.name}}`));
      continue;
    }
    if (requiredOnly && !p.required) continue;
    if (p.in === 'header') {
      const lower = p.name.toLowerCase();
      if (lower === 'accept' || lower === 'content-type' || lower === 'authorization' || authHeaderNames.has(lower)) continue;
      headers.push({ name: p.name, value: simpleString(parameterValue(p, requiredOnly), p.explode) });
    } else if (p.in === 'query') {
      if (authQueryNames.has(p.name)) continue;
      queryString.push(...serializePairs(p, parameterValue(p, requiredOnly)));
    } else if (p.in === 'cookie') {
      if (authCookieNames.has(p.name)) continue;
      cookies.push(...serializePairs(p, parameterValue(p, requiredOnly)));
    }
  }
  for (const q of auth.query) queryString.push({ name: q.name, value: token(q.value) });
  // Generated placeholders stay readable in URLs (`?q=<string>`, not `?q=%3Cstring%3E`).
  for (const q of queryString) if (QUERY_PLACEHOLDERS.has(q.value)) q.value = token(q.value);
  headers.unshift(...auth.headers);

  const path = op.path
    .replace(/\{([^}]+)\}/g, (m, name: string) => pathValues.get(name) ?? token(m))
    // Characters a URL cannot carry (`"`, spaces, …) are percent-encoded, as a client would send them.
    .replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]/gu, (c) => encodeURIComponent(c));
  const url = origin.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);

  const body = bodyParts(op, requiredOnly);
  if (body.contentType) headers.push({ name: 'Content-Type', value: body.contentType });

  if (cookies.length || auth.cookies.length) {
    // A Cookie header rather than HAR cookies: httpsnippet would percent-encode the placeholders.
    const all = [...auth.cookies, ...cookies];
    headers.push({ name: 'Cookie', value: all.map((c) => `${c.name}=${c.value}`).join('; ') });
  }

  const har: HarRequestLike = {
    method: op.method.toUpperCase(),
    url,
    httpVersion: 'HTTP/1.1',
    headers,
    queryString,
    cookies: [],
    headersSize: -1,
    bodySize: -1,
    ...(body.postData ? { postData: body.postData } : {}),
  };
  return { har, bodyKind: body.bodyKind, ...(body.mediaType ? { mediaType: body.mediaType } : {}), tokens };
}

/** URL shown for webhook samples: the request goes to the reader's own endpoint. */
export const WEBHOOK_URL = 'https://example.com/webhook';

/** A webhook sample: the provider's POST (auth placeholders, header parameters, body) to the reader's URL. */
function webhookHar(op: Operation, requiredOnly: boolean, tokens: Array<[string, string]>): HarBuild {
  const auth = authPlaceholders(op.security);
  const headers: HarNameValue[] = [...auth.headers];
  const names = new Set(auth.headers.map((h) => h.name.toLowerCase()));
  for (const p of op.parameters) {
    if (
      p.in !== 'header' ||
      (requiredOnly && !p.required) ||
      names.has(p.name.toLowerCase()) ||
      /^(accept|content-type|authorization)$/i.test(p.name)
    )
      continue;
    headers.push({ name: p.name, value: simpleString(parameterValue(p, requiredOnly), p.explode) });
  }
  const body = bodyParts(op, requiredOnly);
  if (body.contentType) headers.push({ name: 'Content-Type', value: body.contentType });
  const har: HarRequestLike = {
    method: op.method.toUpperCase(),
    url: WEBHOOK_URL,
    httpVersion: 'HTTP/1.1',
    headers,
    queryString: [],
    cookies: [],
    headersSize: -1,
    bodySize: -1,
    ...(body.postData ? { postData: body.postData } : {}),
  };
  return { har, bodyKind: body.bodyKind, ...(body.mediaType ? { mediaType: body.mediaType } : {}), tokens };
}

function bodyParts(
  op: Operation,
  requiredOnly: boolean,
): { bodyKind: BodyKind; mediaType?: string; contentType?: string; postData?: HarRequestLike['postData'] } {
  let bodyKind: BodyKind = 'none';
  let mediaType: string | undefined;
  let postData: HarRequestLike['postData'];
  let contentType: string | undefined;
  const media = op.requestBody?.content[0];
  if (media) {
    mediaType = media.mediaType;
    bodyKind = bodyKindOf(media);
    const value = bodyKind === 'binary' ? undefined : bodyValue(media, requiredOnly);
    contentType = bodyKind === 'multipart' ? 'multipart/form-data' : media.mediaType;
    switch (bodyKind) {
      case 'json':
        postData = { mimeType: 'application/json', text: JSON.stringify(value === undefined ? {} : value, null, 2) };
        break;
      case 'form':
        postData = { mimeType: 'application/x-www-form-urlencoded', params: formParams(media, value, false) };
        break;
      case 'multipart':
        postData = { mimeType: 'multipart/form-data', params: formParams(media, value, true) };
        break;
      case 'binary':
        postData = { mimeType: baseMediaType(media.mediaType), text: BINARY_TEXT_PLACEHOLDER, comment: BINARY_MARKER };
        break;
      case 'text': {
        const format = typeof media.schema?.format === 'string' ? media.schema.format : '';
        const text =
          value === undefined
            ? (STRING_FORMAT_PLACEHOLDERS[format] ?? '<string>')
            : typeof value === 'string'
              ? value
              : JSON.stringify(value, null, 2);
        postData = { mimeType: baseMediaType(media.mediaType), text };
        break;
      }
    }
  }
  return { bodyKind, ...(mediaType ? { mediaType } : {}), ...(contentType ? { contentType } : {}), ...(postData ? { postData } : {}) };
}

/** Replace the build's tokens in generated code by the text they stand for. */
export function restoreTokens(code: string, tokens: HarBuild['tokens']): string {
  let out = code;
  for (const [t, text] of tokens) if (out.includes(t)) out = out.split(t).join(text);
  return out;
}
