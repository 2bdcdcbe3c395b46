/**
 * A changelog's `<Update>` entries (analyze.ts `updateEntries`, the RSS feed's items) are read one top-level Update at a
 * time; the entries must be those of the body parsed whole (checked on every changelog of the corpus while writing it:
 * 298 files, all equal), with their lines in the page.
 */
import { describe, expect, it } from 'vitest';
import { updateEntries } from '../src/mdx/analyze.ts';

const pick = (body: string) => updateEntries(body).map((e) => ({ label: e.label, line: e.line, markdown: e.markdown, tags: e.tags }));

describe('updateEntries', () => {
  it('reads each top-level Update with its line in the page; an Update line inside a code block is code', () => {
    const body = [
      "import { Note } from '/snippets/note.mdx';", // 1
      '',
      'Intro paragraph.',
      '',
      '<Update label="v3" tags={["API"]}>', // 5
      '  Faster **builds**.',
      '',
      '```mdx',
      '<Update label="not an entry">', // 9: an example in a code block
      '```',
      '</Update>',
      '',
      '<Update label="v2">', // 13
      '  <Update label="nested">Inner.</Update>',
      '</Update>',
      '<Update label="v1">', // 16
      'Last.',
      '</Update>',
      '',
    ].join('\n');
    expect(pick(body)).toEqual([
      { label: 'v3', line: 5, markdown: 'Faster **builds**.', tags: ['API'] },
      { label: 'v2', line: 13, markdown: '', tags: [] },
      { label: 'v1', line: 16, markdown: 'Last.', tags: [] },
    ]);
  });

  it('parses the body whole when the Updates sit in another element', () => {
    const body = '<div>\n<Update label="a">\nOne.\n</Update>\n<Update label="b">\nTwo.\n</Update>\n</div>\n';
    expect(pick(body)).toEqual([
      { label: 'a', line: 2, markdown: 'One.', tags: [] },
      { label: 'b', line: 5, markdown: 'Two.', tags: [] },
    ]);
  });
});
