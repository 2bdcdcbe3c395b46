/**
 * Custom heading ids (`## Title {#id}`, issue 33): every form Mintlify accepts is cut before the MDX parse, keeping
 * lines and columns, so `lectern check`'s syntax check (parseMdxBody) accepts it as the build does.
 */
import { describe, expect, it } from 'vitest';
import { cutHeadingIds, normalizeHeadingId, parseMdxBody } from '../src/index.ts';

const FORMS = [
  '## Plain section {#plain-section}',
  '',
  '### Run it {#quick run}',
  '',
  '## Image to splat {#3d_image_to_splat}',
  '',
  '## Step → next {#arrow}',
  '',
  '## Use `lectern build` {# inline-code }',
  '',
  '## インストール {#インストール}',
  '',
  'Setext title {#setext-id}',
  '-------------------------',
  '',
  '<Accordion title="More">',
  '    ## Inside accordion {#in-accordion}',
  '</Accordion>',
  '',
  '```md',
  '## In code {#not-an-id}',
  '```',
  '',
  'After them: {broken',
  '',
].join('\n');

describe('custom heading ids', () => {
  it('cuts every form (spaces, digits first, any script, after → or inline code, setext, inside a component), keeping positions', () => {
    const { text, ids } = cutHeadingIds(FORMS);
    expect([...ids]).toEqual([
      [1, 'plain-section'],
      [3, 'quick-run'],
      [5, '3d_image_to_splat'],
      [7, 'arrow'],
      [9, 'inline-code'],
      [11, 'インストール'],
      [13, 'setext-id'],
      [17, 'in-accordion'],
    ]);
    expect(text.length).toBe(FORMS.length);
    const lines = text.split('\n');
    expect(lines[0]).toBe(`## Plain section${' '.repeat(' {#plain-section}'.length)}`);
    expect(lines[8]).toMatch(/^## Use `lectern build` +$/);
    expect(lines[20]).toBe('## In code {#not-an-id}');
    expect(text).not.toMatch(/\{#(?!not-an-id)/);
  });

  it('leaves an escaped \\{#id} and a heading of nothing but an id alone', () => {
    expect(cutHeadingIds('## Title \\{#id\\}\n').ids.size).toBe(0);
    expect(cutHeadingIds('## {#id}\n').ids.size).toBe(0);
  });

  it('writes the id as Mintlify does: spaces as -, unsafe punctuation and emoji out, case kept', () => {
    expect(normalizeHeadingId(' Quick  Run ')).toBe('Quick-Run');
    expect(normalizeHeadingId('a:b (c)!🚀')).toBe('ab-c');
  });

  it("check's MDX parse accepts them and still reports a real error on its own line", () => {
    const { diagnostics } = parseMdxBody('a.mdx', FORMS, 5);
    expect(diagnostics.map((d) => [d.code, d.line])).toEqual([['page/mdx', 24 + 4]]);
    expect(parseMdxBody('a.mdx', FORMS.replace('{broken', '')).diagnostics).toEqual([]);
  });
});

describe('the MDX syntax check parses as the build does', () => {
  it('with GFM: a table cell bounds `$…$` math and tags (two `$v` in two rows are not one formula)', () => {
    const table =
      '| Syntax | Does |\n| --- | --- |\n| <code>a</code> | Moves to $v&#123;page&#125;. |\n| <code>$v&#123;b&#125;</code> | Two. |\n';
    expect(parseMdxBody('t.mdx', table).diagnostics).toEqual([]);
  });
});
