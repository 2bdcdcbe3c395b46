import { describe, expect, it } from 'vitest';
import type { Schema } from '../src/model.ts';
import { jsonSafeSchema, mergeAllOf, schemaNames, schemaTypeLabel, walkSchema } from '../src/schema.ts';

function cyclicNode(): Schema {
  const node: Schema = { title: 'Node', type: 'object', properties: {} };
  (node.properties as Record<string, unknown>).next = node;
  (node.properties as Record<string, unknown>).children = { type: 'array', items: node };
  return node;
}

describe('jsonSafeSchema', () => {
  it('replaces a cycle by { $circular } with the title and can be serialised', () => {
    const safe = jsonSafeSchema(cyclicNode());
    expect(safe).toEqual({
      title: 'Node',
      type: 'object',
      properties: { next: { $circular: 'Node' }, children: { type: 'array', items: { $circular: 'Node' } } },
    });
    expect(JSON.parse(JSON.stringify(safe))).toEqual(safe);
  });

  it('uses component names for untitled schemas and copies shared (non-cyclic) schemas everywhere', () => {
    const shared: Schema = { type: 'string' };
    const pet: Schema = { type: 'object', properties: { a: shared, b: shared } };
    (pet.properties as Record<string, unknown>).self = pet;
    expect(jsonSafeSchema(pet, { names: schemaNames({ Pet: pet }) })).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' }, self: { $circular: 'Pet' } },
    });
    expect(jsonSafeSchema(pet).properties).toMatchObject({ self: { $circular: 'schema' } });
  });

  it('keeps exponential expansions of shared schemas within a node budget', () => {
    // 40 levels, each with two properties pointing at the same next level: 2^40 paths if copied naively.
    let level: Schema = { type: 'string' };
    for (let i = 0; i < 40; i++) level = { title: `L${i}`, type: 'object', properties: { a: level, b: level } };
    let objects = 0;
    const count = (v: unknown): void => {
      if (typeof v !== 'object' || v === null) return;
      objects++;
      for (const x of Object.values(v)) count(x);
    };
    const safe = jsonSafeSchema(level);
    count(safe);
    expect(objects).toBeLessThan(50_000 + 200); // the budget plus one placeholder per pending sibling
    expect(JSON.stringify(safe)).toContain('"$truncated"');
    const small = jsonSafeSchema(level, { maxNodes: 10 });
    expect(small).toEqual({
      title: 'L39',
      type: 'object',
      properties: {
        a: {
          title: 'L38',
          type: 'object',
          properties: { a: { title: 'L37', type: 'object', properties: expect.anything() }, b: expect.anything() },
        },
        b: { $truncated: 'L38' },
      },
    });
  });

  it('truncates beyond maxDepth', () => {
    const deep: Schema = { type: 'object', properties: { a: { type: 'object', properties: { b: { title: 'B', type: 'string' } } } } };
    expect(jsonSafeSchema(deep, { maxDepth: 3 })).toEqual({
      type: 'object',
      properties: { a: { type: 'object', properties: { b: { $truncated: 'B' } } } },
    });
  });
});

describe('walkSchema', () => {
  it('visits each schema once, in document order, with its path, and terminates on cycles', () => {
    const node = cyclicNode();
    const seen: string[] = [];
    walkSchema({ oneOf: [node, { type: 'null' }] }, ({ path }) => {
      seen.push(path.join('/'));
    });
    expect(seen).toEqual(['', 'oneOf/0', 'oneOf/0/properties/children', 'oneOf/1']);
  });

  it('skips children when the visitor returns false', () => {
    const seen: string[] = [];
    walkSchema({ properties: { a: { properties: { b: {} } }, c: {} } }, ({ path }) => {
      seen.push(path.join('/'));
      return path.length === 0 || path[path.length - 1] !== 'a';
    });
    expect(seen).toEqual(['', 'properties/a', 'properties/c']);
  });
});

describe('mergeAllOf', () => {
  it('combines properties, unions required and keeps readOnly only when all parts agree', () => {
    const base: Schema = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'], readOnly: true };
    const merged = mergeAllOf({
      description: 'A pet',
      allOf: [base, { properties: { name: { type: 'string' } }, required: ['name', 'id'], readOnly: true }],
    });
    expect(merged).toEqual({
      description: 'A pet',
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
      required: ['id', 'name'],
    });
    expect(mergeAllOf({ allOf: [{ writeOnly: true, type: 'string' }, { writeOnly: true }] })).toEqual({ type: 'string', writeOnly: true });
  });

  it('flattens nested allOf, survives cycles and leaves schemas without allOf alone', () => {
    const loop: Schema = { properties: { a: { type: 'string' } } };
    loop.allOf = [loop, { allOf: [{ properties: { b: { type: 'number' } } }] }];
    expect(mergeAllOf(loop)).toEqual({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } } });
    const plain: Schema = { type: 'string' };
    expect(mergeAllOf(plain)).toBe(plain);
  });
});

describe('schemaTypeLabel', () => {
  it.each([
    [{ type: 'string' }, 'string'],
    [{ type: ['string', 'null'] }, 'string | null'],
    [{ type: 'array', items: { type: 'object', properties: {} } }, 'object[]'],
    [{ type: 'array', items: { type: ['integer', 'null'] } }, '(integer | null)[]'],
    [{ type: 'string', enum: ['a', 'b'] }, 'enum<string>'],
    [{ enum: [1, 2] }, 'enum<integer>'],
    [{ type: ['string', 'null'], enum: ['a', null] }, 'enum<string> | null'],
    [{ oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] }, 'string | integer | null'],
    [{ allOf: [{ properties: { a: {} } }] }, 'object'],
    [{ properties: { a: {} } }, 'object'],
    [{ type: 'string', format: 'binary' }, 'file'],
    [{ const: 'x' }, 'string'],
    [{}, 'any'],
    [undefined, 'any'],
  ] as Array<[Schema | undefined, string]>)('%j -> %s', (schema, expected) => {
    expect(schemaTypeLabel(schema)).toBe(expected);
  });

  it('terminates on cyclic arrays', () => {
    const list: Schema = { title: 'List', type: 'array' };
    list.items = list;
    expect(schemaTypeLabel(list)).toBe('List[]');
  });
});
