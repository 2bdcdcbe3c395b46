/**
 * Files that only pages for some readers link to or show are not published (issue 38; security model: "Pages for some
 * readers only"). A real build of a fixture: a restricted page shows an image, links a PDF (by a relative path), a zip
 * (an `<a href>`) and a data file that nothing public names, and an image a public page shows too, an image a snippet
 * shows and the logo docs.json names; an image only a snippet shows that only the restricted page imports, and a
 * PDF only a restricted operation's description names (a public operation's PDF is published). dist/ is then read: the restricted-only files are not there, and no public
 * file names them; everything something public names is published as before.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedFiles } from '../src/build/restricted-files.ts';
import { buildFixture, filesUnder, FIXTURES } from './helpers.ts';

const SECRET = [
  'images/roadmap-secret.png',
  'files/plan-secret.pdf',
  'files/budget-secret.zip',
  'data/numbers-secret.json',
  // Named only by a snippet only the restricted page imports, and only by a restricted operation's description.
  'images/snippet-secret.png',
  'files/operation-secret.pdf',
];
const PUBLIC = [
  'images/shared-diagram.png',
  'images/snippet-badge.png',
  'images/logo.svg',
  'files/public-guide.pdf',
  'images/unlinked.png',
  'files/operation-public.pdf',
];

let dist = '';
let cleanup: (() => Promise<void>) | undefined;
let files: string[] = [];

beforeAll(async () => {
  const built = await buildFixture(path.join(FIXTURES, 'restricted-files'));
  dist = built.dist;
  cleanup = built.cleanup;
  files = await filesUnder(dist);
}, 240_000);
afterAll(async () => {
  await cleanup?.();
});

describe('files linked from restricted pages', () => {
  it('a file only restricted pages name is not published', () => {
    for (const file of SECRET) expect(files, file).not.toContain(file);
  });

  it('a file a public page, a snippet or docs.json names too is published, and so is a file nothing names', () => {
    for (const file of PUBLIC) expect(files, file).toContain(file);
  });

  it('no file of dist/ but the restricted page itself names a withheld file', async () => {
    const naming: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(dist, file), 'latin1');
      if (SECRET.some((s) => text.includes(path.posix.basename(s)))) naming.push(file);
    }
    // The restricted pages' own files (gated by lectern serve) may name them; nothing else does.
    expect(naming.filter((f) => !f.startsWith('internal/roadmap') && !f.includes('file-a-secret-report'))).toEqual([]);
  });
});

describe('namedFiles', () => {
  it('finds links, images, attributes, imports and url() references, resolved from the file that names them', () => {
    const text = [
      '![a](./img/a.png) [b](../files/b.pdf "title") <img src="/images/c.png" /> <a href=\'d.zip\'>d</a>',
      "import E from '/snippets/e.mdx'; const f = url('/fonts/f.woff2');",
      '<img srcSet="/i/g.png 1x, /i/h.png 2x" />',
      '[i]: /files/i.txt',
      '[web](https://example.com/x.png) [mail](mailto:a@b.c) [out](../../../etc/passwd) [anchor](#top)',
    ].join('\n');
    expect([...namedFiles(text, 'guides/page.mdx')].sort()).toEqual(
      [
        'files/b.pdf',
        'files/i.txt',
        'fonts/f.woff2',
        'guides/d.zip',
        'guides/img/a.png',
        'i/g.png',
        'i/h.png',
        'images/c.png',
        'snippets/e.mdx',
      ].sort(),
    );
  });
});
