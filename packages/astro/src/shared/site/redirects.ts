import { isFragmentRedirect } from './fragment-redirects.ts';

/**
 * docs.json `redirects` -> Astro `redirects` (static ones; wildcard ones are left to `lectern serve`, and those whose
 * source has a `#fragment` to the browser: see fragment-redirects.ts).
 */
export function astroRedirects(list: Array<{ source: string; destination: string; permanent?: boolean }>) {
  const redirects: Record<string, { status: 301 | 308 | 307 | 302; destination: string }> = {};
  const skipped: string[] = [];
  for (const r of list) {
    if (isFragmentRedirect(r)) continue;
    const source = '/' + r.source.replace(/^\/+/, '');
    if (/[:*]/.test(source)) {
      skipped.push(source);
      continue;
    }
    const destination = /^[a-z]+:/i.test(r.destination) ? r.destination : '/' + r.destination.replace(/^\/+/, '');
    redirects[source] = { status: r.permanent === false ? 307 : 308, destination };
  }
  return { redirects, skipped };
}
