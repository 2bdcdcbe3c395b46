/**
 * `skill.md` and the skills discovery files (issue 34): a real build of a small site; the generated `skill.md` names the
 * site, links llms.txt, llms-full.txt and each public, indexed page's Markdown (never restricted, hidden or noindex
 * ones), and `/.well-known/skills/` and `/.well-known/agent-skills/` list it (with its sha256 digest). The repo's own
 * `skill.md` is published as it is.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SITE = 'https://docs.example.test';
const page = (title: string, extra = '') => `---\ntitle: ${title}\ndescription: About ${title}\n${extra}---\n\nWords of ${title}.\n`;

async function writeSite(root: string, extra: Record<string, unknown> = {}): Promise<void> {
  const navigation = { groups: [{ group: 'Guides', pages: ['index', 'intro', 'quiet', 'staff-only', 'hidden-fm'] }] };
  await writeFile(
    path.join(root, 'docs.json'),
    JSON.stringify({ name: 'Acme Docs', description: 'Docs of Acme', theme: 'mint', colors: { primary: '#0D9373' }, navigation, ...extra }),
  );
  await writeFile(path.join(root, 'index.mdx'), page('Home'));
  await writeFile(path.join(root, 'intro.mdx'), page('Intro'));
  await writeFile(path.join(root, 'quiet.mdx'), page('Quiet', 'noindex: true\n'));
  await writeFile(path.join(root, 'staff-only.mdx'), page('Staff only', 'groups: ["staff"]\n'));
  await writeFile(path.join(root, 'hidden-fm.mdx'), page('Hidden fm', 'hidden: true\n'));
}

async function build(root: string): Promise<string> {
  const { buildSite } = await import('../src/cli/run.ts');
  return (await buildSite(root, { logLevel: 'error', site: SITE })).outDir;
}

const roots: string[] = [];
let dist: string;
beforeAll(async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'lectern-skill-'));
  roots.push(root);
  await writeSite(root);
  dist = await build(root);
}, 240_000);
afterAll(async () => {
  for (const r of roots) await rm(r, { recursive: true, force: true });
});

describe('the generated skill.md', () => {
  it('names the site and links the agent files and the public, indexed pages only', async () => {
    const skill = await readFile(path.join(dist, 'skill.md'), 'utf8');
    expect(skill.startsWith('---\nname: acme-docs\ndescription: "Docs of Acme"\n---\n')).toBe(true);
    expect(skill).toContain(`${SITE}/llms.txt`);
    expect(skill).toContain(`${SITE}/llms-full.txt`);
    expect(skill).toContain(`- [Intro](${SITE}/intro.md): About Intro`);
    expect(skill).toContain(`- [Home](${SITE}/index.md)`);
    for (const title of ['Quiet', 'Staff only', 'Hidden fm']) expect(skill).not.toContain(title);
  });

  it('is listed by /.well-known/skills/ and /.well-known/agent-skills/ with its digest', async () => {
    const skill = await readFile(path.join(dist, 'skill.md'), 'utf8');
    const old = JSON.parse(await readFile(path.join(dist, '.well-known/skills/index.json'), 'utf8'));
    expect(old).toEqual({ skills: [{ name: 'acme-docs', description: 'Docs of Acme', files: ['SKILL.md'] }] });
    expect(await readFile(path.join(dist, '.well-known/skills/acme-docs/skill.md'), 'utf8')).toBe(skill);
    const index = JSON.parse(await readFile(path.join(dist, '.well-known/agent-skills/index.json'), 'utf8'));
    expect(index.$schema).toBe('https://schemas.agentskills.io/discovery/0.2.0/schema.json');
    const digest = 'sha256:' + createHash('sha256').update(skill).digest('hex');
    expect(index.skills).toEqual([
      { name: 'acme-docs', type: 'skill-md', description: 'Docs of Acme', url: '/.well-known/agent-skills/acme-docs/SKILL.md', digest },
    ]);
    expect(await readFile(path.join(dist, '.well-known/agent-skills/acme-docs/SKILL.md'), 'utf8')).toBe(skill);
  });
});

describe("the repo's own skill.md", () => {
  it('is published as it is, and named by its frontmatter in the discovery files', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-skill-own-'));
    roots.push(root);
    await writeSite(root);
    const own = '---\nname: Acme Payments\ndescription: Take payments with Acme.\n---\n\n# Our own\n';
    await writeFile(path.join(root, 'skill.md'), own);
    const out = await build(root);
    expect(await readFile(path.join(out, 'skill.md'), 'utf8')).toBe(own);
    const index = JSON.parse(await readFile(path.join(out, '.well-known/skills/index.json'), 'utf8'));
    expect(index.skills).toEqual([{ name: 'acme-payments', description: 'Take payments with Acme.', files: ['SKILL.md'] }]);
    expect(await readFile(path.join(out, '.well-known/agent-skills/acme-payments/SKILL.md'), 'utf8')).toBe(own);
  }, 240_000);
});

describe('docs.json markdown.instructions', () => {
  it('is an Agent Instructions block in llms.txt, llms-full.txt and every .md copy', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-skill-instr-'));
    roots.push(root);
    await writeSite(root, { markdown: { instructions: ['Always cite the API version.', 'Prefer the TypeScript SDK.'] } });
    const out = await build(root);
    const block = '> ## Agent Instructions\n> Always cite the API version.\n> Prefer the TypeScript SDK.\n\n';
    expect(await readFile(path.join(out, 'llms.txt'), 'utf8')).toContain('> Docs of Acme\n\n' + block + '- [');
    expect((await readFile(path.join(out, 'llms-full.txt'), 'utf8')).startsWith('# Acme Docs\n\n> Docs of Acme\n\n' + block)).toBe(true);
    expect((await readFile(path.join(out, 'intro.md'), 'utf8')).startsWith(block + '# Intro\n')).toBe(true);
    expect(await readFile(path.join(dist, 'intro.md'), 'utf8')).not.toContain('Agent Instructions');
  }, 240_000);
});
