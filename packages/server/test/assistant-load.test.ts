import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openSqliteThreadStore } from '../src/assistant/index.ts';
import { chat, countRows, FIXTURE, userMessage, withTestServer } from './assistant.helpers.ts';

const t = withTestServer();

it('serves 100 concurrent streams without an error and stores every thread', async () => {
  const questions = (JSON.parse(readFileSync(join(FIXTURE, 'questions.json'), 'utf8')) as Array<{ q: string }>).map((x) => x.q);
  const results = await Promise.allSettled(
    Array.from({ length: 100 }, (_, i) =>
      chat(t.server.endpoint(), t.site.acmeKey, {
        fp: `user-${i}`,
        messages: [userMessage(questions[i % questions.length]!)],
        retrievalPageSize: 5,
      }),
    ),
  );
  const failures = results.filter((r) => r.status === 'rejected');
  expect(failures.map((f) => String((f as PromiseRejectedResult).reason))).toEqual([]);
  const ok = results.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof chat>>>).value);
  const ids = new Set(ok.map((r) => r.headers.get('x-thread-id')));
  expect(ids.size).toBe(100);
  for (const r of ok) {
    expect(r.status).toBe(200);
    expect(r.finishReason).toBe('stop');
    expect(r.data).toEqual([{ type: 'finish', threadId: r.headers.get('x-thread-id') }]);
    expect(r.message.content.length).toBeGreaterThan(50);
  }
  expect(countRows(t.site.threadsPath)).toEqual({ threads: 100, messages: 200 });
  const store = openSqliteThreadStore(t.site.threadsPath);
  const sample = ok[37]!;
  const stored = await store.messages(sample.headers.get('x-thread-id')!);
  expect(stored.map((m) => m.role)).toEqual(['user', 'assistant']);
  expect(stored[1]!.content).toBe(sample.message.content);
});
