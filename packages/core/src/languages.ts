/**
 * The code-sample languages of `api.examples.languages`, as `@lectern/core` exports them: a re-export of the
 * registry in samples/languages/index.ts (one module per language there).
 */
export {
  LANGUAGES,
  DEFAULT_LANGUAGES,
  normalizeLanguage,
  languageInfo,
  describeLanguages,
  normalizeLanguageList,
  type LanguageInfo,
  type LanguageKey,
} from './samples/languages/index.ts';
