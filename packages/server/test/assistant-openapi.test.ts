/** docs/openapi/assistant.json describes the endpoints the handler really implements. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_CURRENT_PATH, MAX_RETRIEVAL_PAGE_SIZE, validateMessageRequest } from '../src/assistant/index.ts';
import { PART_TYPES, ROLES, TOOL_STATES } from '../src/assistant/schema.ts';
import { TRIGGERS, V2_PART_TYPES, V2_ROLES, validateV2MessageRequest } from '../src/assistant/schema-v2.ts';

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

describe('the v2 operation', () => {
  const v2 = doc.paths['/v2/assistant/{domain}/message'].post;

  it('is documented as the current endpoint, with the same error responses plus the database', () => {
    expect(v2.deprecated).toBeUndefined();
    expect(v2.operationId).toBe('createAssistantMessageV2');
    expect(Object.keys(v2.responses).sort()).toEqual(Object.keys(op.responses).sort());
    expect(Object.keys(v2.responses['200'].content)).toEqual(['text/event-stream']);
    expect(schemas.Error.properties.error.properties.code.enum).toContain('database_unavailable');
    expect(v2.responses['503'].content['application/json'].example.error.code).toBe('database_unavailable');
  });

  it('matches the v2 request schema the handler enforces', () => {
    const req = schemas.V2MessageRequest;
    expect(req.required).toEqual(['fp', 'messages']);
    expect(req.properties.currentPath.maxLength).toBe(MAX_CURRENT_PATH);
    expect(req.properties.retrievalPageSize).toMatchObject({ default: 5, maximum: MAX_RETRIEVAL_PAGE_SIZE, minimum: 1 });
    expect(req.properties.trigger.enum).toEqual([...TRIGGERS]);
    expect(schemas.V2Message.properties.role.enum).toEqual([...V2_ROLES]);
    expect(schemas.V2Message.required).toEqual(['id', 'role', 'parts']);
    expect(Object.keys(schemas.V2Part.discriminator.mapping)).toEqual([...V2_PART_TYPES]);
    const example = v2.requestBody.content['application/json'].example;
    expect(validateV2MessageRequest(example).ok).toBe(true);
  });

  it('shows a stream example the AI SDK parses', async () => {
    const { parseJsonEventStream, uiMessageChunkSchema } = await import('ai7');
    const text: string = v2.responses['200'].content['text/event-stream'].example;
    const stream = new Response(text).body!;
    const chunks: unknown[] = [];
    for await (const c of parseJsonEventStream({ stream, schema: uiMessageChunkSchema }) as unknown as AsyncIterable<{
      success: boolean;
      value: unknown;
    }>) {
      expect(c.success).toBe(true);
      chunks.push(c.value);
    }
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', threadId: 'thr_1' });
  });
});
