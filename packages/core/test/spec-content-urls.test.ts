/**
 * Spec content (`x-mint.content`) may not reach a reader with a `javascript:`, `data:` or `vbscript:` URL, however it
 * is spelled, and cutting an unsafe piece out may not join the text around it into one: the text that is compiled is
 * vetted, not the text that came in. Also what `lectern generate` writes (a file the build then trusts), and the
 * content of a remote spec, which is vetted even when docs.json trusts local specs.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSitePlan, isSafeUrl, runGenerateCommand, safeSpecContent, type CliIO } from '../src/index.ts';
import { ALL, decode, scriptScheme, VARIANTS } from './script-url-variants.ts';

interface Node {
  type: string;
  url?: string;
  name?: string | null;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  children?: Node[];
}
/** Every URL a parse of the text holds (links, images, definitions, every literal JSX prop) and whether it has code. */
function urlsIn(text: string, gfm = true): { urls: string[]; code: string[] } {
  const parser = gfm ? unified().use(remarkParse).use(remarkGfm).use(remarkMdx) : unified().use(remarkParse).use(remarkMdx);
  const urls: string[] = [];
  const code: string[] = [];
  const visit = (node: Node) => {
    if (node.url !== undefined) urls.push(node.url);
    if (/^mdx(js|FlowExpression|TextExpression)/.test(node.type)) code.push(node.type);
    for (const a of node.attributes ?? []) {
      if (typeof a.value === 'string') urls.push(a.value);
      else if (a.type !== 'mdxJsxAttribute' || (a.value && typeof a.value === 'object')) code.push(`${a.name ?? 'spread'} prop`);
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(parser.parse(text) as unknown as Node);
  return { urls, code };
}

describe('safeSpecContent: the text that is compiled has no script URL', () => {
  for (const [name, source] of Object.entries(VARIANTS)) {
    it(name, () => {
      const { text, refused } = safeSpecContent(source);
      expect(refused.length).toBeGreaterThan(0);
      for (const gfm of [true, false]) {
        const { urls, code } = urlsIn(text, gfm);
        expect(urls.filter(scriptScheme)).toEqual([]);
        expect(code).toEqual([]);
      }
      // Nothing of a payload is left but text shown as code (the autolink, which MDX does not parse).
      if (!text.startsWith('```')) expect(decode(text)).not.toMatch(/script\s*:|data\s*:/i);
      // Vetting the result again finds nothing: it is a fixpoint.
      expect(safeSpecContent(text)).toEqual({ text, refused: [] });
    });
  }

  it('names a link that only a cut formed', () => {
    const { refused } = safeSpecContent(VARIANTS['cut-and-join inline link']!);
    expect(refused.map((r) => r.message)).toEqual([
      '{expressions} are not allowed in spec content',
      'link to "javascript:void(window.__pwned=\'v1\')" refused: only http(s), mailto, tel and relative links (formed when an earlier cut joined the text around it)',
    ]);
  });

  it('reads $…$ as the site does: math by default, text with styling.latex: false', () => {
    const source = "$[v]{''}(javascript:window.__pwned=1)$ and $\\frac{a}{b}$";
    expect(safeSpecContent(source)).toEqual({ text: source, refused: [] });
    const asText = safeSpecContent(source, { dollarMath: false });
    expect(urlsIn(asText.text).urls.filter(scriptScheme)).toEqual([]);
    expect(asText.refused.some((r) => r.message.includes('formed when an earlier cut'))).toBe(true);
  });

  it('takes a frontmatter block (whose layout the build would import) for text', () => {
    const { text, refused } = safeSpecContent('---\nlayout: "data:text/javascript,alert(1)"\n---\n\nHello');
    expect(text.startsWith('\\---')).toBe(true);
    expect(refused[0]!.message).toContain('frontmatter');
    expect(safeSpecContent('\n\n+++\nlayout = "x"\n+++\nHi').text.startsWith('\\+++')).toBe(true);
    expect(safeSpecContent('---\n\nA rule first, no frontmatter').refused).toEqual([]);
  });

  it('keeps what is safe as it is', () => {
    const source = [
      '[site](https://example.test/a?b=c) [mail](mailto:a@example.test) [call](tel:+1555) [rel](../x) [anchor](#y) [root](/z)',
      '',
      '<a href="https://example.test">a</a> <img src="/logo.png" srcset="/a.png 1x, /b.png 2x" alt="" />',
      '',
      '<Card title="C" href="/guides/x">Card</Card>',
      '',
      'Math: $\\frac{a}{b}$, a [ref][r].',
      '',
      '[r]: https://example.test/ref',
    ].join('\n');
    expect(safeSpecContent(source)).toEqual({ text: source, refused: [] });
  });

  it('shows content that does not parse as a code block no line of it can close', () => {
    const { text } = safeSpecContent('<javascript:x>\n```\nstill inside\n````');
    expect(text.startsWith('`````text\n')).toBe(true);
    expect(text.endsWith('\n`````\n')).toBe(true);
  });
});

describe('isSafeUrl', () => {
  const unsafe = [
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    '\u0001javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;avascript:alert(1)',
    '&#106avascript:alert(1)',
    'javascript&colon;alert(1)',
    'java&Tab;script:alert(1)',
    'java&NewLine;script:alert(1)',
    '&amp;#106;avascript:alert(1)',
    '%6Aavascript:alert(1)',
    'javascript%3Aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'file:///etc/passwd',
  ];
  const safe = [
    'https://example.test/a',
    'http://example.test',
    'mailto:a@example.test',
    'tel:+1555',
    '/a/b',
    '../c',
    '#d',
    '?e=f',
    'g.html',
    '//example.test/h',
    'https://example.test/a%3Ab',
  ];
  it.each(unsafe)('refuses %j', (url) => expect(isSafeUrl(url)).toBe(false));
  it.each(safe)('accepts %j', (url) => expect(isSafeUrl(url)).toBe(true));
});

const quiet = (): CliIO & { errors: string } => {
  const io: CliIO & { errors: string } = { errors: '', progress: false, out: () => {}, err: (s) => void (io.errors += s) };
  return io;
};

async function repo(
  dir: string,
  content: string,
  extra: { openapi?: string; trust?: boolean; metadata?: Record<string, unknown> } = {},
): Promise<void> {
  const spec = {
    openapi: '3.1.0',
    info: { title: 'Things', version: '1' },
    paths: {
      '/things': {
        get: {
          summary: 'List things',
          tags: ['things'],
          'x-mint': { content, ...(extra.metadata ? { metadata: extra.metadata } : {}) },
          responses: { '200': { description: 'OK' } },
        },
      },
    },
  };
  const docs = {
    theme: 'mint',
    name: 'Spec content',
    colors: { primary: '#0D9373' },
    ...(extra.trust ? { lectern: { trustSpecContent: true } } : {}),
    navigation: { tabs: [{ tab: 'API', openapi: extra.openapi ?? 'openapi.json' }] },
  };
  await writeFile(path.join(dir, 'openapi.json'), JSON.stringify(spec));
  await writeFile(path.join(dir, 'docs.json'), JSON.stringify(docs));
}

describe('lectern generate', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lectern-generate-urls-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes no script URL and no layout into the MDX file the build will trust, and says what it left out', async () => {
    await repo(dir, ALL, { metadata: { layout: 'data:text/javascript,alert(1)', sidebarTitle: 'Things' } });
    const io = quiet();
    expect(await runGenerateCommand([dir], io)).toBe(0);
    const written = await readFile(path.join(dir, 'api-reference/things/list-things.mdx'), 'utf8');
    const body = written.replace(/^---\n[\s\S]*?\n---\n/, '');
    expect(body).toContain('v1');
    for (const gfm of [true, false]) expect(urlsIn(body, gfm).urls.filter(scriptScheme)).toEqual([]);
    expect(urlsIn(body).code).toEqual([]);
    expect(written).not.toMatch(/^layout:/m);
    expect(written).toMatch(/^sidebarTitle: Things$/m);
    expect(io.errors).toContain('spec/content-refused');
    expect(io.errors).toContain('x-mint.metadata.layout');
  });

  it("writes a trusted local spec's content as it is", async () => {
    const trusted = await mkdtemp(path.join(dir, 'trusted-'));
    await repo(trusted, 'Hi {1 + 1}\n\n[t](javascript:void(0))', { trust: true });
    expect(await runGenerateCommand([trusted], quiet())).toBe(0);
    const written = await readFile(path.join(trusted, 'api-reference/things/list-things.mdx'), 'utf8');
    expect(written).toContain('Hi {1 + 1}');
    expect(written).toContain('[t](javascript:void(0))');
  });
});

describe('a remote spec', () => {
  let server: Server;
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lectern-remote-urls-'));
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          openapi: '3.1.0',
          info: { title: 'Remote', version: '1' },
          paths: {
            '/things': { get: { summary: 'List things', 'x-mint': { content: ALL }, responses: { '200': { description: 'OK' } } } },
          },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('has its content vetted to a fixpoint even when docs.json trusts local specs', async () => {
    await repo(dir, '', { openapi: `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.json`, trust: true });
    const { plan } = await buildSitePlan(dir, { allowHttp: true });
    const page = plan.pages.find((p) => p.kind === 'operation');
    expect(page?.body).toContain('v1');
    expect(urlsIn(page!.body).urls.filter(scriptScheme)).toEqual([]);
    expect(urlsIn(page!.body).code).toEqual([]);
  });
});
