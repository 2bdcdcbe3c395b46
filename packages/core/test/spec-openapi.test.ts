import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDocument, Operation } from '../src/model.ts';
import { discoverSpecs, loadSpec } from '../src/documents/index.ts';
import { jsonSafeSchema, schemaNames } from '../src/schema.ts';

const root = path.resolve(fileURLToPath(import.meta.url), '../../../../fixtures/specs');

async function api(source: string): Promise<{ doc: ApiDocument; diagnostics: Awaited<ReturnType<typeof loadSpec>>['diagnostics'] }> {
  const result = await loadSpec({ root, source });
  expect(result.document?.kind).toBe('openapi');
  return { doc: result.document as ApiDocument, diagnostics: result.diagnostics };
}

function op(doc: ApiDocument, method: string, p: string): Operation {
  const found = doc.operations.find((o) => o.method === method && o.path === p);
  if (!found) throw new Error(`no ${method} ${p}`);
  return found;
}

describe('OpenAPI 3.1 fixture', () => {
  let doc: ApiDocument;
  let diagnostics: Awaited<ReturnType<typeof loadSpec>>['diagnostics'];
  beforeAll(async () => {
    ({ doc, diagnostics } = await api('oas31/api.yaml'));
  });

  it('reads document metadata, servers with variables and tags with x-group', () => {
    expect(doc.source).toBe('oas31/api.yaml');
    expect(doc.originalVersion).toBe('3.1.0');
    expect(doc.title).toBe('Plant Store');
    expect(doc.apiVersion).toBe('3.0.0');
    expect(doc.extensions).toEqual({ 'x-mcp': { enabled: true } });
    expect(doc.servers).toEqual([
      {
        url: 'https://{region}.plants.example.com/{basePath}',
        description: 'Production',
        variables: {
          region: { default: 'eu', enum: ['eu', 'us'], description: 'Data residency' },
          basePath: { default: 'v3' },
        },
      },
      { url: 'https://sandbox.plants.example.com', variables: {} },
    ]);
    expect(doc.tags).toEqual([{ name: 'plants', description: 'Plant catalogue', xGroup: 'Catalogue' }, { name: 'orders' }]);
  });

  it('lists paths then webhooks in document order, excluded ones flagged, with RFC 6901 pointers', () => {
    expect(doc.operations.map((o) => `${o.kind} ${o.method} ${o.path} ${o.pointer}`)).toEqual([
      'operation get /plants/{plantId} /paths/~1plants~1{plantId}/get',
      'operation delete /plants/{plantId} /paths/~1plants~1{plantId}/delete',
      'operation post /plants /paths/~1plants/post',
      'operation get /internal/stats /paths/~1internal~1stats/get',
      'operation get /internal/debug /paths/~1internal~1debug/get',
      'webhook post plantSold /webhooks/plantSold/post',
      'webhook post plantReturned /webhooks/plantReturned/post',
    ]);
    expect(doc.operations.map((o) => [o.hidden, o.excluded])).toEqual([
      [false, false],
      [false, false],
      [false, false],
      [true, false],
      [false, true],
      [false, false],
      [true, false],
    ]);
  });

  it('resolves effective servers: operation > path item > document', () => {
    expect(op(doc, 'get', '/plants/{plantId}').servers.map((s) => s.url)).toEqual(['https://plants-cdn.example.com']);
    expect(op(doc, 'delete', '/plants/{plantId}').servers.map((s) => s.url)).toEqual(['https://admin.plants.example.com']);
    expect(op(doc, 'post', '/plants').servers.map((s) => s.url)).toEqual([
      'https://{region}.plants.example.com/{basePath}',
      'https://sandbox.plants.example.com',
    ]);
  });

  it('merges path-item and operation parameters (operation wins on name+in) with OpenAPI style defaults', () => {
    const get = op(doc, 'get', '/plants/{plantId}');
    expect(
      get.parameters.map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required,
        style: p.style,
        explode: p.explode,
        description: p.description,
      })),
    ).toEqual([
      { name: 'plantId', in: 'path', required: true, style: 'simple', explode: false, description: 'Plant id (path level)' },
      { name: 'X-Trace', in: 'header', required: false, style: 'simple', explode: false, description: undefined },
      { name: 'fields', in: 'query', required: false, style: 'form', explode: false, description: 'Operation-level override' },
      { name: 'session', in: 'cookie', required: false, style: 'form', explode: true, description: undefined },
    ]);
    // The delete operation only inherits the path-item parameters (default explode for form).
    expect(op(doc, 'delete', '/plants/{plantId}').parameters.map((p) => `${p.in}:${p.name}:${p.explode}`)).toEqual([
      'path:plantId:false',
      'header:X-Trace:false',
      'query:fields:true',
    ]);
  });

  it('reads responses per status and media type with named examples then the lone example', () => {
    const get = op(doc, 'get', '/plants/{plantId}');
    expect(get.responses.map((r) => [r.status, r.content.map((c) => c.mediaType)])).toEqual([
      ['200', ['application/json', 'application/xml']],
      ['404', []],
    ]);
    const ok = get.responses[0]!;
    expect(ok.headers).toEqual([
      { name: 'X-Rate-Limit', description: 'Calls left', required: true, deprecated: false, schema: { type: 'integer' } },
    ]);
    expect(ok.content[0]!.examples).toEqual([
      { key: 'fern', summary: 'A fern', value: { id: 1, name: 'Fern' } },
      { key: 'cactus', summary: 'A cactus', value: { id: 2, name: 'Cactus' } },
      { key: 'example', value: { id: 3, name: 'Lone example' } },
    ]);
    // $refs are dereferenced: both media types share the one Plant schema object, which is cyclic.
    const plant = ok.content[0]!.schema!;
    expect(ok.content[1]!.schema).toBe(plant);
    expect(plant).toBe(doc.schemas.Plant);
    expect((plant.properties as Record<string, { items: unknown }>).related!.items).toBe(plant);
  });

  it('reads request bodies per media type with examples and encoding', () => {
    const body = op(doc, 'post', '/plants').requestBody!;
    expect(body.required).toBe(true);
    expect(body.description).toBe('The new plant');
    expect(body.content.map((c) => c.mediaType)).toEqual(['application/json', 'multipart/form-data']);
    expect(body.content[0]!.examples).toEqual([{ key: 'example', value: { name: 'Fern' } }]);
    expect(body.content[1]!.encoding).toEqual({ photo: { contentType: 'image/png' } });
  });

  it('computes effective security alternatives (operation overrides root, [] = none, webhooks operation-only)', () => {
    const names = (o: Operation) =>
      o.security.map((alt) => alt.schemes.map((s) => `${s.scheme.key}${s.scopes.length ? `(${s.scopes.join(',')})` : ''}`).join(' & '));
    expect(names(op(doc, 'get', '/plants/{plantId}'))).toEqual(['bearerAuth', 'apiKey & tenant']);
    expect(names(op(doc, 'delete', '/plants/{plantId}'))).toEqual([]);
    expect(names(op(doc, 'post', '/plants'))).toEqual(['oauth(plants:write)', '']);
    expect(names(op(doc, 'post', 'plantSold'))).toEqual([]);
    expect(names(op(doc, 'post', 'plantReturned'))).toEqual(['apiKey']);
    expect(doc.securitySchemes.bearerAuth).toEqual({
      key: 'bearerAuth',
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'A personal token.',
      xDefault: 'test-token',
    });
    expect(doc.securitySchemes.oauth!.flows).toEqual({
      clientCredentials: { tokenUrl: 'https://auth.plants.example.com/token', scopes: { 'plants:write': 'Create plants' } },
    });
  });

  it('reads callbacks as nested operations', () => {
    const [callback] = op(doc, 'post', '/plants').callbacks;
    expect(callback!.name).toBe('plantGrown');
    expect(callback!.expression).toBe('{$request.body#/callbackUrl}');
    expect(callback!.operations.map((o) => [o.method, o.path, o.summary, o.pointer])).toEqual([
      [
        'post',
        '{$request.body#/callbackUrl}',
        'Plant grown',
        '/paths/~1plants/post/callbacks/plantGrown/{$request.body#~1callbackUrl}/post',
      ],
    ]);
    expect(callback!.operations[0]!.requestBody!.content[0]!.mediaType).toBe('application/json');
  });

  it('validates x-codeSamples: normalises known languages, keeps unknown ones raw, skips bad entries with their pointer', () => {
    expect(op(doc, 'get', '/plants/{plantId}').codeSamples).toEqual([
      { lang: 'python', label: 'Python SDK', source: 'client.plants.get(1)' },
      { lang: 'Elixir', source: 'Plants.get(1)' },
    ]);
    expect(op(doc, 'delete', '/plants/{plantId}').codeSamples).toEqual([{ lang: 'javascript', source: 'await client.plants.delete(1)' }]);
    const bad = diagnostics.filter((d) => d.code === 'spec/invalid-code-sample');
    expect(bad.map((d) => d.pointer)).toEqual([
      '/paths/~1plants~1{plantId}/get/x-codeSamples/2',
      '/paths/~1plants~1{plantId}/get/x-codeSamples/3',
      '/paths/~1plants~1{plantId}/get/x-codeSamples/4',
    ]);
    expect(bad.every((d) => d.file === 'oas31/api.yaml' && d.severity === 'warning')).toBe(true);
    // Pointer diagnostics also get the line of the entry in the YAML source.
    expect(bad.map((d) => [d.line, d.column])).toEqual([
      [110, 11],
      [112, 11],
      [113, 11],
    ]);
    expect(bad[0]!.message).toMatch(/lang/);
    expect(bad[1]!.message).toMatch(/source/);
  });

  it('reads x-mint (metadata without openapi, content, href without leading slash, merged groups, mcp, playground)', () => {
    expect(op(doc, 'get', '/plants/{plantId}').xMint).toEqual({
      metadata: { title: 'Fetch a plant', sidebarTitle: 'Get plant' },
      content: '## Extra\n\nShown above the reference.',
      href: 'plants/fetch',
      groups: ['admins', 'editors'],
      mcp: { enabled: true, name: 'get_plant' },
      playground: { expand: true },
    });
    // Path-item groups reach every operation of the path.
    expect(op(doc, 'delete', '/plants/{plantId}').xMint).toEqual({ metadata: {}, groups: ['admins'] });
  });

  it('keeps descriptions, deprecated and extensions', () => {
    const del = op(doc, 'delete', '/plants/{plantId}');
    expect(del.deprecated).toBe(true);
    expect(del.description).toBe('Path-level description.');
    expect(op(doc, 'get', '/internal/stats').extensions).toEqual({ 'x-hidden': true });
  });

  it('reports nothing else', () => {
    expect(diagnostics.filter((d) => d.code !== 'spec/invalid-code-sample')).toEqual([]);
  });
});

describe('OpenAPI 3.0 fixture (nullable, external $ref, circular schema)', () => {
  it('folds nullable into type, converts boolean exclusive bounds and resolves external files', async () => {
    const { doc, diagnostics } = await api('oas30/api.yaml');
    expect(diagnostics).toEqual([]);
    const prices = op(doc, 'get', '/prices');
    expect(prices.parameters[0]!.schema).toEqual({ type: ['string', 'null'], enum: ['EUR', 'USD', null] });
    expect(prices.responses[0]!.content[0]!.schema).toEqual({ type: 'array', items: { type: 'number', exclusiveMinimum: 0 } });
    const error = op(doc, 'get', '/nodes/{nodeId}').responses[1]!;
    expect(error.status).toBe('default');
    expect(error.content[0]!.schema).toEqual({
      type: 'object',
      required: ['code'],
      properties: { code: { type: 'integer' }, message: { type: ['string', 'null'] } },
    });
  });

  it('keeps circular schemas as object cycles, normalised once', async () => {
    const { doc } = await api('oas30/api.yaml');
    const tree = doc.schemas.TreeNode!;
    const props = tree.properties as Record<string, Record<string, unknown>>;
    expect(props.children!.items as unknown).toBe(tree);
    expect((props.parent!.allOf as unknown[])[0]).toBe(tree);
    expect(props.label).toEqual({ type: ['string', 'null'] });
    expect(op(doc, 'get', '/nodes/{nodeId}').responses[0]!.content[0]!.schema).toBe(tree);
    expect(() => JSON.stringify(tree)).toThrow();
    const safe = jsonSafeSchema(tree, { names: schemaNames(doc.schemas) });
    expect(safe).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string' },
        parent: { allOf: [{ $circular: 'TreeNode' }], nullable: true },
        label: { type: ['string', 'null'] },
        children: { type: 'array', items: { $circular: 'TreeNode' } },
      },
    });
    expect(JSON.parse(JSON.stringify(safe))).toEqual(safe);
  });
});

describe('Swagger 2.0', () => {
  it('is converted to OpenAPI 3 first', async () => {
    const { doc, diagnostics } = await api('swagger2/petstore.yaml');
    expect(diagnostics).toEqual([]);
    expect(doc.originalVersion).toBe('2.0');
    expect(doc.servers).toEqual([{ url: 'https://petstore.example.com/v1', variables: {} }]);
    expect(doc.operations.map((o) => `${o.method.toUpperCase()} ${o.path}`)).toEqual(['GET /pets', 'POST /pets']);
    const list = op(doc, 'get', '/pets');
    expect(list.parameters[0]!.schema).toEqual({ type: 'integer', format: 'int32', minimum: 1, exclusiveMaximum: 100 });
    // Swagger 2.0 fragments in other files are converted too.
    expect(list.parameters[1]).toMatchObject({
      name: 'X-Trace-Id',
      in: 'header',
      style: 'simple',
      schema: { type: 'string', format: 'uuid' },
    });
    expect(list.responses.map((r) => r.status)).toEqual(['200', 'default']);
    expect(list.responses[1]!.content[0]!.schema).toEqual({
      type: 'object',
      properties: { code: { type: 'integer' }, detail: { type: ['string', 'null'] } },
    });
    // swagger2openapi names a converted response example `response`.
    expect(list.responses[0]!.content[0]!.examples).toEqual([{ key: 'response', value: [{ id: 1, name: 'Rex' }] }]);
    expect(list.security.map((a) => a.schemes.map((s) => s.scheme.key))).toEqual([['api_key']]);
    expect(doc.securitySchemes.api_key).toEqual({ key: 'api_key', type: 'apiKey', name: 'X-API-Key', in: 'header', xDefault: 'demo-key' });
    const create = op(doc, 'post', '/pets');
    expect(create.security).toEqual([]);
    expect(create.requestBody!.required).toBe(true);
    const pet = create.requestBody!.content[0]!.schema!;
    expect(pet).toBe(doc.schemas.Pet);
    expect((pet.properties as Record<string, unknown>).tag).toEqual({ type: ['string', 'null'] });
  });
});

describe('OpenAPI 3.2', () => {
  it('reads the query method, additionalOperations and nested tags', async () => {
    const { doc, diagnostics } = await api('oas32/api.yaml');
    expect(diagnostics).toEqual([]);
    expect(doc.operations.map((o) => [o.method, o.path, o.pointer, o.tags])).toEqual([
      ['query', '/search', '/paths/~1search/query', ['advanced']],
      ['COPY', '/search', '/paths/~1search/additionalOperations/COPY', ['search', 'beta']],
    ]);
    expect(doc.tags).toEqual([
      { name: 'search', summary: 'Searching', kind: 'nav' },
      { name: 'advanced', parent: 'search', kind: 'nav' },
      { name: 'beta', kind: 'badge' },
    ]);
  });
});

describe('errors are Diagnostics, never throws', () => {
  it('names the file, the pointer of the broken $ref and the missing target', async () => {
    const result = await loadSpec({ root, source: 'broken/broken-ref.yaml' });
    const broken = result.diagnostics.filter((d) => d.code === 'spec/broken-ref');
    expect(broken).toHaveLength(2);
    expect(broken[0]).toMatchObject({
      severity: 'warning',
      file: 'broken/broken-ref.yaml',
      pointer: '/paths/~1things/get/responses/200/content/application~1json/schema',
      line: 14,
    });
    expect(broken[0]!.message).toContain('#/components/schemas/Missing');
    expect(broken[1]).toMatchObject({
      severity: 'warning',
      file: 'broken/broken-ref.yaml',
      pointer: '/paths/~1other/get/responses/200/content/application~1json/schema',
      line: 24,
    });
    expect(broken[1]!.message).toContain('broken/does-not-exist.yaml');
    // The rest of the document still loads.
    expect((result.document as ApiDocument).operations.map((o) => o.path)).toEqual(['/things', '/other']);
  });

  it('reports invalid YAML with file and line', async () => {
    const result = await loadSpec({ root, source: 'broken/invalid.yaml' });
    expect(result.document).toBeUndefined();
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({
      severity: 'error',
      code: 'spec/invalid-syntax',
      file: 'broken/invalid.yaml',
      line: 8,
      column: 16,
    });
  });

  it('refuses $refs and sources outside the repo', async () => {
    const escaping = await loadSpec({ root, source: 'broken/escape-ref.yaml' });
    expect(escaping.diagnostics.map((d) => d.code)).toEqual(['spec/ref-outside-root']);
    expect(escaping.diagnostics[0]!.pointer).toBe('/paths/~1a/get/responses/200/content/application~1json/schema');
    const outside = await loadSpec({ root, source: '../../package.json' });
    expect(outside.document).toBeUndefined();
    expect(outside.diagnostics.map((d) => d.code)).toEqual(['spec/outside-root']);
  });

  it('resolves external refs whose paths have spaces and non-ASCII characters', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lectern-spaces-'));
    try {
      await mkdir(path.join(dir, 'shared types'));
      await writeFile(path.join(dir, 'shared types', 'pet ü.yaml'), 'type: string\nnullable: true\n');
      await writeFile(
        path.join(dir, 'api.yaml'),
        'openapi: 3.0.3\ninfo: {title: x, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: "shared types/pet ü.yaml"}\n        "201":\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: "shared types/gone.yaml"}\n',
      );
      const r = await loadSpec({ root: dir, source: 'api.yaml' });
      const a = (r.document as ApiDocument).operations[0]!;
      expect(a.responses[0]!.content[0]!.schema).toEqual({ type: ['string', 'null'] });
      expect(r.diagnostics.map((d) => [d.code, d.message])).toEqual([
        [
          'spec/broken-ref',
          'Broken $ref at /paths/~1a/get/responses/201/content/application~1json/schema: file shared types/gone.yaml does not exist.',
        ],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('treats a leading slash as repo-relative', async () => {
    const a = await loadSpec({ root, source: '/oas32/api.yaml' });
    expect(a.document?.source).toBe('oas32/api.yaml');
  });

  it('reports missing files, unknown documents, wrong kinds and unsupported versions', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lectern-spec-'));
    try {
      await writeFile(path.join(dir, 'plain.yaml'), 'name: not a spec\n');
      await writeFile(path.join(dir, 'v4.json'), JSON.stringify({ openapi: '4.0.0', info: { title: 'x', version: '1' }, paths: {} }));
      await writeFile(path.join(dir, 'numeric.yaml'), 'openapi: 3.0\ninfo: {title: x, version: "1"}\npaths: {}\n');
      await writeFile(path.join(dir, 'nopaths.yaml'), 'openapi: 3.0.3\ninfo: {title: x, version: "1"}\n');
      const codes = async (source: string, kind?: 'openapi' | 'asyncapi') => {
        const r = await loadSpec({ root: dir, source, ...(kind ? { kind } : {}) });
        expect(r.document).toBeUndefined();
        return r.diagnostics.map((d) => `${d.code} ${d.file}`);
      };
      expect(await codes('missing.yaml')).toEqual(['spec/not-found missing.yaml']);
      expect(await codes('plain.yaml')).toEqual(['spec/unknown-kind plain.yaml']);
      expect(await codes('v4.json')).toEqual(['spec/unsupported-version v4.json']);
      expect(await codes('numeric.yaml')).toEqual(['spec/unsupported-version numeric.yaml']);
      expect(await codes('nopaths.yaml')).toEqual(['spec/invalid nopaths.yaml']);
      await writeFile(
        path.join(dir, 'swagger.yaml'),
        'swagger: "2.0"\ninfo: {title: x, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: ok\n          schema: {$ref: "gone.yaml#/Thing"}\n',
      );
      const swagger = await loadSpec({ root: dir, source: 'swagger.yaml' });
      expect(swagger.diagnostics.map((d) => [d.code, d.pointer, d.line])).toEqual([
        ['spec/broken-ref', '/paths/~1a/get/responses/200/schema', 9],
      ]);
      expect(swagger.diagnostics[0]!.message).toContain('gone.yaml does not exist');
      expect((swagger.document as ApiDocument).operations.map((o) => o.path)).toEqual(['/a']);
      await writeFile(path.join(dir, 'ok.yaml'), 'openapi: 3.1.0\ninfo: {title: x, version: "1"}\npaths: {}\n');
      expect(await codes('ok.yaml', 'asyncapi')).toEqual(['spec/wrong-kind ok.yaml']);

      // A referenced file with a syntax error; the valid refs of the same document are still dereferenced.
      await writeFile(path.join(dir, 'bad.json'), '{"type": ');
      await writeFile(
        path.join(dir, 'refs.yaml'),
        [
          'openapi: 3.0.3',
          'info: {title: x, version: "1"}',
          'paths:',
          '  /a:',
          '    get:',
          '      parameters:',
          '        - {name: q, in: query, schema: {$ref: "#/components/schemas/Q"}}',
          '        - {name: b, in: body}',
          '      responses:',
          '        "200":',
          '          description: ok',
          '          content:',
          '            application/json:',
          '              schema: {$ref: "bad.json"}',
          'components:',
          '  schemas:',
          '    Q: {type: string, nullable: true}',
          '',
        ].join('\n'),
      );
      const refs = await loadSpec({ root: dir, source: 'refs.yaml' });
      expect(refs.diagnostics.map((d) => [d.severity, d.code, d.pointer, d.line])).toEqual([
        ['error', 'spec/invalid-syntax', '/paths/~1a/get/responses/200/content/application~1json/schema', 14],
        ['warning', 'spec/invalid-parameter', '/paths/~1a/get/parameters/1', 8],
      ]);
      expect(refs.diagnostics[0]!.message).toContain('(bad.json) is not valid JSON/YAML');
      const a = (refs.document as ApiDocument).operations[0]!;
      expect(a.parameters.map((p) => [p.name, p.schema])).toEqual([['q', { type: ['string', 'null'] }]]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('remote specs', () => {
  let server: Server;
  let base: string;
  const files: Record<string, string> = {};
  beforeAll(async () => {
    files['/api.yaml'] =
      'openapi: 3.1.0\ninfo: {title: Remote, version: "1"}\nservers: [{url: /v1}]\npaths:\n  /pets:\n    get:\n      responses:\n        "200":\n          description: OK\n          content:\n            application/json:\n              schema: {$ref: "schemas/pet.yaml"}\n';
    files['/schemas/pet.yaml'] = 'type: object\nproperties:\n  name: {type: string}\n';
    files['/bad.yaml'] =
      'openapi: 3.1.0\ninfo: {title: Bad, version: "1"}\npaths:\n  /x:\n    get:\n      responses:\n        "200":\n          description: OK\n          content:\n            application/json:\n              schema: {$ref: "missing.yaml"}\n';
    server = createServer((req, res) => {
      if (req.url === '/slow.yaml') return; // never answers
      if (req.url === '/moved.yaml') return void res.writeHead(302, { location: '/api.yaml' }).end();
      if (req.url === '/to-file.yaml') return void res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      if (req.url === '/loop.yaml') return void res.writeHead(302, { location: '/loop.yaml' }).end();
      const body = files[req.url ?? ''];
      if (!body) {
        res.writeHead(404).end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/yaml' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('loads an http URL with allowHttp, resolving relative $refs against the URL', async () => {
    const r = await loadSpec({ root, source: `${base}/api.yaml`, allowHttp: true });
    expect(r.diagnostics).toEqual([]);
    const doc = r.document as ApiDocument;
    expect(doc.source).toBe(`${base}/api.yaml`);
    expect(doc.operations[0]!.responses[0]!.content[0]!.schema).toEqual({ type: 'object', properties: { name: { type: 'string' } } });
  });

  it('refuses http without allowHttp and reports fetch failures and timeouts', async () => {
    const insecure = await loadSpec({ root, source: `${base}/api.yaml` });
    expect(insecure.diagnostics.map((d) => d.code)).toEqual(['spec/insecure-url']);
    const missing = await loadSpec({ root, source: `${base}/nope.yaml`, allowHttp: true });
    expect(missing.diagnostics.map((d) => d.code)).toEqual(['spec/fetch-failed']);
    expect(missing.diagnostics[0]!.message).toContain('HTTP 404');
    const slow = await loadSpec({ root, source: `${base}/slow.yaml`, allowHttp: true, timeoutMs: 300 });
    expect(slow.diagnostics.map((d) => d.code)).toEqual(['spec/fetch-failed']);
    const brokenRef = await loadSpec({ root, source: `${base}/bad.yaml`, allowHttp: true });
    expect(brokenRef.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ['spec/broken-ref', '/paths/~1x/get/responses/200/content/application~1json/schema'],
    ]);
    expect(brokenRef.diagnostics[0]!.message).toContain('HTTP 404');
  });

  it('follows redirects only to allowed URLs', async () => {
    const moved = await loadSpec({ root, source: `${base}/moved.yaml`, allowHttp: true });
    expect(moved.diagnostics).toEqual([]);
    expect(moved.document?.title).toBe('Remote');
    const toFile = await loadSpec({ root, source: `${base}/to-file.yaml`, allowHttp: true });
    expect(toFile.diagnostics.map((d) => d.code)).toEqual(['spec/insecure-url']);
    expect(toFile.diagnostics[0]!.message).toContain('file:///etc/passwd');
    const loop = await loadSpec({ root, source: `${base}/loop.yaml`, allowHttp: true });
    expect(loop.diagnostics.map((d) => d.code)).toEqual(['spec/fetch-failed']);
    expect(loop.diagnostics[0]!.message).toContain('redirects');
  });

  it('uses the injected fetch', async () => {
    const seen: string[] = [];
    const fake: typeof fetch = async (input) => {
      seen.push(String(input));
      return new Response('{"openapi": "3.1.0", "info": {"title": "Injected", "version": "1"}, "paths": {}}', { status: 200 });
    };
    const r = await loadSpec({ root, source: 'https://specs.example.com/api.yaml', fetch: fake });
    expect(seen).toEqual(['https://specs.example.com/api.yaml']);
    expect(r.document?.title).toBe('Injected');
  });
});

describe('discoverSpecs', () => {
  it('finds every spec file sorted by path, skipping ignored and hidden directories and non-spec files', async () => {
    const found = await discoverSpecs(root);
    expect(found).toEqual([
      { source: 'asyncapi/chat-v3.yaml', kind: 'asyncapi' },
      { source: 'asyncapi/stocks-v2.yaml', kind: 'asyncapi' },
      { source: 'broken/broken-ref.yaml', kind: 'openapi' },
      { source: 'broken/escape-ref.yaml', kind: 'openapi' },
      { source: 'broken/invalid.yaml', kind: 'openapi' },
      { source: 'oas30/api.yaml', kind: 'openapi' },
      { source: 'oas31/api.yaml', kind: 'openapi' },
      { source: 'oas32/api.yaml', kind: 'openapi' },
      { source: 'swagger2/petstore.yaml', kind: 'openapi' },
    ]);
  });

  it('skips node_modules, dist, .git, .astro and hidden dirs; reads JSON and YAML heads', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lectern-discover-'));
    try {
      const put = async (rel: string, text: string) => {
        await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
        await writeFile(path.join(dir, rel), text);
      };
      const oas = 'openapi: 3.1.0\ninfo: {title: x, version: "1"}\npaths: {}\n';
      await put('z.yml', oas);
      await put('a/api.json', JSON.stringify({ info: { title: 'x' }, openapi: '3.0.0', paths: {} }));
      await put('b/"quoted".yaml', '"asyncapi": "3.0.0"\n');
      await put(
        'docs.json',
        JSON.stringify({ name: 'site "quoted" {', navigation: { tabs: [{ tab: 'API', openapi: '3.1/openapi.json' }] } }),
      );
      await put(
        'minified.json',
        JSON.stringify({ info: { title: 'x', description: '"openapi": "3.0.0" in a string' }, asyncapi: '2.6.0' }),
      );
      await put('nested.yaml', 'components:\n  openapi: 3.0.0\n');
      // Sorted keys: the version key comes after a large `components` block.
      const big = {
        components: {
          schemas: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`S${i}`, { type: 'object', description: 'x'.repeat(40) }])),
        },
        info: { title: 'x', version: '1' },
        openapi: '3.1.0',
        paths: {},
      };
      await put('sorted.json', JSON.stringify(big));
      await put('sorted.yaml', `components:\n${'  # padding\n'.repeat(1000)}openapi: 3.1.0\n`);
      for (const skipped of ['node_modules/x.yaml', 'dist/x.yaml', '.git/x.yaml', '.astro/x.yaml', '.hidden/x.yaml', 'a/.cache/x.yaml'])
        await put(skipped, oas);
      expect(await discoverSpecs(dir)).toEqual([
        { source: 'a/api.json', kind: 'openapi' },
        { source: 'b/"quoted".yaml', kind: 'asyncapi' },
        { source: 'minified.json', kind: 'asyncapi' },
        { source: 'sorted.json', kind: 'openapi' },
        { source: 'sorted.yaml', kind: 'openapi' },
        { source: 'z.yml', kind: 'openapi' },
      ]);
      expect(await readFile(path.join(dir, 'z.yml'), 'utf8')).toBe(oas);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
