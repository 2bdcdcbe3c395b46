/**
 * The words readers use for what API docs call something else: abbreviations (PR, repo, auth), near-synonyms
 * (delete/remove, list/show). The action words of a question (create -> POST, list -> GET) are intent.ts's.
 *
 * Used at query time only (the index keeps the page's own words): each word of a question becomes a group of
 * alternatives, its own stem first. Keep entries general — vocabulary of APIs and docs sites, not of one product.
 */
import { isActionStem, possessesOwner, type Scope } from './intent.ts';
import { splitParticle, stem, STOPWORDS, words } from './text.ts';

/** Abbreviations and spellings that mean exactly the same thing (weight 1). */
const SAME: string[][] = [
  ['pr', 'pull request'],
  ['prs', 'pull requests'],
  ['repo', 'repository'],
  ['repos', 'repositories'],
  ['org', 'organization'],
  ['orgs', 'organizations'],
  ['organisation', 'organization'],
  ['auth', 'authentication'],
  ['authn', 'authentication'],
  ['authz', 'authorization'],
  ['authorisation', 'authorization'],
  ['creds', 'credentials'],
  ['config', 'configuration'],
  ['configs', 'configurations'],
  ['env', 'environment'],
  ['envs', 'environments'],
  ['env var', 'environment variable'],
  ['env vars', 'environment variables'],
  ['var', 'variable'],
  ['vars', 'variables'],
  ['param', 'parameter'],
  ['params', 'parameters'],
  ['arg', 'argument'],
  ['args', 'arguments'],
  ['pat', 'personal access token'],
  ['2fa', 'two factor authentication'],
  ['mfa', 'multi factor authentication'],
  ['sso', 'single sign on'],
  ['doc', 'documentation'],
  ['docs', 'documentation'],
  ['info', 'information'],
  ['admin', 'administrator'],
  ['admins', 'administrators'],
  ['perms', 'permissions'],
  ['dir', 'directory'],
  ['dirs', 'directories'],
  ['msg', 'message'],
  ['db', 'database'],
  ['js', 'javascript'],
  ['ts', 'typescript'],
  ['py', 'python'],
  ['k8s', 'kubernetes'],
  ['i18n', 'internationalization'],
  ['l10n', 'localization'],
  ['e-mail', 'email'],
  ['colour', 'color'],
  ['customise', 'customize'],
  ['behaviour', 'behavior'],
  ['licence', 'license'],
  ['cancelled', 'canceled'],
  ['log in', 'login'],
  ['sign in', 'signin'],
  ['sign up', 'signup'],
  ['web hook', 'webhook'],
  ['url', 'link'],
];

/** Words that mean nearly the same thing (weight 0.5 each way). */
const NEAR: string[][] = [
  ['delete', 'remove', 'erase', 'destroy', 'drop'],
  ['create', 'add', 'new', 'make'],
  ['update', 'edit', 'change', 'modify'],
  ['list', 'enumerate'],
  ['get', 'fetch', 'retrieve', 'read', 'obtain', 'look up'],
  ['find', 'search', 'look up', 'lookup', 'query'],
  ['start', 'trigger', 'run', 'launch', 'kick off', 'dispatch'],
  ['stop', 'cancel', 'abort', 'halt', 'terminate'],
  ['enable', 'turn on', 'activate', 'switch on'],
  ['disable', 'turn off', 'deactivate', 'switch off', 'suspend'],
  ['invite', 'invitation'],
  ['watch', 'subscribe', 'subscription'],
  ['throttle', 'rate limit', 'quota'],
  ['left', 'remaining'],
  ['permission', 'access', 'privilege', 'role'],
  ['webhook', 'hook', 'callback'],
  ['error', 'failure', 'fail'],
  ['diff', 'compare', 'difference'],
  ['ahead', 'compare'],
  ['behind', 'compare'],
  ['login', 'signin', 'authenticate', 'sign on'],
  ['logout', 'log out', 'sign out', 'signout'],
  ['signup', 'register', 'registration'],
  ['user', 'account'],
  ['member', 'membership'],
  ['paginate', 'pagination', 'next page', 'cursor'],
  ['upload', 'attach'],
  ['download', 'export'],
  ['file', 'content'],
  ['settings', 'configuration', 'options', 'preferences'],
  ['image', 'picture', 'screenshot', 'photo'],
  ['video', 'embed'],
  ['diagram', 'chart', 'flowchart', 'graph'],
  ['translate', 'translation', 'localization', 'internationalization', 'multilingual', 'language'],
  ['domain', 'hostname', 'subdomain'],
  ['hide', 'hidden', 'unlisted'],
  ['redirect', 'moved'],
  ['analytics', 'tracking', 'metrics', 'statistics', 'stats', 'traffic'],
  ['view', 'visit', 'visitor', 'pageview'],
  ['collapsible', 'expandable', 'accordion', 'collapse'],
  ['warning', 'callout', 'note', 'alert', 'admonition', 'tip'],
  ['steps', 'numbered', 'step by step', 'walkthrough'],
  ['snippet', 'reusable', 'reuse', 'partial', 'include'],
  ['deploy', 'deployment', 'publish', 'release'],
  ['preview', 'staging'],
  ['subfolder', 'subdirectory', 'folder', 'directory', 'subpath'],
  ['exclude', 'ignore', 'skip'],
  ['approve', 'approval', 'accept'],
  ['reject', 'decline', 'deny'],
  ['reaction', 'emoji', 'react'],
  ['assign', 'assignee'],
  ['block', 'ban'],
  ['transfer', 'move'],
  ['rename', 'update'],
  ['limit', 'restrict', 'restriction'],
  ['convert', 'render', 'transform'],
  ['topic', 'tag'],
  ['usage', 'storage', 'size'],
  ['leaked', 'exposed'],
  ['ci', 'continuous integration', 'status check', 'check'],
  ['key', 'token'],
  ['secret', 'credential'],
  ['font', 'typeface', 'typography'],
  ['logo', 'branding', 'brand'],
  ['theme', 'appearance', 'style'],
  ['tooltip', 'hover'],
  ['grid', 'columns'],
  ['broken link', 'link check'],
  ['own', 'custom'],
  ['locally', 'local', 'localhost', 'machine'],
  ['host', 'serve', 'hosting'],
  ['teammate', 'member', 'colleague', 'coworker'],
  ['conversation', 'chat', 'thread'],
  ['store', 'keep', 'retain', 'retention', 'save', 'persist'],
  // Source hosting and CI platforms.
  ['issue', 'ticket', 'bug'],
  ['comment', 'reply'],
  ['label', 'tag'],
  ['branch', 'ref', 'reference'],
  ['sha', 'commit', 'hash'],
  ['activity', 'event', 'feed'],
  ['history', 'log', 'timeline'],
  ['collaborator', 'contributor', 'member'],
  ['vulnerability', 'advisory', 'cve'],
  ['revert', 'rollback', 'roll back'],
  ['restore', 'recover', 'undelete'],
  ['password', 'secret', 'passphrase'],
  ['avatar', 'profile picture', 'profile photo'],
  ['pipeline', 'workflow'],
  ['build', 'job'],
  ['rerun', 're-run', 'retry'],
  ['schedule', 'cron', 'scheduled'],
  ['status', 'state'],
  ['asset', 'attachment'],
  ['signature', 'signing', 'verification', 'gpg'],
  ['billing', 'cost', 'price', 'pricing', 'invoice', 'spend', 'spending'],
  ['plan', 'tier'],
  ['seat', 'license'],
  ['template', 'boilerplate', 'scaffold', 'starter'],
  ['mute', 'ignore'],
  ['latest', 'newest', 'most recent', 'recent'],
  ['bulk', 'batch'],
  ['reset', 'regenerate'],
  ['sandbox', 'test mode'],
  // Docs sites.
  ['sidebar', 'navigation', 'nav', 'menu'],
  ['navbar', 'topbar', 'header'],
  ['favicon', 'icon'],
  ['seo', 'metadata', 'meta tags'],
  ['openapi', 'swagger'],
  ['playground', 'try it', 'interactive'],
  ['markdown', 'mdx'],
  ['math', 'latex', 'katex', 'equation', 'formula'],
  ['table of contents', 'toc'],
  ['changelog', 'release notes', 'updates'],
  ['banner', 'announcement'],
  ['feedback', 'rating'],
  ['migrate', 'migration', 'import'],
  ['shortcut', 'hotkey', 'keybinding', 'key combo', 'key combination'],
  ['privacy', 'gdpr', 'consent', 'cookie'],
  ['audience', 'persona'],
  ['component', 'building block', 'widget'],
  ['footer', 'bottom of every page'],
  ['audit log', 'audit', 'activity log'],
  ['search engine', 'google', 'bing', 'crawler'],
];

/** One-way expansions: a reader's word -> what docs call it (weight). */
const TOWARD: Array<[string, string[], number]> = [
  ['open', ['create'], 0.4],
  ['kick', ['remove'], 0.5],
  ['kick out', ['remove'], 0.8],
  ['give', ['add', 'grant'], 0.4],
  ['grant', ['add'], 0.4],
  ['clean up', ['delete'], 0.6],
  ['wipe', ['delete'], 0.6],
  ['undo', ['remove', 'delete'], 0.4],
  ['how many', ['count'], 0.4],
  ['whoami', ['authenticated user', 'current user'], 0.8],
  ['who am i', ['authenticated user'], 0.8],
  ['thumbs up', ['reaction', '+1'], 0.8],
  ['calls', ['requests'], 0.5],
  ['call', ['request'], 0.4],
  ['throttled', ['rate limit'], 0.8],
  ['spin up', ['create'], 0.6],
  ['set up', ['configure', 'setup'], 0.6],
  ['setup', ['configure'], 0.5],
  ['close', ['update', 'state'], 0.4],
  ['reopen', ['update', 'state'], 0.4],
  ['upload', ['create'], 0.4],
  ['set up', ['create'], 0.4],
  ['paginate', ['page', 'per page'], 0.4],
  ['indexing', ['noindex'], 0.5],
  ['index', ['noindex'], 0.4],
  ['copy', ['fork', 'duplicate'], 0.4],
  ['clone', ['fork'], 0.3],
  ['private', ['visibility'], 0.4],
  ['public', ['visibility'], 0.4],
  ['company', ['organization'], 0.5],
  ['favorite', ['star'], 0.5],
  ['bookmark', ['star'], 0.4],
  ['chatbot', ['assistant'], 0.6],
  ['profile', ['user'], 0.4],
  ['freeze', ['lock'], 0.5],
  ['get rid of', ['delete', 'remove'], 0.8],
  ['take away', ['remove', 'revoke'], 0.6],
  ['take off', ['remove'], 0.6],
  ['take back', ['cancel', 'revoke', 'withdraw'], 0.6],
  ['take down', ['delete', 'remove', 'unpublish'], 0.6],
  ['pause', ['suspend', 'disable'], 0.6],
  ['resume', ['unsuspend', 'enable'], 0.6],
  ['revoke', ['remove', 'delete'], 0.5],
  ['allow', ['permission', 'access', 'enable'], 0.4],
  ['let', ['permission', 'access'], 0.3],
  ['who can', ['permission', 'access'], 0.4],
  ['prevent', ['restrict', 'block', 'protect'], 0.4],
  ['forbid', ['restrict', 'block'], 0.5],
  ['notify', ['notification', 'webhook', 'subscribe'], 0.4],
  ['notified', ['notification', 'webhook', 'subscribe'], 0.4],
  ['person', ['user'], 0.5],
  ['rotate', ['regenerate', 'reset', 'update'], 0.5],
  ['expiry', ['expiration', 'expire'], 0.8],
  ['too many requests', ['rate limit'], 0.8],
  ['429', ['rate limit'], 0.8],
  ['401', ['authentication', 'unauthorized'], 0.6],
  ['403', ['forbidden', 'permission'], 0.6],
  ['whitelist', ['allowlist', 'allow list', 'allowed'], 0.8],
  ['blacklist', ['blocklist', 'denylist', 'block'], 0.8],
  ['dark mode', ['theme', 'appearance'], 0.5],
  ['find out', ['get'], 0.4],
  ['number of', ['count'], 0.4],
  ['total', ['count'], 0.3],
  ['old links', ['redirect'], 0.6],
  ['old url', ['redirect'], 0.6],
  ['old urls', ['redirects'], 0.6],
  ['in a nutshell', ['introduction', 'overview'], 0.5],
  ['who changed', ['audit log'], 0.5],
  ['twitter', ['social', 'x'], 0.5],
  ['linkedin', ['social'], 0.5],
  ['readers', ['audience'], 0.3],
  ['spending limit', ['budget'], 0.6],
  ['gate', ['protection rule'], 0.5],
  ['hasn t accepted', ['pending'], 0.6],
  ['not accepted', ['pending'], 0.6],
  ['suggest a fix', ['autofix'], 0.6],
  ['twelve months', ['year'], 0.6],
  ['12 months', ['year'], 0.6],
  ['kill', ['revoke', 'cancel', 'delete', 'stop'], 0.5],
  ['detach', ['remove', 'delete'], 0.6],
  ['child', ['sub'], 0.6],
  ['children', ['sub'], 0.6],
  ['terminal', ['cli', 'command line'], 0.6],
  ['command line', ['cli'], 0.8],
  ['slow', ['performance', 'faster', 'speed'], 0.5],
  ['speed up', ['faster', 'performance', 'cache'], 0.5],
  ['resend', ['redeliver', 'retry', 'send again'], 0.6],
  ['internal', ['private'], 0.5],
  ['yesterday', ['day', 'specific day'], 0.5],
  ['today', ['day'], 0.4],
  ['encrypt', ['public key', 'encryption'], 0.5],
  ['gtm', ['google tag manager'], 1],
  ['ga4', ['google analytics'], 1],
  ['belong', ['member', 'membership'], 0.6],
  ['build output', ['artifact'], 0.8],
];

/**
 * Stopwords that still say something: "me"/"my" point at the calling user's endpoints, "all"/"every" at lists.
 * They only add these expansions (the words themselves are not searched).
 */
const MEANINGFUL_STOPWORDS: Array<[string, string[], number]> = [
  ['me', ['authenticated user', 'current user'], 0.6],
  ['myself', ['authenticated user', 'current user'], 0.6],
  ['my', ['authenticated user', 'current user'], 0.3],
  ['mine', ['authenticated user', 'current user'], 0.3],
  ['all', ['list'], 0.4],
  ['every', ['list'], 0.3],
];

export interface Alternative {
  /** Stems that must appear together, in order (one stem for a word, several for a phrase). */
  stems: string[];
  /** Relative to the group's own word (1). */
  weight: number;
}

export interface QueryGroup {
  /** The reader's word or phrase. */
  text: string;
  /** The word itself first, then its expansions. */
  alternatives: Alternative[];
  /** What the reader does not want: the word after "without", "except" ("read a file without cloning it"). */
  negated?: true;
}

/** Owners that "my" names instead of the reader (see possessesOwner). */
const NAMED_THINGS: ReadonlySet<Scope> = new Set(['repo', 'app']);

/** Words after which the reader names what they do not want ("a non-secret value": `non` is its own word). */
const NEGATING = new Set(['without', 'except', 'excluding', 'non']);
/** Words after which "not" names what the reader does not want ("not an inline comment", "not just its values"). */
const NOT_WHAT = new Set(['a', 'an', 'the', 'any', 'its', 'their', 'just', 'only']);

const stemsOf = (phrase: string): string[] => words(phrase).map((w) => stem(w.text));
const keyOf = (phrase: string): string => stemsOf(phrase).join(' ');

interface Entry {
  alternatives: Alternative[];
}

const TABLE = new Map<string, Entry>();
function add(from: string, to: string, weight: number): void {
  const key = keyOf(from);
  // The index has no stopwords: "turn on" is found as "turn" (a weaker match).
  const all = words(to).map((w) => w.text);
  const kept = all.filter((w) => !STOPWORDS.has(w));
  const stems = kept.map(stem);
  if (kept.length < all.length) weight *= 0.5;
  if (key === '' || stems.length === 0 || key === stems.join(' ')) return;
  const entry = TABLE.get(key) ?? { alternatives: [] };
  const existing = entry.alternatives.find((a) => a.stems.join(' ') === stems.join(' '));
  if (existing) existing.weight = Math.max(existing.weight, weight);
  else entry.alternatives.push({ stems, weight });
  TABLE.set(key, entry);
}
for (const group of SAME) for (const a of group) for (const b of group) if (a !== b) add(a, b, 1);
for (const group of NEAR) for (const a of group) for (const b of group) if (a !== b) add(a, b, 0.5);
for (const [from, to, weight] of TOWARD) for (const t of to) add(from, t, weight);
const STOPWORD_TABLE = new Map<string, Alternative[]>(
  MEANINGFUL_STOPWORDS.map(([from, to, weight]) => [from, to.map((t) => ({ stems: stemsOf(t), weight }))]),
);

/** A yes/no question ("Is this user a member…?", "Does this repo have…?") asks to check something. */
const YES_NO = new Set(['is', 'are', 'am', 'does', 'do', 'has', 'have']);
const YES_NO_MEANING: Alternative[] = [{ stems: [stem('check')], weight: 0.4 }];

const LONGEST = 3;

/**
 * A question as groups of alternatives, in the order of its words. Phrases of the vocabulary (up to three words,
 * stopwords included: "sign in", "who am i") become one group, and so does a phrasal verb split by its object ("take
 * someone off"); other stopwords are dropped.
 */
export function queryGroups(text: string, max = 24): QueryGroup[] {
  const ws = words(text);
  const groups: QueryGroup[] = [];
  const seen = new Set<string>();
  let i = 0;
  const texts = ws.map((w) => w.text);
  const stems = texts.map(stem);
  // Particles already taken by a phrasal verb whose object stood between ("take someone off").
  const taken = new Set<number>();
  // The next group follows "without" / "except".
  let negating = false;
  const push = (g: QueryGroup) => {
    groups.push(negating ? { ...g, negated: true } : g);
    negating = false;
  };
  while (i < ws.length && groups.length < max) {
    let matched = 0;
    for (let n = Math.min(LONGEST, ws.length - i); n >= 2; n--) {
      const phrase = ws.slice(i, i + n).map((w) => w.text);
      const key = phrase.map(stem).join(' ');
      const entry = TABLE.get(key);
      if (!entry) continue;
      if (!seen.has(key)) {
        seen.add(key);
        const own = phrase.filter((w) => !STOPWORDS.has(w)).map(stem);
        const alternatives: Alternative[] = own.length > 0 ? [{ stems: own, weight: 1 }] : [];
        for (const a of entry.alternatives) if (!alternatives.some((x) => x.stems.join(' ') === a.stems.join(' '))) alternatives.push(a);
        push({ text: phrase.join(' '), alternatives });
      }
      matched = n;
      break;
    }
    if (matched > 0) {
      i += matched;
      continue;
    }
    const apart = taken.has(i) ? undefined : splitParticle(texts, stems, i, (key) => TABLE.has(key) && isActionStem(key));
    if (apart !== undefined) {
      taken.add(apart);
      const key = `${stems[i]} ${stems[apart]}`;
      if (!seen.has(key)) {
        seen.add(key);
        push({
          text: `${ws[i]!.text} ${ws[apart]!.text}`,
          alternatives: [{ stems: [stems[i]!], weight: 1 }, ...TABLE.get(key)!.alternatives],
        });
      }
      i++;
      continue;
    }
    const w = ws[i]!;
    i++;
    if (taken.has(i - 1)) continue;
    const t = w.text;
    // "(not an inline comment)", "not just its values": what follows is not what is asked for.
    if (t === 'not' && NOT_WHAT.has(texts[i] ?? '')) {
      negating = true;
      if (texts[i] === 'just' || texts[i] === 'only') i++;
      continue;
    }
    if (NEGATING.has(t)) {
      negating = true;
      continue;
    }
    // "my repo", "my GitHub App": the thing named is the repository's or the app's, not the reader's (but "my org"
    // keeps it: the reader acts there as themselves, forking into it, being a member).
    if (possessesOwner(texts, i - 1, NAMED_THINGS)) continue;
    const meaning = STOPWORD_TABLE.get(t) ?? (i === 1 && YES_NO.has(t) ? YES_NO_MEANING : undefined);
    if (meaning && !seen.has(t)) {
      seen.add(t);
      push({ text: t, alternatives: [...meaning] });
      continue;
    }
    if ((t.length < 2 && !/\d/.test(t)) || STOPWORDS.has(t)) continue;
    const s = stem(t);
    if (seen.has(s)) continue;
    seen.add(s);
    const alternatives: Alternative[] = [{ stems: [s], weight: 1 }];
    if (w.parts) alternatives.push({ stems: w.parts.map(stem), weight: 0.8 });
    for (const a of TABLE.get(s)?.alternatives ?? []) {
      if (!alternatives.some((x) => x.stems.join(' ') === a.stems.join(' '))) alternatives.push(a);
    }
    push({ text: t, alternatives });
  }
  return groups;
}
