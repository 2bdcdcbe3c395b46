import { describe, expect, it } from 'vitest';
import { extractApiBlocks, operationFromManualEndpoint, requestSamples, responseExamples, type ManualEndpoint } from '../src/index.ts';

const PAGE = `
Creates a user.

<ParamField path="userId" type="string" required>
  The user's **id**.
</ParamField>

<ParamField query="verbose" type="boolean" default={false}>
Include everything.
</ParamField>

<ParamField header="X-Trace" type="string" placeholder="trace-123" deprecated />

<ParamField body="name" type="string" required default="Ada">
  Display name.
</ParamField>

<ParamField body="tags" type="string[]" />

<ParamField body="age" type="integer" />

<RequestExample>

\`\`\`bash Request
curl https://api.example.com/users
\`\`\`

\`\`\`python title="Python SDK"
client.users.create()
\`\`\`

</RequestExample>

<ResponseExample>

\`\`\`json 200 OK
{ "id": "u_1" }
\`\`\`

\`\`\`json Error 404
{ "error": "missing" }
\`\`\`

</ResponseExample>
`;

describe('extractApiBlocks', () => {
  it('reads RequestExample/ResponseExample code blocks with language and title', () => {
    const blocks = extractApiBlocks(PAGE, 'api/users.mdx');
    expect(blocks.diagnostics).toEqual([]);
    expect(blocks.requestExamples).toEqual([
      { lang: 'bash', title: 'Request', code: 'curl https://api.example.com/users' },
      { lang: 'python', title: 'Python SDK', code: 'client.users.create()' },
    ]);
    expect(blocks.responseExamples.map((b) => [b.lang, b.title])).toEqual([
      ['json', '200 OK'],
      ['json', 'Error 404'],
    ]);
  });

  it('reads ParamField specs with their attributes and Markdown description', () => {
    const { paramFields } = extractApiBlocks(PAGE, 'api/users.mdx');
    expect(paramFields).toEqual([
      { in: 'path', name: 'userId', type: 'string', required: true, deprecated: false, description: "The user's **id**.", line: 4 },
      {
        in: 'query',
        name: 'verbose',
        type: 'boolean',
        required: false,
        deprecated: false,
        default: false,
        description: 'Include everything.',
        line: 8,
      },
      { in: 'header', name: 'X-Trace', type: 'string', required: false, deprecated: true, placeholder: 'trace-123', line: 12 },
      {
        in: 'body',
        name: 'name',
        type: 'string',
        required: true,
        deprecated: false,
        default: 'Ada',
        description: 'Display name.',
        line: 14,
      },
      { in: 'body', name: 'tags', type: 'string[]', required: false, deprecated: false, line: 18 },
      { in: 'body', name: 'age', type: 'integer', required: false, deprecated: false, line: 20 },
    ]);
  });

  it('reports a ParamField without location and an MDX syntax error with file and line', () => {
    const missing = extractApiBlocks('<ParamField type="string">x</ParamField>\n', 'a.mdx');
    expect(missing.diagnostics).toMatchObject([{ severity: 'error', code: 'mdx/param-field-location', file: 'a.mdx', line: 1 }]);
    const broken = extractApiBlocks('Hello\n\n<RequestExample>\n\n```bash\ncurl x\n```\n', 'b.mdx');
    expect(broken.diagnostics).toHaveLength(1);
    expect(broken.diagnostics[0]).toMatchObject({ severity: 'error', code: 'mdx/parse-error', file: 'b.mdx' });
    expect(broken.diagnostics[0]!.line).toBeGreaterThan(0);
    expect(broken.requestExamples).toEqual([]);
  });

  it('accepts a whole file: frontmatter skipped, lines stay file lines', () => {
    const file = '---\ntitle: Users\napi: POST /users\n---\n\n<ParamField body="name" type="string">Name.</ParamField>\n';
    const { paramFields, diagnostics } = extractApiBlocks(file, 'users.mdx');
    expect(diagnostics).toEqual([]);
    expect(paramFields).toMatchObject([{ in: 'body', name: 'name', line: 6, description: 'Name.' }]);
  });

  it('a page without API blocks yields empty lists', () => {
    expect(extractApiBlocks('# Title\n\nText with `code`.\n\n```js\nconsole.log(1)\n```\n')).toEqual({
      requestExamples: [],
      responseExamples: [],
      paramFields: [],
      diagnostics: [],
    });
  });
});

describe('operationFromManualEndpoint', () => {
  const endpoint = (authMethod?: ManualEndpoint['authMethod'], authName?: string): ManualEndpoint => ({
    method: 'post',
    path: '/users/{userId}',
    servers: [{ url: 'https://api.example.com', variables: {} }],
    ...(authMethod ? { authMethod } : {}),
    ...(authName ? { authName } : {}),
  });

  it('builds parameters, a JSON body and samples from ParamFields', () => {
    const { paramFields } = extractApiBlocks(PAGE);
    const op = operationFromManualEndpoint(endpoint('bearer'), paramFields);
    expect(op.parameters.map((p) => [p.in, p.name, p.required])).toEqual([
      ['path', 'userId', true],
      ['query', 'verbose', false],
      ['header', 'X-Trace', false],
    ]);
    expect(op.requestBody?.content[0]?.mediaType).toBe('application/json');
    const [curl] = requestSamples({ operation: op, languages: ['bash'], defaults: 'all', autogenerate: true });
    expect(curl!.source).toContain("--url 'https://api.example.com/users/{userId}?verbose=false'");
    expect(curl!.source).toContain("--header 'Authorization: Bearer <token>'");
    expect(curl!.source).toContain('"name": "Ada"');
    expect(curl!.source).toContain('"tags": [');
    expect(curl!.source).toContain('"age": 123');
    const [required] = requestSamples({ operation: op, languages: ['bash'], defaults: 'required', autogenerate: true });
    expect(required!.source).not.toContain('verbose');
    expect(required!.source).not.toContain('"age"');
    expect(op.manual.path).toBe('/users/{userId}');
  });

  it('maps authMethod to placeholders: basic, key (named or Key), cobo, none', () => {
    const curl = (e: ManualEndpoint): string =>
      requestSamples({ operation: operationFromManualEndpoint(e, []), languages: ['bash'], defaults: 'all', autogenerate: true })[0]!
        .source;
    expect(curl(endpoint('basic'))).toContain("'Authorization: Basic <encoded-value>'");
    expect(curl(endpoint('key'))).toContain("'Key: <api-key>'");
    expect(curl(endpoint('key', 'X-Api-Token'))).toContain("'X-Api-Token: <api-key>'");
    expect(curl(endpoint('cobo'))).toContain("'API-SECRET: <api-key>'");
    expect(curl(endpoint('none'))).not.toContain('--header');
    expect(curl(endpoint())).not.toContain('--header');
    // path placeholders without a ParamField still become path parameters
    expect(operationFromManualEndpoint(endpoint(), []).parameters).toMatchObject([{ in: 'path', name: 'userId', required: true }]);
  });

  it('no server: the path alone; page blocks drive request and response examples', () => {
    const blocks = extractApiBlocks(PAGE);
    const op = operationFromManualEndpoint({ method: 'get', path: '/health', servers: [] }, []);
    expect(requestSamples({ operation: op, languages: ['bash'], defaults: 'all', autogenerate: true })[0]!.source).toContain(
      '--url /health',
    );
    const pinned = requestSamples({
      operation: op,
      languages: ['bash'],
      defaults: 'all',
      autogenerate: true,
      pageExamples: blocks.requestExamples,
    });
    expect(pinned.map((s) => s.label)).toEqual(['Request', 'Python SDK']);
    expect(responseExamples(op, blocks.responseExamples).map((s) => s.status)).toEqual(['200', '404']);
  });
});
