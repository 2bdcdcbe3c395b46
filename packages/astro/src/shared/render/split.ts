/**
 * Container components (Tabs, CodeGroup, RequestExample…) render their children to HTML and split it at
 * markers their child components emit: `<!--lectern:KIND:start:TITLE-->…<!--lectern:KIND:end-->`.
 * Nesting is respected (only top-level markers of the kind split).
 */
export interface Part {
  title: string;
  html: string;
  attrs: Record<string, string>;
}

export function startMarker(kind: string, title: string, attrs: Record<string, string> = {}): string {
  return `<!--lectern:${kind}:start:${encodeURIComponent(JSON.stringify({ title, attrs }))}-->`;
}
export function endMarker(kind: string): string {
  return `<!--lectern:${kind}:end-->`;
}

export function splitParts(html: string, kind: string): Part[] {
  const re = new RegExp(`<!--lectern:${kind}:(start:([^>]*?)|end)-->`, 'g');
  const parts: Part[] = [];
  let depth = 0;
  let current: { title: string; attrs: Record<string, string>; from: number } | undefined;
  for (const m of html.matchAll(re)) {
    if (m[1]!.startsWith('start')) {
      if (depth === 0) {
        const data = JSON.parse(decodeURIComponent(m[2]!)) as { title: string; attrs: Record<string, string> };
        current = { ...data, from: m.index! + m[0].length };
      }
      depth++;
    } else {
      depth--;
      if (depth === 0 && current) {
        parts.push({ title: current.title, attrs: current.attrs, html: html.slice(current.from, m.index) });
        current = undefined;
      }
    }
  }
  return parts;
}

let counter = 0;
/**
 * Ids unique within a page (`req-1`, `tabs-2`…). The counter restarts with every page (see routes/page.astro), so a
 * page's ids do not depend on the pages rendered before it: a page rendered alone (a cached build) is the same.
 */
export function resetUids(): void {
  counter = 0;
}
export function uid(prefix: string): string {
  counter = (counter + 1) % 1e9;
  return `${prefix}-${counter.toString(36)}`;
}

/** `{decamelize: true}` slug, as Mintlify's Property/anchors: `projectId` -> `project-id`. */
export function kebab(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Plain heading-style slug (no decamelizing): `Does it need JavaScript?` -> `does-it-need-javascript`. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
