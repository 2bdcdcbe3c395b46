/**
 * The 18 code-sample languages of `api.examples.languages`, their display names and aliases.
 * One table; everything that accepts a language name goes through `normalizeLanguage`.
 */

export interface LanguageInfo {
  /** Canonical key written in docs.json. */
  key: LanguageKey;
  /** Tab label. */
  name: string;
  aliases: readonly string[];
  /** Shiki / fenced-code language id used to highlight a sample. */
  highlight: string;
}

export type LanguageKey =
  | 'bash' | 'python' | 'javascript' | 'node' | 'php' | 'go' | 'java' | 'ruby' | 'powershell'
  | 'swift' | 'csharp' | 'dotnet' | 'typescript' | 'c' | 'c++' | 'kotlin' | 'rust' | 'dart';

export const LANGUAGES: readonly LanguageInfo[] = [
  { key: 'bash', name: 'cURL', aliases: ['curl', 'sh', 'shell'], highlight: 'bash' },
  { key: 'python', name: 'Python', aliases: ['py'], highlight: 'python' },
  { key: 'javascript', name: 'JavaScript', aliases: ['js'], highlight: 'javascript' },
  { key: 'node', name: 'Node.js', aliases: ['nodejs', 'node.js'], highlight: 'javascript' },
  { key: 'php', name: 'PHP', aliases: [], highlight: 'php' },
  { key: 'go', name: 'Go', aliases: ['golang'], highlight: 'go' },
  { key: 'java', name: 'Java', aliases: [], highlight: 'java' },
  { key: 'ruby', name: 'Ruby', aliases: ['rb'], highlight: 'ruby' },
  { key: 'powershell', name: 'PowerShell', aliases: [], highlight: 'powershell' },
  { key: 'swift', name: 'Swift', aliases: [], highlight: 'swift' },
  { key: 'csharp', name: 'C#', aliases: ['c#'], highlight: 'csharp' },
  { key: 'dotnet', name: '.NET', aliases: ['.net', '.NET', 'dot-net'], highlight: 'csharp' },
  { key: 'typescript', name: 'TypeScript', aliases: ['ts'], highlight: 'typescript' },
  { key: 'c', name: 'C', aliases: [], highlight: 'c' },
  { key: 'c++', name: 'C++', aliases: ['cpp'], highlight: 'cpp' },
  { key: 'kotlin', name: 'Kotlin', aliases: ['kt'], highlight: 'kotlin' },
  { key: 'rust', name: 'Rust', aliases: ['rs'], highlight: 'rust' },
  { key: 'dart', name: 'Dart', aliases: ['flutter'], highlight: 'dart' },
];

/** Used when `api.examples.languages` is not set. */
export const DEFAULT_LANGUAGES: readonly LanguageKey[] = ['bash', 'python', 'javascript', 'php', 'go', 'java', 'ruby'];

const byName = new Map<string, LanguageInfo>();
for (const info of LANGUAGES) {
  byName.set(info.key, info);
  for (const alias of info.aliases) byName.set(alias.toLowerCase(), info);
}

/** Canonical key for a key or alias (case-insensitive), or `undefined` when unknown. */
export function normalizeLanguage(name: string): LanguageKey | undefined {
  return byName.get(name.trim().toLowerCase())?.key;
}

export function languageInfo(key: LanguageKey): LanguageInfo {
  const info = byName.get(key);
  if (!info) throw new Error(`unknown language key ${key}`);
  return info;
}

/** Every accepted spelling, for error messages: `bash (curl, sh, shell), python (py), …`. */
export function describeLanguages(): string {
  return LANGUAGES.map((l) => (l.aliases.length ? `${l.key} (${l.aliases.join(', ')})` : l.key)).join(', ');
}

/**
 * Normalise a configured language list: canonical keys, given order, repeats dropped.
 * Unknown names are returned separately so the caller can report them.
 */
export function normalizeLanguageList(names: readonly string[]): { keys: LanguageKey[]; unknown: Array<{ index: number; name: string }> } {
  const keys: LanguageKey[] = [];
  const unknown: Array<{ index: number; name: string }> = [];
  names.forEach((name, index) => {
    const key = normalizeLanguage(name);
    if (!key) unknown.push({ index, name });
    else if (!keys.includes(key)) keys.push(key);
  });
  return { keys, unknown };
}
