/**
 * Loaded specs in the build cache (spec-cache.ts, core's spec/load-cache.ts): a spec file whose text did not change
 * is not parsed and dereferenced again by the next plan (build or `lectern dev`); an edited spec is loaded again and
 * its old entry removed; a spec that refers to other files, and a run with `LECTERN_CACHE=off`, are never cached.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serialize } from 'node:v8';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ApiDocument } from '@lectern/core';
import { loadSite } from '../src/plan/source.ts';
import { sealBlob } from '../src/shared/build-cache.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  delete process.env.LECTERN_CACHE;
});

const spec = (description: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Pets', version: '1' },
    paths: {
      '/pets': {
        get: {
          summary: 'List pets',
          description,
          responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
        },
      },
    },
    components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } }, ...extra } },
  });

function repo(specText: string, files: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), 'lectern-spec-cache-'));
  made.push(root);
  writeFileSync(
    path.join(root, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'Pets',
      colors: { primary: '#0D9373' },
      navigation: { groups: [{ group: 'API', openapi: 'openapi.json', pages: ['GET /pets'] }] },
    }),
  );
  writeFileSync(path.join(root, 'openapi.json'), specText);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return root;
}

const entries = (root: string) => {
  try {
    return readdirSync(path.join(root, '.lectern/cache/lectern/specs')).sort();
  } catch {
    return [];
  }
};
const operation = (doc: unknown) => (doc as ApiDocument).operations.find((o) => o.path === '/pets')!;

describe('loaded specs in the build cache', () => {
  it('answers an unchanged spec from the cache, loads an edited one again and keeps only its entry', async () => {
    const root = repo(spec('All the pets.'));
    const first = await loadSite(root);
    expect(first.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const [entry] = entries(root);
    expect(entries(root)).toHaveLength(1);
    expect(entry).toMatch(/^[0-9a-f]{64}\.v8$/);

    // The same text: the plan's spec is the cached one, equal to what loading gave.
    const again = await loadSite(root);
    expect(again.plan.specs).toEqual(first.plan.specs);
    expect(again.plan.pages.map((p) => p.slug)).toEqual(first.plan.pages.map((p) => p.slug));
    // It really comes from the entry: one written with another description (with the hash of its content, as the cache
    // stores it) is what the next plan shows.
    const file = path.join(root, '.lectern/cache/lectern/specs', entry!);
    const doc = structuredClone(first.plan.specs['openapi.json'] as ApiDocument);
    operation(doc).description = 'From the cache.';
    writeFileSync(file, sealBlob(serialize({ document: doc, diagnostics: [] })));
    expect(operation((await loadSite(root)).plan.specs['openapi.json']).description).toBe('From the cache.');

    // A damaged entry is not used: the spec is loaded again and the entry written anew.
    writeFileSync(file, Buffer.from('not a v8 serialisation'));
    expect(operation((await loadSite(root)).plan.specs['openapi.json']).description).toBe('All the pets.');
    expect(operation((await loadSite(root)).plan.specs['openapi.json']).description).toBe('All the pets.');

    // Edited: loaded again, and the old entry removed.
    writeFileSync(path.join(root, 'openapi.json'), spec('Every pet in the store.'));
    const edited = await loadSite(root);
    expect(operation(edited.plan.specs['openapi.json']).description).toBe('Every pet in the store.');
    expect(entries(root)).toHaveLength(1);
    expect(entries(root)).not.toEqual([entry]);
  });

  it('never caches a spec that refers to another file, nor with LECTERN_CACHE=off', async () => {
    const withRef = repo(spec('All the pets.', { Owner: { $ref: './owner.json' } }), {
      'owner.json': JSON.stringify({ type: 'object', properties: { id: { type: 'integer' } } }),
    });
    const planned = await loadSite(withRef);
    expect(planned.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(entries(withRef)).toEqual([]);
    // Its other file edited: the next plan sees it.
    writeFileSync(path.join(withRef, 'owner.json'), JSON.stringify({ type: 'object', properties: { login: { type: 'string' } } }));
    const schemas = ((await loadSite(withRef)).plan.specs['openapi.json'] as ApiDocument).schemas;
    expect(Object.keys(schemas.Owner!.properties ?? {})).toEqual(['login']);

    process.env.LECTERN_CACHE = 'off';
    const off = repo(spec('All the pets.'));
    await loadSite(off);
    expect(entries(off)).toEqual([]);
    expect(readFileSync(path.join(off, 'openapi.json'), 'utf8')).toContain('All the pets.');
  });
});
