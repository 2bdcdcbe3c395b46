/**
 * Parallel large questions do not hold up the rest of `lectern serve` (issue 38, finding 5): the search reads a
 * bounded part of each question, so its work on the event loop does not grow with the question up to the size cap.
 * Real index, real handler, real HTTP server on 127.0.0.1. No wall-clock bound is asserted: the work is bounded by
 * what the search is given, and by the ratio of a question at the cap to a short one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistantHandler, openAssistantIndex, type AssistantIndex } from '../src/assistant/index.ts';
import { MAX_QUESTION_CHARS } from '../src/assistant/handler.ts';
import { MAX_SEARCH_CHARS, retrieve, type SearchOptions } from '../src/assistant/retrieval.ts';
import { createTestSite, startServer, type TestServer, type TestSite } from './assistant.helpers.ts';

const WORDS = (
  'pagination cursor webhook signature refund capture payment idempotency retry timeout customer invoice subscription ' +
  'authentication token rotate sandbox live mode error limit'
).split(' ');

/** A question of `chars` characters, of many different words (the costly kind for the search). */
function question(seed: number, chars: number): string {
  let text = '';
  let x = seed * 7919 + 1;
  for (let i = 0; text.length < chars; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    text += i % 2 ? `${WORDS[x % WORDS.length]} ` : `${x.toString(36).slice(0, 6)} `;
  }
  return text.slice(0, chars).trim();
}

let site: TestSite;
let server: TestServer;
let index: AssistantIndex;
/** What the search was given, per call (the real index, counted). */
const searched: SearchOptions[] = [];

beforeAll(async () => {
  site = await createTestSite();
  index = openAssistantIndex(site.indexPath);
  const counted: AssistantIndex = {
    ...index,
    search: (options) => {
      searched.push(options);
      return index.search(options);
    },
  };
  server = await startServer({ index: counted, keys: site.keysPath, threads: site.threadsPath, onError: () => {} });
});

afterAll(async () => {
  await server.close();
  index.close();
  site.cleanup();
});

async function ask(text: string, thread: { threadId?: string; threadKey?: string } = {}) {
  const response = await fetch(server.endpoint('acme'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${site.acmeKey}` },
    body: JSON.stringify({
      fp: 'anonymous',
      ...thread,
      messages: [{ id: 'm1', role: 'user', content: text, parts: [{ type: 'text', text }] }],
    }),
  });
  await response.text();
  return { status: response.status, threadId: response.headers.get('x-thread-id'), threadKey: response.headers.get('x-thread-key') };
}

describe('assistant work per question is bounded', () => {
  it('searches at most MAX_SEARCH_CHARS of a question and of each earlier question, whatever their size', async () => {
    searched.length = 0;
    const first = await ask(question(1, MAX_QUESTION_CHARS - 10));
    expect(first.status).toBe(200);
    const follow = await ask(question(2, MAX_QUESTION_CHARS - 10), { threadId: first.threadId!, threadKey: first.threadKey! });
    expect(follow.status).toBe(200);
    expect(searched).toHaveLength(2);
    for (const options of searched) {
      expect(options.text.length).toBeGreaterThan(MAX_SEARCH_CHARS - 100);
      expect(options.text.length).toBeLessThanOrEqual(MAX_SEARCH_CHARS);
      for (const earlier of options.history ?? []) expect(earlier.length).toBeLessThanOrEqual(MAX_SEARCH_CHARS);
    }
    expect(searched[1]!.history).toHaveLength(1);
    // A short question is searched whole.
    searched.length = 0;
    expect((await ask('How do I paginate through results?')).status).toBe(200);
    expect(searched[0]!.text).toBe('How do I paginate through results?');
  });

  it('a question at the size cap costs the search about what one of MAX_SEARCH_CHARS does (ratio, not a time)', () => {
    // Both sizes measured in turn, the fastest of 9 each: a busy machine slows both alike.
    const time = (text: string) => {
      const started = performance.now();
      searchOnce(text);
      return performance.now() - started;
    };
    time(question(99, MAX_SEARCH_CHARS)); // warm-up
    const limit: number[] = [];
    const cap: number[] = [];
    for (let i = 0; i < 9; i++) {
      limit.push(time(question(100 + i, MAX_SEARCH_CHARS)));
      cap.push(time(question(200 + i, MAX_QUESTION_CHARS - 10)));
    }
    const atLimit = Math.min(...limit);
    const atCap = Math.min(...cap);
    // Before the bound, a question at the cap cost ~7x one of 2,000 characters (~200 ms against ~28 ms).
    expect(atCap / atLimit).toBeLessThan(4);
  });
});

/** The search as the endpoint runs it (retrieve(), on the real index). */
function searchOnce(text: string) {
  return retrieve(index, { turns: [{ role: 'user', text }], limit: 5 });
}
