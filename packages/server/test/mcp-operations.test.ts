/**
 * API operations as MCP tools (`x-mint: {mcp: {enabled: true}}`, `x-mcp`) in `lectern serve`: the real command over a
 * small site whose spec points at a real test API on 127.0.0.1, called by the MCP SDK's client through the playground
 * proxy's rules (allowlist, blocked addresses), with the client's own credentials passed on per call.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp, METADATA, startServe, widgetsSpec, type McpToolResult } from '../../astro/test/helpers.ts';

let api: Server;
let apiOrigin = '';
let dir = '';
let child: ChildProcess | undefined;
let url = '';

/** The test API: echoes what it was sent as JSON. */
function startApi(): Promise<void> {
  api = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/widgets/missing')) res.statusCode = 404;
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          authorization: req.headers.authorization ?? null,
          contentType: req.headers['content-type'] ?? null,
          body,
        }),
      );
    });
  });
  return new Promise((resolve) =>
    api.listen(0, '127.0.0.1', () => {
      apiOrigin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

function writeSite(): void {
  dir = mkdtempSync(path.join(tmpdir(), 'lectern-mcp-ops-'));
  const spec = widgetsSpec(apiOrigin, {
    '/widgets/{id}': {
      get: {
        operationId: 'getWidget',
        summary: 'Get a widget',
        'x-mint': { mcp: { enabled: true, name: 'get_widget', description: 'Read one widget by its id' } },
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'verbose', in: 'query', schema: { type: 'boolean' } },
        ],
        responses: { '200': { description: 'The widget' } },
      },
    },
    '/widgets': {
      get: { operationId: 'listWidgets', summary: 'List widgets', responses: { '200': { description: 'Widgets' } } },
      post: {
        operationId: 'createWidget',
        summary: 'Create a widget',
        'x-mcp': { enabled: true },
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } },
        },
        responses: { '201': { description: 'Created' } },
      },
    },
    '/internal': {
      get: {
        operationId: 'staffOnly',
        summary: 'Staff only',
        'x-mint': { mcp: { enabled: true }, groups: ['staff'] },
        responses: { '200': { description: 'Secret' } },
      },
    },
  });
  writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(spec));
  writeFileSync(
    path.join(dir, 'docs.json'),
    JSON.stringify({
      name: 'Widgets',
      theme: 'mint',
      colors: { primary: '#0D9373' },
      lectern: { proxy: { allow: [apiOrigin] } },
      navigation: { groups: [{ group: 'API', openapi: 'openapi.json' }] },
    }),
  );
  mkdirSync(path.join(dir, 'dist/_lectern'), { recursive: true });
  writeFileSync(path.join(dir, 'dist/index.html'), '<!doctype html><title>Widgets</title>');
  // What `lectern build` writes for this site: every spec server, and the allowlist.
  writeFileSync(
    path.join(dir, 'dist/_lectern/manifest.json'),
    JSON.stringify({
      version: 1,
      name: 'Widgets',
      servers: [
        { url: apiOrigin, variables: {} },
        { url: METADATA, variables: {} },
      ],
      proxyAllow: [apiOrigin],
      restricted: {},
    }),
  );
}

const connect = (headers: Record<string, string> = {}) => connectMcp(`${url}/mcp`, headers);
const echo = (result: unknown) => JSON.parse((result as McpToolResult).content[0]!.text.split('\n\n').slice(1).join('\n\n'));

beforeAll(async () => {
  await startApi();
  writeSite();
  ({ url, child } = await startServe(dir));
}, 60_000);

afterAll(async () => {
  child?.kill('SIGTERM');
  await new Promise((r) => api.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe('API operations as MCP tools', () => {
  it('lists the operations marked x-mint.mcp or x-mcp, never restricted or unmarked ones', async () => {
    const client = await connect();
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(['createWidget', 'get_page', 'get_widget', 'readMetadata', 'search']);
      const widget = tools.find((t) => t.name === 'get_widget')!;
      expect(widget.description).toBe('Read one widget by its id (GET /widgets/{id})');
      expect(widget.inputSchema.required).toEqual(['id']);
      expect(Object.keys(widget.inputSchema.properties ?? {}).sort()).toEqual(['id', 'verbose']);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("calls the API on 127.0.0.1 through the proxy with the client's credentials, for that call only", async () => {
    const client = await connect({ Authorization: 'Bearer sk_test_123' });
    try {
      const got = await client.callTool({ name: 'get_widget', arguments: { id: 'w 1', verbose: true } });
      expect(got.isError).toBeFalsy();
      expect((got as McpToolResult).content[0]!.text).toMatch(/^HTTP 200 \(application\/json\)\n\n/);
      expect(echo(got)).toMatchObject({ method: 'GET', url: '/widgets/w%201?verbose=true', authorization: 'Bearer sk_test_123' });
      const made = await client.callTool({ name: 'createWidget', arguments: { body: { name: 'sprocket' } } });
      expect(echo(made)).toMatchObject({ method: 'POST', url: '/widgets', contentType: 'application/json', body: '{"name":"sprocket"}' });
      const missing = await client.callTool({ name: 'get_widget', arguments: { id: 'missing' } });
      expect(missing.isError).toBe(true);
      expect((missing as McpToolResult).content[0]!.text).toMatch(/^HTTP 404/);
    } finally {
      await client.close();
    }
    const anonymous = await connect();
    try {
      const got = await anonymous.callTool({ name: 'get_widget', arguments: { id: 'w1' } });
      expect(echo(got).authorization).toBeNull();
    } finally {
      await anonymous.close();
    }
  });

  it('is refused for a blocked address, and for bad arguments, with clear tool errors', async () => {
    const client = await connect();
    try {
      const refused = (await client.callTool({ name: 'readMetadata', arguments: {} })) as McpToolResult;
      expect(refused.isError).toBe(true);
      expect(refused.content[0]!.text).toMatch(/^readMetadata: the call to http:\/\/169\.254\.169\.254\/latest\/meta-data was refused: /);
      expect(refused.content[0]!.text).toMatch(/169\.254\.169\.254 is a .*lectern\.proxy\.allow/);
      const bad = (await client.callTool({ name: 'get_widget', arguments: {} })) as McpToolResult;
      expect(bad.isError).toBe(true);
      expect(bad.content[0]!.text).toMatch(/Invalid arguments for tool get_widget/);
    } finally {
      await client.close();
    }
  });
});
