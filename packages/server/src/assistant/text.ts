/**
 * Small text helpers shared by indexing, retrieval and composing: words and stems (the same on both sides of the
 * index), stopwords, slugs, markdown sections.
 */
import { lancasterStemmer } from 'lancaster-stemmer';
import { stemmer } from 'stemmer';

/** Words too common to say anything about what a reader is after. */
export const STOPWORDS = new Set(
  (
    'a an the and or but if then than so of in on at to for from by with without into onto about as ' +
    'is are was were be been being am do does did doing done have has had having ' +
    'i me my mine we us our you your yours he she it its they them their this that these those there here ' +
    'what which who whom whose why how when where whether ' +
    'can could should would will shall may might must ' +
    'not no yes any some all each every other such only own same too very just also ' +
    'please tell show explain know want need like help hi hello hey thanks thank ' +
    'up out over under again further once get got getting ' +
    'given specific certain particular possible able way ways someone something anything thing things ' +
    'let lets trying via eg etc'
  ).split(/\s+/),
);

const stems = new Map<string, string>();

/** The (Porter) stem of a lowercase word; cached. */
export function stem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    s = /^[a-z]+$/.test(word) && word.length > 2 ? stemmer(word) : word;
    if (stems.size < 200_000) stems.set(word, s);
  }
  return s;
}

const roots = new Map<string, string>();

/**
 * The root of a lowercase word: a more aggressive (Lancaster) stem, shared by derived forms the Porter stem keeps
 * apart (watcher/watch, subscription/subscribe, deployment/deploy, collaborator/collaborate); cached.
 */
export function root(word: string): string {
  let r = roots.get(word);
  if (r === undefined) {
    r = /^[a-z]+$/.test(word) && word.length > 3 ? lancasterStemmer(word) : word;
    if (roots.size < 200_000) roots.set(word, r);
  }
  return r;
}

/** Lowercase, compatibility-normalised, diacritics removed. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

export interface Word {
  /** Lowercase word, diacritics removed. */
  text: string;
  /** Parts of an identifier written in camelCase (`operationId` -> `operation`, `id`); absent otherwise. */
  parts?: string[];
}

/**
 * The words of a text, in order: letters and digits, lowercased. Identifiers split where the text splits them
 * (`appearance.strict`, `push_access`, `x-mint`); a camelCase word keeps its whole form and lists its parts.
 */
export function words(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.normalize('NFKC').matchAll(/[\p{L}\p{N}]+/gu)) {
    const raw = m[0];
    const w: Word = { text: fold(raw) };
    if (/\p{Ll}\p{Lu}/u.test(raw)) {
      const parts = raw
        .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
        .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
        .split(' ')
        .map(fold)
        .filter((p) => p.length > 1);
      if (parts.length > 1) w.parts = parts;
    }
    out.push(w);
  }
  return out;
}

/** Particles of phrasal verbs, which a reader may put after the verb's object: "take someone off", "turn it on". */
const PARTICLES = new Set(['off', 'on', 'back', 'down', 'up', 'out', 'away', 'over']);
/** What stands between a verb and its particle: a pronoun ("take it back"), or a determiner and a noun. */
const OBJECT_PRONOUNS = new Set([
  'it',
  'them',
  'this',
  'that',
  'these',
  'those',
  'someone',
  'somebody',
  'everyone',
  'everybody',
  'everything',
  'him',
  'her',
  'me',
  'us',
  'one',
]);
const DETERMINERS = new Set(['a', 'an', 'the', 'my', 'our', 'your', 'their', 'this', 'that', 'these', 'those', 'every', 'all']);

/**
 * The place of the particle that ends a phrasal verb opened at `i` when its object stands between ("take someone
 * off a team", "turn the check on"): a pronoun, or a determiner and one word; only when `known` knows the verb
 * and particle as a phrase (their stems: `take off`). Undefined otherwise ("sign commits on main" is no phrase).
 * `texts`: a text's words, in order; `stems`: their stems.
 */
export function splitParticle(
  texts: readonly string[],
  stems: readonly string[],
  i: number,
  known: (phrase: string) => boolean,
): number | undefined {
  const j = OBJECT_PRONOUNS.has(texts[i + 1] ?? '') ? i + 2 : DETERMINERS.has(texts[i + 1] ?? '') ? i + 3 : -1;
  if (j < 0 || j >= texts.length || !PARTICLES.has(texts[j]!) || PARTICLES.has(texts[j - 1]!)) return undefined;
  return known(`${stems[i]} ${stems[j]}`) ? j : undefined;
}

function keep(word: string): boolean {
  return (word.length > 1 || /\d/.test(word)) && !STOPWORDS.has(word);
}

/**
 * The stems a text is indexed under, in order: stopwords dropped, camelCase words as the whole word followed by
 * their parts. Stems are plain `[\p{L}\p{N}]+` tokens, so SQLite's unicode61 tokenizer splits them the same way.
 */
export function indexStems(text: string): string[] {
  return indexWords(text).map(stem);
}

/** The words a text is indexed under (before stemming), in order: see `indexStems`. */
export function indexWords(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if (keep(w.text)) out.push(w.text);
    if (w.parts) for (const p of w.parts) if (keep(p)) out.push(p);
  }
  return out;
}

/**
 * The words of markdown a reader searches for: link and image targets and bare URLs left out (their host and path
 * words — `docs`, `github`, `rest`, `articles` — say nothing about the page), link text kept.
 */
export function searchableText(markdown: string): string {
  return markdown
    .replace(/(!?\[[^\]]*\])\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"]*")?\)/g, '$1')
    .replace(/<https?:\/\/[^>\s]*>/g, ' ')
    .replace(/\bhttps?:\/\/[^\s)>\]]+/g, ' ');
}

/**
 * Search terms of a piece of user text: lowercase words and numbers, stopwords dropped, de-duplicated,
 * at most `max`. These are plain strings — never FTS syntax.
 */
export function queryTerms(text: string, max = 24): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const w of words(text)) {
    const t = w.text;
    if (!keep(t) || seen.has(t)) continue;
    seen.add(t);
    out.push(t);
    if (out.length >= max) break;
  }
  return out;
}

/** GitHub-style heading anchor (lowercase, punctuation dropped, spaces to `-`). */
export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** A slugger that de-duplicates anchors within one page (`a`, `a-1`, `a-2`). */
export function createSlugger(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base = slugify(text);
    const n = seen.get(base);
    seen.set(base, (n ?? -1) + 1);
    return n === undefined ? base : `${base}-${n + 1}`;
  };
}

export interface MarkdownSection {
  /** Heading text; `undefined` for the text before the first heading. */
  heading?: string;
  /** Headings above this one, outermost first (not including the page title). */
  parents: string[];
  anchor?: string;
  body: string;
}

/** Split markdown at ATX headings (levels 1–4) outside fenced code blocks. */
export function splitSections(markdown: string): MarkdownSection[] {
  const slug = createSlugger();
  const sections: MarkdownSection[] = [];
  let current: MarkdownSection = { parents: [], body: '' };
  const stack: Array<{ level: number; text: string }> = [];
  let fence: string | undefined;
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let buf: string[] = [];
  const flush = () => {
    current.body = buf.join('\n').trim();
    if (current.body !== '' || current.heading !== undefined) sections.push(current);
    buf = [];
  };
  for (const line of lines) {
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      buf.push(line);
      continue;
    }
    const h = fence === undefined ? /^\s{0,3}(#{1,4})\s+(.+?)\s*#*\s*$/.exec(line) : null;
    if (h) {
      flush();
      const level = h[1]!.length;
      const text = h[2]!
        .replace(/[*_`]/g, '')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .trim();
      while (stack.length > 0 && stack[stack.length - 1]!.level >= level) stack.pop();
      current = { heading: text, parents: stack.map((s) => s.text), anchor: slug(text), body: '' };
      stack.push({ level, text });
      continue;
    }
    buf.push(line);
  }
  flush();
  return sections;
}

/** Split a long body into chunks of about `size` characters at blank lines, never inside a code fence. */
export function chunkBody(body: string, size = 1400): string[] {
  if (body.length <= size) return [body];
  const blocks: string[] = [];
  let fence: string | undefined;
  let cur: string[] = [];
  for (const line of body.split('\n')) {
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (fence === undefined) fence = f[1]!;
      else if (f[1]![0] === fence[0] && f[1]!.length >= fence.length) fence = undefined;
    }
    if (line.trim() === '' && fence === undefined) {
      if (cur.length) blocks.push(cur.join('\n'));
      cur = [];
    } else cur.push(line);
  }
  if (cur.length) blocks.push(cur.join('\n'));
  const chunks: string[] = [];
  let acc = '';
  for (const b of blocks) {
    if (acc !== '' && acc.length + b.length + 2 > size) {
      chunks.push(acc);
      acc = '';
    }
    acc = acc === '' ? b : `${acc}\n\n${b}`;
  }
  if (acc !== '') chunks.push(acc);
  return chunks;
}
