/**
 * The registry of code-sample languages (packages/core/src/samples/languages/): one module per language, each
 * registered once, keys and aliases unambiguous, clients that exist, and no language named by the pipeline.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { targets, type Target } from 'httpsnippet';
import { describe, expect, it } from 'vitest';
import { SAMPLE_LANGUAGES } from '../src/samples/languages/index.ts';
import {
  convertHar,
  DEFAULT_LANGUAGES,
  harFromOperation,
  LANGUAGES,
  languageInfo,
  normalizeLanguage,
  SAMPLE_CLIENTS,
} from '../src/index.ts';
import { getOp } from '../../../fixtures/samples/operations.ts';
import { GRAMMARS } from '../../../fixtures/samples/syntax.ts';

const ROOT = join(import.meta.dirname, '../../..');
const SAMPLES = join(ROOT, 'packages/core/src/samples');
const FOLDER = join(SAMPLES, 'languages');
const modules = readdirSync(FOLDER)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .sort();

describe('sample language registry', () => {
  it('lists the 18 languages in tab order, 7 of them by default', () => {
    expect(SAMPLE_LANGUAGES.map((l) => l.key)).toEqual([
      'bash',
      'python',
      'javascript',
      'node',
      'php',
      'go',
      'java',
      'ruby',
      'powershell',
      'swift',
      'csharp',
      'dotnet',
      'typescript',
      'c',
      'c++',
      'kotlin',
      'rust',
      'dart',
    ]);
    expect(LANGUAGES.map((l) => l.key)).toEqual(SAMPLE_LANGUAGES.map((l) => l.key));
    expect(DEFAULT_LANGUAGES).toEqual(['bash', 'python', 'javascript', 'php', 'go', 'java', 'ruby']);
    expect(Object.keys(SAMPLE_CLIENTS)).toEqual(SAMPLE_LANGUAGES.map((l) => l.key));
  });

  it('every module of languages/ default-exports one language, registered once', async () => {
    expect(modules).toHaveLength(SAMPLE_LANGUAGES.length);
    for (const file of modules) {
      const mod = (await import(join(FOLDER, file))) as Record<string, unknown>;
      expect(Object.keys(mod), file).toEqual(['default']);
      expect(
        SAMPLE_LANGUAGES.filter((l) => l === mod.default),
        `${file} is not in SAMPLE_LANGUAGES`,
      ).toHaveLength(1);
      // The file is named after its key (`c++` spelled out as `cpp`).
      expect(file, file).toBe(`${(mod.default as { key: string }).key.replace(/\+/g, 'p')}.ts`);
    }
  });

  it('keys and aliases are unique and each resolves to its language, in any case and with spaces around', () => {
    const owner = new Map<string, string>();
    for (const l of SAMPLE_LANGUAGES) {
      for (const name of new Set([l.key, ...l.aliases.map((a) => a.toLowerCase())])) {
        expect(owner.get(name) ?? l.key, `${name} names both ${owner.get(name)} and ${l.key}`).toBe(l.key);
        owner.set(name, l.key);
      }
      for (const name of [l.key, ...l.aliases]) {
        expect(normalizeLanguage(name), name).toBe(l.key);
        expect(normalizeLanguage(` ${name.toUpperCase()} `), name).toBe(l.key);
      }
      expect(languageInfo(l.key)).toEqual({ key: l.key, name: l.name, aliases: l.aliases, highlight: l.highlight });
    }
    expect(normalizeLanguage('cobol')).toBeUndefined();
  });

  it('every language names a client httpsnippet has once Lectern registered its own', () => {
    convertHar(harFromOperation(getOp), 'bash'); // registers the own clients
    const reg = targets as unknown as Record<string, Target>;
    for (const l of SAMPLE_LANGUAGES) {
      expect(reg[l.client.target]?.clientsById[l.client.client], `${l.key}: ${l.client.target}/${l.client.client}`).toBeDefined();
      if (l.ownClient) expect(reg[l.client.target]!.clientsById[l.client.client], l.key).toBe(l.ownClient.client);
      if (l.fallbackClient) expect(reg[l.client.target]!.clientsById[l.fallbackClient.client], `${l.key} fallback`).toBeDefined();
      expect(convertHar(harFromOperation(getOp), l.key), l.key).not.toMatch(/^(#|\/\/) GET /);
    }
  });

  it('the pipeline outside languages/ names no language', () => {
    const files = readdirSync(SAMPLES).filter((f) => f.endsWith('.ts'));
    expect(files).toContain('generate.ts');
    for (const file of files) {
      const source = readFileSync(join(SAMPLES, file), 'utf8');
      for (const { key } of SAMPLE_LANGUAGES) {
        expect(source.includes(`'${key}'`) || source.includes(`"${key}"`), `${file} names ${key}`).toBe(false);
      }
    }
  });

  it('every language has a syntax check and a row in the docs', () => {
    expect([...Object.keys(GRAMMARS), 'powershell'].sort()).toEqual(SAMPLE_LANGUAGES.map((l) => l.key).sort());
    const page = readFileSync(join(ROOT, 'docs/api-pages/code-samples.mdx'), 'utf8');
    const lines = page.slice(page.indexOf('| Display name | Key | Aliases |')).split('\n').slice(2);
    const rows = lines.slice(
      0,
      lines.findIndex((line) => !line.startsWith('|')),
    );
    expect(
      rows.map((row) =>
        row
          .split('|')
          .slice(1, 4)
          .map((cell) => cell.trim()),
      ),
    ).toEqual(SAMPLE_LANGUAGES.map((l) => [l.name, `\`${l.key}\``, l.aliases.length ? l.aliases.map((a) => `\`${a}\``).join(', ') : '—']));
  });
});
