/**
 * The files a build writes after the pages (after-build.ts): Markdown copies, `llms.txt`, `llms-full.txt` (and their
 * `/.well-known/` copies), changelog feeds. After one page is edited and another removed, a warm build writes them byte
 * for byte as a cold build of the changed repo (in another folder, no cache) does: the edited page's copy is new, the
 * removed page's copy is gone. Pages with the same Markdown (a page copied into another version's folder) share one
 * file on disk, and an edit ends the sharing.
 */
import { cp, mkdtemp, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/cli/run.ts';
import { fileDigests, writeTestSite } from './helpers.ts';

const page = (title: string, body: string) => `---\ntitle: ${title}\ndescription: About ${title.toLowerCase()}.\n---\n\n${body}\n`;
const AGENTS = page('Agents', 'An agent has a role, a goal and [tools](/v2/tools).\n\n```python\nagent = Agent(role="writer")\n```');
const TOOLS = page('Tools', 'Tools are functions an agent may call.');
const FLOWS = page('Flows', 'A flow runs agents one after another.');
const CHANGELOG = page(
  'Changelog',
  '<Update label="2025-03-01" description="v2.0">\nAgents take tools.\n</Update>\n\n<Update label="2025-02-01">\nFirst release.\n</Update>',
);

/** Two versions of the same pages (byte-identical copies), a changelog, a page only v1 has. */
const FILES: Record<string, string> = {
  'index.mdx': page('Home', 'Start with [agents](/v2/agents).'),
  'v1/agents.mdx': AGENTS,
  'v1/tools.mdx': TOOLS,
  'v1/legacy.mdx': page('Legacy', 'The old way, removed in the next build.'),
  'v2/agents.mdx': AGENTS,
  'v2/tools.mdx': TOOLS,
  'v1/flows.mdx': FLOWS,
  'v2/flows.mdx': FLOWS,
  'changelog.mdx': CHANGELOG,
};
const nav = (pages: string[]) => ({ navigation: { groups: [{ group: 'Docs', pages }] } });
const PAGES = ['index', 'v1/agents', 'v1/tools', 'v1/flows', 'v1/legacy', 'v2/agents', 'v2/tools', 'v2/flows', 'changelog'];
/** A redirect from an old `.md` URL makes a folder at `v1/flows.md`: it is kept, v2's copy of the text is written. */
const CONFIG = {
  name: 'Crew',
  description: 'Agents at work.',
  markdown: { instructions: 'Read llms.txt first.' },
  redirects: [{ source: '/v1/flows.md', destination: '/v2/flows' }],
};

/** The edit between the builds: v2/agents changed, v1/legacy removed (file and navigation entry). */
async function edit(root: string): Promise<void> {
  await writeFile(path.join(root, 'v2/agents.mdx'), AGENTS.replace('a goal', 'a goal, edited between two builds,'));
  await unlink(path.join(root, 'v1/legacy.mdx'));
  await writeTestSite(root, { ...CONFIG, ...nav(PAGES.filter((p) => p !== 'v1/legacy')) });
}

/** The files of `dist` after-build.ts writes, by their SHA-256. */
async function agentFiles(dist: string): Promise<Map<string, string>> {
  const all = await fileDigests(dist);
  return new Map([...all].filter(([f]) => /\.md$|(^|\/)llms(-full)?\.txt$|rss\.xml$/.test(f)));
}

const build = (root: string) => buildSite(root, { logLevel: 'error', base: '/docs/', site: 'https://crew.example.com' });
const made: string[] = [];
let warm: string;
let cold: string;

beforeAll(async () => {
  warm = await mkdtemp(path.join(tmpdir(), 'lectern-after-warm-'));
  cold = await mkdtemp(path.join(tmpdir(), 'lectern-after-cold-'));
  made.push(warm, cold);
  await writeTestSite(warm, { ...CONFIG, ...nav(PAGES) }, FILES);
  await build(warm);
  expect(await readFile(path.join(warm, 'dist/v1/legacy.md'), 'utf8')).toContain('The old way');
  await edit(warm);
  await cp(warm, cold, { recursive: true, filter: (src) => !/[\\/](dist|\.lectern)([\\/]|$)/.test(src) });
  await build(warm);
  await build(cold);
}, 600_000);

afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

describe('after-build files on a warm build', () => {
  it('are byte-identical to a cold build of the changed repo', async () => {
    const [w, c] = await Promise.all([agentFiles(path.join(warm, 'dist')), agentFiles(path.join(cold, 'dist'))]);
    expect([...w.keys()]).toEqual([...c.keys()]);
    expect([...w.keys()]).toEqual(
      expect.arrayContaining([
        'v1/agents.md',
        'v2/agents.md',
        'llms.txt',
        'llms-full.txt',
        '.well-known/llms-full.txt',
        'changelog/rss.xml',
      ]),
    );
    for (const [file, digest] of c) expect(w.get(file), file).toBe(digest);
  });

  it("rewrites the edited page's copy and leaves out the removed page's", async () => {
    const dist = path.join(warm, 'dist');
    expect(await readFile(path.join(dist, 'v2/agents.md'), 'utf8')).toContain('a goal, edited between two builds,');
    expect(await readFile(path.join(dist, 'v1/agents.md'), 'utf8')).not.toContain('edited');
    await expect(stat(path.join(dist, 'v1/legacy.md'))).rejects.toThrow(/ENOENT/);
    expect(await readFile(path.join(dist, 'llms.txt'), 'utf8')).not.toContain('Legacy');
    const full = await readFile(path.join(dist, 'llms-full.txt'), 'utf8');
    expect(full).not.toContain('The old way');
    expect(full).toContain('Source: https://crew.example.com/docs/v2/agents\n');
  });

  it('writes pages with the same Markdown once, as one file on disk, until one of them changes, and keeps a redirect folder', async () => {
    for (const root of [warm, cold]) {
      const at = (f: string) => stat(path.join(root, 'dist', f));
      const [a, b, c, d] = await Promise.all([at('v1/tools.md'), at('v2/tools.md'), at('v1/agents.md'), at('v2/agents.md')]);
      expect(a.ino).toBe(b.ino);
      expect(a.nlink).toBe(2);
      expect(c.ino).not.toBe(d.ino);
      expect(c.nlink).toBe(1);
      expect((await at('v1/flows.md')).isDirectory()).toBe(true);
      expect(await readFile(path.join(root, 'dist/v2/flows.md'), 'utf8')).toContain('A flow runs agents');
    }
  });
});
