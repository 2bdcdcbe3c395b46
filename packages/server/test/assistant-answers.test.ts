/** What a reader sees from the offline composer: a direct answer first, then the sources by title. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSitePlan } from '@lectern/core';
import {
  buildAssistantIndex,
  createExtractiveComposer,
  documentsFromPlan,
  mdxToText,
  openAssistantIndex,
  retrieve,
  siteDefaultLanguage,
  type AssistantIndex,
} from '../src/assistant/index.ts';
import { chat, userMessage, withTestServer } from './assistant.helpers.ts';

const t = withTestServer();
const ask = async (q: string, more: Record<string, unknown> = {}) =>
  (await chat(t.server.endpoint(), t.site.acmeKey, { fp: 'anonymous', messages: [userMessage(q)], ...more })).message.content as string;

describe('offline answers', () => {
  it('gives the steps of a how-to first', async () => {
    const text = await ask('How do I install the Node SDK?');
    expect(text.split('\n')[0]).toBe('From [Quickstart › Install the SDK](/quickstart#install-the-sdk):');
    expect(text).toMatch(/^1\. Install the package\n2\. Set your secret key$/m);
    expect(text).toMatch(/\n\nSources:\n- \[Quickstart › Install the SDK\]\(\/quickstart#install-the-sdk\)/);
  });

  it('names the operation, its method and path for an API question', async () => {
    const text = await ask('How do I capture an authorized payment?');
    expect(text.split('\n')[0]).toBe('Use `POST /payments/{id}/capture`: [Capture a payment](/api-reference/payments/capture-a-payment).');
    // The operation's description, not its summary again.
    expect(text).toContain('Uncaptured payments are released after 7 days.');
    expect(text.match(/Capture a payment/g)).toHaveLength(2); // the link and the source
  });

  it('answers from the opening of the best section, with its code, and lists each source once', async () => {
    const text = await ask('How do I create my first payment in cents?');
    expect(text.split('\n')[0]).toBe('From [Quickstart › Create your first payment](/quickstart#create-your-first-payment):');
    expect(text).toContain('Call `payments.create` with an amount in the smallest currency unit');
    expect(text).toContain("const payment = await acme.payments.create({ amount: 1999, currency: 'eur' });");
    const sources = text
      .slice(text.indexOf('Sources:'))
      .split('\n')
      .filter((l) => l.startsWith('- '));
    expect(new Set(sources.map((l) => l.replace(/#.*$/, ''))).size).toBe(sources.length);
  });

  it('says when the closest page may not be the answer, and that nothing was found when nothing is close', async () => {
    expect(await ask('What is the capital of France?')).toMatch(/^I couldn't find anything in the documentation/);
    // Few of its words are on the page (test mode, sk_test_ keys), but it is the closest.
    const loose = await ask('Can I try the API without real money?');
    expect(loose).toMatch(/^From \[Authentication › Test and live keys\]/);
    expect(loose).toContain('This is the closest match I found in the documentation; it may not answer your question exactly.');
  });
});

describe('offline answers in the language of the reader', () => {
  it("frames the answer in the language of the reader's page: French on a French page", async () => {
    const text = await ask('Comment installer le SDK ?', { currentPath: '/guides/demarrage' });
    expect(text.split('\n')[0]).toBe("D'après [Démarrage rapide](/guides/demarrage) :");
    expect(text).toMatch(/\n\nSources :\n- \[Démarrage rapide\]\(\/guides\/demarrage\)/);
    expect(text).not.toMatch(/\bFrom\b|Sources:/);
    const none = await ask('Quelle est la capitale de la France ?', { currentPath: '/guides/demarrage' });
    expect(none).toMatch(/^Je n'ai rien trouvé dans la documentation qui réponde à cette question/);
    expect(none).toContain('Essayez de la reformuler');
    expect(none).not.toContain("couldn't");
    // Without the page, the language of the best passage.
    expect(await ask('Comment installer le SDK ?')).toMatch(/^D'après \[Démarrage rapide\]/);
  });

  it('frames it in English on an English page, and in English for a language without a translation', async () => {
    const text = await ask('How do I install the Node SDK?', { currentPath: '/quickstart' });
    expect(text.split('\n')[0]).toBe('From [Quickstart › Install the SDK](/quickstart#install-the-sdk):');
    expect(text).toContain('\n\nSources:\n');
    const p = {
      path: '/x',
      page: '/x',
      title: 'Rate limits',
      content: 'You can make 100 calls a minute.',
      score: 1,
      relevance: 1,
      matched: 3,
    };
    const compose = async (language: string) => {
      let out = '';
      for await (const c of createExtractiveComposer()({ question: 'rate limits', terms: [], passages: [p], messages: [], language }))
        out += c;
      return out;
    };
    expect(await compose('sv')).toBe('From [Rate limits](/x):\n\nYou can make 100 calls a minute.\n\nSources:\n- [Rate limits](/x)');
    expect(await compose('de-AT')).toBe('Laut [Rate limits](/x):\n\nYou can make 100 calls a minute.\n\nQuellen:\n- [Rate limits](/x)');
    expect(await compose('cn')).toContain('\n\n来源：\n- [Rate limits](/x)');
  });
});

describe('offline answers from descriptions written in Markdown', () => {
  const compose = async (
    passage: { title: string; description?: string; content: string; operation?: { method: string; path: string } },
    question = 'how many calls are left',
  ) => {
    let text = '';
    const p = { path: '/x', page: '/x', score: 1, relevance: 1, matched: 3, ...passage };
    for await (const chunk of createExtractiveComposer()({ question, terms: [], passages: [p], messages: [] })) text += chunk;
    return text;
  };

  it('names the parameters a question matches, and fields of the response only for what the title does not say', async () => {
    const content = [
      '`GET /users/{username}/followers`',
      'List followers of a user',
      'Lists the people following the specified user.',
      '## Parameters',
      '- `username` (path, string, required) — The handle for the GitHub user account.',
      '## Responses',
      '- `200` — Response (`application/json`)\n  - `followers_url` (string, required)\n  - `following_url` (string, required)',
    ].join('\n\n');
    const text = await compose(
      { title: 'List followers of a user', operation: { method: 'GET', path: '/users/{username}/followers' }, content },
      'Who follows a given user?',
    );
    expect(text).toContain('Parameters that match your question:\n- `username` (path, string, required)');
    expect(text).not.toContain('followers_url');
    // A field of the response for a word the title does not say is the answer itself, under its own label.
    const repo = [
      '`GET /repos/{owner}/{repo}`',
      'Get a repository',
      '## Parameters',
      '- `owner` (path, string, required)',
      '## Responses',
      '- `200` — Response (`application/json`)\n  - `default_branch` (string, required)\n  - `forks_count` (integer, required)\n  - `full_name` (string, required)',
    ].join('\n\n');
    const branch = await compose(
      { title: 'Get a repository', operation: { method: 'GET', path: '/repos/{owner}/{repo}' }, content: repo },
      'What is the default branch of a repository?',
    );
    expect(branch).toContain('In the response:\n- `default_branch` (string, required)');
    expect(branch).not.toMatch(/forks_count|full_name/);
  });

  /** The paragraph an endpoint answer opens with, after the operation's line. */
  const lead = async (description: string) =>
    (await compose({ title: 'An operation', operation: { method: 'GET', path: '/x' }, description, content: '' })).split('\n\n')[1];

  it('opens with the text, not a note quoted above it, nor a list flattened into a sentence', async () => {
    const note = '> [!NOTE]\n> Accessing this endpoint does not count against your rate limit.';
    expect(
      await lead(
        `${note}\n\nShows how many requests you have left. Under \`resources\`:\n* \`core\` is the REST API\n* \`search\` is search`,
      ),
    ).toBe('Shows how many requests you have left.');
    // The sentence introducing a list is left out with the list, unless it is all there is.
    expect(await lead('Lists your keys. The response has these fields:\n\n- `id`')).toBe('Lists your keys.');
    expect(await lead('The response has these fields:\n\n- `id`')).toBe('The response has these fields:');
  });

  it('reads a description that is only a note as a sentence', async () => {
    expect(await lead('> [!NOTE]\n> This endpoint is in public preview and is subject to change.')).toBe(
      'Note: This endpoint is in public preview and is subject to change.',
    );
  });

  it('keeps a callout of an MDX page as an aside: the answer opens with the text after it', async () => {
    const content = mdxToText(
      'Move pages safely.\n\n<Note>\n  Sources **cannot** include anchors.\n\n  Destinations can.\n</Note>\n\n<Warning title="Careful">One-line warning.</Warning>\n\nAdd the `redirects` field to docs.json.',
    );
    expect(content).toContain('> Sources **cannot** include anchors.\n\n> Destinations can.');
    expect(content).toContain('> Careful One-line warning.');
    expect(content).toMatch(/^Add the `redirects` field to docs.json.$/m);
    const text = await compose({ title: 'Redirects', content: content.replace('Move pages safely.\n\n', '') });
    expect(text.split('\n\n')[1]).toBe('Add the `redirects` field to docs.json.');
    // A tag named in inline code is text, and a heading ends a callout left open: the sections stay as they were.
    const sections = mdxToText('Wrap it in `<Note>` to set it apart.\n\n## Next\n\n<Tip>\nUnclosed.\n\n## Last\n\nPlain text.');
    expect(sections).toMatch(/^Wrap it in .* to set it apart\.\n\n## Next\n\n> Unclosed\.\n\n## Last\n\nPlain text\.$/);
  });

  it('names the settings a how-to question asks about, with the description under each', async () => {
    const content = mdxToText(
      [
        'Customize your API playground by defining the following properties in your `docs.json`.',
        '<ResponseField name="display" type="&quot;interactive&quot; | &quot;simple&quot;">\n  The display mode of the API playground.\n</ResponseField>',
        '<ResponseField name="proxy" type="boolean">\n  Whether to pass API requests through the proxy server. Defaults to `true`.\n</ResponseField>',
      ].join('\n\n'),
    );
    expect(content).toContain('- `display` ("interactive" | "simple")');
    const text = await compose({ title: 'API playground', content }, 'Make the playground send requests through a proxy');
    expect(text).toContain(
      'Fields that match your question:\n- `proxy` (boolean) — Whether to pass API requests through the proxy server. Defaults to `true`.',
    );
    expect(text).not.toContain('`display`');
  });

  it('quotes a step whole, with the lines it wraps onto, or up to the end of a sentence', async () => {
    // docs/api-pages/proxy.mdx: the first item wraps onto two more lines (the answer stopped at "…`api.mdx.server`, give").
    const hosts = mdxToText(
      [
        'The proxy only sends requests to:',
        '',
        '1. **The servers of your API specs.** Every `servers` entry of every OpenAPI file, and `api.mdx.server`, give',
        "   one origin (scheme, host and port). Paths don't matter: if `https://api.example.com/v1` is a server, then",
        '   `https://api.example.com/v2/anything` is allowed.',
        '2. **The origins you list in `lectern.proxy.allow`** in `docs.json` (see the allowlist section below).',
        '',
        'Every other host gets a `403` with the code `origin_not_allowed`.',
      ].join('\n'),
    );
    const text = await compose({ title: 'Playground proxy', content: hosts }, 'Which hosts does the proxy send requests to?');
    expect(text).toContain(
      [
        'The proxy only sends requests to:\n',
        '1. **The servers of your API specs.** Every `servers` entry of every OpenAPI file, and `api.mdx.server`, give one origin (scheme, host and port).',
        '2. **The origins you list in `lectern.proxy.allow`** in `docs.json` (see the allowlist section below).',
      ].join('\n'),
    );
  });

  it('opens with a list as whole items, one a line, and quotes a field with the lines its description wraps onto', async () => {
    // docs/config/appearance.mdx: the section opens with a list after its code; the question names a field whose
    // description goes on over two more lines (the answer stopped at "…in light and dark mode:").
    const background = mdxToText(
      [
        '```json\n"background": { "decoration": "gradient" }\n```',
        '',
        "- `color`: the page's background in each mode (hex colors).",
        '- `decoration`: a pattern drawn behind the top of every page, in your accent color, in light and dark mode:',
        '  `gradient` (a soft glow), `grid` (faint grid lines fading out downwards) or `windows` (outlines of overlapping',
        '  windows). Its CSS is inlined only on sites that set it.',
      ].join('\n'),
    );
    const decoration = await compose({ title: 'Appearance', content: background }, 'How do I add a background decoration?');
    const pattern =
      'a pattern drawn behind the top of every page, in your accent color, in light and dark mode: `gradient` (a soft glow), `grid` (faint grid lines fading out downwards) or `windows` (outlines of overlapping windows).';
    expect(decoration).toContain(
      `\n\n- \`color\`: the page's background in each mode (hex colors).\n- \`decoration\`: ${pattern} Its CSS is inlined only on sites that set it.\n\n`,
    );
    expect(decoration).toContain(`Fields that match your question:\n- \`decoration\` : ${pattern}\n`);
  });

  it('lists the steps of <Steps> by their titles, not the numbered lists inside them', async () => {
    const content = mdxToText(
      [
        'Keep readers up to date.',
        '<Steps>\n  <Step title="Create a page for your changelog">\n    1. Create a new page such as `changelog.mdx`.\n    2. Add it to your navigation.\n  </Step>',
        '  <Step title="Add Update components">\n    Add an `Update` for each entry.\n  </Step>\n</Steps>',
      ].join('\n\n'),
    );
    const text = await compose({ title: 'Changelogs', content }, 'How do I add a changelog?');
    expect(text).toContain('Keep readers up to date.\n\n1. Create a page for your changelog\n2. Add Update components\n\nSources:');
  });
});

describe("follow-ups in a thread, on this repo's own docs", () => {
  let dir: string;
  let index: AssistantIndex;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lectern-assistant-follow-ups-'));
    const { plan, config } = await buildSitePlan(join(import.meta.dirname, '../../..'));
    const defaultLanguage = siteDefaultLanguage(plan);
    buildAssistantIndex(
      documentsFromPlan(plan, config ? { config } : {}),
      join(dir, 'index.db'),
      defaultLanguage ? { defaultLanguage } : {},
    );
    index = openAssistantIndex(join(dir, 'index.db'));
  });
  afterAll(() => {
    index?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The first line of the offline answer to the last question of a thread, asked on a page (the panel sends it). */
  const answer = async (turns: string[], currentPath: string | null = '/docs/api-pages/proxy') => {
    const asked = turns.map((text) => ({ role: 'user' as const, text }));
    const r = retrieve(index, { turns: asked, limit: 5, ...(currentPath ? { currentPath } : {}) });
    let text = '';
    for await (const chunk of createExtractiveComposer()({ question: r.question, terms: r.terms, passages: r.passages, messages: [] }))
      text += chunk;
    return text.split('\n')[0];
  };
  const proxy = 'How do I add a host to the proxy allowlist?';

  it('answers a follow-up that names its own subject on that subject, not with the last answer again', async () => {
    const first = await answer([proxy]);
    expect(first).toMatch(/^From \[Playground proxy › /);
    const followUp = await answer([proxy, 'What does lectern serve --assistant do?']);
    expect(followUp).not.toContain('/docs/api-pages/proxy');
    expect(followUp).toBe(await answer(['What does lectern serve --assistant do?']));
  });

  it("answers a follow-up that leans on the last turn from that turn's subject", async () => {
    expect(await answer([proxy, 'and how do I turn it off?'])).toMatch(/^From \[Playground proxy › /);
    expect(await answer(['How do I run the assistant on several instances?', 'what about PostgreSQL?'], null)).toMatch(
      /^From \[Run the assistant on several instances/,
    );
  });
});
