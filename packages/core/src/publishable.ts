/**
 * Whether a file of the docs repo may reach the site — be published, read as a spec, rendered as a page or snippet,
 * imported by a page, sent by `lectern dev` — judged on where it really is. A symlink is followed to its target and
 * the target's path is what the rules see: never outside the repo, never under `.git/` or any other dot-folder, never
 * a dotfile (but `/.well-known/`), never the source of a page for some readers only. Every reader of repo files asks
 * here, so a link in a pull request cannot take `.git/config` (the CI token of the preview workflow), `.env.yaml` or
 * a restricted page's text to the site (issue 38).
 */
import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import path from 'node:path';

export interface RepoFileRules {
  /**
   * Repo-relative (`/`-separated) sources of the pages for some readers only: refused when reached through a link (the
   * build reads a page's own source, and a page may import one as written; a link would hide that).
   */
  restricted?: ReadonlySet<string>;
}

/** Why a file may not reach the site: where it really is (repo-relative, or absolute outside the repo), and why not. */
export interface RefusedFile {
  target: string;
  why: string;
}

/** Why a repo-relative path (as it really is, links resolved) may not reach the site, or undefined. */
export function repoPathProblem(rel: string, rules: RepoFileRules = {}): string | undefined {
  const segments = rel.split('/');
  if (segments.includes('.git')) return 'into .git/';
  const dot = segments.findIndex((s, i) => s.startsWith('.') && !(i === 0 && s === '.well-known' && segments.length > 1));
  if (dot >= 0) return dot === segments.length - 1 ? 'a dotfile or dot-folder' : 'into a dot-folder';
  if (rules.restricted?.has(rel)) return 'the source of a page for some readers only';
  return undefined;
}

const realRoots = new Map<string, string>();
function realRoot(root: string): string {
  let real = realRoots.get(root);
  if (real === undefined) {
    try {
      real = realpathSync(root);
    } catch {
      real = path.resolve(root);
    }
    realRoots.set(root, real);
  }
  return real;
}

function judge(root: string, abs: string, real: string, rules: RepoFileRules): RefusedFile | undefined {
  const rel = path.relative(realRoot(root), real);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return { target: real, why: 'out of the repo' };
  const posix = rel.split(path.sep).join('/');
  const linked = posix !== path.relative(root, abs).split(path.sep).join('/');
  const why = repoPathProblem(posix, linked ? rules : {});
  return why ? { target: posix, why } : undefined;
}

/**
 * Why the file at `abs` (a path in the repo `root`, through symlinks or not) may not reach the site, or undefined
 * when it may — or does not exist (the caller reports a missing file as it does).
 */
export function refusedRepoFile(root: string, abs: string, rules: RepoFileRules = {}): RefusedFile | undefined {
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    return undefined;
  }
  return judge(root, abs, real, rules);
}

/** `refusedRepoFile`, without blocking. */
export async function refusedRepoFileAsync(root: string, abs: string, rules: RepoFileRules = {}): Promise<RefusedFile | undefined> {
  let real: string;
  try {
    real = await realpath(abs);
  } catch {
    return undefined;
  }
  return judge(root, abs, real, rules);
}

/** `images/x.png leads to .git/config (into .git/)`, `.env.yaml (a dotfile)`: a refusal as a warning says it. */
export function describeRefusal(rel: string, refused: RefusedFile): string {
  return refused.target === rel ? `${rel} (${refused.why})` : `${rel} leads to ${refused.target} (${refused.why})`;
}
