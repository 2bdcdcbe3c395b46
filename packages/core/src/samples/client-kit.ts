/**
 * What Lectern's own httpsnippet clients (in ./languages/) share: reading httpsnippet's prepared request (headers,
 * body kind, JSON body) and writing string and object literals.
 */
import type { Request } from 'httpsnippet';
import { quoted, hexEscape } from './quote.ts';
import { BINARY_MARKER, type HarParam } from './har.ts';

type Headers = Array<[string, string]>;

export function headerList(req: Request, opts: { dropContentType?: boolean } = {}): Headers {
  const out: Headers = [];
  for (const [name, value] of Object.entries(req.allHeaders)) {
    if (opts.dropContentType && name.toLowerCase() === 'content-type') continue;
    out.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
  }
  return out;
}

export function contentType(req: Request): string | undefined {
  for (const [name, value] of Object.entries(req.allHeaders)) {
    if (name.toLowerCase() === 'content-type') return Array.isArray(value) ? value[0] : String(value);
  }
  return undefined;
}

export function isBinary(req: Request): boolean {
  return req.postData?.comment === BINARY_MARKER;
}

export function isMultipart(req: Request): boolean {
  return (req.postData?.mimeType ?? '').startsWith('multipart/');
}

export function isForm(req: Request): boolean {
  return req.postData?.mimeType === 'application/x-www-form-urlencoded';
}

export function jsonBody(req: Request): unknown {
  if (req.postData?.mimeType !== 'application/json' || !req.postData.text) return undefined;
  try {
    return JSON.parse(req.postData.text) as unknown;
  } catch {
    return undefined;
  }
}

/** Form fields repeat a name (exploded arrays): map/hashtable literals cannot hold them, send the encoded text. */
export function repeatedFormNames(req: Request): boolean {
  const names = ((req.postData?.params ?? []) as HarParam[]).map((p) => p.name);
  return new Set(names).size !== names.length;
}

export function hasBody(req: Request): boolean {
  return Boolean(req.postData && (req.postData.text || (req.postData.params && req.postData.params.length)));
}

/** Double-quoted string literal with C-family escapes (valid in TS/JS, C++, C#, Java, Kotlin, Go). */
export function dq(s: string): string {
  return quoted(s, hexEscape);
}

/** Single-quoted JS/TS literal. */
export function sqJs(s: string): string {
  return `'${s
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}'`;
}

export function jsKey(k: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : sqJs(k);
}

/** JS/TS object literal (pretty, 2-space). */
export function jsLiteral(v: unknown, indent: string): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return sqJs(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  if (typeof v === 'boolean') return String(v);
  const inner = `${indent}  `;
  if (Array.isArray(v)) {
    if (!v.length) return '[]';
    return `[\n${v.map((x) => inner + jsLiteral(x, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(v as Record<string, unknown>);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([k, x]) => `${inner}${jsKey(k)}: ${jsLiteral(x, inner)}`).join(',\n')}\n${indent}}`;
}
