import { describe, expect, it } from 'vitest';
import { analyzeMdx } from '../src/mdx/analyze.ts';
import { compileError } from '../src/mdx/compile.ts';

const opts = { componentsModule: '/x/components/index.ts' };

describe('analyzeMdx', () => {
  it('reports every unknown component as a warning with its file and line, and binds it to a pass-through', () => {
    const src =
      '---\ntitle: T\n---\n\n# Hi\n\n<Note>ok</Note>\n\n<Fancy />\n\ntext <Sparkle>inline</Sparkle>\n\n<Note><Fancy.Part /></Note>\n';
    const { diagnostics, code } = analyzeMdx(src, 'guides/a.mdx', opts);
    expect(diagnostics.map((d) => [d.severity, d.code, d.file, d.line, d.message])).toEqual([
      [
        'warning',
        'mdx/unknown-component',
        'guides/a.mdx',
        9,
        'Unknown component <Fancy>: nothing defines it, so only its children are shown.',
      ],
      [
        'warning',
        'mdx/unknown-component',
        'guides/a.mdx',
        11,
        'Unknown component <Sparkle>: nothing defines it, so only its children are shown.',
      ],
      [
        'warning',
        'mdx/unknown-component',
        'guides/a.mdx',
        13,
        'Unknown component <Fancy>: nothing defines it, so only its children are shown.',
      ],
    ]);
    expect(code).toContain('import { Note, LecternUnknown as Fancy, LecternUnknown as Sparkle } from "/x/components/index.ts";');
  });

  it('reports bad code block options with the file and line of the fence; good ones pass', () => {
    const src = '---\ntitle: T\n---\n\n```js app.js highlight={1,3-5} lines\nx\n```\n\n```py main.py highlight={2-a} bogus=1\ny\n```\n';
    const { diagnostics } = analyzeMdx(src, 'guides/c.mdx', opts);
    expect(diagnostics.map((d) => [d.code, d.file, d.line])).toEqual([
      ['mdx/code-meta', 'guides/c.mdx', 9],
      ['mdx/code-meta', 'guides/c.mdx', 9],
    ]);
    expect(diagnostics[0]!.message).toMatch(/^Code block options: highlight: "2-a" is not a line number/);
    expect(diagnostics[1]!.message).toContain('unknown option "bogus="');
  });

  it('accepts imported, exported and member components, and injects imports for built-ins it uses', () => {
    const src =
      'import Intro from \'/snippets/intro.mdx\';\nexport const Box = () => null;\n\n<Intro />\n<Box />\n<Tip>t</Tip>\n<Tree><Tree.Folder name="a"><Tree.File name="b" /></Tree.Folder></Tree>\n';
    const { diagnostics, code, imports } = analyzeMdx(src, 'a.mdx', opts);
    expect(diagnostics).toEqual([]);
    expect(imports).toEqual(['/snippets/intro.mdx']);
    expect(code).toContain('import { Tip, Tree } from "/x/components/index.ts";');
  });

  it('rewrites fenced code into CodeBlock elements, keeping line numbers', () => {
    const src = '---\ntitle: T\n---\n```js app.js {2}\nconst a = 1;\nconst b = "}{";\n```\n\n<Fancy />\n';
    const { code, diagnostics } = analyzeMdx(src, 'a.mdx', opts);
    expect(diagnostics[0]?.line).toBe(9);
    const m = /<CodeBlock data="([^"]+)" \/>/.exec(code);
    expect(JSON.parse(decodeURIComponent(m![1]!))).toEqual({ lang: 'js', meta: 'app.js {2}', code: 'const a = 1;\nconst b = "}{";' });
    expect(code.split('\n').indexOf('<Fancy />')).toBe(8);
    expect(code.startsWith('---\ntitle: T\n---\n')).toBe(true);
  });

  it('substitutes docs.json variables and turns legacy <Snippet file> into an import', () => {
    const { code, diagnostics } = analyzeMdx('Hello {{product}}.\n\n<Snippet file="intro.mdx" />\n', 'a.mdx', {
      ...opts,
      variables: { product: 'Acme' },
    });
    expect(diagnostics).toEqual([]);
    expect(code).toContain('Hello Acme.');
    expect(code).toContain('<LecternSnippet0 />');
    expect(code).toContain('import LecternSnippet0 from "/snippets/intro.mdx";');
  });

  it('reports MDX syntax errors with a line', () => {
    const { diagnostics } = analyzeMdx('# T\n\n<Note>\nunclosed\n', 'b.mdx', opts);
    expect(diagnostics[0]?.code).toBe('mdx/syntax');
    expect(diagnostics[0]?.line).toBeGreaterThan(0);
  });
  it("joins an opening tag over several lines of a block quote, which the build's compiler misreads, keeping later lines", async () => {
    // MDX in JavaScript (Mintlify) strips each line's `>` marker inside the tag; the build's compiler took it for the
    // end of the tag: the first quote was refused, the second showed `className="b">kept` as text.
    const quoted = [
      '> <div',
      '>   className="a"',
      '> >quoted</div>',
      '',
      '> <span',
      '>   className="b">kept</span> and more text',
      '> on the next line.',
      '',
      '- item',
      '',
      '  > > <Card',
      '  > >   title="T"',
      '  > >   style={{ color: "red" }}',
      '  > > >',
      '  > >   Body',
      '  > > </Card>',
      '',
    ];
    const { code, diagnostics } = analyzeMdx(quoted.join('\n'), 'q.mdx', opts);
    expect(diagnostics).toEqual([]);
    const body = code.split('\n').slice(0, quoted.length);
    expect(body.slice(0, 9)).toEqual([
      '> <div className="a" >quoted</div>',
      '',
      '',
      '',
      '> <span className="b">kept</span> and more text',
      '> on the next line.',
      '',
      '',
      '- item',
    ]);
    expect(body[10]).toBe('  > > <Card title="T" style={{ color: "red" }} >');
    expect(await compileError(code, '/x/q.mdx', 'q.mdx')).toBeUndefined();
    // Lines after a joined tag keep their numbers: the build's compiler still refuses a tag whose line break sits in a
    // template literal (joining would change its text), and names the line it is on.
    const refused = [...quoted, '> <div', '>   title={`a', '>   b`}', '> >x</div>', ''].join('\n');
    const prepared = analyzeMdx(refused, 'q.mdx', opts).code;
    expect(
      prepared
        .split('\n')
        .slice(0, quoted.length + 4)
        .join('\n'),
    ).toContain('\n> <div\n>   title={`a\n>   b`}\n> >x</div>');
    expect(await compileError(prepared, '/x/q.mdx', 'q.mdx')).toMatchObject({ code: 'mdx/compile', line: quoted.length + 1 });
  });
});
