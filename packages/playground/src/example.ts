/**
 * Minimal browser-side example generator (cycle-safe): `example` > `examples[0]` > `default` > `const` >
 * `enum[0]` > by type. Used when the reader switches a oneOf/anyOf variant. Build-time prefill uses the core
 * generator (`props.ts`); this copy keeps the island bundle free of the Node-side core package.
 */

type S = { [key: string]: unknown };

const FORMATS: Record<string, string> = {
  byte: 'aSDinaTvuI8gbWludGxpZnk=', base64: 'aSDinaTvuI8gbWludGxpZnk=', date: '2023-12-25',
  'date-time': '2023-11-07T05:31:56Z', email: 'jsmith@example.com', uuid: '3c90c3cc-0d44-4b50-8888-8dd25736052a',
  ipv4: '127.0.0.1', ipv6: '2606:4700:3108::ac42:2835',
};

export function exampleFromSchema(schema: unknown, stack: object[] = []): unknown {
  if (!schema || typeof schema !== 'object') return undefined;
  const s = schema as S;
  if (stack.includes(s) || stack.length > 12 || s['x-recursive']) return undefined;
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  stack.push(s);
  try {
    for (const key of ['oneOf', 'anyOf']) {
      const list = s[key];
      if (Array.isArray(list) && list.length) return exampleFromSchema(list[0], stack);
    }
    if (Array.isArray(s.allOf)) {
      const merged: Record<string, unknown> = {};
      for (const part of s.allOf) {
        const v = exampleFromSchema(part, stack);
        if (v && typeof v === 'object' && !Array.isArray(v)) Object.assign(merged, v);
      }
      return merged;
    }
    const types = Array.isArray(s.type) ? s.type : [s.type];
    const type = types.find((t) => t !== 'null') ?? (s.properties ? 'object' : s.items ? 'array' : types[0]);
    switch (type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [name, prop] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) {
          if (prop && typeof prop === 'object' && ((prop as S).readOnly === true || (prop as S)['x-mint'])) continue;
          const v = exampleFromSchema(prop, stack);
          if (v !== undefined) out[name] = v;
        }
        return out;
      }
      case 'array': {
        const item = exampleFromSchema(s.items, stack);
        return item === undefined ? [] : [item];
      }
      case 'string':
        return FORMATS[String(s.format)] ?? (s.format === 'binary' ? undefined : '<string>');
      case 'integer':
      case 'number': {
        const min = typeof s.minimum === 'number' ? s.minimum : undefined;
        const max = typeof s.maximum === 'number' ? s.maximum : undefined;
        let n = min !== undefined && max !== undefined ? (min + max) / 2 : min !== undefined ? min + 1 : max !== undefined ? max - 1 : 123;
        if (type === 'integer') n = Math.floor(n);
        return n;
      }
      case 'boolean': return true;
      case 'null': return null;
      default: return '<any>';
    }
  } finally {
    stack.pop();
  }
}
