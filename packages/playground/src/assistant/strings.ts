/**
 * The "Ask AI" panel's words: the panel carries none of its own. The page hands them in its language, English
 * included (the header button's `data-assistant-ui`, from packages/astro/src/shared/render/ui-strings.ts, where
 * translators edit them and the one English copy lives). `{name}` in a string is replaced by `format`.
 */

/** The strings the panel reads (each one a key of ui-strings.ts's `ASSISTANT_KEYS`; a test checks it). */
export type PanelKey =
  | 'askAi'
  | 'send'
  | 'copy'
  | 'copied'
  | 'aiNewConversation'
  | 'aiClose'
  | 'aiConversation'
  | 'aiConnecting'
  | 'aiIntro'
  | 'aiSampleQuestions'
  | 'aiPlaceholder'
  | 'aiAnswering'
  | 'aiAskLabel'
  | 'aiSendLabel'
  | 'aiStop'
  | 'aiStopLabel'
  | 'aiNeedPerson'
  | 'aiContactSupport'
  | 'aiSearching'
  | 'aiSources'
  | 'aiNotCovered'
  | 'aiStopped'
  | 'aiRetry'
  | 'aiRetryLabel'
  | 'aiCopyAnswer'
  | 'aiFailed'
  | 'aiNotHere'
  | 'aiOffline'
  | 'aiUnavailableBecause'
  | 'aiRateLimited'
  | 'aiRateLimitedSoon'
  | 'aiKeyRefused'
  | 'aiExpired'
  | 'aiTooLong'
  | 'aiDown'
  | 'aiCannotAnswer'
  | 'aiStreamError'
  | 'aiNetwork'
  | 'aiConnectionLost';

export type PanelStrings = Readonly<Record<PanelKey, string>>;

/** `template` with each `{name}` replaced by `values[name]`. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The page's strings for the panel: each string value the page gives; a string it lacks reads as its key (say
 * `aiContactSupport`), visible rather than blank, which only a page built without ui-strings.ts would show.
 */
export function panelStrings(given: Record<string, unknown> | undefined): PanelStrings {
  const read = (key: string) => {
    const value = given?.[key];
    return typeof value === 'string' && value ? value : key;
  };
  return new Proxy({} as PanelStrings, { get: (_, key) => (typeof key === 'string' ? read(key) : undefined) });
}
