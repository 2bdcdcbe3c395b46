/**
 * The value a spec itself gives for a schema — never a made-up placeholder. Prefill (`api.examples.prefill`) and a
 * switched oneOf/anyOf variant use it: `example`, then `examples[0]`, `default`, `const`, the first `enum` value and
 * `x-default`; objects keep only the properties that have such a value (no `readOnly` or group-restricted ones),
 * arrays one item when the item schema has one. A field the spec gives nothing for stays empty and is not sent.
 * Works on the model's schemas (build time) and on the island's JSON slices (browser), cycles included.
 */
type S = { [key: string]: unknown };

const isObject = (v: unknown): v is S => typeof v === 'object' && v !== null && !Array.isArray(v);

export function specValue(schema: unknown, stack: object[] = []): unknown {
  if (!isObject(schema)) return undefined;
  if (stack.includes(schema) || stack.length > 16 || schema['x-recursive']) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (schema['x-default'] !== undefined) return schema['x-default'];
  stack.push(schema);
  try {
    for (const key of ['oneOf', 'anyOf']) {
      const list = schema[key];
      if (Array.isArray(list)) {
        for (const variant of list) {
          const v = specValue(variant, stack);
          if (v !== undefined) return v;
        }
      }
    }
    if (Array.isArray(schema.allOf)) {
      const merged: S = {};
      for (const part of schema.allOf) {
        const v = specValue(part, stack);
        if (isObject(v)) Object.assign(merged, v);
      }
      const own = objectValue(schema, stack);
      if (own) Object.assign(merged, own);
      return Object.keys(merged).length ? merged : undefined;
    }
    if (isObject(schema.properties)) return objectValue(schema, stack);
    if (schema.items !== undefined) {
      const item = specValue(schema.items, stack);
      return item === undefined ? undefined : [item];
    }
    return undefined;
  } finally {
    stack.pop();
  }
}

function objectValue(schema: S, stack: object[]): S | undefined {
  if (!isObject(schema.properties)) return undefined;
  const out: S = {};
  for (const [name, prop] of Object.entries(schema.properties)) {
    if (!isObject(prop) || prop.readOnly === true || prop['x-mint'] !== undefined) continue;
    const v = specValue(prop, stack);
    if (v !== undefined) out[name] = v;
  }
  return Object.keys(out).length ? out : undefined;
}
