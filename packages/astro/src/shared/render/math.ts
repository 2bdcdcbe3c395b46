/**
 * Build-time math: LaTeX to KaTeX HTML + MathML (no JavaScript shipped). Shared by the `<Latex>` component
 * (rendering) and the MDX analysis (diagnostics naming file and line).
 */
import katex from 'katex';

export interface MathError {
  /** KaTeX's message without its `KaTeX parse error:` prefix. */
  message: string;
  /** 0-based offset of the offending token in the LaTeX source, when KaTeX knows it. */
  position?: number;
}

export interface MathResult {
  html: string;
  error?: MathError;
}

/** What the MDX analysis hands to `<Latex data="…">`. */
export interface MathData {
  tex: string;
  display: boolean;
}

const OPTIONS = { output: 'htmlAndMathml', strict: 'ignore', trust: false, throwOnError: true } as const;

/** Render `tex`; on a parse error, KaTeX's inline error display (the source, in red, with the message as title). */
export function renderMath(tex: string, display: boolean): MathResult {
  try {
    return { html: katex.renderToString(tex, { ...OPTIONS, displayMode: display }) };
  } catch (err) {
    const e = err as { rawMessage?: string; message?: string; position?: number };
    const error: MathError = { message: e.rawMessage ?? String(e.message ?? err).replace(/^KaTeX parse error: /, '') };
    if (typeof e.position === 'number') error.position = e.position;
    const html = katex.renderToString(tex, { ...OPTIONS, displayMode: display, throwOnError: false });
    return { html, error };
  }
}

export function encodeMath(data: MathData): string {
  return encodeURIComponent(JSON.stringify(data));
}

export function decodeMath(data: string): MathData {
  const parsed = JSON.parse(decodeURIComponent(data)) as Partial<MathData>;
  return { tex: String(parsed.tex ?? ''), display: parsed.display === true };
}

/**
 * The LaTeX written as `<Latex>{`…`}</Latex>` or `<Latex>{"…"}</Latex>`: the string literal's value (the common
 * escapes undone; others kept, so `\frac` survives a template literal). Undefined when the children are not
 * one literal (then they are taken as written).
 */
export function literalChildren(inner: string): string | undefined {
  const m = /^\s*\{\s*(`([^`\\]|\\[\s\S])*`|"([^"\\]|\\[\s\S])*"|'([^'\\]|\\[\s\S])*')\s*\}\s*$/.exec(inner);
  if (!m) return undefined;
  const lit = m[1]!;
  if (lit.startsWith('`') && /(^|[^\\])\$\{/.test(lit)) return undefined;
  return lit.slice(1, -1).replace(/\\([\\`'"$n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

/** Pages that already link the KaTeX stylesheet (one `<link>` per page, before its first formula). */
const linked = new WeakSet<object>();
export function firstMathOnPage(request: object): boolean {
  if (linked.has(request)) return false;
  linked.add(request);
  return true;
}
