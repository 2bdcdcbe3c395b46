/**
 * The Ask AI panel shows an answer's sources once (answerBody in src/assistant/Panel.tsx): the "Sources:" list that
 * ends the server's extractive answers (written for API clients that show only text) is left out of the rendered
 * answer when the panel lists the same pages under it, and kept when it links anything else.
 */
import { describe, expect, it } from 'vitest';
import { answerBody } from '../src/assistant/Panel.tsx';

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
