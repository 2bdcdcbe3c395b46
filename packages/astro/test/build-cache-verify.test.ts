/**
 * Build cache entries are checked against the hash of their content when read (issue 38, finding 9): a planted entry
 * (markup written under a page's key) or a truncated one is not published; the build says so on a warning line and
 * renders that page again, and the next build finds the entry rewritten.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { blobStore } from '../src/shared/build-cache.ts';
import { buildSite } from '../src/cli/run.ts';

const base = mkdtempSync(path.join(tmpdir(), 'lectern-cache-verify-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('blobStore', () => {
  it('gives back what was put, and nothing for an entry whose content does not match its hash', () => {
    const dir = path.join(base, 'blobs');
    const warnings: string[] = [];
    const store = () => blobStore(dir, '.html', { warn: (m) => warnings.push(m) });
    store().put('a', '<p>the page</p>');
    store().put('b', '<p>another page, long enough to be cut in half</p>');
    expect(store().get('a')?.toString()).toBe('<p>the page</p>');
    // Planted: markup written under a key, as a file of its own.
    writeFileSync(path.join(dir, 'a.html'), '<p>planted</p>');
    // Truncated: the stored file cut short.
    const b = readFileSync(path.join(dir, 'b.html'));
    writeFileSync(path.join(dir, 'b.html'), b.subarray(0, b.length - 20));
    const s = store();
    expect(s.get('a')).toBeUndefined();
    expect(s.get('b')).toBeUndefined();
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/a\.html.*does not match/);
    // Written again by the next put, and read back.
    s.put('a', '<p>the page</p>');
    expect(store().get('a')?.toString()).toBe('<p>the page</p>');
  });
});

describe('a build on a cache with a planted and a truncated page entry', () => {
  const root = path.join(base, 'repo');
  const put = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  put(
    'docs.json',
    JSON.stringify({ theme: 'mint', name: 'Cache', colors: { primary: '#0a7d52' }, navigation: { pages: ['index', 'one', 'two'] } }),
  );
  put('index.mdx', '---\ntitle: Home\n---\n\nThe home page.\n');
  put('one.mdx', '---\ntitle: One\n---\n\nPage one says ONE-GENUINE.\n');
  put('two.mdx', '---\ntitle: Two\n---\n\nPage two says TWO-GENUINE, and a longer tail to cut off.\n');
  const pagesDir = path.join(root, '.lectern/cache/lectern/pages');

  it('renders both pages again, with a warning line each, and publishes neither entry', async () => {
    const first = await buildSite(root, { logLevel: 'error' });
    const entries = readdirSync(pagesDir).filter((f) => f.endsWith('.html'));
    const entryOf = (marker: string) => entries.find((f) => readFileSync(path.join(pagesDir, f), 'utf8').includes(marker))!;
    const one = entryOf('ONE-GENUINE');
    const two = entryOf('TWO-GENUINE');
    expect(one && two).toBeTruthy();
    writeFileSync(path.join(pagesDir, one), '<!DOCTYPE html><html><body><h1>PLANTED</h1><script>alert(1)</script></body></html>');
    const full = readFileSync(path.join(pagesDir, two));
    writeFileSync(path.join(pagesDir, two), full.subarray(0, Math.floor(full.length / 2)));

    const warned = vi.spyOn(console, 'warn');
    try {
      await buildSite(root, { logLevel: 'error' });
      const lines = warned.mock.calls
        .flat()
        .map(String)
        .filter((m) => /build cache/.test(m));
      expect(lines.some((m) => m.includes(one))).toBe(true);
      expect(lines.some((m) => m.includes(two))).toBe(true);
    } finally {
      warned.mockRestore();
    }
    const html = (slug: string) => readFileSync(path.join(first.outDir, slug, 'index.html'), 'utf8');
    expect(html('one')).not.toContain('PLANTED');
    expect(html('one')).toContain('ONE-GENUINE');
    expect(html('two')).toContain('TWO-GENUINE');
    expect(html('two')).toMatch(/<\/html>\s*$/);
    // The entries were written again: a third build reuses them, silently.
    expect(readFileSync(path.join(pagesDir, one), 'utf8')).toContain('ONE-GENUINE');
  }, 240_000);
});
