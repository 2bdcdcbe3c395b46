import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsJsonSchema, loadConfig } from '../src/index.ts';

function repo(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-config-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

const minimal = {
  theme: 'mint',
  name: 'Acme',
  colors: { primary: '#ff0000' },
  navigation: { groups: [{ group: 'Home', pages: ['index'] }] },
};

describe('docs.json', () => {
  it('applies the documented defaults', () => {
    const { config, diagnostics } = loadConfig(repo({ 'docs.json': minimal }));
    expect(diagnostics).toEqual([]);
    expect(config?.api.playground).toEqual({ display: 'interactive', proxy: true, credentials: false });
    expect(config?.api.examples).toMatchObject({ defaults: 'all', prefill: false, autogenerate: true, languagesConfigured: false });
    expect(config?.api.examples.languages).toEqual(['bash', 'python', 'javascript', 'php', 'go', 'java', 'ruby']);
  });

  it('normalises language aliases, keeps the order and drops repeats', () => {
    const { config } = loadConfig(
      repo({
        'docs.json': {
          ...minimal,
          api: {
            examples: {
              languages: [
                'curl',
                'py',
                'ts',
                '.NET',
                'dot-net',
                'c#',
                'cpp',
                'flutter',
                'bash',
                'node.js',
                'golang',
                'kt',
                'rs',
                'rb',
                'js',
              ],
            },
          },
        },
      }),
    );
    expect(config?.api.examples.languages).toEqual([
      'bash',
      'python',
      'typescript',
      'dotnet',
      'csharp',
      'c++',
      'dart',
      'node',
      'go',
      'kotlin',
      'rust',
      'ruby',
      'javascript',
    ]);
  });

  it('reports an unknown language with the list of keys and aliases', () => {
    const { diagnostics } = loadConfig(repo({ 'docs.json': { ...minimal, api: { examples: { languages: ['bash', 'cobol'] } } } }));
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      severity: 'error',
      file: 'docs.json',
      pointer: '/api/examples/languages/1',
      message: 'unknown language "cobol"',
    });
    expect(diagnostics[0]!.hint).toContain('dotnet (.net, .NET, dot-net)');
    expect(diagnostics[0]!.line).toBeGreaterThan(1);
  });

  it('names every invalid value with file, pointer, line and what is allowed, in one run', () => {
    const text = JSON.stringify(
      { ...minimal, colors: { primary: 'red' }, api: { playground: { display: 'sometimes' } }, appearance: { default: 'dim' } },
      null,
      2,
    );
    const { diagnostics, config } = loadConfig(repo({ 'docs.json': text }));
    const byPointer = Object.fromEntries(diagnostics.map((d) => [d.pointer, d]));
    expect(Object.keys(byPointer).sort()).toEqual(['/api/playground/display', '/appearance/default', '/colors/primary']);
    expect(byPointer['/api/playground/display']!.hint).toBe('allowed: "interactive", "simple", "none", "auth"');
    const line = text.split('\n').findIndex((l) => l.includes('"sometimes"')) + 1;
    expect(byPointer['/api/playground/display']!.line).toBe(line);
    // Planning continues with defaults so the rest of the repo is still checked.
    expect(config?.api.playground.display).toBe('interactive');
  });

  it('reports missing required keys', () => {
    const { diagnostics } = loadConfig(repo({ 'docs.json': { navigation: { pages: ['index'] } } }));
    expect(diagnostics.map((d) => d.message).sort()).toEqual([
      'missing required key "colors"',
      'missing required key "name"',
      'missing required key "theme"',
    ]);
  });

  it('reports JSON syntax errors with line and column', () => {
    const { diagnostics } = loadConfig(repo({ 'docs.json': '{\n  "name": "x",\n  "theme": "mint",,\n}' }));
    expect(diagnostics[0]).toMatchObject({ code: 'config/syntax', file: 'docs.json', line: 3 });
  });

  it('resolves $ref with sibling keys merged over the target, relative to the containing file', () => {
    const dir = repo({
      'docs.json': { ...minimal, navigation: { $ref: './config/nav.json' } },
      'config/nav.json': { tabs: [{ $ref: './tab.json', tab: 'Renamed' }] },
      'config/tab.json': { tab: 'Original', icon: 'book', groups: [{ group: 'G', pages: ['index'] }] },
    });
    const { config, diagnostics } = loadConfig(dir);
    expect(diagnostics).toEqual([]);
    const tab = config!.navigation.root.children[0]!;
    expect(tab).toMatchObject({ kind: 'tab', label: 'Renamed', icon: 'book' });
  });

  it('reports errors inside a $ref target against that file', () => {
    const dir = repo({
      'docs.json': { ...minimal, navigation: { $ref: 'nav.json' } },
      'nav.json': '{\n  "groups": [\n    { "pages": ["index"] }\n  ]\n}',
    });
    const { diagnostics } = loadConfig(dir);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      file: 'nav.json',
      pointer: '/groups/0',
      line: 3,
      message: 'group is missing its "group" label',
    });
  });

  it('reads an anchor or tab written in mint.json words ("name", "url") in a docs.json, with a warning', () => {
    const dir = repo({
      'docs.json': {
        ...minimal,
        navigation: {
          anchors: [{ name: 'Community', icon: 'slack', url: 'https://discord.gg/x' }],
          tabs: [{ name: 'Guides', groups: [{ group: 'G', pages: ['index'] }] }],
        },
      },
    });
    const { config, diagnostics } = loadConfig(dir);
    expect(diagnostics.map((d) => [d.severity, d.pointer, d.message])).toEqual([
      ['warning', '/navigation/anchors/0/name', 'anchor written as in mint.json ("name", "url"); read as "anchor" and "href"'],
      ['warning', '/navigation/tabs/0/name', 'tab written as in mint.json ("name"); read as "tab"'],
    ]);
    const kinds = config!.navigation.root.children.map((c) => [c.kind, 'label' in c ? c.label : '', 'href' in c ? c.href : undefined]);
    expect(kinds).toContainEqual(['anchor', 'Community', 'https://discord.gg/x']);
    expect(kinds).toContainEqual(['tab', 'Guides', undefined]);
  });

  it('refuses $ref cycles and paths outside the repo', () => {
    const dir = repo({
      'docs.json': { ...minimal, navigation: { groups: [{ $ref: 'a.json' }, { $ref: '../outside.json' }] } },
      'a.json': { $ref: 'b.json' },
      'b.json': { $ref: 'a.json' },
    });
    const messages = loadConfig(dir).diagnostics.map((d) => `${d.file} ${d.pointer} ${d.message}`);
    expect(messages).toContain('b.json /$ref $ref cycle: docs.json -> a.json -> b.json -> a.json');
    expect(messages).toContain('docs.json /navigation/groups/1/$ref $ref "../outside.json" points outside the docs repo');
  });

  it("keeps every kind of children of a navigation node (Mintlify's build accepts them), in the order written", () => {
    const { diagnostics, config } = loadConfig(
      repo({
        'docs.json': {
          ...minimal,
          navigation: { tabs: [{ tab: 'A', groups: [], pages: ['x'] }], anchors: [{ anchor: 'B', href: 'https://b.example' }] },
        },
      }),
    );
    expect(diagnostics).toEqual([]);
    expect(config!.navigation.root.children.map((c) => (c.kind === 'page' ? c.value : `${c.kind} ${c.label}`))).toEqual([
      'tab A',
      'anchor B',
    ]);
  });

  it('upgrades a legacy mint.json', () => {
    const { config, diagnostics } = loadConfig(
      repo({
        'mint.json': {
          name: 'Legacy',
          colors: { primary: '#123456' },
          navigation: [
            { group: 'Start', pages: ['index'] },
            { group: 'API', pages: ['api-reference/intro'] },
          ],
          tabs: [{ name: 'API Reference', url: 'api-reference' }],
          api: {
            baseUrl: 'https://api.legacy.dev',
            auth: { method: 'bearer' },
            playground: { mode: 'simple', disableProxy: true },
            request: { example: { languages: ['curl', 'py'] } },
          },
          topbarCtaButton: { name: 'Sign up', url: 'https://legacy.dev/signup' },
        },
      }),
    );
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(config!.navigation.root.children.map((c) => (c.kind === 'page' ? c.value : c.label))).toEqual([
      'Documentation',
      'API Reference',
    ]);
    expect(config!.api.playground).toEqual({ display: 'simple', proxy: false, credentials: false });
    expect(config!.api.mdx?.server).toBe('https://api.legacy.dev');
    expect(config!.api.examples.languages).toEqual(['bash', 'python']);
    expect(config!.navbar?.primary).toEqual({ type: 'button', label: 'Sign up', href: 'https://legacy.dev/signup' });
  });

  it('reads page feedback: docs.json `feedback` and `lectern.feedback`, mint.json `feedback` carried over, a bad repo named by pointer', () => {
    const feedback = { thumbsRating: true, suggestEdit: true, raiseIssue: false };
    const lectern = { feedback: { repo: 'https://github.com/acme/docs', branch: 'trunk', directory: 'docs', url: 'https://x.dev/rate' } };
    const ok = loadConfig(repo({ 'docs.json': { ...minimal, feedback, lectern } }));
    expect(ok.diagnostics).toEqual([]);
    expect(ok.config!.feedback).toEqual(feedback);
    expect(ok.config!.lectern?.feedback).toEqual(lectern.feedback);
    const legacy = loadConfig(repo({ 'mint.json': { name: 'Legacy', colors: { primary: '#123456' }, navigation: [], feedback } }));
    expect(legacy.config!.feedback).toEqual(feedback);
    const bad = loadConfig(repo({ 'docs.json': { ...minimal, lectern: { feedback: { repo: 'github.com/acme/docs' } } } }));
    expect(bad.diagnostics.map((d) => [d.severity, d.pointer])).toEqual([['error', '/lectern/feedback/repo']]);
    expect(bad.diagnostics[0]!.message).toContain('https://github.com/acme/docs');
  });

  it('emits a JSON Schema that knows the api.playground settings', () => {
    const schema = docsJsonSchema() as {
      properties: Record<string, { properties?: Record<string, { properties?: Record<string, { enum?: string[] }> }> }>;
    };
    expect(schema.properties.api!.properties!.playground!.properties!.display!.enum).toEqual(['interactive', 'simple', 'none', 'auth']);
    expect(JSON.stringify(schema)).toContain('"required":["theme","name","colors","navigation"]');
  });

  it('accepts every shape Mintlify accepts: heading/body fonts, blank group labels, mixed children, SDK tabs, sourceRef, global entries without href', () => {
    const config = {
      ...minimal,
      theme: 'luma',
      colors: { primary: '#166E3F', background: { light: '#ffffff' } },
      fonts: {
        heading: { family: 'InterDisplay', source: '/fonts/a.woff2', format: 'woff2', weight: 700 },
        body: { family: 'Inter', weight: 400 },
      },
      interaction: { drilldown: false },
      thumbnails: { background: '/bg.svg' },
      navigation: {
        global: { anchors: [{ anchor: 'Blog', href: 'https://example.com' }], products: [{ product: 'Other', description: 'No link' }] },
        tabs: [
          {
            tab: 'Docs',
            groups: [
              { group: ' ', pages: ['index'] },
              { group: '', pages: ['a'] },
            ],
            pages: ['b'],
          },
          { tab: 'SDK', sdk: { format: 'typedoc', source: 'sdk/typedoc.json' } },
          { sourceRef: 'acme/api-docs' },
        ],
      },
    };
    const { config: loaded, diagnostics } = loadConfig(repo({ 'docs.json': config }));
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(diagnostics.map((d) => `${d.code} ${d.pointer}`).sort()).toEqual([
      'config/navigation /navigation/global/products/0',
      'config/navigation /navigation/tabs/1/sdk',
      'config/navigation /navigation/tabs/2',
      'config/unknown-key /colors/background',
    ]);
    expect(loaded?.fonts).toMatchObject({ heading: { family: 'InterDisplay', weight: 700 }, body: { family: 'Inter' } });
    const docs = loaded!.navigation.root.children[0]!;
    // Both kinds of children are kept, in the order they are written; blank labels are groups without a heading.
    expect(
      docs.kind !== 'page' && docs.children.map((c) => (c.kind === 'page' ? c.value : `${c.kind}:${JSON.stringify(c.label)}`)),
    ).toEqual(['group:""', 'group:""', 'b']);
    expect(loaded!.navigation.root.children).toHaveLength(1);
  });
});
