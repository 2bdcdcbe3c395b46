/**
 * Schema -> the rows the reference shows: field lines with type labels, pills, constraints, children and
 * variants. Cycle-safe (a schema already on the ancestor chain is shown as a label, not expanded) and depth-
 * bounded so huge specs produce bounded HTML.
 */
import type { Schema } from '@lectern/core';
import { mergeAllOf, schemaTypeLabel } from '../shared/core-pure.ts';
import { kebab } from '../shared/render/split.ts';

export type Mode = 'request' | 'response' | 'neutral';

export interface FieldRow {
  name: string;
  id: string;
  type: string;
  required: boolean;
  deprecated: boolean;
  nullable: boolean;
  description?: string;
  defaultValue?: unknown;
  enumValues?: unknown[];
  constraints: string[];
  pre: string[];
  post: string[];
  schema: Schema;
  /** Children are expandable (object properties, array item properties). */
  expandable: boolean;
  circular: boolean;
}

export interface Variant {
  title: string;
  schema: Schema;
  description?: string;
}

export const MAX_DEPTH = 5;
/** At most this many field lines per schema section of a page (a schema's first fields, depth-first). */
export const FIELD_BUDGET = 250;

const isObj = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

export function anchorId(prefix: string, path: readonly string[]): string {
  return [prefix, ...path.map(kebab)].filter(Boolean).join('-');
}

/** Resolve allOf and descend through arrays to the object whose properties we list. */
export function normalize(schema: Schema | undefined): Schema | undefined {
  if (!isObj(schema)) return undefined;
  return mergeAllOf(schema);
}

export function itemsOf(schema: Schema): Schema | undefined {
  let s: Schema | undefined = normalize(schema);
  let guard = 0;
  while (s && (s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array'))) && isObj(s.items) && guard++ < 5)
    s = normalize(s.items);
  return s;
}

export function variantsOf(schema: Schema | undefined): Variant[] {
  const s = normalize(schema);
  if (!s) return [];
  const list = Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined;
  if (!list) return [];
  return list
    .filter(isObj)
    .filter((v) => !(v.type === 'null' && Object.keys(v).length <= 2))
    .map((v, i) => {
      const m = mergeAllOf(v);
      const title =
        typeof m.title === 'string' && m.title
          ? m.title
          : typeof v.title === 'string' && v.title
            ? v.title
            : `${schemaTypeLabel(m)}${list.length > 1 ? ` (option ${i + 1})` : ''}`;
      return { title, schema: m, ...(typeof m.description === 'string' ? { description: m.description } : {}) };
    });
}

function pills(schema: Schema, postKeys: readonly string[], mode: Mode): { pre: string[]; post: string[] } {
  const pre: string[] = [];
  const post: string[] = [];
  const xm = isObj(schema['x-mint']) ? (schema['x-mint'] as Schema) : undefined;
  const strs = (v: unknown): string[] =>
    typeof v === 'string'
      ? [v]
      : typeof v === 'number'
        ? [String(v)]
        : Array.isArray(v)
          ? v.filter((x) => typeof x === 'string' || typeof x === 'number').map(String)
          : [];
  pre.push(...strs(xm?.pre));
  if (schema.readOnly === true && mode !== 'response') post.push('read-only');
  if (schema.writeOnly === true && mode !== 'request') post.push('write-only');
  for (const key of postKeys) {
    const v = schema[key];
    if (v === true) post.push(key);
    else if (v !== false && v !== null && v !== '') post.push(...strs(v));
  }
  post.push(...strs(xm?.post));
  return { pre, post };
}

function constraints(s: Schema): string[] {
  const out: string[] = [];
  const add = (cond: unknown, text: string) => {
    if (cond !== undefined && cond !== null) out.push(text);
  };
  add(s.format, `format: ${String(s.format)}`);
  add(s.minimum, `>= ${String(s.minimum)}`);
  add(s.exclusiveMinimum, `> ${String(s.exclusiveMinimum)}`);
  add(s.maximum, `<= ${String(s.maximum)}`);
  add(s.exclusiveMaximum, `< ${String(s.exclusiveMaximum)}`);
  add(s.minLength, `min length: ${String(s.minLength)}`);
  add(s.maxLength, `max length: ${String(s.maxLength)}`);
  add(s.minItems, `min items: ${String(s.minItems)}`);
  add(s.maxItems, `max items: ${String(s.maxItems)}`);
  add(s.pattern, `pattern: ${String(s.pattern)}`);
  return out;
}

export function isNullable(s: Schema): boolean {
  return (Array.isArray(s.type) && s.type.includes('null')) || s.nullable === true;
}

export function row(
  name: string,
  raw: Schema,
  opts: {
    id: string;
    required: boolean;
    mode: Mode;
    postKeys: readonly string[];
    ancestors: ReadonlySet<object>;
    description?: string;
    deprecated?: boolean;
  },
): FieldRow {
  const s = normalize(raw) ?? {};
  const circular = opts.ancestors.has(raw) || opts.ancestors.has(s);
  const inner = itemsOf(s);
  const hasProps = !!inner && (isObj(inner.properties) || variantsOf(inner).length > 0 || isObj(inner.additionalProperties));
  const { pre, post } = pills(s, opts.postKeys, opts.mode);
  const description = opts.description ?? (typeof s.description === 'string' ? s.description : undefined);
  return {
    name,
    id: opts.id,
    type: schemaTypeLabel(s),
    required: opts.required,
    deprecated: opts.deprecated ?? s.deprecated === true,
    nullable: false,
    ...(description ? { description } : {}),
    ...(s.default !== undefined ? { defaultValue: s.default } : {}),
    ...(Array.isArray(s.enum) ? { enumValues: s.enum } : {}),
    constraints: constraints(s),
    pre,
    post,
    schema: s,
    expandable: hasProps && !circular,
    circular,
  };
}

/** Property rows of an object schema (readOnly dropped in requests, writeOnly in responses). */
export function propertyRows(
  schema: Schema,
  opts: { prefix: string; path: readonly string[]; mode: Mode; postKeys: readonly string[]; ancestors: ReadonlySet<object> },
): FieldRow[] {
  const s = itemsOf(schema);
  if (!s || !isObj(s.properties)) return [];
  const required = new Set(Array.isArray(s.required) ? s.required.filter((x): x is string => typeof x === 'string') : []);
  const rows: FieldRow[] = [];
  for (const [name, value] of Object.entries(s.properties as Record<string, unknown>)) {
    if (!isObj(value)) continue;
    const merged = mergeAllOf(value);
    if (opts.mode === 'request' && merged.readOnly === true) continue;
    if (opts.mode === 'response' && merged.writeOnly === true) continue;
    rows.push(
      row(name, value, {
        id: anchorId(opts.prefix, [...opts.path, name]),
        required: required.has(name),
        mode: opts.mode,
        postKeys: opts.postKeys,
        ancestors: opts.ancestors,
      }),
    );
  }
  if (isObj(s.additionalProperties)) {
    rows.push(
      row('{key}', s.additionalProperties, {
        id: anchorId(opts.prefix, [...opts.path, 'key']),
        required: false,
        mode: opts.mode,
        postKeys: opts.postKeys,
        ancestors: opts.ancestors,
      }),
    );
  }
  return rows;
}

export function fmt(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
