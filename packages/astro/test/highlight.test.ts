import { describe, expect, it } from 'vitest';
import { highlight, truncateCode, parseTitle, parseHighlight } from '../src/components/highlight.ts';

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/&quot;/g, '"');

describe('highlight', () => {
  it('keeps the exact text of large JSON (fast path) and escapes HTML', async () => {
    const value = JSON.stringify({ a: '<script>alert(1)</script>', n: -1.5e3, ok: true, nil: null, list: Array.from({ length: 30 }, (_, i) => ({ id: i, s: `x"y\\z${i}` })) }, null, 2);
    const html = await highlight(value, 'json');
    expect(text(html)).toBe(value);
    expect(html).not.toContain('<script>');
    expect(html).toMatch(/<span class="k[0-9a-z]+">"a"<\/span>/);
  });

  it('uses classes, not inline token styles, for Shiki output too', async () => {
    const html = await highlight('const a = 1;', 'js');
    expect(html).not.toMatch(/<span style=/);
    expect(text(html)).toBe('const a = 1;');
  });

  it('parses fence meta and truncates very long examples at a line boundary', () => {
    expect(parseTitle('app.js {1,3-4} wrap')).toBe('app.js');
    expect([...parseHighlight('x {1,3-4}')]).toEqual([1, 3, 4]);
    const long = Array.from({ length: 2000 }, (_, i) => `line ${i}`).join('\n');
    const cut = truncateCode(long, 100);
    expect(cut.split('\n').at(-1)).toMatch(/^… \d+ more lines \(truncated\)$/);
    expect(cut.length).toBeLessThan(160);
  });
});
