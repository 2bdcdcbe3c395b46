/**
 * `lectern dev`: an edit to the text of an MDX page (its frontmatter unchanged) changes nothing in the plan, so the
 * site is not planned again (that reloads every spec: about a second on a 1,200-operation site). The page's body is
 * updated in place (the `.md` copy, `<RequestExample>` blocks and the assistant read it) and Vite recompiles the
 * module and reloads the browser as for any edited module.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { readPageFile } from '@lectern/core';
import type { Site } from '../model/store.ts';

const IMPORT = /^\s*import\s[^\n]*$/gm;
const importsOf = (body: string) => (body.match(IMPORT) ?? []).join('\n');

/**
 * Apply an edit of `rel` (repo-relative) when it only changed a page's body; `false` when the site must be planned
 * again (a new or removed file, frontmatter changed, a file that is not a page, YAML that does not parse).
 */
export function applyBodyEdit(site: Site, rel: string): boolean {
  const file = rel.split(path.sep).join('/');
  if (!/\.mdx?$/i.test(file) || !existsSync(path.join(site.root, rel))) return false;
  const pages = site.plan.pages.filter((p) => p.file === file);
  if (!pages.length) return false;
  const { page: parsed, diagnostics } = readPageFile(site.root, file);
  if (!parsed || diagnostics.some((d) => d.severity === 'error')) return false;
  const frontmatter = JSON.stringify(parsed.frontmatter);
  if (pages.some((p) => JSON.stringify(p.frontmatter) !== frontmatter)) return false;
  // A changed import may make another file a snippet (or no longer one): that is the plan's business.
  if (pages.some((p) => importsOf(p.body) !== importsOf(parsed.body))) return false;
  for (const p of pages) {
    p.body = parsed.body;
    p.bodyLine = parsed.bodyLine;
  }
  return true;
}
