/**
 * The order a build renders pages in and adds them to the search index (Pagefind's index depends on that order, so
 * it is the same in every build): pages generated from specs first, in navigation order, then pages written as files.
 * Files are what authors edit most; with them last, a build after such an edit can hand Pagefind every page before
 * the edited one from the cache while Astro is still bundling (see build-session.ts).
 */
export function renderOrder<P extends { file?: string }>(pages: readonly P[]): P[] {
  return [...pages.filter((p) => !p.file), ...pages.filter((p) => p.file)];
}
