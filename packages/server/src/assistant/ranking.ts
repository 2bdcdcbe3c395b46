/**
 * Scoring sections (with the fields of their page) against a question: BM25F over title, keywords/operation,
 * description, heading and body, where each word of the question is a group of alternatives (its stem, its
 * synonyms, its expansion: "PR" or "pull request") and the best alternative counts; plus a bonus when words of the
 * question stand next to each other in the text (phrases, "request changes") and one for a title the question
 * covers.
 *
 * Two passes over the in-memory corpus (corpus.ts): `firstPass` walks the postings of the question's terms and
 * gives every section holding one of them its BM25F score (a phrase counted as often as its rarest word); `exactScore`
 * then scores the best few sections of the leading pages with word positions (exact phrases, proximity).
 */
import type { Corpus } from './corpus.ts';
import type { Field } from './indexing.ts';
import type { QueryGroup } from './vocabulary.ts';

export interface WeightedGroup extends QueryGroup {
  /** 1 for words of the question; less for client context and earlier turns of the conversation. */
  weight: number;
  /** Where the group comes from; proximity only counts between words of the question itself. */
  origin: 'question' | 'context' | 'history';
}

/** The tuned constants (see bench/assistant-quality.ts). */
export const RANKING = {
  k1: 1.2,
  weight: { title: 5, keys: 3, description: 2, heading: 2.5, body: 1 } as Record<Field, number>,
  b: { title: 0.3, keys: 0.5, description: 0.5, heading: 0.4, body: 0.75 } as Record<Field, number>,
  /** Bonus for two question words within `window` stems of each other, times the rarer word's idf. */
  proximity: 0.35,
  window: 3,
  /** A phrase alternative whose words are all there but apart counts this much. */
  scattered: 0.5,
  /**
   * Bonus for a title the question covers: (share of the title's idf the question matches) x (idf of the
   * question's words in the title) x this. Short exact titles ("List commits", "Block a user") win over long
   * titles that merely contain the words.
   */
  title: 1,
  /** Share of a page's second-best section added to its best. */
  secondSection: 0.2,
  /** Derived forms sharing the root of a question's word (watcher/watch, subscription/subscribe), as near-synonyms. */
  rootWeight: 0.5,
  /** For a question asking to remove, the un- verb of its word when the site has one (star -> unstar). */
  undoneWeight: 0.8,
  /** Priors: a page in another language than the preferred one, or in another version (when no filter is sent). */
  otherLanguage: 0.3,
  otherVersion: 0.8,
  /** Endpoint pages whose method matches the question's action word (create -> POST), or not. */
  methodMatch: 1.1,
  methodMismatch: 0.9,
  /** …and, on top of it, a write operation (not `GET`) for a question about a state ("Which … are enabled?"). */
  writeForState: 0.7,
  /** Endpoint pages whose title's verb asks for the question's action (Create / Update / Remove …). */
  actionMatch: 1.1,
  /** An operation on all items at once ("Remove all labels") for a question about one thing. */
  bulkForOne: 0.9,
  /** …and for a question that changes or removes all or every item ("Clear every label from a runner"). */
  bulkForAll: 1.1,
  /** A question for a collection (asksForCollection): GET endpoints of a collection, and of one item. */
  collection: 1.1,
  itemForCollection: 0.9,
  /** Endpoint pages whose path's owner (questionScopes / pathScope) the question names, or names another one. */
  scopeMatch: 1.1,
  scopeMismatch: 0.9,
  /** A page whose best section links to another candidate page for a word of the question (see retrieval.ts). */
  deferToLink: 0.9,
};

const PAGE_FIELD_LIST = ['title', 'keys', 'description'] as const;
const SECTION_FIELD_LIST = ['heading', 'body'] as const;
const FIELD_LIST: Field[] = [...PAGE_FIELD_LIST, ...SECTION_FIELD_LIST];

export function idf(corpus: Corpus, df: number): number {
  return Math.log(1 + (corpus.pageCount - df + 0.5) / (df + 0.5));
}

// ---------------------------------------------------------------------------------------------------------------
// The question, prepared against a corpus

export interface PreparedAlternative {
  /** Term ids of the alternative's stems; undefined when one of them is not in the index (it cannot match). */
  ids: number[] | undefined;
  weight: number;
  /** The rarest of its stems' idf. */
  idf: number;
}

export interface PreparedGroup {
  weight: number;
  origin: WeightedGroup['origin'];
  alternatives: PreparedAlternative[];
  /** The most the group can weigh: its best alternative's weight x idf (an abbreviation may be rarer than its expansion). */
  idf: number;
}

export interface PreparedQuery {
  groups: PreparedGroup[];
  /** For each term of the query, the most any alternative holding it weighs (alternative x group weight). */
  termWeight: Map<number, number>;
  /** The most a section could score (each group saturated on its best alternative). */
  ceiling: number;
}

export function prepareQuery(groups: WeightedGroup[], corpus: Corpus): PreparedQuery {
  const termWeight = new Map<number, number>();
  const prepared = groups.map((g): PreparedGroup => {
    const alternatives = g.alternatives.map((a): PreparedAlternative => {
      const ids = a.stems.map((s) => corpus.termIds.get(s));
      const known = ids.every((id) => id !== undefined) ? (ids as number[]) : undefined;
      // An unknown stem is as rare as can be: a question about something the site never mentions weighs a lot and
      // matches nothing (so its relevance stays low).
      const rarest = Math.max(...ids.map((id) => idf(corpus, id === undefined ? 0 : corpus.df[id]!)));
      if (known) {
        const w = a.weight * g.weight;
        for (const id of known) if ((termWeight.get(id) ?? 0) < w) termWeight.set(id, w);
      }
      return { ids: known, weight: a.weight, idf: rarest };
    });
    return { weight: g.weight, origin: g.origin, alternatives, idf: Math.max(0, ...alternatives.map((a) => a.weight * a.idf)) };
  });
  let ceiling = 0;
  for (const g of prepared) ceiling += g.weight * g.idf;
  return { groups: prepared, termWeight, ceiling };
}

// ---------------------------------------------------------------------------------------------------------------
// First pass: BM25F of every section holding a term of the question

/** Working arrays of one corpus, reused by every question (generation stamps instead of clearing). */
export interface Scratch {
  gen: number;
  /** One alternative's field sums: per page (its page fields) and per section (heading and body). */
  pageStamp: Int32Array;
  pageValue: Float64Array;
  sectionStamp: Int32Array;
  sectionValue: Float64Array;
  altTouched: Int32Array;
  /** A phrase's words seen so far, and the fewest occurrences per field, per page and per section. */
  phrasePageStamp: Int32Array;
  phrasePageSeen: Int32Array;
  phrasePageMin: Float64Array;
  phraseSectionStamp: Int32Array;
  phraseSectionSeen: Int32Array;
  phraseSectionMin: Float64Array;
  /** The best alternative of the current group, per section. */
  groupStamp: Int32Array;
  groupBest: Float64Array;
  groupTouched: Int32Array;
  /** The question's score so far, per section. */
  totalStamp: Int32Array;
  total: Float64Array;
  touched: Int32Array;
  titleStamp: Int32Array;
  titleCovered: Float64Array;
}

export function createScratch(corpus: Corpus): Scratch {
  const p = corpus.pageCount + 1;
  const s = corpus.sectionCount + 1;
  return {
    gen: 0,
    pageStamp: new Int32Array(p),
    pageValue: new Float64Array(p),
    sectionStamp: new Int32Array(s),
    sectionValue: new Float64Array(s),
    altTouched: new Int32Array(s),
    phrasePageStamp: new Int32Array(p),
    phrasePageSeen: new Int32Array(p),
    phrasePageMin: new Float64Array(p * 3),
    phraseSectionStamp: new Int32Array(s),
    phraseSectionSeen: new Int32Array(s),
    phraseSectionMin: new Float64Array(s * 2),
    groupStamp: new Int32Array(s),
    groupBest: new Float64Array(s),
    groupTouched: new Int32Array(s),
    totalStamp: new Int32Array(s),
    total: new Float64Array(s),
    touched: new Int32Array(s),
    titleStamp: new Int32Array(p),
    titleCovered: new Float64Array(p),
  };
}

function nextGen(scratch: Scratch): number {
  return ++scratch.gen;
}

/** Stamps start over long before they could overflow (checked between questions). */
function renewStamps(scratch: Scratch): void {
  if (scratch.gen < 0x3fff0000) return;
  const stamps = [
    scratch.pageStamp,
    scratch.sectionStamp,
    scratch.phrasePageStamp,
    scratch.phraseSectionStamp,
    scratch.groupStamp,
    scratch.totalStamp,
    scratch.titleStamp,
  ];
  for (const a of stamps) a.fill(0);
  scratch.gen = 0;
}

export interface FirstPass {
  /** Sections holding some term of the question (`count` of them, in `sections`). */
  sections: Int32Array;
  count: number;
  /** BM25F of each section (by id; valid for the listed sections). */
  score: Float64Array;
  /** Title bonus of a page (see `RANKING.title`). */
  titleBonus: (page: number) => number;
}

/**
 * BM25F of every section of an allowed page that holds a term of the question: per group the best alternative,
 * where a page field's occurrences count for each of the page's sections.
 */
export function firstPass(corpus: Corpus, q: PreparedQuery, allowed: Uint8Array | undefined, s: Scratch): FirstPass {
  const { k1, weight, b } = RANKING;
  const avg = corpus.averages;
  const pp = corpus.pagePostings;
  const sp = corpus.sectionPostings;
  const { pageLength, sectionLength, sectionPage, pages } = corpus;
  const bT = b.title / (avg.title || 1);
  const bK = b.keys / (avg.keys || 1);
  const bD = b.description / (avg.description || 1);
  const bH = b.heading / (avg.heading || 1);
  const bB = b.body / (avg.body || 1);
  // Field sums of page p / section sec from counts per field.
  const pageSum = (p: number, title: number, keys: number, description: number): number =>
    (title ? (weight.title * title) / (1 - b.title + bT * pageLength.title[p]!) : 0) +
    (keys ? (weight.keys * keys) / (1 - b.keys + bK * pageLength.keys[p]!) : 0) +
    (description ? (weight.description * description) / (1 - b.description + bD * pageLength.description[p]!) : 0);
  const sectionSum = (sec: number, heading: number, body: number): number =>
    (heading ? (weight.heading * heading) / (1 - b.heading + bH * sectionLength.heading[sec]!) : 0) +
    (body ? (weight.body * body) / (1 - b.body + bB * sectionLength.body[sec]!) : 0);

  renewStamps(s);
  const totalGen = nextGen(s);
  let count = 0;
  for (const g of q.groups) {
    const groupGen = nextGen(s);
    let groupCount = 0;
    for (const alt of g.alternatives) {
      const wi = alt.weight * alt.idf;
      if (!alt.ids || wi <= 0) continue;
      const gen = nextGen(s);
      let altCount = 0;
      // A page field match counts for every section of the page.
      const addPage = (p: number, value: number) => {
        if (value <= 0) return;
        s.pageStamp[p] = gen;
        s.pageValue[p] = value;
        const info = pages[p]!;
        for (let sec = info.firstSection, end = info.firstSection + info.sectionCount; sec < end; sec++) {
          if (s.sectionStamp[sec] !== gen) {
            s.sectionStamp[sec] = gen;
            s.sectionValue[sec] = 0;
            s.altTouched[altCount++] = sec;
          }
        }
      };
      const addSection = (sec: number, value: number) => {
        if (value <= 0) return;
        if (s.sectionStamp[sec] !== gen) {
          s.sectionStamp[sec] = gen;
          s.sectionValue[sec] = 0;
          s.altTouched[altCount++] = sec;
        }
        s.sectionValue[sec]! += value;
      };
      if (alt.ids.length === 1) {
        const t = alt.ids[0]!;
        for (let e = pp.offsets[t]!, end = pp.offsets[t + 1]!; e < end; e++) {
          const p = pp.ids[e]!;
          if (allowed && !allowed[p]) continue;
          addPage(p, pageSum(p, pp.tf[e * 3]!, pp.tf[e * 3 + 1]!, pp.tf[e * 3 + 2]!));
        }
        for (let e = sp.offsets[t]!, end = sp.offsets[t + 1]!; e < end; e++) {
          const sec = sp.ids[e]!;
          if (allowed && !allowed[sectionPage[sec]!]) continue;
          addSection(sec, sectionSum(sec, sp.tf[e * 2]!, sp.tf[e * 2 + 1]!));
        }
      } else {
        phraseFields(
          corpus,
          alt.ids,
          allowed,
          s,
          (p, t, k, d) => addPage(p, pageSum(p, t, k, d)),
          (sec, h, bo) => addSection(sec, sectionSum(sec, h, bo)),
        );
      }
      for (let i = 0; i < altCount; i++) {
        const sec = s.altTouched[i]!;
        const p = sectionPage[sec]!;
        const tf = s.sectionValue[sec]! + (s.pageStamp[p] === gen ? s.pageValue[p]! : 0);
        const v = (wi * tf) / (k1 + tf);
        if (s.groupStamp[sec] !== groupGen) {
          s.groupStamp[sec] = groupGen;
          s.groupBest[sec] = v;
          s.groupTouched[groupCount++] = sec;
        } else if (v > s.groupBest[sec]!) s.groupBest[sec] = v;
      }
    }
    for (let i = 0; i < groupCount; i++) {
      const sec = s.groupTouched[i]!;
      if (s.totalStamp[sec] !== totalGen) {
        s.totalStamp[sec] = totalGen;
        s.total[sec] = 0;
        s.touched[count++] = sec;
      }
      s.total[sec]! += g.weight * s.groupBest[sec]!;
    }
  }

  // Title bonus: how much of each matched page's title the question covers.
  const titleGen = nextGen(s);
  for (const [t, w] of q.termWeight) {
    const tIdf = idf(corpus, corpus.df[t]!);
    for (let e = pp.offsets[t]!, end = pp.offsets[t + 1]!; e < end; e++) {
      if (!pp.tf[e * 3]) continue;
      const p = pp.ids[e]!;
      if (s.titleStamp[p] !== titleGen) {
        s.titleStamp[p] = titleGen;
        s.titleCovered[p] = 0;
      }
      s.titleCovered[p]! += tIdf * w;
    }
  }
  const titleIdf = corpusTitleIdf(corpus);
  const titleBonus = (p: number): number => {
    if (s.titleStamp[p] !== titleGen || !(titleIdf[p]! > 0)) return 0;
    const covered = s.titleCovered[p]!;
    return RANKING.title * (covered / titleIdf[p]!) * covered;
  };
  return { sections: s.touched, count, score: s.total, titleBonus };
}

/**
 * Where all words of a phrase occur, per field as often as the rarest of them (an upper bound of the phrase's
 * count; the second pass counts it exactly): `page(p, title, keys, description)`, `section(sec, heading, body)`.
 */
function phraseFields(
  corpus: Corpus,
  ids: number[],
  allowed: Uint8Array | undefined,
  s: Scratch,
  page: (p: number, title: number, keys: number, description: number) => void,
  section: (sec: number, heading: number, body: number) => void,
): void {
  const pp = corpus.pagePostings;
  const sp = corpus.sectionPostings;
  const gen = nextGen(s);
  const pageHits: number[] = [];
  const sectionHits: number[] = [];
  ids.forEach((t, i) => {
    for (let e = pp.offsets[t]!, end = pp.offsets[t + 1]!; e < end; e++) {
      const p = pp.ids[e]!;
      if (i === 0) {
        if (allowed && !allowed[p]) continue;
        s.phrasePageStamp[p] = gen;
        s.phrasePageSeen[p] = 1;
        for (let f = 0; f < 3; f++) s.phrasePageMin[p * 3 + f] = pp.tf[e * 3 + f]!;
        pageHits.push(p);
      } else if (s.phrasePageStamp[p] === gen && s.phrasePageSeen[p] === i) {
        s.phrasePageSeen[p] = i + 1;
        for (let f = 0; f < 3; f++) s.phrasePageMin[p * 3 + f] = Math.min(s.phrasePageMin[p * 3 + f]!, pp.tf[e * 3 + f]!);
      }
    }
    for (let e = sp.offsets[t]!, end = sp.offsets[t + 1]!; e < end; e++) {
      const sec = sp.ids[e]!;
      if (i === 0) {
        if (allowed && !allowed[corpus.sectionPage[sec]!]) continue;
        s.phraseSectionStamp[sec] = gen;
        s.phraseSectionSeen[sec] = 1;
        for (let f = 0; f < 2; f++) s.phraseSectionMin[sec * 2 + f] = sp.tf[e * 2 + f]!;
        sectionHits.push(sec);
      } else if (s.phraseSectionStamp[sec] === gen && s.phraseSectionSeen[sec] === i) {
        s.phraseSectionSeen[sec] = i + 1;
        for (let f = 0; f < 2; f++) s.phraseSectionMin[sec * 2 + f] = Math.min(s.phraseSectionMin[sec * 2 + f]!, sp.tf[e * 2 + f]!);
      }
    }
  });
  for (const p of pageHits) {
    if (s.phrasePageSeen[p] === ids.length) page(p, s.phrasePageMin[p * 3]!, s.phrasePageMin[p * 3 + 1]!, s.phrasePageMin[p * 3 + 2]!);
  }
  for (const sec of sectionHits) {
    if (s.phraseSectionSeen[sec] === ids.length) section(sec, s.phraseSectionMin[sec * 2]!, s.phraseSectionMin[sec * 2 + 1]!);
  }
}

/** Sum of the idf of each page's distinct title terms (cached per corpus). */
const titleIdfs = new WeakMap<Corpus, Float64Array>();
function corpusTitleIdf(corpus: Corpus): Float64Array {
  let out = titleIdfs.get(corpus);
  if (!out) {
    out = new Float64Array(corpus.pageCount + 1);
    for (let p = 1; p <= corpus.pageCount; p++) {
      let sum = 0;
      for (const t of new Set(corpus.pages[p]!.title_)) sum += idf(corpus, corpus.df[t]!);
      out[p] = sum;
    }
    titleIdfs.set(corpus, out);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Second pass: exact scores with word positions

export type Positions = Map<number, number[]>;

/** Positions of the wanted terms in a field. */
export function positionsOf(terms: Uint32Array, wanted: Map<number, number>): Positions {
  const out: Positions = new Map();
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i]!;
    if (!wanted.has(t)) continue;
    const list = out.get(t);
    if (list) list.push(i);
    else out.set(t, [i]);
  }
  return out;
}

export interface FieldView {
  positions: Positions;
  length: number;
}

export type SectionView = Record<Field, FieldView>;

/** How often a phrase occurs (its terms in order, at most one term apart). */
function phraseCount(ids: number[], positions: Positions): number {
  const first = positions.get(ids[0]!);
  if (!first) return 0;
  let count = 0;
  outer: for (const start of first) {
    let at = start;
    for (let k = 1; k < ids.length; k++) {
      const next = positions.get(ids[k]!)?.find((p) => p > at && p - at <= 2);
      if (next === undefined) continue outer;
      at = next;
    }
    count++;
  }
  return count;
}

export interface SectionScore {
  /** BM25F + proximity and title bonuses. */
  score: number;
  /** BM25F and title bonus over the most any section could score for this query (0–1). */
  relevance: number;
  /** How many words (groups) of the question itself matched. */
  matched: number;
}

export function exactScore(q: PreparedQuery, view: SectionView, corpus: Corpus, pageBonus = 0): SectionScore {
  const { k1, weight, b } = RANKING;
  let total = 0;
  let matched = 0;
  const hit: boolean[] = [];
  for (const g of q.groups) {
    let best = 0;
    for (const alt of g.alternatives) {
      if (!alt.ids) continue;
      let tf = 0;
      for (const f of FIELD_LIST) {
        const fv = view[f];
        if (fv.length === 0) continue;
        let count: number;
        if (alt.ids.length === 1) count = fv.positions.get(alt.ids[0]!)?.length ?? 0;
        else {
          count = phraseCount(alt.ids, fv.positions);
          if (count === 0 && alt.ids.every((s) => fv.positions.has(s))) count = RANKING.scattered;
        }
        if (count === 0) continue;
        const avg = corpus.averages[f] || 1;
        tf += (weight[f] * count) / (1 - b[f] + (b[f] * fv.length) / avg);
      }
      if (tf === 0) continue;
      const s = alt.weight * alt.idf * (tf / (k1 + tf));
      if (s > best) best = s;
    }
    hit.push(best > 0);
    if (best > 0) {
      total += g.weight * best;
      if (g.origin === 'question') matched++;
    }
  }

  // Proximity: consecutive words of the question close together in one field.
  let bonus = 0;
  const qs = q.groups.map((g, i) => ({ g, i })).filter((x) => x.g.origin === 'question');
  for (let a = 0; a < qs.length - 1; a++) {
    for (let c = a + 1; c <= Math.min(a + 2, qs.length - 1); c++) {
      const x = qs[a]!;
      const y = qs[c]!;
      if (!hit[x.i] || !hit[y.i]) continue;
      let near = 0;
      for (const f of FIELD_LIST) {
        const fv = view[f];
        if (fv.length === 0) continue;
        if (isNear(x.g, y.g, fv.positions, RANKING.window)) {
          near = Math.max(near, f === 'body' ? 0.6 : 1);
          if (near === 1) break;
        }
      }
      if (near > 0) bonus += RANKING.proximity * near * Math.min(x.g.idf, y.g.idf);
    }
  }
  const score = total + bonus + pageBonus;
  // Relevance leaves the proximity bonus out: it says how much of the question's weight the page carries, in its
  // text and (the title bonus) in a title the question covers.
  const relevance = q.ceiling > 0 ? Math.min(1, (total + pageBonus) / q.ceiling) : 0;
  return { score, relevance, matched };
}

function isNear(x: PreparedGroup, y: PreparedGroup, positions: Positions, window: number): boolean {
  const at = (g: PreparedGroup): number[] => {
    const out: number[] = [];
    for (const alt of g.alternatives) {
      if (!alt.ids) continue;
      const first = positions.get(alt.ids[0]!);
      const last = positions.get(alt.ids.at(-1)!);
      if (first) out.push(...first);
      if (last && last !== first) out.push(...last);
    }
    return out;
  };
  const xs = at(x);
  if (xs.length === 0) return false;
  const ys = at(y);
  for (const p of xs) for (const r of ys) if (p !== r && Math.abs(p - r) <= window) return true;
  return false;
}
