/**
 * The files a build or `lectern dev` reads on a page's behalf (snippets and components it imports, images, static
 * files), judged where they really are by core's rule (`refusedRepoFile`, core's publishable.ts): a symlink into
 * `.git/`, to a dotfile or dot-folder, to a restricted page's source or out of the repo is never read for the site.
 * This module adds what Lectern knows: the restricted pages of a plan, and where an import points.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describeRefusal, isRestricted, refusedRepoFile, type Page, type RefusedFile, type RepoFileRules } from '@lectern/core';

const rulesByPlan = new WeakMap<readonly Page[], RepoFileRules>();

/** The rules for a plan's pages: the sources of its restricted pages are never read through a link. */
export function repoFileRules(pages: readonly Page[]): RepoFileRules {
  let rules = rulesByPlan.get(pages);
  if (!rules) {
    rules = { restricted: new Set(pages.filter((p) => p.file !== undefined && isRestricted(p)).map((p) => p.file!)) };
    rulesByPlan.set(pages, rules);
  }
  return rules;
}

const inside = (file: string, dir: string) => file.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);

/** The repo-relative (`/`-separated) path of `abs`, or undefined when it is not in the repo. */
export function repoRelative(root: string, abs: string): string | undefined {
  return inside(abs, root) ? path.relative(root, abs).split(path.sep).join('/') : undefined;
}

/**
 * Files the rule is not for: Lectern's own working folder (`.lectern/`: the islands and pages it writes for the build)
 * and installed packages (a package manager links them, pnpm into `node_modules/.pnpm/`).
 */
const NOT_JUDGED = /^\.lectern\/|(^|\/)node_modules\//;

/** Why the file `abs` of the repo is never read for the site (with its repo-relative path), or undefined. */
export function refusedFile(
  root: string,
  abs: string,
  rules: RepoFileRules = {},
): { rel: string; refused: RefusedFile; message: string } | undefined {
  const rel = repoRelative(root, abs);
  if (rel === undefined || NOT_JUDGED.test(rel)) return undefined;
  const refused = refusedRepoFile(root, abs, rules);
  return refused ? { rel, refused, message: describeRefusal(rel, refused) } : undefined;
}

/** A file of the repo that may be read for the site: it exists and is not refused. */
export function readableFile(root: string, abs: string, rules: RepoFileRules = {}): boolean {
  return existsSync(abs) && refusedFile(root, abs, rules) === undefined;
}

/**
 * The file of the repo an import names, before any link is followed: relative to a file of the repo, or absolute in
 * the repo (`/snippets/x.mdx` from the repo root, or the absolute path the build writes); undefined for a package or a
 * file outside the repo.
 */
export function importedRepoFile(id: string, importer: string | undefined, root: string): string | undefined {
  const bare = id.split('?')[0]!;
  if (bare.startsWith('./') || bare.startsWith('../')) {
    const from = importer?.split('?')[0];
    return from && inside(from, root) ? path.resolve(path.dirname(from), bare) : undefined;
  }
  if (!bare.startsWith('/') || bare.startsWith('/@') || bare.startsWith('\0')) return undefined;
  if (inside(bare, root)) return bare;
  // `/x` is the repo root's when it is not a file of its own (Lectern's own modules are absolute paths elsewhere).
  return existsSync(bare) ? undefined : path.join(root, bare);
}

/**
 * Why an import (`id` from `importer`, as a bundler sees it) names a file of the repo that is never read for the site,
 * or undefined: the bundler then loads a stand-in instead.
 */
export function refusedImport(
  id: string,
  importer: string | undefined,
  root: string,
  pages: readonly Page[],
): ReturnType<typeof refusedFile> {
  const file = importedRepoFile(id, importer, root);
  return file ? refusedFile(root, file, repoFileRules(pages)) : undefined;
}
