/**
 * Scoring a section (with the fields of its page) against a question: BM25F over title, keywords/operation,
 * description, heading and body, where each word of the question is a group of alternatives (its stem, its
 * synonyms, its expansion: "PR" or "pull request") and the best alternative counts; plus a bonus when words of the
 * question stand next to each other in the text (phrases, "request changes"). Pure functions, no SQL.
 */
import type { Field } from './indexing.ts';
import type { QueryGroup } from './vocabulary.ts';

export interface WeightedGroup extends QueryGroup {
  /** 1 for words of the question; less for client context and earlier turns of the conversation. */
  weight: number;
  /** Where the group comes from; proximity only counts between words of the question itself. */
  origin: 'question' | 'context' | 'history';
}

export interface CorpusStats {
  /** Number of pages. */
  pages: number;
  /** Average length (in stems) of each field over all sections. */
  averages: Record<Field, number>;
  /** Number of pages that contain a stem. */
  df: (stem: string) => number;
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
  /** Derived forms: a stem of at least `minPrefix` letters also finds up to `prefixTerms` longer index words. */
  minPrefix: 5,
  prefixTerms: 2,
  prefixWeight: 0.5,
  /**
   * On sites of `commonFrom` pages or more, a word in more than `common` of the pages finds candidates only through
   * titles, keywords and headings (FTS5 would otherwise rank most sections for it).
   */
  common: 0.25,
  commonFrom: 200,
  /** Alternatives weighing less (alternative x group weight) do not find candidates, they only score them. */
  matchWeight: 0.45,
  /** Priors: a page in another language than the preferred one, or in another version (when no filter is sent). */
  otherLanguage: 0.3,
  otherVersion: 0.8,
  /** Endpoint pages whose method matches the question's action word (create -> POST), or not. */
  methodMatch: 1.1,
  methodMismatch: 0.9,
};

const FIELD_LIST: Field[] = ['title', 'keys', 'description', 'heading', 'body'];

export type Positions = Map<string, number[]>;

/** Positions of the wanted stems in a field's stems. */
export function positionsOf(stems: string[], wanted: Set<string>): Positions {
  const out: Positions = new Map();
  for (let i = 0; i < stems.length; i++) {
    const s = stems[i]!;
    if (!wanted.has(s)) continue;
    const list = out.get(s);
    if (list) list.push(i);
    else out.set(s, [i]);
  }
  return out;
}

export interface FieldView {
  positions: Positions;
  length: number;
}

export type SectionView = Record<Field, FieldView>;

export function idf(stats: CorpusStats, stem: string): number {
  const df = stats.df(stem);
  return Math.log(1 + (stats.pages - df + 0.5) / (df + 0.5));
}

/** How often a phrase occurs (its stems in order, at most one stem apart). */
function phraseCount(stems: string[], positions: Positions): number {
  const first = positions.get(stems[0]!);
  if (!first) return 0;
  let count = 0;
  outer: for (const start of first) {
    let at = start;
    for (let k = 1; k < stems.length; k++) {
      const next = positions.get(stems[k]!)?.find((p) => p > at && p - at <= 2);
      if (next === undefined) continue outer;
      at = next;
    }
    count++;
  }
  return count;
}

/** The most a group can weigh: its best alternative's weight x idf (an abbreviation may be rarer than its expansion). */
function groupIdf(group: QueryGroup, stats: CorpusStats): number {
  let best = 0;
  for (const a of group.alternatives) best = Math.max(best, a.weight * Math.max(...a.stems.map((s) => idf(stats, s))));
  return best;
}

export interface SectionScore {
  /** BM25F + proximity and title bonuses. */
  score: number;
  /** BM25F and title bonus over the most any section could score for this query (0–1). */
  relevance: number;
  /** How many words (groups) of the question itself matched. */
  matched: number;
}

/** The precomputed parts of a question that do not depend on the section. */
export interface PreparedQuery {
  groups: WeightedGroup[];
  /** For each stem of the query, the most any alternative holding it weighs (alternative x group weight). */
  stemWeight: Map<string, number>;
  idfs: number[][];
  groupIdfs: number[];
  wanted: Set<string>;
  /** The most a section could score (each group saturated on its best alternative). */
  ceiling: number;
}

export function prepareQuery(groups: WeightedGroup[], stats: CorpusStats): PreparedQuery {
  const wanted = new Set<string>();
  for (const g of groups) for (const a of g.alternatives) for (const s of a.stems) wanted.add(s);
  const idfs = groups.map((g) => g.alternatives.map((a) => Math.max(...a.stems.map((s) => idf(stats, s)))));
  const groupIdfs = groups.map((g) => groupIdf(g, stats));
  const stemWeight = new Map<string, number>();
  for (const g of groups) {
    for (const a of g.alternatives) {
      const w = a.weight * g.weight;
      for (const s of a.stems) if ((stemWeight.get(s) ?? 0) < w) stemWeight.set(s, w);
    }
  }
  let ceiling = 0;
  groups.forEach((g, i) => (ceiling += g.weight * groupIdfs[i]!));
  return { groups, stemWeight, idfs, groupIdfs, wanted, ceiling };
}

/** The title bonus of a page (see `RANKING.title`); page-level, so computed once per page. */
export function titleBonus(q: PreparedQuery, title: string[], stats: CorpusStats): number {
  const unique = [...new Set(title)];
  if (unique.length === 0) return 0;
  let all = 0;
  let covered = 0;
  for (const t of unique) {
    const i = idf(stats, t);
    all += i;
    covered += i * (q.stemWeight.get(t) ?? 0);
  }
  if (covered === 0) return 0;
  return RANKING.title * (covered / all) * covered;
}

export function scoreSection(q: PreparedQuery, view: SectionView, stats: CorpusStats, pageBonus = 0): SectionScore {
  const { k1, weight, b } = RANKING;
  let total = 0;
  let matched = 0;
  const hit: boolean[] = [];
  q.groups.forEach((g, gi) => {
    let best = 0;
    g.alternatives.forEach((alt, ai) => {
      let tf = 0;
      for (const f of FIELD_LIST) {
        const fv = view[f];
        if (fv.length === 0) continue;
        let count: number;
        if (alt.stems.length === 1) count = fv.positions.get(alt.stems[0]!)?.length ?? 0;
        else {
          count = phraseCount(alt.stems, fv.positions);
          if (count === 0 && alt.stems.every((s) => fv.positions.has(s))) count = RANKING.scattered;
        }
        if (count === 0) continue;
        const avg = stats.averages[f] || 1;
        tf += (weight[f] * count) / (1 - b[f] + (b[f] * fv.length) / avg);
      }
      if (tf === 0) return;
      const s = alt.weight * q.idfs[gi]![ai]! * (tf / (k1 + tf));
      if (s > best) best = s;
    });
    hit.push(best > 0);
    if (best > 0) {
      total += g.weight * best;
      if (g.origin === 'question') matched++;
    }
  });

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
      if (near > 0) bonus += RANKING.proximity * near * Math.min(q.groupIdfs[x.i]!, q.groupIdfs[y.i]!);
    }
  }
  const score = total + bonus + pageBonus;
  // Relevance leaves the proximity bonus out: it says how much of the question's weight the page carries, in its
  // text and (the title bonus) in a title the question covers.
  const relevance = q.ceiling > 0 ? Math.min(1, (total + pageBonus) / q.ceiling) : 0;
  return { score, relevance, matched };
}

function isNear(x: QueryGroup, y: QueryGroup, positions: Positions, window: number): boolean {
  const at = (g: QueryGroup): number[] => {
    const out: number[] = [];
    for (const alt of g.alternatives) {
      const first = positions.get(alt.stems[0]!);
      const last = positions.get(alt.stems.at(-1)!);
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
