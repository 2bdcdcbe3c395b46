/**
 * `POST /discovery/v2/assistant/{domain}/message`, read by the real AI SDK clients: `ai` 5, 6 and the current major,
 * through `DefaultChatTransport` (what `useChat` sends and parses) and `readUIMessageStream` (what it shows).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Composer } from '../src/assistant/index.ts';
import { AI_CLIENTS, chatV2, userUiMessage } from './ai-clients.ts';
import { chat, countRows, createTestSite, startServer, userMessage, type TestServer, type TestSite } from './assistant.helpers.ts';

let site: TestSite;
let server: TestServer;
const v2 = (domain = 'acme') => `${server.origin}/discovery/v2/assistant/${domain}/message`;

beforeAll(async () => {
  site = await createTestSite();
  server = await startServer({ index: site.indexPath, keys: site.keysPath, threads: site.threadsPath, siteName: 'Acme' });
});
afterAll(async () => {
  await server?.close();
  site?.cleanup();
});

const textOf = (message: any): string =>
  message.parts
    .filter((p: any) => p.type === 'text')
    .map((p: any) => p.text)
    .join('');

describe.each(AI_CLIENTS)('the v2 stream read by $name (DefaultChatTransport + readUIMessageStream)', (client) => {
  it('answers as v1 does, with the search tool, sources and the thread id where Mintlify documents it', async () => {
    const question = 'How do I verify webhook signatures?';
    const r = await chatV2(client, { api: v2(), key: site.acmeKey, messages: [userUiMessage(question)] });
    expect(r.status).toBe(200);
    // What DefaultChatTransport sends: Mintlify's v2 body plus the transport's own fields.
    expect(r.sent).toMatchObject({ fp: 'anonymous', retrievalPageSize: 5, id: 'chat-test', trigger: 'submit-message' });
    expect(r.headers.get('content-type')).toBe('text/event-stream');
    expect(r.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(r.headers.get('deprecation')).toBeNull();

    const message = r.message;
    expect(message.role).toBe('assistant');
    const text = textOf(message);
    expect(text).toContain('Acme-Signature');
    // Same pipeline as v1: the same question gets the same answer there.
    const v1 = await chat(server.endpoint(), site.acmeKey, { fp: 'anonymous', retrievalPageSize: 5, messages: [userMessage(question)] });
    expect(text).toBe(
      v1.message.parts
        .filter((p: any) => p.type === 'text')
        .map((p: any) => p.text)
        .join(''),
    );

    // The search the server ran, as a provider-executed tool part with its output.
    const tool = message.parts.find((p: any) => p.type === 'tool-search');
    expect(tool).toMatchObject({ state: 'output-available', providerExecuted: true, input: { query: question } });
    expect(tool.output[0]).toMatchObject({ path: '/guides/webhooks#verifying-signatures', metadata: { title: 'Webhooks' } });
    const sources = message.parts.filter((p: any) => p.type === 'source-url');
    expect(sources.length).toBe(tool.output.length);
    expect(sources[0]).toMatchObject({ url: '/guides/webhooks#verifying-signatures', title: 'Webhooks › Verifying signatures' });

    // Thread id: X-Thread-Id header, `event.threadId` of the finish event (Mintlify's docs), message metadata.
    const threadId = r.headers.get('x-thread-id');
    expect(threadId).toMatch(/^thr_/);
    expect(r.headers.get('x-thread-key')).toMatch(/^thk_/);
    const finish = r.chunks.find((c) => c.type === 'finish');
    expect(finish.threadId).toBe(threadId);
    expect(message.metadata).toEqual({ threadId });
    expect(r.chunks.map((c) => c.type)).toEqual([
      'start',
      'start-step',
      'tool-input-available',
      'tool-output-available',
      'finish-step',
      'start-step',
      'text-start',
      ...r.chunks.filter((c) => c.type === 'text-delta').map(() => 'text-delta'),
      'text-end',
      ...sources.map(() => 'source-url'),
      'finish-step',
      'finish',
    ]);
  });

  it('continues a thread: the client sends its history back (tool parts included) with threadId and threadKey', async () => {
    const first = userUiMessage('How do I paginate through results?');
    const r1 = await chatV2(client, { api: v2(), key: site.acmeKey, messages: [first] });
    const threadId = r1.headers.get('x-thread-id')!;
    const threadKey = r1.headers.get('x-thread-key')!;
    const before = countRows(site.threadsPath);
    const r2 = await chatV2(client, {
      api: v2(),
      key: site.acmeKey,
      body: { threadId, threadKey },
      messages: [first, r1.message, userUiMessage('And what are the rate limits?')],
    });
    expect(r2.status).toBe(200);
    expect(r2.headers.get('x-thread-id')).toBe(threadId);
    expect(r2.headers.get('x-thread-key')).toBeNull();
    expect(r2.chunks.find((c) => c.type === 'finish').threadId).toBe(threadId);
    expect(textOf(r2.message).toLowerCase()).toContain('rate limit');
    const after = countRows(site.threadsPath);
    expect(after.threads).toBe(before.threads);
    expect(after.messages).toBe(before.messages + 2);
  });

  it('refuses a thread id without its key (404), which the client reports as an error', async () => {
    const r1 = await chatV2(client, { api: v2(), key: site.acmeKey, messages: [userUiMessage('How do I paginate?')] });
    await expect(
      chatV2(client, {
        api: v2(),
        key: site.acmeKey,
        body: { threadId: r1.headers.get('x-thread-id'), threadKey: 'thk_wrong' },
        messages: [userUiMessage('And then?')],
      }),
    ).rejects.toThrow(/thread_not_found|no thread with this threadId/);
  });

  it('reports an unknown key as the server says it', async () => {
    await expect(chatV2(client, { api: v2(), key: 'lectern_dsc_nope', messages: [userUiMessage('hi there')] })).rejects.toThrow(
      /unknown API key/,
    );
  });
});

describe('v2 requests', () => {
  const post = (body: unknown, key = site.acmeKey) =>
    fetch(v2(), {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('is the successor that v1 links to', async () => {
    const res = await fetch(server.endpoint(), {
      method: 'POST',
      headers: { Authorization: `Bearer ${site.acmeKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fp: 'anonymous', messages: [userMessage('How do I paginate?')] }),
    });
    await res.text();
    const link = /^<([^>]+)>; rel="successor-version"$/.exec(res.headers.get('link') ?? '');
    expect(link).not.toBeNull();
    const target = new URL(link![1]!, server.endpoint()).toString();
    expect(target).toBe(v2());
    const next = await fetch(target, {
      method: 'POST',
      headers: { Authorization: `Bearer ${site.acmeKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fp: 'anonymous', messages: [userUiMessage('How do I paginate?')] }),
    });
    expect(next.status).toBe(200);
    const body = await next.text();
    // Server-sent events: `data: {json}` chunks, a blank line after each, `data: [DONE]` last.
    const events = body.split('\n\n').filter(Boolean);
    expect(events.every((e) => e.startsWith('data: '))).toBe(true);
    expect(events.at(-1)).toBe('data: [DONE]');
    expect(JSON.parse(events[0]!.slice(6))).toMatchObject({ type: 'start', messageId: expect.any(String) });
  });

  it('names every problem of a v4-style body by JSON pointer', async () => {
    const res = await post({ fp: '', messages: [{ role: 'data', content: 'hello' }], retrievalPageSize: 50 });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; issues: Array<{ pointer: string; message: string }> } };
    expect(error.code).toBe('invalid_request');
    const pointers = error.issues.map((i) => i.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining(['/fp', '/messages/0/id', '/messages/0/role', '/messages/0/parts', '/retrievalPageSize']),
    );
    expect(error.issues.find((i) => i.pointer === '/messages/0/role')!.message).toBe('expected one of: system, assistant, user');
  });

  it('checks the documented part types field by field, and names the allowed types for an unknown one', async () => {
    const res = await post({
      fp: 'anonymous',
      messages: [
        {
          id: 'a',
          role: 'assistant',
          parts: [
            { type: 'source-url', url: '/x' },
            { type: 'tool-search', toolCallId: 'c', state: 'output-available' },
          ],
        },
        {
          id: 'b',
          role: 'user',
          parts: [
            { type: 'text', text: 'hi' },
            { type: 'image', data: 'x' },
            { type: 'file', url: 'data:,' },
          ],
        },
      ],
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { issues: Array<{ pointer: string; message: string }> } };
    const byPointer = Object.fromEntries(error.issues.map((i) => [i.pointer, i.message]));
    expect(Object.keys(byPointer).sort()).toEqual([
      '/messages/0/parts/0/sourceId',
      '/messages/1/parts/1/type',
      '/messages/1/parts/2/mediaType',
    ]);
    expect(byPointer['/messages/1/parts/1/type']).toMatch(
      /^expected a part with type one of: text, reasoning, source-url, file, step-start/,
    );
  });

  it('asks for a text part in the last user message', async () => {
    const res = await post({ fp: 'anonymous', messages: [{ id: 'u', role: 'user', parts: [{ type: 'step-start' }] }] });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { issues: Array<{ pointer: string }> } };
    expect(error.issues.map((i) => i.pointer)).toEqual(['/messages/0/parts']);
  });

  it('regenerating an answer in a thread does not store the question twice', async () => {
    const [client] = AI_CLIENTS.slice(-1);
    const first = userUiMessage('How do I paginate?');
    const r1 = await chatV2(client!, { api: v2(), key: site.acmeKey, messages: [first] });
    const before = countRows(site.threadsPath);
    const r2 = await chatV2(client!, {
      api: v2(),
      key: site.acmeKey,
      trigger: 'regenerate-message',
      body: { threadId: r1.headers.get('x-thread-id'), threadKey: r1.headers.get('x-thread-key') },
      messages: [first],
    });
    expect(r2.status).toBe(200);
    expect(r2.sent.trigger).toBe('regenerate-message');
    expect(countRows(site.threadsPath).messages).toBe(before.messages + 1);
  });
});

describe('a failure while streaming', () => {
  let failing: TestServer;
  beforeAll(async () => {
    const composer: Composer = () =>
      (async function* () {
        yield 'Partial answer… ';
        throw new Error('model went away');
      })();
    failing = await startServer({ index: site.indexPath, keys: site.keysPath, threads: site.threadsPath, composer, onError: () => {} });
  });
  afterAll(() => failing?.close());

  it('ends the stream with an error chunk, after the text sent so far', async () => {
    const [client] = AI_CLIENTS.slice(-1);
    const r = await chatV2(client!, {
      api: `${failing.origin}/discovery/v2/assistant/acme/message`,
      key: site.acmeKey,
      messages: [userUiMessage('How do I paginate?')],
    });
    expect(r.status).toBe(200);
    expect(textOf(r.message)).toBe('Partial answer… ');
    expect(r.chunks.at(-1)).toEqual({ type: 'error', errorText: 'An error occurred while generating the answer.' });
    expect(r.chunks.some((c) => c.type === 'finish')).toBe(false);
  });
});
