/**
 * Nothing of a restricted page reaches an anonymous reader through any file of a real build. The fixture has
 * restricted operations (their descriptions, `x-mint.content`, code samples, examples, and parameters, request
 * bodies, responses and schemas only they use carry a marker), a restricted webhook, a spec whose every operation
 * is restricted, and a restricted MDX page with a changelog entry. Every file of dist/ is read (Pagefind's gzipped
 * files unpacked) and fetched from `lectern serve` without credentials: the marker is only in files that serve
 * withholds — the restricted pages' HTML, their Markdown copies and feeds — and serve withholds nothing else but
 * the runtime manifest, which names the restricted pages.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type LecternServer } from '@lectern/server';
import { buildFixture, filesUnder, FIXTURES } from './helpers.ts';

const MARKER = /zephyrine/i;
/** Titles of the restricted pages: not markers (their slugs come from them), but never in a public file either. */
const TITLES = ['Open the vault', 'Vault audit', 'Vault opened', 'List keys', 'Vault guide'];
/** Files of the restricted pages: what serve gates (see `slugOfFile`). */
const GATED = [
  'api-reference/list-keys.md',
  'api-reference/list-keys/index.html',
  'api-reference/vault-opened.md',
  'api-reference/vault-opened/index.html',
  'api-reference/vault/open-the-vault.md',
  'api-reference/vault/open-the-vault/index.html',
  'api-reference/vault/vault-audit.md',
  'api-reference/vault/vault-audit/index.html',
  'internal/vault-guide.md',
  'internal/vault-guide/index.html',
  'internal/vault-guide/rss.xml',
];

let dist: string;
let cleanup: (() => Promise<void>) | undefined;
let served: LecternServer;
let files: string[];

/** A file's text, gzip (Pagefind's index and fragments) unpacked. */
function text(bytes: Buffer): string {
  return (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
}

const leaks = (body: string) => [MARKER.exec(body)?.[0], ...TITLES.filter((t) => body.includes(t))].filter(Boolean);

beforeAll(async () => {
  const built = await buildFixture(path.join(FIXTURES, 'restricted-leaks'));
  dist = built.dist;
  cleanup = built.cleanup;
  served = await createServer({ dist, port: 0, log: false });
  files = await filesUnder(dist);
}, 180_000);
afterAll(async () => {
  await served?.close();
  await cleanup?.();
});

describe('restricted content in a build', () => {
  it('is only in the files of the restricted pages', async () => {
    const withMarker: string[] = [];
    for (const file of files) if (leaks(text(await readFile(path.join(dist, file)))).length) withMarker.push(file);
    // The markers do reach the build (else this test proves nothing): each restricted page's HTML has them.
    expect(withMarker).toEqual(expect.arrayContaining(GATED.filter((f) => f.endsWith('.html'))));
    expect(withMarker.filter((f) => !GATED.includes(f))).toEqual([]);
  });

  it('never reaches an anonymous reader of lectern serve, and serve withholds only the restricted pages and the manifest', async () => {
    const withheld: string[] = [];
    const leaked: string[] = [];
    for (const file of files) {
      const res = await fetch(`${served.url}/${file}`);
      const body = text(Buffer.from(await res.arrayBuffer()));
      if (res.status !== 200) withheld.push(`${file} ${res.status}`);
      else if (leaks(body).length) leaked.push(`${file}: ${leaks(body).join(', ')}`);
    }
    expect(leaked).toEqual([]);
    expect(withheld).toEqual([...GATED.map((f) => `${f} 401`), '_lectern/manifest.json 404'].sort());
  });

  it('publishes the spec without restricted operations and the components only they used', async () => {
    const spec = JSON.parse(await readFile(path.join(dist, 'openapi.json'), 'utf8'));
    expect(Object.keys(spec.paths)).toEqual(['/things']);
    // Restricted in the spec but `public: true`: published.
    expect(Object.keys(spec.paths['/things'])).toEqual(['get', 'put']);
    expect(Object.keys(spec.webhooks)).toEqual(['thingCreated']);
    expect(Object.keys(spec.components.schemas)).toEqual(['Thing', 'Owner']);
    expect(Object.keys(spec.components.parameters)).toEqual(['Limit']);
    expect(spec.components.requestBodies).toBeUndefined();
    expect(spec.components.responses).toBeUndefined();
    expect(spec.components.examples).toBeUndefined();
  });

  it('does not publish a spec whose every operation is restricted', async () => {
    expect(files).not.toContain('internal.yaml');
    expect((await fetch(`${served.url}/internal.yaml`)).status).toBe(404);
  });

  it('keeps the restricted pages in the manifest on disk, for lectern serve', async () => {
    const manifest = JSON.parse(await readFile(path.join(dist, '_lectern', 'manifest.json'), 'utf8'));
    expect(Object.keys(manifest.restricted).sort()).toEqual([
      'api-reference/list-keys',
      'api-reference/vault-opened',
      'api-reference/vault/open-the-vault',
      'api-reference/vault/vault-audit',
      'internal/vault-guide',
    ]);
  });
});
