/**
 * Inputs Mintlify accepts that stopped whole sites (issue 33), through the MDX analysis and through the real CLI
 * (`lectern check`, then `lectern build` on the same repo): custom heading ids in every form (`{#quick run}`,
 * `{#3d_…}`, in components, in a translated page), used for the anchor and the table of contents; names only a
 * browser defines (`{location}`, `{history}`) in prose, shown as written with a warning on the expression's own line
 * instead of a ReferenceError at build time; icons no icon set has (Font Awesome Pro names), which the build draws as a
 * dot and warns about, reported by `lectern check` too, with file and line; `{#id}` in a Markdown (`.md`) page; an
 * expression calling React hooks inline (an island); a PostCSS config of the repo naming a plugin not installed;
 * components with nothing inside (an empty <Frame>, <CodeGroup>, <Tabs>, <Prompt>).
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '@lectern/core';
import { analyzeMdx, freeNameAt } from '../src/mdx/analyze.ts';
import { readPage, REPO } from './helpers.ts';

const opts = { componentsModule: '/x/components/index.ts' };

const ICONS = [
  '---',
  'title: Icons',
  'description: Icons from several sets.',
  'icon: book-open-cover',
  '---',
  '',
  '<CardGroup>',
  '  <Card title="Pro" icon="chart-mixed">A Font Awesome Pro name.</Card>',
  '  <Card title="Free" icon="rocket">A free one.</Card>',
  '  <Card title="Regular" icon="square" iconType="regular">A regular one.</Card>',
  '  <Card title="Image" icon="/images/logo.svg">An image.</Card>',
  '</CardGroup>',
  '',
  'Inline <Icon icon="square-1" /> and <Icon icon={"house"} />.',
  '',
  '<Steps>',
  '  <Step title="One" icon={{ name: \'not-an-icon-at-all\' }}>x</Step>',
  '</Steps>',
  '',
].join('\n');

const REGISTRY = [
  '---',
  'title: Registry',
  'description: Plugins, fetched in the browser.',
  '---',
  '',
  '<Info>Synced daily.</Info>',
  '',
  '<CardGroup cols={2}>',
  '{',
  '  (() => {',
  '    const [plugins, setPlugins] = React.useState([]);',
  '    React.useEffect(() => { setPlugins([{ name: "hydrated-plugin" }]); }, []);',
  '    if (!plugins.length) return <p>Loading plugins…</p>;',
  '    return plugins.map((p) => <Card key={p.name} title={p.name} />);',
  '  })()',
  '}',
  '</CardGroup>',
  '',
].join('\n');

const HEADINGS = [
  '---',
  'title: Home',
  'description: Headings with ids.',
  '---',
  '',
  '## Plain section {#plain-section}',
  '',
  '### Run it {#quick run}',
  '',
  '## Image to splat {#3d_image_to_splat}',
  '',
  '## Step → next {#arrow}',
  '',
  '## Use `lectern build` {#inline-code}',
  '',
  'Setext title {#setext-id}',
  '-------------------------',
  '',
  '<AccordionGroup>',
  '  <Accordion title="More">',
  '    ## Inside accordion {#in-accordion}',
  '',
  '    Text.',
  '  </Accordion>',
  '</AccordionGroup>',
  '',
  '<Tabs>',
  '  <Tab title="One">',
  '    ### Inside tab {#in-tab}',
  '',
  '    Body.',
  '  </Tab>',
  '</Tabs>',
  '',
  '```md',
  '## In code {#not-an-id}',
  '```',
  '',
  'See [the quick run](#quick-run).',
  '',
].join('\n');

const TRANSLATED =
  '---\ntitle: Accueil\ndescription: Les titres.\n---\n\n## Démarrage rapide {#démarrage-rapide}\n\n## インストール {#インストール}\n';

const BROWSER_NAMES = [
  '---',
  'title: Jobs',
  'description: Names only a browser has.',
  '---',
  '',
  '```bash',
  'echo "the location of the job"',
  '```',
  '',
  'GET projects/{project}/locations/{location}/jobs/{job}',
  '',
  'Answer {prompt} using {history}.',
  '',
  'Width: {typeof window === "undefined" ? "unknown" : window.innerWidth}; year {new Date(0).getUTCFullYear()}; {Math.max(1, 2)} {JSON.stringify([1])}.',
  '',
].join('\n');

describe('custom heading ids in the MDX analysis', () => {
  it('cuts every form before the parse: ids by heading text, the lines of the file kept', () => {
    const { code, diagnostics } = analyzeMdx(HEADINGS + '\nThen {nobody}.\n', 'index.mdx', opts);
    expect(diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['mdx/undefined-name', 41, 7]]);
    const ids = JSON.parse(/export const lecternHeadingIds = (\{.*\});/.exec(code)![1]!) as Record<string, string>;
    expect(ids).toEqual({
      'Plain section': 'plain-section',
      'Run it': 'quick-run',
      'Image to splat': '3d_image_to_splat',
      'Step → next': 'arrow',
      'Use lectern build': 'inline-code',
      'Setext title': 'setext-id',
      'Inside accordion': 'in-accordion',
      'Inside tab': 'in-tab',
    });
    expect(code.split('\n')[40]).toContain('Then {"{nobody}"}.');
  });
});

describe('icons in the MDX analysis', () => {
  it('records the literal icons of built-in components with their line, for check to look up', () => {
    const { icons } = analyzeMdx(ICONS, 'icons.mdx', opts);
    expect(icons?.map((u) => [u.component, u.icon, u.iconType, u.line, u.column])).toEqual([
      ['Card', 'chart-mixed', undefined, 8, 21],
      ['Card', 'rocket', undefined, 9, 22],
      ['Card', 'square', 'regular', 10, 25],
      ['Card', '/images/logo.svg', undefined, 11, 23],
      ['Icon', 'square-1', undefined, 14, 14],
      ['Icon', 'house', undefined, 14, 43],
      ['Step', { name: 'not-an-icon-at-all' }, undefined, 17, 21],
    ]);
  });
});

describe('names only a browser defines, in a page rendered at build time', () => {
  it('are undefined in prose (shown as written, a warning on their own line); Node globals and guarded reads stay', () => {
    const { code, diagnostics } = analyzeMdx(BROWSER_NAMES, 'jobs.mdx', opts);
    expect(diagnostics.map((d) => [d.severity, d.code, d.line, d.column, d.message])).toEqual([
      [
        'warning',
        'mdx/undefined-name',
        10,
        15,
        '`project` is not defined, so `{project}` is shown as text (Mintlify fails to render this page).',
      ],
      [
        'warning',
        'mdx/undefined-name',
        10,
        35,
        '`location` is not defined when the page is built (only a browser has it), so `{location}` is shown as text (Mintlify fails to render this page).',
      ],
      ['warning', 'mdx/undefined-name', 10, 51, '`job` is not defined, so `{job}` is shown as text (Mintlify fails to render this page).'],
      [
        'warning',
        'mdx/undefined-name',
        12,
        9,
        '`prompt` is not defined when the page is built (only a browser has it), so `{prompt}` is shown as text (Mintlify fails to render this page).',
      ],
      [
        'warning',
        'mdx/undefined-name',
        12,
        24,
        '`history` is not defined when the page is built (only a browser has it), so `{history}` is shown as text (Mintlify fails to render this page).',
      ],
    ]);
    expect(code).toContain('GET projects/{"{project}"}/locations/{"{location}"}/jobs/{"{job}"}');
    expect(code).toContain('{typeof window === "undefined" ? "unknown" : window.innerWidth}');
  });

  it('are an error in an attribute, and run in event handlers (code that runs in the browser)', () => {
    const src = '<Card title={location.href}>x</Card>\n\n<button onClick={() => window.scrollTo(0, 0)}>Top</button>\n';
    expect(analyzeMdx(src, 'a.mdx', opts).diagnostics.map((d) => [d.severity, d.line, d.message])).toEqual([
      ['error', 1, '`location` is not defined when the page is built (only a browser has it).'],
    ]);
  });

  it('are props in a snippet', () => {
    const { code, reads } = analyzeMdx('Region {location}, {navigator.language}\n', 'snippets/s.mdx', { ...opts, snippet: true });
    expect(code).toContain('Region {props.location}, {props.navigator.language}');
    expect(reads.map((r) => [r.name, r.crashes])).toEqual([
      ['location', false],
      ['navigator', true],
    ]);
  });

  it("freeNameAt finds the expression's own line, not the word in a code fence above it", () => {
    expect(freeNameAt(BROWSER_NAMES, 'location')).toEqual({ line: 10, column: 35 });
    expect(freeNameAt(BROWSER_NAMES, 'nothing')).toBeUndefined();
  });
});

/** `lectern <args>` as a user runs it: exit code and everything printed. */
function lectern(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(REPO, 'packages/astro/bin/lectern.js'), ...args], {
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('`lectern check` and `lectern build` on a repo with these inputs', () => {
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'lectern-inputs-'));
    const files: Record<string, string> = {
      'docs.json': JSON.stringify(
        {
          name: 'S',
          theme: 'mint',
          colors: { primary: '#0D9373' },
          navbar: { links: [{ label: 'Status', href: 'https://status.example.com', icon: 'signal-bars-good' }] },
          navigation: {
            languages: [
              {
                language: 'en',
                groups: [
                  { group: 'G', icon: 'book-sparkles', pages: ['index', 'jobs', 'icons', 'plain', 'registry', 'empty'] },
                  { group: 'H', icon: { name: 'house', style: 'regular' }, pages: [] },
                ],
              },
              { language: 'fr', groups: [{ group: 'G', pages: ['fr/index'] }] },
            ],
          },
        },
        null,
        2,
      ),
      'index.mdx': HEADINGS,
      'fr/index.mdx': TRANSLATED,
      'jobs.mdx': BROWSER_NAMES,
      'icons.mdx': ICONS,
      // A Markdown (`.md`) page: ids in the same braces (its `{…}` is text, not an expression).
      'plain.md':
        '---\ntitle: Plain\ndescription: A Markdown page.\n---\n\n## Section one {#custom-one}\n\nText {curly}.\n\n## 3D image {#3d_image}\n',
      'images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
      // A page rendering a list with React hooks inline, as Mintlify runs it (an island here).
      'registry.mdx': REGISTRY,
      // Components with nothing inside (a screenshot not added yet): drawn empty, as Mintlify does.
      'empty.mdx':
        '---\ntitle: Empty\ndescription: Empty components.\n---\n\n<Frame>\n  \n</Frame>\n\n<Frame caption="Soon"></Frame>\n\n<CodeGroup>\n</CodeGroup>\n\n<Tabs>\n</Tabs>\n\n<Prompt description="P"></Prompt>\n\nAfter them.\n',
      // The repo's own PostCSS setup (for another site of its own), with a plugin not installed: not the docs' concern.
      'postcss.config.mjs': "export default { plugins: { '@tailwindcss/postcss': {} } };\n",
    };
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await writeFile(path.join(root, name), text);
    }
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  /** The unknown icons `lectern check` reported. */
  let checkedIcons: Diagnostic[] = [];

  it('check passes, naming each browser-only name and each icon the build draws as a dot, with file and line', async () => {
    const { code, out } = await lectern(['check', root, '--format', 'json']);
    expect(code).toBe(0);
    const report = JSON.parse(out) as { errors: number; diagnostics: Diagnostic[] };
    expect(report.errors).toBe(0);
    expect(report.diagnostics.filter((d) => d.code === 'mdx/undefined-name').map((d) => [d.file, d.line, d.message.split(' ')[0]])).toEqual(
      [
        ['jobs.mdx', 10, '`project`'],
        ['jobs.mdx', 10, '`location`'],
        ['jobs.mdx', 10, '`job`'],
        ['jobs.mdx', 12, '`prompt`'],
        ['jobs.mdx', 12, '`history`'],
      ],
    );
    checkedIcons = report.diagnostics.filter((d) => d.code.endsWith('/unknown-icon'));
    const icons = checkedIcons
      .map((d) => [d.code, d.file, d.line, d.pointer, d.target])
      .sort((a, b) => String(a[4]).localeCompare(String(b[4])));
    expect(icons).toEqual([
      ['mdx/unknown-icon', 'icons.mdx', 4, undefined, 'book-open-cover'],
      ['config/unknown-icon', 'docs.json', 23, '/navigation/languages/0/groups/0/icon', 'book-sparkles'],
      ['mdx/unknown-icon', 'icons.mdx', 8, undefined, 'chart-mixed'],
      ['mdx/unknown-icon', 'icons.mdx', 17, undefined, 'not-an-icon-at-all'],
      ['config/unknown-icon', 'docs.json', 12, '/navbar/links/0/icon', 'signal-bars-good'],
      ['mdx/unknown-icon', 'icons.mdx', 14, undefined, 'square-1'],
    ]);
    const card = checkedIcons.find((d) => d.target === 'chart-mixed')!;
    expect(card.message).toBe(
      'Unknown icon "chart-mixed" on <Card>: not in Font Awesome (https://fontawesome.com/icons), Font Awesome brands or Lectern\'s own icons; drawn as a dot.',
    );
    expect(card.hint).toContain('Use a Font Awesome icon name, a URL or a path to an image.');
  }, 180_000);

  it('build writes every page: custom ids on the headings and in the table of contents, browser names shown as written', async () => {
    const { code, out } = await lectern(['build', root]);
    expect(out).not.toContain('ReferenceError');
    expect(code).toBe(0);
    const dist = path.join(root, 'dist');
    const home = await readPage(dist, 'index');
    for (const [level, id] of [
      [2, 'plain-section'],
      [3, 'quick-run'],
      [2, '3d_image_to_splat'],
      [2, 'arrow'],
      [2, 'inline-code'],
      [2, 'setext-id'],
      [2, 'in-accordion'],
      [3, 'in-tab'],
    ] as const) {
      expect(home).toMatch(new RegExp(`<h${level} id="${id}"`));
      expect(home).toMatch(new RegExp(`href="#${id}"[^>]*data-toc-link`));
    }
    expect(home).not.toMatch(/\{#(?!not-an-id)/);
    const fr = await readPage(dist, 'fr');
    expect(fr).toContain('<h2 id="démarrage-rapide"');
    expect(fr).toContain('<h2 id="インストール"');
    expect(fr).toMatch(/href="#インストール"[^>]*data-toc-link/);
    const plain = await readPage(dist, 'plain');
    expect(plain).toMatch(/<h2 id="custom-one"/);
    expect(plain).toMatch(/<h2 id="3d_image"/);
    expect(plain).toMatch(/href="#custom-one"[^>]*data-toc-link/);
    expect(plain).not.toContain('{#');
    expect(plain).toContain('Text {curly}.');
    const empty = await readPage(dist, 'empty');
    expect(empty).toContain('After them.');
    expect(empty).toContain('<figcaption>Soon</figcaption>');
    const registry = await readPage(dist, 'registry');
    expect(registry).toContain('Loading plugins…');
    expect(registry).toMatch(/<astro-island[^>]*component-export="LecternExpression0"/);
    const jobs = await readPage(dist, 'jobs');
    expect(jobs).toContain('GET projects/{project}/locations/{location}/jobs/{job}');
    expect(jobs).toContain('Answer {prompt} using {history}.');
    expect(jobs).toContain('Width: unknown; year 1970; 2 [1].');
    // The build warns about the very icons check reported.
    const warned = [...out.matchAll(/unknown icon "([^"]+)"/g)].map((m) => m[1]!);
    expect([...new Set(warned)].sort()).toEqual(checkedIcons.map((d) => d.target).sort());
  }, 300_000);
});
