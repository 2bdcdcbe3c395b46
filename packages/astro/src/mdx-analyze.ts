/**
 * MDX analysis and source preparation, done with unified + remark-mdx (Astro 7's native MDX processor runs no
 * remark plugins):
 *  - unknown components -> diagnostics naming the component, file and line;
 *  - fenced code blocks -> `<CodeBlock data="…"/>` so titles, tabs and build-time Shiki are ours;
 *  - `{{variable}}` substitution from docs.json `variables`;
 *  - legacy `<Snippet file="x.mdx"/>` -> an import of `/snippets/x.mdx`;
 *  - an import of the built-in components the file uses (authors never import them).
 * Line numbers of the file are preserved (replacements are padded to the same number of lines).
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import { visit } from 'unist-util-visit';
import type { Diagnostic } from '@lectern/core';
import { COMPONENT_SET } from './components/names.ts';
import { substituteVariables } from './variables.ts';

export { substituteVariables };

export interface MdxAnalysis {
  /** The source to hand to @astrojs/mdx. */
  code: string;
  diagnostics: Diagnostic[];
  /** Absolute-from-root or relative `.mdx`/`.md` imports (for following snippets). */
  imports: string[];
}

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkMdx);

interface Pos { start: { line: number; column: number; offset?: number }; end: { line: number; column: number; offset?: number } }
interface AnyNode { type: string; name?: string | null; value?: string; lang?: string | null; meta?: string | null; position?: Pos; attributes?: Array<{ type: string; name?: string; value?: unknown }>; children?: AnyNode[] }

export function splitFrontmatter(source: string): { frontmatter: string; body: string } {
  const m = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(\r?\n|$)/.exec(source);
  if (!m) return { frontmatter: '', body: source };
  return { frontmatter: m[0], body: source.slice(m[0].length) };
}

function declaredNames(esm: string): string[] {
  const out: string[] = [];
  const imp = /import\s+([\s\S]*?)\s+from\s+['"]/g;
  for (const m of esm.matchAll(imp)) {
    const spec = m[1] ?? '';
    for (const part of spec.replace(/[{}*]/g, ',').split(',')) {
      const id = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (id && /^[A-Za-z_$][\w$]*$/.test(id)) out.push(id);
    }
  }
  for (const m of esm.matchAll(/export\s+(?:const|let|var|function|class)\s+([A-Za-z_$][\w$]*)/g)) out.push(m[1]!);
  for (const m of esm.matchAll(/(?:const|let|var|function)\s+([A-Z][\w$]*)/g)) out.push(m[1]!);
  return out;
}

function distance(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]!;
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j]!;
      dp[j] = Math.min(dp[j]! + 1, dp[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length]!;
}

/** A built-in component whose name is close to `name` (typos, wrong case). */
export function suggest(name: string): string | undefined {
  let best: string | undefined;
  let score = 3;
  for (const known of COMPONENT_SET) {
    if (known === 'CodeBlock') continue;
    const d = known.toLowerCase() === name.toLowerCase() ? 0 : distance(known, name);
    if (d < score) { score = d; best = known; }
  }
  return best;
}

export function analyzeMdx(
  source: string,
  file: string,
  opts: { componentsModule: string; variables?: Record<string, string> },
): MdxAnalysis {
  const diagnostics: Diagnostic[] = [];
  const { frontmatter, body: rawBody } = splitFrontmatter(source);
  const body = substituteVariables(rawBody, opts.variables);
  const blanked = frontmatter.replace(/[^\n]/g, ' ') + body;
  let tree: AnyNode;
  try {
    tree = parser.parse(blanked) as unknown as AnyNode;
  } catch (err) {
    type Point = { line?: number; column?: number };
    const e = err as { message?: string; reason?: string; line?: number; column?: number; place?: Point & { start?: Point } };
    const fromText = /\((\d+):(\d+)/.exec(e.message ?? '');
    const place = e.place?.start ?? e.place ?? (fromText ? { line: Number(fromText[1]), column: Number(fromText[2]) } : undefined);
    diagnostics.push({
      severity: 'error', code: 'mdx/syntax', file, line: e.line ?? place?.line, column: e.column ?? place?.column,
      message: `MDX syntax error: ${e.reason ?? e.message ?? String(err)}`,
    });
    return { code: source, diagnostics, imports: [] };
  }

  const declared = new Set<string>();
  const imports: string[] = [];
  const used = new Set<string>();
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const snippetImports: string[] = [];

  visit(tree as never, (node: AnyNode) => {
    if (node.type === 'mdxjsEsm' && typeof node.value === 'string') {
      for (const n of declaredNames(node.value)) declared.add(n);
      for (const m of node.value.matchAll(/from\s+['"]([^'"]+\.mdx?)['"]/g)) imports.push(m[1]!);
    }
  });

  visit(tree as never, (node: AnyNode) => {
    if (node.type === 'code' && node.position?.start.offset !== undefined && node.position.end.offset !== undefined) {
      const { start, end } = node.position;
      const payload = encodeURIComponent(JSON.stringify({ lang: node.lang ?? '', meta: node.meta ?? '', code: node.value ?? '' }));
      const lines = end.line - start.line;
      edits.push({ start: start.offset!, end: end.offset!, text: `<CodeBlock data="${payload}" />` + '\n'.repeat(lines) });
      used.add('CodeBlock');
      return;
    }
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name) {
      const name = node.name.split('.')[0]!;
      if (!/^[A-Z]/.test(name)) return;
      if (name === 'Snippet' && !declared.has('Snippet')) {
        const fileAttr = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'file');
        if (typeof fileAttr?.value === 'string' && node.position?.start.offset !== undefined) {
          const id = `LecternSnippet${snippetImports.length}`;
          const target = '/snippets/' + fileAttr.value.replace(/^\/?(snippets\/)?/, '');
          snippetImports.push(`import ${id} from ${JSON.stringify(target)};`);
          imports.push(target);
          const lines = node.position.end.line - node.position.start.line;
          edits.push({ start: node.position.start.offset, end: node.position.end.offset!, text: `<${id} />` + '\n'.repeat(lines) });
          return;
        }
        diagnostics.push({ severity: 'error', code: 'mdx/snippet-file', file, line: node.position?.start.line, column: node.position?.start.column, message: '<Snippet> needs a string `file` attribute, e.g. <Snippet file="intro.mdx" />.' });
        return;
      }
      if (declared.has(name)) return;
      if (COMPONENT_SET.has(name)) { used.add(name); return; }
      diagnostics.push({
        severity: 'error', code: 'mdx/unknown-component', file, line: node.position?.start.line, column: node.position?.start.column,
        message: `Unknown component <${name}>.`,
        hint: suggest(name) ? `Did you mean <${suggest(name)}>?` : `Import it in the file (import ${name} from '/snippets/${name}.jsx') or use a built-in component (see the components docs).`,
      });
    }
  });

  // Apply edits back to front on the body (offsets include the blanked frontmatter).
  let out = blanked;
  edits.sort((a, b) => b.start - a.start);
  let lastStart = Infinity;
  for (const e of edits) {
    if (e.end > lastStart) continue; // nested (code inside a replaced Snippet): outer edit already covers it
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
    lastStart = e.start;
  }
  out = frontmatter + out.slice(frontmatter.length);
  const builtins = [...used].filter((n) => !declared.has(n));
  const tail: string[] = [...snippetImports];
  if (builtins.length) tail.push(`import { ${builtins.sort().join(', ')} } from ${JSON.stringify(opts.componentsModule)};`);
  if (tail.length) out += '\n\n' + tail.join('\n') + '\n';
  return { code: out, diagnostics, imports };
}
