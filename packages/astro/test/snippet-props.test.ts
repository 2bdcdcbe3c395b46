/**
 * Snippet props as bare names (`{word}` in a snippet is the `word` prop), names nothing defines reported with file
 * and line instead of a ReferenceError at render time, field anchors de-duplicated per file, and the analysis
 * helpers behind the `.md` copy (Visibility) and changelog feeds (Update).
 */
import { describe, expect, it } from 'vitest';
import { cp, mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { analyzeMdx, markdownForAgents, updateEntries } from '../src/mdx/analyze.ts';
import { planAndPrepare } from '../src/site/site.ts';
import { COMPONENTS_MODULE } from '../src/mdx/prepare.ts';
import { compileError } from '../src/mdx/compile.ts';
import { FIXTURES, REPO } from './helpers.ts';

const opts = { componentsModule: '/x/components/index.ts' };

describe('snippet expressions', () => {
  it('rewrites bare names in a snippet to props, in text, attributes, shorthands and callbacks', () => {
    const src = [
      'export const local = 1;',
      '',
      'Word: {word}, local: {local}, max: {Math.max(1, n)}.',
      '',
      '<Card title={title}>{items.map((i) => <li key={i}>{i} {suffix}</li>)}</Card>',
      '',
      'Object: {JSON.stringify({ word })}; typeof: {typeof word}; explicit: {props.word}.',
      '',
    ].join('\n');
    const { code, reads, diagnostics } = analyzeMdx(src, 'snippets/s.mdx', { ...opts, snippet: true });
    expect(diagnostics).toEqual([]);
    expect(code).toContain('Word: {props.word}, local: {local}, max: {Math.max(1, props.n)}.');
    expect(code).toContain('<Card title={props.title}>{props.items.map((i) => <li key={i}>{i} {props.suffix}</li>)}</Card>');
    expect(code).toContain('Object: {JSON.stringify({ word: props.word })}; typeof: {typeof props.word}; explicit: {props.word}.');
    expect(reads.map((r) => [r.name, r.line, r.crashes])).toEqual([
      ['word', 3, false],
      ['n', 3, false],
      ['title', 5, false],
      ['items', 5, true],
      ['suffix', 5, false],
      ['word', 7, false],
      ['word', 7, false],
    ]);
    // Line numbers of the file are kept.
    expect(code.split('\n')[4]).toContain('<Card title={props.title}>');
  });

  it('interpolates props in the code fences of a snippet, leaving other braces alone', () => {
    const { code } = analyzeMdx('```bash\nnpm install {pkg}\nfunction f() { return 1 }\n```\n', 'snippets/s.mdx', {
      ...opts,
      snippet: true,
    });
    expect(code).toMatch(/<CodeBlock data=\{\(\(p\) => .*props\[k\].*\}\s*\/>/);
    // Not in a page: the payload stays a plain string.
    expect(analyzeMdx('```bash\nnpm install {pkg}\n```\n', 'a.mdx', opts).code).toMatch(/<CodeBlock data="[^"]+" \/>/);
  });

  it('reports a name a page does not define with its file and line, not at render time', () => {
    const src =
      '---\ntitle: T\n---\n\n# T\n\nThe {word} here.\n\n<Card title={other}>x</Card>\n\n{typeof maybe === "undefined" ? "no" : maybe}\n\n{() => later}\n\n{{missing}}\n';
    const { diagnostics } = analyzeMdx(src, 'guides/a.mdx', opts);
    expect(diagnostics.map((d) => [d.severity, d.code, d.file, d.line, d.message])).toEqual([
      [
        'warning',
        'mdx/undefined-name',
        'guides/a.mdx',
        7,
        '`word` is not defined, so `{word}` is shown as text (Mintlify fails to render this page).',
      ],
      ['error', 'mdx/undefined-name', 'guides/a.mdx', 9, '`other` is not defined.'],
      [
        'warning',
        'mdx/undefined-name',
        'guides/a.mdx',
        11,
        '`maybe` is not defined, so `{typeof maybe === "undefined" ? "no" : maybe}` is shown as text (Mintlify fails to render this page).',
      ],
      [
        'warning',
        'mdx/unknown-variable',
        'guides/a.mdx',
        15,
        'Unknown variable {{missing}}: docs.json `variables` does not define it, so it is shown as written.',
      ],
    ]);
  });

  it('shows a {{name}} docs.json does not define as written in the text of a page (a prompt template in a table)', () => {
    const src = '| Role | Prompt |\n| --- | --- |\n| User | Tell me a story about {{topic}} |\n\nUse {{ topic }} at runtime.\n';
    const { code, diagnostics } = analyzeMdx(src, 'guides/prompts.mdx', opts);
    expect(code).toContain('Tell me a story about {"{{topic}}"} |');
    expect(code).toContain('Use {"{{ topic }}"} at runtime.');
    expect(diagnostics.map((d) => [d.severity, d.code, d.line])).toEqual([
      ['warning', 'mdx/unknown-variable', 3],
      ['warning', 'mdx/unknown-variable', 5],
    ]);
    // In a snippet, a page's props come in as {name}: {{name}} there is still an error.
    expect(analyzeMdx('Hi {{topic}}\n', 'snippets/s.mdx', { ...opts, snippet: true }).diagnostics.map((d) => [d.severity, d.code])).toEqual(
      [['error', 'mdx/unknown-variable']],
    );
  });

  it('shows an undefined {name} in the text of a page as written (a URL template), keeping the lines', () => {
    const src = 'GET /orgs/{id}/members and {a +\n b}.\n\n{id}\n\n<Card title="x">{id}</Card>\n';
    const { code, diagnostics } = analyzeMdx(src, 'a.mdx', opts);
    expect(code).toContain('GET /orgs/{"{id}"}/members and {"{a +  b}"\n+""}.');
    expect(code).toContain('\n\n{"{id}"}\n\n<Card title="x">{"{id}"}</Card>');
    expect(diagnostics.map((d) => [d.severity, d.line])).toEqual([
      ['warning', 1],
      ['warning', 1],
      ['warning', 2],
      ['warning', 4],
      ['warning', 6],
    ]);
    // In a snippet the same names are props.
    expect(analyzeMdx(src, 'snippets/s.mdx', { ...opts, snippet: true }).code).toContain('GET /orgs/{props.id}/members');
  });

  it("shows an undefined expression over several lines of a paragraph in a form the build's compiler accepts", async () => {
    // A code fence opened mid-sentence (a real page of a Mintlify repo): MDX reads `{ (Novu, Enum) }` as an expression.
    const src = 'The file is as follows: ```jsx import {\n  (Novu, Enum)\n} from "@novu/node";\n\nNext.\n';
    const { code, diagnostics } = analyzeMdx(src, 'guide.mdx', opts);
    expect(diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['mdx/undefined-name', 2],
      ['mdx/undefined-name', 2],
    ]);
    expect(code.split('\n').length).toBe(src.split('\n').length);
    expect(code).toContain('{"{   (Novu, Enum) }"\n+""\n+""}');
    expect(await compileError(code, '/x/guide.mdx', 'guide.mdx')).toBeUndefined();
  });

  it('accepts what a page does define: imports, exports, globals, MDX names, function parameters', () => {
    const src = [
      "import { myName } from '/snippets/vars.mdx';",
      'export const items = [1, 2];',
      'export const { a, b: [c] } = { a: 1, b: [2] };',
      '',
      '{myName} {items.map((i, n) => i + n)} {a + c} {Math.PI} {JSON.stringify(frontmatter)} {props.x}',
      '',
      '{(() => { const inner = 1; try { return inner } catch (err) { return err } })()}',
      '',
      "export const color = 'red';",
      '',
      '<div style={{color}}>an object attribute</div>',
      '',
    ].join('\n');
    expect(analyzeMdx(src, 'a.mdx', opts).diagnostics).toEqual([]);
    expect(analyzeMdx('<div style={{color}}>x</div>\n', 'snippets/s.mdx', { ...opts, snippet: true }).code).toContain(
      '<div style={{color: props.color}}>x</div>',
    );
  });

  it('finds components used inside expressions: built-ins are imported, unknown ones reported (and passed through)', () => {
    const { code, diagnostics } = analyzeMdx('{[1].map((i) => <Note key={i}>n</Note>)}\n\n{true && <Sparkle />}\n', 'a.mdx', opts);
    expect(code).toContain('import { Note, LecternUnknown as Sparkle } from "/x/components/index.ts";');
    expect(diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      ['mdx/unknown-component', 3, 'Unknown component <Sparkle>: nothing defines it, so only its children are shown.'],
    ]);
  });

  it('records where a file renders imported snippets and the props it passes', () => {
    const src =
      'import A from \'/snippets/a.mdx\';\nimport { v } from \'/snippets/v.mdx\';\n\n<A word="x" on />\n<A {...{ word: v }} />\n\n<Snippet file="legacy.mdx" />\n';
    expect(analyzeMdx(src, 'p.mdx', opts).usages).toEqual([
      { source: '/snippets/a.mdx', component: 'A', props: ['word', 'on'], line: 4, column: 1 },
      { source: '/snippets/a.mdx', component: 'A', props: undefined, line: 5, column: 1 },
      { source: '/snippets/legacy.mdx', component: 'Snippet', props: [], line: 7, column: 1 },
    ]);
  });
});

describe('imports as Mintlify resolves them', () => {
  it('<Snippet file> and /snippets/ imports fall back to _snippets/ and to .mdx; a missing import is a warning and renders nothing', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-imp-'));
    const files: Record<string, string> = {
      'docs.json': JSON.stringify({
        name: 'S',
        theme: 'mint',
        colors: { primary: '#0D9373' },
        navigation: { groups: [{ group: 'G', pages: ['index'] }] },
      }),
      'index.mdx':
        "---\ntitle: Home\n---\n\nimport Note from '/snippets/redis/note'\nimport Gone, { Other as O } from '/snippets/gone.mdx'\n\n<Snippet file=\"star.mdx\" />\n\n<Note />\n\n<Gone />\n",
      '_snippets/star.mdx': 'Star us.\n',
      '_snippets/redis/note.mdx': 'A note.\n',
    };
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await writeFile(path.join(root, name), text);
    }
    try {
      const { errors, warnings, site } = await planAndPrepare(root, COMPONENTS_MODULE);
      const prepared = site.prepared;
      expect(errors).toEqual([]);
      expect(warnings.filter((d) => d.code.startsWith('mdx/')).map((d) => [d.code, d.file, d.line, d.message])).toEqual([
        [
          'mdx/missing-import',
          'index.mdx',
          6,
          'Imported file /snippets/gone.mdx does not exist: what it would show is left out of the page.',
        ],
      ]);
      const code = prepared.get(path.join(root, 'index.mdx'))!;
      // Imports without semicolons (as real repos write them): only the missing one is replaced.
      expect(code).toContain('import Note from "/_snippets/redis/note.mdx"\nexport const');
      expect(code).toContain('from "/_snippets/star.mdx"');
      expect(code).toContain('export const O = () => null, Gone = () => null;');
      // _snippets/ files are not pages of their own.
      expect([...site.pages.keys()]).toEqual(['index']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('snippet props across files', () => {
  async function repo(files: Record<string, string>): Promise<string> {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-snip-'));
    await writeFile(
      path.join(root, 'docs.json'),
      JSON.stringify({
        name: 'S',
        theme: 'mint',
        colors: { primary: '#0D9373' },
        navigation: { groups: [{ group: 'G', pages: ['index'] }] },
      }),
    );
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await writeFile(path.join(root, name), text);
    }
    return root;
  }

  it('a prop a page does not pass: a warning where it shows nothing, an error where rendering would throw', async () => {
    const root = await repo({
      'index.mdx':
        "---\ntitle: Home\n---\n\nimport S from '/snippets/s.mdx';\nimport Other from './shared/other.mdx';\n\n<S word=\"ok\" />\n\n<S />\n\n<Other />\n",
      'snippets/s.mdx': 'Say {word}.\n\nLength: {word.length}\n',
      'shared/other.mdx': 'Imported from outside snippets/: {thing}.\n',
      'shared/size.mdx': '---\ntitle: Size\n---\n\nSize: {size.toFixed(1)}\n',
      'sizes.mdx': "---\ntitle: Sizes\n---\n\nimport Size from './shared/size.mdx';\n\n<Size size={2} />\n",
    });
    try {
      const { errors, warnings } = await planAndPrepare(root, COMPONENTS_MODULE);
      expect(errors.map((d) => [d.code, d.file, d.line, d.message])).toEqual([
        // Outside snippets/, an imported file is also built as a page of its own, without props.
        [
          'mdx/snippet-prop',
          'shared/size.mdx',
          5,
          'The snippet reads the prop `size`, but it is also built as a page of its own, without props, where rendering it would fail.',
        ],
        [
          'mdx/snippet-prop',
          'snippets/s.mdx',
          3,
          'The snippet reads the prop `word`, but <S> in index.mdx (line 10) does not pass it, so rendering it would fail.',
        ],
      ]);
      expect(warnings.filter((d) => d.code.startsWith('mdx/')).map((d) => [d.code, d.file, d.line, d.message])).toEqual([
        [
          'mdx/snippet-prop',
          'shared/other.mdx',
          1,
          'The snippet reads the prop `thing`, but <Other> in index.mdx (line 12) does not pass it: nothing is shown there.',
        ],
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('`lectern build` fails with the file and line of a name nothing defines, never a ReferenceError', async () => {
    const root = await repo({
      'index.mdx': "---\ntitle: Home\n---\n\nimport S from '/snippets/s.mdx';\n\n<Card title={nobody}>Hello</Card>\n\n<S />\n",
      'snippets/s.mdx': 'Items: {items.map((i) => i)}\n',
    });
    try {
      const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [path.join(REPO, 'packages/astro/bin/lectern.js'), 'build', root], {
          env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
        });
        let err = '';
        child.stdout.on('data', (d) => (err += d));
        child.stderr.on('data', (d) => (err += d));
        child.on('close', (c) => resolve({ code: c, stderr: err }));
      });
      expect(code).toBe(1);
      expect(stderr).toContain('index.mdx:7:14 `nobody` is not defined.');
      expect(stderr).toContain('snippets/s.mdx:1:9 The snippet reads the prop `items`, but <S> in index.mdx (line 9) does not pass it');
      expect(stderr).not.toContain('ReferenceError');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);

  it('the components fixture plans without errors (bare props, {props.x}, .jsx and named exports together)', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-snip-'));
    try {
      await cp(path.join(FIXTURES, 'components'), root, { recursive: true });
      const { errors, warnings } = await planAndPrepare(root, COMPONENTS_MODULE);
      expect(errors).toEqual([]);
      expect(warnings).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('field anchors', () => {
  it('de-duplicates ParamField/ResponseField ids per file in document order: the first keeps #param-<name>', () => {
    const src = [
      '<ParamField path="petId">a</ParamField>',
      '<ResponseField name="pet">',
      '  <Expandable>',
      '    <ResponseField name="pet.id">b</ResponseField>',
      '  </Expandable>',
      '</ResponseField>',
      '<ResponseField name="x" id="param-pet-id-2">explicit</ResponseField>',
      '<ResponseField name="pet_id">c</ResponseField>',
      '',
    ].join('\n');
    const { code } = analyzeMdx(src, 'a.mdx', opts);
    const lines = code.split('\n');
    expect(lines[0]).toBe('<ParamField path="petId">a</ParamField>');
    expect(lines[3]).toBe('    <ResponseField id="param-pet-id-1" name="pet.id">b</ResponseField>');
    expect(lines[7]).toBe('<ResponseField id="param-pet-id-3" name="pet_id">c</ResponseField>');
  });
});

describe('Visibility and Update helpers', () => {
  it('drops <Visibility for="agents"> from the page, keeping its lines', () => {
    const src = 'A\n\n<Visibility for="agents">\n  ## Secret\n\n  ```js\n  x\n  ```\n</Visibility>\n\nB\n';
    const { code } = analyzeMdx(src, 'a.mdx', opts);
    expect(code).not.toContain('Secret');
    expect(code).not.toContain('<CodeBlock');
    expect(code.split('\n').indexOf('B')).toBe(10);
  });

  it('warns about a Visibility without a valid `for`', () => {
    const { diagnostics } = analyzeMdx('<Visibility for="robots">x</Visibility>\n', 'a.mdx', opts);
    expect(diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([['mdx/visibility-for', 'warning', 1]]);
  });

  it('the Markdown for agents leaves humans-only content out and unwraps agents-only content', () => {
    const md = markdownForAgents(
      'Shared.\n\n<Visibility for="humans">\n  Click **Go**.\n</Visibility>\n\n<Visibility for="agents">\n  Call `POST /go`.\n\n  - step\n</Visibility>\n\nEnd.\n',
    );
    expect(md).toBe('Shared.\n\nCall `POST /go`.\n\n- step\n\nEnd.\n');
  });

  it('reads <Update> entries: label, tags, the rss prop, and Markdown without components or code', () => {
    const entries = updateEntries(
      '<Update label="v2" tags={["A", "B"]} rss={{ title: "T", description: "D" }}>\n  Body\n</Update>\n\n<Update label="v1" description="d">\n  Text with `code`.\n\n  <Note>hidden</Note>\n\n  ```sh\n  x\n  ```\n\n  ## Heading\n</Update>\n',
    );
    expect(entries).toEqual([
      { label: 'v2', description: undefined, tags: ['A', 'B'], rss: { title: 'T', description: 'D' }, markdown: 'Body', line: 1 },
      { label: 'v1', description: 'd', tags: [], rss: undefined, markdown: 'Text with .\n\n## Heading', line: 5 },
    ]);
  });
});
