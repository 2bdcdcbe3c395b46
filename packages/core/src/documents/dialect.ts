/**
 * Upgrades schema objects to the OpenAPI 3.1 (JSON Schema 2020-12) dialect in place, once per object:
 * - `nullable: true` is folded into `type` (`"string"` -> `["string", "null"]`), `null` is added to an `enum`,
 *   an untyped `oneOf`/`anyOf` gets a `{ "type": "null" }` variant, and an untyped schema simply loses the keyword
 *   (it accepts null already). Only an untyped `allOf` keeps `nullable: true` (there is no lossless 3.1 spelling that
 *   keeps object identity). `nullable: false` is dropped.
 * - OpenAPI 3.0 boolean `exclusiveMinimum` / `exclusiveMaximum` become the numeric 3.1 form.
 * Only schema positions are walked (never `example`, `default`, `enum`, `const` values), and every object is
 * visited once (identity set), so shared and cyclic schemas are safe.
 */
import type { Schema } from '../model.ts';

/** Schema keywords whose value holds schemas: 1 = map of schemas, 2 = list, 3 = one schema (or a list). */
const KEYWORDS = new Map<string, 1 | 2 | 3>([
  ...(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'] as const).map((k) => [k, 1] as const),
  ...(['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const).map((k) => [k, 2] as const),
  ...(
    [
      'additionalProperties',
      'items',
      'not',
      'if',
      'then',
      'else',
      'contains',
      'propertyNames',
      'unevaluatedProperties',
      'unevaluatedItems',
      'contentSchema',
      'additionalItems',
    ] as const
  ).map((k) => [k, 3] as const),
]);

export interface Dialect {
  /** Normalise `schema` and everything reachable through schema keywords; returns the same object. */
  schema<T>(schema: T): T;
}

export function createDialect(): Dialect {
  const seen = new WeakSet<object>();

  function isObject(v: unknown): v is Schema {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  }

  function visit(root: unknown): void {
    const stack: unknown[] = [root];
    while (stack.length) {
      const node = stack.pop();
      if (!isObject(node) || seen.has(node)) continue;
      seen.add(node);
      upgrade(node);
      // One pass over the node's own keys (schemas have few) instead of probing every keyword.
      for (const key in node) {
        const kind = KEYWORDS.get(key);
        if (kind === undefined) continue;
        const value = node[key];
        if (kind === 1) {
          if (isObject(value)) for (const k in value) stack.push(value[k]);
        } else if (Array.isArray(value)) {
          for (const item of value) stack.push(item);
        } else if (kind === 3) {
          stack.push(value);
        }
      }
    }
  }

  return {
    schema<T>(schema: T): T {
      visit(schema);
      return schema;
    },
  };
}

function upgrade(s: Schema): void {
  if (typeof s.exclusiveMinimum === 'boolean') {
    if (s.exclusiveMinimum && typeof s.minimum === 'number') {
      s.exclusiveMinimum = s.minimum;
      delete s.minimum;
    } else delete s.exclusiveMinimum;
  }
  if (typeof s.exclusiveMaximum === 'boolean') {
    if (s.exclusiveMaximum && typeof s.maximum === 'number') {
      s.exclusiveMaximum = s.maximum;
      delete s.maximum;
    } else delete s.exclusiveMaximum;
  }
  if (s.nullable === false) {
    delete s.nullable;
    return;
  }
  if (s.nullable !== true) return;
  if (typeof s.type === 'string') {
    s.type = s.type === 'null' ? 'null' : [s.type, 'null'];
  } else if (Array.isArray(s.type)) {
    if (!s.type.includes('null')) s.type = [...s.type, 'null'];
  } else if (Array.isArray(s.oneOf) || Array.isArray(s.anyOf)) {
    const key = Array.isArray(s.oneOf) ? 'oneOf' : 'anyOf';
    const list = s[key] as unknown[];
    if (!list.some((v) => typeof v === 'object' && v !== null && (v as Schema).type === 'null')) s[key] = [...list, { type: 'null' }];
  } else if (Array.isArray(s.allOf) && !Array.isArray(s.enum)) {
    return; // keep `nullable: true`: see module comment
  }
  // Otherwise the schema is untyped: it already accepts null in 3.1 (or gets `null` added to its `enum` below).
  if (Array.isArray(s.enum) && !s.enum.includes(null)) s.enum = [...s.enum, null];
  delete s.nullable;
}
