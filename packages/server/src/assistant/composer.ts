/**
 * Composers turn retrieved passages into the answer text. The default is extractive: it quotes the most
 * relevant passages with links to their pages, and says plainly when nothing relevant was found. It never
 * writes anything the docs don't say.
 */
import type { Passage } from './retrieval.ts';
import type { RequestMessage } from './schema.ts';

export interface ComposeInput {
  question: string;
  /** Plain search terms of the question (stopwords dropped). */
  terms: string[];
  /** Retrieved passages, best first. */
  passages: Passage[];
  /** The conversation as sent by the client. */
  messages: RequestMessage[];
  currentPath?: string;
  siteName?: string;
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
 * Passages relevant enough to quote: they mention at least half of the question's terms, and score at least
 * 60% of the best such passage (so a strong match isn't diluted by passages that merely share a few words).
 */
export function relevantPassages(terms: string[], passages: Passage[]): Passage[] {
  const need = Math.max(1, Math.ceil(terms.length / 2));
  const matching = passages.filter((p) => p.matched >= need);
  const best = Math.max(0, ...matching.map((p) => p.score));
  return matching.filter((p) => p.score >= best * 0.6);
}

/** An excerpt of at most ~`max` characters, cut at a paragraph or sentence end, never inside a code fence. */
export function excerpt(content: string, max = 700): string {
  const text = content.trim();
  if (text.length <= max) return text;
  const paragraphs = text.split(/\n{2,}/);
  let out = '';
  for (const p of paragraphs) {
    const next = out === '' ? p : `${out}\n\n${p}`;
    if (next.length > max && out !== '') break;
    out = next;
    if (out.length > max) break;
  }
  if (out.length > max * 1.5) {
    // A single huge paragraph: cut at the last sentence end before the limit.
    const cut = out.slice(0, max);
    const dot = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('.\n'));
    out = (dot > max / 3 ? cut.slice(0, dot + 1) : cut) + ' …';
  }
  // Close a fence the cut left open.
  const fences = out.match(/^\s*(```|~~~)/gm)?.length ?? 0;
  if (fences % 2 === 1) out += '\n```';
  return out;
}

function quote(text: string): string {
  return text
    .split('\n')
    .map((l) => (l === '' ? '>' : `> ${l}`))
    .join('\n');
}

function linkLabel(p: Passage): string {
  return p.heading ? `${p.title} › ${p.heading}` : p.title;
}

function escapeLabel(s: string): string {
  return s.replace(/([\\[\]])/g, '\\$1');
}

/** The default composer: quotes up to `maxQuotes` relevant passages (one per section) with their page links. */
export function createExtractiveComposer(options: { maxQuotes?: number; excerptChars?: number } = {}): Composer {
  const maxQuotes = options.maxQuotes ?? 3;
  const excerptChars = options.excerptChars ?? 700;
  return (input) => {
    const chunks: string[] = [];
    const relevant = relevantPassages(input.terms, input.passages);
    const seen = new Set<string>();
    const picked: Passage[] = [];
    for (const p of relevant) {
      if (seen.has(p.path)) continue;
      seen.add(p.path);
      picked.push(p);
      if (picked.length >= maxQuotes) break;
    }
    const where = input.siteName ? `the ${input.siteName} documentation` : 'the documentation';
    if (picked.length === 0) {
      chunks.push(`I couldn't find anything in ${where} that answers this question, so I can't answer it from the docs. `);
      chunks.push('Try rephrasing it with the terms the product uses, or browse the documentation directly.');
      const weak = input.passages.filter((p) => p.matched > 0).slice(0, 3);
      if (weak.length > 0) {
        chunks.push('\n\nThese pages mention some of your words and might still help:\n');
        for (const p of weak) chunks.push(`\n- [${escapeLabel(linkLabel(p))}](${p.path})`);
      }
    } else {
      chunks.push(`Here is what ${where} says about this:\n\n`);
      picked.forEach((p, i) => {
        chunks.push(`**[${escapeLabel(linkLabel(p))}](${p.path})**\n\n`);
        chunks.push(quote(excerpt(p.content, excerptChars)) + (i < picked.length - 1 ? '\n\n' : ''));
      });
      const pages = [...new Map(picked.map((p) => [p.page, p] as const)).values()];
      chunks.push(`\n\nSources: ${pages.map((p) => `[${escapeLabel(p.title)}](${p.page})`).join(', ')}`);
    }
    const text = chunks.join('');
    const iterable = {
      async *[Symbol.asyncIterator]() {
        for (const c of chunks) yield c;
      },
      usage: () => ({
        promptTokens: estimateTokens(input.question) + input.passages.reduce((n, p) => n + estimateTokens(p.content), 0),
        completionTokens: estimateTokens(text),
      }),
    };
    return iterable;
  };
}
