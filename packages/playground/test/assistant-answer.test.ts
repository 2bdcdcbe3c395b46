/**
 * The Ask AI panel shows an answer's sources once (answerBody in src/assistant/Panel.tsx): the "Sources:" list that
 * ends the server's extractive answers (written for API clients that show only text) is left out of the rendered
 * answer when the panel lists the same pages under it, and kept when it links anything else.
 */
import { describe, expect, it } from 'vitest';
import { answerBody, NOT_FOUND } from '../src/assistant/Panel.tsx';
import { ANSWER_STRINGS, fill } from '../../server/src/assistant/answer-strings.ts';

const answer = [
  'From [Custom domain › Add your custom domain](/customize/custom-domain#add-your-custom-domain):',
  '',
  '1. Click **Add domain**.',
  '',
  'Sources:',
  '- [Custom domain › Add your custom domain](/customize/custom-domain#add-your-custom-domain)',
  '- [Fix \\[the\\] "Domain already claimed" error](/help-center/domain-already-claimed#release)',
].join('\n');
const sources = [
  { url: '/customize/custom-domain#add-your-custom-domain', title: 'Custom domain › Add your custom domain' },
  { url: '/help-center/domain-already-claimed#release', title: 'Fix [the] "Domain already claimed" error' },
];

describe('answerBody', () => {
  it('leaves out the closing Sources: list the panel shows as its own Sources', () => {
    expect(answerBody(answer, sources)).toBe(answer.slice(0, answer.indexOf('\n\nSources:')));
    expect(answerBody(`${answer}\n`, sources)).not.toContain('Sources:');
  });

  it('keeps the list when it links a page the panel does not list, or when there are no sources', () => {
    expect(answerBody(answer, sources.slice(0, 1))).toBe(answer);
    expect(answerBody(answer, [])).toBe(answer);
  });

  it('keeps a Sources: list in the middle of an answer, and answers without one', () => {
    const middle = `${answer}\n\nMore text after the list.`;
    expect(answerBody(middle, sources)).toBe(middle);
    expect(answerBody('No list here.', sources)).toBe('No list here.');
  });
});

describe('answers in the languages the server writes (packages/server/src/assistant/answer-strings.ts)', () => {
  for (const [language, s] of Object.entries(ANSWER_STRINGS)) {
    it(`${language}: drops the closing list under its localized heading, and knows the docs do not cover a question`, () => {
      const localized = answer.replace('\nSources:\n', `\n${s.sources}\n`);
      expect(answerBody(localized, sources)).toBe(answer.slice(0, answer.indexOf('\n\nSources:')));
      expect(NOT_FOUND.test(fill(s.notFound, { where: s.where }) + s.rephrase)).toBe(true);
      expect(NOT_FOUND.test(fill(s.notFound, { where: fill(s.whereSite, { site: 'Acme' }) }))).toBe(true);
      expect(NOT_FOUND.test(localized)).toBe(false);
    });
  }
});
