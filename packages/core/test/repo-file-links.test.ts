/**
 * Files core reads for the site are judged where they really are (publishable.ts, issue 38, finding 3): a spec, a
 * spec's `$ref` (OpenAPI and AsyncAPI) and a page file are never read from under `.git/`, a dot-folder or a dotfile —
 * named so or reached through a symlink — nor out of the repo, and each refusal is a diagnostic that says where the
 * link leads.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSitePlan, loadSpec, refusedRepoFile, repoPathProblem } from '../src/index.ts';

const base = mkdtempSync(path.join(tmpdir(), 'lectern-repo-links-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

let n = 0;
function repo(files: Record<string, string>, links: Record<string, string> = {}): string {
  const root = path.join(base, `repo${n++}`);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  for (const [at, target] of Object.entries(links)) {
    mkdirSync(path.dirname(path.join(root, at)), { recursive: true });
    symlinkSync(target, path.join(root, at));
  }
  return root;
}

const SPEC = (description: string, extra = '') => `openapi: 3.1.0
info: { title: T, version: "1" }
paths:
  /pets:
    get:
      summary: List pets
      description: ${description}
      responses: { "200": { description: OK${extra} } }
`;
const DOCS = JSON.stringify({
  theme: 'mint',
  name: 'T',
  colors: { primary: '#000000' },
  navigation: { groups: [{ group: 'API', openapi: 'openapi.yaml', pages: ['index'] }] },
});

describe('the rule', () => {
  it('refuses .git/, dotfiles and dot-folders anywhere in the path, but /.well-known/', () => {
    expect(repoPathProblem('.git/config')).toBe('into .git/');
    expect(repoPathProblem('a/.git/config')).toBe('into .git/');
    expect(repoPathProblem('.env.yaml')).toBe('a dotfile or dot-folder');
    expect(repoPathProblem('secrets/.hidden/key.txt')).toBe('into a dot-folder');
    expect(repoPathProblem('.well-known/security.txt')).toBeUndefined();
    expect(repoPathProblem('images/logo.png')).toBeUndefined();
    expect(repoPathProblem('internal/secret.mdx', { restricted: new Set(['internal/secret.mdx']) })).toMatch(/some readers only/);
  });

  it('judges a link by its target, and a restricted source only through a link', () => {
    const root = repo(
      { 'internal/secret.mdx': 'x', 'images/logo.png': 'png' },
      { 'images/secret.png': '../internal/secret.mdx', 'images/alias.png': 'logo.png', 'out.txt': '/etc/hostname' },
    );
    const rules = { restricted: new Set(['internal/secret.mdx']) };
    expect(refusedRepoFile(root, path.join(root, 'images/secret.png'), rules)).toEqual({
      target: 'internal/secret.mdx',
      why: 'the source of a page for some readers only',
    });
    expect(refusedRepoFile(root, path.join(root, 'internal/secret.mdx'), rules)).toBeUndefined();
    expect(refusedRepoFile(root, path.join(root, 'images/alias.png'), rules)).toBeUndefined();
    expect(refusedRepoFile(root, path.join(root, 'out.txt'))?.why).toBe('out of the repo');
    expect(refusedRepoFile(root, path.join(root, 'missing.png'))).toBeUndefined();
  });
});

describe('specs and $refs', () => {
  it('a spec that is a symlink into a dot-folder is not read', async () => {
    const root = repo(
      { 'docs.json': DOCS, 'index.mdx': '---\ntitle: Home\n---\n\nHi.\n', '.internal/openapi.yaml': SPEC('TOKEN-INTERNAL') },
      { 'openapi.yaml': '.internal/openapi.yaml' },
    );
    const { plan, diagnostics } = await buildSitePlan(root);
    const refused = diagnostics.filter((d) => d.code === 'spec/refused-file');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ severity: 'error', file: 'openapi.yaml' });
    expect(refused[0]!.message).toContain('.internal/openapi.yaml');
    expect(JSON.stringify(plan)).not.toContain('TOKEN-INTERNAL');
  });

  it('a $ref to a dotfile, or through a link into .git/, is not read', async () => {
    const root = repo(
      {
        'openapi.yaml': SPEC('Pets', ', content: { application/json: { schema: { $ref: "./.env.yaml" } } }'),
        'linked.yaml': SPEC('Pets', ', content: { application/json: { schema: { $ref: "./schemas/pet.yaml" } } }'),
        '.env.yaml': 'type: string\ndescription: TOKEN-ENV\n',
        '.git/pet.yaml': 'type: string\ndescription: TOKEN-GIT\n',
      },
      { 'schemas/pet.yaml': '../.git/pet.yaml' },
    );
    for (const source of ['openapi.yaml', 'linked.yaml']) {
      const result = await loadSpec({ root, source });
      expect(
        result.diagnostics.map((d) => d.code),
        source,
      ).toContain('spec/refused-file');
      expect(JSON.stringify(result), source).not.toMatch(/TOKEN-(ENV|GIT)/);
    }
  });

  it('an AsyncAPI $ref to a dotfile is not read', async () => {
    const root = repo({
      'events.yaml':
        "asyncapi: 3.0.0\ninfo: {title: E, version: '1'}\nchannels:\n  feed:\n    address: /feed\n    messages:\n      item:\n        payload:\n          $ref: './.env.yaml'\n",
      '.env.yaml': 'type: string\ndescription: TOKEN-ENV\n',
    });
    const result = await loadSpec({ root, source: 'events.yaml' });
    expect(result.diagnostics.map((d) => d.code)).toContain('spec/refused-file');
    expect(JSON.stringify(result)).not.toContain('TOKEN-ENV');
  });
});

describe('page files', () => {
  it('a page that is a symlink into .git/ is left out with a warning; a link to another page is a page', async () => {
    const root = repo(
      {
        'docs.json': JSON.stringify({ theme: 'mint', name: 'T', colors: { primary: '#000000' }, navigation: { pages: ['index'] } }),
        'index.mdx': '---\ntitle: Home\n---\n\nHi.\n',
        '.git/config': '[remote "origin"]\n\turl = https://x:TOKEN-GIT@github.com/a/b.git\n',
      },
      { 'leak.mdx': '.git/config', 'again.mdx': 'index.mdx' },
    );
    const { plan, diagnostics } = await buildSitePlan(root);
    expect(diagnostics.filter((d) => d.code === 'page/refused-file')).toMatchObject([{ severity: 'warning', file: 'leak.mdx' }]);
    expect(plan.pages.map((p) => p.slug).sort()).toEqual(['again', 'index']);
    expect(JSON.stringify(plan)).not.toContain('TOKEN-GIT');
  });
});
