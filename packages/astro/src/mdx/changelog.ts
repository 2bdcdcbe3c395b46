/**
 * The table of contents of a changelog page (Mintlify's `<Update>` entries): each Update's label, linking to its
 * anchor, where the Update stands among the page's headings; the headings inside Updates are left out (Mintlify lists
 * the labels only). An Update's `tags` ride on its entry: layout/Toc.astro turns them into the page's tag filters.
 * The outline comes from the MDX analysis (passes/update-outline.ts, exported by the page module as `lecternOutline`);
 * this module has no parser, as it runs with the pages (architecture.test.ts).
 */
import { slug } from '../shared/render/split.ts';

/** A table of contents entry; an Update's has `tags` (empty when it has none). */
export interface TocHeading {
  depth: number;
  slug: string;
  text: string;
  tags?: string[];
}

/** A Markdown heading of the page (`in`: inside an Update) or an Update, in page order. */
export type OutlineEvent = { heading: string; in?: 1 } | { update: string; tags: string[] };

/** The anchor of an Update (components/Update.astro): its label as a heading slug. */
export const updateId = (label: string): string => slug(label);

/**
 * `headings` (the page's, as the MDX compiler collected them) with the Update labels of `outline` in their place and
 * the headings inside Updates left out; `headings` itself when the page has no Update.
 */
export function changelogHeadings(outline: OutlineEvent[] | undefined, headings: TocHeading[]): TocHeading[] {
  if (!outline?.some((e) => 'update' in e)) return headings;
  const out: TocHeading[] = [];
  let next = 0;
  for (const e of outline) {
    if ('update' in e) {
      out.push({ depth: 2, slug: updateId(e.update), text: e.update, tags: e.tags });
      continue;
    }
    // The compiler's heading of the same text; the ones passed on the way (JSX headings) are kept as they come.
    const at = headings.findIndex((h, i) => i >= next && h.text.trim() === e.heading);
    if (at < 0) continue;
    out.push(...headings.slice(next, at));
    if (!e.in) out.push(headings[at]!);
    next = at + 1;
  }
  return [...out, ...headings.slice(next)];
}
