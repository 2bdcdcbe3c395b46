/**
 * The assistant's answer (Markdown) as Preact VNodes, never as HTML: every piece of the answer becomes a text node
 * or an element this module chooses, so `<img onerror=…>` or `<script>` in an answer show as text. Links keep only
 * http(s), mailto and same-site URLs (javascript:, data:, vbscript: and the rest become plain text). Covers what
 * answers use: paragraphs, headings, lists (nested by indentation), fenced code, block quotes, tables, inline code,
 * bold, italic, links and bare URLs. Unfinished syntax (a stream cut mid-link) renders as text until it completes.
 */
import { h, type ComponentChildren, type VNode } from 'preact';

/** A URL the answer may link to, resolved for a site served under `base`; `undefined` drops the link. */
export function safeHref(raw: string, base: string): string | undefined {
  const url = raw.trim();
  // Control characters and whitespace inside a scheme (`java\tscript:`) are refused outright.
  if (/[\u0000-\u001f\u007f]/.test(url) || url === '') return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme) return scheme === 'http' || scheme === 'https' || scheme === 'mailto' ? url : undefined;
  if (url.startsWith('//')) return undefined;
  if (url.startsWith('/') && base !== '/' && !url.startsWith(base)) return base + url.slice(1);
  return url;
}

const INLINE =
  /(`+)([\s\S]*?[^`])\1(?!`)|\*\*([^*]+?)\*\*|(?<!\w)__([^_]+?)__(?!\w)|\*([^*\s][^*]*?)\*|(?<![\w])_([^_\s][^_]*?)_(?![\w])|!?\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)|(https?:\/\/[^\s<>()]*[^\s<>().,;:!?'"])/;

/** Inline Markdown of one block as children. */
export function inline(text: string, base: string): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  let rest = text;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) {
      out.push(rest);
      break;
    }
    if (m.index > 0) out.push(rest.slice(0, m.index));
    const [whole, , code, strong1, strong2, em1, em2, label, href, bare] = m;
    if (code !== undefined) out.push(h('code', null, code.trim() || code));
    else if (strong1 !== undefined || strong2 !== undefined) out.push(h('strong', null, inline((strong1 ?? strong2)!, base)));
    else if (em1 !== undefined || em2 !== undefined) out.push(h('em', null, inline((em1 ?? em2)!, base)));
    else if (label !== undefined) out.push(link(label, href ?? '', base, whole.startsWith('!')));
    else if (bare !== undefined) out.push(link(bare, bare, base, false));
    rest = rest.slice(m.index + whole.length);
  }
  return out;
}

/** A link, or its label as text when the URL is not allowed. Images are shown as links to the image, never loaded. */
function link(label: string, raw: string, base: string, image: boolean): ComponentChildren {
  const href = safeHref(raw, base);
  const text = label || raw;
  if (!href) return text;
  const external = /^(https?:)?\/\//i.test(href);
  return h('a', { href, ...(external ? { rel: 'noopener noreferrer', target: '_blank' } : {}) }, image ? text : inline(text, base));
}

type Block =
  | { kind: 'p' | 'quote'; text: string }
  | { kind: 'h'; level: number; text: string }
  | { kind: 'code'; lang: string; text: string }
  | { kind: 'list'; ordered: boolean; start: number; items: string[] }
  | { kind: 'table'; rows: string[][] };

const LIST_ITEM = /^(\s{0,3})([-*+]|\d{1,9}[.)])\s+(.*)$/;
const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/** Split Markdown into blocks (line based: the answer format, not all of CommonMark). */
export function blocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const fence = /^\s{0,3}(`{3,}|~{3,})\s*([\w+-]*)/.exec(line);
    if (fence) {
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trim().startsWith(fence[1]!); i++) body.push(lines[i]!);
      i++;
      out.push({ kind: 'code', lang: fence[2] ?? '', text: body.join('\n') });
      continue;
    }
    if (line.trim() === '') {
      i++;
      continue;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      out.push({ kind: 'h', level: heading[1]!.length, text: heading[2]! });
      i++;
      continue;
    }
    if (line.includes('|') && /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(lines[i + 1] ?? '')) {
      const rows = [cells(line)];
      for (i += 2; i < lines.length && lines[i]!.includes('|') && lines[i]!.trim() !== ''; i++) rows.push(cells(lines[i]!));
      out.push({ kind: 'table', rows });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = /\d/.test(item[2]!);
      const items: string[] = [];
      while (i < lines.length) {
        const l = lines[i]!;
        const next = LIST_ITEM.exec(l);
        if (next && next[1]!.length === item[1]!.length && /\d/.test(next[2]!) === ordered) items.push(next[3]!);
        else if (l.trim() !== '' && (/^\s/.test(l) || !LIST_ITEM.test(l)) && items.length > 0 && !/^\s{0,3}(#|```|~~~)/.test(l))
          items[items.length - 1] += '\n' + l.replace(/^\s{2,4}/, '');
        else if (l.trim() === '' && /^\s{2,}\S/.test(lines[i + 1] ?? '')) items[items.length - 1] += '\n';
        else break;
        i++;
      }
      out.push({ kind: 'list', ordered, start: ordered ? parseInt(item[2]!, 10) : 1, items });
      continue;
    }
    const quote = /^\s{0,3}>/.test(line);
    const para: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '' && /^\s{0,3}>/.test(lines[i]!) === quote) {
      if (para.length > 0 && (LIST_ITEM.test(lines[i]!) || /^\s{0,3}(#{1,6}\s|```|~~~)/.test(lines[i]!))) break;
      para.push(quote ? lines[i]!.replace(/^\s{0,3}>\s?/, '') : lines[i]!.trim());
      i++;
    }
    out.push({ kind: quote ? 'quote' : 'p', text: para.join('\n') });
  }
  return out;
}

/** Text with Markdown hard breaks (a line ending in two spaces or `\`) kept; other newlines are spaces. */
function lines(text: string, base: string): ComponentChildren[] {
  const parts = text.split(/(?: {2,}|\\)\n/);
  return parts.flatMap((p, i) => (i === 0 ? inline(p.replace(/\n/g, ' '), base) : [h('br', null), ...inline(p.replace(/\n/g, ' '), base)]));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function blockNode(b: Block, base: string, key: number): VNode<any> {
  switch (b.kind) {
    case 'p':
      return h('p', { key }, lines(b.text, base));
    case 'quote':
      return h('blockquote', { key }, renderMarkdown(b.text, base));
    case 'h':
      // The panel's headings sit under its own: h3 at most.
      return h(`h${Math.min(6, b.level + 2)}`, { key }, inline(b.text, base));
    case 'code':
      return h('pre', { key, 'data-lang': b.lang || undefined }, h('code', b.lang ? { class: `language-${b.lang}` } : null, b.text));
    case 'list': {
      const items = b.items.map((text, j) => {
        const nested = text.includes('\n');
        return h('li', { key: j }, nested ? renderMarkdown(text, base) : inline(text, base));
      });
      return b.ordered ? h('ol', { key, start: b.start === 1 ? undefined : b.start }, items) : h('ul', { key }, items);
    }
    case 'table': {
      const [head, ...body] = b.rows;
      return h(
        'div',
        { key, class: 'lectern-ai-table' },
        h(
          'table',
          null,
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              head!.map((c, j) => h('th', { key: j }, inline(c, base))),
            ),
          ),
          h(
            'tbody',
            null,
            body.map((r, j) =>
              h(
                'tr',
                { key: j },
                r.map((c, k) => h('td', { key: k }, inline(c, base))),
              ),
            ),
          ),
        ),
      );
    }
  }
}

/** The answer as VNodes; `base` is the site's base path (`/` or `/pr-7/`), prefixed to the answer's `/page` links. */
export function renderMarkdown(markdown: string, base: string): ComponentChildren[] {
  return blocks(markdown).map((b, i) => blockNode(b, base, i));
}
