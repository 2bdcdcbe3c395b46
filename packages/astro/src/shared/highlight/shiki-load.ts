/** Registers Shiki for the rendered pages (see shiki-host.ts). Imported natively, never by a page. */
import { createHighlighter, bundledLanguages, bundledLanguagesInfo, bundledThemes } from 'shiki';
import { SHIKI_HOST, type ShikiHost } from './shiki-host.ts';

export function loadShiki(): void {
  const g = globalThis as unknown as Record<symbol, ShikiHost | undefined>;
  g[SHIKI_HOST] ??= {
    createHighlighter,
    bundledLanguages,
    bundledLanguagesInfo,
    bundledThemes,
    engine: async (kind) =>
      kind === 'js'
        ? (await import('shiki/engine/javascript')).createJavaScriptRegexEngine()
        : (await import('shiki/engine/oniguruma')).createOnigurumaEngine(import('shiki/wasm')),
  };
}
