/**
 * Example values from JSON Schemas (OpenAPI 3.1 flavour), for code samples, response examples and the
 * playground prefill. Pure; schemas may be cyclic object graphs, so the walker tracks the schemas on the
 * current path and stops when one repeats.
 *
 * Precedence per schema: `example` > `examples[0]` > `default` > `const` > `enum` (first value not
 * restricted by `x-mint-enum`) > a placeholder by type and format.
 */
import type { Schema } from '../model.ts';

export interface ExampleOptions {
  /** `request`: `readOnly` properties are left out. `response`: `writeOnly` properties are left out. */
  mode: 'request' | 'response';
  /** Only `required` object properties (at every depth). Default false. */
  requiredOnly?: boolean;
}

/** Placeholders by string `format` (reference §3.9). */
export const STRING_FORMAT_PLACEHOLDERS: Readonly<Record<string, string>> = {
  byte: 'aSDinaTvuI8gbWludGxpZnk=',
  base64: 'aSDinaTvuI8gbWludGxpZnk=',
  date: '2023-12-25',
  'date-time': '2023-11-07T05:31:56Z',
  email: 'jsmith@example.com',
  uuid: '3c90c3cc-0d44-4b50-8888-8dd25736052a',
  ipv4: '127.0.0.1',
  ipv6: '2606:4700:3108::ac42:2835',
};

const MAX_DEPTH = 100;
/**
 * Most values one example may contain. Acyclic schema graphs with heavy sharing (DocuSign's description
 * expands to 44 MB per example) would otherwise explode; past the budget, objects and arrays come out
 * empty and the example stays valid.
 */
export const MAX_EXAMPLE_VALUES = 2000;

/** Returned for a schema that produces nothing (a cycle at the root, `not`, `false`). */
export const ANY_PLACEHOLDER = '<any>';

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An explicit value written by the author (`example` > `examples[0]` > `default` > `const`), if any. */
export function explicitExample(schema: Schema): { value: unknown } | undefined {
  if (schema.example !== undefined) return { value: schema.example };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { value: schema.examples[0] };
  if (schema.default !== undefined) return { value: schema.default };
  if (schema.const !== undefined) return { value: schema.const };
  return undefined;
}

/** `x-mint.groups` on a property or variant restricts it to some readers: never in generated examples. */
export function hasGroupRestriction(schema: Schema): boolean {
  const xm = schema['x-mint'];
  if (!isSchema(xm)) return false;
  return Array.isArray(xm.groups) ? xm.groups.length > 0 : xm.groups !== undefined;
}

function restrictedEnumValues(schema: Schema): Set<string> {
  const xe = schema['x-mint-enum'];
  return isSchema(xe) ? new Set(Object.keys(xe)) : new Set();
}

/** First enum value that no `x-mint-enum` group restricts; `{}` form when the enum has no usable value. */
function enumChoice(schema: Schema): { value: unknown } | undefined | null {
  if (!Array.isArray(schema.enum) || schema.enum.length === 0) return undefined;
  const restricted = restrictedEnumValues(schema);
  for (const v of schema.enum) if (!restricted.has(String(v))) return { value: v };
  return null; // every value restricted: leave the property out
}

function typesOf(schema: Schema): string[] {
  const t = schema.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  return [];
}

function mainType(schema: Schema): string | undefined {
  const types = typesOf(schema);
  const nonNull = types.find((t) => t !== 'null');
  if (nonNull) return nonNull;
  if (types.length) return 'null';
  if (isSchema(schema.properties) || isSchema(schema.additionalProperties) || schema.additionalProperties === true) return 'object';
  if (schema.items !== undefined || Array.isArray(schema.prefixItems)) return 'array';
  if (typeof schema.format === 'string') return 'string';
  if (typeof schema.minimum === 'number' || typeof schema.maximum === 'number') return 'number';
  return undefined;
}

/**
 * Merge `allOf` parts (recursively) into one schema: properties and `required` combined, other keywords
 * first-wins with the outer schema winning. A property is readOnly/writeOnly after merging only if every
 * part that declares it agrees (reference §3.5).
 */
export function mergeAllOf(schema: Schema, seen: Set<Schema> = new Set()): Schema {
  if (!Array.isArray(schema.allOf) || seen.has(schema)) return schema;
  seen.add(schema);
  const { allOf, ...rest } = schema;
  const parts: Schema[] = [rest];
  for (const part of allOf as unknown[]) if (isSchema(part)) parts.push(mergeAllOf(part, seen));
  seen.delete(schema);
  const out: Schema = {};
  const props: Record<string, Schema[]> = {};
  const required = new Set<string>();
  for (const part of parts) {
    for (const [k, v] of Object.entries(part)) {
      if (k === 'properties' && isSchema(v)) {
        for (const [name, ps] of Object.entries(v)) if (isSchema(ps)) (props[name] ??= []).push(ps);
      } else if (k === 'required' && Array.isArray(v)) {
        for (const r of v) if (typeof r === 'string') required.add(r);
      } else if (!(k in out)) {
        out[k] = v;
      }
    }
  }
  const names = Object.keys(props);
  if (names.length) {
    const merged: Record<string, Schema> = {};
    for (const name of names) {
      const list = props[name]!;
      if (list.length === 1) merged[name] = list[0]!;
      else {
        const m = mergeAllOf({ allOf: list }, seen);
        m.readOnly = list.every((p) => p.readOnly === true) || undefined;
        m.writeOnly = list.every((p) => p.writeOnly === true) || undefined;
        merged[name] = m;
      }
    }
    out.properties = merged;
    if (!out.type) out.type = 'object';
  }
  if (required.size) out.required = [...required];
  return out;
}

function numberExample(schema: Schema, integer: boolean): number {
  const min =
    typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const max =
    typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  let n: number;
  if (min !== undefined && max !== undefined) n = (min + max) / 2;
  else if (min !== undefined) n = min + 1;
  else if (max !== undefined) n = max - 1;
  else n = 123;
  return integer ? Math.floor(n) : n;
}

/** First `oneOf`/`anyOf` variant not restricted to reader groups (or the first one if all are). */
function firstVariant(schema: Schema): Schema | undefined {
  const list = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (!list || list.length === 0) return undefined;
  const variants = list.filter(isSchema);
  return variants.find((v) => !hasGroupRestriction(v)) ?? variants[0];
}

interface Ctx {
  /** Values still allowed (see MAX_EXAMPLE_VALUES). */
  budget: number;
  mode: 'request' | 'response';
  requiredOnly: boolean;
  /** Schemas on the current path (cycle detection). */
  path: Set<Schema>;
}

/** `undefined` = leave out (cycle or restricted). */
function generate(schema: unknown, ctx: Ctx, depth: number): unknown {
  if (schema === true || schema === undefined) return ANY_PLACEHOLDER;
  if (!isSchema(schema)) return undefined;
  if (ctx.path.has(schema) || depth > MAX_DEPTH) return undefined;
  ctx.budget--;
  const explicit = explicitExample(schema);
  if (explicit) return explicit.value;
  const en = enumChoice(schema);
  if (en === null) return undefined;
  if (en) return en.value;

  ctx.path.add(schema);
  try {
    if (Array.isArray(schema.allOf)) return generate(mergeAllOf(schema), ctx, depth + 1);
    const variant = firstVariant(schema);
    if (variant) {
      const { oneOf: _o, anyOf: _a, ...base } = schema;
      const hasBase = isSchema(base.properties);
      return generate(hasBase ? mergeAllOf({ allOf: [base, variant] }) : variant, ctx, depth + 1);
    }
    switch (mainType(schema)) {
      case 'object':
        return ctx.budget > 0 ? objectExample(schema, ctx, depth) : {};
      case 'array': {
        if (ctx.budget <= 0) return [];
        const items = Array.isArray(schema.prefixItems) ? schema.prefixItems[0] : schema.items;
        if (items === undefined) return [];
        const item = generate(items, ctx, depth + 1);
        return item === undefined ? [] : [item];
      }
      case 'string': {
        const format = typeof schema.format === 'string' ? schema.format : '';
        return STRING_FORMAT_PLACEHOLDERS[format] ?? '<string>';
      }
      case 'integer':
        return numberExample(schema, true);
      case 'number':
        return numberExample(schema, false);
      case 'boolean':
        return true;
      case 'null':
        return null;
      default:
        return ANY_PLACEHOLDER;
    }
  } finally {
    ctx.path.delete(schema);
  }
}

function objectExample(schema: Schema, ctx: Ctx, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  const props = isSchema(schema.properties) ? schema.properties : {};
  for (const [name, prop] of Object.entries(props)) {
    if (ctx.budget <= 0) break;
    if (!isSchema(prop)) continue;
    if (ctx.requiredOnly && !required.has(name)) continue;
    if (ctx.mode === 'request' && prop.readOnly === true) continue;
    if (ctx.mode === 'response' && prop.writeOnly === true) continue;
    if (hasGroupRestriction(prop)) continue;
    const value = generate(prop, ctx, depth + 1);
    if (value !== undefined) out[name] = value;
  }
  if (Object.keys(props).length === 0 && isSchema(schema.additionalProperties) && !ctx.requiredOnly) {
    const value = generate(schema.additionalProperties, ctx, depth + 1);
    if (value !== undefined) out['<key>'] = value;
  }
  return out;
}

/**
 * An example value for `schema`. Never throws: a schema that cannot produce anything (cyclic root,
 * `false`, only restricted values) yields `"<any>"`.
 */
export function exampleFromSchema(schema: Schema | boolean | undefined, options: ExampleOptions): unknown {
  const ctx: Ctx = { budget: MAX_EXAMPLE_VALUES, mode: options.mode, requiredOnly: options.requiredOnly === true, path: new Set() };
  const value = generate(schema, ctx, 0);
  return value === undefined ? ANY_PLACEHOLDER : value;
}
