/** `lectern check --format github`: every diagnostic as a GitHub Actions annotation, paths from the workspace. */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { escapeAnnotation, runCheckCommand, type CliIO } from '../src/index.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
const workspace = mkdtempSync(path.join(tmpdir(), 'lectern-gha-'));
const docs = path.join(workspace, 'docs');
cpSync(path.join(repo, 'fixtures/sites/links'), docs, { recursive: true });
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

async function run(args: string[], env: Record<string, string | undefined> = {}) {
  let out = '';
  const io: CliIO = { out: (t) => void (out += t), err: (t) => void (out += t), progress: false };
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    return { code: await runCheckCommand(args, io), out };
  } finally {
    process.env = saved;
  }
}

describe('lectern check --format github', () => {
  it('prints one workflow command per diagnostic, with file paths relative to GITHUB_WORKSPACE', async () => {
    const { out } = await run([docs, '--format', 'github'], { GITHUB_WORKSPACE: workspace });
    const lines = out.trim().split('\n');
    const annotations = lines.filter((l) => l.startsWith('::'));
    expect(annotations.length).toBeGreaterThan(3);
    for (const a of annotations)
      expect(a).toMatch(/^::(error|warning) file=docs\/[^,:]+(,line=\d+(,col=\d+)?)?,title=lectern link\/broken::/);
    expect(annotations.some((a) => /line=\d+,col=\d+/.test(a))).toBe(true);
    // Multi-line text stays on one line.
    expect(annotations.every((a) => !a.includes('\r'))).toBe(true);
    expect(annotations.some((a) => a.includes('%0Ahint: '))).toBe(true);
    expect(lines.at(-1)).toMatch(/^lectern check: \d+ errors?, \d+ warnings?; \d+ pages$/);
  });

  it('--strict turns the annotations into errors and fails', async () => {
    const { code, out } = await run([docs, '--format', 'github', '--strict'], { GITHUB_WORKSPACE: workspace });
    expect(code).toBe(1);
    expect(out).not.toMatch(/^::warning /m);
  });

  it('escapes the characters GitHub treats specially', () => {
    expect(escapeAnnotation('50% done\r\nnext')).toBe('50%25 done%0D%0Anext');
    expect(escapeAnnotation('a:b,c', true)).toBe('a%3Ab%2Cc');
  });

  it('refuses an unknown format or option, naming what is allowed', async () => {
    const bad = await run([docs, '--format', 'xml']);
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('--format must be text, json or github');
    const unknown = await run([docs, '--bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain('unknown option --bogus');
    expect(unknown.out).toContain('Allowed: --strict, --all, --format text|json|github');
  });
});
