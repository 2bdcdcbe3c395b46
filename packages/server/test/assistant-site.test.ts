/** The assistant over a real docs repo: `buildSitePlan` (from @lectern/core) -> documents -> index, on first use. */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildSiteAssistantIndex,
  createAssistantHandler,
  DEFAULT_INDEX_DB,
  DEFAULT_KEYS_DB,
  openAssistantIndex,
  openSqliteKeyStore,
} from '../src/assistant/index.ts';
import { chat, FIXTURE, startServer, userMessage, type TestServer } from './assistant.helpers.ts';

let root: string;
let server: TestServer;
let key: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'lectern-assistant-site-'));
  cpSync(join(FIXTURE, 'docs'), root, { recursive: true });
  key = (await openSqliteKeyStore(join(root, DEFAULT_KEYS_DB)).create({ org: 'acme', domains: ['acme'] })).key;
  server = await startServer({ root });
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

it('builds the index from the site on first use and answers from guide and generated endpoint pages', async () => {
  expect(existsSync(join(root, DEFAULT_INDEX_DB))).toBe(false);
  const capture = await chat(server.endpoint(), key, {
    fp: 'anonymous',
    messages: [userMessage('How do I capture an authorized payment?')],
  });
  expect(capture.status).toBe(200);
  expect(existsSync(join(root, DEFAULT_INDEX_DB))).toBe(true);
  expect(capture.message.content).toContain('(/api-reference/payments/capture-a-payment)');
  expect(capture.message.content).toContain('POST /payments/{id}/capture');
  const hooks = await chat(server.endpoint(), key, { fp: 'anonymous', messages: [userMessage('Are webhook deliveries retried?')] });
  expect(hooks.message.content).toContain('(/guides/webhooks#retries)');
});

it('rebuilds an index written in an older format instead of failing', async () => {
  const other = mkdtempSync(join(tmpdir(), 'lectern-assistant-site-old-'));
  try {
    cpSync(join(FIXTURE, 'docs'), other, { recursive: true });
    mkdirSync(join(other, '.lectern'), { recursive: true });
    const old = new DatabaseSync(join(other, DEFAULT_INDEX_DB));
    old.exec(
      "CREATE VIRTUAL TABLE sections USING fts5(title, heading, body, description, page UNINDEXED); CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES ('builtAt', '2020-01-01')",
    );
    old.close();
    expect(() => openAssistantIndex(join(other, DEFAULT_INDEX_DB))).toThrow(/older Lectern.*rebuild/);
    const otherKey = (await openSqliteKeyStore(join(other, DEFAULT_KEYS_DB)).create({ org: 'acme', domains: ['acme'] })).key;
    const s = await startServer({ root: other });
    try {
      const r = await chat(s.endpoint(), otherKey, { fp: 'anonymous', messages: [userMessage('Are webhook deliveries retried?')] });
      expect(r.status).toBe(200);
      expect(r.message.content).toContain('(/guides/webhooks#retries)');
    } finally {
      await s.close();
    }
  } finally {
    rmSync(other, { recursive: true, force: true });
  }
});

it('buildSiteAssistantIndex reports what it indexed', async () => {
  const out = await buildSiteAssistantIndex(root, join(root, 'other.db'));
  expect(out.documents).toBe(12);
  expect(out.sections).toBeGreaterThan(out.documents);
  expect(out.diagnostics).toEqual([]);
});

it('needs the stores or a root', () => {
  expect(() => createAssistantHandler({ index: 'x.db' })).toThrow(/keys, threads required/);
});
