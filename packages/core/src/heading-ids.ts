/**
 * Custom heading ids, Mintlify's `## Title {#custom-id}`: Mintlify rewrites them on the text before MDX parses it
 * (MDX would read `{#id}` as a JavaScript expression and fail). Here the `{#id}` is blanked in place (same length, same
 * lines, so every later position and diagnostic stays true) and the id kept by the heading's line. Used by `lectern
 * check`'s MDX syntax check (mdx-check.ts) and by the build's MDX analysis (the lectern package's heading-ids pass),
 * so both accept the same headings.
 *
 * Accepted as Mintlify accepts them: ATX headings (`#` to `######`), the id anything but braces (`{#quick run}`,
 * `{#3d_image_to_splat}`, `{#インストール}`), after any text (inline code, `→`, links); and, where Mintlify is stricter
 * or silent, at any indentation (MDX has no indented code, so a heading inside `<Accordion>`/`<Tab>` is one) and on
 * setext headings (`Title {#id}` over `===`/`---`). Lines inside fenced code are left alone, as is an escaped `\{#id}`.
 */

/** The text with each custom id blanked, and the 1-based line of each heading -> its id. */
export interface HeadingIdCut {
  text: string;
  ids: Map<number, string>;
}

/** `## Title {#id}`: the heading up to the id, the id. */
const ATX = /^([ \t]*#{1,6}[ \t]+\S.*?)[ \t]*(?<!\\)\{[ \t]*#([^{}]+?)[ \t]*\}[ \t]*\r?$/;
/** `Title {#id}` of a setext heading (the next line is `===` or `---`). */
const SETEXT_TITLE = /^([ \t]*[^\s#>|<{-].*?)[ \t]*(?<!\\)\{[ \t]*#([^{}]+?)[ \t]*\}[ \t]*\r?$/;
const SETEXT_UNDERLINE = /^[ \t]*(=+|-+)[ \t]*\r?$/;
const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})/;

/** Characters Mintlify leaves out of a custom id (HTML-unsafe ones and the punctuation its anchors drop). */
const STRIPPED = /[<>"&?,;:!'()[\]{}]/g;
const EMOJI = /\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|[\u200D\uFE0E\uFE0F]/gu;

/** The id a `{#…}` gives its heading, as Mintlify writes it: trimmed, unsafe punctuation and emoji out, spaces as `-`. */
export function normalizeHeadingId(raw: string): string {
  return raw.trim().replace(STRIPPED, '').replace(EMOJI, '').trim().replace(/\s+/g, '-');
}

export function cutHeadingIds(src: string): HeadingIdCut {
  const ids = new Map<number, string>();
  if (!src.includes('{')) return { text: src, ids };
  const lines = src.split('\n');
  let changed = false;
  let fence: { char: string; size: number } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const open = FENCE_OPEN.exec(line);
    if (fence) {
      if (open && open[1]![0] === fence.char && open[1]!.length >= fence.size && !line.slice(open[0].length).trim()) fence = undefined;
      continue;
    }
    if (open && !(open[1]![0] === '`' && line.slice(open[0].length).includes('`'))) {
      fence = { char: open[1]![0]!, size: open[1]!.length };
      continue;
    }
    if (!line.includes('{')) continue;
    const m = ATX.exec(line) ?? (SETEXT_UNDERLINE.test(lines[i + 1] ?? '') ? SETEXT_TITLE.exec(line) : null);
    if (!m) continue;
    const id = normalizeHeadingId(m[2]!);
    if (id) ids.set(i + 1, id);
    lines[i] = m[1]! + line.slice(m[1]!.length).replace(/[^\r]/g, ' ');
    changed = true;
  }
  return { text: changed ? lines.join('\n') : src, ids };
}
