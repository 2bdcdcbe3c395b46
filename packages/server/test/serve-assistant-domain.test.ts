/**
 * A site answers only for its own assistant domain (issue 38, finding 6): `lectern serve` with docs.json
 * `lectern.assistant.domain` refuses every other domain with 404 `domain_not_served`, even with a valid key for that
 * domain in the same key store (as a PostgreSQL database shared by several sites holds). Real command, real keys.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const bin = path.join(repoRoot, 'packages/astro/bin/lectern.js');
let dir = '';
let child: ChildProcess | undefined;
let url = '';
const keys: Record<string, string> = {};

function createKey(org: string, domain: string): string {
  const created = spawnSync(process.execPath, [bin, 'keys', 'create', '--org', org, '--domain', domain, '--json'], {
    cwd: dir,
    encoding: 'utf8',
  });
  expect(created.status, created.stderr).toBe(0);
  return JSON.parse(created.stdout.trim().split('\n').pop()!).key;
}

function ask(domain: string, key: string): Promise<Response> {
  const text = 'How do I get started?';
  return fetch(`${url}/discovery/v1/assistant/${domain}/message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ fp: 'anonymous', messages: [{ id: 'm1', role: 'user', content: text, parts: [{ type: 'text', text }] }] }),
  });
}

describe('lectern serve answers only for its configured assistant domain', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lectern-serve-domain-'));
    cpSync(path.join(repoRoot, 'fixtures/assistant/docs'), dir, { recursive: true });
    const config = JSON.parse(readFileSync(path.join(dir, 'docs.json'), 'utf8'));
    config.lectern = { assistant: { enabled: true, domain: 'acme' } };
    writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(config));
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'dist/index.html'), '<!doctype html><title>site</title>');
    keys.acme = createKey('acme', 'acme');
    keys.other = createKey('other', 'other-site');
    const proc = spawn(process.execPath, [bin, 'serve', dir, '--port', '0'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    url = await new Promise<string>((resolve, reject) => {
      let text = '';
      proc.stdout!.on('data', (c: Buffer) => {
        text += c.toString();
        const match = /serving .* at (http:\/\/\S+)/.exec(text);
        if (match) resolve(match[1]!.replace(/\/$/, ''));
      });
      proc.stderr!.on('data', (c: Buffer) => void (text += c.toString()));
      proc.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${text}`)));
    });
  }, 60_000);
  afterAll(() => {
    child?.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers for its own domain', async () => {
    const response = await ask('acme', keys.acme!);
    expect(response.status).toBe(200);
    await response.text();
  });

  it("refuses another site's domain with a clear JSON error, whatever the key", async () => {
    for (const key of [keys.other!, keys.acme!]) {
      const response = await ask('other-site', key);
      expect(response.status).toBe(404);
      const body = (await response.json()) as { error: { code: string; message: string } } | { code: string; message: string };
      expect(JSON.stringify(body)).toContain('domain_not_served');
      expect(JSON.stringify(body)).toContain('only for assistant domain \\"acme\\", not \\"other-site\\"');
    }
  });
});

describe('lectern serve with an invalid assistant domain', () => {
  it('refuses to start and names the setting', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'lectern-serve-domain-bad-'));
    try {
      cpSync(path.join(repoRoot, 'fixtures/assistant/docs'), root, { recursive: true });
      const config = JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8'));
      config.lectern = { assistant: { enabled: true, domain: 'acme/../x' } };
      writeFileSync(path.join(root, 'docs.json'), JSON.stringify(config));
      mkdirSync(path.join(root, 'dist'));
      writeFileSync(path.join(root, 'dist/index.html'), '<!doctype html>');
      const r = spawnSync(process.execPath, [bin, 'serve', root, '--port', '0'], { cwd: root, encoding: 'utf8', timeout: 30_000 });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('docs.json /lectern/assistant/domain');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 40_000);
});
