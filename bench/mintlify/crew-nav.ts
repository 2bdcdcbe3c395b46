/**
 * Issue 37's navigation check on one large repo (crewAI's docs): every navigation page Mintlify's own prebuild deploys
 * against the page Lectern's navigation plan puts at the same slug, and its title.
 *
 *   node bench/mintlify/crew-nav.ts <docs folder> <work folder> [--step=prebuild|lectern|compare|all]
 *
 * `prebuild`: the docs folder copied to <work>/prebuild-site (the prebuild may write beside the pages) and
 * bench/mintlify/oracle-prebuild.ts run on it (the oracle packages of .cache/oracle/, see bench/mintlify-oracle.ts):
 * <work>/prebuild.json. `lectern`: the folder copied to <work>/lectern-site (planning writes .lectern/ into its root),
 * `planData(copy, ownModule('components/index'))` (packages/astro/src/site/site.ts) run in a child process with
 * LECTERN_CACHE=off: <work>/lectern.json (every planned page with its slug, title, file and kind; the navigation's
 * page slugs; the pages left out for an MDX error; diagnostics by code). `compare` (no heavy work) prints the figures
 * and the mismatches in Markdown: prebuild navigation pages (those listed without a file and not generated from a
 * spec are left out, as bench/mintlify-oracle.ts does), how many Lectern plans at the same slug and with the same
 * title, the mismatches grouped by cause with examples. The copies are removed after each step.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hasPageFile, REPO } from './repo-tools.ts';
import type { OraclePage, PrebuildResult } from './oracle-prebuild.ts';

interface LecternPage {
  slug: string;
  title: string;
  sidebarTitle?: string;
  file?: string;
  kind: string;
  hidden?: boolean;
}
interface LecternResult {
  pages: LecternPage[];
  /** Slugs the navigation tree lists (pages and group roots). */
  navSlugs: string[];
  /** Slugs left out of the build for an MDX error, with the first error's code and message. */
  blocked: Array<{ slug: string; code: string; message: string }>;
  diagnostics: Record<string, number>;
  examples: Record<string, string>;
  ms: number;
  rssMb: number;
}

const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

// ---------------------------------------------------------------------------------------------------------------
// Steps

function prebuildStep(docs: string, work: string): void {
  const copy = path.join(work, 'prebuild-site');
  rmSync(copy, { recursive: true, force: true });
  cpSync(docs, copy, { recursive: true });
  try {
    const r = spawnSync(
      process.execPath,
      [path.join(import.meta.dirname, 'oracle-prebuild.ts'), path.join(REPO, '.cache/oracle'), copy, path.join(work, 'prebuild.json')],
      { cwd: work, stdio: 'inherit' },
    );
    if (r.status !== 0) throw new Error(`oracle-prebuild.ts exited ${r.status}`);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

function lecternStep(docs: string, work: string): void {
  const copy = path.join(work, 'lectern-site');
  rmSync(copy, { recursive: true, force: true });
  cpSync(docs, copy, { recursive: true });
  try {
    const r = spawnSync(process.execPath, [import.meta.filename, copy, work, '--step=lectern-child'], {
      cwd: work,
      stdio: 'inherit',
      env: { ...process.env, LECTERN_CACHE: 'off', ASTRO_TELEMETRY_DISABLED: '1' },
    });
    if (r.status !== 0) throw new Error(`the plan's child process exited ${r.status}`);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** In the child: plan the copy and write what the comparison needs. */
async function lecternChild(site: string, work: string): Promise<void> {
  const { planData } = (await import(
    path.join(REPO, 'packages/astro/src/site/site.ts')
  )) as typeof import('../../packages/astro/src/site/site.ts');
  const { ownModule } = (await import(
    path.join(REPO, 'packages/astro/src/shared/modules/own-files.ts')
  )) as typeof import('../../packages/astro/src/shared/modules/own-files.ts');
  const t0 = performance.now();
  const data = await planData(site, ownModule('components/index'));
  const navSlugs = new Set<string>();
  const walk = (items: unknown[]): void => {
    for (const item of items as Array<Record<string, unknown>>) {
      if (item.type === 'page') navSlugs.add(String(item.slug));
      if (typeof item.root === 'string') navSlugs.add(item.root);
      if (Array.isArray(item.children)) walk(item.children);
    }
  };
  walk(data.loaded.plan.navigation);
  const diagnostics: Record<string, number> = {};
  const examples: Record<string, string> = {};
  for (const d of data.loaded.diagnostics) {
    const key = `${d.severity} ${d.code}`;
    diagnostics[key] = (diagnostics[key] ?? 0) + 1;
    examples[key] ??= `${d.file ?? ''}${d.line ? `:${d.line}` : ''} ${d.message}`.slice(0, 300);
  }
  const result: LecternResult = {
    pages: data.loaded.plan.pages.map((p) => ({
      slug: p.slug,
      title: p.title,
      ...(p.sidebarTitle ? { sidebarTitle: p.sidebarTitle } : {}),
      ...(p.file ? { file: p.file } : {}),
      kind: p.kind,
      ...(p.hidden ? { hidden: true } : {}),
    })),
    navSlugs: [...navSlugs],
    blocked: data.blocked.map(([slug, ds]) => ({ slug, code: ds[0]?.code ?? '', message: ds[0]?.message ?? '' })),
    diagnostics,
    examples,
    ms: Math.round(performance.now() - t0),
    rssMb: Math.round(process.memoryUsage().rss / 1e6),
  };
  writeFileSync(path.join(work, 'lectern.json'), JSON.stringify(result));
  console.error(`planned ${result.pages.length} pages in ${result.ms} ms, rss ${result.rssMb} MB`);
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------------------------
// Comparison

const norm = (s: string) =>
  s
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();

interface Mismatch {
  slug: string;
  detail: string;
}

function compare(docs: string, work: string): string {
  const pre = JSON.parse(readFileSync(path.join(work, 'prebuild.json'), 'utf8')) as PrebuildResult;
  const lec = JSON.parse(readFileSync(path.join(work, 'lectern.json'), 'utf8')) as LecternResult;
  const bySlug = new Map(lec.pages.map((p) => [p.slug, p]));
  const byLower = new Map(lec.pages.map((p) => [p.slug.toLowerCase(), p]));
  const inNav = new Set(lec.navSlugs);
  const blocked = new Map(lec.blocked.map((b) => [b.slug, b]));
  const withoutFile = (p: OraclePage) => !p.openapi && !p.asyncapi && !hasPageFile(docs, p.slug);
  const listedWithoutFile = pre.pages.filter(withoutFile);
  const pages = pre.pages.filter((p) => !withoutFile(p));
  const classes = new Map<string, Mismatch[]>();
  const add = (key: string, m: Mismatch) => classes.set(key, [...(classes.get(key) ?? []), m]);
  let sameSlug = 0;
  let sameTitle = 0;
  let sameSlugInNav = 0;
  let sameSlugBlocked = 0;
  let sameSlugViaIndex = 0;
  let sameSidebarTitle = 0;
  for (const p of pages) {
    const slug = p.slug === '' ? 'index' : p.slug;
    // `x/index` is the page `x` to Mintlify too (common's replaceSlashIndex, isEqualIgnoringLeadingSlash): the
    // prebuild's href keeps the path as docs.json spells it, Lectern's slug drops `/index`.
    const l = bySlug.get(slug) ?? bySlug.get(slug.replace(/\/index$/, ''));
    if (l && l.slug !== slug) {
      sameSlugViaIndex++;
      add('`x/index` in the prebuild, `x` in Lectern (the same page and URL; counted as same slug)', {
        slug: p.slug,
        detail: `Lectern ${l.slug}`,
      });
    }
    if (!l) {
      const other = byLower.get(slug.toLowerCase());
      if (other) add('slug differs in case only', { slug: p.slug, detail: `Lectern has ${other.slug}` });
      else
        add(p.openapi ? 'generated (OpenAPI) page not planned' : 'page with a file not planned', { slug: p.slug, detail: `"${p.title}"` });
      continue;
    }
    sameSlug++;
    if (inNav.has(l.slug)) sameSlugInNav++;
    else add("planned but not in Lectern's navigation tree (counted as same slug)", { slug: p.slug, detail: l.file ?? l.kind });
    if (blocked.has(l.slug)) {
      sameSlugBlocked++;
      const b = blocked.get(l.slug)!;
      add(`planned but left out for an MDX error: ${b.code} (counted as same slug)`, { slug: p.slug, detail: b.message.slice(0, 160) });
    }
    if ((p.sidebarTitle ?? '') === (l.sidebarTitle ?? '')) sameSidebarTitle++;
    else
      add('sidebarTitle differs', {
        slug: p.slug,
        detail: `Mintlify ${JSON.stringify(p.sidebarTitle)}, Lectern ${JSON.stringify(l.sidebarTitle)}`,
      });
    if (norm(l.title) === norm(p.title)) sameTitle++;
    else add(titleClass(p, l), { slug: p.slug, detail: `Mintlify ${JSON.stringify(p.title)}, Lectern ${JSON.stringify(l.title)}` });
  }
  const out: string[] = [];
  const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(2)} %` : '–');
  out.push(`# Navigation: Mintlify's prebuild vs Lectern's plan (${path.basename(path.resolve(docs, '..'))}/${path.basename(docs)})`, '');
  out.push(
    `- prebuild: ${pre.pages.length} navigation pages (distinct slugs) in ${Math.round(pre.ms / 1000)} s${pre.error ? `; error: ${pre.error}` : ''}`,
  );
  out.push(
    `- listed without a file and not generated from a spec (not counted): ${listedWithoutFile.length}${
      listedWithoutFile.length
        ? ` (e.g. ${listedWithoutFile
            .slice(0, 5)
            .map((p) => p.slug)
            .join(', ')})`
        : ''
    }`,
  );
  out.push(
    `- **prebuild navigation pages counted: ${pages.length}** (generated from a spec: ${pages.filter((p) => p.openapi || p.asyncapi).length})`,
  );
  out.push(
    `- Lectern: ${lec.pages.length} pages planned in ${Math.round(lec.ms / 1000)} s (rss ${lec.rssMb} MB); ${lec.navSlugs.length} in its navigation tree; ${lec.blocked.length} left out for an MDX error`,
  );
  out.push(
    `- **same slug: ${sameSlug} (${pct(sameSlug, pages.length)})**; of those in Lectern's navigation tree: ${sameSlugInNav}; left out for an MDX error: ${sameSlugBlocked}`,
  );
  out.push(
    `  (written \`x/index\` by the prebuild and \`x\` by Lectern: ${sameSlugViaIndex}; same slug letter for letter: ${sameSlug - sameSlugViaIndex} (${pct(sameSlug - sameSlugViaIndex, pages.length)}))`,
  );
  out.push(
    `- **same title: ${sameTitle} (${pct(sameTitle, pages.length)})**; same sidebarTitle (or none on both sides): ${sameSidebarTitle}`,
  );
  const preSlugs = new Set(pages.map((p) => (p.slug === '' ? 'index' : p.slug.replace(/\/index$/, ''))));
  const preOrder = [...new Set(pre.pages.map((p) => (p.slug === '' ? 'index' : p.slug.replace(/\/index$/, ''))))];
  const firstApart = preOrder.findIndex((s, i) => lec.navSlugs[i] !== s);
  out.push(
    `- navigation order (every listed slug, first occurrence): ${firstApart < 0 && preOrder.length === lec.navSlugs.length ? 'the same in both' : `first difference at position ${firstApart}: prebuild ${preOrder[firstApart]}, Lectern ${lec.navSlugs[firstApart]}`}`,
  );
  const extra = lec.navSlugs.filter((s) => !preSlugs.has(s));
  out.push(
    `- in Lectern's navigation tree but not among the prebuild's counted pages: ${extra.length}${extra.length ? ` (e.g. ${extra.slice(0, 8).join(', ')})` : ''}`,
  );
  out.push('', '## Mismatches by class', '');
  for (const [key, list] of [...classes].sort((a, b) => b[1].length - a[1].length)) {
    out.push(`### ${key}: ${list.length}`, '');
    for (const m of list.slice(0, Number(flag('examples') ?? 8))) out.push(`- \`${m.slug}\`: ${m.detail}`);
    out.push('');
  }
  out.push('## Lectern diagnostics by code', '');
  for (const [key, n] of Object.entries(lec.diagnostics).sort((a, b) => b[1] - a[1]))
    out.push(`- ${key}: ${n} — e.g. ${lec.examples[key]}`);
  return out.join('\n');
}

/** A coarse cause for a title that differs, so that like mismatches group together. */
function titleClass(p: OraclePage, l: LecternPage): string {
  if (norm(p.title).toLowerCase() === norm(l.title).toLowerCase()) return 'title differs in case only';
  if (l.sidebarTitle && norm(l.sidebarTitle) === norm(p.title)) return "Mintlify's title is Lectern's sidebarTitle";
  if (p.title.trim() !== p.title || /\s{2,}/.test(p.title)) return 'title differs in white space';
  if (!l.file) return `title differs (${l.kind} page, no file)`;
  return `title differs (${l.kind} page)`;
}

// ---------------------------------------------------------------------------------------------------------------

const [docs, work] = process.argv.slice(2).filter((a) => !a.startsWith('--')) as [string, string];
if (!docs || !work)
  throw new Error('usage: node bench/mintlify/crew-nav.ts <docs folder> <work folder> [--step=prebuild|lectern|compare|all]');
const step = flag('step') ?? 'all';
if (step === 'lectern-child') await lecternChild(path.resolve(docs), path.resolve(work));
else {
  if (step === 'prebuild' || step === 'all') prebuildStep(path.resolve(docs), path.resolve(work));
  if (step === 'lectern' || step === 'all') lecternStep(path.resolve(docs), path.resolve(work));
  if ((step === 'compare' || step === 'all') && existsSync(path.join(work, 'prebuild.json')))
    console.log(compare(path.resolve(docs), path.resolve(work)));
}
