/** How MDX and JSX components are prepared to run as Preact (islands/islands.ts, the island part of mdx-analyze). */
import { describe, expect, it } from 'vitest';
import { analyzeMdx } from '../src/mdx/analyze.ts';
import { prepareJsxModule } from '../src/mdx/islands.ts';
import type { IslandContext } from '../src/mdx/islands.ts';

const B = '/lectern/islands/builtins.ts';

function context(over: Partial<IslandContext> = {}): IslandContext {
  return {
    path: '/repo/.lectern/islands/page.mdx.jsx',
    builtinsModule: B,
    resolveImport: (spec) => (spec.startsWith('/') ? `/repo${spec}` : undefined),
    jsxInteractive: (abs) => abs.endsWith('interactive.jsx'),
    mdxIsland: () => undefined,
    ...over,
  };
}
const opts = (over: Partial<IslandContext> = {}) => ({ componentsModule: '/x/components/index.ts', islands: context(over) });
const lines = (s: string) => s.split('\n').length;

describe('JSX modules', () => {
  it('imports the hooks, React and built-ins a module uses, on its first line (line numbers stay)', () => {
    const src =
      'export const A = () => {\n  const [n, setN] = useState(0);\n  useEffect(() => {}, []);\n  return <Card title="x"><Icon icon="book" />{React.version}<button onClick={() => setN(n + 1)}>{n}</button></Card>;\n};\n';
    const out = prepareJsxModule(src, 'snippets/a.jsx', B);
    expect(out.code.split('\n')[0]).toBe(
      `import { useEffect, useState } from "preact/compat";import * as React from "preact/compat";import { Card, Icon } from "${B}";export const A = () => {`,
    );
    expect(lines(out.code)).toBe(lines(src));
    expect(out.interactive).toBe(true);
    expect(out.exports).toEqual(['A']);
    expect(out.diagnostics).toEqual([]);
  });

  it('leaves what the module imports or declares alone; a static module is not interactive', () => {
    const src =
      "import { useState } from 'react';\nconst Card = (p) => <div>{p.children}</div>;\nexport const B = ({ href, children }) => <Card><a href={href}>{children}</a></Card>;\n";
    const out = prepareJsxModule(src, 'snippets/b.jsx', B);
    expect(out.code).toBe(src);
    expect(out.interactive).toBe(false);
  });

  it('an unknown component is a warning with file and line and passes its children through; a syntax error names its line', () => {
    const out = prepareJsxModule('export const C = () => (\n  <Fancy>x</Fancy>\n);\n', 'snippets/c.jsx', B);
    expect(out.code.startsWith(`import { LecternUnknown as Fancy } from "${B}";`)).toBe(true);
    expect(out.diagnostics.map((d) => [d.severity, d.code, d.file, d.line, d.column])).toEqual([
      ['warning', 'mdx/unknown-component', 'snippets/c.jsx', 2, 4],
    ]);
    const bad = prepareJsxModule('export const D = () => <div>;\n', 'snippets/d.jsx', B);
    expect(bad.diagnostics[0]).toMatchObject({ severity: 'error', code: 'mdx/syntax', file: 'snippets/d.jsx', line: 1 });
  });
});

describe('MDX components as islands', () => {
  it('moves export const components to the island module, imports them back on the same line and hydrates their uses', () => {
    const src =
      '---\ntitle: T\n---\n\nexport const Counter = () => {\n  const [n, setN] = useState(0)\n  return <button onClick={() => setN(n + 1)}>{n}</button>\n}\n\n<Counter />\n\nText {Counter.name}\n';
    const { code, island, diagnostics } = analyzeMdx(src, 'page.mdx', opts());
    expect(diagnostics).toEqual([]);
    expect(code.split('\n').indexOf('<Counter client:load />')).toBe(src.split('\n').indexOf('<Counter />'));
    expect(code.split('\n')[4]).toMatch(/^import \{ Counter \} from "\/repo\/\.lectern\/islands\/page\.mdx\.jsx"; export \{ Counter \};/);
    expect(code).toContain('<Counter client:load />');
    expect(code).not.toContain('useState(0)');
    expect(island?.code).toContain('import { useState } from "preact/compat";');
    expect(island?.code).toContain('export const Counter = () => {');
    expect(island).toMatchObject({ path: '/repo/.lectern/islands/page.mdx.jsx', names: ['Counter'], interactive: true });
  });

  it('renames namespaced SVG attributes (xml:space, xlink:href) that the JSX compiler of the build refuses', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xml:space="preserve"><use xlink:href="#a" /></svg>';
    const { island, diagnostics } = analyzeMdx(
      `export const SvelteIcon = () => (${svg});\n\n<SvelteIcon />\n`,
      'snippets/icons/svelte.mdx',
      opts(),
    );
    expect(diagnostics).toEqual([]);
    expect(island?.code).toContain(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlnsXlink="http://www.w3.org/1999/xlink" xmlSpace="preserve"><use xlinkHref="#a" /></svg>',
    );
    expect(island?.code).not.toMatch(/\b(xml|xlink|xmlns):\w+=/);
    const jsx = prepareJsxModule(`export const Icon = () => ${svg};\n`, 'snippets/icon.jsx', B);
    expect(jsx.code).toContain('xlinkHref="#a"');
    expect(jsx.code).not.toMatch(/\b(xml|xlink|xmlns):\w+=/);
  });

  it('hydrates components of interactive JSX modules only; binds a component passed as a prop in a wrapper', () => {
    const src =
      'import { Widget } from "/snippets/interactive.jsx";\nimport { Plain } from "/snippets/static.jsx";\n\nexport const Block = ({ children }) => <CodeBlock>{children}</CodeBlock>;\n\n<Widget Block={Block} size="2" count={3}>\n\n## Inside\n\n</Widget>\n\n<Plain />\n';
    const { code, island } = analyzeMdx(src, 'page.mdx', opts());
    expect(code).toContain('<LecternUse0 client:load Block={Block} size="2" count={3}>');
    expect(code).toContain('</LecternUse0>');
    expect(code).toContain('<Plain />');
    expect(island?.code).toContain('import { Widget } from "/repo/snippets/interactive.jsx";');
    expect(island?.code).toContain('export const LecternUse0 = (props) => <Widget {...props} Block={Block} />;');
    expect(island?.code).toContain(`import { CodeBlock } from "${B}";`);
  });

  it('an expression of the text that calls hooks (React.useState in an IIFE) becomes a hydrated island component', () => {
    const src = [
      '---',
      'title: Registry',
      '---',
      '',
      '<Info>Synced daily.</Info>',
      '',
      '## Plugins',
      '',
      '<CardGroup cols={2}>',
      '{',
      '  (() => {',
      '    const [items, setItems] = React.useState([]);',
      '    React.useEffect(() => { setItems(["a"]); }, []);',
      '    return items.length ? items.map((i) => <Card key={i} title={i} />) : <p>Loading plugins…</p>;',
      '  })()',
      '}',
      '</CardGroup>',
      '',
      'Plain {1 + 1} and {(() => "no hooks")()} stay in the page.',
      '',
    ].join('\n');
    const { code, island, diagnostics } = analyzeMdx(src, 'page.mdx', opts());
    expect(diagnostics).toEqual([]);
    const out = code.split('\n');
    expect(out[18]).toBe(src.split('\n')[18]);
    // The import before the first block (Astro needs it before the use); the expression's lines kept inside the tag,
    // less the two the import took, so the lines after the expression stay where they were.
    expect(out.slice(4, 7)).toEqual([
      'import { LecternExpression0 } from "/repo/.lectern/islands/page.mdx.jsx";',
      '',
      '<Info>Synced daily.</Info>',
    ]);
    expect(out[11]).toBe('<LecternExpression0 client:load');
    expect(out[15]).toBe(' />');
    expect(code).not.toContain('React.useState');
    expect(code).toContain('Plain {1 + 1} and {(() => "no hooks")()} stay in the page.');
    expect(island?.code).toContain('import * as React from "preact/compat";');
    expect(island?.code).toContain(`import { Card } from "${B}";`);
    expect(island?.code).toContain('export const LecternExpression0 = () => <>{\n  (() => {');
    // Not moved: an expression reading a value only the page defines, or with no hooks.
    const local = analyzeMdx('# T\n\n{(() => { const [n] = React.useState(pageValue); return n; })()}\n', 'page.mdx', opts());
    expect(local.island).toBeUndefined();
  });

  it("imports another MDX file's components from its island; a file without components keeps its exports", () => {
    const other = { path: '/repo/.lectern/islands/snippets/gen.mdx.jsx', names: ['Gen'], interactive: true };
    const { code } = analyzeMdx('import { Gen } from "/snippets/gen.mdx";\n\n<Gen />\n', 'page.mdx', opts({ mdxIsland: () => other }));
    expect(code).toContain('import { Gen } from "/repo/.lectern/islands/snippets/gen.mdx.jsx";');
    expect(code).toContain('<Gen client:load />');
    const plain = analyzeMdx('export const items = [1, 2];\n\n{items.length}\n', 'page.mdx', opts());
    expect(plain.island).toBeUndefined();
    expect(plain.code).toContain('export const items = [1, 2];');
  });
});

describe('FileTree Markdown lists', () => {
  it("turns the list into Folder/File elements, keeping the file's line numbers", () => {
    const src = '<FileTree>\n\n- docs/\n  - index.mdx\n  - **guides**/\n    - `a.mdx`\n- b.ts\n\n</FileTree>\n\nAfter\n';
    const { code } = analyzeMdx(src, 'tree.mdx', { componentsModule: '/x/components/index.ts' });
    expect(code).toContain(
      '<FileTree.Folder name={"docs"} defaultOpen><FileTree.File name={"index.mdx"} /><FileTree.Folder name={"guides"} defaultOpen><FileTree.File name={"a.mdx"} /></FileTree.Folder></FileTree.Folder><FileTree.File name={"b.ts"} />',
    );
    expect(code.split('\n').indexOf('After')).toBe(10);
  });
});
