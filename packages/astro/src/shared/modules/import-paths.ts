/**
 * Where a page's imports point in the repo: the `import` statements of a module's text, and the files an import may
 * resolve to, in the order tried (shared by preparation, the MDX analysis cache and the page keys).
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/** `import … from 'x'` and `import 'x'` at the start of a line: group 1 or 2 is the specifier. */
export const IMPORT_STATEMENT = /^\s*import\s[^'"]*?['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;

/**
 * The same in an MDX file, where an `import` is ESM only at the very start of a line: MDX reads an indented one as
 * text (the Python `import x` of a code block nested in `<Steps>`, whose next quoted string is no specifier).
 */
export const MDX_IMPORT_STATEMENT = /^\uFEFF?import\s[^'"]*?['"]([^'"]+)['"]|^\uFEFF?import\s*['"]([^'"]+)['"]/gm;

/**
 * The files `imp` (imported by `from`) may be, in the order tried: the path as written (root-absolute or relative),
 * with `.mdx`, and for `/snippets/…` the legacy `_snippets/` folder (Mintlify's older layout).
 */
export function importCandidates(root: string, from: string, imp: string): string[] {
  const direct = imp.startsWith('/') ? path.join(root, imp) : path.resolve(path.dirname(from), imp);
  const legacy = /^\/snippets\//.test(imp) ? path.join(root, '_snippets', imp.slice('/snippets/'.length)) : undefined;
  return [direct, `${direct}.mdx`, ...(legacy ? [legacy, `${legacy}.mdx`] : [])];
}

/** The file an import of the repo resolves to: the first candidate that is a file, else the path as written. */
export function locateImport(root: string, from: string, imp: string): string {
  const candidates = importCandidates(root, from, imp);
  for (const candidate of candidates) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return candidates[0]!;
}
