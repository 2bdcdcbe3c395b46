/**
 * Which specs the build cache may answer (spec/load-cache.ts): a file of the repo whose `$ref`s all point into
 * itself, named by its path, kind and text; never a URL, a missing file, or a spec referring to other files.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { specLoadKey } from '../src/documents/index.ts';

const root = mkdtempSync(path.join(tmpdir(), 'lectern-spec-key-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const write = (name: string, text: string) => writeFileSync(path.join(root, name), text);

describe('specLoadKey', () => {
  it('names a self-contained spec by its path, kind and text', async () => {
    write(
      'a.yaml',
      'openapi: 3.1.0\npaths: {}\ncomponents:\n  schemas:\n    A: { $ref: \'#/components/schemas/B\' }\n    B:\n      $ref: "#/components/schemas/C"\n    C: { type: string }\n',
    );
    write('b.json', '{"openapi":"3.1.0","paths":{"/x":{"$ref":"#/components/pathItems/X"}}}');
    const a = await specLoadKey(root, 'a.yaml', 'openapi');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await specLoadKey(root, '/a.yaml', 'openapi')).toBe(a);
    expect(await specLoadKey(root, 'a.yaml', 'asyncapi')).not.toBe(a);
    expect(await specLoadKey(root, 'b.json', 'openapi')).toMatch(/^[0-9a-f]{64}$/);
    write('a.yaml', 'openapi: 3.1.0\npaths: {}\n');
    expect(await specLoadKey(root, 'a.yaml', 'openapi')).not.toBe(a);
  });

  it('gives no key to a spec with a $ref to another file or a URL, a URL, or a file that is not there', async () => {
    write('c.yaml', "openapi: 3.1.0\npaths:\n  /x:\n    $ref: './paths/x.yaml'\n");
    write('d.json', '{"openapi":"3.1.0","components":{"schemas":{"A":{"$ref":"https://example.com/a.json"}}}}');
    write('e.yaml', 'openapi: 3.1.0\ncomponents:\n  schemas:\n    A:\n      $ref: common.yaml#/A\n');
    for (const name of ['c.yaml', 'd.json', 'e.yaml', 'missing.yaml']) expect(await specLoadKey(root, name, 'openapi')).toBeUndefined();
    expect(await specLoadKey(root, 'https://example.com/openapi.json', 'openapi')).toBeUndefined();
    expect(await specLoadKey(root, '../outside.yaml', 'openapi')).toBeUndefined();
  });
});
