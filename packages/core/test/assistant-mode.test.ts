/** `mode: "assistant"` pages: `lectern check` warns, naming the file, when the site has no assistant to chat with. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSitePlan } from '../src/index.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function repo(assistant: boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-assistant-mode-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'help'));
  writeFileSync(
    path.join(dir, 'docs.json'),
    JSON.stringify({
      name: 'S',
      theme: 'mint',
      colors: { primary: '#0D9373' },
      navigation: { groups: [{ group: 'G', pages: ['index', 'help/ask'] }] },
      ...(assistant ? { lectern: { assistant: { enabled: true } } } : {}),
    }),
  );
  writeFileSync(path.join(dir, 'index.mdx'), '---\ntitle: Home\ndescription: D.\n---\nHi.\n');
  writeFileSync(path.join(dir, 'help/ask.mdx'), '---\ntitle: Ask\ndescription: D.\nmode: assistant\n---\nAsk us anything.\n');
  return dir;
}

describe('mode: "assistant"', () => {
  it('warns, naming the file, when the assistant is not enabled', async () => {
    const { diagnostics } = await buildSitePlan(repo(false));
    const found = diagnostics.filter((d) => d.code === 'page/assistant-mode');
    expect(found.map((d) => [d.severity, d.file])).toEqual([['warning', path.join('help', 'ask.mdx')]]);
    expect(found[0]!.message).toContain('the assistant is not enabled');
    expect(found[0]!.hint).toContain('"enabled": true');
  });

  it('says nothing when the assistant is on', async () => {
    const { diagnostics } = await buildSitePlan(repo(true));
    expect(diagnostics.filter((d) => d.code === 'page/assistant-mode')).toEqual([]);
  });
});
