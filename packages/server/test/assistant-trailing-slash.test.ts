/**
 * docs.json `seo.trailingSlash: true`: the assistant's answers link pages as the site writes them, with the slash
 * (`/guides/webhooks/#verifying-signatures`), so a reader who follows one is not sent on by a 308. A real docs repo
 * (the assistant fixture with `seo.trailingSlash` set) indexed as `lectern serve` indexes it, the handler on 127.0.0.1,
 * read by the AI SDK clients (v1 data stream and v2 UI message stream).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiteAssistantIndex, openSqliteKeyStore } from '../src/assistant/index.ts';
import { AI_CLIENTS, chatV2, userUiMessage } from './ai-clients.ts';
import { chat, FIXTURE, startServer, userMessage, type TestServer } from './assistant.helpers.ts';

let dir = '';
let key = '';
let server: TestServer | undefined;
const question = 'How do I verify webhook signatures?';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lectern-assistant-slash-'));
  cpSync(join(FIXTURE, 'docs'), join(dir, 'docs'), { recursive: true });
  const configFile = join(dir, 'docs', 'docs.json');
  const config = JSON.parse(readFileSync(configFile, 'utf8'));
  writeFileSync(configFile, JSON.stringify({ ...config, seo: { trailingSlash: true } }));
  await buildSiteAssistantIndex(join(dir, 'docs'), join(dir, 'index.db'));
  const keys = openSqliteKeyStore(join(dir, 'keys.db'));
  key = (await keys.create({ org: 'acme', domains: ['acme'] })).key;
  keys.close?.();
  server = await startServer({ index: join(dir, 'index.db'), keys: join(dir, 'keys.db'), threads: join(dir, 'threads.db') });
}, 60_000);
afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const textOf = (message: any): string =>
  message.parts
    .filter((p: any) => p.type === 'text')
    .map((p: any) => p.text)
    .join('');

describe('the assistant of a site with seo.trailingSlash: true', () => {
  it('links pages with the slash in the answer and in the search results (v1)', async () => {
    const r = await chat(server!.endpoint(), key, { fp: 'anonymous', retrievalPageSize: 5, messages: [userMessage(question)] });
    expect(r.status).toBe(200);
    expect(textOf(r.message)).toContain('[Webhooks › Verifying signatures](/guides/webhooks/#verifying-signatures)');
    const links = [...textOf(r.message).matchAll(/\]\((\/[^)\s]*)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.split('#')[0], link).toMatch(/\/$/);
    const results = r.message.parts.find((p: any) => p.type === 'tool-invocation').toolInvocation.result;
    expect(results[0].path).toBe('/guides/webhooks/#verifying-signatures');
    for (const result of results) expect(result.path.split('#')[0], result.path).toMatch(/\/$/);
  });

  it('sends source-url parts with the slash (v2)', async () => {
    const r = await chatV2(AI_CLIENTS.at(-1)!, {
      api: `${server!.origin}/discovery/v2/assistant/acme/message`,
      key,
      messages: [userUiMessage(question)],
    });
    expect(r.status).toBe(200);
    const sources = r.message.parts.filter((p: any) => p.type === 'source-url');
    expect(sources[0]).toMatchObject({ url: '/guides/webhooks/#verifying-signatures' });
    for (const source of sources) expect(source.url.split('#')[0], source.url).toMatch(/\/$/);
  });
});
