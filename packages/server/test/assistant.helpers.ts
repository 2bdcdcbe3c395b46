/** Shared set-up for the assistant tests: the docs fixture as a SitePlan, a real HTTP server, key stores. */
import { afterAll, beforeAll } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { serve } from '@hono/node-server';
import matter from 'gray-matter';
import { callChatApi } from '@ai-sdk/ui-utils';
import type { ApiDocument, Operation, Page, Schema, SitePlan } from '@lectern/core';
import {
  buildAssistantIndex,
  createAssistantHandler,
  documentsFromPlan,
  openSqliteKeyStore,
  type AssistantHandlerOptions,
} from '../src/assistant/index.ts';

export const FIXTURE = join(import.meta.dirname, '../../../fixtures/assistant');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** A tiny OpenAPI 3.0 -> model mapper, enough for the fixture (the real loader lives in @lectern/core). */
function fixtureOperations(source: string, doc: any): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      ops.push({
        kind: 'operation',
        source,
        method,
        path,
        operationId: op.operationId,
        summary: op.summary,
        description: op.description,
        tags: op.tags ?? [],
        deprecated: false,
        servers: [],
        parameters: (op.parameters ?? []).map((p: any) => ({
          name: p.name,
          in: p.in,
          required: !!p.required,
          deprecated: false,
          description: p.description,
          schema: p.schema as Schema,
          style: 'simple',
          explode: false,
          allowReserved: false,
          allowEmptyValue: false,
          examples: [],
          extensions: {},
        })),
        requestBody: op.requestBody
          ? {
              required: !!op.requestBody.required,
              content: Object.entries<any>(op.requestBody.content).map(([mediaType, m]) => ({ mediaType, schema: m.schema, examples: [] })),
            }
          : undefined,
        responses: Object.entries<any>(op.responses).map(([status, r]) => ({
          status,
          description: r.description,
          headers: [],
          content: [],
        })),
        security: [],
        callbacks: [],
        codeSamples: [],
        xMint: { metadata: {}, groups: [] },
        hidden: false,
        excluded: false,
        extensions: {},
        pointer: `/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}`,
      });
    }
  }
  return ops;
}

/** The docs fixture as a SitePlan: every MDX page as a guide page, plus one generated endpoint page. */
export function fixturePlan(): SitePlan {
  const docsDir = join(FIXTURE, 'docs');
  const pages: Page[] = walk(docsDir)
    .filter((f) => f.endsWith('.mdx'))
    .sort()
    .map((file) => {
      const { data, content } = matter(readFileSync(file, 'utf8'));
      const slug = relative(docsDir, file).replace(/\.mdx$/, '');
      const page: Page = {
        kind: 'guide',
        slug,
        title: String(data.title),
        description: data.description,
        frontmatter: data,
        body: content,
        file: relative(FIXTURE, file),
        hidden: false,
        deprecated: false,
      };
      if (data.version) page.version = data.version;
      if (data.language) page.language = data.language;
      return page;
    });
  const raw = JSON.parse(readFileSync(join(FIXTURE, 'docs/openapi.json'), 'utf8'));
  const spec: ApiDocument = {
    kind: 'openapi',
    source: 'openapi.json',
    originalVersion: raw.openapi,
    title: raw.info.title,
    apiVersion: raw.info.version,
    servers: [],
    tags: [],
    operations: fixtureOperations('openapi.json', raw),
    securitySchemes: {},
    extensions: {},
    schemas: {},
  };
  pages.push({
    kind: 'operation',
    slug: 'api-reference/payments/capture-a-payment',
    title: 'Capture a payment',
    frontmatter: {},
    body: '',
    hidden: false,
    deprecated: false,
    spec: 'openapi.json',
    method: 'post',
    path: '/payments/{id}/capture',
  });
  // A restricted page: must never reach the assistant.
  pages.push({
    kind: 'guide',
    slug: 'internal/secret-roadmap',
    title: 'Secret roadmap',
    frontmatter: {},
    body: 'The zeppelin launch is planned for next spring.',
    hidden: true,
    deprecated: false,
    groups: ['staff'],
  });
  return { root: FIXTURE, pages, navigation: [], global: [], specs: { 'openapi.json': spec }, diagnostics: [] };
}

export interface TestSite {
  dir: string;
  indexPath: string;
  keysPath: string;
  threadsPath: string;
  /** Key of org `acme` for domain `acme`. */
  acmeKey: string;
  /** Key of org `globex` for domain `globex`. */
  globexKey: string;
  /** Key of org `acme` for domain `acme-staging` only. */
  stagingKey: string;
  /** A revoked key of org `acme`. */
  revokedKey: string;
  cleanup(): void;
}

export async function createTestSite(): Promise<TestSite> {
  const dir = mkdtempSync(join(tmpdir(), 'lectern-assistant-'));
  const indexPath = join(dir, 'index.db');
  const keysPath = join(dir, 'keys.db');
  const threadsPath = join(dir, 'threads.db');
  buildAssistantIndex(documentsFromPlan(fixturePlan()), indexPath);
  const store = openSqliteKeyStore(keysPath);
  const acme = await store.create({ org: 'acme', domains: ['acme'] });
  const globex = await store.create({ org: 'globex', domains: ['globex'] });
  const staging = await store.create({ org: 'acme', domains: ['acme-staging'] });
  const revoked = await store.create({ org: 'acme', domains: ['acme'] });
  await store.revoke(revoked.record.id);
  return {
    dir,
    indexPath,
    keysPath,
    threadsPath,
    acmeKey: acme.key,
    globexKey: globex.key,
    stagingKey: staging.key,
    revokedKey: revoked.key,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface TestServer {
  /** Origin, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  endpoint(domain?: string): string;
  close(): Promise<void>;
}

/** Serve the handler on 127.0.0.1 the way `lectern serve` mounts it (under `/discovery`). */
export async function startServer(options: AssistantHandlerOptions): Promise<TestServer> {
  const handler = createAssistantHandler(options);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve(
      {
        fetch: (request, env) => handler(request, { clientIp: (env as any).incoming.socket.remoteAddress }),
        hostname: '127.0.0.1',
        port: 0,
      },
      () => resolve(s),
    );
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    endpoint: (domain = 'acme') => `${origin}/discovery/v1/assistant/${domain}/message`,
    close: () =>
      new Promise<void>((resolve) => {
        (server as any).closeAllConnections?.();
        server.close(() => {
          handler.close();
          resolve();
        });
      }),
  };
}

export interface ChatResult {
  message: any;
  data: unknown[];
  finishReason?: string;
  usage?: unknown;
  headers: Headers;
  status: number;
}

/** Send a request exactly as `useChat` v4 does (callChatApi), and collect what the hook would show. */
export async function chat(api: string, key: string, body: Record<string, unknown>): Promise<ChatResult> {
  let message: any;
  let data: unknown[] = [];
  let finishReason: string | undefined;
  let usage: unknown;
  let headers = new Headers();
  let status = 0;
  await callChatApi({
    api,
    body,
    streamProtocol: 'data',
    credentials: undefined,
    headers: { Authorization: `Bearer ${key}` },
    abortController: () => null,
    restoreMessagesOnFailure: () => {},
    onResponse: (response) => {
      headers = response.headers;
      status = response.status;
    },
    onUpdate: ({ message: m, data: d }) => {
      message = m;
      data = d ?? [];
    },
    onFinish: (m, info) => {
      message = m;
      finishReason = info.finishReason;
      usage = info.usage;
    },
    onToolCall: undefined,
    generateId: () => 'client-id',
    fetch: undefined,
    lastMessage: undefined,
  });
  return { message, data, finishReason, usage, headers, status };
}

export function userMessage(text: string, id = 'm1') {
  return { id, role: 'user', content: text, parts: [{ type: 'text', text }], createdAt: new Date().toISOString() };
}

/** Count rows of the thread database directly (what a DBA would see). */
export function countRows(threadsPath: string): { threads: number; messages: number } {
  const db = new DatabaseSync(threadsPath, { readOnly: true });
  try {
    const t = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'assistant_threads'").get() as { n: number };
    if (!t.n) return { threads: 0, messages: 0 };
    const threads = (db.prepare('SELECT count(*) AS n FROM assistant_threads').get() as { n: number }).n;
    const messages = (db.prepare('SELECT count(*) AS n FROM assistant_messages').get() as { n: number }).n;
    return { threads: Number(threads), messages: Number(messages) };
  } finally {
    db.close();
  }
}

/**
 * Registers the file's `beforeAll`/`afterAll`: a test site (index, key and thread stores) and its handler on
 * 127.0.0.1, shared by the file's tests. Read `t.site` and `t.server` inside tests.
 */
export function withTestServer(): { readonly site: TestSite; readonly server: TestServer } {
  const t = {} as { site: TestSite; server: TestServer };
  beforeAll(async () => {
    t.site = await createTestSite();
    t.server = await startServer({ index: t.site.indexPath, keys: t.site.keysPath, threads: t.site.threadsPath });
  });
  afterAll(async () => {
    await t.server?.close();
    t.site?.cleanup();
  });
  return t;
}
