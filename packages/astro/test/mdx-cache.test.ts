/**
 * The MDX analysis cache (mdx/cache.ts, stored by mdx/analysis-store.ts in `mdx/<xx>.json`): a page that imports files of the repo is answered from the cache
 * while neither it nor what it imports changed, and analysed again when an imported file changes what the page must
 * do (here: a JSX component becoming interactive, so the page hydrates it).
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planAndPrepare } from '../src/site/site.ts';
import { COMPONENTS_MODULE } from '../src/mdx/prepare.ts';
import { importsFiles, importSpecifiers } from '../src/mdx/cache.ts';

const made: string[] = [];
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

/** A snippet whose component is static, then interactive (another MDX file's components live in its island). */
const STATIC = 'export const Counter = ({ start }) => <span className="counter">{start}</span>;\n\nA counter.\n';
const INTERACTIVE =
  'export const Counter = ({ start }) => { const [n, setN] = useState(start); return <button onClick={() => setN(n + 1)}>{n}</button>; };\n\nA counter.\n';

/** A site in a new temporary folder whose navigation lists `pages`. */
async function site(pages: string[]): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'lectern-mdx-cache-'));
  made.push(root);
  const config = { theme: 'mint', name: 'M', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'G', pages }] } };
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(config));
  return root;
}

/** The keys of every stored analysis (every shard of the store). */
async function storedKeys(root: string): Promise<string[]> {
  const dir = path.join(root, '.lectern/cache/lectern/mdx');
  const keys: string[] = [];
  for (const f of await readdir(dir))
    if (/^[0-9a-f]{2}\.json$/.test(f))
      keys.push(...Object.keys((JSON.parse(await readFile(path.join(dir, f), 'utf8')) as { entries: object }).entries));
  return keys;
}

describe('the MDX analysis cache', () => {
  it('keeps the analysis of a page with imports until an imported file changes', async () => {
    const root = await site(['index', 'counter']);
    // An import line in a code block is an example, not an import of the page: the page is cached like any other.
    await writeFile(
      path.join(root, 'index.mdx'),
      "---\ntitle: Home\n---\n\nNo imports here, only an example:\n\n```js\nimport Firecrawl from 'some-package';\n```\n",
    );
    await writeFile(
      path.join(root, 'counter.mdx'),
      "---\ntitle: Counter\n---\nimport { Counter } from '/snippets/counter.mdx';\n\n<Counter start={3} />\n",
    );
    await mkdir(path.join(root, 'snippets'));
    await writeFile(path.join(root, 'snippets/counter.mdx'), STATIC);
    const page = path.join(root, 'counter.mdx');
    const entries = async () => (await storedKeys(root)).length;

    const first = await planAndPrepare(root, COMPONENTS_MODULE);
    const staticCode = first.site.prepared.get(page)!;
    expect(staticCode).not.toMatch(/client:load/);
    // Every MDX file is in the cache, the page with an import too.
    expect(await entries()).toBe(3);

    const again = await planAndPrepare(root, COMPONENTS_MODULE);
    expect(again.site.prepared.get(page)).toBe(staticCode);
    expect(await entries()).toBe(3);

    // The component becomes interactive: the page hydrates it, which only a new analysis of the page can say.
    await writeFile(path.join(root, 'snippets/counter.mdx'), INTERACTIVE);
    const third = await planAndPrepare(root, COMPONENTS_MODULE);
    expect(third.site.prepared.get(page)).toMatch(/client:load/);
  }, 60_000);

  // crewAI's docs: 584 pages show Python in code blocks nested in <Steps>/<Tab> (indented more than a fence may be at
  // the top level); its `import openlit` line, with the next quoted string in the page as its "specifier", read as an
  // import of a package, so those pages were analysed again on every plan (15 s of each re-plan).
  it('does not take an indented `import` (a code block nested in a component) for an import of the page', async () => {
    const nested =
      '---\ntitle: Trace\n---\n\n<Steps>\n  <Step title="Set up">\n    <CodeGroup>\n        ```python\n        import openlit\n        openlit.init(otlp_endpoint="http://127.0.0.1:4318")\n        ```\n    </CodeGroup>\n  </Step>\n</Steps>\n';
    expect(importsFiles(nested)).toBe(false);
    expect(importSpecifiers(nested)).toEqual([]);
    // A real import (at the start of a line, after the frontmatter, a byte-order mark before it or not) still counts.
    expect(importSpecifiers("---\ntitle: A\n---\nimport { X } from '/snippets/x.mdx';\n\n<X />\n")).toEqual(['/snippets/x.mdx']);
    expect(importsFiles("\uFEFFimport X from './x.mdx';\n")).toBe(true);

    const root = await site(['trace']);
    await writeFile(path.join(root, 'trace.mdx'), nested);
    await planAndPrepare(root, COMPONENTS_MODULE);
    // Kept in the cache like a page without imports (a page importing a package is analysed every time, never kept).
    expect(await storedKeys(root)).toHaveLength(1);
  }, 60_000);
});
