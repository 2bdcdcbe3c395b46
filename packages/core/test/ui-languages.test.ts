/**
 * ui-languages.ts: which translated language (the rows of astro's ui-strings.ts and the server's answer-strings.ts) a
 * docs.json `navigation.languages[].language` reads in; any other language reads English.
 */
import { describe, expect, it } from 'vitest';
import { UI_LANGUAGE_ALIASES, UI_LANGUAGES, uiLanguage } from '../src/index.ts';

/** Mintlify's `language` codes (its docs.json locale enum, and the regional spellings its docs use) -> the row they read. */
const MINTLIFY_CODES: Record<string, string | undefined> = {
  en: 'en',
  cn: 'zh',
  zh: 'zh',
  'zh-Hans': 'zh',
  'zh-CN': 'zh',
  'zh-Hant': 'zh-Hant',
  'zh-TW': 'zh-Hant',
  es: 'es',
  fr: 'fr',
  'fr-CA': 'fr',
  ja: 'ja',
  jp: 'ja',
  'ja-jp': 'ja',
  ko: 'ko',
  de: 'de',
  pt: 'pt-BR',
  'pt-BR': 'pt-BR',
  it: 'it',
  ru: 'ru',
  id: undefined,
  ar: undefined,
  tr: undefined,
  hi: undefined,
};

describe('uiLanguage', () => {
  for (const [code, row] of Object.entries(MINTLIFY_CODES)) {
    it(`reads Mintlify's ${code} as ${row ?? 'English (no row)'}`, () => {
      expect(uiLanguage(code)).toBe(row);
      expect(uiLanguage(code.toUpperCase())).toBe(row);
    });
  }

  it('reads every translated language as itself, and its regional variants and aliases as it', () => {
    for (const code of UI_LANGUAGES) {
      expect(uiLanguage(code)).toBe(code);
      if (!code.includes('-')) expect(uiLanguage(`${code}_XX`)).toBe(code);
    }
    for (const [alias, code] of Object.entries(UI_LANGUAGE_ALIASES)) {
      expect(alias).toBe(alias.toLowerCase());
      expect(UI_LANGUAGES).toContain(code);
      expect(uiLanguage(alias)).toBe(code);
    }
  });

  it('has no row for no language, or for a name that only an object has', () => {
    for (const code of [undefined, '', 'sv', 'constructor', 'toString', '__proto__']) expect(uiLanguage(code)).toBeUndefined();
  });
});
