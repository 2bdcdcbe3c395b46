/**
 * Shared by the Mintlify benchmarks (bench/mintlify-repo.ts, bench/mintlify-corpus.ts): a repo's files out of a git
 * directory, the pages its docs.json navigation lists, whether a page was built, and a command timed with its peak RSS.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { upgradeMintConfig } from '../../packages/core/src/config/upgrade.ts';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

export function sh(cmd: string, args: string[], cwd = REPO): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

/**
 * The repo's files at `ref` (under `sub`, if given, which becomes the root) from a git directory into `dir`; blobs a
 * partial mirror lacks are skipped (returned).
 */
export function extract(gitDir: string, ref: string, dir: string, sub = ''): string[] {
  const missing: string[] = [];
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // A complete git directory: one `git archive | tar` (symlinks dropped after, as below); a partial one: blob by blob.
  const tree = sub ? `${ref}:${sub.replace(/\/+$/, '')}` : ref;
  const archived = spawnSync('bash', [
    '-c',
    'set -o pipefail; git --git-dir "$0" archive --format=tar "$1" | tar -x -C "$2"',
    gitDir,
    tree,
    dir,
  ]);
  if (archived.status === 0) {
    spawnSync('find', [dir, '-type', 'l', '-delete']);
    materialiseLinks(gitDir, ref, dir, sub);
    return missing;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const prefix = sub ? sub.replace(/\/+$/, '') + '/' : '';
  const entries = sh('git', ['--git-dir', gitDir, 'ls-tree', '-r', '-z', ref, ...(prefix ? ['--', prefix] : [])])
    .split('\0')
    .filter(Boolean);
  const shas = entries.map((e) => e.split('\t')[0]!.split(' ')[2]!);
  const checked = spawnSync('git', ['--git-dir', gitDir, 'cat-file', '--batch-check'], {
    input: shas.join('\n') + '\n',
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const present = new Set(
    checked.stdout
      .split('\n')
      .filter((l) => l && !l.endsWith('missing'))
      .map((l) => l.split(' ')[0]!),
  );
  for (const entry of entries) {
    const [meta, file] = entry.split('\t') as [string, string];
    const [mode, , sha] = meta.split(' ') as [string, string, string];
    if (mode === '120000') continue; // symlinks are not followed into the build
    if (!present.has(sha)) {
      missing.push(file);
      continue;
    }
    const target = path.join(dir, file.slice(prefix.length));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, spawnSync('git', ['--git-dir', gitDir, 'cat-file', 'blob', sha], { maxBuffer: 1 << 30 }).stdout);
  }
  materialiseLinks(gitDir, ref, dir, sub);
  return missing;
}

/**
 * A symlink to a file elsewhere in the repo (`docs/security.mdx -> ../SECURITY.md`) is what a checkout shows Mintlify
 * as that file: it is written as a copy of its target (links that leave the repo, or lead to folders, are dropped).
 */
function materialiseLinks(gitDir: string, ref: string, dir: string, sub: string): void {
  const prefix = sub ? sub.replace(/\/+$/, '') + '/' : '';
  const entries = sh('git', ['--git-dir', gitDir, 'ls-tree', '-r', '-z', ref, ...(prefix ? ['--', prefix] : [])])
    .split('\0')
    .filter((e) => e.startsWith('120000 '));
  for (const entry of entries) {
    const [meta, file] = entry.split('\t') as [string, string];
    const link = spawnSync('git', ['--git-dir', gitDir, 'cat-file', 'blob', meta.split(' ')[2]!], { encoding: 'utf8' }).stdout;
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), link.trim()));
    if (resolved.startsWith('../') || path.posix.isAbsolute(resolved)) continue;
    const blob = spawnSync('git', ['--git-dir', gitDir, 'cat-file', 'blob', `${ref}:${resolved}`], { maxBuffer: 1 << 30 });
    if (blob.status !== 0) continue;
    const target = path.join(dir, file.slice(prefix.length));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, blob.stdout);
  }
}

/** Whether a navigation page has a file in the repo (`page.mdx`, `page.md`, `page/index.mdx`, `page/index.md`). */
export function hasPageFile(dir: string, page: string): boolean {
  return ['.mdx', '.md', '/index.mdx', '/index.md'].some((ext) => existsSync(path.join(dir, page + ext)));
}

/**
 * The pages docs.json's navigation lists (`$ref`s resolved; operation entries and URLs left out); for a repo with only
 * a legacy mint.json, the navigation of its docs.json form (as Lectern upgrades it).
 */
export function navigationPages(dir: string): string[] {
  const load = (file: string): unknown => resolve(JSON.parse(readFileSync(file, 'utf8')), path.dirname(file));
  const resolve = (value: unknown, base: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => resolve(v, base));
    if (!value || typeof value !== 'object') return value;
    const obj = value as Record<string, unknown>;
    if (typeof obj.$ref === 'string') {
      const target = load(path.join(base, obj.$ref));
      const { $ref: _ref, ...rest } = obj;
      return target && typeof target === 'object' && !Array.isArray(target) ? { ...target, ...(resolve(rest, base) as object) } : target;
    }
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, resolve(v, base)]));
  };
  const config = (
    existsSync(path.join(dir, 'docs.json'))
      ? load(path.join(dir, 'docs.json'))
      : upgradeMintConfig(JSON.parse(readFileSync(path.join(dir, 'mint.json'), 'utf8')) as Record<string, unknown>).config
  ) as { navigation: unknown };
  const pages = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const obj = node as Record<string, unknown>;
    if (typeof obj.root === 'string') pages.add(obj.root);
    for (const [key, value] of Object.entries(obj)) {
      if (key === 'pages' && Array.isArray(value)) {
        for (const p of value)
          if (typeof p === 'string') {
            if (p.trim().split(/\s+/).length === 1 && !/^https?:/.test(p)) pages.add(p);
          } else walk(p);
      } else if (key !== 'global' && typeof value === 'object') walk(value);
    }
  };
  walk(config.navigation);
  return [...pages].map((p) => p.replace(/^\/+|\/+$/g, '').replace(/\.mdx?$/, ''));
}

export function built(dist: string, page: string): boolean {
  const slug = page.replace(/(^|\/)index$/, '');
  return existsSync(slug ? path.join(dist, slug, 'index.html') : path.join(dist, 'index.html'));
}

/** `cmd` under /usr/bin/time -v (peak RSS of the largest process), with its output streamed and kept. */
export function timed(cmd: string, args: string[], cwd: string): Promise<{ code: number; out: string; wallMs: number; peakMb?: number }> {
  const useTime = existsSync('/usr/bin/time');
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(useTime ? '/usr/bin/time' : cmd, useTime ? ['-v', cmd, ...args] : args, {
      cwd,
      env: {
        ...process.env,
        ASTRO_TELEMETRY_DISABLED: '1',
        PATH: `${path.join(REPO, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
      },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(out)?.[1];
      resolve({ code: code ?? 1, out, wallMs: performance.now() - t0, ...(kb ? { peakMb: Number(kb) / 1024 } : {}) });
    });
  });
}
