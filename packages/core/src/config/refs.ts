/**
 * `$ref` in docs.json: `{ "$ref": "./config/nav.json", ...siblings }` at any level.
 * Relative paths only, confined to the repo root, resolved relative to the containing file, nested refs
 * allowed, cycles are errors. Object targets get the siblings merged over them; other targets ignore siblings.
 *
 * Every object/array of the result remembers where it came from (file + JSON pointer), so validation errors
 * found later in the merged config still name the right file and line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { escapePointer } from './navigation.ts';
import { parseJsonSource, type JsonSource } from './json-source.ts';

export interface Origin {
  file: string;
  pointer: string;
  /** For merged `$ref` objects: where each sibling key came from. */
  keys?: Record<string, { file: string; pointer: string }>;
}

export interface RefIssue {
  file: string;
  pointer: string;
  line?: number;
  column?: number;
  message: string;
  hint?: string;
}

export interface ResolvedJson {
  value: unknown;
  origins: WeakMap<object, Origin>;
  /** Every file read, by repo-relative path. */
  sources: Map<string, JsonSource>;
  issues: RefIssue[];
}

export function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/** Resolve all `$ref`s of an already parsed root file. */
export function resolveRefs(root: string, rootSource: JsonSource): ResolvedJson {
  const origins = new WeakMap<object, Origin>();
  const sources = new Map<string, JsonSource>([[rootSource.file, rootSource]]);
  const issues: RefIssue[] = [];

  const load = (file: string, fromFile: string, fromPointer: string): JsonSource | undefined => {
    const cached = sources.get(file);
    if (cached) return cached;
    let text: string;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      issues.push({
        file: fromFile,
        pointer: fromPointer,
        message: `$ref target "${file}" does not exist`,
        hint: 'paths are relative to the file that contains the $ref',
      });
      return undefined;
    }
    const { source, errors } = parseJsonSource(file, text);
    if (!source) {
      for (const e of errors) issues.push({ file, pointer: '', line: e.line, column: e.column, message: `invalid JSON: ${e.message}` });
      return undefined;
    }
    sources.set(file, source);
    return source;
  };

  const walk = (value: unknown, file: string, pointer: string, chain: string[]): unknown => {
    if (Array.isArray(value)) {
      const out = value.map((item, i) => walk(item, file, `${pointer}/${i}`, chain));
      origins.set(out, { file, pointer });
      return out;
    }
    if (typeof value !== 'object' || value === null) return value;
    const obj = value as Record<string, unknown>;
    if (typeof obj.$ref === 'string') return follow(obj, file, pointer, chain);
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(obj)) out[key] = walk(child, file, `${pointer}/${escapePointer(key)}`, chain);
    origins.set(out, { file, pointer });
    return out;
  };

  const follow = (obj: Record<string, unknown>, file: string, pointer: string, chain: string[]): unknown => {
    const ref = obj.$ref as string;
    const refPointer = `${pointer}/$ref`;
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('/') || ref.includes('#')) {
      issues.push({
        file,
        pointer: refPointer,
        message: `unsupported $ref "${ref}"`,
        hint: 'use a relative path to a JSON file inside the repo, e.g. "./navigation.json"',
      });
      return undefined;
    }
    const target = toPosix(path.normalize(path.join(path.dirname(file), ref)));
    if (target.startsWith('..') || path.isAbsolute(target)) {
      issues.push({
        file,
        pointer: refPointer,
        message: `$ref "${ref}" points outside the docs repo`,
        hint: 'a $ref must stay inside the directory that holds docs.json',
      });
      return undefined;
    }
    if (chain.includes(target)) {
      issues.push({
        file,
        pointer: refPointer,
        message: `$ref cycle: ${[...chain, target].join(' -> ')}`,
        hint: 'a file may not (indirectly) reference itself',
      });
      return undefined;
    }
    const source = load(target, file, refPointer);
    if (!source) return undefined;
    const resolved = walk(source.value, target, '', [...chain, target]);
    const siblings = Object.keys(obj).filter((k) => k !== '$ref');
    if (typeof resolved !== 'object' || resolved === null || Array.isArray(resolved)) return resolved;
    if (!siblings.length) return resolved;
    const merged: Record<string, unknown> = { ...(resolved as Record<string, unknown>) };
    const base = origins.get(resolved as object) ?? { file: target, pointer: '' };
    const keys: Record<string, { file: string; pointer: string }> = {};
    for (const key of Object.keys(merged)) keys[key] = { file: base.file, pointer: `${base.pointer}/${escapePointer(key)}` };
    for (const key of siblings) {
      const at = `${pointer}/${escapePointer(key)}`;
      merged[key] = walk(obj[key], file, at, chain);
      keys[key] = { file, pointer: at };
    }
    origins.set(merged, { file, pointer, keys });
    return merged;
  };

  const value = walk(rootSource.value, rootSource.file, '', [rootSource.file]);
  return { value, origins, sources, issues };
}

/** Map a path into the resolved value back to the file and JSON pointer it came from. */
export function originOf(
  resolved: Pick<ResolvedJson, 'value' | 'origins'>,
  segments: ReadonlyArray<string | number>,
): { file: string; pointer: string } {
  let current: unknown = resolved.value;
  let where = resolved.origins.get(current as object) ?? { file: 'docs.json', pointer: '' };
  let at: { file: string; pointer: string } = { file: where.file, pointer: where.pointer };
  for (const segment of segments) {
    const key = String(segment);
    const keyOrigin = (where as Origin).keys?.[key];
    at = keyOrigin ?? { file: at.file, pointer: `${at.pointer}/${escapePointer(key)}` };
    if (typeof current !== 'object' || current === null) break;
    current = (current as Record<string, unknown>)[key];
    const own = typeof current === 'object' && current !== null ? resolved.origins.get(current) : undefined;
    if (own) {
      where = own;
      at = { file: own.file, pointer: own.pointer };
    } else {
      where = { file: at.file, pointer: at.pointer };
    }
  }
  return at;
}
