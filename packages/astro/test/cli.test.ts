/** The `lectern` bin: help, failing builds (every error, exit 1, the site written without the failing pages), init. */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXTURES, writeTestSite } from './helpers.ts';

const BIN = fileURLToPath(new URL('../bin/lectern.js', import.meta.url));

function run(args: string[], cwd = process.cwd()): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('lectern CLI', () => {
  it('--help lists every command', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    for (const cmd of ['init', 'dev', 'build', 'preview', 'check', 'generate', 'serve', 'keys', 'feedback'])
      expect(stdout).toMatch(new RegExp(`^  ${cmd}\\b`, 'm'));
    expect(stdout).toMatch(/^  feedback\b.*--prune/m);
  });

  it('check --format json writes the whole report to a pipe before exiting (past the 64 KB a pipe takes at once)', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-cli-json-'));
    try {
      const pages = Array.from({ length: 500 }, (_, i) => `p${i}`);
      await writeTestSite(root, { name: 'J', navigation: { groups: [{ group: 'G', pages }] } });
      // No description and a broken link each: two warnings a page, some 250 KB of JSON.
      for (const p of pages) await writeFile(path.join(root, `${p}.mdx`), `---\ntitle: ${p}\n---\n\nSee [gone](/nowhere-${p}).\n`);
      // Through a shell pipe (`| cat`), as `lectern check --format json | jq` is used: a pipe, not a socket.
      const stdout = await new Promise<string>((resolve) => {
        execFile(
          'sh',
          ['-c', '"$0" "$1" check "$2" --format json | cat', process.execPath, BIN, root],
          { maxBuffer: 1 << 26, timeout: 120_000 },
          (_err, out) => resolve(out),
        );
      });
      expect(stdout.length).toBeGreaterThan(200_000);
      const report = JSON.parse(stdout) as { warnings: number; diagnostics: unknown[] };
      expect(report.diagnostics.length).toBe(report.warnings);
      expect(report.warnings).toBeGreaterThanOrEqual(1000);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 120_000);

  it('a remote spec that cannot be fetched keeps out only its pages: the others are built and every failure is listed', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-cli-spec-'));
    try {
      await writeTestSite(
        root,
        {
          name: 'R',
          navigation: {
            tabs: [
              { tab: 'Guides', groups: [{ group: 'G', pages: ['index', 'broken'] }] },
              { tab: 'API', openapi: 'https://127.0.0.1:1/openapi.json' },
            ],
          },
        },
        {
          'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
          'broken.mdx': '---\ntitle: Broken\n---\n\nexport const list = undefined;\n\n{list.map((x) => x)}\n',
        },
      );
      const { code, stdout, stderr } = await run(['build', root]);
      expect(code).toBe(1);
      const out = stdout + stderr;
      expect(out).toContain('Failed to fetch spec https://127.0.0.1:1/openapi.json');
      // Found only by rendering: the build went on past the spec.
      expect(out).toMatch(/broken\.mdx[^\n]*failed to render/);
      // The site is written without the page that failed (and without the spec's pages).
      expect(await readFile(path.join(root, 'dist/index.html'), 'utf8')).toContain('Hello.');
      expect(existsSync(path.join(root, 'dist/broken/index.html'))).toBe(false);
      expect(await readFile(path.join(root, 'dist/llms.txt'), 'utf8')).not.toContain('broken');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 120_000);

  it('each command prints its own help', async () => {
    const serve = await run(['serve', '--help']);
    expect(serve.code).toBe(0);
    expect(serve.stdout).toMatch(/^Usage: lectern serve/);
    expect(serve.stdout).toContain('--trust-proxy');
    expect(serve.stdout).toContain('--assistant');
    const build = await run(['build', '--help']);
    expect(build.stdout).toMatch(/^Usage: lectern build/);
    for (const flag of ['--out', '--base', '--site', '--strict']) expect(build.stdout).toContain(flag);
    expect((await run(['help', 'dev'])).stdout).toMatch(/^Usage: lectern dev[^\n]*--port/);
    expect((await run(['check', '--help'])).stdout).toMatch(/^Usage: lectern check/);
  });

  it('an unknown option or a missing value is an error naming it and the allowed ones', async () => {
    const bogus = await run(['build', '--bogus-flag']);
    expect(bogus.code).toBe(2);
    expect(bogus.stderr).toContain('unknown option --bogus-flag. Allowed: --out <dir>, --base <path>, --site <url>, --strict, --help');
    const missing = await run(['build', '--base']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--base needs a value');
    const badBase = await run(['build', '--base', 'pr?1']);
    expect(badBase.code).toBe(2);
    expect(badBase.stderr).toContain('--base must be a URL path such as /pr-42/');
    const port = await run(['dev', '--port', 'x']);
    expect(port.code).toBe(2);
    expect(port.stderr).toContain('--port must be an integer');
  });

  it('on a Node older than 22.12 says which Node it needs and which it found', async () => {
    const candidates = ['/usr/bin/node', '/usr/local/bin/node'].filter((n) => existsSync(n) && n !== process.execPath);
    const versions = await Promise.all(
      candidates.map((n) => new Promise<string>((r) => execFile(n, ['-p', 'process.versions.node'], (_e, out) => r(String(out).trim())))),
    );
    const old = candidates.find((_n, i) => {
      const [a, b] = versions[i]!.split('.').map(Number);
      return a! < 22 || (a === 22 && b! < 12);
    });
    if (!old) return void console.warn('no Node older than 22.12 on this machine; skipped');
    const result = await new Promise<{ code: number; stderr: string }>((resolve) =>
      execFile(old, [BIN, 'build'], (err, _o, stderr) => resolve({ code: err ? Number(err.code) : 0, stderr })),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^lectern: needs Node\.js 22\.12 or newer; this is Node\.js \d+\.\d+\.\d+ \(/);
    expect(result.stderr).not.toContain('    at ');
  });

  it('rejects an unknown command with exit 1', async () => {
    const { code, stderr } = await run(['frobnicate']);
    expect(code).toBe(1);
    expect(stderr).toContain('unknown command "frobnicate"');
  });

  it('a failing build reports ALL failing pages with file and line, exits 1 and writes the site without them', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-broken-'));
    try {
      await cp(path.join(FIXTURES, 'broken'), root, { recursive: true });
      await mkdir(path.join(root, 'dist'));
      await writeFile(path.join(root, 'dist', 'previous.html'), 'old build');
      const { code, stdout, stderr } = await run(['build', root]);
      expect(code).toBe(1);
      // A page that does not compile and a page that throws while rendering: both reported, in one run.
      expect(stderr).toMatch(/error guides\/c\.mdx:\d+(:\d+)? MDX syntax error: .*<Note>/);
      expect(stderr).toMatch(
        /error guides\/d\.mdx:10:\d+ page \/guides\/d failed to render: TypeError: Cannot read properties of undefined \(reading 'map'\)/,
      );
      expect(stderr).toMatch(/Lectern found 2 errors/);
      // Unknown components are warnings (Mintlify shows their children), summarised by rule.
      expect(stdout + stderr).toMatch(/mdx\/unknown-component: 2 warnings/);
      expect(stdout + stderr).toContain('guides/a.mdx:8:1 Unknown component <Fancy>');
      // Spec content is untrusted: an unknown element there is cut with a warning, not a build error.
      expect(stderr).not.toContain('<Glitter>');
      // The site replaces dist/, every page but the two that failed.
      const dist = await readdir(path.join(root, 'dist'));
      expect(dist).not.toContain('previous.html');
      expect(dist).toEqual(expect.arrayContaining(['index.html', '404.html', 'llms.txt', 'pagefind', 'guides']));
      expect((await readdir(path.join(root, 'dist/guides'))).sort()).toEqual(['a', 'a.md', 'b', 'b.md']);
      const staging = existsSync(path.join(root, '.lectern'))
        ? (await readdir(path.join(root, '.lectern'))).filter((f) => f.startsWith('out-'))
        : [];
      expect(staging).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('check finds what the build refuses (MDX syntax, unknown components) and summarises warnings by rule; --strict fails on them', async () => {
    const dir = path.join(FIXTURES, 'broken');
    const { code, stdout } = await run(['check', dir]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/guides\/c\.mdx:\d+/);
    expect(stdout).toMatch(/Warnings by rule:\nmdx\/unknown-component: 2 warnings\n {2}guides\/a\.mdx:8:1\n/);
    const all = await run(['check', dir, '--all']);
    expect(all.stdout).not.toContain('Warnings by rule');
    expect(all.stdout).toContain('guides/b.mdx:9:3\n  warning: Unknown component <Sparkle>');
  });

  it("check reports every file the build's MDX compiler refuses, with file and line, and the build leaves out the same pages", async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-cli-compile-'));
    try {
      await writeTestSite(
        root,
        { name: 'C', navigation: { groups: [{ group: 'G', pages: ['index', 'quoted', 'uses-snippet'] }] } },
        { 'index.mdx': '---\ntitle: Home\ndescription: d\n---\n\nHello.\n' },
      );
      // A JSX tag over several lines of a block quote, with a line break inside a template literal: MDX in JavaScript
      // (remark-mdx, Mintlify) accepts it, the build's compiler (Sätteri) takes the next line's `>` marker for the end
      // of the tag and refuses the file; Lectern joins such a tag's lines only where that keeps its text.
      await writeFile(
        path.join(root, 'quoted.mdx'),
        '---\ntitle: Quoted\ndescription: d\n---\n\n> <div\n>   title={`a\n>   b`}\n> >quoted</div>\n',
      );
      await mkdir(path.join(root, 'snippets'));
      await writeFile(path.join(root, 'snippets/quote.mdx'), 'Some text.\n\n> <div\n>   title={`b\n>   c`}\n> >x</div>\n');
      await writeFile(
        path.join(root, 'uses-snippet.mdx'),
        "---\ntitle: Uses\ndescription: d\n---\n\nimport Quote from '/snippets/quote.mdx';\n\n<Quote />\n",
      );
      const check = await run(['check', root]);
      expect(check.code, check.stdout + check.stderr).toBe(1);
      expect(check.stdout).toMatch(
        /quoted\.mdx:6:3\n {2}error: the build's MDX compiler refuses this file: Expected a closing tag for `<div>`.* \[mdx\/compile\]/,
      );
      expect(check.stdout).toMatch(/snippets\/quote\.mdx:3:3\n {2}error: the build's MDX compiler refuses this file: .*`<div>`/);
      expect(check.stdout).toMatch(/^2 errors, 0 warnings/m);
      const json = await run(['check', root, '--format', 'json']);
      const report = JSON.parse(json.stdout) as { diagnostics: Array<{ code: string; file: string; line: number }> };
      expect(
        report.diagnostics
          .filter((d) => d.code === 'mdx/compile')
          .map((d) => `${d.file}:${d.line}`)
          .sort(),
      ).toEqual(['quoted.mdx:6', 'snippets/quote.mdx:3']);
      // The build: the same two errors, the pages left out, every other page built, exit 1.
      const build = await run(['build', root]);
      expect(build.code).toBe(1);
      expect(build.stderr).toMatch(/Lectern found 2 errors/);
      expect(build.stderr).toMatch(/error quoted\.mdx:6:3 the build's MDX compiler refuses this file/);
      expect(build.stderr).toMatch(/error snippets\/quote\.mdx:3:3 the build's MDX compiler refuses this file/);
      expect(build.stdout + build.stderr).toMatch(/2 pages cannot be compiled; building the others/);
      expect(existsSync(path.join(root, 'dist/index.html'))).toBe(true);
      expect(existsSync(path.join(root, 'dist/quoted/index.html'))).toBe(false);
      expect(existsSync(path.join(root, 'dist/uses-snippet/index.html'))).toBe(false);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 120_000);

  it('an import of a package that is not installed: in a JSX module an error that leaves its pages out, in MDX cut as Mintlify does (a warning; built-in names drawn as built-ins, others as their children); React, @mintlify/components and installed packages are fine', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-cli-packages-'));
    try {
      await writeTestSite(
        root,
        { name: 'C', navigation: { groups: [{ group: 'G', pages: ['index', 'chart', 'confetti', 'fine'] }] } },
        { 'index.mdx': '---\ntitle: Home\ndescription: d\n---\n\nHello.\n' },
      );
      await mkdir(path.join(root, 'snippets'));
      // A component module importing a package the repo does not have, used by one page.
      await writeFile(
        path.join(root, 'snippets/chart.jsx'),
        "import { useState } from 'react';\n\nimport { draw } from 'chart-package-not-installed/lines';\n\nexport const Chart = () => <div>{draw()}</div>;\n",
      );
      await writeFile(
        path.join(root, 'chart.mdx'),
        "---\ntitle: Chart\ndescription: d\n---\n\nimport { Chart } from '/snippets/chart.jsx';\n\n<Chart />\n",
      );
      // A page importing one itself (a code block showing an import is not an import).
      await writeFile(
        path.join(root, 'confetti.mdx'),
        "---\ntitle: Confetti\ndescription: d\n---\n\n```js\nimport x from 'shown-in-a-code-block';\n```\n\nimport confetti from '@acme/confetti';\nimport { Callout, Sparkle } from 'nextra/components'\n\nParty.\n\n<Callout>Look out</Callout>\n\n<Sparkle>Shine on</Sparkle>\n",
      );
      // React, Mintlify's components as a package, and a package the repo has installed resolve.
      await writeFile(
        path.join(root, 'package.json'),
        JSON.stringify({ name: 'docs', private: true, dependencies: { 'installed-package': '1.0.0' } }),
      );
      await mkdir(path.join(root, 'node_modules/installed-package'), { recursive: true });
      await writeFile(
        path.join(root, 'node_modules/installed-package/package.json'),
        JSON.stringify({ name: 'installed-package', type: 'module', exports: './index.js' }),
      );
      await writeFile(path.join(root, 'node_modules/installed-package/index.js'), "export const word = 'installed';\n");
      await writeFile(
        path.join(root, 'snippets/fine.jsx'),
        "import React from 'react';\nimport { Card } from '@mintlify/components';\nimport { word } from 'installed-package';\n\nexport const Fine = () => <Card title={word}>ok</Card>;\n",
      );
      await writeFile(
        path.join(root, 'fine.mdx'),
        "---\ntitle: Fine\ndescription: d\n---\n\nimport { Fine } from '/snippets/fine.jsx';\n\n<Fine />\n",
      );
      const check = await run(['check', root]);
      expect(check.code, check.stdout + check.stderr).toBe(1);
      expect(check.stdout).toMatch(
        /snippets\/chart\.jsx:3\n {2}error: The package "chart-package-not-installed\/lines" is imported but not installed.* \[mdx\/unresolved-import\]/,
      );
      expect(check.stdout).toMatch(
        /confetti\.mdx:10\n\s+warning: The package "@acme\/confetti" is imported but not installed: the import is left out, as Mintlify does/,
      );
      expect(check.stdout).toMatch(/confetti\.mdx:11\n\s+warning: The package "nextra\/components" is imported but not installed/);
      expect(check.stdout).toMatch(/^1 error, 3 warnings/m);
      // The build reports the same two, leaves out those two pages and builds the others, also from another folder
      // (the pages render from chunks staged outside the repo: the package the repo installed is bundled into them,
      // not looked up from there).
      const build = await run(['build', root]);
      expect(build.code).toBe(1);
      expect(build.stderr).toMatch(/Lectern found 1 error/);
      expect(build.stderr).toMatch(/error snippets\/chart\.jsx:3 .*"chart-package-not-installed\/lines"/);
      expect(build.stdout + build.stderr).toMatch(/1 page cannot be compiled; building the others/);
      expect(existsSync(path.join(root, 'dist/chart/index.html'))).toBe(false);
      // The page importing packages itself is built: `Callout` is the built-in callout, `Sparkle` its children.
      const confettiHtml = await readFile(path.join(root, 'dist/confetti/index.html'), 'utf8');
      expect(confettiHtml).toMatch(/<div[^>]*class="[^"]*callout[^"]*"[^>]*>[\s\S]*Look out/);
      expect(confettiHtml).toMatch(/Shine on/);
      // Fixed, the site builds.
      await writeFile(path.join(root, 'snippets/chart.jsx'), 'export const Chart = () => <div>chart</div>;\n');
      await writeFile(path.join(root, 'confetti.mdx'), '---\ntitle: Confetti\ndescription: d\n---\n\nParty.\n');
      const ok = await run(['build', '.'], root);
      expect(ok.code, ok.stdout + ok.stderr).toBe(0);
      expect(await readFile(path.join(root, 'dist/fine/index.html'), 'utf8')).toMatch(/installed/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 120_000);

  it('init scaffolds a docs repo with docs.json, pages, a spec, scripts and editor rules', async () => {
    const root = path.join(await mkdtemp(path.join(tmpdir(), 'lectern-init-')), 'my-docs');
    try {
      const { code, stdout } = await run(['init', root]);
      expect(code).toBe(0);
      expect(stdout).toContain('created');
      const docs = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8'));
      expect(docs.name).toBeTruthy();
      const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
      expect(pkg.name).toBe('my-docs');
      expect(pkg.scripts.build).toBe('lectern build');
      expect(pkg.scripts.dev).toBe('lectern dev');
      expect(existsSync(path.join(root, 'openapi.yaml'))).toBe(true);
      const rules = await readdir(path.join(root, '.cursor/rules'));
      expect(rules.length).toBeGreaterThanOrEqual(2);
      expect(await readFile(path.join(root, '.cursor/rules', rules[0]!), 'utf8')).toMatch(/^---\n/);
      const again = await run(['init', root]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already has a docs.json');
    } finally {
      await rm(path.dirname(root), { recursive: true, force: true });
    }
  });
});
