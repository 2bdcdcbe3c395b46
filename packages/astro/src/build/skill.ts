/**
 * `skill.md` (agentskills.io) and the skills discovery files Mintlify serves: `/.well-known/skills/index.json`,
 * `/.well-known/agent-skills/index.json` and each skill's file under them. The repo's own `skill.md` is published as
 * it is; otherwise one is made from the site's name, description and its public, indexed pages.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@lectern/core';
import type { Site } from '../model/store.ts';
import { pageHref } from '../model/nav.ts';
import { isListedForIndexing } from '../model/indexing.ts';

/** `Acme Docs` → `acme-docs`: the URL-safe name the discovery files use. */
export const skillSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'docs';

const yamlString = (s: string) => JSON.stringify(s.replace(/\s+/g, ' ').trim());

/** A generated `skill.md`: frontmatter (name, description), what the docs cover, where agents read them. */
/** `root`: the site's address and base (after-build.ts `siteRoot`). */
export function skillMd(site: Site, pages: readonly Page[], root: string): string {
  const { name, description } = site.config;
  const about = description || `Documentation of ${name}.`;
  const lines = ['---', `name: ${skillSlug(name)}`, `description: ${yamlString(about)}`, '---', '', `# ${name}`, '', about, ''];
  lines.push('## Reading these docs', '');
  lines.push(`- [llms.txt](${root}/llms.txt): every page, with a link to its Markdown and a one-line description`);
  lines.push(`- [llms-full.txt](${root}/llms-full.txt): every page in full, in one file`);
  lines.push('- Any page as Markdown: add `.md` to its URL', '');
  lines.push('## What the docs cover', '');
  for (const p of pages) {
    if (!isListedForIndexing(site, p)) continue;
    lines.push(`- [${p.title}](${root}${p.slug === 'index' ? '/index' : pageHref(p.slug)}.md)${p.description ? `: ${p.description}` : ''}`);
  }
  return lines.join('\n') + '\n';
}

/** `description:` of a skill file's frontmatter (a plain or quoted one-line value), if any. */
function frontmatterField(text: string, key: string): string | undefined {
  const fm = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  const line = fm?.split(/\r?\n/).find((l) => l.startsWith(key + ':'));
  const value = line?.slice(key.length + 1).trim();
  return value ? value.replace(/^(["'])(.*)\1$/, '$2') : undefined;
}

/**
 * `skill.md` and the discovery files, written into `dist` (the repo's own `skill.md` wins; one restricted to `groups`
 * in its frontmatter is never published, as Mintlify keeps group-gated skills off the public files).
 */
export async function writeSkillFiles(site: Site, dist: string, pages: readonly Page[], root: string): Promise<void> {
  const own = path.join(site.root, 'skill.md');
  const text = existsSync(own) ? readFileSync(own, 'utf8') : skillMd(site, pages, root);
  if (frontmatterField(text, 'groups')) return;
  const name = skillSlug(frontmatterField(text, 'name') ?? site.config.name);
  const description = (frontmatterField(text, 'description') ?? site.config.description ?? '').slice(0, 1024);
  const put = async (rel: string, body: string) => {
    await mkdir(path.dirname(path.join(dist, rel)), { recursive: true });
    await writeFile(path.join(dist, rel), body);
  };
  const base = site.base.replace(/\/$/, '');
  await put('skill.md', text);
  await put(`.well-known/skills/${name}/skill.md`, text);
  await put(`.well-known/skills/index.json`, JSON.stringify({ skills: [{ name, description, files: ['SKILL.md'] }] }, null, 2) + '\n');
  await put(`.well-known/agent-skills/${name}/SKILL.md`, text);
  const digest = 'sha256:' + createHash('sha256').update(text).digest('hex');
  const skill = { name, type: 'skill-md', description, url: `${base}/.well-known/agent-skills/${name}/SKILL.md`, digest };
  const index = { $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json', skills: [skill] };
  await put('.well-known/agent-skills/index.json', JSON.stringify(index, null, 2) + '\n');
}
