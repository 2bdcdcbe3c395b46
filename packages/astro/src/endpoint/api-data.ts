/** Per-page lookups into the plan's specs (indexed once per spec) and the options every API page shares. */
import type { ApiDocument, AsyncDocument, Channel, Operation, OperationPage, ChannelPage, SchemaPage, Page, Schema } from '@lectern/core';
import type { Site } from '../model/store.ts';

const opIndex = new WeakMap<ApiDocument, Map<string, Operation>>();
const chIndex = new WeakMap<AsyncDocument, Map<string, Channel>>();

export function findOperation(site: Site, page: OperationPage): Operation | undefined {
  const doc = site.plan.specs[page.spec];
  if (!doc || doc.kind !== 'openapi') return undefined;
  let idx = opIndex.get(doc);
  if (!idx) {
    idx = new Map();
    for (const op of doc.operations) {
      const key = op.kind === 'webhook' ? `webhook ${op.path}` : `${op.method.toLowerCase()} ${op.path}`;
      if (!idx.has(key)) idx.set(key, op);
    }
    opIndex.set(doc, idx);
  }
  const method = page.method.toLowerCase();
  return idx.get(`${method} ${page.path}`) ?? (method === 'webhook' ? undefined : idx.get(`webhook ${page.path}`));
}

export function findChannel(site: Site, page: ChannelPage): { channel: Channel; doc: AsyncDocument } | undefined {
  const doc = site.plan.specs[page.spec];
  if (!doc || doc.kind !== 'asyncapi') return undefined;
  let idx = chIndex.get(doc);
  if (!idx) {
    idx = new Map(doc.channels.map((c) => [c.id, c]));
    chIndex.set(doc, idx);
  }
  const channel = idx.get(page.channel);
  return channel ? { channel, doc } : undefined;
}

export function findSchema(site: Site, page: SchemaPage): Schema | undefined {
  const doc = site.plan.specs[page.spec];
  return doc && doc.kind === 'openapi' ? doc.schemas[page.schema] : undefined;
}

export function displayOf(page: Page): 'interactive' | 'simple' | 'none' | 'auth' {
  return page.playground ?? 'interactive';
}
