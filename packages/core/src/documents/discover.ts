/**
 * Finds every OpenAPI / AsyncAPI file in a docs repo (Mintlify ingests all of them, §2.2) by sniffing the
 * first few KB of each json/yaml/yml file for a top-level `openapi` / `swagger` / `asyncapi` key (the whole file,
 * up to 10 MB, only when the head has no such key).
 */
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { sniffKind, type SpecKind } from './text.ts';

const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.astro']);
const SPEC_EXT = /\.(json|ya?ml)$/i;
const HEAD_BYTES = 8192;
/** Larger files whose head has no spec key are not read further (the key is normally near the top). */
const FULL_READ_LIMIT = 10 * 1024 * 1024;

export interface DiscoveredSpec {
  /** Repo-relative posix path. */
  source: string;
  kind: SpecKind;
}

export async function discoverSpecs(root: string): Promise<DiscoveredSpec[]> {
  const files: string[] = [];
  await walk(root, '', files);
  files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const out: DiscoveredSpec[] = [];
  for (const rel of files) {
    const kind = await sniffFile(path.join(root, ...rel.split('/')));
    if (kind) out.push({ source: rel, kind });
  }
  return out;
}

async function walk(root: string, rel: string, out: string[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(path.join(root, ...rel.split('/').filter(Boolean)), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue; // hidden files and dirs, incl. .git and .astro
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) await walk(root, child, out);
    } else if (entry.isFile() && SPEC_EXT.test(entry.name)) {
      out.push(child);
    }
  }
}

async function sniffFile(abs: string): Promise<SpecKind | undefined> {
  let handle;
  try {
    handle = await open(abs, 'r');
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    const found = sniffKind(buffer.subarray(0, bytesRead).toString('utf8'));
    if (found || bytesRead < HEAD_BYTES) return found;
    // The key can come after a large block (e.g. JSON with sorted keys puts `components` first).
    const { size } = await handle.stat();
    if (size > FULL_READ_LIMIT) return undefined;
    const whole = Buffer.alloc(size);
    const { bytesRead: total } = await handle.read(whole, 0, size, 0);
    return sniffKind(whole.subarray(0, total).toString('utf8'));
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}
