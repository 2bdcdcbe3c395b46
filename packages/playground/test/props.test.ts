import { describe, expect, it } from 'vitest';
import { loadSpec, type ApiDocument, type AsyncDocument, type Operation, type Schema } from '@lectern/core';
import { channelProps, playgroundProps, RUNTIME_STUB, sliceSchema, toJson } from '../src/props.ts';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('../../..', import.meta.url));

async function api(): Promise<ApiDocument> {
  const r = await loadSpec({ root: `${here}fixtures`, source: 'api.yaml' });
  expect(r.diagnostics).toEqual([]);
  return r.document as ApiDocument;
}
const op = (doc: ApiDocument, id: string) => doc.operations.find((o) => o.operationId === id) as Operation;

describe('sliceSchema on cyclic graphs', () => {
  it('breaks a self-cycle and survives JSON round trips', () => {
    const node: Schema = { type: 'object', properties: { name: { type: 'string' } } };
    (node.properties as Record<string, unknown>).children = { type: 'array', items: node };
    (node.properties as Record<string, unknown>).self = node;
    const sliced = sliceSchema(node)!;
    expect(JSON.parse(JSON.stringify(sliced))).toEqual(sliced);
    expect(sliced).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, children: { type: 'array', items: { 'x-recursive': true } }, self: { 'x-recursive': true } },
    });
  });
  it('breaks mutual cycles through allOf/oneOf, merges allOf, drops readOnly', () => {
    const a: Schema = { title: 'A', type: 'object', properties: { id: { type: 'string', readOnly: true } } };
    const b: Schema = { title: 'B', allOf: [a, { type: 'object', required: ['x'], properties: { x: { type: 'number' } } }] };
    (a.properties as Record<string, unknown>).b = { oneOf: [b, { type: 'null' }] };
    const sliced = sliceSchema(b)!;
    expect(sliced.title).toBe('B');
    expect(Object.keys(sliced.properties as object).sort()).toEqual(['b', 'x']);
    expect(sliced.required).toEqual(['x']);
    const inner = (sliced.properties as Record<string, { oneOf: unknown[] }>).b!.oneOf;
    expect(inner[0]).toEqual({ 'x-recursive': true, title: 'B' });
    expect(JSON.stringify(sliced)).not.toContain('readOnly');
  });
  it('toJson drops functions and breaks cycles', () => {
    const o: Record<string, unknown> = { a: 1, f: () => 1, n: Number.NaN };
    o.self = o;
    expect(toJson(o)).toEqual({ a: 1, n: null, self: null });
  });
});

describe('playgroundProps', () => {
  it('slices the cyclic fixture operation into JSON-safe props', async () => {
    const doc = await api();
    const props = playgroundProps(op(doc, 'echo'), { prefill: true });
    expect(JSON.parse(JSON.stringify(props))).toEqual(props);
    expect(props.method).toBe('POST');
    expect(props.path).toBe('/echo/{id}/{coords}');
    expect(props.proxy).toBe(true);
    expect(props.proxyUrl).toBe('/_lectern/api/request');
    expect(props.servers[0]!.variables.port!.default).toBe('1');
    expect(props.security.map((s) => s.title)).toEqual([
      'bearerAuth',
      'basicAuth',
      'headerKey & queryKey',
      'cookieKey',
      'oauth',
      'oauthCode',
      'oauthImplicit',
      'oauthPassword',
      'oidc',
    ]);
    expect(props.security[0]!.schemes[0]!.xDefault).toBe('default-token');
    expect(props.security[4]!.schemes[0]!.flows?.clientCredentials?.tokenUrl).toBe('http://127.0.0.1:1/token');
    expect(props.security[6]!.schemes[0]!.flows?.implicit).toEqual({
      authorizationUrl: 'http://127.0.0.1:1/authorize',
      scopes: { read: 'Read things', write: 'Write things' },
    });
    expect(props.security[7]!.schemes[0]).toMatchObject({
      scopes: ['read'],
      flows: { password: { tokenUrl: 'http://127.0.0.1:1/token' } },
    });
    const byName = Object.fromEntries(props.parameters.map((p) => [p.name, p]));
    expect(byName.coords).toMatchObject({ in: 'path', style: 'matrix', explode: true, example: ['x1', 'y2'] });
    expect(byName.verbose).toMatchObject({ default: false, example: false });
    expect(byName.limit!.example).toBe(0);
    const json = props.body!.content[0]!;
    expect(json.example).toEqual({ name: 'root', note: null, children: [{ name: 'leaf' }] });
    const properties = json.schema!.properties as Record<string, Record<string, unknown>>;
    expect(properties.id).toBeUndefined(); // readOnly
    expect(properties.parent).toEqual({ 'x-recursive': true });
    expect(props.body!.content.map((m) => m.mediaType)).toEqual(['application/json', 'multipart/form-data', 'application/octet-stream']);
  });
  it('without prefill carries defaults but no examples', async () => {
    const props = playgroundProps(op(await api(), 'echo'), {
      prefill: false,
      proxy: false,
      credentials: true,
      display: 'auth',
      groups: ['admin'],
    });
    expect(props.parameters.every((p) => p.example === undefined)).toBe(true);
    expect(props.body!.content[0]!.example).toBeUndefined();
    expect(props.parameters.find((p) => p.name === 'verbose')!.default).toBe(false);
    expect(props).toMatchObject({ proxy: false, credentials: true, display: 'auth', groups: ['admin'] });
  });
  it('operation-level security: [] means no auth; oneOf variants keep titles', async () => {
    const props = playgroundProps(op(await api(), 'createPet'));
    expect(props.security).toEqual([]);
    const variants = props.body!.content[0]!.schema!.oneOf as Array<{ title: string }>;
    expect(variants.map((v) => v.title)).toEqual(['Cat', 'Dog']);
  });
  it('slices a real spec with cyclic response schemas (core fixture)', async () => {
    const r = await loadSpec({ root: `${repo}fixtures/specs/oas30`, source: 'api.yaml' });
    const doc = r.document as ApiDocument;
    for (const o of doc.operations) {
      const p = playgroundProps(o, { prefill: true });
      expect(JSON.parse(JSON.stringify(p))).toEqual(p);
    }
  });
});

describe('channelProps', () => {
  it('keeps ws servers, send examples and query auth', async () => {
    const r = await loadSpec({ root: `${repo}fixtures/specs/asyncapi`, source: 'chat-v3.yaml' });
    const doc = r.document as AsyncDocument;
    const room = doc.channels.find((c) => c.id === 'room')!;
    const props = channelProps(room, doc, { prefill: true });
    expect(JSON.parse(JSON.stringify(props))).toEqual(props);
    expect(props.address).toBe('/rooms/{roomId}');
    expect(props.servers[0]).toMatchObject({ protocol: 'wss', host: expect.stringMatching(/chat\.example\.com$/), pathname: '/ws' });
    expect(props.parameters[0]).toMatchObject({ name: 'roomId', default: 'general', enum: ['general', 'random'] });
    expect(props.send.length).toBeGreaterThan(0);
    expect(props.send[0]!.example).toBeDefined();
    expect(props.security[0]!.schemes[0]).toMatchObject({ in: 'query', name: 'token' });
  });
});

/** Just enough of a window for the stub: listeners, and elements carrying `data-lectern-auth`. */
function stubWindow(attrs: string[] = []) {
  const listeners: Record<string, Array<() => void>> = {};
  const on = (type: string, f: () => void) => {
    (listeners[type] ??= []).push(f);
  };
  const els = attrs.map((a) => ({ hidden: true, getAttribute: (name: string) => (name === 'data-lectern-auth' ? a : null) }));
  const w: Record<string, unknown> = { addEventListener: on, document: { addEventListener: on, querySelectorAll: () => els } };
  const run = () => new Function('window', 'location', RUNTIME_STUB)(w, { search: '', hash: '' });
  const fire = (type: string) => listeners[type]?.forEach((f) => f());
  return { w, els, run, fire, listeners };
}

describe('RUNTIME_STUB', () => {
  it('auth gate: hides data-lectern-auth wrappers unless window.lectern.auth.user may see them', () => {
    const { w, els, run, fire, listeners } = stubWindow(['["admin","support"]', '[]', 'not json']);
    run();
    run(); // a second playground on the page: one gate, one set of listeners
    expect(listeners['lectern:auth']).toHaveLength(1);
    fire('DOMContentLoaded');
    expect(els.map((e) => e.hidden)).toEqual([true, true, true]);
    const l = w.lectern as { auth?: unknown };
    l.auth = { user: { groups: ['support'] } };
    fire('lectern:auth');
    expect(els.map((e) => e.hidden)).toEqual([false, false, true]); // a broken attribute stays hidden
    l.auth = { user: { email: 'a@b.c', groups: 'support' } }; // groups must be an array
    fire('lectern:auth');
    expect(els.map((e) => e.hidden)).toEqual([true, false, true]);
    l.auth = { user: null };
    (w.lectern as { _gate(): void })._gate();
    expect(els.map((e) => e.hidden)).toEqual([true, true, true]);
  });

  it('queues calls until the island installs the real hooks', () => {
    const { w, run } = stubWindow();
    run();
    const pg = (w.lectern as { playground: { setServerVariables(v: object): void; _q: unknown[] } }).playground;
    pg.setServerVariables({ port: '1' });
    expect(pg._q).toEqual([['setServerVariables', { port: '1' }]]);
  });
});
