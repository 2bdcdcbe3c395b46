/**
 * The page path the Ask AI panel sends as `currentPath` (pagePath in src/assistant/Panel.tsx): the reader's page as the
 * server names it, without the site's base path, so a preview under `--base` searches the page's language first.
 */
import { expect, it } from 'vitest';
import { pagePath } from '../src/assistant/Panel.tsx';

it('drops the base path, and only a whole base path', () => {
  expect(pagePath('/pr-7/fr/guide', '/pr-7/')).toBe('/fr/guide');
  expect(pagePath('/pr-7/', '/pr-7/')).toBe('/');
  expect(pagePath('/pr-7', '/pr-7/')).toBe('/');
  expect(pagePath('/pr-70/guide', '/pr-7/')).toBe('/pr-70/guide');
  expect(pagePath('/fr/guide', '/')).toBe('/fr/guide');
});
