/**
 * MDX/Markdown page files: find them, read frontmatter with gray-matter, report malformed YAML with its line.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { Diagnostic } from './model.ts';
import { describeRefusal, refusedRepoFile } from './publishable.ts';

export interface PageFile {
  /** Repo-relative posix path, e.g. `guides/quickstart.mdx`. */
  file: string;
  /** Slug (path without extension; `index` stays `index`, `a/index` becomes `a`). */
  slug: string;
  frontmatter: Record<string, unknown>;
  body: string;
  /** 1-based line where the body starts in the file. */
  bodyLine: number;
  /** 1-based line of each top-level frontmatter key (for diagnostics about a key). */
  keyLines?: Record<string, number>;
}

const IGNORED_DIRS = new Set([
  'node_modules',
  'dist',
  'snippets',
  '_snippets',
  '.git',
  '.astro',
  '.lectern',
  '.cache',
  '.cursor',
  '.github',
  '.vscode',
]);
const IGNORED_FILES = new Set([
  'readme.md',
  'license.md',
  'changelog.md',
  'contributing.md',
  'code_of_conduct.md',
  'security.md',
  'agents.md',
  'claude.md',
]);
/** Files that are a page only when the navigation names them at the repo's root: `skill.md` is the site's agent skill. */
const IGNORED_ROOT_FILES = new Set(['skill.md']);

/**
 * Every page file of the repo (outside snippets/ and the legacy _snippets/, node_modules/, dist/ and dot-folders), sorted.
 * A repo's README, LICENSE, AGENTS.md and the like (and the root `skill.md`, published as the site's skill) are pages only
 * when the navigation names them (`named`: page paths, as written in docs.json).
 */
export function listPageFiles(
  root: string,
  ignored: (relPath: string, isDir: boolean) => boolean = () => false,
  named: ReadonlySet<string> = new Set(),
): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') && entry.isDirectory()) continue;
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (ignored(relPath, entry.isDirectory())) continue;
      if (entry.isDirectory()) {
        if (!IGNORED_DIRS.has(entry.name)) walk(path.join(dir, entry.name), relPath);
      } else if (
        /\.(mdx|md)$/i.test(entry.name) &&
        (!ignoredName(entry.name.toLowerCase(), rel) || named.has(relPath.replace(/\.(mdx|md)$/i, '')))
      ) {
        out.push(relPath);
      }
    }
  };
  walk(root, '');
  return out.sort();
}

export function slugOfFile(file: string): string {
  const slug = file.replace(/\.(mdx|md)$/i, '');
  if (slug.endsWith('/index')) return slug.slice(0, -'/index'.length);
  return slug;
}

/** The file behind a navigation page path, or undefined. */
export function findPageFile(root: string, pagePath: string): string | undefined {
  for (const candidate of [`${pagePath}.mdx`, `${pagePath}.md`, `${pagePath}/index.mdx`, `${pagePath}/index.md`]) {
    if (existsSync(path.join(root, candidate))) return candidate;
  }
  return undefined;
}

export function readPageFile(root: string, file: string): { page?: PageFile; diagnostics: Diagnostic[] } {
  // A page file that is a symlink is read only when the file it leads to may reach the site (publishable.ts).
  const refused = refusedRepoFile(root, path.join(root, file));
  if (refused && refused.target !== file) {
    return {
      diagnostics: [
        {
          severity: 'warning',
          code: 'page/refused-file',
          file,
          message: `${describeRefusal(file, refused)}: not read, the page is left out`,
          hint: 'A page that is a symlink must lead to a page file inside the repo, not under .git/, a dot-folder or a dotfile.',
        },
      ],
    };
  }
  const text = readFileSync(path.join(root, file), 'utf8');
  return parsePage(file, text);
}

/** Parse a page's text (frontmatter + body). Exported for tests and generated pages. */
export function parsePage(file: string, text: string): { page?: PageFile; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  let parsed: matter.GrayMatterFile<string>;
  try {
    // A fresh options object: gray-matter caches by content when given none.
    parsed = matter(text, { language: 'yaml' });
  } catch (error) {
    const e = error as { mark?: { line?: number; column?: number }; reason?: string; message?: string };
    diagnostics.push({
      severity: 'error',
      code: 'page/frontmatter',
      file,
      // js-yaml marks are 0-based and relative to the frontmatter block, which starts after the `---` line.
      line: e.mark?.line !== undefined ? e.mark.line + 2 : 1,
      ...(e.mark?.column !== undefined ? { column: e.mark.column + 1 } : {}),
      message: `malformed YAML frontmatter: ${e.reason ?? e.message ?? String(error)}`,
      hint: 'frontmatter is YAML between two `---` lines; quote values that contain ": "',
    });
    return { diagnostics };
  }
  const data = parsed.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    diagnostics.push({
      severity: 'error',
      code: 'page/frontmatter',
      file,
      line: 1,
      message: 'frontmatter must be a YAML mapping (key: value lines)',
    });
    return { diagnostics };
  }
  const frontmatter = { ...(data as Record<string, unknown>) };
  const consumed = text.length - parsed.content.length;
  const head = text.slice(0, consumed).split('\n');
  const bodyLine = head.length;
  const keyLines: Record<string, number> = {};
  head.forEach((line, i) => {
    const m = /^(['"]?)([^\s:'"#][^:'"]*)\1\s*:/.exec(line);
    if (m && i > 0 && !(m[2]! in keyLines)) keyLines[m[2]!] = i + 1;
  });
  return { page: { file, slug: slugOfFile(file), frontmatter, body: parsed.content, bodyLine, keyLines }, diagnostics };
}

function asString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Typed view of the frontmatter fields Lectern uses (see pageMeta). */
export type PageMeta = ReturnType<typeof pageMeta>;

/** Typed view of the frontmatter fields Lectern uses; every other key is passed through untouched. */
export function pageMeta(frontmatter: Record<string, unknown>) {
  const groups = Array.isArray(frontmatter.groups) ? frontmatter.groups.filter((g): g is string => typeof g === 'string') : undefined;
  const isPublic =
    typeof frontmatter.public === 'boolean'
      ? frontmatter.public
      : typeof frontmatter.isPublic === 'boolean'
        ? frontmatter.isPublic
        : undefined;
  return {
    title: asString(frontmatter.title),
    sidebarTitle: asString(frontmatter.sidebarTitle),
    description: asString(frontmatter.description),
    openapi: asString(frontmatter.openapi),
    openapiSchema: asString(frontmatter['openapi-schema']),
    asyncapi: asString(frontmatter.asyncapi),
    api: asString(frontmatter.api),
    playground: asString(frontmatter.playground),
    authMethod: asString(frontmatter.authMethod),
    groups,
    public: isPublic,
    hidden: frontmatter.hidden === true,
    deprecated: frontmatter.deprecated === true,
    tag: asString(frontmatter.tag),
    url: asString(frontmatter.url),
    version: asString(frontmatter.version),
  };
}

function ignoredName(lowerName: string, folder: string): boolean {
  return IGNORED_FILES.has(lowerName) || (folder === '' && IGNORED_ROOT_FILES.has(lowerName));
}
