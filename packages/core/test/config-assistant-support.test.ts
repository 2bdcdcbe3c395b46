/**
 * docs.json `lectern.assistant.supportUrl` / `supportEmail` (the Ask AI panel's deflection to support): accepted as
 * given, and a credentialed or non-http(s) address or a malformed email is a diagnostic at its JSON pointer.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/index.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function load(assistant: Record<string, unknown>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-config-support-'));
  dirs.push(dir);
  const docs = {
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#ff0000' },
    navigation: { groups: [{ group: 'Home', pages: ['index'] }] },
  };
  writeFileSync(path.join(dir, 'docs.json'), JSON.stringify({ ...docs, lectern: { assistant: { enabled: true, ...assistant } } }));
  return loadConfig(dir);
}

describe('docs.json lectern.assistant support settings', () => {
  it('takes a support page and a support email', () => {
    const { config, diagnostics } = load({ supportUrl: 'https://help.example.com/new?from=docs', supportEmail: 'support@example.com' });
    expect(diagnostics).toEqual([]);
    expect(config?.lectern?.assistant).toMatchObject({
      supportUrl: 'https://help.example.com/new?from=docs',
      supportEmail: 'support@example.com',
    });
  });

  it('refuses credentials, other schemes and a malformed email, naming the setting', () => {
    for (const [setting, value] of [
      ['supportUrl', 'https://user:pw@help.example.com/'],
      ['supportUrl', 'javascript:alert(1)'],
      ['supportEmail', 'not an email'],
    ] as const) {
      const { diagnostics } = load({ [setting]: value });
      const text = JSON.stringify(diagnostics);
      expect(text, `${setting}: ${value}`).toContain(setting);
      expect(text).toMatch(/expected (the http\(s\) address of your support page|an email address)/);
    }
  });
});
