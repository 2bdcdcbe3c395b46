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
  /**
   * A short question ("test mode?") or one that leans on the last turn ("and for an organization?"): most likely
   * about the page the reader is on.
   */
  elliptic: boolean;
  /** What it asks to do: the question's action words, or for one leaning on the last turn without any, that turn's. */
  actions: Set<Action>;
  /** HTTP methods (lowercase) those actions are done with. */
  methods: Set<string>;
  /** About one thing ("a label", "remove it") or many ("all labels"); a leaning question's from the last turn. */
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
/**
 * Earlier turns searched (most recent first, halved per turn back) and their words' weight, by how much the question
 * leans on them (see `conversationLean`; one that names its own subject searches none): `partly` x `maxGroups` is 1,
 * so the earlier words all together weigh no more than one word of the question and only break ties.
 */
export const HISTORY = { turns: 3, leans: 0.6, partly: 0.1, maxGroups: 10 };
/** Context items: their weight (1 when the question has no word of its own: "What does this do?"). */
export const CONTEXT = { weight: 0.5, maxGroups: 12, maxChars: 500 };

/** Openers that carry on from the last turn: "and for an organization?", "also …", "what about PostgreSQL?". */
const CARRY_ON = /^(?:and|also|same|then|or|but|(?:what|how) (?:about|if))\b/;
/** Words that stand for something said before ("how do I undo that?", "can I change their order?"). */
const BACK_REFERENCES = new Set(['it', 'its', 'that', 'this', 'these', 'them', 'they', 'their', 'those', 'there', 'same', 'instead']);
/** "is there a way …", "is it possible …": `it` and `there` after a form of "be" stand for nothing said before. */
const BE = new Set(['is', 'are', 'was', 'were', 'be']);
/** The most words of its own a question pointing back can have and still lean on the last turn for its subject. */
const LEANING_WORDS = 3;

/**
 * How much a follow-up leans on the earlier turns of the conversation. The question comes first: one that names its
 * own subject ("What does lectern serve --assistant do?" after a question about the proxy) is searched alone.
 * - `leans`: it has at most one word of its own, or opens with "and" / "also" / "what about" … or points back ("it",
 *   "that", "their" …) with few words of its own: "and how do I turn it off?", "what about PostgreSQL?";
 * - `partly`: it has two words of its own ("How do I fork a repository?"), or opens so or points back with more
 *   ("And what if my endpoint is down, are deliveries retried?");
 * - `none`: it names its own subject with three words or more.
 * Words of its own: the groups the reader's word weighs fully in (not "is" read as a check, nor "my").
 */
export function conversationLean(question: string, groups: QueryGroup[]): 'leans' | 'partly' | 'none' {
  const ws = words(question).map((w) => w.text);
  const own = groups.filter((g) => !g.negated && (g.alternatives[0]?.weight ?? 0) >= 1).length;
  const pointsBack = ws.some((w, i) => BACK_REFERENCES.has(w) && !((w === 'it' || w === 'there') && BE.has(ws[i - 1] ?? '')));
  const carriesOn = CARRY_ON.test(ws.join(' '));
  if (own <= 1 || ((carriesOn || pointsBack) && own <= LEANING_WORDS)) return 'leans';
  return carriesOn || pointsBack || own <= 2 ? 'partly' : 'none';
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
  const lean = conversationLean(input.text, question);
  const elliptic = question.length <= 2 || lean === 'leans';
  // What it leaves unsaid (its object, action, owner) comes from the last turn.
  const last = lean === 'leans' ? history[0] : undefined;
  // "…of a user?" then "and for an organization?": the new qualifier replaces the last one.
  if (last && qualifier(input.text)) {
    const replaced = qualifier(last);
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
  if (lean !== 'none') history.forEach((turn, k) => add(turn, HISTORY[lean] * 0.5 ** k, 'history', HISTORY.maxGroups));

  if (actions.size === 0 && last) actions = questionActions(last);
  let number = questionNumber(input.text);
  if (last && number !== 'many') number = questionNumber(last) ?? number;
  let scopes = questionScopes(input.text);
  if (scopes.size === 0 && last) scopes = questionScopes(last);
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
