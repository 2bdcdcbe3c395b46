/**
 * An image a page names by a relative path to a file the repo lacks (a placeholder in a style guide): Mintlify shows a
 * broken image and deploys. Lectern builds the page: an `.md` page (Astro imports its images) gets a placeholder
 * image with the alt text, an `.mdx` page a root-absolute <img>; the build does not fail.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFixture } from './helpers.ts';

describe('images the repo lacks', () => {
  it('an .md page gets a placeholder image, an .mdx page a broken <img>; the build does not fail', async () => {
    const src = await mkdtemp(path.join(tmpdir(), 'lectern-md-images-'));
    let built: Awaited<ReturnType<typeof buildFixture>> | undefined;
    try {
      await writeFile(
        path.join(src, 'docs.json'),
        JSON.stringify({
          theme: 'mint',
          name: 'Images',
          colors: { primary: '#0D9373' },
          navigation: { groups: [{ group: 'G', pages: ['index', 'guides/style', 'guides/deep'] }] },
        }),
      );
      await writeFile(path.join(src, 'index.mdx'), '---\ntitle: Home\ndescription: d\n---\n\n![A diagram to draw](images/diagram.png)\n');
      await mkdir(path.join(src, 'guides'));
      await mkdir(path.join(src, 'images'));
      // A real image next to the missing one keeps working.
      await writeFile(
        path.join(src, 'images/dot.svg'),
        '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>',
      );
      await writeFile(
        path.join(src, 'guides/style.md'),
        '---\ntitle: Style guide\ndescription: d\n---\n\nHow to add screenshots:\n\n> ![Add Provider UI](path/to/image.png)\n\n![A dot](../images/dot.svg)\n',
      );
      // One `..` too many: resolved as a URL is, at the docs root (the image exists there).
      await writeFile(
        path.join(src, 'guides/deep.mdx'),
        '---\ntitle: Deep\ndescription: d\n---\n\n![Climbs too far](../../images/dot.svg)\n',
      );
      built = await buildFixture(src);
      const deep = await readFile(path.join(built.dist, 'guides/deep/index.html'), 'utf8');
      expect(deep).toMatch(/<img src="\/images\/dot\.svg" alt="Climbs too far"/);
      const md = await readFile(path.join(built.dist, 'guides/style/index.html'), 'utf8');
      expect(md).toContain('How to add screenshots:');
      expect(md).toMatch(/<img\s+src="\/_astro\/missing-image\.[\w-]+\.svg" alt="Add Provider UI"/);
      expect(md).toMatch(/<img\s+src="\/_astro\/dot\.[\w-]+\.svg" alt="A dot"/);
      const mdx = await readFile(path.join(built.dist, 'index.html'), 'utf8');
      expect(mdx).toMatch(/<img src="\/images\/diagram\.png" alt="A diagram to draw"/);
    } finally {
      await built?.cleanup();
      await rm(src, { recursive: true, force: true });
    }
  }, 180_000);
});
