/**
 * Mermaid's own prebuilt browser module (`mermaid/dist/mermaid.esm.min.mjs` and its chunks), copied into
 * `dist/_lectern/mermaid/` after a build, only for sites that have a diagram. The page loader
 * (client/mermaid.ts) imports it on demand; bundling Mermaid with every site would add ~10 s and ~400 MB to
 * each build, diagrams or not.
 */
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export const MERMAID_DIR = '_lectern/mermaid';

/** Whether prepared MDX (see mdx-analyze.ts) renders a diagram: a `<Mermaid>` or a ```mermaid fence. */
export function usesMermaid(prepared: Iterable<string>): boolean {
  for (const code of prepared) if (/<Mermaid[\s/>]|%22lang%22%3A%22mermaid%22|lang="mermaid"/.test(code)) return true;
  return false;
}

/** Copy the module and its chunks (no source maps) into `<dist>/_lectern/mermaid/`; returns the file count. */
export async function copyMermaidAssets(dist: string): Promise<number> {
  const pkg = path.dirname(createRequire(import.meta.url).resolve('mermaid/package.json'));
  const target = path.join(dist, MERMAID_DIR);
  const chunks = path.join('chunks', 'mermaid.esm.min');
  await mkdir(path.join(target, chunks), { recursive: true });
  const files = [
    'mermaid.esm.min.mjs',
    ...(await readdir(path.join(pkg, 'dist', chunks))).filter((f) => f.endsWith('.mjs')).map((f) => path.join(chunks, f)),
  ];
  await Promise.all(files.map((f) => copyFile(path.join(pkg, 'dist', f), path.join(target, f))));
  return files.length;
}
