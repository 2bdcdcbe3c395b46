/**
 * The tags of an HTML page as an HTML tokenizer reads them (htmlparser2's, streaming, positions into the text): what
 * post-processing of rendered pages rewrites, never found with a regular expression over HTML. So a `<script>` written
 * in an attribute value (`title="Strip <script> tags"`), in a comment or in a script's own text is not a tag, and the
 * text of `<script>` and `<style>` holds no tags either.
 */
import { Tokenizer } from 'htmlparser2';

export interface TagAttribute {
  /** As written, lower-cased. */
  name: string;
  /** Where its value is in the page (without the quotes); `valueStart === valueEnd` for an empty or missing value. */
  valueStart: number;
  valueEnd: number;
}

export interface Tag {
  /** Lower-cased. */
  name: string;
  /** From `<` to after `>`. */
  start: number;
  end: number;
  closing: boolean;
  attributes: TagAttribute[];
}

/** Which tags and attributes `forEachTag` reports (fewer is faster): by lower-cased name. */
export interface TagFilter {
  tags?: ReadonlySet<string>;
  attributes?: ReadonlySet<string>;
  /** Leave out end tags. */
  noEndTags?: boolean;
}

/** Call `visit` with every start and end tag of `html` (those `filter` names), in order. */
export function forEachTag(html: string, visit: (tag: Tag) => void, filter: TagFilter = {}): void {
  const only = filter.tags;
  const attributes = filter.attributes;
  let open: Tag | undefined;
  let attribute: TagAttribute | undefined;
  const finishOpen = (endIndex: number) => {
    if (!open) return;
    open.end = endIndex + 1;
    const tag = open;
    open = undefined;
    visit(tag);
  };
  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      onopentagname(start, end) {
        const name = html.slice(start, end).toLowerCase();
        open = !only || only.has(name) ? { name, start: start - 1, end, closing: false, attributes: [] } : undefined;
      },
      onattribname(start, end) {
        if (!open) return;
        const name = html.slice(start, end).toLowerCase();
        attribute = !attributes || attributes.has(name) ? { name, valueStart: end, valueEnd: end } : undefined;
      },
      onattribdata(start, end) {
        if (!attribute) return;
        if (attribute.valueStart === attribute.valueEnd) attribute.valueStart = start;
        attribute.valueEnd = end;
      },
      onattribend() {
        if (attribute && open) open.attributes.push(attribute);
        attribute = undefined;
      },
      onopentagend: finishOpen,
      onselfclosingtag: finishOpen,
      onclosetag(start, end) {
        if (filter.noEndTags) return;
        const name = html.slice(start, end).toLowerCase();
        if (only && !only.has(name)) return;
        const close = html.indexOf('>', end);
        visit({ name, start: start - 2, end: close < 0 ? html.length : close + 1, closing: true, attributes: [] });
      },
      onattribentity() {},
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onend() {},
      onprocessinginstruction() {},
      ontext() {},
      ontextentity() {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
}

/** The value of attribute `name` of `tag`, as written (character references not decoded), or undefined. */
export function attributeValue(html: string, tag: Tag, name: string): string | undefined {
  const a = tag.attributes.find((x) => x.name === name);
  return a ? html.slice(a.valueStart, a.valueEnd) : undefined;
}

/** `html` with each span `[start, end)` of `edits` (in order, not overlapping) replaced by its text. */
export function applyEdits(html: string, edits: ReadonlyArray<{ start: number; end: number; text: string }>): string {
  if (!edits.length) return html;
  const parts: string[] = [];
  let at = 0;
  for (const e of edits) {
    parts.push(html.slice(at, e.start), e.text);
    at = e.end;
  }
  parts.push(html.slice(at));
  return parts.join('');
}
