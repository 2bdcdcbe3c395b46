/**
 * Words the site itself associates with a word of the question: what the pages that mention the word are about.
 * For a word the reader uses ("throttled"), the pages holding it anywhere are read, and the words of their title
 * and keys (each page's label: "Get rate limit status") that those pages share far more often than the site's pages
 * at large become weak alternatives of the word. A page lacking the reader's word can then match on its label;
 * a page holding the word is unaffected (the best alternative of a word counts).
 *
 * Learned from the site's content, no word list: it transfers to questions nobody tuned for. Computed per word on
 * first use and kept with the corpus in memory.
 */
import type { Corpus } from './corpus.ts';

export const ASSOCIATION = {
  /** Weight of an alternative whose word labels every page mentioning the reader's word (less in proportion). */
  weight: Number(process.env.LECTERN_AS_W ?? 0.4),
  /** Alternatives per word at most. */
  terms: Number(process.env.LECTERN_AS_N ?? 3),
  /** Words on more pages than this share of the site are left alone (too common to need help). */
  maxShare: Number(process.env.LECTERN_AS_MAX ?? 0.05),
  /** A label word must be on at least this many of those pages, and this share of them. */
  minPages: 2,
  minShare: Number(process.env.LECTERN_AS_MINSHARE ?? 0.15),
  /** How much more often than on the site at large (lift). */
  minLift: Number(process.env.LECTERN_AS_LIFT ?? 4),
};

interface Cache {
  labelDf: Int32Array;
  byTerm: Map<number, Array<{ term: number; weight: number }>>;
}
const caches = new WeakMap<Corpus, Cache>();

function cacheOf(corpus: Corpus): Cache {
  let c = caches.get(corpus);
  if (!c) {
    const labelDf = new Int32Array(corpus.termOf.length + 1);
    for (let p = 1; p <= corpus.pageCount; p++) for (const t of labelOf(corpus, p)) labelDf[t]!++;
    caches.set(corpus, (c = { labelDf, byTerm: new Map() }));
  }
  return c;
}

/** A page's label: the distinct terms of its title and keys. */
function labelOf(corpus: Corpus, page: number): Set<number> {
  const info = corpus.pages[page]!;
  return new Set([...info.title_, ...info.keys]);
}

/** The terms the site associates with term `t`, strongest first, with their weight as alternatives. */
export function associatedTerms(corpus: Corpus, t: number): Array<{ term: number; weight: number }> {
  const cache = cacheOf(corpus);
  const known = cache.byTerm.get(t);
  if (known) return known;
  let out: Array<{ term: number; weight: number }> = [];
  const df = corpus.df[t] ?? 0;
  if (df >= ASSOCIATION.minPages && df <= ASSOCIATION.maxShare * corpus.pageCount) {
    const pages = new Set<number>();
    const pp = corpus.pagePostings;
    for (let e = pp.offsets[t]!, end = pp.offsets[t + 1]!; e < end; e++) pages.add(pp.ids[e]!);
    const sp = corpus.sectionPostings;
    for (let e = sp.offsets[t]!, end = sp.offsets[t + 1]!; e < end; e++) pages.add(corpus.sectionPage[sp.ids[e]!]!);
    const counts = new Map<number, number>();
    for (const p of pages) for (const l of labelOf(corpus, p)) if (l !== t) counts.set(l, (counts.get(l) ?? 0) + 1);
    const n = pages.size;
    const N = corpus.pageCount;
    out = [...counts]
      .map(([term, c]) => ({ term, c, share: c / n, lift: c / n / (cache.labelDf[term]! / N) }))
      .filter((x) => x.c >= ASSOCIATION.minPages && x.share >= ASSOCIATION.minShare && x.lift >= ASSOCIATION.minLift)
      .sort((a, b) => b.share * Math.log(b.lift) - a.share * Math.log(a.lift) || a.term - b.term)
      .slice(0, ASSOCIATION.terms)
      .map((x) => ({ term: x.term, weight: ASSOCIATION.weight * x.share }));
  }
  cache.byTerm.set(t, out);
  return out;
}
