/**
 * What every page would repeat, written once: a long inline `<script>` (Astro's island runtime, Lectern's
 * playground stub) becomes `<script src="/_lectern/scripts/<hash>.js">` at the same place. A classic script with a
 * `src` runs where it stands, as the inline one did, and the browser fetches it once for the whole site instead of
 * with every page (4-6 KB per endpoint page; on a 1,200-page site 6.5 MB of `dist/`).
 */
import { createHash } from 'node:crypto';

/** Inline scripts shorter than this stay inline (the theme script in the head must run before the first paint). */
const MIN_LENGTH = 600;
export const SCRIPTS_DIR = '_lectern/scripts';
const INLINE = /<script>([\s\S]*?)<\/script>/g;
const EXTERNAL = /<script src="\/_lectern\/scripts\/([0-9a-f]{16})\.js"><\/script>/g;

export function scriptName(content: string): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 16);
}

/** Move long inline scripts of a page out; returns the page and the scripts it now references (name -> content). */
export function externalizeScripts(html: string): { html: string; scripts: Map<string, string> } {
  const scripts = new Map<string, string>();
  if (!html.includes('<script>')) return { html, scripts };
  const out = html.replace(INLINE, (whole, content: string) => {
    if (content.length < MIN_LENGTH) return whole;
    const name = scriptName(content);
    scripts.set(name, content);
    return `<script src="/${SCRIPTS_DIR}/${name}.js"></script>`;
  });
  return { html: out, scripts };
}

/** The script names a page references (for a page reused from the cache). */
export function referencedScripts(html: string): string[] {
  return [...html.matchAll(EXTERNAL)].map((m) => m[1]!);
}
