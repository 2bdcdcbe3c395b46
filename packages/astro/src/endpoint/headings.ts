import type { Page } from '@lectern/core';
import type { Site } from '../store.ts';
export function endpointHeadings(_site: Site, _page: Page): Array<{ depth: number; slug: string; text: string }> {
  return [];
}
