/**
 * The languages Lectern's own words are translated into, and which of them a page's language (docs.json
 * `navigation.languages[].language`) reads in: one table for the site's interface strings (packages/astro's
 * shared/render/ui-strings.ts) and the server's offline answers (packages/server's assistant/answer-strings.ts), which
 * have a row for each language here. Imports nothing, so page chunks and the server's runtime load it without the rest
 * of core: `@lectern/core/ui-languages`.
 */

/** The translated languages: BCP 47 codes as written in docs.json. Any other language reads in English. */
export const UI_LANGUAGES = ['en', 'fr', 'de', 'es', 'pt-BR', 'it', 'ru', 'ja', 'ko', 'zh', 'zh-Hant'] as const;

export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** Mintlify's other spellings of a translated language (lower case) -> its code in UI_LANGUAGES. */
export const UI_LANGUAGE_ALIASES: Readonly<Record<string, UiLanguage>> = {
  cn: 'zh',
  'zh-cn': 'zh',
  'zh-hans': 'zh',
  'zh-sg': 'zh',
  'zh-tw': 'zh-Hant',
  'zh-hk': 'zh-Hant',
  'zh-hant': 'zh-Hant',
  jp: 'ja',
  'ja-jp': 'ja',
  pt: 'pt-BR',
  'pt-br': 'pt-BR',
  'pt-pt': 'pt-BR',
};

/** The alias of `code` (lower case), own keys only (`constructor` is no language). */
const alias = (code: string): UiLanguage | undefined => (Object.hasOwn(UI_LANGUAGE_ALIASES, code) ? UI_LANGUAGE_ALIASES[code] : undefined);

/** The translated language a page's language reads in (`fr-CA` -> `fr`, `cn` -> `zh`), or undefined (English). */
export function uiLanguage(language: string | undefined): UiLanguage | undefined {
  if (!language) return undefined;
  const lower = language.toLowerCase();
  const primary = lower.split(/[-_]/)[0]!;
  return alias(lower) ?? UI_LANGUAGES.find((k) => k.toLowerCase() === lower) ?? alias(primary) ?? UI_LANGUAGES.find((k) => k === primary);
}
