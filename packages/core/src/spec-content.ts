/**
 * Spec-provided page content (`x-mint.content`) is not written by the docs team: vendor specs, generated specs, a
 * remote `openapi:` URL, a contributor's pull request. By default it is Markdown plus Lectern's built-in components
 * with literal props. Everything that would run code at build time or in a reader's browser is cut out of the text
 * before it is compiled, and each cut is reported: ESM (`import`/`export`), `{expressions}`, spread and expression
 * props, elements that are neither built-in components nor plain HTML, event-handler and `srcdoc`/`style` props, and
 * links or props whose URL is not http(s), mailto, tel or relative.
 */
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import { mathFromMarkdown } from 'mdast-util-math';
import { math as mathSyntax } from 'micromark-extension-math';
import { toString } from 'mdast-util-to-string';
import { COMPONENT_SET } from './components.ts';

/** HTML elements spec content may use (no script, style, iframe, object, embed, form, input, link, meta, base…). */
const HTML_ELEMENTS = new Set(
  'a abbr b blockquote br caption code col colgroup dd del details div dl dt em figcaption figure h1 h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p picture pre q s samp small source span strong sub summary sup table tbody td tfoot th thead time tr u ul var video audio'.split(' '),
);
/** Props that take a URL, checked for a safe scheme. */
const URL_PROPS = new Set(['href', 'src', 'srcset', 'poster', 'action', 'formaction', 'cite', 'background', 'data', 'xlink:href', 'icon', 'img']);
const FORBIDDEN_PROPS = /^(on|srcdoc$|style$|dangerouslysetinnerhtml$|formaction$)/i;

export interface RefusedContent {
  message: string;
  /** 1-based line and column inside the content. */
  line?: number;
  column?: number;
}

interface Position { start: { line: number; column: number; offset?: number }; end: { offset?: number } }
interface Node { type: string; name?: string | null; url?: string; position?: Position; children?: Node[]; attributes?: Attribute[] }
interface Attribute { type: string; name?: string; value?: unknown; position?: Position }

function remarkMath(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(mathSyntax());
  (data.fromMarkdownExtensions ??= []).push(mathFromMarkdown());
}
const parser = unified().use(remarkParse).use(remarkMdx).use(remarkMath);

/** http(s), mailto, tel, or no scheme at all (relative, `/path`, `#anchor`); control characters do not hide one. */
export function isSafeUrl(url: string): boolean {
  const squeezed = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(squeezed)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'mailto' || scheme === 'tel';
}

const escapeText = (text: string) => text.replace(/[\\`*_{}[\]<>()#!|~]/g, (c) => `\\${c}`);

/** The content with every unsafe construct cut out, and what was cut. Content that does not parse is kept as text. */
export function safeSpecContent(source: string): { text: string; refused: RefusedContent[] } {
  let tree: Node;
  try {
    tree = parser.parse(source) as unknown as Node;
  } catch (error) {
    const reason = (error as { reason?: string; message?: string }).reason ?? (error as Error).message;
    return { text: '```text\n' + source.replace(/```/g, '\\`\\`\\`') + '\n```\n', refused: [{ message: `not valid MDX, shown as text: ${reason}` }] };
  }
  const edits: Array<{ start: number; end: number; with: string }> = [];
  const refused: RefusedContent[] = [];
  const cut = (at: Position | undefined, message: string, replacement = '') => {
    if (at?.start.offset === undefined || at.end.offset === undefined) return;
    edits.push({ start: at.start.offset, end: at.end.offset, with: replacement });
    refused.push({ message, line: at.start.line, column: at.start.column });
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
          return cut(node.position, `link to "${node.url.slice(0, 40)}" refused: only http(s), mailto, tel and relative links`, node.type === 'definition' ? '' : escapeText(toString(node)));
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
          else if (attr.name && FORBIDDEN_PROPS.test(attr.name)) cut(attr.position, `prop ${attr.name} on <${name}> is not allowed in spec content`);
          else if (attr.value && typeof attr.value === 'object') cut(attr.position, `expression prop ${attr.name}={…} on <${name}> is not allowed in spec content: use a literal string`);
          else if (attr.name && URL_PROPS.has(attr.name.toLowerCase()) && typeof attr.value === 'string' && !isSafeUrl(attr.value)) {
            cut(attr.position, `${attr.name}="${attr.value.slice(0, 40)}" on <${name}> refused: only http(s), mailto, tel and relative URLs`);
          }
        }
        break;
      }
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  if (!edits.length) return { text: source, refused };
  // Apply from the end; an edit inside one already applied is dropped (its ancestor is gone).
  edits.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: typeof edits = [];
  for (const e of edits) if (!kept.length || e.start >= kept[kept.length - 1]!.end) kept.push(e);
  let text = source;
  for (const e of kept.reverse()) text = text.slice(0, e.start) + e.with + text.slice(e.end);
  return { text, refused };
}
