import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDataStreamPart } from '@ai-sdk/ui-utils';
import { openSqliteThreadStore, type Composer } from '../src/assistant/index.ts';
import { chat, countRows, createTestSite, startServer, userMessage, type TestServer, type TestSite } from './assistant.helpers.ts';

let site: TestSite;
let server: TestServer;

beforeAll(async () => {
  site = await createTestSite();
  server = await startServer({ index: site.indexPath, keys: site.keysPath, threads: site.threadsPath, siteName: 'Acme' });
});
afterAll(async () => {
  await server.close();
  site.cleanup();
});

const baseBody = (text: string, extra: Record<string, unknown> = {}) => ({
  id: 'chat-1',
  messages: [userMessage(text)],
  fp: 'anonymous',
  retrievalPageSize: 5,
  ...extra,
});

function textOf(message: any): string {
  return message.parts
    .filter((p: any) => p.type === 'text')
    .map((p: any) => p.text)
    .join('');
}

describe('the v1 stream, read by the real AI SDK v4 client (callChatApi, what useChat runs)', () => {
  it('answers from the docs with a search tool invocation and a finish event carrying the thread id', async () => {
    const r = await chat(server.endpoint(), site.acmeKey, baseBody('How do I verify webhook signatures?'));
    expect(r.status).toBe(200);
    const text = textOf(r.message);
    expect(r.message.content).toBe(text);
    expect(text).toContain('[Webhooks › Verifying signatures](/guides/webhooks#verifying-signatures)');
    expect(text).toContain('HMAC-SHA256 of the raw request body');
    // Parts: step-start, the search tool invocation with its result, step-start, text.
    expect(r.message.parts.map((p: any) => p.type)).toEqual(['step-start', 'tool-invocation', 'step-start', 'text']);
    const inv = r.message.parts[1].toolInvocation;
    expect(inv).toMatchObject({ state: 'result', toolName: 'search', args: { query: 'How do I verify webhook signatures?' } });
    expect(inv.result[0]).toMatchObject({
      path: '/guides/webhooks#verifying-signatures',
      metadata: { title: 'Webhooks', heading: 'Verifying signatures' },
    });
    expect(inv.result[0].content).toContain('Acme-Signature');
    expect(inv.result.length).toBeLessThanOrEqual(5);
    // The finish event: data part with type finish + threadId, same as the header.
    const threadId = r.headers.get('x-thread-id');
    expect(threadId).toMatch(/^thr_/);
    expect(r.data).toEqual([{ type: 'finish', threadId }]);
    expect(r.headers.get('x-thread-key')).toMatch(/^thk_/);
    expect(r.finishReason).toBe('stop');
    expect(r.usage).toMatchObject({ promptTokens: expect.any(Number), completionTokens: expect.any(Number) });
  });

  it('sends the documented headers', async () => {
    const res = await fetch(server.endpoint(), {
      method: 'POST',
      headers: { Authorization: `Bearer ${site.acmeKey}`, 'Content-Type': 'application/json', Origin: 'https://app.example' },
      body: JSON.stringify(baseBody('How do I paginate?')),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('x-vercel-ai-data-stream')).toBe('v1');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('deprecation')).toBe('true');
    expect(res.headers.get('link')).toBe('</discovery/v2/assistant/acme/message>; rel="successor-version"');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/X-Thread-Id, X-Thread-Key/);
    expect(res.headers.get('ratelimit-limit')).toBe('10000');
    expect(res.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    await res.text();
  });

  it('emits the parts in the order of Mintlify’s real stream', async () => {
    const res = await fetch(server.endpoint(), {
      method: 'POST',
      headers: { Authorization: `Bearer ${site.acmeKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(baseBody('How do I rotate my API key?')),
    });
    const raw = await res.text();
    expect(raw.endsWith('\n')).toBe(true);
    const lines = raw.split('\n').filter(Boolean);
    const parts = lines.map((l) => parseDataStreamPart(l));
    const codes = lines.map((l) => l.slice(0, l.indexOf(':')));
    const firstText = codes.indexOf('0');
    expect(codes.slice(0, 5)).toEqual(['f', '9', 'a', 'e', 'f']);
    expect(firstText).toBe(5);
    expect(codes.slice(-3)).toEqual(['2', 'e', 'd']);
    expect(codes.slice(5, -3).every((c) => c === '0')).toBe(true);
    expect(parts[3]!.value).toMatchObject({ finishReason: 'tool-calls', isContinued: false });
    expect(parts.at(-3)!.value).toEqual([{ type: 'finish', threadId: res.headers.get('x-thread-id') }]);
    expect(parts.at(-1)!.value).toMatchObject({ finishReason: 'stop' });
    // threadId also rides along in d: (extra keys are ignored by v4 clients).
    expect(JSON.parse(lines.at(-1)!.slice(2))).toMatchObject({ threadId: res.headers.get('x-thread-id') });
  });

  it('continues a thread with threadId + threadKey, and refuses a wrong or missing key with 404', async () => {
    const first = await chat(server.endpoint(), site.acmeKey, baseBody('How do I rotate my API key?'));
    const threadId = first.headers.get('x-thread-id')!;
    const threadKey = first.headers.get('x-thread-key')!;
    const history = [
      userMessage('How do I rotate my API key?'),
      {
        id: 'a1',
        role: 'assistant',
        content: textOf(first.message),
        parts: first.message.parts,
        revisionId: 'rev',
        toolInvocations: [],
        reasoning: undefined,
      },
      userMessage('And how do I retry requests safely with an idempotency key?', 'm2'),
    ];
    const second = await chat(server.endpoint(), site.acmeKey, {
      ...baseBody(''),
      messages: history,
      threadId,
      threadKey,
    });
    expect(second.status).toBe(200);
    expect(second.headers.get('x-thread-id')).toBe(threadId);
    expect(second.headers.get('x-thread-key')).toBeNull(); // the key is shown once
    expect(second.data).toEqual([{ type: 'finish', threadId }]);
    expect(textOf(second.message)).toContain('/guides/idempotency');

    const stored = await openSqliteThreadStore(site.threadsPath).messages(threadId);
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(stored[2]!.content).toBe('And how do I retry requests safely with an idempotency key?');
    expect(stored[3]!.content).toBe(textOf(second.message));

    for (const bad of [{ threadId, threadKey: 'thk_wrong' }, { threadId }, { threadId: 'thr_nope', threadKey }]) {
      const before = countRows(site.threadsPath);
      const res = await fetch(server.endpoint(), {
        method: 'POST',
        headers: { Authorization: `Bearer ${site.acmeKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...baseBody('hello webhooks'), ...bad }),
      });
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('thread_not_found');
      expect(countRows(site.threadsPath)).toEqual(before);
    }
    // The client surfaces the 404 as an error, like useChat would.
    await expect(chat(server.endpoint(), site.acmeKey, { ...baseBody('webhooks'), threadId, threadKey: 'x' })).rejects.toThrow(
      /thread_not_found/,
    );
  });

  it('never lets another organization read or extend a thread', async () => {
    // Same thread id and key, presented by another organization's key on its own domain: 404, not 200.
    const first = await chat(server.endpoint(), site.acmeKey, baseBody('webhook retries'));
    const res = await fetch(server.endpoint('globex'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${site.globexKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        ...baseBody('webhook retries'),
        threadId: first.headers.get('x-thread-id'),
        threadKey: first.headers.get('x-thread-key'),
      }),
    });
    expect(res.status).toBe(404);
  });

  it('says plainly when the docs cannot answer, with the usual finish and thread id', async () => {
    const r = await chat(server.endpoint(), site.acmeKey, baseBody('What is the capital of France?'));
    expect(r.status).toBe(200);
    expect(textOf(r.message)).toMatch(/^I couldn't find anything in the Acme documentation that answers this question/);
    expect(textOf(r.message)).not.toContain('](/'); // nothing quoted as an answer
    const threadId = r.headers.get('x-thread-id');
    expect(threadId).toMatch(/^thr_/);
    expect(r.data).toEqual([{ type: 'finish', threadId }]);
    expect(r.finishReason).toBe('stop');
  });

  it('uses context and currentPath, and accepts a useChat body without message ids', async () => {
    const r = await chat(server.endpoint(), site.acmeKey, {
      id: 'chat-x',
      messages: [{ role: 'user', content: 'What does this do?', parts: [{ type: 'text', text: 'What does this do?' }] }],
      fp: 'user-42',
      context: [{ type: 'code', value: 'acme.payments.create({ amount: 1999, currency: "eur" })', elementId: 'code-1' }],
      currentPath: '/quickstart',
      filter: { version: null, language: null },
    });
    expect(r.status).toBe(200);
    const inv = r.message.parts[1].toolInvocation;
    expect(inv.args.query).toContain('acme.payments.create');
    expect(inv.result[0].path).toMatch(/^\/quickstart/);
  });

  it('turns an error after the stream started into a 3: part, not a hung connection', async () => {
    const failing: Composer = () => ({
      async *[Symbol.asyncIterator]() {
        yield 'Partial answer';
        throw new Error('model exploded with secret details');
      },
    });
    const errors: unknown[] = [];
    const s = await startServer({
      index: site.indexPath,
      keys: site.keysPath,
      threads: site.threadsPath,
      composer: failing,
      onError: (e) => errors.push(e),
    });
    try {
      const res = await fetch(s.endpoint(), {
        method: 'POST',
        headers: { Authorization: `Bearer ${site.acmeKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(baseBody('webhooks')),
      });
      const raw = await res.text();
      expect(res.status).toBe(200);
      expect(raw).toContain('0:"Partial answer"\n');
      expect(raw.trimEnd().split('\n').at(-1)).toBe('3:"An error occurred while generating the answer."');
      expect(raw).not.toContain('secret details');
      expect(errors).toHaveLength(1);
      await expect(chat(s.endpoint(), site.acmeKey, baseBody('webhooks'))).rejects.toThrow(
        'An error occurred while generating the answer.',
      );
    } finally {
      await s.close();
    }
  });

  it('answers the CORS preflight', async () => {
    const res = await fetch(server.endpoint(), {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
  });
});
