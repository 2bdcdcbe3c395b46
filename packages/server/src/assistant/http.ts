/** HTTP details of the assistant endpoint: CORS, JSON errors, RFC 6750 challenges, bounded body reading. */
import type { FieldIssue } from './schema.ts';

export interface RequestInfo {
  /** The peer address, as the server saw it. */
  clientIp?: string;
}

export const CORS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  'Access-Control-Expose-Headers':
    'X-Thread-Id, X-Thread-Key, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Deprecation, Link',
  'Access-Control-Max-Age': '86400',
  Vary: 'Origin',
};

export const REALM = 'realm="lectern-assistant"';

export interface ErrorSpec {
  status: number;
  code: string;
  message: string;
  issues?: FieldIssue[];
  headers?: Record<string, string>;
}

export function errorResponse(e: ErrorSpec, extra: Record<string, string> = {}): Response {
  const body: { error: { code: string; message: string; issues?: FieldIssue[] } } = {
    error: { code: e.code, message: e.message },
  };
  if (e.issues) body.error.issues = e.issues;
  return new Response(JSON.stringify(body), {
    status: e.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...CORS, ...extra, ...e.headers },
  });
}

export function bearer(error?: string, description?: string): Record<string, string> {
  let value = `Bearer ${REALM}`;
  if (error) value += `, error="${error}"`;
  if (description) value += `, error_description="${description.replace(/["\\]/g, '')}"`;
  return { 'WWW-Authenticate': value };
}

export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const media = value.split(';')[0]!.trim().toLowerCase();
  if (media !== 'application/json' && !/^application\/[\w.+-]+\+json$/.test(media)) return false;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(value)?.[1]?.toLowerCase();
  return charset === undefined || charset === 'utf-8' || charset === 'utf8';
}

/** Read at most `limit` bytes; `undefined` when the body is larger (reading stops there). */
export async function readLimited(request: Request, limit: number): Promise<Uint8Array | undefined> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.byteLength;
  }
  return out;
}

/** The client address for the per-IP limit. */
export function clientIp(request: Request, info: RequestInfo | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    // The last entry is the one your own proxy appended; earlier ones are whatever the client sent.
    const fwd = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (fwd) return fwd;
  }
  return info?.clientIp ?? 'unknown';
}
