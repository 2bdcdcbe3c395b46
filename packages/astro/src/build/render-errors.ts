/**
 * A page whose rendering throws is reported, not fatal: the error is recorded with the page's file (and the line of
 * the name it is about, when there is one), the page is left out of the site (left-out.ts) and the build goes on with
 * the other pages, then fails naming them all.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic, Page } from '@lectern/core';
import type { Site } from '../model/store.ts';
import { codeRanges } from '../mdx/passes/text.ts';
import { pageLabel } from './left-out.ts';

/** The local files a source imports (`/snippets/x.jsx`, `./y.mdx`), absolute. */
function importsOf(abs: string, root: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:from|import)\s+['"]((?:\/|\.\.?\/)[^'"]+)['"]/g)) {
    const spec = m[1]!;
    out.push(spec.startsWith('/') ? path.join(root, spec) : path.resolve(path.dirname(abs), spec));
  }
  return out;
}

/**
 * The first line (1-based) and column where `name` appears as a word in `text`, outside the frontmatter, and in an
 * MDX file outside code blocks and inline code (the same word in a fence above the construct is not it).
 */
function wordAt(text: string, name: string, mdx: boolean): { line: number; column: number } | undefined {
  const fm = /^---\r?\n[\s\S]*?\r?\n---/.exec(text)?.[0].length ?? 0;
  const code = mdx ? codeRanges(text) : [];
  const re = new RegExp(`(?<![\\w$])${name.replace(/[$]/g, '\\$')}(?![\\w$])`, 'g');
  re.lastIndex = fm;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (code.some(([a, b]) => m!.index >= a && m!.index < b)) continue;
    const before = text.slice(0, m.index);
    return { line: before.split('\n').length, column: m.index - before.lastIndexOf('\n') };
  }
  return undefined;
}

const rel = (root: string, abs: string) => path.relative(root, abs).split(path.sep).join('/');

/** Where an error thrown while rendering `page` comes from: the page's file, or a file it imports, and a line. */
export function locateRenderError(
  site: Pick<Site, 'root' | 'content'>,
  page: Page,
  err: unknown,
): Pick<Diagnostic, 'file' | 'line' | 'column'> {
  const pageFile = page.file ? path.join(site.root, page.file) : site.content.get(page.slug);
  const fallback = { file: page.file ?? ('spec' in page && typeof page.spec === 'string' ? page.spec : page.slug) };
  if (!pageFile || !existsSync(pageFile)) return fallback;
  const message = err instanceof Error ? err.message : String(err);
  // `X is not defined`, `Cannot read properties of undefined (reading 'y')`, `X is not a function`…
  const name =
    /^(?:ReferenceError: )?([A-Za-z_$][\w$]*) is not (?:defined|a function)/.exec(message)?.[1] ??
    /\(reading '([^']+)'\)/.exec(message)?.[1];
  // A file of the repo named in the stack (dev, or a snippet compiled with its path).
  const stack = err instanceof Error ? (err.stack ?? '') : '';
  const files = [pageFile];
  for (let i = 0; i < files.length && i < 50; i++) {
    const text = readFileSync(files[i]!, 'utf8');
    if (name) {
      const at = wordAt(text, name, /\.mdx$/.test(files[i]!));
      if (at) return { file: rel(site.root, files[i]!), ...at };
    }
    const inStack = new RegExp(`${files[i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+):(\\d+)`).exec(stack);
    if (inStack) return { file: rel(site.root, files[i]!), line: Number(inStack[1]), column: Number(inStack[2]) };
    for (const f of importsOf(files[i]!, site.root, text))
      if (!files.includes(f) && existsSync(f) && /\.(mdx?|jsx?|tsx?)$/.test(f)) files.push(f);
  }
  return page.file ? { file: page.file } : fallback;
}

const failedPrefix = (slug: string) => `${pageLabel(slug)} failed to render: `;

/** Whether a render error was recorded for the page `slug` (its output is then neither written nor cached). */
export function renderFailed(site: Site, slug: string): boolean {
  const prefix = failedPrefix(slug);
  return site.renderErrors.some((d) => d.code === 'page/render' && d.message.startsWith(prefix));
}

/** Record a page's render error on the site (the build fails at the end with all of them) and return it. */
export function recordRenderError(site: Site, page: Page, err: unknown): Diagnostic {
  const message = err instanceof Error ? `${err.name && err.name !== 'Error' ? `${err.name}: ` : ''}${err.message}` : String(err);
  const d: Diagnostic = {
    severity: 'error',
    code: 'page/render',
    ...locateRenderError(site, page, err),
    message: `${failedPrefix(page.slug)}${message.split('\n')[0]}`,
    hint: 'the page was left out of the site, every other page was written; fix it and build again',
  };
  site.renderErrors.push(d);
  return d;
}
