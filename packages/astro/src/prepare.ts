/** Analyse every MDX file a site renders (pages and the snippets they import) before the build starts. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '@lectern/core';
import { analyzeMdx } from './mdx-analyze.ts';
import type { LoadedSite } from './plan-source.ts';
import type { SiteConfig } from './config.ts';

export const COMPONENTS_MODULE = fileURLToPath(new URL('./components/index.ts', import.meta.url));

/** `config`: docs.json's `variables`, and `styling.latex: false` (no `$…$` math; `<Latex>` still works). */
export function prepareFile(abs: string, root: string, config: Pick<SiteConfig, 'variables' | 'styling'>, componentsModule = COMPONENTS_MODULE) {
  const rel = path.relative(root, abs).split(path.sep).join('/');
  return analyzeMdx(readFileSync(abs, 'utf8'), rel, { componentsModule, variables: config.variables, dollarMath: config.styling?.latex !== false });
}

/** `extra`: further MDX files to compile (slug -> absolute path), such as written-out `x-mint.content`. */
export function prepareSite(site: LoadedSite, componentsModule = COMPONENTS_MODULE, extra: Map<string, string> = new Map()): { prepared: Map<string, string>; diagnostics: Diagnostic[] } {
  const root = site.plan.root;
  const prepared = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  const queue: string[] = [];
  for (const p of site.plan.pages) if (p.file && p.file.endsWith('.mdx')) queue.push(path.join(root, p.file));
  queue.push(...extra.values());
  while (queue.length) {
    const abs = queue.shift()!;
    if (prepared.has(abs)) continue;
    if (!existsSync(abs)) continue;
    const result = prepareFile(abs, root, site.config, componentsModule);
    prepared.set(abs, result.code);
    diagnostics.push(...result.diagnostics);
    for (const imp of result.imports) {
      const target = imp.startsWith('/') ? path.join(root, imp) : path.resolve(path.dirname(abs), imp);
      if (!existsSync(target)) {
        diagnostics.push({ severity: 'error', code: 'mdx/missing-import', file: path.relative(root, abs), message: `Imported file ${imp} does not exist.` });
        continue;
      }
      if (target.endsWith('.mdx')) queue.push(target);
    }
  }
  return { prepared, diagnostics };
}

export function formatDiagnostic(d: Diagnostic): string {
  const where = d.file + (d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : '') + (d.pointer ? ` (${d.pointer})` : '');
  return `${d.severity === 'error' ? 'error' : 'warning'} ${where} ${d.message}${d.hint ? `\n    hint: ${d.hint}` : ''} [${d.code}]`;
}
