/**
 * What the fixes of the language modules (./languages/) share: escaping the request a client reads, finding the
 * lines of the inlined multipart body a client wrote, replacing literals and string bodies of its output.
 */
import type { Request } from 'httpsnippet';
import { hexEscape, quoted } from './quote.ts';

/** Double-quoted C-family literal (C, Go, PHP, Kotlin); `unicode`: control characters as `\uXXXX` (C#). */
export function cLit(s: string, unicode = false): string {
  return quoted(s, unicode ? (c) => `\\u${c.toString(16).padStart(4, '0')}` : hexEscape);
}

/** Escaper of string-literal bodies: backslash, `\n` `\r` `\t`, other control characters as `\xHH` or `\u{H}`. */
export function controlEscape(style: 'x' | 'u{}'): (s: string) => string {
  return (s) =>
    s.replace(/\\/g, '\\\\').replace(/[\u0000-\u001f\u007f]/g, (c) => {
      if (c === '\n') return '\\n';
      if (c === '\r') return '\\r';
      if (c === '\t') return '\\t';
      const hex = c.charCodeAt(0).toString(16);
      return style === 'x' ? `\\x${hex.padStart(2, '0')}` : `\\u{${hex}}`;
    });
}

function mapJson(value: unknown, str: (s: string) => string, key: (s: string) => string, nul?: unknown): unknown {
  if (typeof value === 'string') return str(value);
  if (value === null) return nul === undefined ? null : nul;
  if (Array.isArray(value)) return value.map((v) => mapJson(v, str, key, nul));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[key(k)] = mapJson(v, str, key, nul);
    return out;
  }
  return value;
}

/**
 * Pre-escapes the parsed JSON body for clients whose literal printers only escape `"` in strings and nothing in
 * keys (the python and rust clients).
 */
export function escapeJsonBody(req: Request, style: 'x' | 'u{}'): void {
  if (!req.postData?.jsonObj) return;
  const e = controlEscape(style);
  req.postData.jsonObj = mapJson(req.postData.jsonObj, e, (k) => e(k).replace(/"/g, '\\"')) as never;
}

/**
 * Apply `fix` to the body of every double-quoted literal of PHP/Ruby code (single-quoted literals are
 * skipped), e.g. to escape `$` (PHP) or `#{` (Ruby) that would interpolate.
 */
export function fixDoubleQuoted(code: string, fix: (body: string) => string): string {
  let out = '';
  let i = 0;
  while (i < code.length) {
    const ch = code[i]!;
    if (ch !== '"' && ch !== "'") {
      out += ch;
      i++;
      continue;
    }
    let j = i + 1;
    while (j < code.length && code[j] !== ch) j += code[j] === '\\' ? 2 : 1;
    const body = code.slice(i + 1, j);
    out += ch + (ch === '"' ? fix(body) : body) + (j < code.length ? ch : '');
    i = j + 1;
  }
  return out;
}

/** The boundary httpsnippet uses for multipart bodies. */
export const BOUNDARY = '---011000010111000001101001';

/** The whole line containing `needle`. */
export const lineWith = (needle: string): RegExp => new RegExp(`^.*${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*$`, 'm');
/** `code` without the first line matching `re` (a `lineWith` pattern). */
export const dropLine = (code: string, re: RegExp): string => code.replace(new RegExp(`${re.source}\\n?`, 'm'), '');

/** The line of a client's output holding the inlined multipart body. */
export const MULTIPART_BODY_LINE = lineWith(`-----${BOUNDARY.slice(3)}`);
/** The line of a client's output setting the multipart Content-Type with httpsnippet's boundary. */
export const MULTIPART_HEADER_LINE = lineWith(`boundary=${BOUNDARY}`);

/** Every occurrence of `search` (a literal as the client prints it) replaced by `replace`. */
export function replaceLiteral(code: string, search: string, replace: string): string {
  return code.includes(search) ? code.split(search).join(replace) : code;
}
