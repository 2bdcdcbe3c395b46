/** Table-of-contents entries of generated API pages (section headings). */
import type { Page } from '@lectern/core';
import type { Site } from '../model/store.ts';
import { findOperation } from './api-data.ts';

export function endpointHeadings(site: Site, page: Page): Array<{ depth: number; slug: string; text: string }> {
  if (page.kind !== 'operation') return [];
  const op = findOperation(site, page);
  if (!op) return [];
  const out: Array<{ depth: number; slug: string; text: string }> = [];
  const add = (slug: string, text: string) => out.push({ depth: 2, slug, text });
  if (op.security.some((s) => s.schemes.length)) add('authorizations', 'Authorizations');
  for (const [loc, id, text] of [
    ['path', 'path-parameters', 'Path Parameters'],
    ['query', 'query-parameters', 'Query Parameters'],
    ['header', 'headers', 'Headers'],
    ['cookie', 'cookies', 'Cookies'],
  ] as const) {
    if (op.parameters.some((p) => p.in === loc)) add(id, text);
  }
  if (op.requestBody) add('body', 'Body');
  if (op.callbacks.length) add('callbacks', 'Callbacks');
  if (op.responses.length) add('response', 'Response');
  return out;
}
