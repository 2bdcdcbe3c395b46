/**
 * Pure request building: form state -> URL, headers, body; proxy payload; cURL. No DOM beyond the
 * web-standard Blob / FormData / Response (available in browsers and Node 22).
 */
import type {
  JsonSchema,
  PlaygroundMediaType,
  PlaygroundParameter,
  PlaygroundScheme,
  PlaygroundSecurityAlternative,
  PlaygroundServer,
  PlaygroundProps,
} from './types.ts';
import type { ProxyRequest } from '@lectern/core/contract';
import { appendQuery, fillPath, serializeCookie, serializeHeader, serializePath, serializeQuery } from './serialize.ts';

export interface AuthValue {
  /** Bearer / API key / OAuth token, or the raw value for other http schemes. */
  token?: string;
  user?: string;
  password?: string;
}

export type BodyKind = 'json' | 'form' | 'multipart' | 'text' | 'file';

export interface BodyState {
  mediaType: string;
  /** json: the raw editor text (what is sent). */
  text?: string;
  /** form / multipart: field values (Blob for files). */
  fields?: Record<string, unknown>;
  /** file: the chosen file. */
  file?: Blob;
}

export interface RequestState {
  server: number;
  /** Effective server variable values (defaults already applied). */
  serverVars: Record<string, string>;
  /** Parameter values by `paramKey(p)`; `undefined` = not sent. */
  params: Record<string, unknown>;
  /** Index into `props.security`, or -1 for none. */
  security: number;
  auth: Record<string, AuthValue>;
  body?: BodyState;
}

export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Blob | FormData;
  /** Query parameters of `url` that carry credentials (API keys in the query). */
  credentialQuery?: string[];
}

/** `ok` when nothing is missing or invalid; `request` is always built (for the cURL preview). */
export interface BuildResult {
  ok: boolean;
  request: BuiltRequest;
  /** Field id (`param:query:name`, `body`, `body:prop`) -> message. */
  errors: Record<string, string>;
}

export function paramKey(p: Pick<PlaygroundParameter, 'in' | 'name'>): string {
  return `${p.in}:${p.name}`;
}

export function bodyKind(mediaType: string): BodyKind {
  const m = mediaType.toLowerCase().split(';')[0]!.trim();
  if (m === 'application/json' || m.endsWith('+json') || m.endsWith('/json')) return 'json';
  if (m === 'application/x-www-form-urlencoded') return 'form';
  if (m.startsWith('multipart/')) return 'multipart';
  if (m.startsWith('text/') || m.endsWith('+xml') || m.endsWith('/xml') || m === 'application/yaml' || m === 'application/x-yaml')
    return 'text';
  return 'file';
}

/** True when a schema describes file content (binary string / binary content media type). */
export function isFileSchema(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  if (schema.type === 'file') return true;
  if (schema.format === 'binary' || schema.format === 'base64') return true;
  const cmt = typeof schema.contentMediaType === 'string' ? schema.contentMediaType.split(';')[0]!.trim().toLowerCase() : '';
  if (!cmt || schema.contentEncoding) return false;
  return (
    /^(image|audio|video)\//.test(cmt) ||
    [
      'application/octet-stream',
      'application/pdf',
      'application/zip',
      'application/gzip',
      'application/x-gzip',
      'application/x-zip-compressed',
      'application/x-tar',
      'application/x-7z-compressed',
      'application/vnd.rar',
      'application/x-rar-compressed',
    ].includes(cmt)
  );
}

/** Fill `{var}` placeholders of a server URL; resolve a relative URL against `origin`. */
export function serverUrl(server: PlaygroundServer | undefined, vars: Record<string, string>, origin = ''): string {
  if (!server) return origin;
  const url = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => vars[name] ?? server.variables[name]?.default ?? whole);
  return /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : origin + (url.startsWith('/') ? url : '/' + url);
}

export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + (path.startsWith('/') ? path : '/' + path);
}

function utf8Base64(text: string): string {
  return bytesToBase64(new TextEncoder().encode(text));
}

export function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

const isEmpty = (v: unknown) => v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

function authHeader(scheme: PlaygroundScheme, value: AuthValue): string | undefined {
  if (scheme.type === 'http' && scheme.scheme === 'basic') {
    if (!value.user && !value.password) return undefined;
    return 'Basic ' + utf8Base64(`${value.user ?? ''}:${value.password ?? ''}`);
  }
  const token = value.token?.trim();
  if (!token) return undefined;
  if (scheme.type === 'http' && scheme.scheme && scheme.scheme !== 'bearer') {
    return `${scheme.scheme[0]!.toUpperCase()}${scheme.scheme.slice(1)} ${token}`;
  }
  return /^bearer\s/i.test(token) ? token : `Bearer ${token}`;
}

/** Where each scheme of an alternative puts its value. */
export function applyAuth(
  alt: PlaygroundSecurityAlternative | undefined,
  auth: Record<string, AuthValue>,
  target: { headers: Record<string, string>; query: string[]; cookies: string[]; credentialQuery?: string[] },
): void {
  if (!alt) return;
  for (const scheme of alt.schemes) {
    const value = auth[scheme.key] ?? (scheme.xDefault ? { token: scheme.xDefault } : {});
    if (scheme.type === 'apiKey') {
      const token = value.token;
      if (!token || !scheme.name) continue;
      if (scheme.in === 'query') {
        target.query.push(serializeQuery(scheme.name, token));
        target.credentialQuery?.push(scheme.name);
      } else if (scheme.in === 'cookie') target.cookies.push(serializeCookie(scheme.name, token));
      else target.headers[scheme.name] = token;
    } else if (scheme.type !== 'mutualTLS') {
      const header = authHeader(scheme, value);
      if (header) target.headers.Authorization = header;
    }
  }
}

function jsonFieldErrors(schema: JsonSchema | undefined, value: unknown, errors: Record<string, string>, prefix: string): void {
  if (!schema || !Array.isArray(schema.required) || !value || typeof value !== 'object' || Array.isArray(value)) return;
  for (const name of schema.required) {
    if (typeof name === 'string' && isEmpty((value as Record<string, unknown>)[name])) errors[`${prefix}${name}`] = 'Required';
  }
}

function formValue(v: unknown): string {
  return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}

/** Build the request; collects every problem (required values, invalid JSON) instead of sending. */
export function buildRequest(
  props: Pick<PlaygroundProps, 'method' | 'path' | 'servers' | 'parameters' | 'body' | 'security'>,
  state: RequestState,
  origin = '',
): BuildResult {
  const errors: Record<string, string> = {};
  const headers: Record<string, string> = {};
  const query: string[] = [];
  const cookies: string[] = [];
  const pathValues: Record<string, string> = {};

  for (const p of props.parameters) {
    const key = paramKey(p);
    const raw = state.params[key];
    // `content` parameters (e.g. application/json) are one serialised value, not styled.
    const value = p.contentType && raw !== undefined && /json/i.test(p.contentType) && typeof raw !== 'string' ? JSON.stringify(raw) : raw;
    if (isEmpty(value)) {
      if (p.required) errors[`param:${key}`] = 'Required';
      if (value === undefined || p.in === 'path' || (Array.isArray(value) && value.length === 0)) continue;
    }
    if (p.in === 'path') pathValues[p.name] = serializePath(p.name, value, p.style, p.explode);
    else if (p.in === 'query') query.push(serializeQuery(p.name, value, p.style, p.explode, p.allowReserved));
    else if (p.in === 'header') {
      const h = serializeHeader(value, p.explode);
      if (h !== undefined) headers[p.name] = h;
    } else cookies.push(serializeCookie(p.name, value, p.explode));
  }

  const credentialQuery: string[] = [];
  applyAuth(props.security[state.security], state.auth, { headers, query, cookies, credentialQuery });

  let body: BuiltRequest['body'];
  const media = state.body && props.body?.content.find((m) => m.mediaType === state.body!.mediaType);
  if (props.body && state.body && media) {
    const built = buildBody(media, state.body, props.body.required, errors);
    if (built !== undefined) {
      body = built;
      if (!(built instanceof FormData)) headers['Content-Type'] = contentTypeFor(media.mediaType, built);
    }
  }

  if (cookies.length) headers.Cookie = cookies.filter(Boolean).join('; ');
  const base = serverUrl(props.servers[state.server], state.serverVars, origin);
  const url = appendQuery(joinUrl(base, fillPath(props.path, pathValues)), query);
  const request: BuiltRequest = { method: props.method.toUpperCase(), url, headers };
  if (body !== undefined) request.body = body;
  if (credentialQuery.length) request.credentialQuery = credentialQuery;
  return { ok: Object.keys(errors).length === 0, request, errors };
}

function contentTypeFor(mediaType: string, body: string | Blob): string {
  if (body instanceof Blob && (mediaType.includes('*') || !mediaType)) return body.type || 'application/octet-stream';
  return mediaType.includes('*') ? 'application/octet-stream' : mediaType;
}

function buildBody(
  media: PlaygroundMediaType,
  state: BodyState,
  required: boolean,
  errors: Record<string, string>,
): string | Blob | FormData | undefined {
  const kind = bodyKind(media.mediaType);
  if (kind === 'json') {
    const text = state.text ?? '';
    if (!text.trim()) {
      if (required) errors.body = 'A request body is required';
      return undefined;
    }
    try {
      const value: unknown = JSON.parse(text);
      jsonFieldErrors(media.schema, value, errors, 'body:');
    } catch (e) {
      errors.body = `Invalid JSON: ${(e as Error).message}`;
    }
    return text;
  }
  if (kind === 'text') {
    const text = state.text ?? '';
    if (!text && required) {
      errors.body = 'A request body is required';
      return undefined;
    }
    return text || undefined;
  }
  if (kind === 'file') {
    if (!state.file) {
      if (required) errors.body = 'Choose a file to send';
      return undefined;
    }
    return state.file;
  }
  const fields = state.fields ?? {};
  jsonFieldErrors(media.schema, fields, errors, 'body:');
  const entries: Array<[string, unknown]> = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) entries.push([name, item]);
    else entries.push([name, value]);
  }
  if (kind === 'form') {
    if (!entries.length && !required) return undefined;
    return entries.map(([k, v]) => `${encodeForm(k)}=${encodeForm(formValue(v))}`).join('&');
  }
  if (!entries.length && !required) return undefined;
  const fd = new FormData();
  for (const [k, v] of entries) {
    if (v instanceof Blob) fd.append(k, v, (v as File).name || 'blob');
    else {
      const ct = media.encoding?.[k]?.contentType;
      if (ct && typeof v === 'object' && v !== null) fd.append(k, new Blob([JSON.stringify(v)], { type: ct }));
      else fd.append(k, formValue(v));
    }
  }
  return fd;
}

/** application/x-www-form-urlencoded encoding (spaces as `+`). */
function encodeForm(s: string): string {
  return encodeURIComponent(s).replace(/%20/g, '+');
}

/** The `ProxyRequest` JSON for the Lectern proxy: text body as `body`, anything binary as `bodyBase64`. */
export async function toProxyRequest(req: BuiltRequest): Promise<ProxyRequest> {
  const out: ProxyRequest = { method: req.method, url: req.url, headers: { ...req.headers } };
  if (req.credentialQuery?.length) out.credentialQuery = [...req.credentialQuery];
  if (typeof req.body === 'string') out.body = req.body;
  else if (req.body instanceof FormData) {
    const encoded = new Response(req.body);
    out.headers!['Content-Type'] = encoded.headers.get('content-type') ?? 'multipart/form-data';
    out.bodyBase64 = bytesToBase64(new Uint8Array(await encoded.arrayBuffer()));
  } else if (req.body instanceof Blob) {
    out.bodyBase64 = bytesToBase64(new Uint8Array(await req.body.arrayBuffer()));
  }
  return out;
}

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A small cURL command for the current form. */
export function toCurl(req: BuiltRequest): string {
  const lines = [`curl --request ${req.method}`, `--url ${q(req.url)}`];
  for (const [k, v] of Object.entries(req.headers)) lines.push(`--header ${q(`${k}: ${v}`)}`);
  const body = req.body;
  if (typeof body === 'string') {
    let text = body;
    try {
      if (/json/i.test(req.headers['Content-Type'] ?? '')) text = JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      /* keep */
    }
    lines.push(`--data ${q(text)}`);
  } else if (body instanceof FormData) {
    body.forEach((v, k) => lines.push(`--form ${q(typeof v === 'string' ? `${k}=${v}` : `${k}=@${(v as File).name || 'file'}`)}`));
  } else if (body instanceof Blob) {
    lines.push(`--data-binary ${q(`@${(body as File).name || 'file'}`)}`);
  }
  return lines.join(' \\\n  ');
}
