/**
 * Zero-config Astro runs for a docs repo that has only docs.json: `build`, `dev`, `preview` through Astro's
 * programmatic API with an inline config. Builds go to a staging directory that replaces `dist/` only on success.
 */
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import type { AstroInlineConfig } from 'astro';
import lectern from './index.ts';

export interface RunOptions {
  /** Output directory (default `<root>/dist`). */
  outDir?: string;
  port?: number;
  host?: string;
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Serve the site under a sub-path (`/pr-42/`), as Astro's `base`. */
  base?: string;
  /** The address the site is published at (absolute URLs), as Astro's `site`. */
  site?: string;
  /** Warnings fail the build too. */
  strict?: boolean;
}

/** `/pr-42`, `pr-42/` -> `/pr-42/`; anything that is not a plain URL path is refused with the reason. */
export function normalizeBase(base: string): string {
  const trimmed = base.trim();
  if (!/^\/?[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(trimmed) || /[?#]/.test(trimmed)) {
    throw new Error(`--base must be a URL path such as /pr-42/, got ${JSON.stringify(base)}`);
  }
  const segments = trimmed.split('/').filter(Boolean);
  if (segments.some((s) => s === '.' || s === '..')) throw new Error(`--base must not contain . or .. segments, got ${JSON.stringify(base)}`);
  return segments.length ? `/${segments.join('/')}/` : '/';
}

/** An absolute http(s) URL, without a trailing slash on its path. */
export function normalizeSite(site: string): string {
  let url: URL;
  try {
    url = new URL(site);
  } catch {
    throw new Error(`--site must be an absolute URL such as https://docs.example.com, got ${JSON.stringify(site)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`--site must be an http(s) URL, got ${JSON.stringify(site)}`);
  return url.href.replace(/\/$/, '');
}

export function inlineConfig(root: string, outDir: string, opts: RunOptions = {}): AstroInlineConfig {
  return {
    root,
    configFile: false,
    outDir,
    cacheDir: path.join(root, '.lectern', 'cache'),
    srcDir: path.join(root, '.lectern', 'src'),
    publicDir: path.join(root, '.lectern', 'public'),
    logLevel: opts.logLevel ?? 'info',
    integrations: [lectern({ root, strict: opts.strict })],
    ...(opts.base ? { base: normalizeBase(opts.base) } : {}),
    ...(opts.site ? { site: normalizeSite(opts.site) } : {}),
    server: { port: opts.port ?? 4321, host: opts.host ?? '127.0.0.1' },
    build: { format: 'directory' },
    devToolbar: { enabled: false },
    telemetry: false,
    vite: { logLevel: 'warn' },
  } as AstroInlineConfig;
}

/**
 * Where a build writes before it replaces `dist/`. Astro renders pages from chunks it writes next to the output
 * (`<out>/.prerender`), or under `<cwd>/.astro/` when the output is outside the working directory (so the chunks
 * resolve `astro` from there); that folder would be shared by concurrent builds, which delete each other's chunks.
 * So a repo outside the working directory stages under `<cwd>/.astro/`, in a folder of its own.
 */
function stagingDir(root: string): string {
  const cwd = process.cwd();
  const inCwd = root === cwd || root.startsWith(cwd + path.sep);
  return path.join(inCwd ? path.join(root, '.lectern') : path.join(cwd, '.astro'), `out-${process.pid}-${randomBytes(4).toString('hex')}`);
}

/** Move a finished build into place (a copy when the staging folder is on another file system). */
async function moveInto(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}

/**
 * While a build runs, V8 grows the heap to twice what survives a collection instead of its default (up to four
 * times): a build's live heap stays near 200 MB, but it makes garbage fast, and the default let the process reach
 * 1 GB of resident memory on a 1,200-page site. This costs about 5 % more CPU time. Returns the undo.
 */
function leanHeap(): () => void {
  if (process.env.LECTERN_HEAP === 'default') return () => undefined;
  v8.setFlagsFromString('--heap-growing-percent=100');
  return () => v8.setFlagsFromString('--heap-growing-percent=0');
}

/** Build `root` into `outDir`; on failure nothing is left behind and the previous output is untouched. */
export async function buildSite(root: string, opts: RunOptions = {}): Promise<{ outDir: string }> {
  const abs = path.resolve(root);
  const outDir = path.resolve(opts.outDir ?? path.join(abs, 'dist'));
  const staging = stagingDir(abs);
  await rm(staging, { recursive: true, force: true });
  await mkdir(path.dirname(staging), { recursive: true });
  const { build } = await import('astro');
  const restoreHeap = leanHeap();
  try {
    await build(inlineConfig(abs, staging, opts));
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  } finally {
    restoreHeap();
  }
  await rm(outDir, { recursive: true, force: true });
  await mkdir(path.dirname(outDir), { recursive: true });
  await moveInto(staging, outDir);
  return { outDir };
}

export async function devSite(root: string, opts: RunOptions = {}): Promise<{ stop(): Promise<void> }> {
  const abs = path.resolve(root);
  const { dev } = await import('astro');
  return dev(inlineConfig(abs, path.join(abs, 'dist'), opts));
}

export async function previewSite(root: string, opts: RunOptions = {}): Promise<{ stop(): Promise<void> }> {
  const abs = path.resolve(root);
  const outDir = path.resolve(opts.outDir ?? path.join(abs, 'dist'));
  if (!existsSync(outDir)) throw new Error(`Nothing to preview: ${outDir} does not exist. Run \`lectern build\` first.`);
  const { preview } = await import('astro');
  return preview(inlineConfig(abs, outDir, opts));
}
