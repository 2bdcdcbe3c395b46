/** JSON Schema of docs.json, emitted from the zod schema so editors can validate and autocomplete. */
import { z } from 'zod';
import { docsConfigSchema } from './schema.ts';

export function docsJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(docsConfigSchema, { io: 'input', unrepresentable: 'any', cycles: 'ref' }) as Record<string, unknown>;
  return {
    ...schema,
    $id: 'https://lectern.dev/docs.json',
    title: 'Lectern docs.json',
    description: 'Site configuration of a Lectern (Mintlify-compatible) docs repo.',
  };
}
