import { describe, expect, it } from 'vitest';
import { buildRequest, paramKey, toCurl, toProxyRequest, bodyKind, isFileSchema, serverUrl, type RequestState } from '../src/request.ts';
import type { PlaygroundScheme, PlaygroundProps } from '../src/types.ts';

const scheme = (s: Partial<PlaygroundScheme> & Pick<PlaygroundScheme, 'key' | 'type'>): PlaygroundScheme => ({ scopes: [], ...s });

function props(over: Partial<PlaygroundProps> = {}): PlaygroundProps {
  return {
    id: 'op',
    method: 'POST',
    path: '/users/{id}',
    proxy: true,
    credentials: false,
    prefill: false,
    proxyUrl: '/_lectern/api/request',
    languages: [],
    servers: [{ url: 'https://{region}.api.test/v1/', variables: { region: { default: 'eu', enum: ['eu', 'us'] } } }],
    parameters: [
      { name: 'id', in: 'path', required: true, style: 'simple', explode: false, schema: { type: 'integer' } },
      { name: 'tags', in: 'query', required: false, style: 'form', explode: true, schema: { type: 'array' } },
      { name: 'flag', in: 'query', required: false, style: 'form', explode: true, schema: { type: 'boolean' } },
      { name: 'X-Trace', in: 'header', required: false, style: 'simple', explode: false },
      { name: 'session', in: 'cookie', required: false, style: 'form', explode: true },
    ],
    security: [],
    ...over,
  };
}

function state(over: Partial<RequestState> = {}): RequestState {
  return { server: 0, serverVars: { region: 'us' }, params: {}, security: -1, auth: {}, ...over };
}

describe('URL and parameters', () => {
  it('fills server variables, path, query (false kept), header and cookie', () => {
    const r = buildRequest(
      props(),
      state({
        params: { 'path:id': 7, 'query:tags': ['a', 'b c'], 'query:flag': false, 'header:X-Trace': 'abc', 'cookie:session': 's 1' },
      }),
    );
    expect(r.ok).toBe(true);
    expect(r.request.url).toBe('https://us.api.test/v1/users/7?tags=a&tags=b%20c&flag=false');
    expect(r.request.headers['X-Trace']).toBe('abc');
    expect(r.request.headers.Cookie).toBe('session=s%201');
    expect(r.request.method).toBe('POST');
  });
  it('reports a missing required path parameter instead of sending', () => {
    const r = buildRequest(props(), state());
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual({ 'param:path:id': 'Required' });
  });
  it('relative server URLs resolve against the page origin', () => {
    expect(serverUrl({ url: '/api', variables: {} }, {}, 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000/api');
  });
  it('content (JSON) parameters are one serialised value', () => {
    const p = props({
      parameters: [{ name: 'where', in: 'query', required: false, style: 'form', explode: true, contentType: 'application/json' }],
    });
    const r = buildRequest(p, state({ params: { 'query:where': { a: [1, 2] } } }));
    expect(r.request.url).toBe('https://us.api.test/v1/users/{id}?where=%7B%22a%22%3A%5B1%2C2%5D%7D');
  });
  it('paramKey is location + name', () => {
    expect(paramKey({ in: 'query', name: 'q' })).toBe('query:q');
  });
});

describe('auth placement', () => {
  const alt = (schemes: PlaygroundScheme[]) => [{ title: schemes.map((s) => s.key).join(' & '), schemes }];
  const base = { 'path:id': 1 };
  it('bearer -> Authorization: Bearer', () => {
    const r = buildRequest(
      props({ security: alt([scheme({ key: 'bearer', type: 'http', scheme: 'bearer' })]) }),
      state({ params: base, security: 0, auth: { bearer: { token: 'tok' } } }),
    );
    expect(r.request.headers.Authorization).toBe('Bearer tok');
  });
  it('basic -> base64(user:password), UTF-8', () => {
    const r = buildRequest(
      props({ security: alt([scheme({ key: 'basic', type: 'http', scheme: 'basic' })]) }),
      state({ params: base, security: 0, auth: { basic: { user: 'ünï', password: 'p:w' } } }),
    );
    expect(r.request.headers.Authorization).toBe('Basic ' + Buffer.from('ünï:p:w').toString('base64'));
  });
  it('apiKey in header, query and cookie; all schemes of one requirement are sent together', () => {
    const schemes = [
      scheme({ key: 'h', type: 'apiKey', in: 'header', name: 'X-Key' }),
      scheme({ key: 'q', type: 'apiKey', in: 'query', name: 'api_key' }),
      scheme({ key: 'c', type: 'apiKey', in: 'cookie', name: 'sid' }),
    ];
    const r = buildRequest(
      props({ security: alt(schemes) }),
      state({ params: base, security: 0, auth: { h: { token: 'H' }, q: { token: 'Q&1' }, c: { token: 'C' } } }),
    );
    expect(r.request.headers['X-Key']).toBe('H');
    expect(r.request.url).toBe('https://us.api.test/v1/users/1?api_key=Q%261');
    expect(r.request.headers.Cookie).toBe('sid=C');
  });
  it('x-default prefills when the reader typed nothing; oauth2 token is a bearer', () => {
    const r = buildRequest(
      props({ security: alt([scheme({ key: 'o', type: 'oauth2', xDefault: 'dflt' })]) }),
      state({ params: base, security: 0 }),
    );
    expect(r.request.headers.Authorization).toBe('Bearer dflt');
  });
  it('no alternative selected -> no credentials', () => {
    const r = buildRequest(
      props({ security: alt([scheme({ key: 'b', type: 'http', scheme: 'bearer' })]) }),
      state({ params: base, security: -1, auth: { b: { token: 'x' } } }),
    );
    expect(r.request.headers.Authorization).toBeUndefined();
  });
});

describe('bodies', () => {
  const withBody = (mediaType: string, schema?: object, required = true) =>
    props({ body: { required, content: [{ mediaType, examples: [], ...(schema ? { schema: schema as never } : {}) }] } });
  it('JSON text is sent as is, with Content-Type; null kept', () => {
    const r = buildRequest(
      withBody('application/json'),
      state({ params: { 'path:id': 1 }, body: { mediaType: 'application/json', text: '{"a":null}' } }),
    );
    expect(r.ok).toBe(true);
    expect(r.request.body).toBe('{"a":null}');
    expect(r.request.headers['Content-Type']).toBe('application/json');
  });
  it('invalid JSON is an error, nothing sent', () => {
    const r = buildRequest(
      withBody('application/json'),
      state({ params: { 'path:id': 1 }, body: { mediaType: 'application/json', text: '{"a":' } }),
    );
    expect(r.ok).toBe(false);
    expect(r.errors.body).toMatch(/^Invalid JSON/);
  });
  it('required top-level JSON properties are checked', () => {
    const r = buildRequest(
      withBody('application/json', { type: 'object', required: ['name'], properties: { name: { type: 'string' } } }),
      state({ params: { 'path:id': 1 }, body: { mediaType: 'application/json', text: '{}' } }),
    );
    expect(r.errors['body:name']).toBe('Required');
  });
  it('form-urlencoded: repeated arrays, + for spaces', () => {
    const r = buildRequest(
      withBody('application/x-www-form-urlencoded'),
      state({
        params: { 'path:id': 1 },
        body: { mediaType: 'application/x-www-form-urlencoded', fields: { a: 'x y', n: 0, list: ['1', '2'], skip: undefined } },
      }),
    );
    expect(r.request.body).toBe('a=x+y&n=0&list=1&list=2');
    expect(r.request.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
  });
  it('multipart: FormData with the file; proxy payload is base64 with the boundary content type', async () => {
    const file = new File([new Uint8Array([0, 255, 1, 128])], 'a.bin', { type: 'application/octet-stream' });
    const r = buildRequest(
      withBody('multipart/form-data'),
      state({ params: { 'path:id': 1 }, body: { mediaType: 'multipart/form-data', fields: { name: 'n', file } } }),
    );
    expect(r.request.body).toBeInstanceOf(FormData);
    expect(r.request.headers['Content-Type']).toBeUndefined();
    const proxied = await toProxyRequest(r.request);
    expect(proxied.body).toBeUndefined();
    expect(proxied.headers!['Content-Type']).toMatch(/^multipart\/form-data; boundary=/);
    const bytes = Buffer.from(proxied.bodyBase64!, 'base64');
    expect(bytes.includes(Buffer.from([0, 255, 1, 128]))).toBe(true);
    expect(bytes.toString('latin1')).toContain('filename="a.bin"');
    expect(toCurl(r.request)).toContain(`--form 'file=@a.bin'`);
  });
  it('raw binary file: Blob body, proxy sends bodyBase64 unchanged', async () => {
    const blob = new Blob([new Uint8Array([137, 80, 78, 71, 0, 255])], { type: 'image/png' });
    const r = buildRequest(withBody('image/*'), state({ params: { 'path:id': 1 }, body: { mediaType: 'image/*', file: blob } }));
    expect(r.request.headers['Content-Type']).toBe('image/png');
    const proxied = await toProxyRequest(r.request);
    expect([...Buffer.from(proxied.bodyBase64!, 'base64')]).toEqual([137, 80, 78, 71, 0, 255]);
  });
  it('missing required file is reported', () => {
    const r = buildRequest(
      withBody('application/octet-stream'),
      state({ params: { 'path:id': 1 }, body: { mediaType: 'application/octet-stream' } }),
    );
    expect(r.errors.body).toBe('Choose a file to send');
  });
  it('proxy payload carries text bodies as body', async () => {
    const r = buildRequest(withBody('text/plain'), state({ params: { 'path:id': 1 }, body: { mediaType: 'text/plain', text: 'héllo' } }));
    expect(await toProxyRequest(r.request)).toEqual({
      method: 'POST',
      url: 'https://us.api.test/v1/users/1',
      headers: { 'Content-Type': 'text/plain' },
      body: 'héllo',
    });
  });
  it('classifies media types and file schemas', () => {
    expect(bodyKind('application/vnd.api+json')).toBe('json');
    expect(bodyKind('multipart/mixed')).toBe('multipart');
    expect(bodyKind('application/xml')).toBe('text');
    expect(bodyKind('application/pdf')).toBe('file');
    expect(isFileSchema({ type: 'string', format: 'binary' })).toBe(true);
    expect(isFileSchema({ type: 'string', contentMediaType: 'image/png' })).toBe(true);
    expect(isFileSchema({ type: 'string', contentMediaType: 'image/png', contentEncoding: 'base64' })).toBe(false);
    expect(isFileSchema({ type: 'string' })).toBe(false);
  });
});

describe('cURL', () => {
  it('quotes single quotes and pretty-prints JSON', () => {
    const r = buildRequest(
      props({ body: { required: false, content: [{ mediaType: 'application/json', examples: [] }] } }),
      state({ params: { 'path:id': 1, 'header:X-Trace': "it's" }, body: { mediaType: 'application/json', text: '{"a":1}' } }),
    );
    expect(toCurl(r.request)).toBe(
      [
        'curl --request POST',
        "--url 'https://us.api.test/v1/users/1'",
        `--header 'X-Trace: it'\\''s'`,
        "--header 'Content-Type: application/json'",
        `--data '{\n  "a": 1\n}'`,
      ].join(' \\\n  '),
    );
  });
});
