/**
 * `lectern check` and `lectern generate`. Each returns an exit code; the `lectern` bin dispatches here.
 */
import { diagnosticCodeTable } from './diagnostic-codes.ts';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import type { Root } from 'mdast';
import type { ConfigLocator, DocsConfig } from './config/load.ts';
import { buildLinkIndex, checkConfigLinks, checkPageLinks } from './links.ts';
import { parseMdxBody } from './mdx-check.ts';
import type { Diagnostic, Page, SitePlan } from './model.ts';
import { buildSitePlan } from './plan.ts';
import { safeSpecContent } from './spec-content.ts';

export interface CliIO {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Show a progress line (stderr is a TTY). */
  progress: boolean;
}

const defaultIO = (): CliIO => ({
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  progress: !!process.stderr.isTTY && !process.env.CI,
});

export function formatDiagnostic(d: Diagnostic): string {
  const where = `${d.file}${d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : ''}`;
  const pointer = d.pointer && d.pointer !== '/' && d.pointer !== '' ? ` (at ${d.pointer})` : '';
  return `${where}${pointer}\n  ${d.severity}: ${d.message} [${d.code}]${d.hint ? `\n  hint: ${d.hint}` : ''}\n`;
}

/** What one diagnostic of a rule is, for the line that groups many of them by target. */
const TARGET_NOUNS: Record<string, string> = { 'link/broken': 'links', 'mdx/unknown-component': 'uses', 'mdx/missing-import': 'imports' };
const count = (n: number) => n.toLocaleString('en-US');
const place = (d: Diagnostic) => `${d.file}${d.line ? `:${d.line}` : ''}`;

/**
 * Warnings grouped by rule (their `code`), most frequent first, each with its count and the first `perRule` of them in
 * full: what a build prints, and `lectern check` without `--all`, instead of a wall of lines. Within a rule, many
 * diagnostics about the same `target` (one missing file linked from hundreds of pages) are one line each, the most
 * frequent first: `/images/icons.svg: 1,700 links in 320 files (first: a.mdx:3, b.mdx:9, c.mdx:1, …)`.
 */
export function summarizeDiagnostics(
  list: Diagnostic[],
  options: { perRule?: number; format?: (d: Diagnostic) => string; more?: string } = {},
): string {
  const perRule = options.perRule ?? 3;
  const format = options.format ?? formatDiagnostic;
  const byRule = new Map<string, Diagnostic[]>();
  for (const d of sortDiagnostics(list)) {
    const items = byRule.get(d.code);
    if (items) items.push(d);
    else byRule.set(d.code, [d]);
  }
  const rules = [...byRule.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  const lines: string[] = [];
  for (const [code, items] of rules) {
    lines.push(`${code}: ${count(items.length)} ${items[0]!.severity}${items.length === 1 ? '' : 's'}`);
    const byTarget = new Map<string, Diagnostic[]>();
    for (const d of items) {
      if (d.target === undefined) continue;
      const same = byTarget.get(d.target);
      if (same) same.push(d);
      else byTarget.set(d.target, [d]);
    }
    const repeated = [...byTarget.entries()]
      .filter(([, same]) => same.length > 1)
      .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
    const grouped = new Set(repeated.flatMap(([, same]) => same));
    let shown = 0;
    for (const [target, same] of repeated.slice(0, perRule)) {
      const files = new Set(same.map((d) => d.file)).size;
      // Distinct places (one line can hold hundreds of links to the same sprite).
      const places = [...new Set(same.map(place))];
      const first = places.slice(0, 3).join(', ') + (places.length > 3 ? ', …' : '');
      lines.push(
        `  ${target}: ${count(same.length)} ${TARGET_NOUNS[code] ?? `${items[0]!.severity}s`} in ${count(files)} file${files === 1 ? '' : 's'} (first: ${first})`,
      );
      shown += same.length;
    }
    for (const d of items.filter((d) => !grouped.has(d)).slice(0, perRule)) {
      lines.push(format(d).trimEnd().replace(/^/gm, '  '));
      shown++;
    }
    if (items.length > shown) lines.push(`  … and ${count(items.length - shown)} more${options.more ? ` (${options.more})` : ''}`);
  }
  return lines.length ? lines.join('\n') + '\n' : '';
}

export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) || a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0),
  );
}

export interface CheckPagesOptions {
  /** docs.json `styling.latex` (false: dollar signs are text). */
  math?: boolean;
  /** Called with each page's parsed tree (so later checks need no second parse). */
  onTree?: (page: Page, tree: Root) => void;
}

/** MDX syntax of every file-backed page (generated x-mint.content too). */
export function checkPageSyntax(plan: SitePlan, options: CheckPagesOptions = {}): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const page of plan.pages) {
    if (!page.body.trim()) continue;
    const file = page.file ?? `${page.slug} (x-mint.content)`;
    const parsed = parseMdxBody(page.file ?? 'generated.mdx', page.body, page.bodyLine ?? 1, { math: options.math !== false });
    out.push(...parsed.diagnostics.map((d) => ({ ...d, file })));
    if (parsed.tree && options.onTree) options.onTree(page, parsed.tree);
  }
  return out;
}

/** Everything `lectern check` reports beyond the plan's own diagnostics: MDX syntax and broken internal links. */
export function checkPages(plan: SitePlan, config: DocsConfig | undefined, locator?: ConfigLocator): Diagnostic[] {
  const links = buildLinkIndex(plan, config);
  const found: Diagnostic[] = [];
  const syntax = checkPageSyntax(plan, {
    math: config?.styling?.latex !== false,
    onTree: (page, tree) => found.push(...checkPageLinks(page, tree, links)),
  });
  if (config) found.push(...checkConfigLinks(config, locator, links));
  return [...syntax, ...found];
}

function progressPrinter(io: CliIO): (message: string) => void {
  if (!io.progress) return () => {};
  return (message) => io.err(`\r\x1b[2K[lectern] ${message}…`);
}

const CHECK_USAGE = `Usage: lectern check [dir] [--strict] [--all] [--format text|json|github]

Validates docs.json, every spec and every page (MDX, components, expressions), and finds broken internal
links; prints every error and a summary of the warnings by rule; exits 1 on errors.

  --strict           treat warnings (broken links, unknown components…) as errors: exit 1 on any warning (for CI)
  --all              print every warning, not the first few of each rule
  --format <format>  text (default); json: the report as JSON; github: GitHub Actions annotations, shown
                     inline on the pull request (file paths relative to $GITHUB_WORKSPACE)
  --json             the same as --format json
  --codes            list every diagnostic code with what it means
`;

/** A GitHub Actions workflow-command value: `%`, CR and LF escaped (and `:` and `,` in properties). */
export function escapeAnnotation(value: string, property = false): string {
  const data = value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  return property ? data.replace(/:/g, '%3A').replace(/,/g, '%2C') : data;
}

/** One diagnostic as a GitHub Actions annotation (`::error file=…,line=…,col=…,title=…::message`). */
export function githubAnnotation(d: Diagnostic, fileFromWorkspace: (file: string) => string): string {
  const props = [`file=${escapeAnnotation(fileFromWorkspace(d.file), true)}`];
  if (d.line) props.push(`line=${d.line}`);
  if (d.line && d.column) props.push(`col=${d.column}`);
  props.push(`title=${escapeAnnotation(`lectern ${d.code}`, true)}`);
  const where = d.pointer && d.pointer !== '/' ? ` (at ${d.pointer})` : '';
  const message = `${d.message}${where}${d.hint ? `\nhint: ${d.hint}` : ''}`;
  return `::${d.severity === 'error' ? 'error' : 'warning'} ${props.join(',')}::${escapeAnnotation(message)}\n`;
}

export interface CheckOptions {
  /**
   * Further checks of the planned site (the `lectern` package adds its MDX analysis: components, expressions,
   * imports), so that check finds what the build would refuse.
   */
  extra?: (built: Awaited<ReturnType<typeof buildSitePlan>>) => Promise<Diagnostic[]> | Diagnostic[];
}

export async function runCheckCommand(argv: string[], io: CliIO = defaultIO(), options: CheckOptions = {}): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: 'boolean' },
        strict: { type: 'boolean' },
        all: { type: 'boolean' },
        format: { type: 'string' },
        codes: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    const flag = /'(-{1,2}[^' ]+)/.exec((error as Error).message)?.[1];
    io.err(
      `lectern check: ${flag ? `unknown option ${flag} or missing value` : (error as Error).message}. Allowed: --strict, --all, --format text|json|github, --json, --codes, --help\n`,
    );
    return 2;
  }
  if (parsed.values.help) {
    io.out(CHECK_USAGE);
    return 0;
  }
  if (parsed.values.codes) {
    io.out(`Diagnostic codes (the rule in brackets after each problem):\n\n${diagnosticCodeTable()}`);
    return 0;
  }
  const format = parsed.values.json ? 'json' : (parsed.values.format ?? 'text');
  if (!['text', 'json', 'github'].includes(format)) {
    io.err(`lectern check: --format must be text, json or github, got ${JSON.stringify(format)}\n`);
    return 2;
  }
  if (parsed.positionals.length > 1) {
    io.err(`lectern check: expected at most one folder, got ${parsed.positionals.map((p) => JSON.stringify(p)).join(' ')}\n`);
    return 2;
  }
  const root = path.resolve(parsed.positionals[0] ?? '.');
  const built = await buildSitePlan(root, { onProgress: format === 'text' ? progressPrinter(io) : () => {} });
  const { plan, config, locator, diagnostics } = built;
  const pages = checkPages(plan, config, locator);
  // The MDX analysis reports syntax errors too: the page check's (same files, same lines) are kept.
  const syntaxAt = new Set(pages.filter((d) => d.code === 'page/mdx').map((d) => d.file));
  const extra = (options.extra ? await options.extra(built) : []).filter((d) => !(d.code === 'mdx/syntax' && syntaxAt.has(d.file)));
  if (io.progress && format === 'text') io.err('\r\x1b[2K');
  const found = [...diagnostics, ...pages, ...extra];
  const all = sortDiagnostics(
    parsed.values.strict ? found.map((d) => (d.severity === 'warning' ? { ...d, severity: 'error' as const } : d)) : found,
  );
  const errors = all.filter((d) => d.severity === 'error').length;
  const warnings = all.length - errors;
  const summary = `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
  if (format === 'json') {
    io.out(`${JSON.stringify({ errors, warnings, pages: plan.pages.length, diagnostics: all }, null, 2)}\n`);
  } else if (format === 'github') {
    const workspace = path.resolve(process.env.GITHUB_WORKSPACE ?? process.cwd());
    const fromWorkspace = (file: string) => path.relative(workspace, path.resolve(root, file)).split(path.sep).join('/');
    for (const d of all) io.out(githubAnnotation(d, fromWorkspace));
    io.out(`lectern check: ${summary}; ${plan.pages.length} pages\n`);
  } else if (parsed.values.all) {
    for (const d of all) io.out(formatDiagnostic(d));
    const operations = plan.pages.filter((p) => p.kind === 'operation').length;
    io.out(
      `\n${summary}; ${plan.pages.length} pages (${operations} endpoint pages) from ${Object.keys(plan.specs).length} spec${Object.keys(plan.specs).length === 1 ? '' : 's'}\n`,
    );
  } else {
    // Every error in full; warnings by rule, the first few of each.
    for (const d of all) if (d.severity === 'error') io.out(formatDiagnostic(d));
    const warned = all.filter((d) => d.severity === 'warning');
    if (warned.length) io.out(`${errors ? '\n' : ''}Warnings by rule:\n${summarizeDiagnostics(warned, { more: '--all lists them' })}`);
    const operations = plan.pages.filter((p) => p.kind === 'operation').length;
    io.out(
      `\n${summary}; ${plan.pages.length} pages (${operations} endpoint pages) from ${Object.keys(plan.specs).length} spec${Object.keys(plan.specs).length === 1 ? '' : 's'}\n`,
    );
  }
  return errors ? 1 : 0;
}

/** The MDX text of a generated page: frontmatter + body. */
export function generatedPageSource(page: Page): string {
  const frontmatter = stringify(page.frontmatter, { lineWidth: 0 }).trimEnd();
  return `---\n${frontmatter}\n---\n${page.body ? `\n${page.body.trim()}\n` : ''}`;
}

/**
 * What `lectern generate` writes for a page, which the build then compiles as the docs team's own MDX. A page from a
 * spec whose content is not trusted (remote, or local without `lectern.trustSpecContent`) is checked again as it is
 * written: its body must be what safeSpecContent leaves (the plan vetted it already; anything still unsafe is cut and
 * named), and its frontmatter has no `layout`, a module @astrojs/mdx would import.
 */
export function generatedFileSource(page: Page, trust: { local: boolean; dollarMath: boolean }): { text: string; refused: string[] } {
  const remote = 'spec' in page && /^https?:\/\//i.test(String(page.spec));
  if (trust.local && !remote) return { text: generatedPageSource(page), refused: [] };
  const { layout, ...frontmatter } = page.frontmatter;
  const { text: body, refused } = safeSpecContent(page.body ?? '', { dollarMath: trust.dollarMath });
  const messages = refused.map((r) => `x-mint.content${r.line ? ` (line ${r.line})` : ''}: ${r.message}; left out`);
  if (layout !== undefined) messages.push('x-mint.metadata.layout: a module the build would import; left out');
  return { text: generatedPageSource({ ...page, frontmatter, body } as Page), refused: messages };
}

export async function runGenerateCommand(argv: string[], io: CliIO = defaultIO()): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { out: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    const flag = /'(-{1,2}[^' ]+)/.exec((error as Error).message)?.[1];
    io.err(
      `lectern generate: ${flag ? `unknown option ${flag} or missing value` : (error as Error).message}. Allowed: --out <dir>, --force, --help\n`,
    );
    return 2;
  }
  if (parsed.values.help) {
    io.out(
      "Usage: lectern generate [dir] [--out dir]\n\nWrites every generated endpoint page as an MDX file (frontmatter + x-mint.content) so it can be edited.\nFiles are written at the page slug under --out (default: the docs root); a file at a generated page's slug with the same `openapi:` frontmatter replaces the generated page on the next build.\n",
    );
    return 0;
  }
  const root = path.resolve(parsed.positionals[0] ?? '.');
  const out = path.resolve(root, parsed.values.out ?? '.');
  const { plan, config, diagnostics } = await buildSitePlan(root, { onProgress: progressPrinter(io) });
  if (io.progress) io.err('\r\x1b[2K');
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) {
    for (const d of sortDiagnostics(errors)) io.err(formatDiagnostic(d));
    io.err(`\nnothing written: ${errors.length} error${errors.length === 1 ? '' : 's'}\n`);
    return 1;
  }
  // What was cut from spec content is not in the files either: say so, as `lectern check` does.
  for (const d of sortDiagnostics(diagnostics.filter((d) => d.code === 'spec/content-refused'))) io.err(formatDiagnostic(d));
  const trust = { local: config?.lectern?.trustSpecContent === true, dollarMath: config?.styling?.latex !== false };
  let written = 0;
  for (const page of plan.pages) {
    if (page.file || (page.kind !== 'operation' && page.kind !== 'channel')) continue;
    const target = path.join(out, `${page.slug}.mdx`);
    const { text, refused } = generatedFileSource(page, trust);
    for (const message of refused) io.err(`${path.relative(process.cwd(), target) || target}: warning: ${message}\n`);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
    written++;
  }
  io.out(`wrote ${written} page${written === 1 ? '' : 's'} to ${path.relative(process.cwd(), out) || '.'}\n`);
  return 0;
}

/** `lectern schema`: print the JSON Schema of docs.json (point `$schema` or your editor at it). */
export async function runSchemaCommand(_argv: string[], io: CliIO = defaultIO()): Promise<number> {
  const { docsJsonSchema } = await import('./config/json-schema.ts');
  io.out(`${JSON.stringify(docsJsonSchema(), null, 2)}\n`);
  return 0;
}
