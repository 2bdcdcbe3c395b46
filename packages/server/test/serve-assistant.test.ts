/**
 * `lectern serve` mounts the assistant API when docs.json enables it: the real command in a child process,
 * a key made with `lectern keys`, and a question answered as an AI SDK v4 data stream.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const bin = path.join(repoRoot, 'packages/astro/bin/lectern.js');
let child: ChildProcess | undefined;
let url = '';
let key = '';

function docsRoot(enabled: boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-serve-assistant-'));
  cpSync(path.join(repoRoot, 'fixtures/assistant/docs'), dir, { recursive: true });
  const config = JSON.parse(readFileSync(path.join(dir, 'docs.json'), 'utf8'));
  config.lectern = { assistant: { enabled } };
  writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(config));
  mkdirSync(path.join(dir, 'dist'));
  writeFileSync(path.join(dir, 'dist/index.html'), '<!doctype html><title>site</title>');
  return dir;
}

async function start(dir: string): Promise<{ child: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, [bin, 'serve', dir, '--port', '0'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const found = await new Promise<string>((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = /serving .* at (http:\/\/\S+)/.exec(text);
      if (match) resolve(match[1]!);
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (c: Buffer) => void (text += c.toString()));
    proc.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${text}`)));
  });
  return { child: proc, url: found.replace(/\/$/, '') };
}

describe('lectern serve with the assistant enabled', () => {
  beforeAll(async () => {
    const dir = docsRoot(true);
    const created = spawnSync(process.execPath, [bin, 'keys', 'create', '--org', 'acme', '--domain', 'acme', '--json'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(created.status, created.stderr).toBe(0);
    key = JSON.parse(created.stdout.trim().split('\n').pop()!).key;
    ({ child, url } = await start(dir));
  }, 60_000);
  afterAll(() => void child?.kill('SIGTERM'));

  it('answers a question from the docs as a data stream, with a thread id', async () => {
    const response = await fetch(`${url}/discovery/v1/assistant/acme/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({
        fp: 'anonymous',
        messages: [{ id: 'm1', role: 'user', content: 'How do I get started?', parts: [{ type: 'text', text: 'How do I get started?' }] }],
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-vercel-ai-data-stream')).toBe('v1');
    const threadId = response.headers.get('x-thread-id');
    expect(threadId).toBeTruthy();
    const lines = (await response.text()).trim().split('\n');
    expect(lines[0]).toMatch(/^f:/);
    expect(lines.some((l) => l.startsWith('9:') && l.includes('"toolName":"search"'))).toBe(true);
    expect(lines.some((l) => l.startsWith('0:'))).toBe(true);
    expect(lines).toContain(`2:[{"type":"finish","threadId":"${threadId}"}]`);
    expect(lines.at(-1)).toMatch(/^d:/);
  });

  it('refuses a request without a key', async () => {
    const response = await fetch(`${url}/discovery/v1/assistant/acme/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
  });
});

describe('lectern serve without the assistant', () => {
  it('does not mount the endpoint', async () => {
    const started = await start(docsRoot(false));
    try {
      const response = await fetch(`${started.url}/discovery/v1/assistant/acme/message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect([404, 405]).toContain(response.status);
      expect(response.headers.get('x-vercel-ai-data-stream')).toBeNull();
    } finally {
      started.child.kill('SIGTERM');
    }
  }, 60_000);
});
