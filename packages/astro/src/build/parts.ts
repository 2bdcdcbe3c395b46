/**
 * How a large build is cut in parts. Bundling holds every page module of a part in memory at once, so a site is built
 * in parts, each in a process of its own (cli/build-part.ts), and the parts merged: the memory peak is that of one
 * part. Each part pays a fixed cost (Astro started, Lectern's components and islands bundled: about 8 s of CPU on the
 * 2-core machine), so parts are as large as memory allows.
 *
 * A part's memory follows the size of its MDX text more than its number of pages (measured: 1,000 generated prose
 * pages of 4 KB and 531 pages of mintlify/docs, 3.8 MB either way, both peak near 1 GB), so by default a part takes
 * pages, in plan order, up to PART_BYTES of MDX text; byte-identical copies of a page share its module
 * (page-modules.ts), so they join its part and count as near-empty pages. Generated endpoint pages have no module of
 * their own and weigh nothing (a site of 1,200 operations builds in one process). `LECTERN_PART_PAGES=<n>` cuts by page count instead
 * (`0`: one part, in the build's own process); `LECTERN_PART_BYTES=<n>` changes the budget.
 */
import type { Site } from '../model/store.ts';
import { copyKey } from './page-modules.ts';
import { readJson, writeAtomic } from '../shared/build-cache.ts';
import { searchGroup } from './search-index.ts';

export type PartSize = { pages: number } | { bytes: number };

/** MDX text per part by default (about 1 GB peak per part; see the module comment). */
export const PART_BYTES = 4_000_000;

/** A page's weight never counts less than this: a near-empty page still has a module, imports and a rendered page. */
const MIN_PAGE_BYTES = 1_000;

/** The part size the environment asks for: `LECTERN_PART_PAGES` (page count) or `LECTERN_PART_BYTES` (MDX text). */
export function partSize(env: NodeJS.ProcessEnv = process.env): PartSize {
  const pages = Number(env.LECTERN_PART_PAGES);
  if (env.LECTERN_PART_PAGES !== undefined && Number.isFinite(pages)) return { pages };
  const bytes = Number(env.LECTERN_PART_BYTES);
  return { bytes: env.LECTERN_PART_BYTES !== undefined && Number.isFinite(bytes) ? bytes : PART_BYTES };
}

/**
 * The site's pages in parts (slugs) of about the same weight, none over the budget unless a single page (with its
 * copies) is: one part when the whole site fits. Weight: 1 per MDX page (`pages`) or the length of its text (`bytes`).
 * Byte-identical copies of a page share one module (page-modules.ts), so they go in the same part, and with `bytes` a
 * copy weighs what a near-empty page does. Pages are in plan order, copies after the first of them.
 */
export function partsOf(site: Site, size: PartSize): string[][] {
  return cut(copyGroups(site, site.plan.pages), size);
}

/** A group's weight under `size`: its MDX pages (`pages`), or its text plus a near-empty page per copy (`bytes`). */
function weigh(group: Group, size: PartSize): number {
  return 'pages' in size ? group.weight && group.slugs.length : group.weight && group.weight + (group.slugs.length - 1) * MIN_PAGE_BYTES;
}

const budgetOf = (size: PartSize) => ('pages' in size ? size.pages : size.bytes);

/** `groups`, in their order, in parts of about the same weight (see `partsOf`). */
function cut(groups: Group[], size: PartSize): string[][] {
  const weights = groups.map((g) => weigh(g, size));
  const budget = budgetOf(size);
  const total = weights.reduce((a, b) => a + b, 0);
  if (budget <= 0 || total <= budget) return [groups.flatMap((g) => g.slugs)];
  // Spread evenly: 450 MDX pages in parts of 200 are three parts of 150.
  const parts = Math.ceil(total / budget);
  const share = 'pages' in size ? Math.ceil(total / parts) : total / parts;
  const out: string[][] = [[]];
  let filled = 0;
  groups.forEach((group, i) => {
    const w = weights[i]!;
    // A page without a module never opens a part, and no part is left without one.
    if (w > 0 && filled > 0 && filled + w > share) {
      out.push([]);
      filled = 0;
    }
    filled += w;
    out[out.length - 1]!.push(...group.slugs);
  });
  return out;
}

/** How many pages are copies of an earlier page and share its module (page-modules.ts). */
export function sharedCopies(site: Site): number {
  return copyGroups(site, site.plan.pages).reduce((n, g) => n + g.slugs.length - 1, 0);
}

/** A page and its byte-identical copies (page-modules.ts `copyKey`), with the weight of one of them (0: no module). */
interface Group {
  slugs: string[];
  weight: number;
}

/** `pages` (in their order) as groups of copies; a group is where its first page is. */
function copyGroups(site: Site, pages: readonly PlannedPage[]): Group[] {
  const groups: Group[] = [];
  const byKey = new Map<string, Group>();
  for (const p of pages) {
    const text = textOf(site, p);
    const key = sharedKey(site, p);
    const known = key === undefined ? undefined : byKey.get(key);
    if (known) {
      known.slugs.push(p.slug);
      continue;
    }
    const group = { slugs: [p.slug], weight: text === undefined ? 0 : Math.max(MIN_PAGE_BYTES, text.length) };
    groups.push(group);
    if (key !== undefined) byKey.set(key, group);
  }
  return groups;
}

type PlannedPage = Site['plan']['pages'][number];

/** What the page's copies share (page-modules.ts `copyKey`), or undefined for a page without a module or copies. */
function sharedKey(site: Site, p: PlannedPage): string | undefined {
  return textOf(site, p) === undefined ? undefined : copyKey(site, p);
}

/** A page's MDX text, or undefined for a page that has no module (a generated endpoint page) or is not built. */
function textOf(site: Site, p: PlannedPage): string | undefined {
  if ((p.file === undefined && !site.content.has(p.slug)) || site.blocked.has(p.slug)) return undefined;
  return p.body ?? '';
}

/** The length of the MDX text of a part's modules (what they grow with): copies of a page share one module. */
export function partText(site: Site, slugs: readonly string[]): number {
  const wanted = new Set(slugs);
  const seen = new Set<string>();
  let sum = 0;
  for (const p of site.plan.pages) {
    if (!wanted.has(p.slug)) continue;
    const key = copyKey(site, p);
    if (key !== undefined && seen.has(key)) continue;
    if (key !== undefined) seen.add(key);
    sum += textOf(site, p)?.length ?? 0;
  }
  return sum;
}

/** What `lastParts` keeps between builds: the part size asked for and the parts, as slugs. */
interface KeptParts {
  size: PartSize;
  parts: string[][];
}

/**
 * The parts of the site's last build in parts, brought up to the site's pages, for the same part size; else `fresh`.
 * An edit then leaves its page in its part and the other parts come from the cache (part-cache.ts): cut afresh, an edit
 * that turns a copy into a page of its own (it weighs its whole text then) would move every part boundary after it, and
 * adding or removing a page would move every boundary after it, so nearly every part would be built again.
 *
 * A removed page leaves its part; an added page joins the part of its copies (page-modules.ts) or else of the page
 * before it in plan order (the first part when none is), right after that page. A part that grows over twice the
 * budget is cut in parts of its own (the others stay as they are), and a part left without pages is dropped.
 */
export function lastParts(file: string, fresh: string[][], site: Site, size: PartSize): string[][] {
  const kept = readJson<KeptParts>(file);
  if (!kept || JSON.stringify(kept.size) !== JSON.stringify(size) || !isParts(kept.parts) || kept.parts.length < 2) return fresh;
  const parts = followPages(kept.parts, site);
  if (!parts) return fresh;
  const bySlug = new Map(site.plan.pages.map((p) => [p.slug, p]));
  const budget = budgetOf(size);
  return parts
    .flatMap((slugs) => {
      const pages = slugs.map((slug) => bySlug.get(slug)!);
      const groups = copyGroups(site, pages);
      const weight = groups.reduce((sum, g) => sum + weigh(g, size), 0);
      return weight > 2 * budget ? cut(groups, size) : [slugs];
    })
    .filter((slugs) => slugs.length > 0);
}

/** A list of parts as `keepParts` writes it (the file may be damaged or hand-edited). */
function isParts(value: unknown): value is string[][] {
  return Array.isArray(value) && value.every((part) => Array.isArray(part) && part.every((slug) => typeof slug === 'string'));
}

/**
 * The kept parts with the site's pages now (see `lastParts`), empty parts included; undefined when no page of the kept
 * parts is left (nothing of them is worth keeping).
 */
function followPages(keptParts: string[][], site: Site): string[][] | undefined {
  const present = new Set(site.plan.pages.map((p) => p.slug));
  const partOf = new Map<string, number>();
  const parts = keptParts.map((slugs, i) =>
    slugs.filter((slug) => {
      // A slug twice (a hand-edited file): the first part keeps it.
      if (!present.has(slug) || partOf.has(slug)) return false;
      partOf.set(slug, i);
      return true;
    }),
  );
  if (partOf.size === 0) return undefined;
  // The last page of each set of copies placed so far: a new copy goes after it, in its part.
  const lastCopy = new Map<string, string>();
  const copyKeys = new Map<string, string | undefined>(site.plan.pages.map((p) => [p.slug, sharedKey(site, p)]));
  for (const p of site.plan.pages) {
    const key = copyKeys.get(p.slug);
    if (key !== undefined && partOf.has(p.slug)) lastCopy.set(key, p.slug);
  }
  let before: string | undefined;
  for (const p of site.plan.pages) {
    if (!partOf.has(p.slug)) {
      const key = copyKeys.get(p.slug);
      const after = (key !== undefined ? lastCopy.get(key) : undefined) ?? before;
      const index = after === undefined ? 0 : partOf.get(after)!;
      const part = parts[index]!;
      part.splice(after === undefined ? 0 : part.indexOf(after) + 1, 0, p.slug);
      partOf.set(p.slug, index);
      if (key !== undefined) lastCopy.set(key, p.slug);
    }
    before = p.slug;
  }
  return parts;
}

/** Keep a build's parts for the next build (see `lastParts`). */
export function keepParts(file: string, parts: string[][], size: PartSize): void {
  writeAtomic(file, JSON.stringify({ size, parts } satisfies KeptParts));
}

/**
 * The progress line of a build in parts, printed as each part is merged: pages done of the total, the rate since the
 * first part began and the time left at that rate.
 */
export function progressLine(done: number, total: number, elapsedMs: number): string {
  const pct = total ? Math.floor((100 * done) / total) : 100;
  const rate = elapsedMs > 0 ? done / (elapsedMs / 1000) : 0;
  const left = rate > 0 ? (total - done) / rate : 0;
  const time = left >= 90 ? `about ${Math.round(left / 60)} min left` : `about ${Math.ceil(left)} s left`;
  return `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} pages (${pct} %), ${rate.toFixed(rate < 10 ? 1 : 0)} pages/s${done < total ? `, ${time}` : ''}`;
}

/**
 * The pages the search index takes once part i is in `staging` (i in plan order), for a site with versions: the pages
 * of each language and version together, once every part holding some of them is in. The index is written a bundle
 * per language and version (search-bundles.ts), and a bundle that gives way to two other versions of its language is
 * written as it is; parts hold a page's copies in every version, so fed part by part, crewAI's versions came in turn
 * page after page and its index was cut in thousands of bundles. A site without versions takes each part's pages as
 * the part comes in.
 */
export function searchFeedOrder(
  pages: ReadonlyArray<Pick<Site['plan']['pages'][number], 'slug' | 'language' | 'version'>>,
  parts: readonly string[][],
): string[][] {
  if (new Set(pages.map((p) => p.version ?? '')).size < 2) return parts.map((slugs) => [...slugs]);
  const partOf = new Map<string, number>();
  parts.forEach((slugs, i) => slugs.forEach((slug) => partOf.set(slug, i)));
  // Groups in the order their first page comes in the plan, each group's pages in plan order.
  const groups = new Map<string, { slugs: string[]; last: number }>();
  for (const p of pages) {
    const part = partOf.get(p.slug);
    if (part === undefined) continue;
    const key = `${(p.language ?? '').toLowerCase()}\u0000${p.version ?? ''}`;
    const group = groups.get(key) ?? { slugs: [], last: 0 };
    groups.set(key, group);
    group.slugs.push(p.slug);
    group.last = Math.max(group.last, part);
  }
  const order: string[][] = parts.map(() => []);
  for (const { slugs, last } of groups.values()) order[last]!.push(...slugs);
  return order;
}

/**
 * The languages and versions (search-index.ts `searchGroup`) no part to build has a page in: their search index is
 * expected from the cache (search-index.ts `hold`), so an edit of one version's page sends Pagefind that version's
 * pages only, not its language's every version (crewAI: about 600 pages instead of 6,239, 88 s of a warm build).
 * `parts` are cut from `pages`, `kept[i]` set when part i comes from the cache.
 */
export function unchangedSearchGroups(
  pages: ReadonlyArray<Pick<Site['plan']['pages'][number], 'slug' | 'language' | 'version'>>,
  parts: readonly string[][],
  kept: readonly unknown[],
): Set<string> {
  const groupOf = new Map(pages.map((p) => [p.slug, searchGroup((p.language ?? 'en').toLowerCase(), p.version ?? '')]));
  const unchanged = new Set(groupOf.values());
  parts.forEach((slugs, i) => {
    if (!kept[i]) for (const slug of slugs) unchanged.delete(groupOf.get(slug) ?? '');
  });
  return unchanged;
}
