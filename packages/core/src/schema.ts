/**
 * Cycle-safe helpers for the dereferenced (possibly cyclic) JSON Schema objects of the model.
 * Never call `JSON.stringify` on a schema from a loaded spec: use `jsonSafeSchema` first.
 */
import type { Schema } from './model.ts';

function isObject(v: unknown): v is Schema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Keywords whose values are schemas (object -> schema map, list of schemas, or one schema). */
const SCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'] as const;
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const SCHEMA_SINGLES = [
  'items',
  'additionalProperties',
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
] as const;

export interface JsonSafeOptions {
  /** Objects nested deeper than this become `{ "$truncated": "<label>" }`. Default: no limit. */
  maxDepth?: number;
  /**
   * Copy at most this many objects/arrays; later ones become `{ "$truncated": "<label>" }`. Shared sub-schemas are
   * copied wherever they occur, which grows exponentially on schemas like Stripe's (`account` expands to millions of
   * objects by depth 24), so there is always a budget. Default 50 000 (GitHub's largest schema needs ~5 600).
   */
  maxNodes?: number;
  /** Names for schema objects (e.g. from `schemaNames(doc.schemas)`), used in `$circular` labels. */
  names?: ReadonlyMap<object, string> | WeakMap<object, string>;
}

/** Identity map schema object -> component name, for labels. */
export function schemaNames(schemas: Record<string, Schema>): Map<object, string> {
  const names = new Map<object, string>();
  for (const [name, schema] of Object.entries(schemas)) if (!names.has(schema)) names.set(schema, name);
  return names;
}

function labelOf(schema: Schema, names?: JsonSafeOptions['names']): string {
  if (typeof schema.title === 'string' && schema.title) return schema.title;
  const named = names?.get(schema);
  if (named) return named;
  const parserId = schema['x-parser-schema-id'];
  if (typeof parserId === 'string' && !parserId.startsWith('<anonymous')) return parserId;
  return 'schema';
}

/**
 * A JSON-serialisable copy of `schema`. Shared (non-cyclic) sub-schemas are copied at every place they occur;
 * a reference back to an ancestor becomes `{ "$circular": "<title or component name>" }`; beyond `maxDepth` or the
 * `maxNodes` budget, `{ "$truncated": "<label>" }`.
 */
export function jsonSafeSchema(schema: Schema, opts: JsonSafeOptions = {}): Schema {
  const ancestors = new Set<object>();
  const maxDepth = opts.maxDepth ?? Number.POSITIVE_INFINITY;
  const maxNodes = opts.maxNodes ?? 50_000;
  let nodes = 0;
  const copy = (value: unknown, depth: number): unknown => {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'number') return Number.isFinite(value) ? value : null;
    if (typeof value === 'bigint') return value.toString();
    if (typeof value !== 'object') return undefined;
    if (value instanceof Date) return value.toISOString();
    if (ancestors.has(value)) return { $circular: isObject(value) ? labelOf(value, opts.names) : 'array' };
    if (depth > maxDepth || nodes >= maxNodes) return { $truncated: isObject(value) ? labelOf(value, opts.names) : 'array' };
    nodes++;
    ancestors.add(value);
    let out: unknown;
    if (Array.isArray(value)) {
      out = value.map((item) => {
        const c = copy(item, depth + 1);
        return c === undefined ? null : c;
      });
    } else {
      const obj: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const c = copy((value as Record<string, unknown>)[key], depth + 1);
        if (c !== undefined) obj[key] = c;
      }
      out = obj;
    }
    ancestors.delete(value);
    return out;
  };
  return copy(schema, 0) as Schema;
}

export interface SchemaVisit {
  schema: Schema;
  /** JSON pointer tokens from the root schema to this one (first path where it was met). */
  path: string[];
  parent?: Schema;
}

/**
 * Visit every schema reachable through schema keywords, each object once (identity), depth first, parents before
 * children. Return `false` from the visitor to skip a schema's children.
 */
export function walkSchema(root: Schema, visit: (node: SchemaVisit) => boolean | void): void {
  const seen = new WeakSet<object>();
  const stack: SchemaVisit[] = [{ schema: root, path: [] }];
  while (stack.length) {
    const node = stack.pop()!;
    if (seen.has(node.schema)) continue;
    seen.add(node.schema);
    if (visit(node) === false) continue;
    const s = node.schema;
    const children: SchemaVisit[] = [];
    const push = (value: unknown, path: string[]) => {
      if (isObject(value) && !seen.has(value)) children.push({ schema: value, path: [...node.path, ...path], parent: s });
    };
    for (const key of SCHEMA_MAPS) {
      const map = s[key];
      if (isObject(map)) for (const name of Object.keys(map)) push(map[name], [key, name]);
    }
    for (const key of SCHEMA_LISTS) {
      const list = s[key];
      if (Array.isArray(list)) list.forEach((item, i) => push(item, [key, String(i)]));
    }
    for (const key of SCHEMA_SINGLES) {
      const value = s[key];
      if (Array.isArray(value)) value.forEach((item, i) => push(item, [key, String(i)]));
      else push(value, [key]);
    }
    // Reverse so that children are visited in document order.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
}

/**
 * Flatten `allOf` into one schema: properties combined (later parts win on a name), `required` unioned,
 * `readOnly` / `writeOnly` kept only when every part agrees; other keywords: the first part that sets one wins.
 * Nested `allOf`s inside parts are flattened too; cyclic `allOf` chains are cut. Returns `schema` itself when it has
 * no `allOf`; never mutates its input.
 */
export function mergeAllOf(schema: Schema): Schema {
  if (!Array.isArray(schema.allOf)) return schema;
  const parts: Schema[] = [];
  const inProgress = new Set<object>();
  const collect = (s: Schema) => {
    if (inProgress.has(s)) return;
    inProgress.add(s);
    const { allOf, ...rest } = s;
    if (Object.keys(rest).length) parts.push(rest);
    if (Array.isArray(allOf)) for (const part of allOf) if (isObject(part)) collect(part);
  };
  collect(schema);

  const out: Schema = {};
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  let hasProperties = false;
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties' && isObject(value)) {
        hasProperties = true;
        Object.assign(properties, value);
      } else if (key === 'required' && Array.isArray(value)) {
        for (const name of value) if (typeof name === 'string' && !required.includes(name)) required.push(name);
      } else if (key !== 'readOnly' && key !== 'writeOnly' && !(key in out)) {
        out[key] = value;
      }
    }
  }
  if (hasProperties) out.properties = properties;
  if (required.length) out.required = required;
  if (parts.length && parts.every((p) => p.readOnly === true)) out.readOnly = true;
  if (parts.length && parts.every((p) => p.writeOnly === true)) out.writeOnly = true;
  if (out.type === undefined && hasProperties) out.type = 'object';
  return out;
}

function typeOfValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/**
 * A short type label as shown next to a field name: `string`, `integer`, `object[]`, `enum<string>`,
 * `string | null`, `file`, `any`.
 */
export function schemaTypeLabel(schema: Schema | undefined): string {
  return label(schema, new Set());
}

function label(schema: Schema | undefined, seen: Set<object>): string {
  if (!isObject(schema)) return 'any';
  if (seen.has(schema)) return typeof schema.title === 'string' && schema.title ? schema.title : 'object';
  seen.add(schema);
  try {
    const types = Array.isArray(schema.type)
      ? schema.type.filter((t): t is string => typeof t === 'string')
      : typeof schema.type === 'string'
        ? [schema.type]
        : [];
    const nullable = types.includes('null') || schema.nullable === true;
    const concrete = types.filter((t) => t !== 'null');
    const withNull = (text: string) => (nullable && text !== 'null' ? `${text} | null` : text);
    if (types.length && !concrete.length && schema.enum === undefined) return 'null';

    if (Array.isArray(schema.enum)) {
      const values = schema.enum.filter((v) => v !== null);
      const base = concrete[0] ?? (values.length ? typeOfValue(values[0]) : 'string');
      return withNull(`enum<${base}>`);
    }
    if (schema.const !== undefined && !concrete.length) return withNull(typeOfValue(schema.const));
    if (!concrete.length) {
      for (const key of ['oneOf', 'anyOf'] as const) {
        const variants = schema[key];
        if (Array.isArray(variants) && variants.length) {
          const labels: string[] = [];
          let hasNull = nullable;
          for (const v of variants) {
            const text = label(isObject(v) ? v : undefined, seen);
            if (text === 'null') hasNull = true;
            else
              for (const piece of text.split(' | '))
                if (piece === 'null') hasNull = true;
                else if (!labels.includes(piece)) labels.push(piece);
          }
          return [...labels, ...(hasNull ? ['null'] : [])].join(' | ') || 'any';
        }
      }
      if (Array.isArray(schema.allOf)) {
        const merged = mergeAllOf(schema);
        if (merged !== schema) return label({ ...merged }, seen);
      }
      if (isObject(schema.properties) || isObject(schema.additionalProperties)) return withNull('object');
      if (schema.items !== undefined) concrete.push('array');
      else return nullable ? 'any | null' : 'any';
    }
    const parts = concrete.map((t) => {
      if (t === 'array') {
        const inner = Array.isArray(schema.items) ? 'any' : label(isObject(schema.items) ? schema.items : undefined, seen);
        return inner.includes(' | ') ? `(${inner})[]` : `${inner}[]`;
      }
      if (t === 'string' && (schema.format === 'binary' || schema.format === 'base64')) return 'file';
      return t;
    });
    return withNull(parts.join(' | '));
  } finally {
    seen.delete(schema);
  }
}
