import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { buildSitePlan } from '../src/index.ts';

const repo = path.resolve(import.meta.dirname, '../../..');

describe('project rules for AI code editors (.cursor/rules/*.mdc)', () => {
  for (const dir of ['.', 'examples/minimal', 'examples/kitchen-sink', 'packages/astro/template']) {
    it(`${dir} carries the component reference and the writing standards`, async () => {
      const rulesDir = path.join(repo, dir, '.cursor/rules');
      const files = readdirSync(rulesDir)
        .filter((f) => f.endsWith('.mdc'))
        .sort();
      expect(files).toEqual(['component-reference.mdc', 'writing-standards.mdc']);
      for (const file of files) {
        const { data, content } = matter(readFileSync(path.join(rulesDir, file), 'utf8'));
        expect(typeof data.description, file).toBe('string');
        expect(data.alwaysApply, file).toBe(true);
        expect(content.length, file).toBeGreaterThan(500);
      }
      const standards = readFileSync(path.join(rulesDir, 'writing-standards.mdc'), 'utf8');
      expect(standards).toMatch(/title:/);
      expect(standards).toMatch(/description:/);
      // The rules are not pages of the site.
      const { plan } = await buildSitePlan(path.join(repo, dir));
      expect(plan.pages.filter((p) => p.file?.includes('.cursor'))).toEqual([]);
    });
  }
});
