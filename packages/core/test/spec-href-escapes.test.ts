/**
 * An `x-mint.href` with `%`, `?` or `#` is no page path: `check` refuses it as it refuses `..` (a warning at the spec
 * pointer, the page keeps its generated URL), so the build, which plans the same way, never meets it (issue 38, 7).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSitePlan, hrefSlug, runCheckCommand, type CliIO } from '../src/index.ts';

const root = mkdtempSync(path.join(tmpdir(), 'lectern-href-escapes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const op = (summary: string, href: string) => ({ get: { summary, 'x-mint': { href }, responses: { '200': { description: 'OK' } } } });
mkdirSync(root, { recursive: true });
writeFileSync(
  path.join(root, 'openapi.json'),
  JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/a': op('Percent', '/api/100%-off'),
      '/b': op('Escaped', '/api/caf%C3%A9'),
      '/c': op('Query', '/api/x?y=1'),
      '/d': op('Fine', '/api/fine'),
    },
  }),
);
writeFileSync(
  path.join(root, 'docs.json'),
  JSON.stringify({
    theme: 'mint',
    name: 'T',
    colors: { primary: '#000000' },
    navigation: { groups: [{ group: 'API', openapi: 'openapi.json', pages: [] }] },
  }),
);

describe('x-mint.href with %, ? or #', () => {
  it('is no page path', () => {
    expect(hrefSlug('/api/100%-off')).toBeUndefined();
    expect(hrefSlug('/api/caf%C3%A9')).toBeUndefined();
    expect(hrefSlug('/api/x?y=1')).toBeUndefined();
    expect(hrefSlug('/api/x#y')).toBeUndefined();
    expect(hrefSlug('/api/café-crème')).toBe('api/café-crème');
  });

  it('is a spec/unsafe-href warning at its pointer, saying why; the page keeps its generated URL', async () => {
    const { plan, diagnostics } = await buildSitePlan(root);
    const warnings = diagnostics.filter((d) => d.code === 'spec/unsafe-href');
    expect(warnings.map((d) => d.pointer)).toEqual([
      '/paths/~1a/get/x-mint/href',
      '/paths/~1b/get/x-mint/href',
      '/paths/~1c/get/x-mint/href',
    ]);
    expect(warnings[0]!.message).toMatch(/has "%", which a page path cannot hold/);
    const slugs = plan.pages.map((p) => p.slug);
    expect(slugs.filter((s) => /[%?#]/.test(s))).toEqual([]);
    expect(slugs).toEqual(expect.arrayContaining(['api-reference/percent', 'api-reference/escaped', 'api-reference/query', 'api/fine']));
  });

  it('lectern check reports it', async () => {
    const out: string[] = [];
    const io: CliIO = { out: (s) => out.push(s), err: (s) => out.push(s), progress: false };
    await runCheckCommand([root], io);
    expect(out.join('\n')).toMatch(/unsafe-href[\s\S]*100%-off/);
  });
});
