import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAssistantIndex,
  documentsFromPlan,
  mdxToText,
  openAssistantIndex,
  relevantPassages,
  type AssistantIndex,
} from '../src/assistant/index.ts';
import { createTestSite, FIXTURE, fixturePlan, type TestSite } from './assistant.helpers.ts';

const questions = JSON.parse(readFileSync(join(FIXTURE, 'questions.json'), 'utf8')) as Array<{ q: string; expect: string }>;

let site: TestSite;
let index: AssistantIndex;

beforeAll(async () => {
  site = await createTestSite();
  index = openAssistantIndex(site.indexPath);
});
afterAll(() => {
  index.close();
  site.cleanup();
});

describe('retrieval over the docs fixture', () => {
  it.each(questions)('"$q" -> $expect', ({ q, expect: expected }) => {
    const { passages } = index.search({ text: q, limit: 5 });
    const top = passages[0];
    expect(top, `no result for ${q}`).toBeDefined();
    if (expected.includes('#')) expect(top!.path).toBe(expected);
    else expect(top!.page).toBe(expected);
    // The top result is also relevant enough for the composer to answer from it.
    expect(relevantPassages(passages)[0]?.path).toBe(top!.path);
  });

  it('finds nothing relevant for questions the docs cannot answer', () => {
    for (const q of ['What is the capital of France?', 'Recipe for sourdough bread', 'Who won the 1998 world cup?']) {
      const { passages } = index.search({ text: q, limit: 5 });
      expect(relevantPassages(passages), q).toEqual([]);
    }
  });

  it('keeps only strong matches to answer from', () => {
    const { passages } = index.search({ text: 'How do I create my first payment?', limit: 5 });
    // Idempotency and webhooks also mention "creating" a "payment", but much more weakly.
    expect(passages.map((p) => p.page)).toContain('/guides/idempotency');
    const relevant = relevantPassages(passages);
    expect(relevant[0]?.path).toBe('/quickstart#create-your-first-payment');
    expect(relevant.map((p) => p.page)).not.toContain('/guides/idempotency');
  });

  it('returns one result per page: its best section, anchor kept', () => {
    const { passages } = index.search({ text: 'webhook signature retries delivery', limit: 10 });
    const pages = passages.map((p) => p.page);
    expect(new Set(pages).size).toBe(pages.length);
    expect(passages.filter((p) => p.page === '/guides/webhooks')).toHaveLength(1);
    expect(passages[0]!.path).toMatch(/^\/guides\/webhooks#(verifying-signatures|retries)$/);
  });

  it('finds pages by their frontmatter keywords and by field names', () => {
    // "troubleshooting" is only in the keywords of the errors page.
    expect(index.search({ text: 'troubleshooting', limit: 3 }).passages[0]?.page).toBe('/guides/errors');
    // Field names of <ResponseField>, written as readers type them.
    const field = index.search({ text: 'What is data.object.metadata in an event?', limit: 3 }).passages[0];
    expect(field?.path).toBe('/guides/webhooks#event-payload');
    expect(index.search({ text: 'livemode', limit: 3 }).passages[0]?.path).toBe('/guides/webhooks#event-payload');
  });

  it('understands API vocabulary: synonyms, abbreviations and stems', () => {
    // "remove" is not on the page; "refund" and "delete" are (delete <-> remove, refunds <-> refund).
    const top = (text: string) => index.search({ text, limit: 3 }).passages[0]?.page;
    expect(top('How do I paginate the list of payments?')).toBe('/guides/pagination');
    expect(top('auth with my secret key')).toBe('/guides/authentication');
    expect(top('How many reqs per second before throttling?')).toBe('/guides/rate-limits');
  });

  it('never throws on FTS syntax in user text', () => {
    const nasty = [
      'NEAR(a b) OR "unterminated',
      'payments* AND -webhooks ^ NOT',
      '{title}: col:"x" ) ( ) ""',
      "'; DROP TABLE sections; --",
      '*',
      '???',
      '',
      'ÄÖÜ émoji 🎉 日本語の文書',
    ];
    for (const q of nasty) expect(() => index.search({ text: q, limit: 5 })).not.toThrow();
    expect(index.search({ text: 'webhooks AND signatures', limit: 3 }).passages[0]?.page).toBe('/guides/webhooks');
    expect(index.search({ text: '???', limit: 3 }).passages).toEqual([]);
  });

  it('honours filter.version (unversioned pages stay eligible)', () => {
    const v1 = index.search({ text: 'How do I create a refund?', limit: 5, version: 'v1' });
    expect(v1.passages[0]?.page).toBe('/guides/refunds-v1');
    expect(v1.passages.map((p) => p.page)).not.toContain('/v2/refunds');
    const v2 = index.search({ text: 'How do I create a refund?', limit: 5, version: 'v2' });
    expect(v2.passages[0]?.page).toBe('/v2/refunds');
    expect(v2.passages.map((p) => p.page)).not.toContain('/guides/refunds-v1');
  });

  it('honours filter.language', () => {
    const fr = index.search({ text: 'installer SDK paiement', limit: 5, language: 'fr' });
    expect(fr.passages[0]?.page).toBe('/guides/demarrage');
    const en = index.search({ text: 'installer SDK paiement', limit: 5, language: 'en' });
    expect(en.passages.map((p) => p.page)).not.toContain('/guides/demarrage');
  });

  it('boosts results on or near currentPath', () => {
    // "test mode" is on the quickstart, authentication, rate limits and the French page.
    const plain = index.search({ text: 'test mode', limit: 10 });
    expect(plain.passages[0]?.page).not.toBe('/quickstart');
    const onQuickstart = index.search({ text: 'test mode', limit: 10, currentPath: '/quickstart#install-the-sdk' });
    expect(onQuickstart.passages[0]?.page).toBe('/quickstart');
    const rank = (ps: typeof plain.passages) => ps.findIndex((p) => p.page === '/guides/rate-limits');
    const onRateLimits = index.search({ text: 'test mode', limit: 10, currentPath: 'guides/rate-limits' });
    expect(rank(onRateLimits.passages)).toBeLessThan(rank(plain.passages));
  });

  it('takes retrievalPageSize results', () => {
    expect(index.search({ text: 'payment', limit: 2 }).passages).toHaveLength(2);
    expect(index.search({ text: 'payment', limit: 7 }).passages.length).toBeGreaterThan(2);
    expect(index.search({ text: 'payment', limit: 7 }).passages.length).toBeLessThanOrEqual(7);
  });
});

describe('documents from a SitePlan', () => {
  const docs = documentsFromPlan(fixturePlan());

  it('turns guide pages into text without JSX and keeps titles of components', () => {
    const quick = docs.find((d) => d.path === '/quickstart')!;
    expect(quick.title).toBe('Quickstart');
    expect(quick.description).toMatch(/five minutes/);
    expect(quick.markdown).not.toMatch(/<Step|<\/Steps>|<Note>|snippets\/note/);
    expect(quick.markdown).toContain('Install the package');
    expect(quick.markdown).toContain('npm install @acme/payments');
    expect(quick.markdown).toContain('Test mode payments never move real money.');
  });

  it('describes generated endpoint pages from the operation', () => {
    const capture = docs.find((d) => d.path === '/api-reference/payments/capture-a-payment')!;
    expect(capture.markdown).toContain('`POST /payments/{id}/capture`');
    expect(capture.markdown).toContain('Uncaptured payments are released after 7 days.');
    expect(capture.markdown).toMatch(/`id` \(path, string, required\) — ID of the payment to capture\./);
    expect(capture.markdown).toMatch(/`amount_to_capture` \(integer\) — Amount to capture in cents/);
    expect(capture.markdown).toMatch(/`409` — The payment was already captured\./);
  });

  it('keeps version and language, and leaves restricted pages out', () => {
    expect(docs.find((d) => d.path === '/v2/refunds')?.version).toBe('v2');
    expect(docs.find((d) => d.path === '/guides/demarrage')?.language).toBe('fr');
    expect(docs.find((d) => d.path === '/internal/secret-roadmap')).toBeUndefined();
    const found = index.search({ text: 'zeppelin launch', limit: 5 }).passages;
    expect(found.map((p) => p.page).filter((p) => p.startsWith('/internal'))).toEqual([]);
    expect(relevantPassages(found)).toEqual([]);
  });

  it('keeps field names of <ParamField> / <ResponseField> (also across lines) and numbers steps', () => {
    const hooks = docs.find((d) => d.path === '/guides/webhooks')!;
    expect(hooks.markdown).toContain('- `data.object.metadata` (object)');
    expect(hooks.markdown).toContain('- `livemode` (boolean, required)');
    expect(hooks.markdown).not.toContain('<ResponseField');
    expect(docs.find((d) => d.path === '/guides/errors')?.keywords).toEqual(['troubleshooting', 'failed charge']);
    const quick = docs.find((d) => d.path === '/quickstart')!.markdown;
    expect(quick).toMatch(/^1\) Install the package$/m);
    expect(quick).toMatch(/^2\) Set your secret key$/m);
    const text = mdxToText(
      '<ParamField query="per_page" type="integer" default={30}>\nPage size.\n</ParamField>\n<ParamField\n  path="id"\n  type="string"\n  required\n>',
    );
    expect(text).toContain('- `per_page` (integer)');
    expect(text).toContain('- `id` (string, required)');
  });

  it('describes endpoint pages with their operation', () => {
    const capture = docs.find((d) => d.path === '/api-reference/payments/capture-a-payment')!;
    expect(capture.operation).toMatchObject({ method: 'POST', path: '/payments/{id}/capture' });
    const { passages } = index.search({ text: 'capture an authorized payment', limit: 1 });
    expect(passages[0]?.operation).toEqual({ method: 'POST', path: '/payments/{id}/capture' });
  });

  it('mdxToText strips JSX but not code', () => {
    const text = mdxToText(
      [
        "import X from './x.mdx';",
        '{/* hidden comment */}',
        '<Card title="Card title" href="/x">Card body</Card>',
        '```tsx',
        'const a = <Foo bar={1} />;',
        '```',
        'Inline {expression} gone.',
      ].join('\n'),
    );
    expect(text).not.toContain('import X');
    expect(text).not.toContain('hidden comment');
    expect(text).toContain('Card title');
    expect(text).toContain('Card body');
    expect(text).toContain('const a = <Foo bar={1} />;');
    expect(text).toContain('Inline gone.');
  });

  it('finds derived forms, reads yes/no questions as checks, ignores link targets, keeps an endpoint page whole', () => {
    const path = join(site.dir, 'derived.db');
    const endpoint = (slug: string, title: string, method: string, apiPath: string, markdown: string) => ({
      path: `/api/${slug}`,
      title,
      markdown: `\`${method} ${apiPath}\`\n\n${markdown}`,
      operation: { method, path: apiPath },
    });
    buildAssistantIndex(
      [
        endpoint('list-watchers', 'List watchers', 'GET', '/repos/{repo}/watchers', 'Lists the accounts behind a repository.'),
        endpoint(
          'download-archive',
          'Download an archive',
          'GET',
          '/repos/{repo}/zipball',
          'Make sure your client can watch a redirect of the repository. See [the guide](https://example.com/docs/rate-limits/watchers).',
        ),
        // The same words, the same method: only the question's form tells them apart.
        endpoint(
          'a-get-member',
          'Get organization membership for a user',
          'GET',
          '/orgs/{org}/memberships/{user}',
          'A user as a member of an organization.',
        ),
        endpoint(
          'check-member',
          'Check organization membership for a user',
          'GET',
          '/orgs/{org}/members/{user}',
          'A user as a member of an organization.',
        ),
        endpoint(
          'update-repo',
          'Update a repository',
          'PATCH',
          '/repos/{repo}',
          'Updates a repository.\n\n## Request body\n\n- `name` (string)\n- `description` (string) — a short description of the repository\n\n## Responses\n\n- `200` — Response',
        ),
      ],
      path,
    );
    const idx = openAssistantIndex(path);
    try {
      // "watches" and "watchers" share a root; the archive page says "watch" (and links to .../watchers) but is not about it.
      expect(idx.search({ text: 'Who watches this repository?', limit: 5 }).passages[0]?.page).toBe('/api/list-watchers');
      const links = idx.search({ text: 'rate limits', limit: 5 }).passages;
      expect(links.map((p) => p.page)).not.toContain('/api/download-archive');
      expect(idx.search({ text: 'Is this user a member of my organization?', limit: 5 }).passages[0]?.page).toBe('/api/check-member');
      expect(idx.search({ text: 'Show the membership of this user in my organization', limit: 5 }).passages[0]?.page).toBe(
        '/api/a-get-member',
      );
      // An endpoint page is one result: its body fields count with its title.
      const update = idx.search({ text: 'Change the description of a repository', limit: 5 }).passages;
      expect(update[0]?.page).toBe('/api/update-repo');
      expect(update[0]?.path).toBe('/api/update-repo');
      expect(update[0]?.content).toContain('`description` (string)');
    } finally {
      idx.close();
    }
  });

  it('searches a question in the language it is written in, not the language of the page the reader is on', () => {
    // Mintlify's docs in English and Chinese (issue 35): translated pages keep product names and code in English, so
    // an English question asked on a Chinese page matched only those words there — and the section with the most
    // English code, the security schemes, was the answer to "How do I add an OpenAPI playground?".
    const path = join(site.dir, 'languages.db');
    const setup = (language: 'en' | 'zh', title: string, intro: string, baseUrl: [string, string], auth: [string, string]) => ({
      path: `${language === 'en' ? '' : '/zh'}/api-playground/openapi-setup`,
      title,
      language,
      markdown: [
        intro,
        `## ${baseUrl[0]}`,
        baseUrl[1],
        '```json\n{ "servers": [{ "url": "https://api.example.com/v1" }] }\n```',
        `## ${auth[0]}`,
        auth[1],
        '```json\n{ "components": { "securitySchemes": { "apiKey": { "type": "apiKey", "in": "header", "name": "X-API-Key", "x-default": "your-api-key-here" } } } }\n```',
        'The `x-default` extension pre-fills the API playground for `apiKey` and `http` bearer schemes in your OpenAPI specification.'.replace(
          /^.*$/,
          (en) =>
            language === 'en'
              ? en
              : '`x-default` 扩展支持 `apiKey` 和 `http` bearer 安全方案类型，在 API playground 中预填 OpenAPI 规范的身份验证字段。',
        ),
      ].join('\n\n'),
    });
    buildAssistantIndex(
      [
        setup(
          'en',
          'OpenAPI setup',
          'Generate interactive API documentation from OpenAPI specification files.',
          ['Specify the base URL for your API', 'To enable the API playground, add a `servers` field to your OpenAPI specification.'],
          ['Specify authentication', 'Configure `securitySchemes` to add authentication fields to the playground.'],
        ),
        setup(
          'zh',
          'OpenAPI 设置',
          '从 OpenAPI 规范文件生成交互式 API 文档。',
          ['指定 API 的基础 URL', '要启用 API 操作台，请在 OpenAPI 规范中添加 `servers` 字段。'],
          ['为安全方案设置默认值', '配置 `securitySchemes`，为操作台添加身份验证字段。'],
        ),
        { path: '/quickstart', title: 'Quickstart', language: 'en', markdown: 'Add your first page and deploy the site.' },
        { path: '/zh/quickstart', title: '快速开始', language: 'zh', markdown: '添加第一个页面并部署站点。' },
      ],
      path,
      { defaultLanguage: 'en' },
    );
    const idx = openAssistantIndex(path);
    try {
      const question = 'How do I add an OpenAPI playground?';
      const onEnglish = idx.search({ text: question, limit: 3, currentPath: '/quickstart' });
      expect(onEnglish.passages[0]?.path).toBe('/api-playground/openapi-setup#specify-the-base-url-for-your-api');
      // The same question on a Chinese page: the English pages answer it, framed in English.
      const onChinese = idx.search({ text: question, limit: 3, currentPath: '/zh/quickstart' });
      expect(onChinese.passages[0]?.path).toBe('/api-playground/openapi-setup#specify-the-base-url-for-your-api');
      expect(onChinese.language).toBe('en');
      // A question in Chinese on that page is still searched among the Chinese pages.
      const chinese = idx.search({ text: '如何添加 OpenAPI 操作台', limit: 3, currentPath: '/zh/quickstart' });
      expect(chinese.passages[0]?.page).toBe('/zh/api-playground/openapi-setup');
      expect(chinese.language).toBe('zh');
      // An explicit language filter is obeyed whatever the question's language.
      const filtered = idx.search({ text: question, limit: 3, language: 'zh' });
      expect(filtered.passages.map((p) => p.language)).toEqual(filtered.passages.map(() => 'zh'));
    } finally {
      idx.close();
    }
  });

  it('rebuilding the index replaces it', () => {
    const path = join(site.dir, 'rebuild.db');
    buildAssistantIndex([{ path: 'a', title: 'Alpha', markdown: 'alpha bravo' }], path);
    buildAssistantIndex([{ path: 'b', title: 'Bravo', markdown: '## Charlie\n\ncharlie delta' }], path);
    const idx = openAssistantIndex(path);
    try {
      expect(idx.search({ text: 'alpha', limit: 5 }).passages).toEqual([]);
      expect(idx.search({ text: 'charlie', limit: 5 }).passages[0]?.path).toBe('/b#charlie');
    } finally {
      idx.close();
    }
  });

  it('searches an endpoint by what it does and what it returns, not by the descriptions of returned fields', () => {
    const path = join(site.dir, 'responses.db');
    const endpoint = (slug: string, title: string, method: string, apiPath: string, field: string, fieldDescription: string) => ({
      path: slug,
      title,
      markdown: [
        `\`${method} ${apiPath}\``,
        title,
        '## Responses',
        [
          `- \`200\` — OK (\`application/json\`)`,
          `  - \`${field}\` (string) — ${fieldDescription}`,
          '  - `owner.login` (string) — The sandbox owner',
        ].join('\n'),
        ['- `404` — Resource not found (`application/json`)', '  - `message` (string) — Why the sandbox was not found'].join('\n'),
      ].join('\n\n'),
      operation: { method, path: apiPath },
    });
    buildAssistantIndex(
      [
        endpoint('api/get-invoice', 'Get an invoice', 'GET', '/invoices/{id}', 'amount', 'Sandbox invoices have no amount'),
        endpoint('api/list-gadgets', 'List gadgets', 'GET', '/gadgets', 'sandbox_mode', 'Whether the gadget is a prototype'),
      ],
      path,
    );
    const idx = openAssistantIndex(path);
    try {
      // A top-level field a successful response returns is found by its name...
      expect(idx.search({ text: 'sandbox mode', limit: 5 }).passages.map((p) => p.page)).toEqual(['/api/list-gadgets']);
      // ...but not by words of field descriptions, nested fields or error responses; the answer still quotes them.
      expect(idx.search({ text: 'prototype', limit: 5 }).passages).toEqual([]);
      expect(idx.search({ text: 'sandbox', limit: 5 }).passages.map((p) => p.page)).toEqual(['/api/list-gadgets']);
      expect(idx.search({ text: 'gadgets', limit: 5 }).passages[0]?.content).toContain('Whether the gadget is a prototype');
    } finally {
      idx.close();
    }
  });
});
