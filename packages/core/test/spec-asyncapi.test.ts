import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsyncDocument, Channel } from '../src/model.ts';
import { loadSpec } from '../src/documents/index.ts';

const root = path.resolve(fileURLToPath(import.meta.url), '../../../../fixtures/specs');

async function asyncDoc(source: string): Promise<AsyncDocument> {
  const result = await loadSpec({ root, source });
  expect(result.diagnostics).toEqual([]);
  expect(result.document?.kind).toBe('asyncapi');
  return result.document as AsyncDocument;
}

function channel(doc: AsyncDocument, id: string): Channel {
  const found = doc.channels.find((c) => c.id === id);
  if (!found) throw new Error(`no channel ${id}`);
  return found;
}

describe('AsyncAPI 3.0', () => {
  let doc: AsyncDocument;
  beforeAll(async () => {
    doc = await asyncDoc('asyncapi/chat-v3.yaml');
  });

  it('reads document, servers and security schemes', () => {
    expect(doc).toMatchObject({
      kind: 'asyncapi',
      source: 'asyncapi/chat-v3.yaml',
      originalVersion: '3.0.0',
      title: 'Chat API',
      apiVersion: '1.0.0',
      description: 'A WebSocket chat.',
    });
    const token = { key: 'token', type: 'apiKey', name: 'token', in: 'query', description: 'Session token.' };
    expect(doc.securitySchemes).toEqual({ token });
    expect(doc.servers).toEqual([
      {
        id: 'production',
        protocol: 'wss',
        host: '{region}.chat.example.com',
        pathname: '/ws',
        description: 'Production',
        variables: { region: { default: 'eu', enum: ['eu', 'us'], description: 'Data residency' } },
        security: [{ schemes: [{ scheme: token, scopes: [] }] }],
        bindings: {},
      },
    ]);
  });

  it('reads channels with address, title, summary, tags, parameters, bindings and pointer', () => {
    expect(doc.channels.map((c) => c.id)).toEqual(['room', 'presence']);
    const room = channel(doc, 'room');
    expect(room).toMatchObject({
      id: 'room',
      address: '/rooms/{roomId}',
      title: 'Chat room',
      summary: 'Messages in one room',
      description: 'Join a room to chat.',
      tags: ['Rooms'],
      bindings: { ws: { method: 'GET' } },
      pointer: '/channels/room',
    });
    expect(room.parameters).toEqual([{ name: 'roomId', description: 'The room', default: 'general', enum: ['general', 'random'] }]);
    expect(room.servers.map((s) => s.id)).toEqual(['production']);
    expect(room.security.map((r) => r.schemes.map((s) => s.scheme.key))).toEqual([['token']]);
  });

  it('splits messages by the reader side: spec `receive` -> reader sends, spec `send` -> reader receives', () => {
    const room = channel(doc, 'room');
    expect(room.send.map((m) => m.id)).toEqual(['sendMessage']);
    expect(room.receive.map((m) => m.id)).toEqual(['newMessage']);
    const presence = channel(doc, 'presence');
    expect(presence.send).toEqual([]);
    expect(presence.receive.map((m) => m.id)).toEqual(['ping']);
  });

  it('reads message payload, headers, examples and content type', () => {
    const [send] = channel(doc, 'room').send;
    expect(send).toMatchObject({ id: 'sendMessage', name: 'sendMessage', title: 'Send a message', contentType: 'application/json' });
    expect(send!.examples).toEqual([{ name: 'hello', summary: 'Say hello', payload: { text: 'Hello' } }]);
    const payload = send!.payload!;
    expect(payload.type).toBe('object');
    expect(payload.required).toEqual(['text']);
    // Cyclic message schema kept as a cycle.
    expect((payload.properties as Record<string, unknown>).replyTo).toBe(payload);
    const [received] = channel(doc, 'room').receive;
    expect((received!.headers!.properties as Record<string, { type: string }>)['x-seq']!.type).toBe('integer');
  });
});

describe('AsyncAPI 2.6', () => {
  it('maps publish to what the reader sends and subscribe to what the reader receives', async () => {
    const doc = await asyncDoc('asyncapi/stocks-v2.yaml');
    expect(doc.originalVersion).toBe('2.6.0');
    expect(doc.servers).toMatchObject([{ id: 'public', protocol: 'wss', host: 'stream.example.com' }]);
    const prices = channel(doc, 'prices/{market}');
    expect(prices.address).toBe('prices/{market}');
    expect(prices.parameters).toEqual([
      { name: 'market', description: 'The market', default: 'nyse', enum: ['nyse', 'nasdaq'], examples: ['nyse'] },
    ]);
    expect(prices.description).toBe('Price updates and subscriptions.');
    expect(prices.send.map((m) => m.name)).toEqual(['subscribe']);
    expect(prices.receive.map((m) => m.name)).toEqual(['price', 'heartbeat']);
    expect(prices.receive.map((m) => m.title)).toEqual(['Price update', 'Heartbeat']);
    // 2.x messages without messageId are identified by name.
    expect([...prices.send, ...prices.receive].map((m) => m.id)).toEqual(['subscribe', 'price', 'heartbeat']);
    expect(prices.security.map((r) => r.schemes.map((s) => `${s.scheme.key}:${s.scheme.type}:${s.scheme.in}`))).toEqual([
      ['apiKey:apiKey:header'],
    ]);
    expect(prices.pointer).toBe('/channels/prices~1{market}');
  });
});

describe('AsyncAPI errors', () => {
  let server: Server;
  let base: string;
  let dir: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/hang.json') return; // never answers
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dir = await mkdtemp(path.join(tmpdir(), 'lectern-async-'));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  const withRef = (ref: string) => `asyncapi: 3.0.0
info: {title: Remote, version: '1'}
channels:
  feed:
    address: /feed
    messages:
      item:
        payload:
          $ref: '${ref}'
operations:
  onItem: {action: send, channel: {$ref: '#/channels/feed'}}
`;

  it('a remote schema that never answers fails cleanly within the timeout', async () => {
    await writeFile(path.join(dir, 'hang.yaml'), withRef(`${base}/hang.json`));
    const result = await loadSpec({ root: dir, source: 'hang.yaml', allowHttp: true, timeoutMs: 300 });
    const broken = result.diagnostics.filter((d) => d.code === 'spec/broken-ref');
    expect(broken).toHaveLength(1);
    expect(broken[0]).toMatchObject({ severity: 'error', file: 'hang.yaml' });
    expect(broken[0]!.message).toContain(`${base}/hang.json`);
    // The channel is still there, with a placeholder payload.
    expect((result.document as AsyncDocument).channels.map((c) => c.id)).toEqual(['feed']);
  });

  it('remote refs obey the https rule and local refs must stay in the repo', async () => {
    await writeFile(path.join(dir, 'http.yaml'), withRef(`${base}/schema.json`));
    const insecure = await loadSpec({ root: dir, source: 'http.yaml' });
    expect(insecure.diagnostics.map((d) => d.code)).toEqual(['spec/broken-ref']);
    expect(insecure.diagnostics[0]!.message).toContain('only https');
    await writeFile(path.join(dir, 'escape.yaml'), withRef('../../../../../../etc/hostname'));
    const escape = await loadSpec({ root: dir, source: 'escape.yaml' });
    expect(escape.diagnostics.map((d) => d.code)).toEqual(['spec/ref-outside-root']);
  });

  it('an invalid document is reported with pointer and line', async () => {
    await writeFile(path.join(dir, 'invalid.yaml'), 'asyncapi: 3.0.0\ninfo:\n  title: Broken\nchannels: {}\n');
    const result = await loadSpec({ root: dir, source: 'invalid.yaml' });
    expect(result.document).toBeUndefined();
    expect(result.diagnostics.length).toBeGreaterThan(0);
    const missingVersion = result.diagnostics.find((d) => d.pointer === '/info');
    expect(missingVersion).toMatchObject({ severity: 'error', file: 'invalid.yaml', line: 2 });
    expect(missingVersion!.message).toMatch(/version/);
  });
});
