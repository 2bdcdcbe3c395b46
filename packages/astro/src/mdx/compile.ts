/**
 * The build's own MDX compile step, run before the build (and by `lectern check`), so that a page the build would
 * refuse is found with its file and line instead of stopping the bundler.
 *
 * Astro 7 compiles `.mdx` with @astrojs/mdx, whose default processor is Sätteri (@astrojs/markdown-satteri: MDX
 * parsed and compiled in Rust, expressions and ESM parsed with oxc), not MDX in JavaScript (micromark, remark-mdx),
 * which Lectern's analysis and Mintlify use. The two disagree on some input (an opening tag whose `>` starts a line,
 * `<!-- comments -->`, void HTML tags such as `<br>` without `/`…). So this runs the very function the build runs: the
 * processor's MDX renderer, on the source the build hands it (the prepared file, its frontmatter blanked with spaces as
 * @astrojs/mdx does), with the options of a Lectern build: GFM and smart punctuation on, no `optimize`. Only syntax
 * highlighting is off: the analysis turns every code fence into a <CodeBlock>, so there is nothing for it to do.
 */
import path from 'node:path';
import pLimit from 'p-limit';
import { parseFrontmatter } from '@astrojs/internal-helpers/frontmatter';
import { satteri } from '@astrojs/markdown-satteri';
import type { Diagnostic } from '@lectern/core';
import { cacheEnabled, cacheRoot, lecternFingerprint, readJson, sha256, writeAtomic } from '../shared/build-cache.ts';

interface MdxRenderer {
  process(content: string, filePath: string, frontmatter: Record<string, unknown>): Promise<unknown>;
}

let renderer: Promise<MdxRenderer> | undefined;
function mdxRenderer(): Promise<MdxRenderer> {
  renderer ??= satteri().createMdxRenderer!(
    { syntaxHighlight: false, gfm: true, smartypants: true },
    { optimize: false, sourcemap: false },
  ) as Promise<MdxRenderer>;
  return renderer;
}

/** Sources known to compile (by hash of Lectern's code and the dependencies, and the source): `lectern dev` asks again. */
const compiled = new Set<string>();
const keyOf = (code: string) => sha256(lecternFingerprint(), code);

/** The compile error of one prepared MDX file, as a diagnostic of `file` (repo-relative), or undefined when it compiles. */
export async function compileError(code: string, abs: string, file: string): Promise<Diagnostic | undefined> {
  const key = keyOf(code);
  if (compiled.has(key)) return undefined;
  let content: string;
  let frontmatter: Record<string, unknown>;
  try {
    ({ content, frontmatter } = parseFrontmatter(code, { frontmatter: 'empty-with-spaces' }) as {
      content: string;
      frontmatter: Record<string, unknown>;
    });
  } catch {
    // Broken frontmatter is reported by the plan (page/frontmatter); the body is still worth compiling.
    content = code.replace(/^---\r?\n[\s\S]*?\r?\n---/, (fm) => fm.replace(/[^\r\n]/g, ' '));
    frontmatter = {};
  }
  try {
    await (await mdxRenderer()).process(content, abs, frontmatter);
    compiled.add(key);
    return undefined;
  } catch (error) {
    return compileDiagnostic(error, file);
  }
}

/** An error of the build's MDX compiler (`12:3: Expected a closing tag for <Card> (mdx-jsx:…)`) as a diagnostic. */
export function compileDiagnostic(error: unknown, file: string): Diagnostic {
  const e = error as { message?: string; line?: number; column?: number; loc?: { line?: number; column?: number } };
  const message = e.message ?? String(error);
  const at = /^(\d+):(\d+):\s*/.exec(message);
  const line = e.loc?.line ?? e.line ?? (at ? Number(at[1]) : undefined);
  const column = e.loc?.column ?? e.column ?? (at ? Number(at[2]) : undefined);
  const reason = (at ? message.slice(at[0].length) : message).split('\n')[0]!.replace(/\s*\((?:mdx-jsx|mdxjs-rs|micromark)[^)]*\)\s*$/, '');
  return {
    severity: 'error',
    code: 'mdx/compile',
    file,
    ...(line ? { line } : {}),
    ...(column ? { column } : {}),
    message: `the build's MDX compiler refuses this file: ${reason}`,
    hint: 'MDX is Markdown with JSX: close every tag (<br />, not <br>), use {/* comments */}, not <!-- -->, and escape a literal "<" or "{" as "\\<" or "\\{". The page is left out of the build.',
  };
}

/**
 * Compile every prepared file that the analysis found no error in (those are reported and left out already), a few
 * at a time. `prepared`: absolute path -> the source the build compiles. The sources that compiled are remembered in
 * the build cache (`compiled.json`: a warm build compiles only what changed); `save: false` (`lectern check`) only
 * reads it.
 */
export async function compileDiagnostics(
  prepared: Map<string, string>,
  root: string,
  known: Diagnostic[],
  save = true,
): Promise<Diagnostic[]> {
  const store = cacheEnabled() ? path.join(cacheRoot(root), 'compiled.json') : undefined;
  const before = new Set(store ? (readJson<string[]>(store) ?? []) : []);
  for (const key of before) compiled.add(key);
  const rel = (abs: string) => path.relative(root, abs).split(path.sep).join('/');
  const failed = new Set(known.filter((d) => d.severity === 'error').map((d) => d.file));
  const files = [...prepared.keys()].filter((abs) => !failed.has(rel(abs)));
  const limit = pLimit(4);
  const out = (await Promise.all(files.map((abs) => limit(() => compileError(prepared.get(abs)!, abs, rel(abs)))))).filter(
    (d) => d !== undefined,
  );
  if (store && save) {
    const now = [...new Set([...prepared.values()].map(keyOf))].filter((key) => compiled.has(key));
    if (now.length !== before.size || now.some((key) => !before.has(key))) writeAtomic(store, JSON.stringify(now));
  }
  return out;
}
