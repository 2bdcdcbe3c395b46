/** docs/openapi/assistant.json describes the endpoint the handler really implements. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { MAX_CURRENT_PATH, MAX_RETRIEVAL_PAGE_SIZE, validateMessageRequest } from '../src/assistant/index.ts';
import { PART_TYPES, ROLES, TOOL_STATES } from '../src/assistant/schema.ts';

const doc = JSON.parse(readFileSync(join(import.meta.dirname, '../../../docs/openapi/assistant.json'), 'utf8'));
const op = doc.paths['/v1/assistant/{domain}/message'].post;
const schemas = doc.components.schemas;

it('is the deprecated v1 endpoint with global bearer auth', () => {
  expect(doc.info).toMatchObject({ title: 'Lectern Assistant API', version: '1.0.0' });
  expect(doc.servers[0].url).toMatch(/\/discovery$/);
  expect(doc.security).toEqual([{ bearerAuth: [] }]);
  expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  expect(op.deprecated).toBe(true);
  expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403', '404', '413', '415', '429', '503']);
});

it('matches the request schema the handler enforces', () => {
  const req = schemas.MessageRequest;
  expect(req.required).toEqual(['fp', 'messages']);
  expect(req.properties.currentPath.maxLength).toBe(MAX_CURRENT_PATH);
  expect(req.properties.retrievalPageSize).toMatchObject({ default: 5, maximum: MAX_RETRIEVAL_PAGE_SIZE, minimum: 1 });
  expect(schemas.Message.properties.role.enum).toEqual([...ROLES]);
  expect(Object.keys(schemas.Part.discriminator.mapping)).toEqual([...PART_TYPES]);
  const states = schemas.ToolInvocationPart.properties.toolInvocation.oneOf.flatMap((s: any) => s.properties.state.enum);
  expect(states).toEqual([...TOOL_STATES]);
  expect(schemas.ContextItem.properties.type.enum).toEqual(['code', 'textSelection']);
  const example = op.requestBody.content['application/json'].example;
  expect(validateMessageRequest(example).ok).toBe(true);
});
