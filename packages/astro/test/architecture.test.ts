/**
 * The floor plan of packages/astro/src (ARCHITECTURE.md): every folder is a stage, and a module imports only from its
 * own stage or a lower one. A new folder has to be given a place here; an import running upwards fails this test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** Lowest first. `views` are the Astro components, layouts and routes Astro renders, and the browser's own code. */
export const STAGES = [
  'shared',
  'plan',
  'mdx',
  'model',
  'endpoint',
  'workers',
  'build',
  'site',
  'dev',
  'views',
  'integration',
  'cli',
] as const;
type Stage = (typeof STAGES)[number];

const VIEW_FOLDERS = new Set(['components', 'layout', 'routes', 'client', 'styles', 'assets']);

export function stageOf(rel: string): Stage | undefined {
  if (rel === 'index.ts' || rel === 'virtual.d.ts') return 'integration';
  if (rel.endsWith('.astro') || rel.endsWith('.css')) return 'views';
  const top = rel.split('/')[0]!;
  if (VIEW_FOLDERS.has(top)) return 'views';
  return (STAGES as readonly string[]).includes(top) ? (top as Stage) : undefined;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(abs, out);
    else if (/\.(ts|tsx|astro)$/.test(entry.name)) out.push(abs);
  }
  return out;
}

/** Relative specifiers of static and dynamic imports (`from './x.ts'`, `import('./x.ts')`, `import './x.css'`). */
export function relativeImports(source: string): string[] {
  const specs: string[] = [];
  for (const m of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"\n]+)\1/g))
    specs.push(m[2]!.split('?')[0]!);
  return specs;
}

describe('packages/astro/src floor plan', () => {
  const files = sourceFiles(SRC).map((abs) => path.relative(SRC, abs).split(path.sep).join('/'));

  it('places every module in a stage', () => {
    expect(files.filter((f) => stageOf(f) === undefined)).toEqual([]);
  });

  it('keeps the root to the integration entry', () => {
    expect(files.filter((f) => !f.includes('/')).sort()).toEqual(['index.ts', 'virtual.d.ts']);
  });

  it('imports only from the same stage or a lower one', () => {
    const upward: string[] = [];
    for (const file of files) {
      const from = stageOf(file)!;
      for (const spec of relativeImports(readFileSync(path.join(SRC, file), 'utf8'))) {
        const target = path
          .relative(SRC, path.resolve(SRC, path.dirname(file), spec))
          .split(path.sep)
          .join('/');
        if (target.startsWith('..')) continue;
        const to = stageOf(target);
        if (to && STAGES.indexOf(to) > STAGES.indexOf(from)) upward.push(`${file} (${from}) -> ${target} (${to})`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('keeps the MDX parser out of what Astro renders with the pages (routes/ and what they import)', () => {
    // The page chunk is run from the build's output folder: the MDX analysis there would bundle its parser and, through
    // @lectern/core's index, the config schema, whose zod Node then looks up from the output folder (a repo's own zod 3
    // broke every page once).
    const reached = new Set<string>();
    const queue = ['routes/page.astro', 'routes/404.astro'];
    while (queue.length) {
      const file = queue.pop()!;
      if (reached.has(file) || !files.includes(file)) continue;
      reached.add(file);
      for (const spec of relativeImports(readFileSync(path.join(SRC, file), 'utf8')))
        queue.push(
          path
            .relative(SRC, path.resolve(SRC, path.dirname(file), spec))
            .split(path.sep)
            .join('/'),
        );
    }
    expect(reached.size).toBeGreaterThan(20);
    const parsers = [...reached].filter((f) => /\bfrom\s*['"](remark-mdx|@mdx-js\/mdx)['"]/.test(readFileSync(path.join(SRC, f), 'utf8')));
    expect(parsers).toEqual([]);
    expect([...reached].filter((f) => /^mdx\/(analyze|prepare|compile)\.ts$/.test(f))).toEqual([]);
  });

  it('catches an upward import (the rule can fail)', () => {
    const to = stageOf('build/session.ts')!;
    expect(STAGES.indexOf(to)).toBeGreaterThan(STAGES.indexOf(stageOf('shared/render/markdown.ts')!));
    expect(relativeImports("import { x } from '../../build/session.ts';\nconst y = await import('./z.ts');")).toEqual([
      '../../build/session.ts',
      './z.ts',
    ]);
  });
});
