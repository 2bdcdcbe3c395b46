/** ui-strings.ts: a page language finds its row of the table (aliases, regional variants), else English. */
import { describe, expect, it } from 'vitest';
import { UI_STRINGS, uiLanguage, uiStrings } from '../src/shared/render/ui-strings.ts';

describe('uiStrings', () => {
  it('reads Mintlify spellings and regional variants', () => {
    expect(uiLanguage('fr')).toBe('fr');
    expect(uiLanguage('fr-CA')).toBe('fr');
    expect(uiLanguage('cn')).toBe('zh');
    expect(uiLanguage('zh-Hans')).toBe('zh');
    expect(uiLanguage('zh-TW')).toBe('zh-Hant');
    expect(uiLanguage('jp')).toBe('ja');
    expect(uiLanguage('pt')).toBe('pt-BR');
    expect(uiLanguage('PT-br')).toBe('pt-BR');
    expect(uiLanguage('sv')).toBeUndefined();
  });

  it('falls back to English for untranslated languages and missing strings', () => {
    expect(uiStrings('sv').onThisPage).toBe('On this page');
    expect(uiStrings(undefined).next).toBe('Next');
    expect(uiStrings('de').onThisPage).toBe('Auf dieser Seite');
  });

  it('every translated language has every string, and every {query} placeholder', () => {
    const keys = Object.keys(UI_STRINGS.en!).sort();
    for (const [lang, strings] of Object.entries(UI_STRINGS)) {
      expect(Object.keys(strings).sort(), lang).toEqual(keys);
      expect(strings.noResults, lang).toContain('{query}');
    }
  });
});
