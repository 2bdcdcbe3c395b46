/**
 * Turns the text of a spec file into a plain object, with file + line on failure,
 * and sniffs which kind of spec a text is without parsing all of it.
 */
import type { Diagnostic } from '../model.ts';

export type SpecKind = 'openapi' | 'asyncapi';

export type ParsedText =
  | { ok: true; value: unknown }
  | { ok: false; diagnostic: Diagnostic };

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
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '').trim();
}

/** Kind from a parsed top-level object. */
export function kindOf(value: unknown): SpecKind | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const obj = value as Record<string, unknown>;
  if ('asyncapi' in obj) return 'asyncapi';
  if ('openapi' in obj || 'swagger' in obj) return 'openapi';
  return undefined;
}

const JSON_KEY = /"(openapi|swagger|asyncapi)"\s*:\s*"?\d/;
const YAML_KEY = /^(?:["']?)(openapi|swagger|asyncapi)(?:["']?)\s*:\s*["']?\d/m;

/**
 * Cheap kind detection from the first few KB of a file: a top-level `openapi`/`swagger`/`asyncapi`
 * key with a version number. YAML keys must start at column 0 (top level); JSON is accepted anywhere
 * in the head (minified files have no lines), which is good enough for discovery.
 */
export function sniffKind(head: string): SpecKind | undefined {
  const text = head.charCodeAt(0) === 0xfeff ? head.slice(1) : head;
  const isJson = text.trimStart().startsWith('{');
  const match = isJson ? JSON_KEY.exec(text) : YAML_KEY.exec(text);
  if (!match) return undefined;
  return match[1] === 'asyncapi' ? 'asyncapi' : 'openapi';
}
