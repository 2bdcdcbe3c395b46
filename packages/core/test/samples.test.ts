import { join } from 'node:path';
import { HTTPSnippet } from 'httpsnippet';
import { describe, expect, it } from 'vitest';
import {
  LANGUAGES,
  convertHar,
  harFromOperation,
  loadSpec,
  normalizeLanguageList,
  requestSamples,
  responseExamples,
  SAMPLE_CLIENTS,
  type LanguageKey,
  type Operation,
  type RequestSample,
} from '../src/index.ts';
import {
  ALL_OPERATIONS,
  binaryOp,
  deleteOp,
  formOp,
  getOp,
  jsonOp,
  multipartOp,
  op,
  optionsOp,
  param,
  textOp,
  traceOp,
  vendorJsonOp,
  sec,
  media,
  PET,
} from '../../../fixtures/samples/operations.ts';
import { powershellProblem } from '../../../fixtures/samples/syntax.ts';

const ROOT = join(import.meta.dirname, '../../..');
const ALL: LanguageKey[] = LANGUAGES.map((l) => l.key);

function samples(operation: Operation, languages: LanguageKey[] = ALL, defaults: 'all' | 'required' = 'all'): readonly RequestSample[] {
  return requestSamples({ operation, languages, defaults, autogenerate: true });
}

function byLang(operation: Operation, defaults: 'all' | 'required' = 'all'): Record<string, string> {
  return Object.fromEntries(samples(operation, ALL, defaults).map((s) => [s.lang, s.source]));
}

describe('requestSamples: languages', () => {
  it('generates all 18 languages in the configured order with their display names', () => {
    const out = samples(jsonOp);
    expect(out.map((s) => s.lang)).toEqual(ALL);
    expect(out.map((s) => s.label)).toEqual(LANGUAGES.map((l) => l.name));
    expect(out.every((s) => s.generated && s.source.length > 40)).toBe(true);
    expect(out.find((s) => s.lang === 'c++')!.highlight).toBe('cpp');
    expect(out.find((s) => s.lang === 'dotnet')!.highlight).toBe('csharp');
  });

  it('normalised aliases keep the given order and drop repeats', () => {
    const { keys, unknown } = normalizeLanguageList([
      'curl',
      'py',
      'golang',
      'cpp',
      'flutter',
      '.NET',
      'ts',
      'rb',
      'kt',
      'rs',
      'c#',
      'nodejs',
      'js',
      'sh',
      'cobol',
    ]);
    expect(unknown).toEqual([{ index: 14, name: 'cobol' }]);
    expect(keys).toEqual([
      'bash',
      'python',
      'go',
      'c++',
      'dart',
      'dotnet',
      'typescript',
      'ruby',
      'kotlin',
      'rust',
      'csharp',
      'node',
      'javascript',
    ]);
    expect(samples(getOp, keys).map((s) => s.label)).toEqual([
      'cURL',
      'Python',
      'Go',
      'C++',
      'Dart',
      '.NET',
      'TypeScript',
      'Ruby',
      'Kotlin',
      'Rust',
      'C#',
      'Node.js',
      'JavaScript',
    ]);
  });

  it('uses one idiomatic client per language', () => {
    const s = byLang(jsonOp);
    expect(s.bash).toMatch(/^curl --request POST/);
    expect(s.python).toContain('import requests');
    expect(s.javascript).toContain('await fetch(');
    expect(s.node).toContain("import axios from 'axios';");
    expect(s.php).toContain('curl_init()');
    expect(s.go).toContain('http.NewRequest("POST"');
    expect(s.java).toContain('HttpRequest.newBuilder()');
    expect(s.java).toMatch(/^import java.net.URI;/);
    expect(s.ruby).toContain("require 'net/http'");
    expect(s.powershell).toContain('Invoke-RestMethod');
    expect(s.swift).toContain('URLSession.shared.data(for: request)');
    expect(s.csharp).toContain('new RestClient(');
    expect(s.dotnet).toContain('new HttpClient(');
    expect(s.dotnet).not.toContain('RestClient');
    expect(s.typescript).toContain('const response: Response = await fetch(');
    expect(s.c).toContain('curl_easy_init()');
    expect(s['c++']).toContain('cpr::Post(');
    expect(s.kotlin).toContain('OkHttpClient()');
    expect(s.rust).toContain('reqwest::Client::new()');
    expect(s.dart).toContain("import 'package:http/http.dart' as http;");
    expect(Object.keys(SAMPLE_CLIENTS).sort()).toEqual([...ALL].sort());
  });
});

describe('every language carries the whole request', () => {
  const expectations: Array<[string, Operation, string[]]> = [
    [
      'JSON body, path/query/header/cookie params, bearer',
      jsonOp,
      [
        'eu.api.example.com/v1/stores/{storeId}/pets',
        'limit',
        'X-Request-Id',
        'theme=dark',
        'Bearer <token>',
        'Rex O',
        'application/json',
        'POST',
      ],
    ],
    ['form body, basic', formOp, ['/forms/42', 'grant_type', 'client_credentials', 'Basic <encoded-value>', 'PUT']],
    ['multipart with a file part, header API key', multipartOp, ['/uploads', 'X-API-Key', '<api-key>', 'caption', 'example-file', 'POST']],
    ['raw binary, query API key', binaryOp, ['/files/{name}', 'api_key', '<api-key>', 'application/octet-stream', 'PUT']],
    [
      'text body, cookie API key + cookie param',
      textOp,
      ['/notes/{id}', 'session=<api-key>', 'lang=en', 'text/plain', 'line one', 'PATCH'],
    ],
    ['no server, oauth2, deepObject query', getOp, ['/search', 'Bearer <token>', 'filter', 'GET']],
    ['two schemes at once', deleteOp, ['/pets/{petId}', 'Bearer <token>', 'X-API-Key', 'DELETE']],
  ];
  for (const lang of ALL) {
    it(`${lang}`, () => {
      for (const [what, operation, needles] of expectations) {
        const [sample] = samples(operation, [lang]);
        for (const needle of needles) {
          // JavaScript (browser) reads raw binary bodies from a file input, not a path
          if (lang === 'javascript' && operation === binaryOp && needle === 'example-file') continue;
          const hay = /^[A-Z]+$/.test(needle) ? sample!.source.toUpperCase() : sample!.source;
          expect(hay, `${lang} / ${what}: ${needle}`).toContain(needle);
        }
      }
    });
  }
});

describe('requestSamples: request content', () => {
  it('fills server variables with defaults and keeps unknown path params as templates', () => {
    for (const [lang, code] of Object.entries(byLang(jsonOp))) {
      expect(code, lang).toContain('eu.api.example.com/v1/stores/{storeId}/pets');
    }
    // explicit path example is substituted
    expect(byLang(formOp).bash).toContain('https://eu.api.example.com/v1/forms/42');
  });

  it('uses the path alone when there is no server, and relative servers as written', () => {
    const s = byLang(getOp);
    expect(s.bash).toContain("--url '/search?");
    expect(s.python).toContain('url = "/search"');
    for (const [lang, code] of Object.entries(s)) expect(code, lang).not.toContain('.invalid');
    expect(byLang(vendorJsonOp).bash).toContain('--url /api/v3/vendor');
  });

  it('serialises query parameters by style: repeated, comma-joined, deepObject, false kept', () => {
    const curl = byLang(getOp).bash;
    expect(curl).toContain('filter%5Bcolor%5D=red');
    expect(curl).toContain('ids=123');
    expect(curl).toContain('flag=false');
    expect(curl).toContain('q=a%26b%3Dc');
  });

  it('puts every parameter location in the request (header, query, cookie, path)', () => {
    const curl = byLang(jsonOp).bash;
    expect(curl).toContain("--header 'X-Request-Id: 3c90c3cc-0d44-4b50-8888-8dd25736052a'");
    expect(curl).toContain('limit=50');
    expect(curl).toContain('tags=dog');
    expect(curl).toContain("--header 'Cookie: theme=dark'");
  });

  it('sends JSON bodies without readOnly properties and with cycles cut', () => {
    const curl = byLang(jsonOp).bash;
    expect(curl).toContain('"name": "Rex O\'\\\'\'Brien"');
    expect(curl).toContain('"price": 15');
    expect(curl).not.toContain('"id"');
    expect(curl).not.toContain('"parent"');
    const body = JSON.parse(harFromOperation(vendorJsonOp).har.postData!.text!);
    expect(body).toEqual([
      {
        name: "Rex O'Brien",
        tag: '<string>',
        password: '<string>',
        born: '2023-12-25',
        price: 15,
        status: 'available',
        note: 'costs $5 \\ "quoted" \n newline',
      },
    ]);
    expect(byLang(vendorJsonOp).bash).toContain('Content-Type: application/vnd.example+json');
  });

  it('handles form, multipart (file parts), binary and text bodies', () => {
    const form = byLang(formOp);
    expect(form.bash).toContain('--data grant_type=client_credentials');
    expect(form.typescript).toContain("body.append('grant_type', 'client_credentials');");
    const mp = byLang(multipartOp);
    expect(mp.bash).toContain('--form file=@example-file');
    expect(mp.python).toContain("open('example-file', 'rb')");
    expect(mp.python).not.toContain('"open(');
    expect(mp.typescript).toContain("await openAsBlob('example-file')");
    expect(mp.typescript).not.toContain("'Content-Type'");
    expect(mp['c++']).toContain('cpr::File{"example-file"}');
    expect(mp.dart).toContain("http.MultipartFile.fromPath('file', 'example-file')");
    expect(mp.powershell).toContain("Get-Item -Path 'example-file'");
    expect(mp.swift).toContain('Data(contentsOf: URL(fileURLWithPath: "example-file"))');
    const bin = byLang(binaryOp);
    expect(bin.bash).toContain("--data-binary '@example-file'");
    expect(bin.bash).toContain('Content-Type: application/octet-stream');
    expect(bin.powershell).toContain("-InFile 'example-file'");
    expect(bin.dart).toContain("File('example-file').readAsBytes()");
    const text = byLang(textOp);
    expect(text.bash).toContain('Content-Type: text/plain');
    expect(text.bash).toContain('line one');
  });

  it('form bodies honour the encoding style (deepObject, exploded form); nested objects without encoding are JSON', () => {
    const schema = {
      type: 'object',
      properties: {
        card: {
          type: 'object',
          properties: {
            number: { type: 'string', example: '4242' },
            exp: { type: 'object', properties: { month: { type: 'integer', example: 12 } } },
          },
        },
        expand: { type: 'array', items: { type: 'string', example: 'customer' } },
        flat: { type: 'object', properties: { a: { type: 'string', example: 'x' } } },
        raw: { type: 'object', properties: { b: { type: 'integer', example: 1 } } },
      },
    };
    const form = op({
      method: 'post',
      path: '/charges',
      requestBody: {
        required: true,
        content: [
          {
            ...media('application/x-www-form-urlencoded', schema),
            encoding: {
              card: { style: 'deepObject', explode: true },
              expand: { style: 'deepObject', explode: true },
              flat: { style: 'form', explode: true },
            },
          },
        ],
      },
    });
    const pairs = harFromOperation(form).har.postData!.params!.map((p) => `${p.name}=${p.value}`);
    expect(pairs).toEqual(['card[number]=4242', 'card[exp][month]=12', 'expand[]=customer', 'a=x', 'raw={"b":1}']);
    expect(byLang(form).dotnet).toContain('{ "raw", "{\\"b\\":1}" },');
  });

  it('repeated form names (exploded arrays) stay sendable where maps cannot repeat keys', () => {
    const rep = op({
      method: 'post',
      path: '/f',
      requestBody: {
        required: true,
        content: [
          media('application/x-www-form-urlencoded', {
            type: 'object',
            properties: { tag: { type: 'array', example: ['a', 'b'], items: { type: 'string' } }, n: { type: 'string', example: 'x' } },
          }),
        ],
      },
    });
    const s = byLang(rep);
    expect(s.bash).toContain('--data tag=a');
    expect(s.bash).toContain('--data tag=b');
    expect(s.dart).toContain("final body = 'tag=a&tag=b&n=x';");
    expect(s.powershell).toContain("$body = 'tag=a&tag=b&n=x'");
    expect(s.dotnet).toContain('new KeyValuePair<string, string>("tag", "a"),');
    expect(s.dotnet).toContain('new KeyValuePair<string, string>("tag", "b"),');
    expect(s.typescript).toContain("body.append('tag', 'b');");
  });

  it("multipart file parts and binary bodies use each language's file API, never an inlined empty body", () => {
    const mp = byLang(multipartOp);
    for (const lang of [
      'node',
      'go',
      'ruby',
      'php',
      'kotlin',
      'c',
      'csharp',
      'python',
      'typescript',
      'javascript',
      'dart',
      'c++',
      'powershell',
      'swift',
      'bash',
      'rust',
      'dotnet',
    ] as const) {
      expect(mp[lang], lang).not.toContain('-----011000010111000001101001');
    }
    expect(mp.go).toContain('writer.CreateFormFile("file", "example-file")');
    expect(mp.go).toContain('req.Header.Set("Content-Type", writer.FormDataContentType())');
    expect(mp.ruby).toContain(
      "request.set_form([['file', File.open('example-file')], ['caption', 'it\\'s mine'], ['meta', '{\"a\":123}']], 'multipart/form-data')",
    );
    expect(mp.php).toContain('"file" => new CURLFile("example-file"),');
    expect(mp.kotlin).toContain('MultipartBody.Builder()');
    expect(mp.c).toContain('curl_mime_filedata(part, "example-file");');
    expect(mp.csharp).toContain('request.AddFile("file", "example-file");');
    expect(mp.node).toContain("form.append('file', await openAsBlob('example-file'), 'example-file');");
    expect(mp.dotnet).toContain('new StreamContent(File.OpenRead("example-file"))');
    expect(mp.dotnet).not.toContain('new StringContent("")');
    const bin = byLang(binaryOp);
    for (const [lang, code] of Object.entries(bin)) expect(code, lang).not.toContain('<binary file contents>');
    expect(bin.python).toContain("payload = open('example-file', 'rb')");
    expect(bin.go).toContain('payload, _ := os.Open("example-file")');
    expect(bin.java).toContain('BodyPublishers.ofFile(Path.of("example-file"))');
    expect(bin.ruby).toContain("request.body = File.binread('example-file')");
    expect(bin.rust).toContain('std::fs::read("example-file")');
    expect(bin.dotnet).toContain('new ByteArrayContent(File.ReadAllBytes("example-file"))');
    expect(bin.node).toContain("data: await readFile('example-file'),");
  });

  it('escapes body text per language: quotes, backslashes, newlines, $ and #{ interpolation', () => {
    const s = byLang(jsonOp);
    expect(s.python).toContain('"note": "costs $5 \\\\ \\"quoted\\" \\n newline"');
    expect(s.rust).toContain('"note": "costs $5 \\\\ \\"quoted\\" \\n newline"');
    expect(s.node).toContain('note: \'costs $5 \\\\ "quoted" \\n newline\'');
    expect(s.kotlin).toContain('costs $5');
    expect(byLang(textOp).kotlin).toContain("${'$'}HOME");
    expect(s.dart).toContain("'note': 'costs \\$5 \\\\ \"quoted\" \\n newline'");
    const text = byLang(textOp);
    expect(text.php).toContain('\\$HOME');
    expect(text.powershell).toContain("$body = 'line one\nit''s line ''two'' $HOME `x`\n''@'");
    // `$'`, `$&`, `$1` in values are text, not replacement patterns
    const dollarOp = op({
      method: 'post',
      path: '/d',
      requestBody: {
        required: true,
        content: [
          media('multipart/form-data', {
            type: 'object',
            properties: { f: { type: 'string', format: 'binary' }, v: { type: 'string', example: "a$'b$&c$1" } },
          }),
        ],
      },
    });
    const dollar = byLang(dollarOp);
    for (const lang of ['go', 'ruby', 'php', 'kotlin', 'c', 'csharp'] as const) expect(dollar[lang], lang).toMatch(/a.?\$\\?'b.?\$&c.?\$1/);
    const hashOp = op({
      method: 'post',
      path: '/h',
      requestBody: { required: true, content: [media('text/plain', { type: 'string', example: 'run #{system("x")}' })] },
    });
    expect(byLang(hashOp).ruby).toContain('\\#{system');
  });

  it('GET/HEAD/OPTIONS/TRACE/DELETE produce requests with the right method', () => {
    expect(byLang(deleteOp).bash).toContain('--request DELETE');
    expect(byLang(optionsOp)['c++']).toContain('cpr::Options(');
    const trace = byLang(traceOp);
    expect(trace.bash).toContain('--request TRACE');
    // RestSharp has no TRACE: the C# tab falls back to HttpClient instead of an error text
    expect(trace.csharp).toContain('Method = HttpMethod.Trace');
    expect(trace.csharp).not.toContain('not supported');
    expect(trace['c++']).toContain('CURLOPT_CUSTOMREQUEST, "TRACE"');
  });
});

describe('requestSamples: auth', () => {
  const real = ['sk_live_REAL_SECRET', 'REAL_HEADER_KEY', 'REAL_PARAM_TOKEN', 'REAL_QUERY_KEY'];

  it('shows placeholders per security scheme, never a real value', () => {
    for (const operation of Object.values(ALL_OPERATIONS)) {
      for (const s of samples(operation)) for (const secret of real) expect(s.source, `${operation.path} ${s.lang}`).not.toContain(secret);
    }
    expect(byLang(jsonOp).bash).toContain("--header 'Authorization: Bearer <token>'");
    expect(byLang(formOp).bash).toContain("--header 'Authorization: Basic <encoded-value>'");
    expect(byLang(multipartOp).bash).toContain("--header 'X-API-Key: <api-key>'");
    expect(byLang(binaryOp).bash).toContain('api_key=<api-key>');
    expect(byLang(binaryOp).python).toContain('"api_key":"<api-key>"');
    expect(byLang(textOp).bash).toContain("--header 'Cookie: session=<api-key>; lang=en'");
    expect(byLang(getOp).bash).toContain("--header 'Authorization: Bearer <token>'");
    // AND of two schemes: both present
    const del = byLang(deleteOp).bash;
    expect(del).toContain('Authorization: Bearer <token>');
    expect(del).toContain('X-API-Key: <api-key>');
  });

  it('does not duplicate a security header or query key as an ordinary parameter', () => {
    const count = (s: string, needle: string): number => s.split(needle).length - 1;
    for (const [lang, code] of Object.entries(byLang(jsonOp))) expect(count(code, 'Bearer <token>'), lang).toBe(1);
    for (const [lang, code] of Object.entries(byLang(multipartOp))) expect(count(code, 'X-API-Key'), lang).toBe(1);
    expect(count(byLang(binaryOp).bash!, 'api_key=')).toBe(1);
  });

  it('uses no auth when security is empty', () => {
    expect(byLang(traceOp).bash).not.toContain('Authorization');
  });
});

describe('requestSamples: options', () => {
  it('defaults: required drops optional parameters and optional body properties; all keeps them', () => {
    const all = byLang(jsonOp, 'all').bash;
    const required = byLang(jsonOp, 'required').bash;
    expect(all).toContain('X-Optional');
    expect(all).toContain('tags=dog');
    expect(all).toContain('"tag"');
    expect(required).not.toContain('X-Optional');
    expect(required).not.toContain('tags=');
    expect(required).not.toContain('"tag"');
    expect(required).toContain('X-Request-Id');
    expect(required).toContain('limit=50');
    expect(required).toContain('"name"');
  });

  it('x-codeSamples come first with their labels (several per language), then generated samples', () => {
    const withSamples = op({
      method: 'get',
      path: '/things',
      codeSamples: [
        { lang: 'python', label: 'Python SDK', source: 'client.things.list()' },
        { lang: 'python', label: 'Python (async)', source: 'await client.things.list()' },
        { lang: 'bash', source: 'things list' },
        { lang: 'elixir', source: 'Things.list()' },
      ],
    });
    const out = samples(withSamples, ['bash', 'python']);
    expect(out.map((s) => [s.label, s.generated])).toEqual([
      ['Python SDK', false],
      ['Python (async)', false],
      ['cURL', false],
      ['elixir', false],
      ['cURL', true],
      ['Python', true],
    ]);
    expect(out[3]).toMatchObject({ lang: 'elixir', highlight: 'elixir', source: 'Things.list()' });
    const hand = requestSamples({ operation: withSamples, languages: ['bash', 'python'], defaults: 'all', autogenerate: false });
    expect(hand.map((s) => s.label)).toEqual(['Python SDK', 'Python (async)', 'cURL', 'elixir']);
    expect(hand.every((s) => !s.generated)).toBe(true);
  });

  it('autogenerate: false without hand-written samples gives nothing', () => {
    expect(requestSamples({ operation: getOp, languages: ALL, defaults: 'all', autogenerate: false })).toEqual([]);
  });

  it('<RequestExample> blocks replace x-codeSamples and generated samples', () => {
    const withSamples = op({ method: 'get', path: '/x', codeSamples: [{ lang: 'python', label: 'SDK', source: 'sdk()' }] });
    const out = requestSamples({
      operation: withSamples,
      languages: ALL,
      defaults: 'all',
      autogenerate: true,
      pageExamples: [
        { lang: 'bash', title: 'Request', code: 'curl https://x' },
        { lang: 'py', code: 'requests.get()' },
      ],
    });
    expect(out).toEqual([
      { lang: 'bash', label: 'Request', highlight: 'bash', source: 'curl https://x', generated: false },
      { lang: 'python', label: 'Python', highlight: 'python', source: 'requests.get()', generated: false },
    ]);
  });

  it('is cached per operation and options (same result object), and pure', () => {
    const a = samples(multipartOp, ['bash', 'go']);
    expect(samples(multipartOp, ['bash', 'go'])).toBe(a);
    const b = samples(multipartOp, ['bash', 'go'], 'required');
    expect(b).not.toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    // a structurally equal but distinct operation gives equal output
    expect(samples(structuredClone(multipartOp), ['bash', 'go'])).toEqual(a);
  });
});

describe('cache bound', () => {
  it('keeps the most recently used operations only (memory stays bounded on huge specs)', () => {
    const ops = Array.from({ length: 2100 }, (_, i) => op({ method: 'get', path: `/bounded/${i}` }));
    const first = samples(ops[0]!, ['bash']);
    for (const o of ops.slice(1)) samples(o, ['bash']);
    const last = samples(ops[2099]!, ['bash']);
    expect(samples(ops[2099]!, ['bash'])).toBe(last);
    const again = samples(ops[0]!, ['bash']);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

describe('httpsnippet instance reuse pitfall', () => {
  it('a shared HTTPSnippet instance corrupts later conversions (why we never share one)', () => {
    const build = harFromOperation(multipartOp);
    const shared = new HTTPSnippet(structuredClone(build.har) as never);
    const goBefore = shared.convert('go', 'native');
    shared.convert('shell', 'curl');
    expect(shared.convert('go', 'native')).not.toBe(goBefore);
    const shared2 = new HTTPSnippet(structuredClone(build.har) as never);
    shared2.convert('python', 'requests');
    // the upstream PowerShell client then dies on the vanished Content-Type header
    expect(() => shared2.convert('powershell', 'restmethod')).toThrow();
    // and prepare() mutates the HAR it is given, so a HAR object cannot be shared either
    const har = structuredClone(build.har);
    new HTTPSnippet(har as never);
    expect(har).not.toEqual(build.har);
    // our pipeline: fresh instance over a fresh HAR copy per conversion
    expect(convertHar(build, 'go')).toBe(convertHar(harFromOperation(multipartOp), 'go'));
  });

  it('every language gives the same output alone, first, last, or after all others', () => {
    for (const operation of [jsonOp, multipartOp, formOp, textOp, binaryOp]) {
      const build = harFromOperation(operation);
      const snapshot = JSON.stringify(build.har);
      const forward = ALL.map((l) => convertHar(build, l));
      const backward = [...ALL]
        .reverse()
        .map((l) => convertHar(build, l))
        .reverse();
      const alone = ALL.map((l) => convertHar(harFromOperation(operation), l));
      expect(backward).toEqual(forward);
      expect(alone).toEqual(forward);
      expect(JSON.stringify(build.har)).toBe(snapshot);
    }
  });

  it("PowerShell samples stay valid where httpsnippet's own client breaks", () => {
    const build = harFromOperation(jsonOp);
    const upstream = new HTTPSnippet(structuredClone(build.har) as never).convert('powershell', 'restmethod') as string;
    expect(powershellProblem(upstream)).toBeDefined(); // `-Body '{ "name": "Rex O'Brien" …'` is cut by the quote
    for (const operation of Object.values(ALL_OPERATIONS)) {
      expect(powershellProblem(convertHar(harFromOperation(operation), 'powershell')), operation.path).toBeUndefined();
    }
  });
});

describe('responseExamples', () => {
  it('named examples with summary, else example, else generated (writeOnly left out)', async () => {
    const { document } = await loadSpec({ root: ROOT, source: 'fixtures/samples/api.yaml' });
    if (document?.kind !== 'openapi') throw new Error('fixture did not load');
    const get = document.operations.find((o) => o.operationId === 'getPet')!;
    const sets = responseExamples(get);
    expect(sets.map((s) => s.status)).toEqual(['200', '404', '500']);
    expect(sets[0]!.examples.map((e) => [e.key, e.summary])).toEqual([
      ['dog', 'A dog'],
      ['cat', 'A cat'],
    ]);
    expect(JSON.parse(sets[0]!.examples[0]!.value)).toEqual({ id: 7, name: 'Rex' });
    expect(sets[1]!.examples).toEqual([{ mediaType: 'application/json', key: 'example', value: '{\n  "error": "not found"\n}' }]);
    expect(JSON.parse(sets[2]!.examples[0]!.value)).toEqual({ message: '<string>' });
    expect(sets[2]!.description).toBe('Boom');
  });

  it('generated response examples keep readOnly and drop writeOnly', () => {
    const o = op({ method: 'get', path: '/p', responses: [{ status: '200', headers: [], content: [media('application/json', PET)] }] });
    const value = JSON.parse(responseExamples(o)[0]!.examples[0]!.value);
    expect(value.id).toBe(123);
    expect(value.password).toBeUndefined();
    expect(value.parent).toBeUndefined();
  });

  it('<ResponseExample> blocks replace them', () => {
    const o = op({ method: 'get', path: '/p', responses: [] });
    expect(
      responseExamples(o, [
        { lang: 'json', title: 'Success 200', code: '{"ok":true}' },
        { lang: 'text', title: 'Error', code: 'nope' },
      ]),
    ).toEqual([
      {
        status: '200',
        description: 'Success 200',
        examples: [{ mediaType: 'application/json', key: 'Success 200', value: '{"ok":true}' }],
      },
      { status: 'Error', description: 'Error', examples: [{ mediaType: 'text/plain', key: 'Error', value: 'nope' }] },
    ]);
  });
});

describe('real spec fixture', () => {
  it('x-codeSamples from the spec (aliases normalised), effective security, webhooks', async () => {
    const { document } = await loadSpec({ root: ROOT, source: 'fixtures/samples/api.yaml' });
    if (document?.kind !== 'openapi') throw new Error('fixture did not load');
    const get = document.operations.find((o) => o.operationId === 'getPet')!;
    const out = samples(get, ['bash', 'python']);
    expect(out.map((s) => s.label)).toEqual(['Python SDK', 'Python (async)', 'elixir', 'cURL', 'Python']);
    expect(out[0]!.lang).toBe('python');
    expect(out[3]!.source).toContain('https://sandbox.example.com/api/pets/7');
    const put = byLang(document.operations.find((o) => o.operationId === 'updatePet')!);
    expect(put.bash).toContain('X-Api-Key: <api-key>');
    expect(put.bash).not.toContain('REAL_DEFAULT');
    expect(put.bash).not.toContain('secretNote');
    expect(put.bash).toContain('"tier": "basic"');
    const upload = byLang(document.operations.find((o) => o.operationId === 'uploadPet')!);
    expect(upload.bash).not.toContain('Authorization');
    expect(upload.bash).toContain('--form photo=@example-file');
    const hook = byLang(document.operations.find((o) => o.kind === 'webhook')!);
    expect(hook.bash).toContain('--url https://example.com/webhook');
    expect(hook.bash).toContain('Authorization: Basic <encoded-value>');
  });

  it('odd characters in paths are percent-encoded, never a fallback', () => {
    const odd = op({ method: 'get', path: '/dossier"/a b/{id}/é', parameters: [param({ name: 'id', in: 'path' })] });
    const s = byLang(odd);
    expect(s.bash).toContain('--url https://eu.api.example.com/v1/dossier%22/a%20b/{id}/%C3%A9');
    for (const [lang, code] of Object.entries(s)) expect(code.split('\n').length, lang).toBeGreaterThan(1);
  });

  it('a schema that cannot produce an example still yields a valid sample', () => {
    const weird: Record<string, unknown> = { not: {} };
    weird.allOf = [weird];
    const o = op({
      method: 'post',
      path: '/weird',
      parameters: [param({ name: 'q', in: 'query', required: true, schema: false as never })],
      requestBody: { required: true, content: [media('application/json', weird)] },
    });
    const s = byLang(o);
    expect(s.bash).toContain('"<any>"');
    expect(s.bash).toContain('q=<string>');
  });

  it('sec() fixture helper builds AND requirements', () => {
    expect(sec('bearer', 'basic')[0]!.schemes).toHaveLength(2);
  });
});
