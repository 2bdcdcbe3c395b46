/**
 * A build, or `lectern dev` started again, on the same repo: the planned site (specs loaded and dereferenced, pages
 * planned, MDX analysed and compiled, with every warning and error planning found) comes from the cache instead of
 * being planned again. Builds and `lectern dev` share the entry: planning is the same for both (the base, `--site`,
 * `--strict` and parts are applied to the planned site afterwards); whether the MDX compile step ran is in the key.
 *
 * The entry is named by Lectern's fingerprint and every file of the repo (the content of text files, the size and
 * modification time of the others), so any edit, added or removed file plans the site again. A site with a remote
 * spec or git timestamps is never cached (neither is named by the repo's files). The files planning writes into
 * `.lectern/` (x-mint content, island modules) are kept in the entry, by their path under those two folders, and
 * written again when it is used. The entry is sealed with the SHA-256 of its content (build-cache.ts `sealBlob`); an
 * entry that does not match it, or that names a file outside those two folders (an absolute path, `..`), is not used:
 * the build says so and plans again (issue 38: a planted entry could otherwise write anywhere the build may).
 * One entry is kept (`<cache>/plan/<key>.v8`, with the page keys a build computed for it: build-session.ts
 * `predictKeys`); `LECTERN_CACHE=off` turns it off.
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { cacheEnabled, cacheRoot, lecternFingerprint, openBlob, sealedPieces, writeAtomic } from '../shared/build-cache.ts';
import { CONTENT_DIR, type PlanData } from './site.ts';
import { ISLANDS_DIR } from '../mdx/prepare.ts';
import { packTexts, shareTexts, unpackTexts, type PackedTexts } from './shared-texts.ts';

/** Bumped when PlanData's shape changes (2: sealed, files by their path under the repo; 3: texts in a table). */
const FORMAT = 3;
const SKIP_DIR = /^(node_modules|dist|\.lectern|\.astro|\.git|\.cache|\.vercel|\.netlify)$/;
const TEXT = /\.(json|ya?ml|mdx?|[cm]?[jt]sx?|css|svg|txt)$|^\.mintignore$/i;

interface Entry {
  format: number;
  /** The plan with each distinct MDX text once (shared-texts.ts): crewAI's 24,803 pages have 1,723. */
  plan: PackedTexts;
  /** Files planning wrote: path relative to the repo (under CONTENT_DIR or ISLANDS_DIR), text. */
  files: Array<[string, string]>;
}

/** The folders planning writes into; an entry may name files under them only. */
const WRITTEN_DIRS = [CONTENT_DIR, ISLANDS_DIR];

/** Where a file an entry names goes, or why it is refused (not a relative path under one of WRITTEN_DIRS). */
function entryTarget(root: string, rel: unknown): { abs: string } | { refused: string } {
  if (typeof rel !== 'string' || rel === '' || rel.includes('\0'))
    return { refused: `a file name that is not a path (${JSON.stringify(rel)})` };
  if (path.isAbsolute(rel) || path.win32.isAbsolute(rel)) return { refused: `an absolute path (${rel})` };
  const abs = path.resolve(root, rel);
  const inside = WRITTEN_DIRS.some((dir) => {
    const base = path.resolve(root, dir);
    return abs.startsWith(base + path.sep);
  });
  return inside ? { abs } : { refused: `a path outside ${WRITTEN_DIRS.join(' and ')} (${rel})` };
}

/** The plan of `file` when it is sealed, of this format and names only files planning writes; else why not. */
function readEntry(root: string, file: string): { data: PlanData; targets: Array<[string, string]> } | { refused: string } {
  const content = openBlob(readFileSync(file));
  if (!content) return { refused: 'it does not match the hash stored with it (cut short, damaged or edited)' };
  const entry = deserialize(content) as Entry;
  if (entry?.format !== FORMAT || !Array.isArray(entry.files)) return { refused: 'it is of another format' };
  const data = unpackTexts(entry.plan);
  if (!data) return { refused: 'its texts do not fit its pages' };
  const targets: Array<[string, string]> = [];
  for (const item of entry.files) {
    const target = entryTarget(root, Array.isArray(item) ? item[0] : undefined);
    if ('refused' in target) return { refused: `it names ${target.refused}` };
    if (typeof item[1] !== 'string') return { refused: `the text of ${String(item[0])} is not text` };
    targets.push([target.abs, item[1]]);
  }
  return { data, targets };
}

/** A digest of the repo's files: paths, and content (text) or size and mtime (the rest). */
function repoDigest(root: string, skip: string): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      const abs = path.join(dir, name);
      if (abs === skip) continue;
      let st;
      try {
        st = lstatSync(abs);
        // A linked file counts by its target; a linked folder is not followed (it may lead back up).
        if (st.isSymbolicLink()) st = statSync(abs);
        if (st.isDirectory() && lstatSync(abs).isSymbolicLink()) continue;
      } catch {
        continue;
      }
      if (st.isDirectory()) {
        if (!SKIP_DIR.test(name)) walk(abs);
        continue;
      }
      h.update(path.relative(root, abs));
      h.update('\0');
      if (TEXT.test(name) && st.size < 64 * 1024 * 1024) h.update(readFileSync(abs));
      else h.update(`${st.size} ${st.mtimeMs}`);
      h.update('\0');
    }
  };
  walk(root);
  return h.digest('hex');
}

/** Files under `dir` (path relative to `root`, text). */
function filesUnder(root: string, dir: string): Array<[string, string]> {
  if (!existsSync(dir)) return [];
  const out: Array<[string, string]> = [];
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) {
      const abs = path.join(e.parentPath, e.name);
      out.push([path.relative(root, abs), readFileSync(abs, 'utf8')]);
    }
  }
  return out;
}

/** Plans nobody can name by the repo's files: a spec fetched over the network, dates from git history. */
function cacheable(data: PlanData): boolean {
  if (Object.keys(data.loaded.plan.specs).some((id) => /^https?:/i.test(id))) return false;
  const config = data.loaded.config as { metadata?: { timestamp?: unknown } };
  if (config.metadata?.timestamp === true || data.loaded.plan.pages.some((p) => p.frontmatter.timestamp === true)) return false;
  return true;
}

/**
 * `compute()` (site.ts `planData` with `options`), or the entry a previous run left for exactly these files and
 * options. `onHit` is told when the cache answered.
 */
export async function cachedPlanData(
  root: string,
  compute: () => Promise<PlanData>,
  onHit?: (ms: number) => void,
  options: { compile?: boolean } = {},
): Promise<PlanData> {
  // One string per distinct MDX text, cached or not (shared-texts.ts).
  if (!cacheEnabled()) return shareTexts(await compute());
  const t0 = performance.now();
  const dir = path.join(cacheRoot(root), 'plan');
  const key = createHash('sha256')
    .update(`${FORMAT}\0${lecternFingerprint()}\0${options.compile !== false}\0${repoDigest(root, cacheRoot(root))}`)
    .digest('hex');
  const file = path.join(dir, `${key}.v8`);
  if (existsSync(file)) {
    try {
      const read = readEntry(root, file);
      if ('data' in read) {
        for (const sub of WRITTEN_DIRS) rmSync(path.join(root, sub), { recursive: true, force: true });
        for (const [abs, text] of read.targets) {
          mkdirSync(path.dirname(abs), { recursive: true });
          writeFileSync(abs, text);
        }
        onHit?.(performance.now() - t0);
        return { ...read.data, planKey: key };
      }
      console.warn(`[lectern] build cache: plan/${key}.v8 is not used (${read.refused}): the site is planned again`);
    } catch {
      // An unreadable entry: plan again (and replace it).
    }
  }
  const data = shareTexts(await compute());
  if (cacheable(data)) {
    try {
      const files = WRITTEN_DIRS.flatMap((sub) => filesUnder(root, path.join(root, sub)));
      rmSync(dir, { recursive: true, force: true });
      writeAtomic(file, sealedPieces(serialize({ format: FORMAT, plan: packTexts(data), files } satisfies Entry)));
      return { ...data, planKey: key };
    } catch {
      // The cache is an optimisation: a folder that cannot be written leaves dev as it was.
    }
  }
  return data;
}
