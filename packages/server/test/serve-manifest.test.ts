/**
 * `lectern serve` reads `dist/_lectern/manifest.json` (it names the restricted pages and their groups) but never
 * sends it: every spelling of its path, a precompressed copy, under a base path, and for a reader the auth gate lets
 * in, is answered as a missing file. The rest of `_lectern/` is served as before.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteManifest } from '@lectern/core';
import { createServer, type LecternServer } from '../src/index.ts';

const root = mkdtempSync(path.join(tmpdir(), 'lectern-serve-manifest-'));
const servers: LecternServer[] = [];

function site(name: string, manifest: SiteManifest): string {
  const dist = path.join(root, name);
  const write = (file: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), content);
  };
  const json = JSON.stringify(manifest);
  write('index.html', '<h1>Home</h1>');
  write('404.html', '<h1>Not here</h1>');
  write('_lectern/code.css', '.code { color: red }');
  write('_lectern/manifest.json', json);
  write('_lectern/manifest.json.gz', gzipSync(json));
  write('internal/vault/index.html', '<h1>Vault</h1>');
  return dist;
}

const manifest: SiteManifest = {
  version: 1,
  name: 'Docs',
  servers: [],
  proxyAllow: [],
  redirects: [],
  restricted: { 'internal/vault': ['staff'] },
};
let plain: LecternServer;
let gated: LecternServer;
let based: LecternServer;

beforeAll(async () => {
  plain = await createServer({ dist: site('plain', manifest), port: 0, log: false });
  gated = await createServer({ dist: site('gated', manifest), port: 0, log: false, auth: () => null });
  based = await createServer({ dist: site('based', { ...manifest, base: '/pr-7/' }), port: 0, log: false });
  servers.push(plain, gated, based);
});
afterAll(async () => {
  for (const s of servers) await s.close();
  rmSync(root, { recursive: true, force: true });
});

async function expectMissing(url: string) {
  for (const method of ['GET', 'HEAD']) {
    const res = await fetch(url, { method });
    expect(res.status, `${method} ${url}`).toBe(404);
    const body = await res.text();
    expect(body, url).not.toContain('internal/vault');
    if (method === 'GET') expect(body, url).toContain('Not here');
  }
}

describe('lectern serve and the manifest', () => {
  it('never sends the manifest, under any spelling of its path', async () => {
    for (const p of ['/_lectern/manifest.json', '/_lectern//manifest.json', '//_lectern/manifest.json', '/_lectern/manifest.json.gz']) {
      await expectMissing(plain.url + p);
    }
    // Asked for gzip: the compressed copy is not sent either.
    const res = await fetch(plain.url + '/_lectern/manifest.json', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(404);
  });

  it('not even to a reader the auth gate lets in, nor under a base path', async () => {
    await expectMissing(gated.url + '/_lectern/manifest.json');
    expect((await fetch(gated.url + '/internal/vault')).status).toBe(200);
    await expectMissing(based.url + '/pr-7/_lectern/manifest.json');
  });

  it('still reads it: restricted pages are gated, the rest of _lectern/ is served', async () => {
    expect((await fetch(plain.url + '/internal/vault')).status).toBe(401);
    expect((await fetch(plain.url + '/_lectern/code.css')).status).toBe(200);
    expect((await fetch(based.url + '/pr-7/_lectern/code.css')).status).toBe(200);
    expect((await fetch(plain.url + '/')).status).toBe(200);
  });
});
