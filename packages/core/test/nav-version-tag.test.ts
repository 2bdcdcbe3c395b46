/**
 * docs.json `tag` on a version ("Latest", "Beta"), as Mintlify's schema has it: read by the navigation walker, carried
 * by the site plan's version division (for the switcher's badge); a tag that is not a string is an error at its
 * pointer; other divisions' `tag` is left out, as Mintlify does (groups keep theirs).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readNavigation } from '../src/config/navigation.ts';
import { buildSitePlan, type NavItem } from '../src/index.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const versions = [
  { version: 'v2', tag: ' Latest ', groups: [{ group: 'Start', tag: 'New', pages: ['v2/index'] }] },
  { version: 'v1', groups: [{ group: 'Start', pages: ['v1/index'] }] },
];

describe('a version tag', () => {
  it('is read on versions (trimmed) and groups, and left out of other divisions', () => {
    const { navigation, issues } = readNavigation({
      versions,
      global: { tabs: [{ tab: 'Blog', tag: 'Hot', href: 'https://blog.example.com' }] },
    });
    expect(issues).toEqual([]);
    const [v2, v1] = navigation!.root.children as Array<{ label: string; tag?: string; extra: object; children: unknown[] }>;
    expect([v2!.label, v2!.tag, v1!.label, v1!.tag]).toEqual(['v2', 'Latest', 'v1', undefined]);
    expect((v2!.children[0] as { tag?: string }).tag).toBe('New');
    expect(navigation!.global[0]!.tag).toBeUndefined();
    expect(navigation!.global[0]!.extra).toEqual({});
  });

  it('that is not a string is an error at its pointer', () => {
    const { issues } = readNavigation({ versions: [{ version: 'v2', tag: 2, pages: ['index'] }] });
    expect(issues).toEqual([{ pointer: '/navigation/versions/0/tag', message: '"tag" must be a string', hint: 'e.g. "tag": "Latest"' }]);
  });

  it("is carried by the site plan's version division", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lectern-version-tag-'));
    made.push(dir);
    const docs = { name: 'S', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { versions } };
    writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(docs));
    for (const v of ['v1', 'v2']) {
      mkdirSync(path.join(dir, v));
      writeFileSync(path.join(dir, v, 'index.mdx'), `---\ntitle: ${v}\ndescription: d\n---\n\nHi.\n`);
    }
    const { plan, diagnostics } = await buildSitePlan(dir, { remoteSpecDir: false });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const tags = plan.navigation.map((item: NavItem) => (item.type === 'version' ? [item.label, item.tag] : item.type));
    expect(tags).toEqual([
      ['v2', 'Latest'],
      ['v1', undefined],
    ]);
  });
});
