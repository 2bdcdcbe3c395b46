/**
 * The shortcuts of a prose page's build (issue 37) give what the long way gives: the analysis's tree walk
 * (passes/tree.ts `walk`) meets the nodes unist-util-visit meets, remark-gfm's autolink literal transform skipped on a
 * tree without a candidate (autolink-literals.ts) leaves the same tree, and a plain description's text
 * (markdown.ts `plainText`) is the one the Markdown pipeline gives, and a page whose scripts are all short is left as
 * the HTML tokenizer would leave it (html-weight.ts `externalizeScripts`). And the analysis worker's modules do not load
 * the whole of core (about 0.8 s of CPU in every build's worker thread).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import { visit } from 'unist-util-visit';
import { parser } from '../src/mdx/analyze.ts';
import { autolinkGuardInstalled, mayHoldAutolinkLiteral } from '../src/mdx/autolink-literals.ts';
import type { AnyNode } from '../src/mdx/passes/context.ts';
import { walk } from '../src/mdx/passes/tree.ts';
import { plainText, renderMarkdown } from '../src/shared/render/markdown.ts';
import { externalizeScripts, mayHoldLongScript, moveLongScripts } from '../src/shared/site/html-weight.ts';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));

/** The MDX files of our own docs and fixtures: real pages, with links, code, components and tables. */
function mdxFiles(): string[] {
  const out: string[] = [];
  const scan = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) scan(abs);
      else if (e.name.endsWith('.mdx')) out.push(abs);
    }
  };
  for (const dir of ['docs', 'fixtures', 'packages/astro/test/fixtures']) scan(path.join(REPO, dir));
  return out;
}

/** The tree of `text`, or undefined when it is not valid MDX (some fixtures are broken on purpose). */
function parse(processor: { parse(text: string): unknown }, text: string): AnyNode | undefined {
  try {
    return processor.parse(text) as AnyNode;
  } catch {
    return undefined;
  }
}

const SAMPLES = [
  'See www.example.com and https://example.com/a?b=1, or write to team@example.com.',
  'Mail mailto:a.b@example.org or xmpp:me@example.org/res, and WWW.EXAMPLE.COM in capitals.',
  'An encoded at sign: a&#64;example.com, an encoded www: &#119;ww.example.com.',
  '[a link to https://example.com](https://example.com) and a bare https://example.org',
  '# Title\n\nNo links here: only `code with https://x.y`, and\n\n```sh\ncurl https://api.example.com\n```\n',
  '<Card title="x" href="https://example.com">\n  Text with www.example.com inside a component.\n</Card>\n',
  '| a | b |\n| - | - |\n| https://x.y | c@d.ef |\n',
  'Plain prose with nothing to link: words, numbers 1.2.3, a colon: and a slash / here.',
];

describe('walk (the analysis tree walk)', () => {
  it('meets the nodes unist-util-visit meets, in its order', () => {
    for (const file of mdxFiles().slice(0, 30)) {
      const tree = parse(parser, readFileSync(file, 'utf8'));
      if (!tree) continue;
      const ours: AnyNode[] = [];
      const theirs: AnyNode[] = [];
      walk(tree, (n) => ours.push(n));
      visit(tree as never, (n: AnyNode) => {
        theirs.push(n);
      });
      expect(ours.length, file).toBe(theirs.length);
      expect(
        ours.every((n, i) => n === theirs[i]),
        file,
      ).toBe(true);
    }
  });
});

describe('the autolink literal guard', () => {
  const unguarded = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkMdx as never);

  it('is installed on the analysis parser (remark-gfm transform found by name)', () => {
    parser.freeze();
    expect(autolinkGuardInstalled(parser as never)).toBe(true);
    expect(autolinkGuardInstalled(unguarded.freeze() as never)).toBe(false);
  });

  it('leaves the tree remark-gfm gives: links where there are literals, none made where there are none', () => {
    const texts = [...SAMPLES, ...mdxFiles().map((f) => readFileSync(f, 'utf8'))];
    let skipped = 0;
    for (const text of texts) {
      // Dollar math off in both (the analysis parser adds it): the samples have no `$`.
      if (text.includes('$')) continue;
      const ours = parse(parser, text);
      const theirs = parse(unguarded, text);
      expect(ours, text.slice(0, 80)).toEqual(theirs);
      if (theirs && !mayHoldAutolinkLiteral(theirs)) skipped++;
    }
    // Some trees took the shortcut, and the samples with literals did not.
    expect(skipped).toBeGreaterThan(0);
    const links: string[] = [];
    walk(parse(parser, SAMPLES[0]!)!, (n) => {
      if (n.type === 'link') links.push((n as { url?: string }).url ?? '');
    });
    expect(links).toEqual(['http://www.example.com', 'https://example.com/a?b=1', 'mailto:team@example.com']);
  });
  it('links the literals only the transform finds (remark-gfm’s syntax extension leaves them as text)', () => {
    // After a quote or a comma, or inside a JSX element: no `@` or `http` in them to let the guard through.
    for (const text of ['Quoted "www.example.com" here.', 'A list a,www.example.com b', '<Note>WWW.example.com</Note>']) {
      const links: string[] = [];
      walk(parse(parser, text)!, (n) => {
        if (n.type === 'link') links.push((n as { url?: string }).url ?? '');
      });
      expect(links, text).toEqual([`http://${/www\.example\.com/i.exec(text)![0]}`]);
      expect(parse(parser, text)).toEqual(parse(unguarded, text));
    }
  });
});

describe('plainText of a description', () => {
  /** The long way: the Markdown pipeline's HTML, tags and entities dropped (what plainText did for every text). */
  const slow = (text: string, max = 160) => {
    const t = renderMarkdown(text)
      .replace(/<[^>]+>/g, ' ')
      .replace(/&[a-z]+;|&#\d+;/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return t.length > max ? t.slice(0, max - 1) + '…' : t;
  };

  it('gives the Markdown pipeline’s text for plain and near-plain lines', () => {
    const alphabet = ['a', 'Z', 'é', 'ж', '語', '7', ' ', '  ', ',', '.', ';', ':', '!', '?', "'", '"', '(', ')', '%', '/', '+', '=', '-'];
    const tokens = ['https://example.com/x', 'www.example.com', 'Note:', '1.', '- ', '==', '--', ' -- ', '1) '];
    const inputs: string[] = [
      'Learn how to configure the build.',
      'Ship it: "fast", (cheap) & good',
      'A *bold* claim, with _emphasis_ and `code`.',
      'Use <Card> here.',
      'Tom &amp; Jerry',
      'one\ntwo',
      'Trailing spaces   ',
      'x'.repeat(200),
    ];
    // A fixed pseudo-random sequence: the same inputs every run.
    let seed = 37;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let i = 0; i < 2000; i++) {
      let s = ['W', 'é', 'a'][next(3)]!;
      const length = 1 + next(12);
      for (let j = 0; j < length; j++) s += next(5) === 0 ? tokens[next(tokens.length)]! : alphabet[next(alphabet.length)]!;
      inputs.push(s);
    }
    for (const text of inputs) expect(plainText(text, 160), JSON.stringify(text)).toBe(slow(text));
  });

  it('gives the Markdown pipeline’s text for every description of our docs and fixtures', () => {
    let n = 0;
    for (const file of mdxFiles()) {
      for (const m of readFileSync(file, 'utf8').matchAll(/^description:\s*["']?(.*?)["']?\s*$/gm)) {
        expect(plainText(m[1]!, 160), file).toBe(slow(m[1]!));
        n++;
      }
    }
    expect(n).toBeGreaterThan(50);
  });
});

describe('externalizeScripts without a long script', () => {
  const THEME = '<script>(()=>{try{document.documentElement.classList.toggle("dark",false)}catch(e){}})()</script>';
  const page = (body: string) =>
    `<!doctype html><html><head><meta charset="utf-8">${THEME}</head><body><p>${'Prose. '.repeat(50)}</p>${body}</body></html>`;

  it('gives what reading every tag gives, around the length that moves a script out and around its end', () => {
    const bodies: string[] = [''];
    for (const length of [590, 591, 592, 599, 600, 601, 602, 700]) {
      const text = 'x'.repeat(length);
      bodies.push(`<script>${text}</script>`, `<SCRIPT>${text}</SCRIPT>`, `<script >${text}</script >`);
      // Ends the tokenizer does not take as the script's end (`</script/`, `</scripts>`, a vertical tab) and ones it does.
      for (const end of ['</script/>', '</scripts>', '</script\v>', '</script\f>', '</script\n>', '</SCRIPT\t>'])
        bodies.push(`<script>${text.slice(0, 300)}${end}${text.slice(300)}</script>`);
      bodies.push(`<p title="<script>">${text}</p><script>short()</script>`, `<script type="module">${text}</script>`);
      bodies.push(`<!-- <script> -->${text}<script>${text.slice(0, 500)}</script>`, `<script>${text}`);
    }
    let skipped = 0;
    for (const body of bodies) {
      const html = page(body);
      expect(externalizeScripts(html), body.slice(0, 60)).toEqual(moveLongScripts(html));
      if (!mayHoldLongScript(html)) skipped++;
    }
    expect(skipped).toBeGreaterThan(10);
    // The shortcut is taken on a prose page, and not where a script is long.
    expect(mayHoldLongScript(page(''))).toBe(false);
    expect(mayHoldLongScript(page(`<script>${'x'.repeat(600)}</script>`))).toBe(true);
  });
});

describe('the MDX analysis modules', () => {
  it("load core's dependency-free parts only, not its index (specs, code samples, YAML…)", () => {
    // Every module the analysis worker's entry loads, through a resolve hook, in a fresh process.
    const script = [
      "import { registerHooks } from 'node:module';",
      'const seen = [];',
      'registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); seen.push(r.url); return r; } });',
      `await import(${JSON.stringify(new URL('../src/mdx/analyze.ts', import.meta.url).href)});`,
      'console.log(JSON.stringify(seen));',
    ].join('\n');
    const seen = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as string[];
    expect(seen.some((url) => url.endsWith('/heading-ids.ts'))).toBe(true);
    expect(seen.filter((url) => /core\/src\/index\.[jt]s$|\/httpsnippet\//.test(url))).toEqual([]);
  });
});
