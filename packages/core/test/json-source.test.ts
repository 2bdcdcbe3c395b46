import { describe, expect, it } from 'vitest';
import { lineColumn, locatePointer, parseJsonSource } from '../src/config/json-source.ts';

/** Line and column counted the plain way: every character before `offset`. */
function counted(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.min(offset, text.length));
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

describe('lineColumn', () => {
  it('gives the same line and column for a large text (indexed) as counting does', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `  "key${i}": ${'x'.repeat(i % 37)},`);
    const text = `{\n${lines.join('\n')}\n\n}`;
    expect(text.length).toBeGreaterThan(64 * 1024);
    for (const offset of [
      0,
      1,
      2,
      3,
      500,
      65_536,
      text.indexOf('key12345'),
      text.length - 2,
      text.length - 1,
      text.length,
      text.length + 5,
    ]) {
      expect(lineColumn(text, offset), `offset ${offset}`).toEqual(counted(text, offset));
    }
    // A newline at the offset itself is not counted (the position is on the line it ends).
    const newline = text.indexOf('\n', 1000);
    expect(lineColumn(text, newline)).toEqual(counted(text, newline));
  });

  it('counts small texts the same way', () => {
    expect(lineColumn('a\nbc\n', 3)).toEqual({ line: 2, column: 2 });
    expect(lineColumn('', 0)).toEqual({ line: 1, column: 1 });
  });

  it('locates a pointer deep in a large docs.json', () => {
    const pages = Array.from({ length: 5_000 }, (_, i) => `"v1/page-${i}"`);
    const text = `{\n  "name": "x",\n  "navigation": {\n    "pages": [\n      ${pages.join(',\n      ')}\n    ]\n  }\n}\n`;
    const { source } = parseJsonSource('docs.json', text);
    expect(locatePointer(source!, '/navigation/pages/4321')).toEqual({ line: 4 + 4321 + 1, column: 7 });
  });
});
