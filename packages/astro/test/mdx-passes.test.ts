/** The MDX analysis as named passes (src/mdx/passes/): the list analyzeMdx runs, how it runs their hooks, one pass alone. */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeMdx } from '../src/mdx/analyze.ts';
import type { MdxPass, MdxPassFactory } from '../src/mdx/passes/context.ts';
import { PASSES } from '../src/mdx/passes/index.ts';
import { headingIds } from '../src/mdx/passes/heading-ids.ts';
import { paramFieldAnchors } from '../src/mdx/passes/param-field-anchors.ts';

const PASSES_DIR = fileURLToPath(new URL('../src/mdx/passes/', import.meta.url));
/** Modules of passes/ that are no pass: the list, the shape and context, helpers. */
const NOT_PASSES = ['index.ts', 'context.ts', 'text.ts', 'tree.ts'];
const opts = { componentsModule: '/x/components/index.ts' };

describe('MDX analysis passes', () => {
  it('lists every pass file once, each named after its file, in the order analyzeMdx runs them', async () => {
    const names = PASSES.map((make) => make().name);
    expect(names).toEqual([
      'unavailable-packages',
      'variables',
      'islands',
      'opening-tags',
      'snippet-props',
      'undefined-names',
      'unknown-components',
      'math',
      'mermaid',
      'code-fences',
      'legacy-snippets',
      'param-field-anchors',
      'file-trees',
      'prompt',
      'visibility',
      'icons',
      'component-imports',
      'heading-ids',
      'update-outline',
    ]);
    const files = readdirSync(PASSES_DIR)
      .filter((f) => f.endsWith('.ts') && !NOT_PASSES.includes(f))
      .map((f) => f.slice(0, -3));
    expect([...names].sort()).toEqual(files.sort());
    for (const [i, name] of names.entries()) {
      const module = (await import(`../src/mdx/passes/${name}.ts`)) as Record<string, unknown>;
      expect(Object.values(module)).toContain(PASSES[i]);
    }
  });

  it('runs only the passes it is given: none leaves the text as it is (the parse still reports syntax errors)', () => {
    const src =
      '---\ntitle: T\n---\n\n<Fancy />\n\n```js\nx\n```\n\n<ParamField query="a">x</ParamField>\n<ParamField query="a">y</ParamField>\n';
    expect(analyzeMdx(src, 'a.mdx', opts, [])).toEqual({ code: src, diagnostics: [], imports: [], packages: [], reads: [], usages: [] });
    expect(analyzeMdx('<Note>\n', 'a.mdx', opts, []).diagnostics.map((d) => d.code)).toEqual(['mdx/syntax']);
    const alone = analyzeMdx(src, 'a.mdx', opts, [paramFieldAnchors]);
    expect(alone.code).toBe(src.replace('<ParamField query="a">y', '<ParamField id="param-a-1" query="a">y'));
    expect(alone.diagnostics).toEqual([]);
  });

  it('gives a pass the text before the parse and the end of the file (heading ids alone)', () => {
    const src = '## Install {#setup}\n\nText\n';
    const { code } = analyzeMdx(src, 'a.mdx', opts, [headingIds]);
    expect(code).toBe(`## Install${' '.repeat(9)}\n\nText\n\n\nexport const lecternHeadingIds = {"Install":"setup"};\n`);
  });

  it('calls each kind of hook for every pass in turn: source, start, expressions and their free names, nodes, end', () => {
    const log: string[] = [];
    const probe =
      (id: string, claims = ''): MdxPassFactory =>
      () =>
        ({
          name: id,
          source: (text) => {
            log.push(`${id} source`);
            return text;
          },
          start: () => {
            log.push(`${id} start`);
          },
          expression: (expr, ctx) => {
            log.push(`${id} expression ${ctx.text.slice(expr.program.start, expr.program.end)}`);
            return claims !== '' && ctx.text.slice(expr.program.start, expr.program.end) === claims;
          },
          freeName: (f) => {
            log.push(`${id} name ${f.name}`);
          },
          node: (node) => {
            if (node.type.startsWith('mdxJsx')) log.push(`${id} node <${node.name}>`);
          },
          end: () => {
            log.push(`${id} end`);
          },
        }) satisfies MdxPass;
    analyzeMdx('<Note title={t}>x</Note>\n\n{a + b}\n', 'a.mdx', opts, [probe('A', 'a + b'), probe('B')]);
    expect(log).toEqual([
      'A source',
      'B source',
      'A start',
      'B start',
      // Document order: the `{a + b}` flow expression comes after the element's attribute. A claims it: B never sees it.
      'A expression t',
      'B expression t',
      'A name t',
      'B name t',
      'A expression a + b',
      'A node <Note>',
      'B node <Note>',
      'A end',
      'B end',
    ]);
  });

  it('keeps the diagnostics of different passes in the order of the file (expressions first, then elements)', () => {
    const src = '{cond && <Foo />}\n\n<Bar />\n\n{<Baz /> && other}\n';
    const { diagnostics } = analyzeMdx(src, 'a.mdx', opts);
    expect(diagnostics.map((d) => `${d.line} ${d.code} ${d.target ?? d.message.split(' ')[0]}`)).toEqual([
      '1 mdx/undefined-name `cond`',
      '1 mdx/unknown-component <Foo>',
      '5 mdx/unknown-component <Baz>',
      '5 mdx/undefined-name `other`',
      '3 mdx/unknown-component <Bar>',
    ]);
  });
});
