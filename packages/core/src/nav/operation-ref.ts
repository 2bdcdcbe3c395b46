/**
 * Operation strings in navigation `pages` and `openapi:` frontmatter:
 * `METHOD /path`, `file METHOD /path`, `webhook name`, `file webhook name` (reference §1.6).
 */
import { HTTP_METHODS, type ApiDocument, type Operation } from '../model.ts';

export interface OperationRef {
  file?: string;
  /** Lowercase HTTP method, or `webhook`. */
  method: string;
  /** Path, or webhook name. */
  path: string;
}

const STANDARD = new Set<string>(HTTP_METHODS);

/** Parse an operation string; `undefined` when the string is a page path instead. */
export function parseOperationRef(value: string): OperationRef | undefined {
  const tokens = value.trim().split(/\s+/);
  if (tokens.length < 2 || tokens.length > 3) return undefined;
  const [a, b, c] = tokens as [string, string, string | undefined];
  const [file, method, target] = c === undefined ? [undefined, a, b] : [a, b, c];
  const lower = method.toLowerCase();
  if (lower === 'webhook') return { ...(file ? { file } : {}), method: 'webhook', path: target };
  if (STANDARD.has(lower)) {
    if (!target.startsWith('/')) return undefined;
    return { ...(file ? { file } : {}), method: lower, path: target };
  }
  // OAS 3.2 custom methods must match exactly (uppercase token, path starting with `/`).
  if (/^[A-Z][A-Z-]*$/.test(method) && target.startsWith('/')) return { ...(file ? { file } : {}), method, path: target };
  return undefined;
}

function canonicalPath(p: string): string {
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

export type FindResult = { operation: Operation } | { error: 'path' | 'method' | 'webhook'; available: string[] };

/** Find the operation in one document; exact path key wins, then trailing-slash-insensitive. */
export function findOperation(doc: ApiDocument, ref: OperationRef): FindResult {
  if (ref.method === 'webhook') {
    const hook = doc.operations.find((op) => op.kind === 'webhook' && op.path === ref.path);
    if (hook) return { operation: hook };
    return { error: 'webhook', available: doc.operations.filter((op) => op.kind === 'webhook').map((op) => op.path) };
  }
  const ops = doc.operations.filter((op) => op.kind === 'operation');
  let onPath = ops.filter((op) => op.path === ref.path);
  if (!onPath.length) onPath = ops.filter((op) => canonicalPath(op.path) === canonicalPath(ref.path));
  if (!onPath.length) return { error: 'path', available: [...new Set(ops.map((op) => op.path))] };
  const match = onPath.find((op) => op.method === ref.method || op.method.toLowerCase() === ref.method.toLowerCase());
  if (match) return { operation: match };
  return { error: 'method', available: onPath.map((op) => op.method.toUpperCase()) };
}

/**
 * Pick the spec a file token names (reference §2.2): exact normalised path, then a path containing the token,
 * then exact filename, then filename containing the token. `undefined` when nothing matches.
 */
export function matchSpecFile<T extends { source: string }>(candidates: readonly T[], token: string): T | undefined {
  const norm = token.replace(/\\/g, '/').replace(/^\.?\//, '');
  const base = (s: string) => s.split('/').pop() ?? s;
  return (
    candidates.find((c) => c.source === norm) ??
    candidates.find((c) => c.source.includes(norm)) ??
    candidates.find((c) => base(c.source) === base(norm)) ??
    candidates.find((c) => base(c.source).includes(base(norm)))
  );
}

export function formatOperationRef(ref: OperationRef): string {
  return `${ref.file ? `${ref.file} ` : ''}${ref.method === 'webhook' ? 'webhook' : ref.method.toUpperCase()} ${ref.path}`;
}
