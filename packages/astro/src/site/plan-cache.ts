/**
 * A build, or `lectern dev` started again, on the same repo: the planned site (specs loaded and dereferenced, pages
 * planned, MDX analysed and compiled, with every warning and error planning found) comes from the cache instead of
 * being planned again. Builds and `lectern dev` share the entry: planning is the same for both (the base, `--site`,
 * `--strict` and parts are applied to the planned site afterwards); whether the MDX compile step ran is in the key.
 *
 * The entry is named by Lectern's fingerprint and every file of the repo (the content of text files, the size and
 * modification time of the others), so any edit, added or removed file plans the site again. A site with a remote
 * spec or git timestamps is never cached (neither is named by the repo's files). The files planning writes into
 * `.lectern/` (x-mint content, island modules) are kept in the entry and written again when it is used.
 * One entry is kept (`<cache>/plan/<key>.v8`, with the page keys a build computed for it: build-session.ts
 * `predictKeys`); `LECTERN_CACHE=off` turns it off.
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { cacheEnabled, cacheRoot, lecternFingerprint, writeAtomic } from '../shared/build-cache.ts';
import { CONTENT_DIR, type PlanData } from './site.ts';
import { ISLANDS_DIR } from '../mdx/prepare.ts';

/** Bumped when PlanData's shape changes. */
const FORMAT = 1;
const SKIP_DIR = /^(node_modules|dist|\.lectern|\.astro|\.git|\.cache|\.vercel|\.netlify)$/;
const TEXT = /\.(json|ya?ml|mdx?|[cm]?[jt]sx?|css|svg|txt)$|^\.mintignore$/i;

interface Entry {
  format: number;
  data: PlanData;
  files: Array<[string, string]>;
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

/** Files under `dir` (absolute path, text). */
function filesUnder(dir: string): Array<[string, string]> {
  if (!existsSync(dir)) return [];
  const out: Array<[string, string]> = [];
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) {
      const abs = path.join(e.parentPath, e.name);
      out.push([abs, readFileSync(abs, 'utf8')]);
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
  if (!cacheEnabled()) return compute();
  const t0 = performance.now();
  const dir = path.join(cacheRoot(root), 'plan');
  const key = createHash('sha256')
    .update(`${FORMAT}\0${lecternFingerprint()}\0${options.compile !== false}\0${repoDigest(root, cacheRoot(root))}`)
    .digest('hex');
  const file = path.join(dir, `${key}.v8`);
  if (existsSync(file)) {
    try {
      const entry = deserialize(readFileSync(file)) as Entry;
      if (entry.format === FORMAT) {
        for (const sub of [CONTENT_DIR, ISLANDS_DIR]) rmSync(path.join(root, sub), { recursive: true, force: true });
        for (const [abs, text] of entry.files) {
          mkdirSync(path.dirname(abs), { recursive: true });
          writeFileSync(abs, text);
        }
        onHit?.(performance.now() - t0);
        return { ...entry.data, planKey: key };
      }
    } catch {
      // An unreadable entry: plan again (and replace it).
    }
  }
  const data = await compute();
  if (cacheable(data)) {
    try {
      const files = [...filesUnder(path.join(root, CONTENT_DIR)), ...filesUnder(path.join(root, ISLANDS_DIR))];
      rmSync(dir, { recursive: true, force: true });
      writeAtomic(file, serialize({ format: FORMAT, data, files } satisfies Entry));
      return { ...data, planKey: key };
    } catch {
      // The cache is an optimisation: a folder that cannot be written leaves dev as it was.
    }
  }
  return data;
}
