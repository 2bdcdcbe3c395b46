/**
 * One reader cannot make the assistant do unbounded work (issue 38, finding 5): the question, the parts of a body and
 * a thread (messages and characters) are capped with clear JSON errors before any search. Real handler on 127.0.0.1.
 */
import { describe, expect, it } from 'vitest';
import { MAX_QUESTION_CHARS, MAX_REQUEST_PARTS, MAX_THREAD_CHARS } from '../src/assistant/handler.ts';
import { withTestServer } from './assistant.helpers.ts';

const t = withTestServer();

async function post(body: unknown, extra: Record<string, string> = {}) {
  const response = await fetch(t.server.endpoint('acme'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${t.site.acmeKey}`, ...extra },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const message = (text: string) => ({ id: 'm1', role: 'user', content: text, parts: [{ type: 'text', text }] });

describe('assistant size limits', () => {
  it('refuses a question longer than the limit with 413 question_too_large', async () => {
    const r = await post({ fp: 'anonymous', messages: [message('paginate '.repeat(Math.ceil(MAX_QUESTION_CHARS / 9) + 1))] });
    expect(r.status, r.text).toBe(413);
    expect(JSON.parse(r.text).error.code).toBe('question_too_large');
    expect(JSON.parse(r.text).error.message).toContain(`at most ${MAX_QUESTION_CHARS}`);
  });

  it('refuses a body with too many parts with 400 too_many_parts', async () => {
    const parts = Array.from({ length: 20_000 }, () => ({ type: 'text', text: 'a' }));
    const started = Date.now();
    const r = await post({ fp: 'anonymous', messages: [{ id: 'm1', role: 'user', content: 'a', parts }] });
    expect(r.status, r.text).toBe(400);
    expect(JSON.parse(r.text).error.code).toBe('too_many_parts');
    expect(JSON.parse(r.text).error.message).toContain(`at most ${MAX_REQUEST_PARTS}`);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses to grow a thread past its size with 413 thread_too_large', async () => {
    const big = 'How do I paginate? '.repeat(Math.floor((MAX_QUESTION_CHARS - 100) / 19));
    const first = await post({ fp: 'anonymous', messages: [message(big)] });
    expect(first.status, first.text).toBe(200);
    const threadId = first.headers.get('x-thread-id')!;
    const threadKey = first.headers.get('x-thread-key')!;
    let last = { status: 200, text: '' };
    let sent = 1;
    while (last.status === 200 && sent * big.length < MAX_THREAD_CHARS * 2) {
      last = await post({ fp: 'anonymous', threadId, threadKey, messages: [message(big)] });
      sent++;
    }
    expect(last.status, last.text).toBe(413);
    expect(JSON.parse(last.text).error.code).toBe('thread_too_large');
    expect(sent * big.length).toBeLessThanOrEqual(MAX_THREAD_CHARS + 2 * big.length);
  }, 60_000);
});
