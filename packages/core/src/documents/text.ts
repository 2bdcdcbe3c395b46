/**
 * Turns the text of a spec file into a plain object, with file + line on failure,
 * and sniffs which kind of spec a text is without parsing all of it.
 */
import type { Diagnostic } from '../model.ts';

export type SpecKind = 'openapi' | 'asyncapi';

export type ParsedText = { ok: true; value: unknown } | { ok: false; diagnostic: Diagnostic };

/**
 * Parse JSON or YAML. JSON first when the text looks like JSON (much faster on large files); the YAML parser is
 * only loaded when needed.
 */
export async function parseSpecText(text: string, file: string): Promise<ParsedText> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { ok: true, value: JSON.parse(body) };
    } catch {
      // Fall through to YAML (a JSON superset) for exact line/column reporting and lenient input.
    }
  }
  const { parseDocument, isMap } = await import('yaml');
  const doc = parseDocument(body, { prettyErrors: true, uniqueKeys: false, merge: true });
  const error = doc.errors[0];
  if (error) {
    const pos = error.linePos?.[0];
    return {
      ok: false,
      diagnostic: {
        severity: 'error',
        code: 'spec/invalid-syntax',
        file,
        ...(pos ? { line: pos.line, column: pos.col } : {}),
        message: `${file} is not valid YAML or JSON: ${firstLine(error.message)}`,
        hint: 'Fix the syntax at the given line; OpenAPI and AsyncAPI files must be JSON or YAML.',
      },
    };
  }
  if (!isMap(doc.contents)) {
    return {
      ok: false,
      diagnostic: {
        severity: 'error',
        code: 'spec/not-an-object',
        file,
        message: `${file} does not contain a JSON/YAML object at the top level.`,
        hint: 'A spec file starts with `openapi:`, `swagger:` or `asyncapi:`.',
      },
    };
  }
  return { ok: true, value: doc.toJS({ maxAliasCount: 10_000 }) };
}

function firstLine(message: string): string {
  return message
    .split('\n')[0]!
    .replace(/ at line \d+, column \d+:?$/, '')
    .trim();
}

/** Kind from a parsed top-level object. */
export function kindOf(value: unknown): SpecKind | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const obj = value as Record<string, unknown>;
  if ('asyncapi' in obj) return 'asyncapi';
  if ('openapi' in obj || 'swagger' in obj) return 'openapi';
  return undefined;
}

const YAML_KEY = /^(?:["']?)(openapi|swagger|asyncapi)(?:["']?)\s*:\s*["']?\d/m;

/**
 * Cheap kind detection from the first few KB of a file: a top-level `openapi`/`swagger`/`asyncapi`
 * key whose value starts with a version number. YAML keys must start at column 0 (top level); JSON keys
 * must be at nesting depth 1 (so a docs.json `"openapi": "3.1/api.json"` deep inside is not a spec).
 */
export function sniffKind(head: string): SpecKind | undefined {
  const text = head.charCodeAt(0) === 0xfeff ? head.slice(1) : head;
  if (text.trimStart().startsWith('{')) return sniffJson(text);
  const match = YAML_KEY.exec(text);
  if (!match) return undefined;
  return match[1] === 'asyncapi' ? 'asyncapi' : 'openapi';
}

const VERSION_VALUE = /^\s*:\s*"?\d/;

function sniffJson(text: string): SpecKind | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (depth === 1) {
        const key = text.slice(i + 1, end);
        if ((key === 'openapi' || key === 'swagger' || key === 'asyncapi') && VERSION_VALUE.test(text.slice(end + 1, end + 40))) {
          return key === 'asyncapi' ? 'asyncapi' : 'openapi';
        }
      }
      i = end;
    }
  }
  return undefined;
}
