/**
 * Markdown from specs and docs.json rendered SAFELY: remark-parse -> remark-gfm -> remark-rehype ->
 * rehype-sanitize (GitHub's schema: no script, no event handlers, no javascript: URLs) -> rehype-stringify.
 * Raw HTML in the Markdown is dropped by remark-rehype (allowDangerousHtml stays off) and sanitised anyway.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize).use(rehypeStringify);
const cache = new Map<string, string>();

/**
 * Markdown a build rendered ahead in a worker thread (see markdown-pool.ts): text -> the same HTML `renderMarkdown`
 * gives. Kept on `globalThis` because the render bundle holds its own copy of this module.
 */
const READY = Symbol.for('lectern.markdown-ready');
type Ready = Map<string, string>;

export function setRenderedMarkdown(ready: Ready | undefined): void {
  (globalThis as unknown as Record<symbol, Ready | undefined>)[READY] = ready;
}

export function renderMarkdown(text: string | undefined | null): string {
  if (!text) return '';
  const hit = (globalThis as unknown as Record<symbol, Ready | undefined>)[READY]?.get(text) ?? cache.get(text);
  if (hit !== undefined) return hit;
  const html = String(processor.processSync(text));
  if (cache.size > 5000) cache.clear();
  cache.set(text, html);
  return html;
}

/** Inline variant: a single paragraph is unwrapped (for banners, captions, table cells). */
export function renderInlineMarkdown(text: string | undefined | null): string {
  const html = renderMarkdown(text).trim();
  const m = /^<p>([\s\S]*)<\/p>$/.exec(html);
  return m && !m[1]!.includes('<p>') ? m[1]! : html;
}

/**
 * One line of words that Markdown reads as itself, a paragraph of one text node: it starts with a letter (not a list
 * marker, heading or indented code) and holds no character that starts Markdown or HTML syntax (`*_[]<>&\`~#|@`…)
 * or that the HTML would escape, and no URL (`www.`, `http://`: a link, whose end the text would then show as a space).
 */
const PLAIN_LINE = /^\p{L}[\p{L}\p{N} ,.;:!?'"()%/+=-]*$/u;
const URL_START = /www\.|https?:\/\//i;

/** Plain text (for meta descriptions): Markdown syntax removed, whitespace collapsed. */
export function plainText(text: string | undefined | null, max = 300): string {
  if (!text) return '';
  // Every page's description comes here: a plain one skips the Markdown pipeline (1 ms a page), same text.
  const t =
    PLAIN_LINE.test(text) && !URL_START.test(text)
      ? text.replace(/ +/g, ' ').trim()
      : renderMarkdown(text)
          .replace(/<[^>]+>/g, ' ')
          .replace(/&[a-z]+;|&#\d+;/g, ' ')
          .replace(/\s+/g, ' ')
          .trim();
  return t.length > max ? t.slice(0, max - 1) + '…' : t;
}

/**
 * Only http(s), mailto, relative and fragment URLs survive (for hrefs taken from docs.json / specs). The scheme is
 * read as a browser reads it: control characters and whitespace, which it drops (`\u0001javascript:`,
 * `java\tscript:`), do not hide one.
 */
export function safeUrl(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  const u = url.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(u.replace(/[\u0000-\u0020\u007f-\u009f]/g, ''))?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'mailto' ? u : undefined;
}
