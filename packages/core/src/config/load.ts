/**
 * Load docs.json (or legacy mint.json) from a docs repo: parse with positions, resolve `$ref`s, validate
 * with zod, validate navigation, apply defaults, normalise languages. Every problem becomes a Diagnostic
 * naming the file, JSON pointer and line; nothing is thrown at the user.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { Diagnostic } from '../model.ts';
import { describeLanguages, DEFAULT_LANGUAGES, normalizeLanguageList, type LanguageKey } from '../languages.ts';
import { decodePointer, locatePointer, parseJsonSource, type JsonSource } from './json-source.ts';
import { readNavigation, type NavigationConfig } from './navigation.ts';
import { originOf, resolveRefs, type ResolvedJson } from './refs.ts';
import { docsConfigSchema, KNOWN_TOP_LEVEL_KEYS, type RawDocsConfig } from './schema.ts';
import { upgradeMintConfig } from './upgrade.ts';
import { unsupportedSettings } from './unsupported.ts';

export type ApiConfig = RawDocsConfig['api'] & {
  examples: RawDocsConfig['api']['examples'] & {
    /** Canonical keys in display order (aliases normalised, repeats dropped). */
    languages: LanguageKey[];
    /** True when docs.json set `api.examples.languages`. */
    languagesConfigured: boolean;
  };
};

export interface DocsConfig extends Omit<RawDocsConfig, 'navigation' | 'api'> {
  navigation: NavigationConfig;
  api: ApiConfig;
}

/** Maps a JSON pointer of the resolved (merged) config back to its file and line. */
export interface ConfigLocator {
  /** `docs.json` or `mint.json`. */
  file: string;
  locate(pointer: string): { file: string; pointer: string; line?: number; column?: number };
}

export interface LoadedConfig {
  config?: DocsConfig;
  locator?: ConfigLocator;
  diagnostics: Diagnostic[];
}

function makeLocator(file: string, resolved: ResolvedJson): ConfigLocator {
  return {
    file,
    locate(pointer) {
      const at = originOf(resolved, decodePointer(pointer));
      const source: JsonSource | undefined = resolved.sources.get(at.file);
      const position = source ? locatePointer(source, at.pointer) : undefined;
      return { file: at.file, pointer: at.pointer || '/', ...(position ?? {}) };
    },
  };
}

function zodMessage(issue: z.core.$ZodIssue): { message: string; hint?: string } {
  switch (issue.code) {
    case 'invalid_value':
      return {
        message: `invalid value`,
        hint: `allowed: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'invalid_type':
      return { message: issue.message.startsWith('Invalid input: expected') ? `expected ${issue.expected}` : issue.message };
    case 'unrecognized_keys':
      return { message: `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}` };
    case 'invalid_union':
      return { message: 'value does not match any allowed form' };
    default:
      return { message: issue.message };
  }
}

export function findConfigFile(root: string): string | undefined {
  if (existsSync(path.join(root, 'docs.json'))) return 'docs.json';
  if (existsSync(path.join(root, 'mint.json'))) return 'mint.json';
  return undefined;
}

export function loadConfig(root: string): LoadedConfig {
  const diagnostics: Diagnostic[] = [];
  const file = findConfigFile(root);
  if (!file) {
    diagnostics.push({
      severity: 'error',
      code: 'config/missing',
      file: 'docs.json',
      message: `no docs.json (or legacy mint.json) in ${root}`,
      hint: 'create docs.json with at least "theme", "name", "colors.primary" and "navigation" (run `lectern init`)',
    });
    return { diagnostics };
  }
  const text = readFileSync(path.join(root, file), 'utf8');
  const parsed = parseJsonSource(file, text);
  if (!parsed.source) {
    for (const e of parsed.errors) {
      diagnostics.push({
        severity: 'error',
        code: 'config/syntax',
        file,
        line: e.line,
        column: e.column,
        message: `invalid JSON: ${e.message}`,
      });
    }
    return { diagnostics };
  }
  let rootSource = parsed.source;
  if (file === 'mint.json') {
    const { config, dropped } = upgradeMintConfig(rootSource.value as Record<string, unknown>);
    rootSource = { file, text, value: config };
    diagnostics.push({
      severity: 'warning',
      code: 'config/legacy',
      file,
      message: 'mint.json is the legacy format; it was upgraded in memory',
      hint: 'run `lectern upgrade` or rename to docs.json with the new shape',
    });
    for (const key of dropped) {
      diagnostics.push({
        severity: 'warning',
        code: 'config/legacy-key',
        file,
        pointer: `/${key}`,
        message: `mint.json key "${key}" has no docs.json equivalent and was ignored`,
      });
    }
  }
  const resolved = resolveRefs(root, rootSource);
  const locator = makeLocator(file, resolved);
  for (const issue of resolved.issues) {
    const position = issue.line
      ? { line: issue.line, column: issue.column }
      : (() => {
          const source = resolved.sources.get(issue.file);
          return source ? locatePointer(source, issue.pointer) : undefined;
        })();
    diagnostics.push({
      severity: 'error',
      code: 'config/ref',
      file: issue.file,
      pointer: issue.pointer || '/',
      ...position,
      message: issue.message,
      hint: issue.hint,
    });
  }
  const at = (pointer: string, severity: Diagnostic['severity'], code: Diagnostic['code'], message: string, hint?: string) => {
    const where = locator.locate(pointer);
    diagnostics.push({
      severity,
      code,
      file: where.file,
      pointer: where.pointer,
      line: where.line,
      column: where.column,
      message,
      ...(hint ? { hint } : {}),
    });
  };

  const value = resolved.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    at('', 'error', 'config/invalid', `${file} must contain a JSON object`);
    return { diagnostics, locator };
  }
  for (const key of Object.keys(value)) {
    if (!KNOWN_TOP_LEVEL_KEYS.has(key)) {
      at(
        `/${key}`,
        'warning',
        'config/unknown-key',
        `unknown top-level key "${key}" (ignored)`,
        'see the docs.json reference for the allowed keys',
      );
    }
  }

  const colors = (value as { colors?: unknown }).colors;
  if (colors && typeof colors === 'object' && !Array.isArray(colors)) {
    for (const key of Object.keys(colors)) {
      if (!['primary', 'light', 'dark'].includes(key))
        at(
          `/colors/${key}`,
          'warning',
          'config/unknown-key',
          `unknown key "${key}" in "colors" (ignored)`,
          'colors has "primary", "light" and "dark"; page backgrounds are "background.color"',
        );
    }
  }
  const fonts = (value as { fonts?: { family?: unknown; heading?: unknown; body?: unknown } }).fonts;
  if (fonts && typeof fonts === 'object' && fonts.family === undefined && fonts.heading === undefined && fonts.body === undefined) {
    at('/fonts', 'warning', 'config/fonts', '"fonts" names no font: it needs "family", or "heading"/"body" objects with a "family"');
  }
  for (const u of unsupportedSettings(value as Record<string, unknown>))
    at(u.pointer, 'warning', 'config/not-supported', u.message, u.hint);
  const result = docsConfigSchema.safeParse(value, { reportInput: true });
  const languages = (value as { api?: { examples?: { languages?: unknown } } }).api?.examples?.languages;
  if (Array.isArray(languages)) {
    const names = languages.map((l) => (typeof l === 'string' ? l : ''));
    for (const u of normalizeLanguageList(names).unknown) {
      at(
        `/api/examples/languages/${u.index}`,
        'error',
        'config/language',
        `unknown language ${JSON.stringify(languages[u.index])}`,
        `allowed keys (aliases): ${describeLanguages()}`,
      );
    }
  }
  const nav = readNavigation((value as Record<string, unknown>).navigation);
  for (const issue of nav.issues) at(issue.pointer, issue.severity ?? 'error', 'config/navigation', issue.message, issue.hint);

  let parsedConfig = result.success ? result.data : undefined;
  if (!result.success) {
    const failing: Array<Array<PropertyKey>> = [];
    for (const issue of result.error.issues) {
      // Navigation has its own precise walker; skip zod's generic union noise there.
      if (issue.path[0] === 'navigation' && (value as Record<string, unknown>).navigation !== undefined) continue;
      failing.push(issue.path);
      const pointer = '/' + issue.path.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
      const { message, hint } = zodMessage(issue);
      const missing = (issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined;
      const key = String(issue.path.at(-1));
      at(
        pointer === '/' ? '' : pointer,
        'error',
        'config/invalid',
        missing ? `missing required key "${key}"` : message,
        missing
          ? hint
            ? `add "${key}"; ${hint}`
            : `add "${key}" (${String((issue as { expected?: string }).expected ?? 'value')})`
          : hint,
      );
    }
    // Keep going with the invalid values removed (defaults apply), so one run reports every problem of the repo.
    parsedConfig = repairConfig(value as Record<string, unknown>, failing);
  }
  if (!nav.navigation || !parsedConfig) return { diagnostics, locator };

  const config = completeConfig(parsedConfig, nav.navigation);
  return { config, locator, diagnostics };
}

/** The schema's output plus what loading adds: the navigation as read, the sample languages normalised. */
function completeConfig(raw: RawDocsConfig, navigation: NavigationConfig): DocsConfig {
  const configured = raw.api.examples.languages;
  const { keys } = normalizeLanguageList(configured ?? []);
  return {
    ...raw,
    navigation,
    api: {
      ...raw.api,
      examples: {
        ...raw.api.examples,
        languages: configured ? keys : [...DEFAULT_LANGUAGES],
        languagesConfigured: configured !== undefined,
      },
    },
  };
}

/**
 * The config a site is drawn with when docs.json could not be read (the build reports why and fails): every default
 * of the schema, named "Docs", with an empty navigation.
 */
export function fallbackConfig(): DocsConfig {
  const raw = docsConfigSchema.parse({ theme: 'mint', name: 'Docs', colors: { primary: '#0D9373' }, navigation: {} });
  return completeConfig(raw, { root: { kind: 'root', label: '', pointer: '/navigation', extra: {}, children: [] }, global: [] });
}

/** Drop the values at the failing paths (optional keys fall back to defaults) and parse again. */
function repairConfig(value: Record<string, unknown>, failing: Array<Array<PropertyKey>>): RawDocsConfig | undefined {
  const clone = structuredClone(value) as Record<string, unknown>;
  for (const p of failing) {
    if (!p.length) return undefined;
    let parent: unknown = clone;
    for (const segment of p.slice(0, -1)) parent = (parent as Record<PropertyKey, unknown> | undefined)?.[segment as string];
    if (parent && typeof parent === 'object') delete (parent as Record<PropertyKey, unknown>)[p.at(-1) as string];
  }
  // Navigation was validated by its own walker; required keys that were invalid get a neutral stand-in.
  clone.navigation = {};
  if (typeof clone.name !== 'string' || !clone.name.trim()) clone.name = 'Untitled';
  if (typeof clone.theme !== 'string') clone.theme = 'mint';
  const colors = (clone.colors ?? {}) as Record<string, unknown>;
  if (typeof colors.primary !== 'string' || !/^#([a-fA-F0-9]{6}|[a-fA-F0-9]{3})$/.test(colors.primary))
    clone.colors = { ...colors, primary: '#0D9373' };
  const again = docsConfigSchema.safeParse(clone);
  return again.success ? again.data : undefined;
}
