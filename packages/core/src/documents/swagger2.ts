/** Swagger 2.0 -> OpenAPI 3.0 through swagger2openapi (external `$ref`s are left for the dereferencer). */
import { createRequire } from 'node:module';
import type { Diagnostic } from '../model.ts';

interface S2O {
  convertObj(swagger: object, options: Record<string, unknown>): Promise<{ openapi: Record<string, unknown> }>;
}
const require = createRequire(import.meta.url);
let converter: S2O | undefined;

export async function convertSwagger2(
  doc: Record<string, unknown>,
  file: string,
): Promise<{ document?: Record<string, unknown>; diagnostics: Diagnostic[] }> {
  converter ??= require('swagger2openapi') as S2O;
  try {
    const result = await converter.convertObj(doc, { patch: true, warnOnly: true, resolve: false, resolveInternal: false, direct: false });
    const diagnostics: Diagnostic[] = [];
    collectWarnings(result.openapi, '', diagnostics, file, new Set());
    return { document: result.openapi, diagnostics };
  } catch (e) {
    return {
      diagnostics: [
        {
          severity: 'error',
          code: 'spec/invalid',
          file,
          message: `${file} could not be converted from Swagger 2.0: ${(e as Error).message.split('\n')[0]}`,
          hint: 'Check the document against the Swagger 2.0 specification, or convert it to OpenAPI 3.',
        },
      ],
    };
  }
}

/** swagger2openapi leaves `x-s2o-warning` keys where it had to guess (warnOnly); report and remove them. */
function collectWarnings(node: unknown, pointer: string, out: Diagnostic[], file: string, seen: Set<object>): void {
  if (typeof node !== 'object' || node === null || seen.has(node)) return;
  seen.add(node);
  const obj = node as Record<string, unknown>;
  if (typeof obj['x-s2o-warning'] === 'string') {
    out.push({
      severity: 'warning',
      code: 'spec/swagger2-conversion',
      file,
      pointer,
      message: `Swagger 2.0 conversion: ${obj['x-s2o-warning']}`,
    });
    delete obj['x-s2o-warning'];
  }
  for (const [k, v] of Object.entries(obj)) {
    if (typeof v === 'object' && v !== null)
      collectWarnings(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, out, file, seen);
  }
}
