/**
 * Secrets through symlinks inside the repo (issue 38, finding 3): a link is judged by where it leads. A build never
 * publishes a link into `.git/`, to a dotfile or into a dot-folder, to a restricted page's source, or out of the repo
 * — as a static file, a custom script or style, an image a page imports, a snippet a page imports, or a page — and
 * `lectern dev` never sends one. Links to files that are published anyway keep working.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSite } from '../src/cli/run.ts';
import { startDev } from './helpers.ts';

const base = mkdtempSync(path.join(tmpdir(), 'lectern-symlinks-'));
const root = path.join(base, 'repo');
const SECRETS = ['TOKEN-GIT-0123', 'TOKEN-ENV-4567', 'TOKEN-RESTRICTED-89ab', 'TOKEN-DOTDIR-cdef', 'TOKEN-OUTSIDE-f00d'];
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function put(file: string, text: string | Buffer) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}
const link = (target: string, at: string) => {
  mkdirSync(path.dirname(path.join(root, at)), { recursive: true });
  symlinkSync(target, path.join(root, at));
};

function repo() {
  put(
    'docs.json',
    JSON.stringify({
      theme: 'mint',
      name: 'Links',
      colors: { primary: '#0a7d52' },
      navigation: { pages: ['index', 'guide', 'internal/secret'] },
    }),
  );
  // What the documented preview workflow leaves: the CI token in the remote URL.
  put('.git/config', `[remote "origin"]\n\turl = https://x-access-token:TOKEN-GIT-0123@github.com/acme/docs.git\n`);
  put('.env.yaml', 'API_KEY: TOKEN-ENV-4567\n');
  put('secrets/.hidden/key.txt', 'TOKEN-DOTDIR-cdef\n');
  put('internal/secret.mdx', '---\ntitle: Secret\ngroups: ["staff"]\n---\n\nTOKEN-RESTRICTED-89ab\n');
  writeFileSync(path.join(base, 'outside.txt'), 'TOKEN-OUTSIDE-f00d\n');
  put('images/logo.png', PNG);
  put('index.mdx', "---\ntitle: Home\n---\nimport Token from '/snippets/token.mdx';\n\nThe home page.\n\n<Token />\n");
  put('guide.mdx', '---\ntitle: Guide\n---\n\nA picture:\n\n![Logo](./images/logo.png)\n\n![Git](./images/git.png)\n');
  // Links into .git/, to dotfiles, into a dot-folder, to a restricted page's source, out of the repo.
  link('../.git/config', 'images/git.png');
  link('../.env.yaml', 'images/env.png');
  link('../internal/secret.mdx', 'images/secret.png');
  link('../secrets/.hidden/key.txt', 'files/key.txt');
  link('../secrets/.hidden', 'files/hidden');
  link(path.join(base, 'outside.txt'), 'files/outside.txt');
  link('/etc/passwd', 'files/passwd.txt');
  link('.git/config', 'theme.css');
  link('../.git/config', 'snippets/token.mdx');
  link('.git/config', 'leak.mdx');
  link('../internal/secret.mdx', 'snippets/secret.mdx');
  put('public.mdx', "---\ntitle: Public\n---\nimport Secret from '/snippets/secret.mdx';\n\nA public page.\n\n<Secret />\n");
  // Links to what is published anyway: kept.
  link('logo.png', 'images/alias.png');
  link('images', 'pictures');
}

/** Every file of `dir`, with its text. */
function everyFile(dir: string, base = dir): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, e.name);
    if (statSync(abs).isDirectory()) out.push(...everyFile(abs, base));
    else out.push([path.relative(base, abs).split(path.sep).join('/'), readFileSync(abs, 'latin1')]);
  }
  return out;
}

beforeAll(() => repo());
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('lectern build', () => {
  let dist = '';
  let warnings = '';
  beforeAll(async () => {
    // What the build prints, however it prints it (console, Astro's logger).
    const spies = [
      vi.spyOn(console, 'warn'),
      vi.spyOn(console, 'log'),
      vi.spyOn(console, 'error'),
      vi.spyOn(process.stderr, 'write'),
      vi.spyOn(process.stdout, 'write'),
    ];
    try {
      ({ outDir: dist } = await buildSite(root, { logLevel: 'warn' }));
    } finally {
      warnings = spies.flatMap((s) => s.mock.calls.map((c) => String(c[0]))).join('\n');
      for (const s of spies) s.mockRestore();
    }
  }, 240_000);

  it('publishes no file that a link into .git/, to a dotfile, a restricted source or out of the repo leads to', () => {
    // The restricted page itself is built (`lectern serve` gates it): its own page and Markdown copy hold its text.
    const own = new Set(['internal/secret/index.html', 'internal/secret.md']);
    const leaks = everyFile(dist)
      .filter(([file]) => !own.has(file))
      .flatMap(([file, text]) => SECRETS.filter((s) => text.includes(s)).map((s) => `${file}: ${s}`));
    expect(leaks).toEqual([]);
    for (const f of [
      'images/git.png',
      'images/env.png',
      'images/secret.png',
      'files/key.txt',
      'files/hidden/key.txt',
      'files/outside.txt',
      'files/passwd.txt',
      'theme.css',
    ]) {
      expect(existsSync(path.join(dist, f)), f).toBe(false);
    }
  });

  it('says which links it left out, and where they lead', () => {
    expect(warnings).toMatch(/images\/git\.png.*\.git\/config/);
    expect(warnings).toMatch(/snippets\/token\.mdx.*\.git\/config/);
    expect(warnings).toMatch(/leak\.mdx.*\.git\/config/);
    expect(warnings).toMatch(/snippets\/secret\.mdx.*internal\/secret\.mdx/);
  });

  it('keeps links to what it publishes anyway', () => {
    expect(readFileSync(path.join(dist, 'images/alias.png'))).toEqual(PNG);
    expect(readFileSync(path.join(dist, 'pictures/logo.png'))).toEqual(PNG);
    expect(readFileSync(path.join(dist, 'guide/index.html'), 'utf8')).toContain('A picture');
    expect(readFileSync(path.join(dist, 'public/index.html'), 'utf8')).toContain('A public page');
  });
});

describe('lectern dev', () => {
  let server: Awaited<ReturnType<typeof startDev>> | undefined;
  beforeAll(async () => {
    server = await startDev(root);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('sends no file that a link leads to outside what may be published, however asked for', async () => {
    const paths = [
      '/images/git.png',
      '/images/env.png',
      '/images/secret.png',
      '/files/key.txt',
      '/files/hidden/key.txt',
      '/files/outside.txt',
      '/files/passwd.txt',
      '/theme.css',
      '/snippets/token.mdx',
    ];
    const asked = [
      ...paths,
      ...paths.map((p) => `/@fs${root}${p}`),
      ...paths.map((p) => `${p}?raw`),
      ...paths.map((p) => `${p}?import`),
      '/',
    ];
    const leaks: string[] = [];
    for (const p of asked) {
      const res = await fetch(server!.url + p);
      const text = await res.text();
      for (const s of [...SECRETS, 'root:x:0:0']) if (text.includes(s)) leaks.push(`${p} (${res.status}): ${s}`);
    }
    expect(leaks).toEqual([]);
  });

  it('renders the pages that import them, without them', async () => {
    for (const [page, text] of [
      ['/', 'The home page'],
      ['/guide', 'A picture'],
      ['/public', 'A public page'],
    ]) {
      const res = await fetch(server!.url + page);
      expect(res.status, page).toBe(200);
      const html = await res.text();
      expect(html, page).toContain(text);
      for (const s of SECRETS) expect(html, page).not.toContain(s);
    }
  });

  it('sends links to what may be published', async () => {
    const res = await fetch(`${server!.url}/images/alias.png`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
  });
});
