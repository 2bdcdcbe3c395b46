/**
 * Static files of a built site (`dist/`): content types, caching (hashed `/_astro/*` immutable, HTML
 * `no-cache`, the rest revalidated by ETag), brotli/gzip for text (precompressed `.br`/`.gz` siblings first,
 * else compressed on the fly and cached in memory), single byte ranges for media, `404.html` for misses. A page's
 * HTML asked for with an `Accept` that prefers `text/markdown` is answered with the page's Markdown copy (`a.md`
 * beside `a/index.html`), `Vary: Accept` on both.
 */
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { prefersMarkdown } from './negotiate.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.mdx': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.rss': 'application/rss+xml; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.yml': 'application/yaml; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
};

export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

function isCompressible(type: string): boolean {
  return /^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json|yaml|wasm)|image\/svg\+xml)/.test(type);
}

export function cacheControlOf(urlPath: string, type: string): string {
  if (urlPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (type.startsWith('text/html')) return 'no-cache';
  return 'public, max-age=0, must-revalidate';
}

export interface StaticFile {
  file: string;
  size: number;
  mtimeMs: number;
}

type StatFn = (file: string) => Promise<{ isFile(): boolean; size: number; mtimeMs: number } | null>;

const plainStat: StatFn = async (file) => {
  try {
    return await stat(file);
  } catch {
    return null;
  }
};

/**
 * A `stat` that remembers answers (found or not) for `ttlMs`: a deployed dist rarely changes, and a rebuilt file
 * is picked up after at most `ttlMs`. Bounded to `max` entries.
 */
function cachedStat(ttlMs: number, max = 20_000): StatFn {
  const entries = new Map<string, { at: number; info: Awaited<ReturnType<StatFn>> }>();
  return async (file) => {
    const now = Date.now();
    const hit = entries.get(file);
    if (hit && now - hit.at < ttlMs) return hit.info;
    const info = await plainStat(file);
    if (entries.size >= max) entries.clear();
    entries.set(file, { at: now, info: info && { isFile: () => info.isFile(), size: info.size, mtimeMs: info.mtimeMs } });
    return info;
  };
}

/** The file under `root` serving `pathname` (`/a` -> `a`, `a.html`, `a/index.html`), or null. */
export async function findFile(root: string, pathname: string, statFile: StatFn = plainStat): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const normal = path.posix.normalize(decoded);
  // Dotfiles and dot-directories are never served, except /.well-known/.
  if (normal.split('/').some((s, i, all) => s.startsWith('.') && !(s === '.well-known' && i === 1 && all.length > 2))) {
    return null;
  }
  // Astro's "directory" build format writes a/index.html, its "file" format a.html: accept both spellings.
  const candidates = normal.endsWith('/')
    ? [`${normal}index.html`, ...(normal.length > 1 ? [`${normal.slice(0, -1)}.html`] : [])]
    : [normal, `${normal}.html`, `${normal}/index.html`];
  for (const candidate of candidates) {
    const file = path.join(root, candidate);
    if (file !== root && !file.startsWith(root + path.sep)) continue;
    const info = await statFile(file);
    if (info?.isFile()) return { file, size: info.size, mtimeMs: info.mtimeMs };
  }
  return null;
}

/** Small LRU of compressed bodies keyed by file + mtime + coding (bounded by total bytes). */
function compressedCache(maxBytes: number) {
  const entries = new Map<string, Buffer>();
  let total = 0;
  return {
    get(key: string): Buffer | undefined {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key: string, value: Buffer) {
      if (value.byteLength > maxBytes / 4) return;
      entries.set(key, value);
      total += value.byteLength;
      for (const [k, v] of entries) {
        if (total <= maxBytes) break;
        entries.delete(k);
        total -= v.byteLength;
      }
    },
  };
}

type Coding = 'br' | 'gzip';

function pickCoding(acceptEncoding: string | null): Coding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (c: string) => (accepted.get(c) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

const COMPRESS_MIN = 1024;
const COMPRESS_IN_MEMORY_MAX = 4 * 1024 * 1024;
/** Files up to this size are kept in memory (uncompressed form) once read. */
const IDENTITY_IN_MEMORY_MAX = 256 * 1024;

export interface StaticServer {
  /** The file serving `pathname` (see `findFile`), never one a symlink leads to outside the root. */
  find(pathname: string): Promise<StaticFile | null>;
  /** The response for `request`, or null when no file matches. */
  serve(request: Request, status?: number): Promise<Response | null>;
  /** Serves `file` (absolute) for `request` with `status`. */
  serveFile(request: Request, found: StaticFile, urlPath: string, status?: number): Promise<Response>;
}

export function createStaticServer(root: string, options: { statTtlMs?: number } = {}): StaticServer {
  const absoluteRoot = path.resolve(root);
  const cache = compressedCache(64 * 1024 * 1024);
  const statFile = cachedStat(options.statTtlMs ?? 1_000);
  let realRoot: Promise<string> | undefined;

  /**
   * `findFile`, then the file a symlink leads to decides: its real path must stay inside the root's (a symlink in
   * dist/ never leads out of it), it must not be a dotfile, and the file returned is the target (under the root),
   * so the caller gates a symlink to a restricted page as the page itself.
   */
  async function find(pathname: string): Promise<StaticFile | null> {
    const found = await findFile(absoluteRoot, pathname, statFile);
    if (!found) return null;
    realRoot ??= realpath(absoluteRoot).catch(() => absoluteRoot);
    const [base, real] = await Promise.all([realRoot, realpath(found.file).catch(() => null)]);
    if (!real || !real.startsWith(base + path.sep)) return null;
    const relative = path.relative(base, real);
    const parts = relative.split(path.sep);
    if (parts.some((s, i) => s.startsWith('.') && !(s === '.well-known' && i === 0 && parts.length > 1))) return null;
    return { ...found, file: path.join(absoluteRoot, relative) };
  }

  async function compressed(found: StaticFile, coding: Coding): Promise<Buffer | null> {
    const key = `${found.file}\0${found.mtimeMs}\0${coding}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const sibling = `${found.file}.${coding === 'br' ? 'br' : 'gz'}`;
    try {
      const info = await stat(sibling);
      if (info.isFile() && info.mtimeMs >= found.mtimeMs) {
        const data = await readFile(sibling);
        cache.set(key, data);
        return data;
      }
    } catch {
      // no precompressed sibling
    }
    if (found.size > COMPRESS_IN_MEMORY_MAX) return null;
    const source = await readFile(found.file);
    const data =
      coding === 'br'
        ? await new Promise<Buffer>((resolve, reject) =>
            zlib.brotliCompress(
              source,
              { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength } },
              (e, out) => (e ? reject(e) : resolve(out)),
            ),
          )
        : await new Promise<Buffer>((resolve, reject) => zlib.gzip(source, { level: 6 }, (e, out) => (e ? reject(e) : resolve(out))));
    cache.set(key, data);
    return data;
  }

  /** The Markdown copy of the page whose HTML is `found` (`a/index.html`, `a.html` -> `a.md`; `index.html` -> `index.md`), or null. */
  async function markdownCopy(found: StaticFile): Promise<StaticFile | null> {
    const rel = path.relative(absoluteRoot, found.file).split(path.sep).join('/');
    const page = /^(?:(.+)\/)?index\.html$/.exec(rel) ?? /^(.+)\.html$/.exec(rel);
    if (!page || rel === '404.html') return null;
    return find(`/${page[1] ?? 'index'}.md`);
  }

  /**
   * `sendFile`, but a page's HTML with a Markdown copy is negotiated (`Accept`): the copy when Markdown is preferred.
   * The caller gated the page already: the copy is the same page (server.ts `slugOfFile`).
   */
  async function serveFile(request: Request, found: StaticFile, urlPath: string, status = 200): Promise<Response> {
    const markdown = status === 200 && contentTypeOf(found.file).startsWith('text/html') ? await markdownCopy(found) : null;
    const response = await sendFile(
      request,
      markdown && prefersMarkdown(request.headers.get('accept')) ? markdown : found,
      urlPath,
      status,
    );
    if (markdown) response.headers.append('Vary', 'Accept');
    return response;
  }

  async function sendFile(request: Request, found: StaticFile, urlPath: string, status = 200): Promise<Response> {
    const type = contentTypeOf(found.file);
    const etag = `W/"${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}"`;
    const headers = new Headers({
      'Content-Type': type,
      'Cache-Control': status === 200 ? cacheControlOf(urlPath, type) : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    if (status === 200) {
      headers.set('ETag', etag);
      headers.set('Last-Modified', new Date(found.mtimeMs).toUTCString());
      const inm = request.headers.get('if-none-match');
      if (inm && inm.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
        return new Response(null, { status: 304, headers });
      }
    }
    const head = request.method === 'HEAD';
    const compressible = isCompressible(type) && found.size >= COMPRESS_MIN;
    if (compressible) headers.set('Vary', 'Accept-Encoding');
    const coding = compressible ? pickCoding(request.headers.get('accept-encoding')) : null;
    if (coding) {
      const data = await compressed(found, coding);
      headers.set('Content-Encoding', coding);
      if (data) {
        headers.set('Content-Length', String(data.byteLength));
        return new Response(head ? null : new Uint8Array(data), { status, headers });
      }
      const encoder = coding === 'br' ? zlib.createBrotliCompress() : zlib.createGzip();
      const stream = createReadStream(found.file).pipe(encoder);
      return new Response(head ? null : (Readable.toWeb(stream) as ReadableStream<Uint8Array>), { status, headers });
    }
    if (status === 200 && !compressible) headers.set('Accept-Ranges', 'bytes');
    const range = status === 200 && !compressible ? parseRange(request.headers.get('range'), found.size) : null;
    if (range === 'unsatisfiable') {
      headers.set('Content-Range', `bytes */${found.size}`);
      return new Response(null, { status: 416, headers });
    }
    const [start, end] = range ?? [0, found.size - 1];
    headers.set('Content-Length', String(Math.max(0, end - start + 1)));
    if (range) headers.set('Content-Range', `bytes ${start}-${end}/${found.size}`);
    if (head || found.size === 0) return new Response(null, { status: range ? 206 : status, headers });
    if (found.size <= IDENTITY_IN_MEMORY_MAX) {
      const key = `${found.file}\0${found.mtimeMs}\0identity`;
      let data = cache.get(key);
      if (!data) {
        data = await readFile(found.file);
        cache.set(key, data);
      }
      return new Response(new Uint8Array(data.buffer as ArrayBuffer, data.byteOffset + start, end - start + 1), {
        status: range ? 206 : status,
        headers,
      });
    }
    const stream = createReadStream(found.file, { start, end });
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status: range ? 206 : status, headers });
  }

  return {
    find,
    serveFile,
    async serve(request) {
      const url = new URL(request.url);
      const found = await find(url.pathname);
      return found ? serveFile(request, found, url.pathname) : null;
    },
  };
}

/** A single `bytes=a-b` range within `size`, `unsatisfiable`, or null (no/ignored range). */
function parseRange(header: string | null, size: number): [number, number] | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return [start, end];
}
