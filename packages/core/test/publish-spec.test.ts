/**
 * `publishedSpecText`: the spec copy a site publishes leaves out restricted operations (by `x-mint.groups`, or
 * shown only by restricted pages) and the components only they used, keeps what anything left still uses, and is
 * not published at all when every operation in it is restricted.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { publishedSpecText } from '../src/index.ts';
import type { Page } from '../src/model.ts';

const ok = { '200': { description: 'OK' } };

function opPage(method: string, path: string, access: { groups?: string[]; public?: boolean } = {}, spec = 'api.json'): Page {
  return {
    kind: 'operation',
    slug: `${method}-${path}`,
    title: path,
    frontmatter: {},
    body: '',
    hidden: false,
    deprecated: false,
    spec,
    method,
    path,
    ...access,
  };
}

const publish = (doc: unknown, pages: Page[] = [], file = 'api.json') => {
  const text = publishedSpecText(JSON.stringify(doc), file, { pages });
  return text === null ? null : JSON.parse(text);
};

describe('publishedSpecText', () => {
  it('leaves the text as written when nothing is withheld', () => {
    const text = '{"openapi":"3.1.0","info":{"title":"T","version":"1"},"paths":{"/a":{"get":{"responses":{}}}}}';
    expect(publishedSpecText(text, 'api.json')).toBe(text);
  });

  it('drops operations restricted by x-mint.groups (own, path item, metadata), not the public: true ones', () => {
    const out = publish({
      openapi: '3.1.0',
      paths: {
        '/own': { get: { 'x-mint': { groups: ['staff'] }, responses: ok }, post: { responses: ok } },
        '/item': { 'x-mint': { groups: ['staff'] }, get: { responses: ok } },
        '/meta': { get: { 'x-mint': { metadata: { groups: ['staff'] } }, responses: ok } },
        '/open': { get: { 'x-mint': { groups: ['staff'], metadata: { public: true } }, responses: ok } },
      },
      webhooks: { secret: { post: { 'x-mint': { groups: ['staff'] }, responses: ok } }, open: { post: { responses: ok } } },
    });
    expect(Object.keys(out.paths)).toEqual(['/own', '/open']);
    expect(Object.keys(out.paths['/own'])).toEqual(['post']);
    expect(Object.keys(out.webhooks)).toEqual(['open']);
  });

  it('follows the pages: shown only by restricted pages is withheld, shown by a public page is published', () => {
    const doc = {
      openapi: '3.1.0',
      paths: {
        '/guarded': { get: { responses: ok } },
        '/overridden': { get: { 'x-mint': { groups: ['staff'] }, responses: ok } },
        '/both': { get: { responses: ok } },
      },
      webhooks: { ping: { post: { responses: ok } } },
    };
    const pages = [
      opPage('get', '/guarded', { groups: ['staff'] }),
      opPage('get', '/overridden', { groups: ['staff'], public: true }),
      opPage('get', '/both', { groups: ['staff'] }),
      opPage('get', '/both'),
      opPage('webhook', 'ping', { groups: ['ops'] }),
      // Another spec's page says nothing about this one.
      opPage('get', '/both', { groups: ['staff'] }, 'other.json'),
    ];
    const out = publish(doc, pages);
    expect(Object.keys(out.paths)).toEqual(['/overridden', '/both']);
    expect(out.webhooks).toEqual({});
  });

  it('drops the components only restricted operations used, following $refs between components', () => {
    const out = publish({
      openapi: '3.1.0',
      paths: {
        '/public': {
          get: {
            parameters: [{ $ref: '#/components/parameters/Shared' }],
            responses: { '200': { $ref: '#/components/responses/Listed' } },
          },
        },
        '/secret': {
          post: {
            'x-mint': { groups: ['staff'] },
            parameters: [{ $ref: '#/components/parameters/Shared' }, { $ref: '#/components/parameters/Key' }],
            requestBody: { $ref: '#/components/requestBodies/Body' },
            responses: {
              '200': { description: 'OK', content: { 'application/json': { examples: { a: { $ref: '#/components/examples/Opened' } } } } },
            },
          },
        },
      },
      components: {
        parameters: {
          Shared: { name: 's', in: 'query' },
          Key: { name: 'k', in: 'query', schema: { $ref: '#/components/schemas/KeyFormat' } },
        },
        requestBodies: { Body: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Secret' } } } } },
        responses: { Listed: { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } } },
        examples: { Opened: { value: 1 } },
        schemas: {
          Item: { type: 'object', properties: { tag: { $ref: '#/components/schemas/Tag' } } },
          Tag: { type: 'string' },
          Secret: { type: 'object', properties: { inner: { $ref: '#/components/schemas/Inner/properties/x' } } },
          Inner: { type: 'object', properties: { x: { type: 'string' } } },
          KeyFormat: { type: 'string' },
          // Used by nothing, and kept (the author's): what it references stays too.
          Legacy: { type: 'object', properties: { format: { $ref: '#/components/schemas/KeyFormat' } } },
        },
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    });
    expect(Object.keys(out.paths)).toEqual(['/public']);
    expect(Object.keys(out.components).sort()).toEqual(['parameters', 'responses', 'schemas', 'securitySchemes']);
    expect(Object.keys(out.components.parameters)).toEqual(['Shared']);
    expect(Object.keys(out.components.schemas)).toEqual(['Item', 'Tag', 'KeyFormat', 'Legacy']);
  });

  it('prunes Swagger 2 definitions and keeps YAML as YAML', () => {
    const yaml = [
      'swagger: "2.0"',
      'info: { title: T, version: "1" }',
      'paths:',
      '  /a: { get: { responses: { "200": { description: OK, schema: { $ref: "#/definitions/Open" } } } } }',
      '  /b: { get: { x-mint: { groups: [staff] }, responses: { "200": { description: OK, schema: { $ref: "#/definitions/Closed" } } } } }',
      'definitions:',
      '  Open: { type: string }',
      '  Closed: { type: string, description: only staff }',
    ].join('\n');
    const out = parse(publishedSpecText(yaml, 'specs/api.yaml')!);
    expect(Object.keys(out.paths)).toEqual(['/a']);
    expect(Object.keys(out.definitions)).toEqual(['Open']);
  });

  it('takes a restricted operation out of a $ref path item, and drops the shared path item when nothing else uses it', () => {
    const out = publish({
      openapi: '3.1.0',
      paths: { '/vault': { $ref: '#/components/pathItems/Vault' }, '/open': { get: { responses: ok } } },
      components: {
        pathItems: {
          Vault: { get: { responses: ok }, post: { 'x-mint': { groups: ['staff'] }, description: 'only staff', responses: ok } },
        },
      },
    });
    expect(out.paths['/vault']).toEqual({ get: { responses: ok } });
    expect(out.components).toEqual({});
  });

  it('drops AsyncAPI channels only restricted pages show, with the operations on them', () => {
    const channelPage = (channel: string, access: { groups?: string[] } = {}): Page => ({
      kind: 'channel',
      slug: channel,
      title: channel,
      frontmatter: {},
      body: '',
      hidden: false,
      deprecated: false,
      spec: 'events.yaml',
      channel,
      ...access,
    });
    const yaml = [
      'asyncapi: 3.0.0',
      'info: { title: Events, version: "1" }',
      'channels:',
      '  public: { address: public, messages: { m: { $ref: "#/components/messages/Hello" } } }',
      '  vault: { address: vault, description: only staff, messages: { m: { $ref: "#/components/messages/Opened" } } }',
      'operations:',
      '  hear: { action: receive, channel: { $ref: "#/channels/public" } }',
      '  open: { action: send, channel: { $ref: "#/channels/vault" } }',
      'components:',
      '  messages: { Hello: { payload: { type: string } }, Opened: { payload: { type: string, description: only staff } } }',
    ].join('\n');
    const out = parse(
      publishedSpecText(yaml, 'events.yaml', { pages: [channelPage('public'), channelPage('vault', { groups: ['staff'] })] })!,
    );
    expect(Object.keys(out.channels)).toEqual(['public']);
    expect(Object.keys(out.operations)).toEqual(['hear']);
    expect(Object.keys(out.components.messages)).toEqual(['Hello']);
    expect(
      publishedSpecText(yaml, 'events.yaml', {
        pages: [channelPage('public', { groups: ['x'] }), channelPage('vault', { groups: ['staff'] })],
      }),
    ).toBeNull();
  });

  it('reads a spec as the loader does: a BOM, trailing commas in a .json file', () => {
    const text =
      '\ufeff{"openapi": "3.1.0", "paths": {"/a": {"get": {"x-mint": {"groups": ["staff"]}, "responses": {}},}, "/b": {"get": {"responses": {}}}}}';
    expect(Object.keys(JSON.parse(publishedSpecText(text, 'api.json')!).paths)).toEqual(['/b']);
  });

  it('publishes nothing of a spec whose every operation is restricted', () => {
    const restricted = { 'x-mint': { groups: ['ops'] }, get: { responses: ok } };
    expect(publish({ openapi: '3.1.0', info: { title: 'Internal', description: 'staff only' }, paths: { '/a': restricted } })).toBeNull();
    // Restricted and hidden ones together: still nothing public.
    expect(publish({ openapi: '3.1.0', paths: { '/a': restricted, '/b': { get: { 'x-hidden': true, responses: ok } } } })).toBeNull();
    // Only operations kept out of the docs (x-hidden): as before, the rest of the file is published.
    expect(publish({ openapi: '3.1.0', paths: { '/a': { get: { 'x-hidden': true, responses: ok } } } })).toEqual({
      openapi: '3.1.0',
      paths: {},
    });
  });

  it('publishes a spec it cannot read only when no restricted page shows it', () => {
    const text = '{ not json';
    expect(publishedSpecText(text, 'api.json')).toBe(text);
    expect(publishedSpecText(text, 'api.json', { pages: [opPage('get', '/a', { groups: ['staff'] })] })).toBeNull();
  });
});
