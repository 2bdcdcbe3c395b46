/** ui-strings.ts: a page language finds its row of the table (aliases, regional variants), else English. */
import { describe, expect, it } from 'vitest';
import { ASSISTANT_KEYS, assistantUiJson, UI_STRINGS, uiLanguage, uiStrings } from '../src/shared/render/ui-strings.ts';
import { PANEL_STRINGS_EN, type PanelKey } from '../../playground/src/assistant/strings.ts';

/** `true` only when every string the Ask AI panel reads is one the table has and a page can hand it (checked by tsc). */
const everyPanelKeyHanded: [Exclude<PanelKey, (typeof ASSISTANT_KEYS)[number]>] extends [never] ? true : false = true;

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
      for (const [key, english] of Object.entries(UI_STRINGS.en!))
        for (const name of english.match(/\{\w+\}/g) ?? []) expect(strings[key as keyof typeof strings], `${lang} ${key}`).toContain(name);
    }
  });

  it('every language has the Ask AI panel strings, with their {placeholders}', () => {
    for (const [lang, strings] of Object.entries(UI_STRINGS)) {
      for (const key of [...ASSISTANT_KEYS, 'aiLoading', 'aiNeedsJs'] as const) {
        const value = strings[key];
        expect(typeof value === 'string' && value.trim().length > 0, `${lang} ${key}`).toBe(true);
        for (const name of UI_STRINGS.en![key]!.match(/\{\w+\}/g) ?? []) expect(value, `${lang} ${key}`).toContain(name);
      }
    }
  });

  it("takes the panel's English from the panel's module, and hands the panel only the strings that differ from it", () => {
    expect(everyPanelKeyHanded).toBe(true);
    const en = uiStrings('en');
    for (const [key, value] of Object.entries(PANEL_STRINGS_EN)) expect(en[key as PanelKey], key).toBe(value);
    expect(assistantUiJson(en)).toBeUndefined();
    const fr = JSON.parse(assistantUiJson(uiStrings('fr'))!) as Record<string, string>;
    const frRow = uiStrings('fr');
    expect(Object.keys(fr).sort()).toEqual(ASSISTANT_KEYS.filter((k) => frRow[k] !== en[k]).sort());
    expect(fr.aiPlaceholder).toBe('Posez une question…');
    expect(fr.send).toBe('Envoyer');
    expect(fr.aiAskAbout).toBe(frRow.aiAskAbout);
    expect(fr).not.toHaveProperty('onThisPage');
  });
});
