import { describe, expect, it } from 'vitest';
import { countRows, userMessage, withTestServer } from './assistant.helpers.ts';

const t = withTestServer();

const good = () => ({ fp: 'anonymous', messages: [userMessage('How do I verify webhook signatures?')] });

async function send(
  body: BodyInit | null,
  headers: Record<string, string> = { 'Content-Type': 'application/json' },
  init: RequestInit = {},
) {
  const res = await fetch(t.server.endpoint(), {
    method: 'POST',
    headers: { Authorization: `Bearer ${t.site.acmeKey}`, ...headers },
    body,
    ...init,
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, res };
}

const msg = (over: Record<string, unknown>) => ({ ...userMessage('hello webhooks'), ...over });
const withMsg = (over: Record<string, unknown>) => ({ ...good(), messages: [msg(over)] });
const withPart = (part: unknown) => withMsg({ parts: [part] });

// [case, body, every path the 400 must name]
const cases: Array<[string, unknown, string[]]> = [
  ['body is an array', [], ['(body)']],
  ['body is a string', 'hello', ['(body)']],
  ['missing fp and messages', {}, ['fp', 'messages']],
  ['fp is a number', { ...good(), fp: 5 }, ['fp']],
  ['fp is empty', { ...good(), fp: '' }, ['fp']],
  ['messages is a string', { ...good(), messages: 'hi' }, ['messages']],
  ['messages is empty', { ...good(), messages: [] }, ['messages']],
  ['no user message', { ...good(), messages: [msg({ role: 'assistant' })] }, ['messages']],
  ['empty user text', withMsg({ content: '', parts: [] }), ['messages[0].content']],
  ['threadId is a number', { ...good(), threadId: 7 }, ['threadId']],
  ['threadKey without threadId', { ...good(), threadKey: 'thk_x' }, ['threadId']],
  ['retrievalPageSize is a string', { ...good(), retrievalPageSize: '5' }, ['retrievalPageSize']],
  ['retrievalPageSize is 0', { ...good(), retrievalPageSize: 0 }, ['retrievalPageSize']],
  ['retrievalPageSize is too large', { ...good(), retrievalPageSize: 500 }, ['retrievalPageSize']],
  ['retrievalPageSize is fractional', { ...good(), retrievalPageSize: 2.5 }, ['retrievalPageSize']],
  ['filter is a string', { ...good(), filter: 'v1' }, ['filter']],
  ['filter.version is a number', { ...good(), filter: { version: 1, language: 2 } }, ['filter.version', 'filter.language']],
  ['context is an object', { ...good(), context: { type: 'code' } }, ['context']],
  ['context item: unknown type, no value', { ...good(), context: [{ type: 'image' }] }, ['context[0].type', 'context[0].value']],
  [
    'context item: path and elementId not strings',
    { ...good(), context: [{ type: 'code', value: 'x', path: 1, elementId: {} }] },
    ['context[0].path', 'context[0].elementId'],
  ],
  ['currentPath of 201 characters', { ...good(), currentPath: '/' + 'a'.repeat(200) }, ['currentPath']],
  ['currentPath is a number', { ...good(), currentPath: 5 }, ['currentPath']],
  ['message is not an object', { ...good(), messages: ['hi'] }, ['messages[0]']],
  ['unknown role', withMsg({ role: 'robot' }), ['messages[0].role']],
  ['id is a number', withMsg({ id: 5 }), ['messages[0].id']],
  ['content missing', withMsg({ content: undefined }), ['messages[0].content']],
  ['parts missing', withMsg({ parts: undefined }), ['messages[0].parts']],
  ['createdAt is not a date-time', withMsg({ createdAt: 'yesterday' }), ['messages[0].createdAt']],
  ['annotations is not an array', withMsg({ annotations: 'x' }), ['messages[0].annotations']],
  ['attachment without url', withMsg({ experimental_attachments: [{ name: 'a.png' }] }), ['messages[0].experimental_attachments[0].url']],
  ['unknown part type', withPart({ type: 'image', url: 'x' }), ['messages[0].parts[0].type']],
  ['text part without text', withPart({ type: 'text' }), ['messages[0].parts[0].text']],
  ['reasoning part without details', withPart({ type: 'reasoning', reasoning: 'r' }), ['messages[0].parts[0].details']],
  [
    'reasoning detail of unknown type',
    withPart({ type: 'reasoning', reasoning: 'r', details: [{ type: 'secret' }] }),
    ['messages[0].parts[0].details[0].type'],
  ],
  [
    'redacted detail without data',
    withPart({ type: 'reasoning', reasoning: 'r', details: [{ type: 'redacted' }] }),
    ['messages[0].parts[0].details[0].data'],
  ],
  [
    'source part with sourceType file',
    withPart({ type: 'source', source: { sourceType: 'file', id: 's', url: 'u' } }),
    ['messages[0].parts[0].source.sourceType'],
  ],
  ['source part without url', withPart({ type: 'source', source: { sourceType: 'url', id: 's' } }), ['messages[0].parts[0].source.url']],
  [
    'tool invocation of unknown state',
    withPart({ type: 'tool-invocation', toolInvocation: { state: 'done', toolCallId: 'c', toolName: 't', args: {} } }),
    ['messages[0].parts[0].toolInvocation.state'],
  ],
  [
    'tool call without args or name',
    withPart({ type: 'tool-invocation', toolInvocation: { state: 'call', toolCallId: 'c' } }),
    ['messages[0].parts[0].toolInvocation.toolName', 'messages[0].parts[0].toolInvocation.args'],
  ],
  [
    'tool result without result',
    withPart({ type: 'tool-invocation', toolInvocation: { state: 'result', toolCallId: 'c', toolName: 't', args: {} } }),
    ['messages[0].parts[0].toolInvocation.result'],
  ],
  [
    'tool step is a string',
    withPart({ type: 'tool-invocation', toolInvocation: { state: 'partial-call', step: '1', toolCallId: 'c', toolName: 't', args: {} } }),
    ['messages[0].parts[0].toolInvocation.step'],
  ],
];

describe('bad request bodies get 400 naming every offending field; nothing is stored', () => {
  it.each(cases)('%s', async (_name, body, paths) => {
    const { status, json } = await send(JSON.stringify(body));
    expect(status).toBe(400);
    expect(json.error.code).toBe('invalid_request');
    const named = json.error.issues.map((i: { path: string }) => i.path);
    for (const p of paths) expect(named).toContain(p);
    expect(named).toHaveLength(new Set(named).size);
    for (const i of json.error.issues) {
      const expected =
        i.path === '(body)'
          ? ''
          : '/' +
            i.path
              .replace(/\[(\d+)\]/g, '.$1')
              .split('.')
              .join('/');
      expect(i.pointer).toBe(expected);
    }
    expect(json.error.message).toContain(paths[0]!);
  });

  it('collects several problems at once, with JSON pointers', async () => {
    const { json } = await send(
      JSON.stringify({ fp: 1, messages: [msg({ role: 'robot', parts: [{ type: 'nope' }] })], currentPath: 'x'.repeat(201) }),
    );
    const byPath = Object.fromEntries(json.error.issues.map((i: any) => [i.path, i]));
    expect(Object.keys(byPath).sort()).toEqual(['currentPath', 'fp', 'messages[0].parts[0].type', 'messages[0].role']);
    expect(byPath['messages[0].parts[0].type'].pointer).toBe('/messages/0/parts/0/type');
    expect(byPath['messages[0].role'].message).toBe('expected one of: system, assistant, data, user');
    expect(byPath.currentPath.message).toBe('must be at most 200 characters');
  });

  it('malformed JSON -> 400', async () => {
    const { status, json } = await send('{"fp": "anonymous", "messages": [');
    expect(status).toBe(400);
    expect(json.error.code).toBe('malformed_json');
  });

  it('invalid UTF-8 -> 400', async () => {
    const { status } = await send(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]));
    expect(status).toBe(400);
  });

  it('wrong or missing content type -> 415', async () => {
    for (const ct of ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1']) {
      const { status, json, res } = await send(JSON.stringify(good()), { 'Content-Type': ct });
      expect(status, ct).toBe(415);
      expect(json.error.code).toBe('unsupported_media_type');
      expect(res.headers.get('accept-post')).toBe('application/json');
    }
    const { status } = await send(new Blob([JSON.stringify(good())]), {});
    expect(status).toBe(415);
  });

  it('a 10 MB body -> 413 (declared length)', async () => {
    const big = JSON.stringify({ ...good(), pad: 'x'.repeat(10 * 1024 * 1024) });
    const { status, json } = await send(big);
    expect(status).toBe(413);
    expect(json.error.code).toBe('payload_too_large');
  });

  it('a 10 MB chunked body without Content-Length -> 413, stops reading', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"fp":"anonymous","pad":"'));
      },
      pull(c) {
        if (pulled >= 160) {
          c.enqueue(new TextEncoder().encode('"}'));
          c.close();
          return;
        }
        pulled++;
        c.enqueue(chunk);
      },
    });
    const { status } = await send(stream, { 'Content-Type': 'application/json' }, { duplex: 'half' } as RequestInit).catch(
      (e: Error) => ({ status: `client error ${e.message}` }) as any,
    );
    expect(status).toBe(413);
    expect(pulled).toBeLessThan(160);
  });

  it('stored nothing for any of the above', () => {
    expect(countRows(t.site.threadsPath)).toEqual({ threads: 0, messages: 0 });
  });

  it('accepts the full documented body, plus the extra keys real v4 clients send', async () => {
    const full = {
      id: 'chat-1',
      fp: 'user-1',
      threadId: null,
      retrievalPageSize: 3,
      filter: { version: 'v2', language: 'en' },
      context: [
        { type: 'code', value: 'acme.refunds.create()', path: '/v2/refunds', elementId: 'code-block-1' },
        { type: 'textSelection', value: 'partial refund' },
      ],
      currentPath: '/v2/refunds',
      data: { anything: true },
      messages: [
        { id: 's', role: 'system', content: 'be brief', parts: [{ type: 'text', text: 'be brief' }] },
        { id: 'd', role: 'data', content: '', parts: [] },
        {
          id: 'a',
          role: 'assistant',
          content: 'earlier',
          createdAt: '2026-01-01T00:00:00.000Z',
          revisionId: 'rev-1',
          reasoning: 'thinking',
          toolInvocations: [],
          annotations: [{ type: 'finish', threadId: 'thr_old' }],
          parts: [
            { type: 'step-start' },
            {
              type: 'reasoning',
              reasoning: 'r',
              details: [
                { type: 'text', text: 'r', signature: 'sig' },
                { type: 'redacted', data: 'xx' },
              ],
            },
            { type: 'source', source: { sourceType: 'url', id: 's1', url: 'https://docs.example/a', title: 'A' } },
            { type: 'tool-invocation', toolInvocation: { state: 'partial-call', toolCallId: 'c0', toolName: 'search', args: {} } },
            {
              type: 'tool-invocation',
              toolInvocation: { state: 'call', step: 0, toolCallId: 'c1', toolName: 'search', args: { query: 'q' } },
            },
            {
              type: 'tool-invocation',
              toolInvocation: { state: 'result', step: 0, toolCallId: 'c2', toolName: 'search', args: { query: 'q' }, result: [] },
            },
            { type: 'text', text: 'earlier' },
          ],
        },
        {
          role: 'user',
          content: 'How do I make a partial refund?',
          createdAt: '2026-01-01T00:00:01+02:00',
          parts: [{ type: 'text', text: 'How do I make a partial refund?' }],
          experimental_attachments: [{ url: 'https://x.example/a.png', name: 'a.png', contentType: 'image/png' }],
        },
      ],
    };
    const { status, res } = await send(JSON.stringify(full), { 'Content-Type': 'application/json; charset=utf-8' });
    expect(status).toBe(200);
    expect(res.headers.get('x-thread-id')).toMatch(/^thr_/);
  });
});
