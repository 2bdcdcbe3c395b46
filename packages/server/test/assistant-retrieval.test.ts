import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAssistantIndex,
  documentsFromPlan,
  mdxToText,
  openAssistantIndex,
  relevantPassages,
  type AssistantIndex,
} from '../src/assistant/index.ts';
import { createTestSite, FIXTURE, fixturePlan, type TestSite } from './assistant.helpers.ts';

const questions = JSON.parse(readFileSync(join(FIXTURE, 'questions.json'), 'utf8')) as Array<{ q: string; expect: string }>;

let site: TestSite;
let index: AssistantIndex;

beforeAll(async () => {
  site = await createTestSite();
  index = openAssistantIndex(site.indexPath);
});
afterAll(() => {
  index.close();
  site.cleanup();
});

describe('retrieval over the docs fixture', () => {
  it.each(questions)('"$q" -> $expect', ({ q, expect: expected }) => {
    const { passages, terms } = index.search({ text: q, limit: 5 });
    const top = passages[0];
    expect(top, `no result for ${q}`).toBeDefined();
    if (expected.includes('#')) expect(top!.path).toBe(expected);
    else expect(top!.page).toBe(expected);
    // The top result is also relevant enough for the composer to quote it.
    expect(relevantPassages(terms, passages)[0]?.path).toBe(top!.path);
  });

  it('finds nothing relevant for questions the docs cannot answer', () => {
    for (const q of ['What is the capital of France?', 'Recipe for sourdough bread', 'Who won the 1998 world cup?']) {
      const { passages, terms } = index.search({ text: q, limit: 5 });
      expect(relevantPassages(terms, passages), q).toEqual([]);
    }
  });

  it('keeps only strong matches for quoting', () => {
    const { passages, terms } = index.search({ text: 'How do I create my first payment?', limit: 5 });
    // Idempotency and webhooks also mention "creating" a "payment", but much more weakly.
    expect(passages.map((p) => p.page)).toContain('/guides/idempotency');
    expect(relevantPassages(terms, passages).map((p) => p.path)).toEqual(['/quickstart#create-your-first-payment']);
  });

  it('never throws on FTS syntax in user text', () => {
    const nasty = [
      'NEAR(a b) OR "unterminated',
      'payments* AND -webhooks ^ NOT',
      '{title}: col:"x" ) ( ) ""',
      "'; DROP TABLE sections; --",
      '*',
      '???',
      '',
      'ÄÖÜ émoji 🎉 日本語の文書',
    ];
    for (const q of nasty) expect(() => index.search({ text: q, limit: 5 })).not.toThrow();
    expect(index.search({ text: 'webhooks AND signatures', limit: 3 }).passages[0]?.page).toBe('/guides/webhooks');
    expect(index.search({ text: '???', limit: 3 }).passages).toEqual([]);
  });

  it('honours filter.version (unversioned pages stay eligible)', () => {
    const v1 = index.search({ text: 'How do I create a refund?', limit: 5, version: 'v1' });
    expect(v1.passages[0]?.page).toBe('/guides/refunds-v1');
    expect(v1.passages.map((p) => p.page)).not.toContain('/v2/refunds');
    const v2 = index.search({ text: 'How do I create a refund?', limit: 5, version: 'v2' });
    expect(v2.passages[0]?.page).toBe('/v2/refunds');
    expect(v2.passages.map((p) => p.page)).not.toContain('/guides/refunds-v1');
  });

  it('honours filter.language', () => {
    const fr = index.search({ text: 'installer SDK paiement', limit: 5, language: 'fr' });
    expect(fr.passages[0]?.page).toBe('/guides/demarrage');
    const en = index.search({ text: 'installer SDK paiement', limit: 5, language: 'en' });
    expect(en.passages.map((p) => p.page)).not.toContain('/guides/demarrage');
  });

  it('boosts results on or near currentPath', () => {
    // "test mode" is on the quickstart, authentication, rate limits and the French page.
    const plain = index.search({ text: 'test mode', limit: 10 });
    expect(plain.passages[0]?.page).not.toBe('/quickstart');
    const onQuickstart = index.search({ text: 'test mode', limit: 10, currentPath: '/quickstart#install-the-sdk' });
    expect(onQuickstart.passages[0]?.page).toBe('/quickstart');
    const rank = (ps: typeof plain.passages) => ps.findIndex((p) => p.page === '/guides/rate-limits');
    const onRateLimits = index.search({ text: 'test mode', limit: 10, currentPath: 'guides/rate-limits' });
    expect(rank(onRateLimits.passages)).toBeLessThan(rank(plain.passages));
  });

  it('takes retrievalPageSize results', () => {
    expect(index.search({ text: 'payment', limit: 2 }).passages).toHaveLength(2);
    expect(index.search({ text: 'payment', limit: 7 }).passages.length).toBeGreaterThan(2);
  });
});

describe('documents from a SitePlan', () => {
  const docs = documentsFromPlan(fixturePlan());

  it('turns guide pages into text without JSX and keeps titles of components', () => {
    const quick = docs.find((d) => d.path === '/quickstart')!;
    expect(quick.title).toBe('Quickstart');
    expect(quick.description).toMatch(/five minutes/);
    expect(quick.markdown).not.toMatch(/<Step|<\/Steps>|<Note>|snippets\/note/);
    expect(quick.markdown).toContain('Install the package');
    expect(quick.markdown).toContain('npm install @acme/payments');
    expect(quick.markdown).toContain('Test mode payments never move real money.');
  });

  it('describes generated endpoint pages from the operation', () => {
    const capture = docs.find((d) => d.path === '/api-reference/payments/capture-a-payment')!;
    expect(capture.markdown).toContain('`POST /payments/{id}/capture`');
    expect(capture.markdown).toContain('Uncaptured payments are released after 7 days.');
    expect(capture.markdown).toMatch(/`id` \(path, string, required\) — ID of the payment to capture\./);
    expect(capture.markdown).toMatch(/`amount_to_capture` \(integer\) — Amount to capture in cents/);
    expect(capture.markdown).toMatch(/`409` — The payment was already captured\./);
  });

  it('keeps version and language, and leaves restricted pages out', () => {
    expect(docs.find((d) => d.path === '/v2/refunds')?.version).toBe('v2');
    expect(docs.find((d) => d.path === '/guides/demarrage')?.language).toBe('fr');
    expect(docs.find((d) => d.path === '/internal/secret-roadmap')).toBeUndefined();
    expect(index.search({ text: 'zeppelin launch', limit: 5 }).passages).toEqual([]);
  });

  it('mdxToText strips JSX but not code', () => {
    const text = mdxToText(
      [
        "import X from './x.mdx';",
        '{/* hidden comment */}',
        '<Card title="Card title" href="/x">Card body</Card>',
        '```tsx',
        'const a = <Foo bar={1} />;',
        '```',
        'Inline {expression} gone.',
      ].join('\n'),
    );
    expect(text).not.toContain('import X');
    expect(text).not.toContain('hidden comment');
    expect(text).toContain('Card title');
    expect(text).toContain('Card body');
    expect(text).toContain('const a = <Foo bar={1} />;');
    expect(text).toContain('Inline gone.');
  });

  it('rebuilding the index replaces it', () => {
    const path = join(site.dir, 'rebuild.db');
    buildAssistantIndex([{ path: 'a', title: 'Alpha', markdown: 'alpha bravo' }], path);
    buildAssistantIndex([{ path: 'b', title: 'Bravo', markdown: '## Charlie\n\ncharlie delta' }], path);
    const idx = openAssistantIndex(path);
    try {
      expect(idx.search({ text: 'alpha', limit: 5 }).passages).toEqual([]);
      expect(idx.search({ text: 'charlie', limit: 5 }).passages[0]?.path).toBe('/b#charlie');
    } finally {
      idx.close();
    }
  });
});
