/** An `x-mint.href` from a spec becomes a folder of the output: one that would leave the site is refused. */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSitePlan, hrefSlug, runGenerateCommand, type CliIO } from '../src/index.ts';

const parent = mkdtempSync(path.join(tmpdir(), 'lectern-href-'));
const root = path.join(parent, 'repo');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

function repo() {
  rmSync(root, { recursive: true, force: true });
  const spec = {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/a': { get: { summary: 'Escape', 'x-mint': { href: '../../escaped/page' }, responses: { '200': { description: 'OK' } } } },
      '/b': { get: { summary: 'Moved', 'x-mint': { href: '/guides/moved/' }, responses: { '200': { description: 'OK' } } } },
    },
  };
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'openapi.json'), JSON.stringify(spec));
  writeFileSync(
    path.join(root, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'T',
      colors: { primary: '#000000' },
      navigation: { groups: [{ group: 'API', openapi: 'openapi.json', pages: [] }] },
    }),
  );
}

describe('x-mint.href', () => {
  it('keeps paths inside the site and refuses . and .. segments', () => {
    expect(hrefSlug('/guides/moved/')).toBe('guides/moved');
    expect(hrefSlug('../../etc/x')).toBeUndefined();
    expect(hrefSlug('a/./b')).toBeUndefined();
    expect(hrefSlug('a\\..\\..\\b')).toBeUndefined();
  });

  it('an escaping href is a warning with the spec pointer; the page keeps its generated URL; generate writes inside the repo', async () => {
    repo();
    const { plan, diagnostics } = await buildSitePlan(root);
    const warning = diagnostics.find((d) => d.code === 'spec/unsafe-href');
    expect(warning).toMatchObject({ severity: 'warning', file: 'openapi.json', pointer: '/paths/~1a/get/x-mint/href' });
    const slugs = plan.pages.map((p) => p.slug);
    expect(slugs).toContain('guides/moved');
    expect(slugs.some((s) => s.includes('..'))).toBe(false);
    expect(slugs).toContain('api-reference/escape');
    const io: CliIO = { out: () => {}, err: () => {}, progress: false };
    expect(await runGenerateCommand([root], io)).toBe(0);
    expect(existsSync(path.join(parent, '..', 'escaped'))).toBe(false);
    expect(existsSync(path.join(root, 'api-reference', 'escape.mdx'))).toBe(true);
  });
});
