/** The MDX analysis of math (`$…$`, `$$…$$`, `<Latex>`) and Mermaid children: rewrites, line numbers, diagnostics. */
import { describe, expect, it } from 'vitest';
import { analyzeMdx } from '../src/mdx/analyze.ts';
import { decodeMath, literalChildren, renderMath } from '../src/shared/render/math.ts';

const opts = { componentsModule: '/x/components/index.ts' };

/** Every `<Latex data="…">` of the output, decoded, in order. */
function formulas(code: string) {
  return [...code.matchAll(/<Latex data="([^"]+)"/g)].map((m) => decodeMath(m[1]!));
}

describe('math in MDX', () => {
  it('rewrites $…$, $$…$$ and <Latex> into <Latex data> with the LaTeX verbatim, keeping line numbers', () => {
    const src = [
      '---',
      'title: T',
      '---',
      'Inline $a^2 + b^2 = c^2$ here.',
      '',
      '$$',
      '\\frac{1}{2} \\{x\\}',
      '$$',
      '',
      'Component <Latex>\\frac{a}{b}</Latex> inline.',
      '',
      '<Latex>',
      '  \\sum_{i=1}^{n} i',
      '</Latex>',
      '',
      '<Fancy />',
    ].join('\n');
    const { code, diagnostics } = analyzeMdx(src, 'm.mdx', opts);
    expect(formulas(code)).toEqual([
      { tex: 'a^2 + b^2 = c^2', display: false },
      { tex: '\\frac{1}{2} \\{x\\}', display: true },
      { tex: '\\frac{a}{b}', display: false },
      { tex: '\\sum_{i=1}^{n} i', display: true },
    ]);
    // Braces and backslashes never reached MDX: the only diagnostic is the unknown component, on its own line.
    expect(diagnostics.map((d) => [d.code, d.line])).toEqual([['mdx/unknown-component', 16]]);
    expect(code.split('\n').indexOf('<Fancy />')).toBe(15);
    expect(code).toContain('import { Latex, LecternUnknown as Fancy } from "/x/components/index.ts";');
  });

  it('styling.latex: false (dollarMath off) leaves dollar signs as text; <Latex> still typesets', () => {
    const { code, diagnostics } = analyzeMdx('Pay $x$ now.\n\n<Latex>y^2</Latex>\n', 'p.mdx', { ...opts, dollarMath: false });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(code).toContain('Pay $x$ now.');
    expect(formulas(code).map((f) => f.tex)).toEqual(['y^2']);
  });

  it('leaves prices, escaped dollars and code alone', () => {
    const src = 'It costs $5 and $10, or \\$3.\n\n`$x$` and `<Latex>y</Latex>`\n\n```mdx\n<Latex>\\frac{q}{r}</Latex> $z$\n```\n';
    const { code, diagnostics } = analyzeMdx(src, 'p.mdx', opts);
    expect(diagnostics).toEqual([]);
    expect(formulas(code)).toEqual([]);
    expect(code).toContain('It costs $5 and $10, or \\$3.');
    expect(code).toContain('`$x$` and `<Latex>y</Latex>`');
    const block = /<CodeBlock data="([^"]+)"/.exec(code);
    expect(JSON.parse(decodeURIComponent(block![1]!)).code).toBe('<Latex>\\frac{q}{r}</Latex> $z$');
  });

  it('ignores tags shown as inline code or in fences before the real ones', () => {
    const src =
      '### The `<Latex>` component\n\nUse `<Mermaid>` too.\n\n```mdx\n<Latex>\\frac{a}{b}</Latex>\n```\n\nReal: <Latex>\\frac{1}{2}</Latex>\n\n<Mermaid>\ngraph LR; A-->B\n</Mermaid>\n';
    const { code, diagnostics } = analyzeMdx(src, 'h.mdx', opts);
    expect(diagnostics).toEqual([]);
    expect(formulas(code)).toEqual([{ tex: '\\frac{1}{2}', display: false }]);
    expect(code).toContain('### The `<Latex>` component');
    expect(code).toContain('<Mermaid data="');
  });

  it('warns on bad LaTeX with the file, line, column and KaTeX message', () => {
    const src = '---\ntitle: T\n---\n\nSee $\\badcmd{x}$ here.\n\n$$\nx^2\n\\frac{1}{\n$$\n\n<Latex>\\nope</Latex>\n';
    const { diagnostics } = analyzeMdx(src, 'guides/bad.mdx', opts);
    expect(diagnostics.map((d) => [d.severity, d.code, d.file, d.line, d.column])).toEqual([
      ['warning', 'mdx/latex', 'guides/bad.mdx', 5, 6],
      ['warning', 'mdx/latex', 'guides/bad.mdx', 9, undefined],
      ['warning', 'mdx/latex', 'guides/bad.mdx', 12, 8],
    ]);
    expect(diagnostics[0]!.message).toBe('LaTeX error: Undefined control sequence: \\badcmd');
    expect(diagnostics[1]!.message).toContain('expected');
  });

  it('takes a string literal child as the LaTeX and honours a component the file imports itself', () => {
    expect(literalChildren('{`\\\\gamma \\frac{1}{2}`}')).toBe('\\gamma \\frac{1}{2}');
    expect(literalChildren('{"x^2"}')).toBe('x^2');
    expect(literalChildren('{`${a}`}')).toBeUndefined();
    expect(literalChildren('{\\alpha}')).toBeUndefined();
    const own = analyzeMdx("import Latex from '/snippets/Latex.jsx';\n\n<Latex>plain *text*</Latex>\n", 'o.mdx', opts);
    expect(own.diagnostics).toEqual([]);
    expect(formulas(own.code)).toEqual([]);
    expect(own.code).toContain('<Latex>plain *text*</Latex>');
  });

  it('renders KaTeX HTML with MathML, and the error display on bad input', () => {
    const ok = renderMath('\\frac{1}{2}', true);
    expect(ok.error).toBeUndefined();
    expect(ok.html).toContain('class="katex-display"');
    expect(ok.html).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">');
    const bad = renderMath('x + \\nope', false);
    expect(bad.error).toEqual({ message: 'Undefined control sequence: \\nope', position: 4 });
    expect(bad.html).toContain('<span class="mord" style="color:#cc0000;">\\nope</span>');
    expect(renderMath('\\frac{1}{', false).html).toMatch(
      /^<span class="katex-error" title="ParseError: KaTeX parse error: [^"]+"[^>]*>\\frac\{1\}\{<\/span>$/,
    );
    // Untrusted commands (links, raw HTML classes) are not honoured.
    const link = renderMath('\\href{javascript:alert(1)}{x} \\htmlClass{evil}{y}', false).html;
    expect(link).not.toContain('javascript:alert(1)"');
    expect(link).not.toMatch(/<a\b/);
    expect(link).not.toContain('class="evil"');
  });
});

describe('Mermaid in MDX', () => {
  it('keeps <Mermaid> children verbatim and checks the fence placement', () => {
    const src =
      '<Mermaid placement="top-left">\ngraph LR\n  A[Start {x}] --> B\n</Mermaid>\n\n```mermaid placement="middle" actions={false}\ngraph TD; A-->B\n```\n';
    const { code, diagnostics } = analyzeMdx(src, 'd.mdx', opts);
    const m = /<Mermaid placement="top-left" data="([^"]+)"/.exec(code);
    expect(JSON.parse(decodeURIComponent(m![1]!))).toEqual({ code: 'graph LR\n  A[Start {x}] --> B' });
    expect(code.split('\n').length).toBe(src.split('\n').length + 3); // + the import line and its blank line
    expect(diagnostics.map((d) => [d.severity, d.code, d.line])).toEqual([['warning', 'mdx/mermaid-placement', 6]]);
  });
});
