/**
 * One page costs one page (issue 33): a page that fails to compile or render is left out, the build writes every other
 * page, the navigation, the search index and the rest of dist/, prints every failure with file and line, and exits 1;
 * in one process and in a build in parts alike.
 */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/lectern.js', import.meta.url));

function build(root: string, env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, 'build', root],
      { env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env }, timeout: 300_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: stdout + stderr });
      },
    );
  });
}

const GOOD = ['index', 'one', 'two', 'three'];
const BAD = ['throws', 'syntax', 'uses-js', 'bad-api'];

/**
 * Good pages, and four that fail: one throws while rendering, one has an MDX syntax error (found while planning), one
 * imports a module that does not parse (found by the bundler), one has an `api:` value that is not valid.
 */
async function writeSite(root: string): Promise<void> {
  const page = (title: string, body: string, extra = '') => `---\ntitle: ${title}\ndescription: d\n${extra}---\n\n${body}\n`;
  await writeFile(
    path.join(root, 'docs.json'),
    JSON.stringify({
      name: 'F',
      theme: 'mint',
      colors: { primary: '#0D9373' },
      navigation: { groups: [{ group: 'G', pages: ['index', 'one', 'throws', 'syntax', 'two', 'uses-js', 'bad-api', 'three'] }] },
    }),
  );
  // The home page links to two of the pages that fail: those links lead to the 404 page, nothing breaks.
  await writeFile(path.join(root, 'index.mdx'), page('Home', 'Welcome home. See [throws](/throws) and [syntax](/syntax).'));
  for (const p of ['one', 'two', 'three']) await writeFile(path.join(root, `${p}.mdx`), page(`Page ${p}`, `Words of page ${p}.`));
  await writeFile(
    path.join(root, 'throws.mdx'),
    page('Throws', '```js\nlist.map((x) => x);\n```\n\nexport const list = undefined;\n\n{list.map((x) => x)}'),
  );
  await writeFile(path.join(root, 'syntax.mdx'), page('Syntax', '<div>\n\nNever closed.'));
  await writeFile(
    path.join(root, 'uses-js.mdx'),
    page('Uses JS', "import { rows } from '/snippets/data.js';\n\nThere are {rows.length} rows."),
  );
  await mkdir(path.join(root, 'snippets'));
  await writeFile(path.join(root, 'snippets/data.js'), 'export const rows = [1, 2,\n  3 +;\n');
  await writeFile(path.join(root, 'bad-api.mdx'), page('Bad API', 'Text.', 'api: "FOO"\n'));
}

/** The URLs of Pagefind's per-page records (gzip, a signature, then JSON). */
async function indexedUrls(dist: string): Promise<string[]> {
  const dir = path.join(dist, 'pagefind/fragment');
  const texts = await Promise.all((await readdir(dir)).map(async (f) => gunzipSync(await readFile(path.join(dir, f))).toString('utf8')));
  return texts.map((t) => (JSON.parse(t.slice(t.indexOf('{'))) as { url: string }).url).sort();
}

const html = (dist: string, slug: string) => path.join(dist, slug === 'index' ? 'index.html' : `${slug}/index.html`);

async function expectSiteWithoutFailures(root: string, r: { code: number; out: string }): Promise<void> {
  expect(r.code, r.out).toBe(1);
  // Every failure, with the file and line of the construct.
  expect(r.out).toMatch(
    /error throws\.mdx:12:\d+ page \/throws failed to render: TypeError: Cannot read properties of undefined \(reading 'map'\)/,
  );
  expect(r.out).toMatch(/error syntax\.mdx:6:1 MDX syntax error: Expected a closing tag for `<div>`/);
  expect(r.out).toMatch(/error snippets\/data\.js:2:5 page \/uses-js cannot be compiled \(it imports snippets\/data\.js\)/);
  expect(r.out).toMatch(/error bad-api\.mdx invalid "api" frontmatter "FOO"/);
  expect(r.out).toMatch(/Lectern found 4 errors/);
  expect(r.out).toMatch(/4 pages left out of the site \(they failed, see below\): .*; every other page was written/);
  const dist = path.join(root, 'dist');
  // The good pages, with the navigation; the pages that failed are not there (their URLs serve the 404 page).
  for (const slug of GOOD) expect(existsSync(html(dist, slug)), slug).toBe(true);
  for (const slug of BAD) expect(existsSync(html(dist, slug)), slug).toBe(false);
  const home = await readFile(html(dist, 'index'), 'utf8');
  expect(home).toContain('Welcome home.');
  for (const slug of ['one', 'two', 'three']) expect(home).toContain(`href="/${slug}"`);
  expect(await readFile(html(dist, 'two'), 'utf8')).toContain('Words of page two.');
  expect(existsSync(path.join(dist, '404.html'))).toBe(true);
  expect(existsSync(path.join(dist, '_lectern/manifest.json'))).toBe(true);
  // The search index, llms.txt and the Markdown copies hold the good pages only.
  expect(await indexedUrls(dist)).toEqual(['/', '/one/', '/three/', '/two/']);
  const llms = await readFile(path.join(dist, 'llms.txt'), 'utf8');
  expect(llms.match(/^- \[[^\]]+\]\(([^)]+)\)/gm)).toEqual([
    '- [Home](/index.md)',
    '- [Page one](/one.md)',
    '- [Page two](/two.md)',
    '- [Page three](/three.md)',
  ]);
  for (const slug of GOOD) expect(existsSync(path.join(dist, `${slug}.md`)), slug).toBe(true);
  for (const slug of BAD) expect(existsSync(path.join(dist, `${slug}.md`)), slug).toBe(false);
  // Nothing is left in the staging folder.
  const staging = existsSync(path.join(root, '.lectern'))
    ? (await readdir(path.join(root, '.lectern'))).filter((f) => f.startsWith('out-'))
    : [];
  expect(staging).toEqual([]);
}

describe('a page that fails costs that page only', () => {
  it('in one process: the site is written without the pages that failed, every failure listed, exit 1', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-failures-one-'));
    try {
      await writeSite(root);
      await mkdir(path.join(root, 'dist'));
      await writeFile(path.join(root, 'dist/previous.html'), 'old build');
      const r = await build(root, { LECTERN_PART_PAGES: '0' });
      await expectSiteWithoutFailures(root, r);
      expect(existsSync(path.join(root, 'dist/previous.html'))).toBe(false);
      // Built again from the caches: the same site, the same failures.
      const again = await build(root, { LECTERN_PART_PAGES: '0' });
      await expectSiteWithoutFailures(root, again);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 600_000);

  it('in a build in parts: the same site, every part written without its pages that failed', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-failures-parts-'));
    try {
      await writeSite(root);
      const r = await build(root, { LECTERN_PART_PAGES: '2' });
      expect(r.out).toMatch(/building part 2 of \d+/);
      await expectSiteWithoutFailures(root, r);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 600_000);
});
