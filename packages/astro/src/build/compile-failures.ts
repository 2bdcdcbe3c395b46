/**
 * A page the bundler cannot compile is left out, not fatal. Planning compiles every MDX file ahead of the build
 * (mdx-compile.ts) and leaves out the pages it refuses; what it cannot foresee (a `.js` file a page imports that does
 * not parse, an error of a compiler further down the line) stops Astro's bundling of the whole build or part. Then the
 * pages whose files fail are found from the error (its file, and every page importing that file), recorded with file,
 * line and message like render errors (the build fails at the end naming them all), left out of the bundle and of the
 * site (left-out.ts), and the build or part runs again without them.
 */
import path from 'node:path';
import type { Diagnostic } from '@lectern/core';
import type { Site } from '../model/store.ts';
import { pageLabel } from './left-out.ts';

export interface BuildFailure {
  file: string;
  line?: number;
  column?: number;
  message: string;
}

/** The files (absolute) a failed bundling names, with line and message: each error of an aggregate, or the one. */
export function buildFailures(err: unknown): BuildFailure[] {
  const list = (err as { errors?: unknown }).errors;
  const errors = Array.isArray(list) && list.length ? list : [err];
  const out: BuildFailure[] = [];
  for (const e of errors as Array<{
    message?: string;
    id?: string;
    loc?: { file?: string; line?: number; column?: number };
    line?: number;
    column?: number;
  }>) {
    const raw = e?.message ?? String(e);
    // An import that resolves to nothing (a package the repo does not have): the file that imports it fails.
    const unresolved = /failed to resolve import "([^"]+)" from "(\/[^"]+)"/.exec(raw);
    if (unresolved && !e?.loc?.file) {
      out.push({ file: unresolved[2]!.split('?')[0]!, message: `cannot resolve the import "${unresolved[1]}" (no such file or package)` });
      continue;
    }
    // `[plugin x] /abs/file.js:2:5` / `/abs/file.mdx:3:1: …` at the start of the message.
    const named = /^(?:\[plugin [^\]]+\]\s*)?(\/[^\s:]+):(\d+):(\d+)/.exec(raw);
    const file = e?.loc?.file ?? e?.id ?? named?.[1];
    if (!file || !path.isAbsolute(file.split('?')[0]!)) continue;
    const line = e.loc?.line ?? e.line ?? (named ? Number(named[2]) : undefined);
    const column = e.loc?.column ?? e.column ?? (named ? Number(named[3]) : undefined);
    const clean = file.split('?')[0]!;
    const message =
      raw
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !/^(?:\[plugin [^\]]+\]\s*)?\/\S+:\d+:\d+$/.test(l))[0] ?? raw;
    out.push({
      file: clean,
      ...(line ? { line } : {}),
      ...(column ? { column } : {}),
      message: message.replace(`${clean}: `, '').replace(/^\d+:\d+:\s*/, ''),
    });
  }
  return out;
}

/** Slugs of the pages of `site` (of the current part) whose file is `file` or imports it, directly or not. */
export function pagesReaching(site: Pick<Site, 'root' | 'plan' | 'content' | 'only' | 'imports'>, file: string): string[] {
  const target = path.resolve(file);
  const reaches = (start: string): boolean => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length) {
      const f = stack.pop()!;
      if (f === target) return true;
      if (seen.has(f)) continue;
      seen.add(f);
      stack.push(...(site.imports.get(f) ?? []));
    }
    return false;
  };
  const out: string[] = [];
  for (const p of site.plan.pages) {
    if (site.only && !site.only.has(p.slug)) continue;
    const own = p.file ? path.resolve(site.root, p.file) : site.content.get(p.slug);
    if (own && reaches(path.resolve(own))) out.push(p.slug);
  }
  return out;
}

/**
 * Run `build` (Astro's build of the site or of one part); when it fails on files of some pages, record those pages'
 * failures, leave them out and run it again. Any other failure is thrown as it is.
 */
export async function buildLeavingOutFailures(site: Site, build: () => Promise<void>, log: (message: string) => void): Promise<void> {
  for (;;) {
    try {
      await build();
      return;
    } catch (err) {
      const failures = buildFailures(err);
      const left: string[] = [];
      for (const failure of failures) {
        const rel = path.relative(site.root, failure.file).split(path.sep).join('/');
        for (const slug of pagesReaching(site, failure.file)) {
          if (site.blocked.has(slug)) continue;
          const page = site.pages.get(slug)!;
          const own = page.file !== undefined && path.resolve(site.root, page.file) === path.resolve(failure.file);
          const d: Diagnostic = {
            severity: 'error',
            code: 'page/compile',
            file: rel,
            ...(failure.line ? { line: failure.line } : {}),
            ...(failure.column ? { column: failure.column } : {}),
            message: `${pageLabel(slug)} cannot be compiled${own ? '' : ` (it imports ${rel})`}: ${failure.message}`,
            hint: 'the page was left out of the site, every other page was written; fix this file and build again',
          };
          site.blocked.set(slug, [d]);
          site.renderErrors.push(d);
          left.push(slug);
        }
      }
      if (!left.length) throw err;
      log(
        `${left.length} page${left.length === 1 ? '' : 's'} cannot be compiled (${failures.map((f) => path.relative(site.root, f.file).split(path.sep).join('/') + (f.line ? `:${f.line}` : '')).join(', ')}): left out, building the others again`,
      );
    }
  }
}
