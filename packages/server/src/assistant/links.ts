/**
 * Links of a section's markdown to other pages of the same site: `[text](/path#anchor)`, the target as a page path
 * (no anchor, query or trailing slash). Links to other sites, images and relative links are left out.
 */
export interface PageLink {
  text: string;
  page: string;
}

const LINK = /(!?)\[([^\]\n]{1,200})\]\((\/[^\s)#?]*)[^\s)]*(?:\s+"[^"]*")?\)/g;

export function pageLinks(markdown: string): PageLink[] {
  const out: PageLink[] = [];
  for (const m of markdown.matchAll(LINK)) {
    if (m[1] === '!' || m[3]!.startsWith('//')) continue;
    out.push({ text: m[2]!, page: m[3]!.length > 1 ? m[3]!.replace(/\/+$/, '') : '/' });
  }
  return out;
}
