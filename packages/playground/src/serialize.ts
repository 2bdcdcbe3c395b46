/**
 * OpenAPI parameter serialisation (`style` / `explode` / `allowReserved`), exactly as the style examples
 * table of OpenAPI 3.1 (RFC 6570 semantics). Pure functions, no DOM.
 *
 * Values: `undefined` = not sent. Primitives are strings/numbers/booleans (`false` and `0` ARE sent),
 * `null` serialises like an empty string, arrays of primitives, objects of primitives.
 */

export type ParamValue = unknown;

type Kind = 'undefined' | 'primitive' | 'array' | 'object';

function kindOf(value: unknown): Kind {
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'array';
  if (value !== null && typeof value === 'object') return 'object';
  return 'primitive';
}

function str(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;

/** Percent-encode everything but RFC 3986 unreserved (and, with `allowReserved`, reserved) characters. */
export function encode(value: string, allowReserved = false): string {
  let out = '';
  for (const ch of value) {
    if (UNRESERVED.test(ch) || (allowReserved && RESERVED.test(ch))) out += ch;
    else if (allowReserved && ch === '%') out += ch;
    else {
      for (const byte of new TextEncoder().encode(ch)) out += '%' + byte.toString(16).toUpperCase().padStart(2, '0');
    }
  }
  return out;
}

function entries(value: object): Array<[string, unknown]> {
  return Object.entries(value).filter(([, v]) => v !== undefined);
}

// Path -----------------------------------------------------------------------------------------

/** The text that replaces `{name}` in a path template (`simple`, `label`, `matrix`). */
export function serializePath(name: string, value: ParamValue, style = 'simple', explode = false): string {
  const kind = kindOf(value);
  if (kind === 'undefined') return '';
  const e = (v: unknown) => encode(str(v));
  if (style === 'label') {
    if (kind === 'primitive') return '.' + e(value);
    if (kind === 'array') return '.' + (value as unknown[]).map(e).join(explode ? '.' : ',');
    const pairs = entries(value as object);
    return '.' + (explode ? pairs.map(([k, v]) => `${e(k)}=${e(v)}`).join('.') : pairs.map(([k, v]) => `${e(k)},${e(v)}`).join(','));
  }
  if (style === 'matrix') {
    const n = encode(name);
    if (kind === 'primitive') return str(value) === '' ? `;${n}` : `;${n}=${e(value)}`;
    if (kind === 'array') {
      const items = value as unknown[];
      return explode ? items.map((v) => `;${n}=${e(v)}`).join('') : `;${n}=${items.map(e).join(',')}`;
    }
    const pairs = entries(value as object);
    return explode ? pairs.map(([k, v]) => `;${e(k)}=${e(v)}`).join('') : `;${n}=${pairs.map(([k, v]) => `${e(k)},${e(v)}`).join(',')}`;
  }
  // simple
  if (kind === 'primitive') return e(value);
  if (kind === 'array') return (value as unknown[]).map(e).join(',');
  const pairs = entries(value as object);
  return explode ? pairs.map(([k, v]) => `${e(k)}=${e(v)}`).join(',') : pairs.map(([k, v]) => `${e(k)},${e(v)}`).join(',');
}

/** Fill a path template; unknown placeholders are left as they are. */
export function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (whole, name: string) => (name in values ? values[name]! : whole));
}

// Query ----------------------------------------------------------------------------------------

/**
 * `name=value` pairs already percent-encoded and joined by `&` (`''` when nothing is sent).
 * Styles: form (default), spaceDelimited, pipeDelimited, deepObject.
 */
export function serializeQuery(name: string, value: ParamValue, style = 'form', explode = style === 'form', allowReserved = false): string {
  const kind = kindOf(value);
  if (kind === 'undefined') return '';
  const n = encode(name, allowReserved);
  const e = (v: unknown) => encode(str(v), allowReserved);
  if (style === 'deepObject') {
    if (kind === 'object') {
      return entries(value as object)
        .map(([k, v]) => `${n}[${encode(k, allowReserved)}]=${e(v)}`)
        .join('&');
    }
    // Not defined for primitives/arrays: fall back to form.
    return serializeQuery(name, value, 'form', true, allowReserved);
  }
  if ((style === 'spaceDelimited' || style === 'pipeDelimited') && kind !== 'primitive' && !explode) {
    const sep = style === 'spaceDelimited' ? '%20' : '|';
    const parts =
      kind === 'array' ? (value as unknown[]).map(e) : entries(value as object).flatMap(([k, v]) => [encode(k, allowReserved), e(v)]);
    return `${n}=${parts.join(sep)}`;
  }
  // form (and exploded space/pipe-delimited, which are defined as form explode)
  if (kind === 'primitive') return `${n}=${e(value)}`;
  if (kind === 'array') {
    const items = value as unknown[];
    if (explode) return items.map((v) => `${n}=${e(v)}`).join('&');
    return `${n}=${items.map(e).join(',')}`;
  }
  const pairs = entries(value as object);
  if (explode) return pairs.map(([k, v]) => `${encode(k, allowReserved)}=${e(v)}`).join('&');
  return `${n}=${pairs.map(([k, v]) => `${encode(k, allowReserved)},${e(v)}`).join(',')}`;
}

/** Append serialised query parts to a URL (keeps an existing query string). */
export function appendQuery(url: string, parts: string[]): string {
  const q = parts.filter((p) => p !== '').join('&');
  if (!q) return url;
  const hash = url.indexOf('#');
  const base = hash >= 0 ? url.slice(0, hash) : url;
  const frag = hash >= 0 ? url.slice(hash) : '';
  return base + (base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?') + q + frag;
}

// Header ---------------------------------------------------------------------------------------

/** Header value, `simple` style (no percent-encoding). `undefined` when nothing is sent. */
export function serializeHeader(value: ParamValue, explode = false): string | undefined {
  const kind = kindOf(value);
  if (kind === 'undefined') return undefined;
  if (kind === 'primitive') return str(value);
  if (kind === 'array') return (value as unknown[]).map(str).join(',');
  const pairs = entries(value as object);
  return explode ? pairs.map(([k, v]) => `${k}=${str(v)}`).join(',') : pairs.map(([k, v]) => `${k},${str(v)}`).join(',');
}

// Cookie ---------------------------------------------------------------------------------------

/**
 * Cookie pairs (`form` style), joined by `; ` as in a `Cookie` header. Exploded arrays/objects become
 * several cookies (the form table's `&` separator is `; ` in a Cookie header).
 */
export function serializeCookie(name: string, value: ParamValue, explode = true): string {
  const kind = kindOf(value);
  if (kind === 'undefined') return '';
  const e = (v: unknown) => encode(str(v));
  if (kind === 'primitive') return `${name}=${e(value)}`;
  if (kind === 'array') {
    const items = value as unknown[];
    return explode ? items.map((v) => `${name}=${e(v)}`).join('; ') : `${name}=${items.map(e).join(',')}`;
  }
  const pairs = entries(value as object);
  return explode ? pairs.map(([k, v]) => `${k}=${e(v)}`).join('; ') : `${name}=${pairs.map(([k, v]) => `${k},${e(v)}`).join(',')}`;
}
