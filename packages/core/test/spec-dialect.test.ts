import { describe, expect, it } from 'vitest';
import type { Schema } from '../src/model.ts';
import { createDialect } from '../src/documents/dialect.ts';

const up = (s: Schema) => createDialect().schema(s);

describe('schema dialect upgrade (OpenAPI 3.0 -> 3.1)', () => {
  it.each([
    [{ type: 'string', nullable: true }, { type: ['string', 'null'] }],
    [{ type: ['integer', 'string'], nullable: true }, { type: ['integer', 'string', 'null'] }],
    [
      { type: 'string', enum: ['a'], nullable: true },
      { type: ['string', 'null'], enum: ['a', null] },
    ],
    [{ enum: ['a'], nullable: true }, { enum: ['a', null] }],
    [{ oneOf: [{ type: 'string' }], nullable: true }, { oneOf: [{ type: 'string' }, { type: 'null' }] }],
    [{ anyOf: [{ type: 'null' }], nullable: true }, { anyOf: [{ type: 'null' }] }],
    [{ description: 'anything', nullable: true }, { description: 'anything' }],
    [
      { allOf: [{ type: 'object' }], nullable: true },
      { allOf: [{ type: 'object' }], nullable: true },
    ],
    [{ type: 'string', nullable: false }, { type: 'string' }],
    [
      { type: 'number', minimum: 1, exclusiveMinimum: true },
      { type: 'number', exclusiveMinimum: 1 },
    ],
    [
      { type: 'number', maximum: 9, exclusiveMaximum: false },
      { type: 'number', maximum: 9 },
    ],
    [
      { type: 'number', exclusiveMinimum: 3 },
      { type: 'number', exclusiveMinimum: 3 },
    ],
  ] as Array<[Schema, Schema]>)('%j -> %j', (input, expected) => {
    expect(up(input)).toEqual(expected);
  });

  it('walks nested schema keywords but never example, default, enum or const values', () => {
    const schema: Schema = {
      type: 'object',
      properties: { a: { type: 'string', nullable: true, example: { nullable: true }, default: { nullable: true } } },
      additionalProperties: { type: 'integer', nullable: true },
      items: [{ type: 'string', nullable: true }],
      example: { type: 'x', nullable: true },
      const: { nullable: true },
    };
    expect(up(schema)).toEqual({
      type: 'object',
      properties: { a: { type: ['string', 'null'], example: { nullable: true }, default: { nullable: true } } },
      additionalProperties: { type: ['integer', 'null'] },
      items: [{ type: ['string', 'null'] }],
      example: { type: 'x', nullable: true },
      const: { nullable: true },
    });
  });

  it('upgrades each object once, so shared and cyclic schemas are safe', () => {
    const shared: Schema = { type: 'string', nullable: true };
    const node: Schema = { type: 'object', nullable: true, properties: { a: shared, b: shared } };
    (node.properties as Record<string, unknown>).self = node;
    const dialect = createDialect();
    dialect.schema(node);
    dialect.schema(node);
    dialect.schema({ properties: { again: shared } });
    expect(shared).toEqual({ type: ['string', 'null'] });
    expect(node.type).toEqual(['object', 'null']);
    expect((node.properties as Record<string, unknown>).self).toBe(node);
  });
});
