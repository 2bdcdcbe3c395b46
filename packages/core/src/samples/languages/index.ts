/**
 * The registry of code-sample languages (`api.examples.languages`): every language, in tab order, and the lookups
 * by key and alias. Each language is one module of this folder, default-exporting one `SampleLanguage`
 * (../language.ts): its key, tab label, aliases, highlight grammar, comment prefix, the httpsnippet client that
 * writes it (or Lectern's own client) and the fixes of that client's output. No other source module names a
 * language: the sample pipeline (../generate.ts), docs.json loading (config/load.ts) and `x-codeSamples` read this list.
 *
 * Adding a sample language:
 * 1. Write `<key>.ts` in this folder (a key that is no file name spells it out: `c++` is `cpp.ts`):
 *    `export default defineLanguage({ key, name, aliases, highlight, comment, client: { target, client, library } })`.
 *    `client` names an httpsnippet target/client; when httpsnippet has none that fits, write one in the module and
 *    pass it as `ownClient` (with `newTarget` when the target is new too). Add `prepare`, `multipart`, `binary` or
 *    `fix` only for what the client gets wrong (bash.ts has an own client, php.ts every kind of fix).
 * 2. Import it here and put it in `SAMPLE_LANGUAGES` at its place in the tab order (`byDefault: true` adds it
 *    to the languages shown when docs.json names none).
 * 3. Give fixtures/samples/syntax.ts its tree-sitter grammar (the syntax sweep of every generated sample), and
 *    docs/api-pages/code-samples.mdx its row.
 * packages/core/test/sample-languages.test.ts fails while a module of this folder is not registered.
 */
import type { SampleLanguage } from '../language.ts';
import bash from './bash.ts';
import python from './python.ts';
import javascript from './javascript.ts';
import node from './node.ts';
import php from './php.ts';
import go from './go.ts';
import java from './java.ts';
import ruby from './ruby.ts';
import powershell from './powershell.ts';
import swift from './swift.ts';
import csharp from './csharp.ts';
import dotnet from './dotnet.ts';
import typescript from './typescript.ts';
import c from './c.ts';
import cpp from './cpp.ts';
import kotlin from './kotlin.ts';
import rust from './rust.ts';
import dart from './dart.ts';

/** Every sample language, in tab order. */
export const SAMPLE_LANGUAGES = [
  bash,
  python,
  javascript,
  node,
  php,
  go,
  java,
  ruby,
  powershell,
  swift,
  csharp,
  dotnet,
  typescript,
  c,
  cpp,
  kotlin,
  rust,
  dart,
] as const;

/** Canonical key of a sample language, as written in docs.json. */
export type LanguageKey = (typeof SAMPLE_LANGUAGES)[number]['key'];

/** What the rest of Lectern knows of a language (plain data, no client). */
export interface LanguageInfo {
  /** Canonical key written in docs.json. */
  key: LanguageKey;
  /** Tab label. */
  name: string;
  aliases: readonly string[];
  /** Shiki / fenced-code language id used to highlight a sample. */
  highlight: string;
}

export const LANGUAGES: readonly LanguageInfo[] = SAMPLE_LANGUAGES.map(({ key, name, aliases, highlight }) => ({
  key,
  name,
  aliases,
  highlight,
}));

/** Used when `api.examples.languages` is not set. */
export const DEFAULT_LANGUAGES: readonly LanguageKey[] = SAMPLE_LANGUAGES.filter((l) => l.byDefault).map((l) => l.key);

const byName = new Map<string, number>();
SAMPLE_LANGUAGES.forEach((language, i) => {
  byName.set(language.key, i);
  for (const alias of language.aliases) byName.set(alias.toLowerCase(), i);
});

/** Canonical key for a key or alias (case-insensitive), or `undefined` when unknown. */
export function normalizeLanguage(name: string): LanguageKey | undefined {
  const i = byName.get(name.trim().toLowerCase());
  return i === undefined ? undefined : SAMPLE_LANGUAGES[i]!.key;
}

function indexOf(key: LanguageKey): number {
  const i = byName.get(key);
  if (i === undefined) throw new Error(`unknown language key ${key}`);
  return i;
}

export function languageInfo(key: LanguageKey): LanguageInfo {
  return LANGUAGES[indexOf(key)]!;
}

/** The whole language module of `key`: client and fixes (for the sample pipeline). */
export function sampleLanguage(key: LanguageKey): SampleLanguage<LanguageKey> {
  return SAMPLE_LANGUAGES[indexOf(key)]!;
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
