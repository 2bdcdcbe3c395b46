/** Helpers on the source text for the MDX passes: lines, code spans, expressions showing text, de-indenting. */

export const newlines = (s: string) => s.split('\n').length - 1;

/** The line and column of an offset of `text`. */
export function lineAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: newlines(before) + 1, column: offset - before.lastIndexOf('\n') };
}

/**
 * An expression showing `source` as written, over as many lines as it spans (line numbers stay true) but with no blank
 * line: inside a paragraph a blank line ends it, and the build's compiler then finds the expression unclosed.
 */
export const textExpression = (source: string) => `{${JSON.stringify(source.replace(/\n/g, ' '))}${'\n+""'.repeat(newlines(source))}}`;

/** [start, end) offsets of fenced code blocks and inline code spans: a cheap scan, good enough to skip tags shown as code. */
export function codeRanges(src: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let offset = 0;
  let fence: { char: string; size: number; start: number } | undefined;
  let text = '';
  let textStart = 0;
  const spans = () => {
    for (let i = 0; i < text.length; i++) {
      if (text[i] !== '`') continue;
      let n = 1;
      while (text[i + n] === '`') n++;
      const close = new RegExp(`(?<!\`)\`{${n}}(?!\`)`, 'g');
      close.lastIndex = i + n;
      const m = close.exec(text);
      if (m) {
        ranges.push([textStart + i, textStart + m.index + n]);
        i = m.index + n - 1;
      } else i += n - 1;
    }
    text = '';
  };
  for (const line of src.split('\n')) {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (m && m[1]![0] === fence.char && m[1]!.length >= fence.size && !line.slice(m[0].length).trim()) {
        ranges.push([fence.start, offset + line.length]);
        fence = undefined;
      }
    } else if (m) {
      spans();
      fence = { char: m[1]![0]!, size: m[1]!.length, start: offset };
    } else {
      if (!text) textStart = offset;
      text += line + '\n';
      if (!line.trim()) spans();
    }
    offset += line.length + 1;
  }
  spans();
  if (fence) ranges.push([fence.start, src.length]);
  return ranges;
}

/** Text with its common leading indentation removed (blank lines ignored), trimmed of blank edge lines. */
export function dedent(text: string): string {
  const lines = text.replace(/\s+$/, '').split('\n');
  while (lines.length && !lines[0]!.trim()) lines.shift();
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length));
  return lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n');
}
