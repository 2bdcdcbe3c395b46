/**
 * Issue "code samples", done-when: a docs.json listing every language by an alias produces 18 sample tabs in
 * that order on every endpoint page of the built site.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from './helpers.ts';

const ALIASES = [
  'curl',
  'py',
  'js',
  'nodejs',
  'php',
  'golang',
  'java',
  'rb',
  'powershell',
  'swift',
  'c#',
  'dot-net',
  'ts',
  'c',
  'cpp',
  'kt',
  'rs',
  'flutter',
];
const NAMES = [
  'cURL',
  'Python',
  'JavaScript',
  'Node.js',
  'PHP',
  'Go',
  'Java',
  'Ruby',
  'PowerShell',
  'Swift',
  'C#',
  '.NET',
  'TypeScript',
  'C',
  'C++',
  'Kotlin',
  'Rust',
  'Dart',
];

let root = '';
let dist = '';

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'lectern-languages-'));
  copyFileSync(path.join(REPO, 'fixtures/samples/api.yaml'), path.join(root, 'api.yaml'));
  writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\ndescription: Home.\n---\nHello.\n');
  writeFileSync(
    path.join(root, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'Languages',
      colors: { primary: '#0D9373' },
      // autogenerate on, x-codeSamples present: hand-written samples come first, then the 18 generated ones.
      api: { examples: { languages: ALIASES } },
      navigation: {
        tabs: [
          { tab: 'Home', groups: [{ group: 'Home', pages: ['index'] }] },
          { tab: 'API', openapi: 'api.yaml' },
        ],
      },
    }),
  );
  const { buildSite } = await import('../src/cli/run.ts');
  dist = (await buildSite(root, { logLevel: 'warn' })).outDir;
}, 180_000);
afterAll(() => {
  if (!process.env.KEEP) rmSync(root, { recursive: true, force: true });
});

function endpointPages(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...endpointPages(full));
    else if (name === 'index.html') out.push(full);
  }
  return out;
}

describe('18 languages by alias', () => {
  it('renders every generated language tab, in the configured order, on every endpoint page', () => {
    const pages = endpointPages(path.join(dist, 'api-reference'));
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (const file of pages) {
      const html = readFileSync(file, 'utf8');
      // The tab bar (few languages) or the language select (many) of the request-example panel.
      const bar = /id="request-example"[\s\S]*?<\/div>/.exec(html)?.[0] ?? '';
      const labels = [...bar.matchAll(/data-label="([^"]+)"|<option[^>]*>([^<]+)<\/option>/g)].map((m) =>
        (m[1] ?? m[2])!.replace(/&amp;/g, '&').replace(/&#39;/g, "'"),
      );
      const generated = labels.filter((l) => NAMES.includes(l));
      expect(generated, file).toEqual(NAMES);
    }
  });
});
