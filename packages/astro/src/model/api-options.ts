/**
 * The docs.json `api` options every API page shares, resolved once per site from core's validated config (whose
 * schema applies the defaults: sample languages, `defaults`, `autogenerate`, `prefill`, playground `proxy` and
 * `credentials`). Pages read `site.api`; nothing downstream re-applies a default.
 */
import type { DocsConfig, LanguageKey } from '@lectern/core';

export interface ApiOptions {
  postKeys: string[];
  expanded: boolean;
  full: boolean;
  languages: LanguageKey[];
  defaults: 'required' | 'all';
  autogenerate: boolean;
  proxy: boolean;
  credentials: boolean;
  prefill: boolean;
}

export function resolveApiOptions(api: DocsConfig['api']): ApiOptions {
  return {
    postKeys: api.params?.post ?? [],
    expanded: api.params?.expanded === 'all',
    full: api.url === 'full',
    languages: api.examples.languages,
    defaults: api.examples.defaults,
    autogenerate: api.examples.autogenerate,
    proxy: api.playground.proxy,
    credentials: api.playground.credentials,
    prefill: api.examples.prefill,
  };
}
