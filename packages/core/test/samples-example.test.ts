import { describe, expect, it } from 'vitest';
import { exampleFromSchema, MAX_EXAMPLE_VALUES, type Schema } from '../src/index.ts';

const req = { mode: 'request' as const };
const res = { mode: 'response' as const };

describe('exampleFromSchema', () => {
  it('uses example > examples[0] > default > const > enum', () => {
    expect(exampleFromSchema({ type: 'string', example: 'a', examples: ['b'], default: 'c', const: 'd', enum: ['e'] }, req)).toBe('a');
    expect(exampleFromSchema({ type: 'string', examples: ['b'], default: 'c', const: 'd', enum: ['e'] }, req)).toBe('b');
    expect(exampleFromSchema({ type: 'string', default: 'c', const: 'd', enum: ['e'] }, req)).toBe('c');
    expect(exampleFromSchema({ type: 'string', const: 'd', enum: ['e'] }, req)).toBe('d');
    expect(exampleFromSchema({ type: 'string', enum: ['e', 'f'] }, req)).toBe('e');
    // falsy explicit values still win
    expect(exampleFromSchema({ type: 'integer', example: 0 }, req)).toBe(0);
    expect(exampleFromSchema({ type: 'boolean', default: false }, req)).toBe(false);
  });

  it('gives placeholders by type and format', () => {
    const cases: Array<[Schema, unknown]> = [
      [{ type: 'string' }, '<string>'],
      [{ type: 'string', format: 'byte' }, 'aSDinaTvuI8gbWludGxpZnk='],
      [{ type: 'string', format: 'base64' }, 'aSDinaTvuI8gbWludGxpZnk='],
      [{ type: 'string', format: 'date' }, '2023-12-25'],
      [{ type: 'string', format: 'date-time' }, '2023-11-07T05:31:56Z'],
      [{ type: 'string', format: 'email' }, 'jsmith@example.com'],
      [{ type: 'string', format: 'uuid' }, '3c90c3cc-0d44-4b50-8888-8dd25736052a'],
      [{ type: 'string', format: 'ipv4' }, '127.0.0.1'],
      [{ type: 'string', format: 'ipv6' }, '2606:4700:3108::ac42:2835'],
      [{ type: 'boolean' }, true],
      [{ type: 'number' }, 123],
      [{ type: 'integer' }, 123],
      [{ type: 'integer', minimum: 1, maximum: 100 }, 50],
      [{ type: 'number', minimum: 1, maximum: 100 }, 50.5],
      [{ type: 'integer', minimum: 500 }, 501],
      [{ type: 'integer', maximum: 10 }, 9],
      [{ type: 'null' }, null],
      [{ type: ['string', 'null'] }, '<string>'],
      [{}, '<any>'],
      [{ type: 'array', items: { type: 'integer' } }, [123]],
      [
        { type: 'object', properties: { a: { type: 'string' }, b: { type: 'boolean' } } },
        { a: '<string>', b: true },
      ],
    ];
    for (const [schema, expected] of cases) expect(exampleFromSchema(schema, req), JSON.stringify(schema)).toEqual(expected);
  });

  it('leaves readOnly out of requests and writeOnly out of responses', () => {
    const schema: Schema = {
      type: 'object',
      properties: { id: { type: 'integer', readOnly: true }, password: { type: 'string', writeOnly: true }, name: { type: 'string' } },
    };
    expect(exampleFromSchema(schema, req)).toEqual({ password: '<string>', name: '<string>' });
    expect(exampleFromSchema(schema, res)).toEqual({ id: 123, name: '<string>' });
  });

  it('requiredOnly keeps only required properties, at every depth', () => {
    const schema: Schema = {
      type: 'object',
      required: ['a', 'nested'],
      properties: {
        a: { type: 'string' },
        b: { type: 'string' },
        nested: { type: 'object', required: ['x'], properties: { x: { type: 'integer' }, y: { type: 'integer' } } },
      },
    };
    expect(exampleFromSchema(schema, { mode: 'request', requiredOnly: true })).toEqual({ a: '<string>', nested: { x: 123 } });
    expect(exampleFromSchema(schema, req)).toEqual({ a: '<string>', b: '<string>', nested: { x: 123, y: 123 } });
  });

  it('takes the first oneOf/anyOf variant and merges allOf', () => {
    expect(exampleFromSchema({ oneOf: [{ type: 'integer' }, { type: 'string' }] }, req)).toBe(123);
    expect(exampleFromSchema({ anyOf: [{ type: 'boolean' }, { type: 'string' }] }, req)).toBe(true);
    expect(
      exampleFromSchema(
        {
          allOf: [
            { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
            { type: 'object', properties: { b: { type: 'integer', example: 5 } } },
          ],
        },
        req,
      ),
    ).toEqual({ a: '<string>', b: 5 });
    // a property readOnly in one allOf part only is not readOnly after merging
    expect(
      exampleFromSchema(
        {
          allOf: [{ properties: { c: { type: 'string', readOnly: true } } }, { properties: { c: { type: 'string' } } }],
        },
        req,
      ),
    ).toEqual({ c: '<string>' });
  });

  it('stops on cyclic schema graphs', () => {
    const node: Schema = { type: 'object', properties: { name: { type: 'string' } } };
    (node.properties as Record<string, Schema>).next = node;
    (node.properties as Record<string, Schema>).children = { type: 'array', items: node };
    expect(exampleFromSchema(node, req)).toEqual({ name: '<string>', children: [] });
    const selfRef: Schema = {};
    selfRef.allOf = [selfRef];
    expect(exampleFromSchema(selfRef, req)).toBe('<any>');
  });

  it('leaves out group-restricted properties and x-mint-enum values', () => {
    const schema: Schema = {
      type: 'object',
      properties: {
        visible: { type: 'string' },
        internal: { type: 'string', 'x-mint': { groups: ['admin'] } },
        tier: { type: 'string', enum: ['gold', 'basic'], 'x-mint-enum': { gold: ['admin'] } },
        locked: { type: 'string', enum: ['x'], 'x-mint-enum': { x: ['admin'] } },
      },
    };
    expect(exampleFromSchema(schema, req)).toEqual({ visible: '<string>', tier: 'basic' });
    expect(exampleFromSchema({ oneOf: [{ type: 'string', 'x-mint': { groups: ['admin'] } }, { type: 'integer' }] }, req)).toBe(123);
  });

  it('bounds examples of heavily shared (acyclic) schema graphs', () => {
    // 10 levels, each object has 10 properties pointing at the next level: 10^10 values if fully expanded
    let level: Schema = { type: 'string' };
    for (let i = 0; i < 10; i++) {
      const props: Record<string, Schema> = {};
      for (let j = 0; j < 10; j++) props[`p${j}`] = level;
      level = { type: 'object', properties: props };
    }
    const count = (v: unknown): number =>
      Array.isArray(v)
        ? 1 + v.reduce((a: number, x) => a + count(x), 0)
        : v && typeof v === 'object'
          ? 1 + Object.values(v).reduce((a: number, x) => a + count(x), 0)
          : 1;
    const value = exampleFromSchema(level, req);
    expect(count(value)).toBeLessThanOrEqual(MAX_EXAMPLE_VALUES + 1);
    expect(count(value)).toBeGreaterThan(1000);
    expect((value as Record<string, Record<string, unknown>>).p0!.p0).toBeTypeOf('object');
  });

  it('never throws on odd schemas', () => {
    expect(exampleFromSchema(undefined, req)).toBe('<any>');
    expect(exampleFromSchema(false, req)).toBe('<any>');
    expect(exampleFromSchema({ type: 'object', additionalProperties: { type: 'integer' } }, req)).toEqual({ '<key>': 123 });
    expect(exampleFromSchema({ type: 'array' }, req)).toEqual([]);
  });
});
