/** Who may read a page. Pure and dependency-free (`@lectern/core/access`), so page chunks can import it. */
import type { Page } from './model.ts';

/**
 * A page only readers in one of its `groups` may see (frontmatter `groups`, `x-mint.groups`), unless `public: true`.
 * `lectern serve` gates it; every public artefact (navigation, search, llms.txt) leaves it out.
 */
export function isRestricted(page: Pick<Page, 'groups' | 'public'>): boolean {
  return page.public !== true && Array.isArray(page.groups) && page.groups.length > 0;
}
