/**
 * MDX syntax check of page bodies with unified + remark-parse + remark-gfm + remark-mdx (the build's parser), so `lectern check` finds
 * broken MDX (unclosed tags, bad expressions) with the file's own line numbers, before any build.
 * Dollar math (`$…$`, `$$…$$`) is parsed as the build parses it: inside it `{` and `<` are LaTeX, not MDX. Custom
 * heading ids (`## Title {#id}`) are cut first, as the build cuts them (heading-ids.ts).
 */
import { mathFromMarkdown } from 'mdast-util-math';
import { math as mathSyntax } from 'micromark-extension-math';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import type { Root } from 'mdast';
import type { Diagnostic } from './model.ts';
import { cutHeadingIds } from './heading-ids.ts';

function remarkMathSyntax(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(mathSyntax());
  (data.fromMarkdownExtensions ??= []).push(mathFromMarkdown());
}

// With GFM, as the build parses (a table cell is parsed on its own: `<code>…|…</code>` across cells is not one tag).
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkMdx).use(remarkMathSyntax);
/** docs.json `styling.latex: false`: dollar signs are text. */
const processorWithoutMath = unified().use(remarkParse).use(remarkGfm).use(remarkMdx);
const markdownProcessor = unified().use(remarkParse).use(remarkGfm).use(remarkMathSyntax);
const markdownWithoutMath = unified().use(remarkParse).use(remarkGfm);

export interface ParseMdxOptions {
  /** Parse `$…$` / `$$…$$` as math (default true; docs.json `styling.latex: false` turns it off). */
  math?: boolean;
}

export interface ParsedMdx {
  tree?: Root;
  diagnostics: Diagnostic[];
}

/** Parse an MDX body; `bodyLine` is the 1-based line where the body starts in `file`. Markdown (`.md`) files are parsed without MDX. */
export function parseMdxBody(file: string, body: string, bodyLine = 1, options: ParseMdxOptions = {}): ParsedMdx {
  const isMarkdown = /\.md$/i.test(file);
  const math = options.math !== false;
  try {
    const tree = isMarkdown
      ? ((math ? markdownProcessor : markdownWithoutMath).parse(body) as Root)
      : ((math ? processor : processorWithoutMath).parse(cutHeadingIds(body).text) as Root);
    return { tree, diagnostics: [] };
  } catch (error) {
    const e = error as {
      line?: number;
      column?: number;
      reason?: string;
      message?: string;
      place?: { line?: number; column?: number; start?: { line?: number; column?: number } };
    };
    const place = e.place && 'start' in e.place ? e.place.start : e.place;
    // Some errors (e.g. unclosed JSX) carry their position only in the text: "… (3:1-3:7)".
    const inText = /\((\d+):(\d+)(?:-\d+:\d+)?\)\s*$/.exec(e.reason ?? '');
    const line = (place?.line ?? e.line ?? (inText ? Number(inText[1]) : 1)) + bodyLine - 1;
    const column = place?.column ?? e.column ?? (inText ? Number(inText[2]) : undefined);
    return {
      diagnostics: [
        {
          severity: 'error',
          code: 'page/mdx',
          file,
          line,
          ...(column ? { column } : {}),
          message: `invalid MDX: ${e.reason ?? e.message ?? String(error)}`,
          hint: 'MDX is Markdown with JSX: close every tag, escape a literal "<" or "{" as "\\<" or "\\{"',
        },
      ],
    };
  }
}
