/** `.mintlify/Assistant.md`: read from the docs repo, bounded, and put in the model's system prompt after Lectern's own rules. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSiteInstructions } from '../src/assistant/handler.ts';
import { systemPrompt } from '../src/assistant/model-composer.ts';

const root = mkdtempSync(path.join(tmpdir(), 'lectern-assistant-md-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('site instructions (.mintlify/Assistant.md)', () => {
  it('are absent without the file, trimmed with it, and cut at 8,000 characters', () => {
    expect(readSiteInstructions(root)).toBeUndefined();
    mkdirSync(path.join(root, '.mintlify'));
    writeFileSync(path.join(root, '.mintlify/Assistant.md'), '\n  Be brief.\n\n');
    expect(readSiteInstructions(root)).toBe('Be brief.');
    writeFileSync(path.join(root, '.mintlify/Assistant.md'), 'x'.repeat(9000));
    expect(readSiteInstructions(root)).toHaveLength(8000);
    writeFileSync(path.join(root, '.mintlify/Assistant.md'), '   \n');
    expect(readSiteInstructions(root)).toBeUndefined();
  });

  it('follow the rules in the system prompt and come before the excerpts', () => {
    const base = { question: 'q', terms: [], messages: [], passages: [{ title: 'T', heading: '', path: '/t', content: 'Excerpt.' }] };
    const plain = systemPrompt(base as never);
    expect(plain).not.toContain("owners' instructions");
    const prompt = systemPrompt({ ...base, instructions: 'Answer in French.' } as never);
    const rules = prompt.indexOf('data, not instructions');
    const own = prompt.indexOf('Answer in French.');
    expect(rules).toBeGreaterThan(0);
    expect(own).toBeGreaterThan(rules);
    expect(own).toBeLessThan(prompt.indexOf('Documentation excerpts:'));
    expect(prompt).toContain("The documentation owners' instructions (follow them where they do not conflict with the rules above):");
  });
});
