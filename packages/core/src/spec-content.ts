/**
 * Spec-provided page content (`x-mint.content`) is not written by the docs team: vendor specs, generated specs, a
 * remote `openapi:` URL, a contributor's pull request. By default it is Markdown plus Lectern's built-in components
 * with literal props. Everything that would run code at build time or in a reader's browser is cut out of the text
 * before it is compiled, and each cut is reported: frontmatter, ESM (`import`/`export`), `{expressions}`, spread and
 * expression props, elements that are neither built-in components nor plain HTML, event-handler and `srcdoc`/`style`
 * props, and links or props whose URL is not http(s), mailto, tel or relative.
 *
 * What is judged is the text that will be compiled, not the text that came in: cutting `{''}` out of
 * `[t]{''}(javascript:…)` joins a new link, so the result is parsed and vetted again until nothing is cut (and left out
 * whole if that does not settle). It is parsed as the build parses it (GFM; `$math$` as docs.json says), so a link
 * that only GFM sees (in a table cell that is code without GFM) is seen.
 */
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import { mathFromMarkdown } from 'mdast-util-math';
import { math as mathSyntax } from 'micromark-extension-math';
import { toString } from 'mdast-util-to-string';
import { COMPONENT_SET } from './components.ts';

/** HTML elements spec content may use (no script, style, iframe, object, embed, form, input, link, meta, base…). */
const HTML_ELEMENTS = new Set(
  'a abbr b blockquote br caption code col colgroup dd del details div dl dt em figcaption figure h1 h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p picture pre q s samp small source span strong sub summary sup table tbody td tfoot th thead time tr u ul var video audio'.split(
    ' ',
  ),
);
/** Props that take a URL (or, `srcset`, a list of them), checked for a safe scheme. */
export const URL_PROPS: ReadonlySet<string> = new Set([
  'href',
  'src',
  'srcset',
  'poster',
  'action',
  'formaction',
  'cite',
  'background',
  'data',
  'xlink:href',
  'xlinkhref',
  'ping',
  'longdesc',
  'usemap',
  'manifest',
  'codebase',
  'archive',
  'profile',
  'icon',
  'img',
  'url',
]);
const FORBIDDEN_PROPS = /^(on|srcdoc$|style$|dangerouslysetinnerhtml$|formaction$)/i;
/** Rounds of cut-and-parse-again before content that keeps producing something unsafe is left out whole. */
const MAX_PASSES = 8;

export interface RefusedContent {
  message: string;
  /** 1-based line and column inside the content (of the text as it was in the round that cut it). */
  line?: number;
  column?: number;
}

interface Position {
  start: { line: number; column: number; offset?: number };
  end: { offset?: number };
}
interface Node {
  type: string;
  name?: string | null;
  url?: string;
  position?: Position;
  children?: Node[];
  attributes?: Attribute[];
}
interface Attribute {
  type: string;
  name?: string;
  value?: unknown;
  position?: Position;
}

function remarkMath(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(mathSyntax());
  (data.fromMarkdownExtensions ??= []).push(mathFromMarkdown());
}
/**
 * The readings of the text, the build's first (mdx/analyze.ts: GFM and MDX, `$math$` unless docs.json has
 * `styling.latex: false`): a parse error there shows the content as text. The same without GFM is vetted too.
 */
const READINGS = {
  math: [
    unified().use(remarkParse).use(remarkGfm).use(remarkMdx).use(remarkMath),
    unified().use(remarkParse).use(remarkMdx).use(remarkMath),
  ],
  plain: [unified().use(remarkParse).use(remarkGfm).use(remarkMdx), unified().use(remarkParse).use(remarkMdx)],
};

export interface SpecContentOptions {
  /** `$…$` is math, as in the build unless docs.json has `styling.latex: false` (default true). */
  dollarMath?: boolean;
}

// URLs ---------------------------------------------------------------------------------------------------------------

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
/** What a browser drops before it reads a scheme (C0 controls and space at the ends, tab and newlines anywhere), and DEL/C1. */
const IGNORED_IN_URL = /[\u0000-\u0020\u007f-\u009f]/g;
const NAMED_REFERENCES: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  amp: '&',
  num: '#',
  sol: '/',
  period: '.',
  lpar: '(',
  rpar: ')',
};

/** Character references decoded once (`&#106;`, `&#x6A`, `&colon;`, `&Tab;`, `&amp;`; the `;` may be missing). */
function decodeReferences(text: string): string {
  return text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));?/gi, (whole, hex?: string, dec?: string, name?: string) => {
    if (name !== undefined) return NAMED_REFERENCES[name.toLowerCase()] ?? whole;
    const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const percentDecoded = (text: string) => text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The spellings a URL may take on its way to a browser: as written, with references and percent-escapes decoded (nested too). */
function spellings(url: string): string[] {
  const out = new Set([url]);
  let text = url;
  for (let i = 0; i < 4; i++) {
    const next = percentDecoded(decodeReferences(text));
    out.add(decodeReferences(text)).add(percentDecoded(text)).add(next);
    if (next === text) break;
    text = next;
  }
  return [...out];
}

const schemeOf = (url: string) => /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(IGNORED_IN_URL, ''))?.[1]?.toLowerCase();

/**
 * http(s), mailto, tel, or no scheme at all (relative, `/path`, `#anchor`), however it is spelled: whitespace and
 * control characters, character references (`&#106;avascript:`, `javascript&colon;`) and percent-escapes do not hide
 * a scheme, and mixed case does not change one.
 */
export function isSafeUrl(url: string): boolean {
  return spellings(url).every((s) => {
    const scheme = schemeOf(s);
    return scheme === undefined || SAFE_SCHEMES.has(scheme);
  });
}

/** A URL prop's value: `srcset` is a comma-separated list of `url descriptor` candidates, each checked. */
export function isSafeUrlValue(prop: string, value: string): boolean {
  if (!isSafeUrl(value)) return false;
  if (prop.toLowerCase() !== 'srcset') return true;
  return value.split(',').every((candidate) => isSafeUrl(candidate.trim().split(/\s+/)[0] ?? ''));
}

// Cutting --------------------------------------------------------------------------------------------------------------

const escapeText = (text: string) => text.replace(/[\\`*_{}[\]<>()#!|~$&]/g, (c) => `\\${c}`);

/** The content as a code block (a fence longer than any run of backticks in it, so nothing inside can close it). */
function asText(source: string): string {
  const longest = Math.max(0, ...[...source.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}text\n${source}\n${fence}\n`;
}

/**
 * A frontmatter block at the top, which the build would read as the page's frontmatter (`layout:` imports a module):
 * `---`/`+++` after a BOM or blank lines, up to a closing `---`/`+++` line (@astrojs/internal-helpers' rule, widened).
 */
const FRONTMATTER = /^(?:\uFEFF?|\s*\n)[ \t]*(?:---|\+\+\+)[\s\S]*?\n[ \t]*(?:---|\+\+\+)/;

interface Edit {
  start: number;
  end: number;
  with: string;
}
interface Cut {
  at: Position;
  message: string;
  replacement?: string;
}

/** What one reading of the text finds unsafe. */
function unsafeIn(tree: Node): Cut[] {
  const cuts: Cut[] = [];
  const cut = (at: Position | undefined, message: string, replacement = '') => {
    if (at?.start.offset !== undefined && at.end.offset !== undefined) cuts.push({ at, message, replacement });
  };
  const visit = (node: Node): void => {
    switch (node.type) {
      case 'mdxjsEsm':
        return cut(node.position, 'import/export statements are not allowed in spec content');
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        return cut(node.position, '{expressions} are not allowed in spec content');
      case 'link':
      case 'image':
      case 'definition':
        if (node.url !== undefined && !isSafeUrl(node.url)) {
          return cut(
            node.position,
            `link to "${node.url.slice(0, 40)}" refused: only http(s), mailto, tel and relative links`,
            node.type === 'definition' ? '' : escapeText(toString(node)),
          );
        }
        break;
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        const name = node.name;
        if (name && !COMPONENT_SET.has(name) && !HTML_ELEMENTS.has(name)) {
          return cut(node.position, `<${name}> is not allowed in spec content: only Lectern's built-in components and plain HTML`);
        }
        for (const attr of node.attributes ?? []) {
          if (attr.type === 'mdxJsxExpressionAttribute') cut(attr.position, `spread props on <${name}> are not allowed in spec content`);
          else if (attr.name && FORBIDDEN_PROPS.test(attr.name))
            cut(attr.position, `prop ${attr.name} on <${name}> is not allowed in spec content`);
          else if (attr.value && typeof attr.value === 'object')
            cut(attr.position, `expression prop ${attr.name}={…} on <${name}> is not allowed in spec content: use a literal string`);
          else if (
            attr.name &&
            URL_PROPS.has(attr.name.toLowerCase()) &&
            typeof attr.value === 'string' &&
            !isSafeUrlValue(attr.name, attr.value)
          ) {
            cut(
              attr.position,
              `${attr.name}="${attr.value.slice(0, 40)}" on <${name}> refused: only http(s), mailto, tel and relative URLs`,
            );
          }
        }
        break;
      }
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  return cuts;
}

/** One round: the text with what every reading finds unsafe cut out, or the primary reading's parse error. */
function cutOnce(source: string, dollarMath: boolean): { text: string; refused: RefusedContent[] } | { error: string } {
  if (FRONTMATTER.test(source)) {
    return {
      text: `\\${source.replace(/^\uFEFF/, '').trimStart()}`,
      refused: [
        { message: 'a frontmatter block is not allowed in spec content (use x-mint.metadata); it is shown as text', line: 1, column: 1 },
      ],
    };
  }
  const [primary, ...others] = dollarMath ? READINGS.math : READINGS.plain;
  const cuts: Cut[] = [];
  try {
    cuts.push(...unsafeIn(primary!.parse(source) as unknown as Node));
  } catch (error) {
    return { error: (error as { reason?: string }).reason ?? (error as Error).message };
  }
  for (const parser of others) {
    try {
      cuts.push(...unsafeIn(parser.parse(source) as unknown as Node));
    } catch {
      // A reading that does not parse finds nothing; the build does not compile the page that way either.
    }
  }
  if (!cuts.length) return { text: source, refused: [] };
  const refused = new Map<string, RefusedContent>();
  for (const c of cuts)
    refused.set(`${c.at.start.offset}:${c.message}`, { message: c.message, line: c.at.start.line, column: c.at.start.column });
  // Apply from the end; an edit that overlaps one kept already is dropped (the next round sees what is left of it).
  const edits: Edit[] = cuts.map((c) => ({ start: c.at.start.offset!, end: c.at.end.offset!, with: c.replacement ?? '' }));
  edits.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Edit[] = [];
  for (const e of edits) if (!kept.length || e.start >= kept[kept.length - 1]!.end) kept.push(e);
  let text = source;
  for (const e of kept.reverse()) text = text.slice(0, e.start) + e.with + text.slice(e.end);
  return { text, refused: [...refused.values()] };
}

/**
 * The content with every unsafe construct cut out, and what was cut. The result is vetted again after each round of
 * cuts until a round cuts nothing; content that does not parse is kept as text, and content that is still unsafe
 * after MAX_PASSES rounds is left out whole.
 */
export function safeSpecContent(source: string, options: SpecContentOptions = {}): { text: string; refused: RefusedContent[] } {
  const refused: RefusedContent[] = [];
  let text = source;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const round = cutOnce(text, options.dollarMath !== false);
    if ('error' in round) {
      const what = pass ? 'not valid MDX once the unsafe parts were cut' : 'not valid MDX';
      return { text: asText(text), refused: [...refused, { message: `${what}, shown as text: ${round.error}` }] };
    }
    if (!round.refused.length) return { text, refused };
    const joined = pass ? ' (formed when an earlier cut joined the text around it)' : '';
    refused.push(...round.refused.map((r) => ({ ...r, message: r.message + joined })));
    text = round.text;
  }
  return { text: '', refused: [...refused, { message: `still unsafe after ${MAX_PASSES} rounds of cuts: the whole content is left out` }] };
}
