/**
 * What a request searches for: the question's words (each a group of alternatives, see vocabulary.ts), then words
 * of the client's context and of the earlier questions of the conversation with less weight, and the HTTP methods
 * the question's action points at. Pure: no index needed.
 */
import type { WeightedGroup } from './ranking.ts';
import { stem, words } from './text.ts';
import {
  asksAboutState,
  asksForCollection,
  isActionStem,
  methodsOf,
  namesEveryItem,
  questionActions,
  questionNumber,
  questionScopes,
  undoesEarlierAction,
  type Action,
  type Scope,
} from './intent.ts';
import { queryGroups, type QueryGroup } from './vocabulary.ts';

export interface QueryInput {
  /** The question: the last user turn. */
  text: string;
  /** Earlier questions of the conversation, oldest first. */
  history?: string[];
  /** Client-supplied context (code, selected text). */
  context?: string[];
}

export interface Query {
  /** The question's own groups (weight 1). */
  question: WeightedGroup[];
  /** The question's groups, then the context's and the earlier turns' (less weight, no repeats). */
  groups: WeightedGroup[];
  /** A short or elliptic question ("and for an organization?"): it leans on the conversation and the current page. */
  elliptic: boolean;
  /** What it asks to do: the question's action words, or for an elliptic one without any, the last turn's. */
  actions: Set<Action>;
  /** HTTP methods (lowercase) those actions are done with. */
  methods: Set<string>;
  /** About one thing ("a label", "remove it") or many ("all labels"); an elliptic question's from the last turn. */
  number: 'one' | 'many' | undefined;
  /** The question asks for a collection (plural things, who/which): listing endpoints answer it. */
  collection: boolean;
  /** It changes or removes all or every item ("Clear every label from a runner"): bulk operations answer it. */
  everyItem: boolean;
  /** It asks about a state ("What's the URL of my Pages site?"): reading operations answer it. */
  aboutState: boolean;
  /** The owners the question names (an organization, a repository, another user, the reader…). */
  scopes: Set<Scope>;
}

/** The weight of a word after "without" / "except". */
export const NEGATED = 0.2;
/** The weight of a word only the details of a question name (after its first clause: detailsStart). */
export const DETAIL = 0.5;
/** Earlier turns searched (most recent first) and their weight: elliptic / other questions, halved per turn back. */
export const HISTORY = { turns: 3, elliptic: 0.6, other: 0.25, maxGroups: 10 };
/** Context items: their weight (1 when the question has no word of its own: "What does this do?"). */
export const CONTEXT = { weight: 0.5, maxGroups: 12, maxChars: 500 };

const ELLIPTIC_START = new Set(['and', 'also', 'what', 'how', 'same', 'then', 'or']);
const ELLIPTIC_WORDS = new Set(['it', 'its', 'that', 'this', 'them', 'those', 'there', 'same', 'instead']);

/** Short or elliptic questions ("and for an organization?", "how do I undo that?", "test mode?"). */
export function isElliptic(question: string, groups: QueryGroup[]): boolean {
  const ws = words(question).map((w) => w.text);
  if (groups.length <= 2) return true;
  if (ELLIPTIC_START.has(ws[0] ?? '') && ws.length <= 6) return true;
  return ws.some((w) => ELLIPTIC_WORDS.has(w));
}

const PREPOSITIONS = new Set(['for', 'in', 'of', 'on', 'from', 'to', 'within', 'across', 'inside', 'under', 'into']);
const DETERMINERS = new Set([
  'a',
  'an',
  'the',
  'my',
  'our',
  'your',
  'their',
  'this',
  'that',
  'whole',
  'entire',
  'given',
  'specific',
  'single',
  'one',
]);

/** The stem of the last prepositional object of a text ("…of a user" -> user), if any. */
export function qualifier(text: string): string | undefined {
  const ws = words(text).map((w) => w.text);
  for (let i = ws.length - 2; i >= 0; i--) {
    if (!PREPOSITIONS.has(ws[i]!)) continue;
    let j = i + 1;
    while (j < ws.length && DETERMINERS.has(ws[j]!)) j++;
    if (j < ws.length) return stem(ws[j]!);
  }
  return undefined;
}

/**
 * Where the details of a question start, if it has any: after a colon ("Details of one code scanning run: which tool
 * ran…"), a clause joined by ", and / or / but", or "and what / whether / is / has …" ("Is one runner online, and
 * what labels does it have?"). What comes first is what is asked for; the details say which of its fields matter,
 * and they are often the words of a sibling operation (*List labels for a runner*).
 */
export function detailsStart(text: string): number | undefined {
  const m = /:(?!\/\/)|, (?:and|or|but) |\band (?:what|whether|which|how|who|when|where|is|are|has|have|does|do|can)\b/i.exec(text);
  // A label before a colon ("Question: …", "Note: …") is no ask of its own.
  return m && m.index > MIN_ASK ? m.index : undefined;
}
/** The fewest characters an ask before its details has. */
const MIN_ASK = 10;

/** A group by its own word's stems (the same word in two texts is one group). */
const groupKey = (g: QueryGroup): string => g.alternatives[0]?.stems.join(' ') ?? '';

export function buildQuery(input: QueryInput): Query {
  // A word the reader does not want ("without cloning it") still says what the question is about, a little; a word
  // only its details name, less than the words of what it asks for.
  const details = detailsStart(input.text);
  const asked = details === undefined ? undefined : new Set(queryGroups(input.text.slice(0, details)).map(groupKey));
  const question = queryGroups(input.text).map((g): WeightedGroup => {
    const detail = asked !== undefined && !asked.has(groupKey(g));
    return { ...g, weight: g.negated ? NEGATED : detail ? DETAIL : 1, origin: 'question' };
  });
  const groups: WeightedGroup[] = [...question];
  const has = new Set(question.map(groupKey));
  const add = (text: string, weight: number, origin: WeightedGroup['origin'], max: number) => {
    let n = 0;
    for (const g of queryGroups(text)) {
      const key = groupKey(g);
      if (!key || has.has(key)) continue;
      has.add(key);
      groups.push({ ...g, weight, origin });
      if (++n >= max) break;
    }
  };
  const contextWeight = question.length === 0 ? 1 : CONTEXT.weight;
  for (const c of input.context ?? []) add(c.slice(0, CONTEXT.maxChars), contextWeight, 'context', CONTEXT.maxGroups);

  const history = (input.history ?? []).slice(-HISTORY.turns).reverse();
  const elliptic = isElliptic(input.text, question);
  // "…of a user?" then "and for an organization?": the new qualifier replaces the last one.
  if (elliptic && history[0] && qualifier(input.text)) {
    const replaced = qualifier(history[0]);
    if (replaced) has.add(replaced);
  }
  // The follow-up's own action decides: "add a label", then "how do I remove it again?" no longer searches "add"
  // (but "star a repository", then "how do I undo that?" still searches "star").
  let actions = questionActions(input.text);
  if (actions.size > 0 && !undoesEarlierAction(input.text)) {
    for (const g of queryGroups(history.join('\n'))) {
      const own = g.alternatives[0]?.stems;
      if (own?.length === 1 && isActionStem(own[0]!)) has.add(own[0]!);
    }
  }
  const base = elliptic ? HISTORY.elliptic : HISTORY.other;
  history.forEach((turn, k) => add(turn, base * 0.5 ** k, 'history', HISTORY.maxGroups));

  if (actions.size === 0 && elliptic && history[0]) actions = questionActions(history[0]);
  let number = questionNumber(input.text);
  if (elliptic && history[0] && number !== 'many') number = questionNumber(history[0]) ?? number;
  let scopes = questionScopes(input.text);
  if (scopes.size === 0 && elliptic && history[0]) scopes = questionScopes(history[0]);
  const everyItem = !actions.has('read') && namesEveryItem(input.text);
  const aboutState = asksAboutState(input.text, actions);
  return {
    question,
    groups,
    elliptic,
    actions,
    methods: methodsOf(actions),
    number,
    collection: asksForCollection(input.text),
    everyItem,
    aboutState,
    scopes,
  };
}
