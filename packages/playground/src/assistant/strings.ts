/**
 * The "Ask AI" panel's words in the page's language. The page hands its language's strings (the header button's
 * `data-assistant-ui`, from packages/astro/src/shared/render/ui-strings.ts, where translators edit them; English pages
 * hand none); a string the page does not give reads in English (strings-en.ts, their one copy). `{name}` in a string
 * is replaced by `format`.
 */
import { PANEL_STRINGS_EN, type PanelKey } from './strings-en.ts';

export { PANEL_STRINGS_EN, type PanelKey } from './strings-en.ts';

export type PanelStrings = Readonly<Record<PanelKey, string>>;

/** `template` with each `{name}` replaced by `values[name]`. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The page's strings over the English ones (only non-empty string values the page gives, only the panel's keys). */
export function panelStrings(given: Record<string, unknown> | undefined): PanelStrings {
  const strings: Record<PanelKey, string> = { ...PANEL_STRINGS_EN };
  for (const key of Object.keys(PANEL_STRINGS_EN) as PanelKey[]) {
    const value = given?.[key];
    if (typeof value === 'string' && value) strings[key] = value;
  }
  return strings;
}
