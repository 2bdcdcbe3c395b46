/**
 * What a question asks to do, and to how many things: its action (read, create, update, delete) from its action
 * words, and whether it is about one thing or about a collection. The same action words classify an endpoint by the
 * verb its title starts with ("Create a label", "Remove all labels from an issue", "Unstar a repository"), so a
 * question and the operations of one resource (Create / Get / List / Update / Delete) can be compared. Pure: no index.
 */
import { splitParticle, stem, STOPWORDS, words } from './text.ts';

export type Action = 'read' | 'create' | 'update' | 'delete';

/**
 * Action words and the action they ask for. A word may ask for more than one: "set up", "turn on", "enable", "set"
 * and "configure" create a thing as often as they change one ("Set up a webhook", "Turn on GitHub Pages"), and so do
 * "store" and "save" ("Store a secret": Create or update). "Take off" / "take back" undo ("Take someone off a team").
 * Question words ("which", "who", "is") read only when they open the question (READING): inside it they name what
 * is acted on ("Change which events a webhook listens to"). "Restore" / "bring back" change a thing back; "apply"
 * (a configuration to repositories) and "require" (a rule) create or change; "lift" (a restriction), "get rid of",
 * "detach", "kill", "wipe" and "clean up" delete. Turning something off changes it or deletes it: APIs model many
 * switches as a resource that exists while the feature is on (`DELETE …/required_signatures`,
 * `DELETE …/vulnerability-alerts`).
 */
const ACTIONS: Array<[Action, string[]]> = [
  [
    'read',
    [
      'list',
      'get',
      'show',
      'find',
      'fetch',
      'retrieve',
      'read',
      'view',
      'see',
      'check',
      'download',
      'export',
      'search',
      'lookup',
      'filter',
      'sort',
      'count',
      'compare',
      'browse',
      'inspect',
      'query',
      'monitor',
      'verify',
      'look up',
      'look at',
      'explain',
      'understand',
      'describe',
      'learn',
      'know',
      'tell',
      'how many',
      'how much',
    ],
  ],
  [
    'create',
    [
      'create',
      'add',
      'new',
      'make',
      'open',
      'post',
      'publish',
      'upload',
      'register',
      'invite',
      'start',
      'trigger',
      'generate',
      'submit',
      'attach',
      'send',
      'give',
      'grant',
      'fork',
      'follow',
      'star',
      'block',
      'dispatch',
      'rerun',
      're-run',
      'assign',
    ],
  ],
  [
    'update',
    [
      'update',
      'edit',
      'change',
      'modify',
      'rename',
      'set',
      'replace',
      'enable',
      'disable',
      'configure',
      'move',
      'transfer',
      'archive',
      'lock',
      'mark',
      'approve',
      'dismiss',
      'merge',
      'put',
      'patch',
      'sync',
      'turn on',
      'turn off',
      'switch on',
      'switch off',
      'set up',
      'close',
      'reopen',
    ],
  ],
  ['create', ['set up', 'turn on', 'switch on', 'enable', 'set', 'configure', 'store', 'save', 'require', 'apply']],
  [
    'update',
    [
      'store',
      'save',
      'suspend',
      'pause',
      'resume',
      'unsuspend',
      'restore',
      'recover',
      'bring back',
      'undelete',
      'switch',
      'choose',
      'pick',
      'select',
      'apply',
      'require',
    ],
  ],
  [
    'delete',
    [
      'delete',
      'remove',
      'kick',
      'drop',
      'erase',
      'destroy',
      'revoke',
      'unstar',
      'unfollow',
      'unlock',
      'unblock',
      'clear',
      'purge',
      'uninstall',
      'unsubscribe',
      'undo',
      'take off',
      'take away',
      'take back',
      'take down',
      'get rid of',
      'lift',
      'detach',
      'kill',
      'wipe',
      'clean up',
    ],
  ],
  ['delete', ['disable', 'turn off', 'switch off', 'deactivate']],
];

/** The HTTP methods an action is done with (a mild prior on endpoint pages). */
const METHODS: Record<Action, string[]> = {
  read: ['get', 'head'],
  create: ['post', 'put'],
  update: ['patch', 'put', 'post'],
  delete: ['delete'],
};

const keyOf = (phrase: string): string =>
  words(phrase)
    .map((w) => stem(w.text))
    .join(' ');
const ACTION_OF = new Map<string, Set<Action>>();
for (const [action, ws] of ACTIONS) for (const w of ws) ACTION_OF.set(keyOf(w), new Set([...(ACTION_OF.get(keyOf(w)) ?? []), action]));

/**
 * Questions that ask about a state ("Who follows…?", "Is this user…?", "Has this PR been merged?") read it, unless
 * they ask what to use for an action ("Which endpoint do I call to delete a webhook?": PURPOSE, then "to").
 */
const READING = new Set([
  'who',
  'whom',
  'whose',
  'which',
  'what',
  'whats',
  'where',
  'is',
  'are',
  'was',
  'were',
  'has',
  'have',
  'does',
  'did',
]);
const PURPOSE = new Set(['call', 'use', 'need', 'hit', 'want']);

/**
 * The question asks about a state: it opens with a question word (see READING) and its actions (`questionActions`)
 * only read, so no write operation answers it.
 */
export function asksAboutState(text: string, actions: Set<Action>): boolean {
  const first = words(text)[0]?.text;
  return first !== undefined && READING.has(first) && actions.size === 1 && actions.has('read');
}

/**
 * The actions a question asks for; empty when it names none. A thing said to exist already ("…one of our existing
 * configurations") is changed, not created; a thing turned off for a while ("Temporarily turn off an
 * installation") is changed (suspended), not deleted.
 */
export function questionActions(text: string): Set<Action> {
  const found = actionsAsked(text);
  if (found.has('create') && found.has('update') && /\b(existing|already)\b/i.test(text)) found.delete('create');
  if (found.has('delete') && found.has('update') && /\b(temporar(y|ily)|for now|for a while|until)\b/i.test(text)) found.delete('delete');
  return found;
}

function actionsAsked(text: string): Set<Action> {
  // "What about…?" / "How about…?" ask for the same thing elsewhere, not about a state.
  const all = words(text.replace(/^\s*(what|how)\s+about\b/i, ''));
  const texts = all.map((w) => w.text);
  const ws = texts.map(stem);
  if (all.length > 0 && READING.has(all[0]!.text) && !(all[1] && ['i', 'we', 'you', 'there', 'it'].includes(all[1].text))) {
    // "Which endpoint do I call to delete a webhook?", "What do I need to create a token?": the action after it.
    for (let i = 1; i < texts.length - 1; i++) {
      if (texts[i] !== 'to' || !PURPOSE.has(texts[i - 1]!)) continue;
      const at = actionsAt(texts, ws, i + 1);
      if (at && !at.actions.has('read')) return at.actions;
    }
    return new Set(['read']);
  }
  // "How many…?" / "How much…?" ask for an amount, whatever verbs follow ("How many lines were added and removed?").
  if (all[0]?.text === 'how' && (all[1]?.text === 'much' || all[1]?.text === 'many')) return new Set(['read']);
  if (opensWithUnknownVerb(texts, ws)) return new Set(['create', 'update', 'delete']);
  // The main verb of each sentence that shows one: "Our registry moved to a new URL. Update the one saved in our
  // settings" asks to update (not "moved", not "saved").
  const asked = new Set<Action>();
  for (const sentence of text.split(/(?<=[.?!;])\s+/)) {
    const st = words(sentence).map((w) => w.text);
    const stems = st.map(stem);
    const main = mainVerbAt(st, stems);
    for (const a of (main === undefined ? undefined : mainVerbActions(st, stems, main)) ?? []) asked.add(a);
  }
  if (asked.size > 0) return asked;
  const out = new Set<Action>();
  for (let i = 0; i < ws.length; i++) {
    const at = actionsAt(texts, ws, i);
    if (!at) continue;
    for (const a of at.actions) out.add(a);
    i = at.end - 1;
  }
  return out;
}

/**
 * The action word at `i` — the longest of up to three words ("get rid of", "turn on"), or a phrasal verb split by
 * its object ("take someone off") — and the index after it.
 */
function actionsAt(texts: string[], ws: string[], i: number): { actions: Set<Action>; end: number } | undefined {
  const apart = splitParticle(texts, ws, i, (key) => ACTION_OF.has(key));
  if (apart !== undefined) return { actions: new Set(ACTION_OF.get(`${ws[i]} ${ws[apart]}`)!), end: apart + 1 };
  for (let n = Math.min(3, ws.length - i); n >= 1; n--) {
    const actions = ACTION_OF.get(ws.slice(i, i + n).join(' ')) ?? (n === 1 ? undoneAction(texts[i]!) : undefined);
    if (actions) return { actions: new Set(actions), end: i + n };
  }
  return undefined;
}

/** Verbs that say what they do only with the words after them (see `mainVerbActions`). */
const FRAMING_VERBS = new Set(['stop', 'prevent', 'keep', 'let', 'allow', 'put', 'pull', 'grab']);
const MODALS = new Set(['do', 'does', 'can', 'could', 'should', 'would', 'will', 'may', 'might', 'must']);
const SUBJECTS = new Set(['i', 'we', 'you', 'one', 'they']);
const OPENERS = new Set(['please', 'hey', 'hi', 'so', 'ok', 'okay', 'now', 'then', 'just']);

/**
 * Where the verb of a question's main clause stands, when its form says so: an instruction ("Edit a ruleset so it
 * covers new repositories"), "How do I / can we / to …", "Can I …", "I want to / we need to …", "Is there a way
 * to …". Undefined otherwise.
 */
function mainVerbAt(texts: string[], stems: string[]): number | undefined {
  let i = 0;
  while (OPENERS.has(texts[i] ?? '')) i++;
  const t = (k: number) => texts[i + k] ?? '';
  if ((t(0) === 'how' || t(0) === 'where') && MODALS.has(t(1)) && SUBJECTS.has(t(2))) return i + 3;
  if (t(0) === 'how' && t(1) === 'to') return i + 2;
  if (MODALS.has(t(0)) && t(0) !== 'do' && t(0) !== 'does' && SUBJECTS.has(t(1))) return i + 2;
  if ((t(0) === 'i' || t(0) === 'we') && ['want', 'need', 'have', 'wish', 'try', 'plan'].includes(t(1)) && t(2) === 'to') return i + 3;
  if ((t(0) === 'i' || t(0) === 'we') && (t(1) === 'would' || t(1) === 'd') && t(2) === 'like' && t(3) === 'to') return i + 4;
  if (t(0) === 'is' && t(1) === 'there' && (t(2) === 'a' || t(2) === 'any') && t(3) === 'way' && t(4) === 'to') return i + 5;
  if (t(0) === 'is' && t(1) === 'it' && t(2) === 'possible' && t(3) === 'to') return i + 4;
  return FRAMING_VERBS.has(t(0)) || actionsAt(texts, stems, i) ? i : undefined;
}

/**
 * The actions of the main clause's verb at `i`, with a verb joined to it ("create or update", "add and remove").
 * Action words after it sit in subordinate clauses ("…that blocks force pushes", "…our newly created repositories")
 * or name things ("the whole list of repositories", "from many publishers"), not what is asked. Some verbs need the
 * words after them: "stop / keep a repository from using a secret" takes away or changes, "let / allow a
 * repository use a variable" grants (adds or changes), "put a user into a team" adds, "pull / grab every comment"
 * reads (a "pull request" is no verb), "stop putting / sending …" undoes what is being done.
 */
function mainVerbActions(texts: string[], ws: string[], i: number): Set<Action> | undefined {
  const verb = texts[i]!;
  if (FRAMING_VERBS.has(verb)) {
    // "Pull every comment posted since Monday", "Grab the logs": read (not "pull request").
    if ((verb === 'pull' || verb === 'grab') && !/^requests?$/.test(texts[i + 1] ?? '')) return new Set(['read']);
    const after = texts.slice(i + 2, i + 8);
    if ((verb === 'stop' || verb === 'prevent' || verb === 'keep') && after.includes('from')) return new Set(['update', 'delete']);
    // "Stop putting a property into tokens", "stop sending emails": undo what is being done.
    if (verb === 'stop' && /^[a-z]{3,}ing$/.test(texts[i + 1] ?? '')) return new Set(['update', 'delete']);
    if (verb === 'let' || verb === 'allow') return new Set(['create', 'update']);
    if (verb === 'put' && after.slice(0, 4).some((w) => w === 'into' || w === 'in' || w === 'on')) return new Set(['create']);
  }
  const own = actionsAt(texts, ws, i);
  if (!own) return undefined;
  if (texts[own.end] === 'or' || texts[own.end] === 'and')
    for (const a of actionsAt(texts, ws, own.end + 1)?.actions ?? []) own.actions.add(a);
  return own.actions;
}

/**
 * A verb that undoes an action word ("unregister", "unassign", "deregister", "unarchive"): undoing a creation
 * deletes, undoing a change is a change.
 */
function undoneAction(word: string): Set<Action> | undefined {
  const m = /^(un|de)-?([a-z]{4,})$/.exec(word);
  const done = m ? ACTION_OF.get(stem(m[2]!)) : undefined;
  if (!done || done.has('delete') || done.has('read')) return undefined;
  return new Set([done.has('create') && !done.has('update') ? 'delete' : 'update']);
}

/** Words that follow a verb opening an instruction: "Leave *a* comment", "Take *someone* off a team". */
const IMPERATIVE_OBJECT = new Set([
  'a',
  'an',
  'the',
  'my',
  'our',
  'your',
  'this',
  'that',
  'these',
  'those',
  'someone',
  'somebody',
  'everyone',
  'all',
  'every',
  'each',
  'some',
  'it',
  'them',
  'one',
]);

/**
 * An instruction whose verb is no action word ("Leave a comment on a commit", "Ban someone from an organization"):
 * its first word is neither a stopword, a pronoun nor a plural noun ("Secrets that…"), a determiner or "someone"
 * follows it, and no action word comes later (nor a phrasal one split by its object: "Take someone off a team").
 * Reading verbs are action words (list, find, filter…), so what is left asks to change something: create, update
 * or delete, not read.
 */
function opensWithUnknownVerb(texts: string[], stems: string[]): boolean {
  if (
    texts.length < 3 ||
    STOPWORDS.has(texts[0]!) ||
    FIRST_PERSON.has(texts[0]!) ||
    isPlural(texts[0]!) ||
    !IMPERATIVE_OBJECT.has(texts[1]!)
  )
    return false;
  for (let i = 0; i < stems.length; i++) {
    if (ACTION_OF.has(stems[i]!) || ACTION_OF.has(`${stems[i]} ${stems[i + 1]}`) || undoneAction(texts[i]!)) return false;
    if (splitParticle(texts, stems, i, (key) => ACTION_OF.has(key)) !== undefined) return false;
  }
  return true;
}

/** HTTP methods (lowercase) the actions are done with. */
export function methodsOf(actions: Set<Action>): Set<string> {
  return new Set([...actions].flatMap((a) => METHODS[a]));
}

/** "Undo that": an action on the earlier turn's action, which stays what the question is about. */
const UNDOING = new Set(['undo', 'revert', 'reverse'].map((w) => stem(w)));
export function undoesEarlierAction(text: string): boolean {
  return words(text).some((w) => UNDOING.has(stem(w.text)));
}

/** Whether a stem is an action word (so an earlier turn's action can give way to a follow-up's own). */
export function isActionStem(s: string): boolean {
  return ACTION_OF.has(s);
}

/**
 * The action of an operation, from the verb its title starts with: "Create or update a secret" does both, "Get all
 * labels" reads; empty for verbs that are none of them ("Compare two commits", "Render a Markdown document").
 */
export function titleActions(title: string): Set<Action> {
  const ws = words(title).map((w) => stem(w.text));
  const out = new Set<Action>();
  const at = (i: number) => {
    const two = ws.length > i + 1 ? ACTION_OF.get(`${ws[i]} ${ws[i + 1]}`) : undefined;
    for (const a of two ?? ACTION_OF.get(ws[i] ?? '') ?? []) out.add(a);
  };
  at(0);
  // "Create or update …", "Add or update …".
  if (words(title)[1]?.text === 'or') at(2);
  return out;
}

/** The operation acts on every item at once: "Remove all labels from an issue", "Delete attestations in bulk". */
export function titleIsBulk(title: string): boolean {
  const ws = words(title).map((w) => w.text);
  return (ws[1] === 'all' || ws.includes('bulk')) && !titleActions(title).has('read');
}

const ONE = new Set(['a', 'an', 'one', 'single', 'specific', 'particular', 'it', 'this', 'that']);
const MANY = new Set(['all', 'every', 'each', 'them', 'those', 'these', 'multiple', 'several', 'many', 'bulk']);

/** Plural endings of English nouns: "keys", "branches", "repositories". */
function isPlural(word: string): boolean {
  if (word.length < 4 || !word.endsWith('s') || /(ss|us|is|ous)$/.test(word) || STOPWORDS.has(word)) return false;
  const singular = word.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : word.endsWith('es') && /(ch|sh|x|z)es$/.test(word)
      ? word.slice(0, -2)
      : word.slice(0, -1);
  return stem(singular) === stem(word);
}

/**
 * How many things a question is about: 'one' when it names one ("a label", "it", "this comment") and nothing in the
 * plural or "all"; 'many' when it names things in the plural or says all/every; undefined otherwise.
 */
export function questionNumber(text: string): 'one' | 'many' | undefined {
  const ws = words(text).map((w) => w.text);
  if (singlesOut(text, ws) && !ws.some((w) => MANY.has(w))) return 'one';
  if (ws.some((w) => MANY.has(w) || isPlural(w))) return 'many';
  return ws.some((w) => ONE.has(w)) ? 'one' : undefined;
}

/**
 * Whether a question asks for a collection: it names things in the plural ("the public keys of a user", "which
 * workflows…") unless it singles one out ("one of our runners", "by its id"), asks who/which ("Who has a seat…?")
 * or for a history ("the status history of a deployment"). Listing endpoints (a GET whose path ends in a collection)
 * answer it rather than the endpoint reading one item.
 */
export function asksForCollection(text: string): boolean {
  const ws = words(text).map((w) => w.text);
  if (ws[0] === 'who' || ws[0] === 'which') return true;
  if (singlesOut(text, ws)) return false;
  if (ws.some((w) => w === 'history' || w === 'timeline')) return true;
  return ws.some(isPlural);
}

/** The question is about all or every item ("Clear every custom label", "Remove a batch of … at once"). */
export function namesEveryItem(text: string): boolean {
  if (/\b(at once|in bulk|in one go|a (whole )?batch of)\b/i.test(text)) return true;
  return words(text).some((w) => w.text === 'all' || w.text === 'every' || w.text === 'each');
}

/** A name in quotes: "the \"npm-internal\" registry", "the 'Estimate' field". */
const QUOTED_NAME = /(^|[\s(])["'“‘][^"'”’\n]{2,40}["'”’]/;

/** The question singles out one item: by the words of `namesOneItem`, or by its name in quotes. */
function singlesOut(text: string, ws: string[]): boolean {
  return namesOneItem(ws) || QUOTED_NAME.test(text);
}

const SINGLING = new Set(['specific', 'single', 'particular', 'given', 'certain']);
const IDENTIFIERS = new Set(['id', 'name', 'number', 'slug', 'sha']);
const CONTAINING = new Set(['to', 'in', 'on', 'from', 'for', 'into', 'under', 'across', 'inside', 'within']);

/**
 * Words that single out one item whatever else is plural: "one of our runners", "a specific run", "a single
 * file", "by its id" / "by name", "given its ID" (but "change their name" is no lookup).
 */
function namesOneItem(ws: string[]): boolean {
  return ws.some((w, i) => {
    const next = ws[i + 1] ?? '';
    // "Look up one of our runners" (not "files attached to one of our spaces": there it names the container).
    if (w === 'one' && next === 'of' && !CONTAINING.has(ws[i - 1] ?? '')) return true;
    if ((w === 'a' || w === 'one' || w === 'the') && SINGLING.has(next)) return true;
    if ((w === 'its' || w === 'their') && IDENTIFIERS.has(next) && ws[i - 1] !== 'change' && ws[i - 1] !== 'rename') return true;
    return w === 'by' && (IDENTIFIERS.has(next) || (['its', 'their', 'the'].includes(next) && IDENTIFIERS.has(ws[i + 2] ?? '')));
  });
}

/**
 * Whose thing an operation acts on, from its path: the authenticated user's (`/user/…`), a user's
 * (`/users/{username}/…`), an organization's, an enterprise's, a repository's, or the authenticated app's
 * (`/app/…`, `/installation/…`). Undefined for other paths (`/gists/public`, `/search/users`): they name no owner.
 */
export type Scope = 'me' | 'user' | 'org' | 'enterprise' | 'repo' | 'app';

const PATH_SCOPES: Array<[RegExp, Scope]> = [
  [/^\/user(\/|$)/, 'me'],
  [/^\/users\/\{[^}]+\}/, 'user'],
  [/^\/(orgs|organizations)\/\{[^}]+\}/, 'org'],
  [/^\/enterprises\/\{[^}]+\}/, 'enterprise'],
  [/^\/(repos\/\{[^}]+\}\/\{[^}]+\}|repositories\/\{[^}]+\})/, 'repo'],
  [/^\/(app|installation)(\/|$)/, 'app'],
];

export interface PathScope {
  /** The owner the path starts from. */
  owner: Scope | undefined;
  /** Every owner the path names: its owner, and things further on (`/orgs/{org}/teams/{team_slug}/repos`: a repository). */
  named: Set<Scope>;
}

export function pathScope(apiPath: string): PathScope {
  const owner = PATH_SCOPES.find(([re]) => re.test(apiPath))?.[1];
  const named = new Set<Scope>(owner ? [owner] : []);
  for (const w of apiPath.toLowerCase().split(/[^a-z]+/)) {
    const s = OWNER_WORDS.get(w);
    if (s && s !== 'app' && w !== 'user') named.add(s);
  }
  return { owner, named };
}

/** Words that name an owner; "my" / "our" before one of them ("my repo", "our GitHub org") is not about the reader. */
const OWNER_WORDS = new Map<string, Scope>([
  ...['org', 'orgs', 'organization', 'organizations', 'organisation', 'organisations'].map((w) => [w, 'org'] as [string, Scope]),
  ...['enterprise', 'enterprises'].map((w) => [w, 'enterprise'] as [string, Scope]),
  ...['repo', 'repos', 'repository', 'repositories'].map((w) => [w, 'repo'] as [string, Scope]),
  ...['app', 'apps'].map((w) => [w, 'app'] as [string, Scope]),
  ...['user', 'users', 'someone', 'somebody', 'person', 'people', 'username', 'others', 'another'].map(
    (w) => [w, 'user'] as [string, Scope],
  ),
]);
const FIRST_PERSON = new Set(['i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours']);
const POSSESSIVE = new Set(['my', 'our']);

/**
 * The owners a question names: an organization, an enterprise, a repository, an app, another user ("a user's keys",
 * "someone"), or the reader ("I", "me", "my" — but "my repo" names the repository).
 */
export function questionScopes(text: string): Set<Scope> {
  const ws = words(text).map((w) => w.text);
  const out = new Set<Scope>();
  // "@dana": a handle names a user.
  if (/(^|[\s(])@[a-z0-9][a-z0-9-]*/i.test(text)) out.add('user');
  ws.forEach((w, i) => {
    const owner = OWNER_WORDS.get(w);
    if (owner) out.add(owner);
    else if (FIRST_PERSON.has(w) && !possessesOwner(ws, i)) out.add('me');
  });
  return out;
}

const OWNED: ReadonlySet<Scope> = new Set(['org', 'enterprise', 'repo', 'app']);

/**
 * "my" / "our" at `i` owns one of `owners` (an organization, enterprise, repository or app) named right after it:
 * "my GitHub org", "our repo".
 */
export function possessesOwner(ws: readonly string[], i: number, owners: ReadonlySet<Scope> = OWNED): boolean {
  if (!POSSESSIVE.has(ws[i]!)) return false;
  return ws.slice(i + 1, i + 4).some((n) => {
    const owner = OWNER_WORDS.get(n);
    return owner !== undefined && owners.has(owner);
  });
}
