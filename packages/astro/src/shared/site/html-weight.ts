/**
 * What every page would repeat, written once: a long inline `<script>` (Astro's island runtime, Lectern's
 * playground stub) becomes `<script src="/_lectern/scripts/<hash>.js">` at the same place. A classic script with a
 * `src` runs where it stands, as the inline one did, and the browser fetches it once for the whole site instead of
 * with every page (4-6 KB per endpoint page; on a 1,200-page site 6.5 MB of `dist/`). The page is read with an HTML
 * tokenizer (html-tokens.ts): `<script>` in spec text (an attribute value, a title) is text, not a script.
 */
import { createHash } from 'node:crypto';
import { applyEdits, forEachTag } from './html-tokens.ts';

/** Inline scripts shorter than this stay inline (the theme script in the head must run before the first paint). */
const MIN_LENGTH = 600;
export const SCRIPTS_DIR = '_lectern/scripts';
/**
 * The tag `externalizeScripts` writes, exactly. Looked for as text, which is sound here: every tag it wrote matches,
 * and a match that is no tag (text that spells one) only asks for one more script, never loses one.
 */
const EXTERNAL = /<script src="\/_lectern\/scripts\/([0-9a-f]{16})\.js"><\/script>/g;
const SCRIPTS = { tags: new Set(['script']) };

export function scriptName(content: string): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 16);
}

/** Move long inline scripts of a page out; returns the page and the scripts it now references (name -> content). */
export function externalizeScripts(html: string): { html: string; scripts: Map<string, string> } {
  if (!html.includes('<script>') || !mayHoldLongScript(html)) return { html, scripts: new Map() };
  return moveLongScripts(html);
}

const SCRIPT_START = /<script/gi;
/** Where the HTML tokenizer ends a script's text (htmlparser2 `stateInSpecialTag`): `</script` then `>` or white space. */
const SCRIPT_END = /<\/script[ \t\n\f\r>]/gi;

/**
 * Whether some `<script` of `html` (a tag or not, any case) is followed by `MIN_LENGTH` characters or more before the
 * next place a script's text ends. A long inline script needs one; a prose page has only the short theme script, and
 * is then not tokenized at all (a page of 25-40 KB, every page of the site).
 */
export function mayHoldLongScript(html: string): boolean {
  for (let start = SCRIPT_START.exec(html); start; start = SCRIPT_START.exec(html)) {
    SCRIPT_END.lastIndex = start.index;
    const end = SCRIPT_END.exec(html);
    // No end after it: no script's text ends there, nor after any later `<script`.
    if (!end) break;
    if (end.index - (start.index + '<script>'.length) >= MIN_LENGTH) {
      SCRIPT_START.lastIndex = 0;
      return true;
    }
  }
  SCRIPT_START.lastIndex = 0;
  return false;
}

/** `externalizeScripts` the long way: every tag of the page read (exported for a test). */
export function moveLongScripts(html: string): { html: string; scripts: Map<string, string> } {
  const scripts = new Map<string, string>();
  const edits: Array<{ start: number; end: number; text: string }> = [];
  // The `<script>` (no attributes) whose text runs now, if any.
  let inline: { start: number; contentStart: number } | undefined;
  forEachTag(
    html,
    (tag) => {
      if (tag.name !== 'script') return;
      if (!tag.closing) {
        inline = tag.attributes.length === 0 ? { start: tag.start, contentStart: tag.end } : undefined;
        return;
      }
      if (!inline) return;
      const content = html.slice(inline.contentStart, tag.start);
      if (content.length >= MIN_LENGTH) {
        const name = scriptName(content);
        scripts.set(name, content);
        edits.push({ start: inline.start, end: tag.end, text: `<script src="/${SCRIPTS_DIR}/${name}.js"></script>` });
      }
      inline = undefined;
    },
    SCRIPTS,
  );
  return { html: applyEdits(html, edits), scripts };
}

/** The script names a page references (for a page reused from the cache). */
export function referencedScripts(html: string): string[] {
  return [...html.matchAll(EXTERNAL)].map((m) => m[1]!);
}
