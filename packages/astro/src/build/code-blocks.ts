/**
 * The fenced code blocks of a prepared MDX page as the page will ask the highlighter for them, so the build can
 * highlight them in worker threads before the page renders (highlight-pool.ts): mdx-analyze.ts rewrites each fence
 * to `<CodeBlock data="…"/>` (its language, meta and code, URI-encoded JSON), and CodeBlock.astro highlights what
 * `fenceInput` makes of it. Blocks whose code a snippet fills in from props, and `<CodeBlock>` written with props,
 * are not known before rendering: they are highlighted as the page renders.
 */
import path from 'node:path';
import type { Page } from '@lectern/core';
import { decodeFenceData, fenceInput, parseMeta, type FenceData } from '../shared/highlight/highlight.ts';
import type { HighlightInput } from '../endpoint/panel.ts';
import type { Site } from '../model/store.ts';

const CODE_BLOCK = /<CodeBlock data="([^"]*)"/g;

export function codeBlockInputs(prepared: string): HighlightInput[] {
  if (!prepared.includes('<CodeBlock data="')) return [];
  const out: HighlightInput[] = [];
  for (const m of prepared.matchAll(CODE_BLOCK)) {
    let block: Partial<FenceData>;
    try {
      block = decodeFenceData(m[1]!);
    } catch {
      continue;
    }
    if (typeof block.code !== 'string' || block.lang === 'mermaid') continue;
    out.push(fenceInput(block.code, block.lang || 'text', parseMeta(block.meta ?? '')));
  }
  return out;
}

/** The code blocks of a page: its own MDX file's, its written-out content's and those of the MDX files it imports. */
export function pageCodeBlockInputs(
  site: Pick<Site, 'root' | 'prepared' | 'content' | 'imports'>,
  page: Pick<Page, 'slug' | 'file'>,
): HighlightInput[] {
  const files = new Set<string>();
  if (page.file?.endsWith('.mdx')) files.add(path.resolve(site.root, page.file));
  const content = site.content.get(page.slug);
  if (content) files.add(path.resolve(content));
  for (const f of [...files]) for (const imported of site.imports.get(f) ?? []) if (imported.endsWith('.mdx')) files.add(imported);
  return [...files].flatMap((f) => {
    const prepared = site.prepared.get(f);
    return prepared ? codeBlockInputs(prepared) : [];
  });
}
