/**
 * Composers turn retrieved passages into the answer text. The default is offline and extractive: a short, direct
 * answer first (the operation with its method and path for an endpoint page, the steps of a how-to, else the
 * section's opening), then links to the sources by title. It never writes anything the docs don't say, and says
 * plainly when nothing relevant was found.
 */
import { answerStrings, fill, type AnswerStrings } from './answer-strings.ts';
import type { Passage } from './retrieval.ts';
import type { RequestMessage } from './schema.ts';
import { indexStems } from './text.ts';

export interface ComposeInput {
  question: string;
  /** Plain search terms of the question (stopwords dropped). */
  terms: string[];
  /** Retrieved passages, best first (one per page). */
  passages: Passage[];
  /** The conversation as sent by the client. */
  messages: RequestMessage[];
  currentPath?: string;
  /**
   * The answer's language (a page's `language`, e.g. `fr`): the offline composer writes its framing ("From …:",
   * "Sources:") in it, English when answer-strings.ts has no translation. The handler sets the language of the page
   * the reader is on, else that of the best passage.
   */
  language?: string;
  siteName?: string;
  /** The site owners' instructions (`.mintlify/Assistant.md`), for composers that write with a model. */
  instructions?: string;
  signal?: AbortSignal;
}

export interface ComposeUsage {
  promptTokens: number;
  completionTokens: number;
}

/** A composer yields text chunks (each becomes one `0:` part) and may report usage at the end. */
export type Composer = (input: ComposeInput) => AsyncIterable<string> & { usage?: () => ComposeUsage };

/** Rough token count (≈4 characters per token). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * How sure an answer is, from the relevance of the passages (the ranker's score over the most this question could
 * score, 0–1; see ranking.ts). Measured on the question sets of bench/assistant-quality: the right page of an
 * answerable question scores 0.23–1 (median ~0.55), off-topic questions 0–0.38 (median ~0.12).
 * - some passage reaches `answer`: answered directly from the first one;
 * - some passage reaches `closest`: answered from the first one, saying that it may not be what the reader asked;
 * - none does: "I couldn't find anything" (with pages that share some words, if any).
 */
export const RELEVANCE = { answer: 0.3, closest: 0.2 };

/**
 * Passages to answer from, in the ranker's order: none when no passage reaches `RELEVANCE.closest` (nothing is
 * close), else the first one and those scoring at least half as much (so a strong match isn't diluted by pages that
 * merely share a few words).
 */
export function relevantPassages(passages: Passage[], threshold = RELEVANCE.closest): Passage[] {
  if (!passages.some((p) => p.relevance >= threshold)) return [];
  const best = passages[0]!.score;
  return passages.filter((p, i) => i === 0 || p.score >= best * 0.5);
}

function linkLabel(p: Passage): string {
  return p.heading ? `${p.title} › ${p.heading}` : p.title;
}

function escapeLabel(s: string): string {
  return s.replace(/([\\[\]])/g, '\\$1');
}

function link(p: Passage, label = linkLabel(p)): string {
  return `[${escapeLabel(label)}](${p.path})`;
}

/** Text without code fences, split into paragraphs. */
function prose(content: string): string[] {
  const out: string[] = [];
  let fence = false;
  let cur: string[] = [];
  for (const line of content.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      fence = !fence;
      if (cur.length) out.push(cur.join('\n'));
      cur = [];
      continue;
    }
    if (fence) continue;
    if (line.trim() === '') {
      if (cur.length) out.push(cur.join('\n'));
      cur = [];
    } else cur.push(line);
  }
  if (cur.length) out.push(cur.join('\n'));
  return out.map((p) => p.trim()).filter((p) => p !== '');
}

/** A paragraph that is a block quote (`> …`, GitHub's `> [!NOTE]` alerts: 5 % of GitHub's operations open with one). */
function isQuote(paragraph: string): boolean {
  return paragraph.startsWith('>');
}

/** A block quote as plain text: the `>` markers gone, an alert's label as a word (`> [!NOTE]` -> `Note:`). */
function unquote(paragraph: string, s: AnswerStrings): string {
  const text = paragraph
    .split('\n')
    .map((l) => l.replace(/^\s*>\s?/, ''))
    .join('\n')
    .trim();
  return text.replace(/^\[!(\w+)\]\s*/, (m, kind: string) => {
    const label = s.alerts[kind.toUpperCase() as keyof AnswerStrings['alerts']];
    return label ? fill(s.alert, { label }) : m;
  });
}

/**
 * The paragraph to open with: the first that is not an aside (a block quote), without the quoted lines inside it,
 * else the first one, unquoted; up to a list that follows its first line (a list item flattened into a sentence
 * reads as `… categories: * The core …`), and without the sentence that introduces that list ("Under `resources`,
 * you'll see:") when another comes before it.
 */
function opening(paragraphs: string[], s: AnswerStrings): string | undefined {
  const first = paragraphs.find((x) => !isQuote(x)) ?? paragraphs[0];
  if (first === undefined) return undefined;
  const text = isQuote(first)
    ? unquote(first, s)
    : first
        .split('\n')
        .filter((l) => !l.startsWith('>'))
        .join('\n');
  const lines = text.split('\n');
  const item = (l: string) => LIST_ITEM.test(l);
  const list = item(lines[0]!) ? -1 : lines.findIndex(item);
  return withoutListIntro(list > 0 ? lines.slice(0, list).join('\n') : text);
}

/** A text without its last sentence when that one ends in a colon (what it introduces is not shown) and is not all. */
function withoutListIntro(text: string): string {
  if (!/:\s*$/.test(text)) return text;
  const end = Math.max(text.lastIndexOf('. '), text.lastIndexOf('? '), text.lastIndexOf('! '), text.lastIndexOf('.\n'));
  return end > 0 ? text.slice(0, end + 1) : text;
}

/** The first sentences of a text, at most ~`max` characters. */
function sentences(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('? '), cut.lastIndexOf('! '));
  return end > max / 3 ? cut.slice(0, end + 1) : `${cut.replace(/\s+\S*$/, '')} …`;
}

/** A list item's marker: `- `, `* `, `+ `, `1. `, `1) `. */
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s/;

/**
 * Lines with each list item whole: the lines that continue an item (a wrapped item, a continuation line) kept with
 * it, after a newline. The index keeps no indentation, so a line after an item that starts nothing else (a blank
 * line, an item, a heading, a quote, a table, a fence) is the item's, as in Markdown.
 */
function wholeItems(lines: string[]): string[] {
  const out: string[] = [];
  let open = false;
  let fence = false;
  for (const line of lines) {
    const fenceLine = /^\s*(```|~~~)/.test(line);
    if (open && !fence && !fenceLine && line.trim() !== '' && !LIST_ITEM.test(line) && !/^\s*[#>|]/.test(line)) {
      out[out.length - 1] += `\n${line}`;
      continue;
    }
    if (fenceLine) fence = !fence;
    out.push(line);
    open = !fence && LIST_ITEM.test(line);
  }
  return out;
}

/**
 * A list item's text on one line: whole, or up to the end of its last sentence within ~`max` characters (its first
 * sentence at least), so a quoted item never stops mid-sentence. A sentence ends at `.`, `?` or `!` before a word
 * that does not start in lower case ("e.g. the" goes on).
 */
function wholeSentences(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  let end = 0;
  for (const m of flat.matchAll(/[.!?](?= [^\s\p{Ll}])/gu)) {
    if (end > 0 && m.index >= max) break;
    end = m.index + 1;
  }
  return end > 0 ? flat.slice(0, end) : flat;
}

/** A list as whole items, one a line, as many as fit in ~`max` characters (the first at least). */
function wholeList(text: string, max: number): string {
  const out: string[] = [];
  let used = 0;
  for (const entry of wholeItems(text.split('\n'))) {
    const item = wholeSentences(entry, max);
    if (out.length > 0 && used + item.length > max) break;
    out.push(item);
    used += item.length;
  }
  return out.join('\n');
}

/** The first fenced code block of a section, when it is short enough to show whole. */
function firstCode(content: string, maxLines = 16): string | undefined {
  const m = /^\s*(```|~~~)[^\n]*\n[\s\S]*?\n\s*\1\s*$/m.exec(content);
  if (!m) return undefined;
  const block = m[0].trim();
  return block.split('\n').length <= maxLines + 2 ? block : undefined;
}

/** Numbered steps (`1. …`, or the `1) …` titles of `<Step>`s) of a section, if it has at least two. */
function steps(content: string, max = 8): string[] {
  // The titles of `<Step>`s (`1) …`) when there are any: a numbered list inside a step is not a step of its own.
  const titled = content.split('\n').filter((l) => /^\d+\)\s+\S/.test(l));
  const lines = titled.length >= 2 ? titled : wholeItems(content.split('\n')).filter((l) => /^\s{0,3}\d+[.)]\s+\S/.test(l));
  if (lines.length < 2) return [];
  return lines.slice(0, max).map((l) => wholeSentences(l.replace(/^\s*\d+[.)]\s+/, ''), 200));
}

/**
 * List items naming a field (`- \`name\` (…) — …`) that mention a word of the question, those named by it first;
 * `known`: words that do not count (already said), `namesOnly`: only fields whose name has such a word, `wholeName`:
 * only fields whose name is all such words.
 */
function matchingFields(
  content: string,
  question: string,
  options: { max?: number; known?: readonly string[]; namesOnly?: boolean; wholeName?: boolean } = {},
): string[] {
  const { max = 3, known = [], namesOnly = false, wholeName = false } = options;
  const skip = new Set(indexStems(known.join(' ')));
  const wanted = new Set(indexStems(question).filter((s) => !skip.has(s)));
  const byName: string[] = [];
  const byText: string[] = [];
  for (const entry of wholeItems(content.split('\n'))) {
    const [line = '', ...more] = entry.split('\n');
    const m = /^\s*- `([^`]+)`\s*(.*)$/.exec(line);
    if (!m) continue;
    // A field component's description is on the lines after its name and type (`- \`proxy\` (boolean)`).
    const rest = more.join(' ').trim();
    const about = rest && /^(\([^)]*\))?$/.test(m[2]!) ? `${m[2] ? `${m[2]} — ` : '— '}${rest}` : [m[2], rest].filter(Boolean).join(' ');
    const item = `- \`${m[1]}\`${about ? ` ${wholeSentences(about, 220)}` : ''}`;
    const name = indexStems(m[1]!).filter((s) => s.length > 1);
    if (wholeName ? name.length > 0 && name.every((s) => wanted.has(s)) : name.some((s) => wanted.has(s))) byName.push(item);
    else if (!namesOnly && indexStems(about).some((s) => wanted.has(s))) byText.push(item);
  }
  return [...byName, ...byText].slice(0, max);
}

/** The direct answer from the best passage: operation, steps, or the section's opening (with its code). */
function directAnswer(p: Passage, question: string, s: AnswerStrings): string {
  const parts: string[] = [];
  if (p.operation) {
    const webhook = p.operation.method === 'WEBHOOK';
    const endpoint = webhook ? p.operation.path : `${p.operation.method} ${p.operation.path}`;
    parts.push(fill(webhook ? s.webhook : s.use, { endpoint: `\`${endpoint}\``, link: `[${escapeLabel(p.title)}](${p.page})` }));
    const same = (x: string) => x.replace(/[.\s]+$/, '').toLowerCase() === p.title.toLowerCase();
    const about = opening(
      [...(p.description ? prose(p.description) : []), ...prose(p.content)].filter(
        // (A request body's bare `Content type … (required).` line says nothing about the operation.)
        (x) =>
          !x.startsWith('`') &&
          !x.startsWith('#') &&
          !x.startsWith('- ') &&
          !/^Content type `[^`\n]*`( \(required\))?\.(\n|$)/.test(x) &&
          !same(x),
      ),
      s,
    );
    if (about) parts.push(sentences(about, 400));
    // What the reader sends, then what comes back: a response field only for a word the title does not already say
    // ("who contributed to a repo and how many commits?" -> `contributions`; not `followers_url` for "who follows a
    // user?", whose title says "followers").
    const [request = '', response = ''] = p.content.split(/\n## Responses\n/);
    const fields = matchingFields(request, question);
    if (fields.length > 0) parts.push([s.parameters, ...fields].join('\n'));
    // Only the response's own fields, not those of the objects it embeds (`owner.repos_url`), nor links (`*_url`).
    const own = response
      .split('\n')
      .filter((l) => !/^\s*- `[^`]*(\.|_url`)/.test(l))
      .join('\n');
    const returned = matchingFields(own, question, { known: [p.title, p.operation.path], namesOnly: true });
    if (returned.length > 0) parts.push([s.inResponse, ...returned].join('\n'));
    return parts.join('\n\n');
  }
  const found = steps(p.content);
  const paragraphs = prose(p.content).filter((x) => !/^\s{0,3}\d+[.)]\s/.test(x));
  if (found.length > 0) {
    parts.push(fill(s.from, { link: link(p) }));
    // What the section says before its steps (not the text of a step).
    const start = p.content.search(/^\s{0,3}\d+[.)]\s+\S/m);
    const first = opening(prose(start > 0 ? p.content.slice(0, start) : ''), s);
    if (first && !first.startsWith('- ')) parts.push(sentences(first, 300));
    parts.push(found.map((s, i) => `${i + 1}. ${s}`).join('\n'));
    return parts.join('\n\n');
  }
  parts.push(fill(s.from, { link: link(p) }));
  const lead = opening(paragraphs, s) ?? (p.description ? sentences(p.description, 400) : '');
  if (lead) parts.push(LIST_ITEM.test(lead) ? wholeList(lead, 500) : sentences(lead, 500));
  // Settings and properties the question names (`<ParamField>`, `<ResponseField>` of the section): every word of the
  // name in the question (`proxy`; not `colors.dark` for a dark-mode logo).
  const named = matchingFields(p.content, question, { namesOnly: true, wholeName: true, known: [p.title, p.heading ?? ''] });
  if (named.length > 0) parts.push([s.fields, ...named].join('\n'));
  const code = firstCode(p.content);
  if (code) parts.push(code);
  return parts.join('\n\n');
}

/** The default composer: a direct answer from the best passage, then the relevant pages as links. */
export function createExtractiveComposer(options: { maxSources?: number } = {}): Composer {
  const maxSources = options.maxSources ?? 5;
  return (input) => {
    const chunks: string[] = [];
    const relevant = relevantPassages(input.passages);
    const s = answerStrings(input.language);
    const where = input.siteName ? fill(s.whereSite, { site: input.siteName }) : s.where;
    if (relevant.length === 0) {
      chunks.push(fill(s.notFound, { where }));
      chunks.push(s.rephrase);
      const weak = input.passages.filter((p) => p.matched > 0).slice(0, 3);
      if (weak.length > 0) {
        chunks.push(`\n\n${s.mightHelp}\n`);
        for (const p of weak) chunks.push(`\n- ${link(p)}`);
      }
    } else {
      chunks.push(directAnswer(relevant[0]!, input.question, s));
      if (Math.max(...relevant.map((p) => p.relevance)) < RELEVANCE.answer) {
        chunks.push(`\n\n${fill(s.closest, { where })}`);
      }
      const sources = relevant.slice(0, maxSources);
      chunks.push(`\n\n${s.sources}\n${sources.map((p) => `- ${link(p)}`).join('\n')}`);
    }
    const text = chunks.join('');
    return {
      async *[Symbol.asyncIterator]() {
        for (const c of chunks) yield c;
      },
      usage: () => ({
        promptTokens: estimateTokens(input.question) + input.passages.reduce((n, p) => n + estimateTokens(p.content), 0),
        completionTokens: estimateTokens(text),
      }),
    };
  };
}
