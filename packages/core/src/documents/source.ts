/**
 * Where a spec comes from: a repo-relative file (confined to the repo root) or an https URL.
 * Reads the text; every failure is a Diagnostic.
 */
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../model.ts';
import { describeRefusal, refusedRepoFileAsync } from '../publishable.ts';

export interface FetchOptions {
  allowHttp?: boolean;
  fetch?: typeof fetch;
  /** Per request. Default 15 s. */
  timeoutMs?: number;
}

export type SpecLocation = { type: 'file'; id: string; abs: string } | { type: 'url'; id: string; url: URL };

export const DEFAULT_TIMEOUT_MS = 15_000;
/** Larger remote documents are refused (50 MB). */
const MAX_REMOTE_BYTES = 50 * 1024 * 1024;

function error(code: Diagnostic['code'], file: string, message: string, hint?: string): Diagnostic {
  return { severity: 'error', code, file, message, ...(hint ? { hint } : {}) };
}

/** `/specs/a.json` and `specs/a.json` -> `specs/a.json`; `https://…` stays a URL. */
export function locateSource(root: string, source: string, opts: { allowHttp?: boolean } = {}): SpecLocation | Diagnostic {
  const raw = source.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return error('spec/invalid-source', raw, `"${raw}" is not a valid URL.`, 'Use a repo-relative path or an https:// URL.');
    }
    const allowed = url.protocol === 'https:' || (url.protocol === 'http:' && opts.allowHttp === true);
    if (!allowed) {
      return error(
        'spec/insecure-url',
        raw,
        `Spec URL "${raw}" uses ${url.protocol.slice(0, -1)}; only https URLs are fetched.`,
        'Use an https:// URL or a file in the repo.',
      );
    }
    return { type: 'url', id: url.href, url };
  }
  const posix = raw.replace(/\\/g, '/');
  const normalised = path.posix.normalize(posix.replace(/^\/+/, ''));
  if (normalised === '.' || normalised === '' || normalised.startsWith('../') || normalised === '..') {
    return error(
      'spec/outside-root',
      raw,
      `Spec path "${raw}" points outside the docs repo.`,
      'Spec paths are relative to the repo root (a leading "/" is optional).',
    );
  }
  return { type: 'file', id: normalised, abs: path.resolve(root, ...normalised.split('/')) };
}

/** True when `abs` (after resolving symlinks) is inside `root`. */
export async function insideRoot(root: string, abs: string): Promise<boolean> {
  const [realRoot, realFile] = await Promise.all([realpath(root), realpath(abs).catch(() => path.resolve(abs))]);
  const rel = path.relative(realRoot, realFile);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export async function readLocalText(root: string, loc: { id: string; abs: string }): Promise<{ text: string } | Diagnostic> {
  // Where the file really is decides (publishable.ts): never out of the repo, under .git/, a dot-folder or a dotfile.
  const refused = await refusedRepoFileAsync(root, loc.abs);
  if (refused?.why === 'out of the repo') {
    return error('spec/outside-root', loc.id, `Spec path "${loc.id}" resolves outside the docs repo (symlink?).`);
  }
  if (refused) {
    return error(
      'spec/refused-file',
      loc.id,
      `Spec ${describeRefusal(loc.id, refused)}: not read.`,
      'Keep specs where the build may publish them: not under .git/ or another dot-folder, not a dotfile (a symlink is judged by the file it leads to).',
    );
  }
  try {
    return { text: await readFile(loc.abs, 'utf8') };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      return error('spec/not-found', loc.id, `Spec file ${loc.id} does not exist.`, 'Check the path; it is relative to the repo root.');
    if (code === 'EISDIR') return error('spec/not-found', loc.id, `Spec path ${loc.id} is a directory, not a file.`);
    return error('spec/unreadable', loc.id, `Spec file ${loc.id} cannot be read (${code ?? 'unknown error'}).`);
  }
}

const MAX_REDIRECTS = 5;

function allowedUrl(url: URL, opts: FetchOptions): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && opts.allowHttp === true);
}

/**
 * Fetch a remote text with a timeout, https only (http with allowHttp), size-capped, no credentials.
 * Redirects are followed by hand (at most 5) so every hop is checked against the https rule.
 */
export async function fetchText(url: URL, opts: FetchOptions): Promise<{ text: string } | Diagnostic> {
  const id = url.href;
  if (!allowedUrl(url, opts)) {
    return error('spec/insecure-url', id, `Refusing to fetch ${id}: only https URLs are fetched.`, 'Use an https:// URL.');
  }
  const doFetch = opts.fetch ?? globalThis.fetch;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    let current = url;
    let res: Response;
    for (let hop = 0; ; hop++) {
      res = await doFetch(current.href, {
        redirect: 'manual',
        credentials: 'omit',
        headers: { accept: 'application/json, application/yaml, text/yaml, */*;q=0.5' },
        signal,
      });
      const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
      if (!location) break;
      await res.body?.cancel();
      if (hop >= MAX_REDIRECTS) return error('spec/fetch-failed', id, `Failed to fetch spec ${id}: more than ${MAX_REDIRECTS} redirects.`);
      current = new URL(location, current);
      if (!allowedUrl(current, opts)) {
        return error('spec/insecure-url', id, `Spec ${id} redirected to ${current.href}, which is not an https URL.`);
      }
    }
    if (!res.ok) {
      await res.body?.cancel();
      return error(
        'spec/fetch-failed',
        id,
        `Failed to fetch spec ${id}: HTTP ${res.status}.`,
        'The URL must serve the spec without credentials.',
      );
    }
    const length = Number(res.headers.get('content-length') ?? '0');
    if (length > MAX_REMOTE_BYTES) {
      await res.body?.cancel();
      return error('spec/too-large', id, `Spec ${id} is larger than ${MAX_REMOTE_BYTES / 1024 / 1024} MB.`);
    }
    const text = await res.text();
    if (text.length > MAX_REMOTE_BYTES) {
      return error('spec/too-large', id, `Spec ${id} is larger than ${MAX_REMOTE_BYTES / 1024 / 1024} MB.`);
    }
    return { text };
  } catch (e) {
    const name = (e as Error).name;
    const reason = name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${timeoutMs / 1000} s` : describeFetchError(e);
    return error(
      'spec/fetch-failed',
      id,
      `Failed to fetch spec ${id}: ${reason}.`,
      'Check the URL and the network; remote specs are fetched at build time without credentials.',
    );
  }
}

function describeFetchError(e: unknown): string {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  return err.cause?.code ?? err.cause?.message ?? err.message ?? 'network error';
}

export function isDiagnostic(value: unknown): value is Diagnostic {
  return typeof value === 'object' && value !== null && 'severity' in value && 'code' in value && 'message' in value;
}
