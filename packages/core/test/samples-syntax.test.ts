/**
 * Every generated sample parses in its language's tree-sitter grammar with no ERROR/MISSING node
 * (PowerShell: structural check). Fixtures in full; the GitHub REST description on a fixed subset of
 * operations (every 10th) — set LECTERN_FULL_SWEEP=1 for all 1,200+ operations (also `node bench/samples.ts --check`).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, loadSpec, requestSamples, type LanguageKey, type Operation } from '../src/index.ts';
import { ALL_OPERATIONS } from '../../../fixtures/samples/operations.ts';
import { GRAMMARS, powershellProblem, syntaxProblem } from '../../../fixtures/samples/syntax.ts';

const ROOT = join(import.meta.dirname, '../../..');
const ALL: LanguageKey[] = LANGUAGES.map((l) => l.key);

async function problems(ops: Operation[], defaults: Array<'all' | 'required'> = ['all', 'required']): Promise<string[]> {
  const out: string[] = [];
  for (const op of ops) {
    for (const d of defaults) {
      for (const s of requestSamples({ operation: op, languages: ALL, defaults: d, autogenerate: true })) {
        if (!s.generated) continue;
        const p = await syntaxProblem(s.lang as LanguageKey, s.source);
        if (p) out.push(`${op.method.toUpperCase()} ${op.path} [${d}] ${s.lang} ${p.line}:${p.column} ${p.message}`);
      }
    }
  }
  return out;
}

describe('sample syntax', () => {
  it('the checkers reject broken code (so a pass means something)', async () => {
    for (const lang of Object.keys(GRAMMARS) as LanguageKey[]) {
      expect(await syntaxProblem(lang, `${lang === 'php' ? '<?php\n' : ''}x = ((( "unterminated`), lang).toBeDefined();
    }
    expect(await syntaxProblem('python', 'import requests\nprint(requests.get("https://x").json())\n')).toBeUndefined();
    expect(powershellProblem("$body = 'it's'\n")).toBeDefined();
    expect(powershellProblem("$headers = @{\n    'a' = 'b'\n")).toBeDefined();
    expect(powershellProblem("$body = @'\nunterminated\n")).toBeDefined();
    expect(powershellProblem("$x = 'ok'\nthis is not a statement\n")).toBeDefined();
    expect(powershellProblem("$body = @'\n{ \"a\": 'b' }\n'@\n$r = Invoke-RestMethod -Uri 'https://x' -Body $body\n")).toBeUndefined();
  });

  it('fixture operations: every language, both defaults', async () => {
    expect(await problems(Object.values(ALL_OPERATIONS))).toEqual([]);
  });

  it('spec fixture operations (loaded by loadSpec)', async () => {
    const { document } = await loadSpec({ root: ROOT, source: 'fixtures/samples/api.yaml' });
    if (document?.kind !== 'openapi') throw new Error('fixture did not load');
    expect(await problems(document.operations)).toEqual([]);
  });

  it('GitHub REST description: all 18 languages', async () => {
    const { document } = await loadSpec({ root: ROOT, source: 'node_modules/@octokit/openapi/generated/api.github.com.json' });
    if (document?.kind !== 'openapi') throw new Error('GitHub description did not load');
    expect(document.operations.length).toBeGreaterThan(1000);
    const full = process.env.LECTERN_FULL_SWEEP === '1';
    const ops = full ? document.operations : document.operations.filter((_, i) => i % 10 === 0);
    expect(await problems(ops, ['all'])).toEqual([]);
  }, 300_000);
});
