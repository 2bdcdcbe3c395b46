import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODES, runCheckCommand, type CliIO } from '../src/index.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(abs, out);
    else if (/\.(ts|tsx|astro)$/.test(entry.name) && entry.name !== 'diagnostic-codes.ts') out.push(abs);
  }
  return out;
}

/** `code: 'x/y'` and `code = 'x/y'` literals in every package's sources, with the files they are in. */
function codesInSources(): Map<string, string> {
  const found = new Map<string, string>();
  for (const pkg of ['core', 'astro', 'server', 'playground']) {
    for (const file of sources(path.join(REPO, 'packages', pkg, 'src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/'((?:config|nav|page|mdx|link|spec)\/[a-z0-9-]+)'/g))
        found.set(m[1]!, path.relative(REPO, file));
    }
  }
  return found;
}

describe('diagnostic codes', () => {
  const catalogued = new Set(Object.keys(DIAGNOSTIC_CODES));

  it('catalogues every code the sources use, and nothing they do not', () => {
    const used = codesInSources();
    // Module paths that look like codes (`mdx/island-builtins` is a file of the lectern package).
    for (const notACode of ['mdx/island-builtins']) used.delete(notACode);
    expect([...used.keys()].filter((c) => !catalogued.has(c)).map((c) => `${c} (${used.get(c)})`)).toEqual([]);
    expect([...catalogued].filter((c) => !c.includes('<') && !used.has(c))).toEqual([]);
  });

  it('has one line for each code', () => {
    for (const [code, what] of Object.entries(DIAGNOSTIC_CODES)) {
      expect(code).toMatch(/^[a-z]+(\/[a-z0-9<>-]+)+$/);
      expect(what.length, code).toBeGreaterThan(10);
      expect(what, code).not.toContain('\n');
    }
  });

  it('lists every code in the CLI docs and in `lectern check --codes`', async () => {
    const docs = readFileSync(path.join(REPO, 'docs/cli.mdx'), 'utf8');
    expect([...catalogued].filter((c) => !docs.includes(`| \`${c}\` |`))).toEqual([]);
    let out = '';
    const io: CliIO = { out: (s) => (out += s), err: () => {}, progress: false };
    expect(await runCheckCommand(['--codes'], io)).toBe(0);
    for (const code of catalogued) expect(out).toContain(code);
  });
});
