/**
 * Shiki as the rendered pages reach it: through a host the integration registers (shiki-load.ts, loaded natively).
 * Importing `shiki` here would bundle its ~260 grammars and 65 themes (10 MB) into every build's page bundle, which
 * costs hundreds of MB of memory whatever the site highlights.
 */
import type { createHighlighter, bundledLanguages, bundledLanguagesInfo, bundledThemes, RegexEngine } from 'shiki';

export interface ShikiHost {
  createHighlighter: typeof createHighlighter;
  bundledLanguages: typeof bundledLanguages;
  bundledLanguagesInfo: typeof bundledLanguagesInfo;
  bundledThemes: typeof bundledThemes;
  engine(kind: 'js' | 'oniguruma'): Promise<RegexEngine>;
}

export const SHIKI_HOST = Symbol.for('lectern.shiki');

export function shikiHost(): ShikiHost {
  const host = (globalThis as unknown as Record<symbol, ShikiHost | undefined>)[SHIKI_HOST];
  if (!host)
    throw new Error(
      'Lectern: Shiki is not loaded; the lectern() integration loads it (call loadShiki() from components/shiki-load.ts in scripts)',
    );
  return host;
}
