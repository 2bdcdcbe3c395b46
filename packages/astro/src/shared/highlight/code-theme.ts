/**
 * docs.json `styling.codeblocks` read into the code theme the highlighter uses (highlight.ts): the Shiki theme of each
 * mode and the repo's own TextMate grammars, with each problem at its JSON pointer. Mintlify's forms: `"system"` (the
 * default: GitHub's light and dark themes), `"dark"` (dark code blocks in both modes), a Shiki theme name, or
 * `{ theme: "<name>" | { light, dark }, languages: { custom: ["/path/grammar.json"] } }`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '@lectern/core';

/** A repo grammar as Shiki registers it (`name` lower-cased: fences name languages in any case). */
export interface CustomGrammar {
  /** Repo-relative path of the JSON file. */
  file: string;
  grammar: { name: string; scopeName: string; patterns: unknown[]; aliases?: string[]; [key: string]: unknown };
}

export interface CodeTheme {
  light: string;
  dark: string;
  grammars: CustomGrammar[];
}

export interface CodeThemeProblem {
  /** docs.json pointer, or '' when the problem is in `file`. */
  pointer: string;
  /** Repo-relative file at fault when it is not docs.json (a grammar). */
  file?: string;
  message: string;
  hint?: string;
}

export const DEFAULT_LIGHT = 'github-light';
export const DEFAULT_DARK = 'github-dark';

/** Whether `theme` highlights as Lectern does with no setting (the two GitHub themes, no custom grammar). */
export function isDefaultCodeTheme(theme: CodeTheme | undefined): boolean {
  return !theme || (theme.light === DEFAULT_LIGHT && theme.dark === DEFAULT_DARK && theme.grammars.length === 0);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `setting` (docs.json `styling.codeblocks`) -> the code theme, or undefined for the default. `themeNames`: Shiki's
 * bundled themes; a name outside them is reported and its mode keeps the default theme. `root`: the repo, which grammar
 * paths are relative to (a leading `/` means the repo root, as in Mintlify).
 */
export function readCodeTheme(
  setting: unknown,
  root: string,
  themeNames: readonly string[],
): { theme?: CodeTheme; problems: CodeThemeProblem[] } {
  const problems: CodeThemeProblem[] = [];
  const names = new Set(themeNames);
  const known = (name: unknown, pointer: string): name is string => {
    if (typeof name === 'string' && names.has(name)) return true;
    problems.push({
      pointer,
      message: `unknown code block theme ${JSON.stringify(name)}: it must be one of Shiki's bundled themes (code keeps the GitHub themes)`,
      hint: `Shiki's themes: ${[...names].sort().join(', ')} (or "system" / "dark")`,
    });
    return false;
  };
  let light = DEFAULT_LIGHT;
  let dark = DEFAULT_DARK;
  /** `"system"`, `"dark"` or a theme name for both modes, at `pointer`. */
  const single = (value: unknown, pointer: string) => {
    if (value === 'system') return;
    if (value === 'dark') light = dark = DEFAULT_DARK;
    else if (known(value, pointer)) light = dark = value;
  };
  let grammars: CustomGrammar[] = [];
  if (setting === undefined) return { problems };
  if (typeof setting === 'string') single(setting, '/styling/codeblocks');
  else if (isObject(setting)) {
    const theme = setting.theme;
    if (isObject(theme)) {
      if (known(theme.light, '/styling/codeblocks/theme/light')) light = theme.light;
      if (known(theme.dark, '/styling/codeblocks/theme/dark')) dark = theme.dark;
    } else if (theme !== undefined) single(theme, '/styling/codeblocks/theme');
    grammars = readGrammars(setting.languages, root, problems);
  } else {
    problems.push({
      pointer: '/styling/codeblocks',
      message: 'styling.codeblocks must be "system", "dark", a Shiki theme name, or an object with "theme" and "languages"',
    });
  }
  const out = { light, dark, grammars };
  return { theme: isDefaultCodeTheme(out) ? undefined : out, problems };
}

/** `languages.custom`: each path read as a TextMate grammar; a missing or malformed file is reported and left out. */
function readGrammars(languages: unknown, root: string, problems: CodeThemeProblem[]): CustomGrammar[] {
  if (languages === undefined) return [];
  const custom = isObject(languages) ? languages.custom : undefined;
  if (!Array.isArray(custom)) {
    problems.push({
      pointer: '/styling/codeblocks/languages',
      message: 'styling.codeblocks.languages must be an object with "custom": a list of paths to TextMate grammar JSON files',
    });
    return [];
  }
  const out: CustomGrammar[] = [];
  custom.forEach((entry, i) => {
    const pointer = `/styling/codeblocks/languages/custom/${i}`;
    if (typeof entry !== 'string' || !entry.trim()) {
      problems.push({
        pointer,
        message: 'a custom language must be the path of a TextMate grammar JSON file, e.g. "/languages/my-language.json"',
      });
      return;
    }
    const abs = path.resolve(root, entry.replace(/^\/+/, ''));
    const rel = path.relative(root, abs).split(path.sep).join('/');
    if (rel.startsWith('..') || path.isAbsolute(rel)) {
      problems.push({ pointer, message: `custom language "${entry}" is outside the repo` });
      return;
    }
    let text: string;
    try {
      text = readFileSync(abs, 'utf8');
    } catch {
      problems.push({ pointer, message: `custom language file "${rel}" does not exist (paths are relative to the repo root)` });
      return;
    }
    let grammar: unknown;
    try {
      grammar = JSON.parse(text);
    } catch (err) {
      problems.push({ pointer: '', file: rel, message: `custom language file is not valid JSON: ${(err as Error).message}` });
      return;
    }
    const problem = grammarProblem(grammar);
    if (problem) {
      problems.push({
        pointer: '',
        file: rel,
        message: `not a TextMate grammar: ${problem}`,
        hint: 'see https://macromates.com/manual/en/language_grammars',
      });
      return;
    }
    const g = grammar as CustomGrammar['grammar'];
    const aliases = Array.isArray(g.aliases) ? g.aliases.filter((a): a is string => typeof a === 'string').map((a) => a.toLowerCase()) : [];
    out.push({ file: rel, grammar: { ...g, name: g.name.toLowerCase(), ...(aliases.length ? { aliases } : {}) } });
  });
  return out;
}

function grammarProblem(g: unknown): string | undefined {
  if (!isObject(g)) return 'the file must hold a JSON object';
  if (typeof g.name !== 'string' || !g.name.trim()) return '"name" (the language name code fences use) is missing';
  if (typeof g.scopeName !== 'string' || !g.scopeName.trim()) return '"scopeName" (e.g. "source.my-language") is missing';
  if (!Array.isArray(g.patterns)) return '"patterns" (a list of rules) is missing';
  return undefined;
}

/**
 * The problems as warnings (`config/invalid`; the code keeps the default for what is wrong). `locate`: docs.json's
 * pointer -> its file and line (core's config locator), else `docs.json` and the pointer.
 */
export function codeThemeDiagnostics(
  problems: readonly CodeThemeProblem[],
  locate: (pointer: string) => { file: string; pointer?: string; line?: number; column?: number } = (pointer) => ({
    file: 'docs.json',
    pointer,
  }),
): Diagnostic[] {
  return problems.map((p): Diagnostic => {
    const at = p.file ? { file: p.file } : locate(p.pointer);
    return {
      severity: 'warning',
      code: 'config/invalid',
      file: at.file,
      ...(at.pointer ? { pointer: at.pointer } : {}),
      ...(at.line !== undefined ? { line: at.line } : {}),
      ...(at.column !== undefined ? { column: at.column } : {}),
      message: p.message,
      ...(p.hint ? { hint: p.hint } : {}),
    };
  });
}

/** What highlighting depends on besides the code: caches of highlighted HTML are keyed on it ('' for the default). */
export function codeThemeKey(theme: CodeTheme | undefined): string {
  if (!theme || isDefaultCodeTheme(theme)) return '';
  let key = themeKeys.get(theme);
  if (key === undefined) themeKeys.set(theme, (key = JSON.stringify(theme)));
  return key;
}
const themeKeys = new WeakMap<CodeTheme, string>();

/** Astro's `markdown.shikiConfig` (Markdown Astro renders itself) for the theme: the same themes and grammars. */
export function markdownShikiConfig(theme: CodeTheme | undefined) {
  return {
    themes: { light: theme?.light ?? DEFAULT_LIGHT, dark: theme?.dark ?? DEFAULT_DARK },
    defaultColor: false as const,
    ...(theme?.grammars.length ? { langs: theme.grammars.map((g) => g.grammar as never) } : {}),
  };
}

// The theme in force, for every copy of highlight.ts in the process (bundled into pages, loaded natively).
const CODE_THEME = Symbol.for('lectern.code-theme');
export function setCodeTheme(theme: CodeTheme | undefined): void {
  (globalThis as Record<symbol, unknown>)[CODE_THEME] = isDefaultCodeTheme(theme) ? undefined : theme;
}
export function currentCodeTheme(): CodeTheme | undefined {
  return (globalThis as Record<symbol, CodeTheme | undefined>)[CODE_THEME];
}
