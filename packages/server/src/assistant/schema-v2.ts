/**
 * Request body of `POST /discovery/v2/assistant/:domain/message` (Mintlify's v2, AI SDK v5+ `DefaultChatTransport`).
 *
 * Mintlify documents `fp`, `messages` (UI messages: `id`, `role`, `parts`, optional `createdAt` and `metadata`),
 * `threadId`, `retrievalPageSize`, `filter` (`version`, `language`, `groups`), `context` and `currentPath`. The
 * transport adds `id` (chat id), `trigger` and `messageId`; `threadKey` continues a thread as in v1. Unknown keys
 * are tolerated. Parts of the documented types are checked field by field; parts a v5+ client puts in its own
 * history (`tool-<name>`, `dynamic-tool`, `data-<name>`, `source-document`) are accepted as they come.
 */
import { z } from 'zod/v4';
import {
  contextItemSchema,
  fieldIssues,
  unstorableText,
  MAX_CURRENT_PATH,
  requestFields,
  type FieldIssue,
  type RequestMessage,
} from './schema.ts';

export const V2_ROLES = ['system', 'assistant', 'user'] as const;
export const V2_PART_TYPES = ['text', 'reasoning', 'source-url', 'file', 'step-start'] as const;
export const TRIGGERS = ['submit-message', 'regenerate-message'] as const;

const metadataObject = z.record(z.string(), z.unknown(), { error: 'expected an object' });

const knownParts: Record<(typeof V2_PART_TYPES)[number], z.ZodType> = {
  text: z.object({ type: z.literal('text'), text: z.string() }),
  reasoning: z.object({ type: z.literal('reasoning'), text: z.string(), providerMetadata: metadataObject.optional() }),
  'source-url': z.object({
    type: z.literal('source-url'),
    sourceId: z.string(),
    url: z.string(),
    title: z.string().optional(),
    providerMetadata: metadataObject.optional(),
  }),
  file: z.object({ type: z.literal('file'), mediaType: z.string(), url: z.string(), filename: z.string().optional() }),
  'step-start': z.object({ type: z.literal('step-start') }),
};

/** Part types AI SDK v5+ clients keep in their own history and send back; not read by the assistant. */
function isClientHistoryPart(type: string): boolean {
  return /^tool-./.test(type) || /^data-./.test(type) || type === 'dynamic-tool' || type === 'source-document';
}

export const v2PartSchema = z.looseObject({ type: z.string({ error: 'expected a string' }) }).superRefine((part, ctx) => {
  const known = knownParts[part.type as keyof typeof knownParts];
  if (known) {
    const parsed = known.safeParse(part);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return;
  }
  if (isClientHistoryPart(part.type)) return;
  ctx.addIssue({
    code: 'custom',
    path: ['type'],
    message: `expected a part with type one of: ${V2_PART_TYPES.join(', ')} (or tool-<name>, dynamic-tool, data-<name>, source-document from the client's history)`,
  });
});

export const v2MessageSchema = z.object({
  id: z.string({ error: 'expected a string (the UI message id)' }),
  role: z.enum(V2_ROLES, { error: `expected one of: ${V2_ROLES.join(', ')}` }),
  createdAt: z.iso.datetime({ offset: true, error: 'expected an ISO 8601 date-time string' }).optional(),
  parts: z.array(v2PartSchema),
  metadata: z.unknown().optional(),
});

export const v2MessageRequestSchema = z.object({
  ...requestFields,
  messages: z.array(v2MessageSchema).min(1, { error: 'must contain at least one message' }),
  filter: z
    .object({
      version: z.string().nullable().optional(),
      language: z.string().nullable().optional(),
      /** Groups the reader may see. Restricted pages are never indexed for the assistant, so this narrows nothing. */
      groups: z.array(z.string()).nullable().optional(),
    })
    .nullable()
    .optional(),
  context: z.array(contextItemSchema).optional(),
  currentPath: z
    .string()
    .max(MAX_CURRENT_PATH, { error: `must be at most ${MAX_CURRENT_PATH} characters` })
    .optional(),
  /** `DefaultChatTransport`: why the request was sent. */
  trigger: z.enum(TRIGGERS, { error: `expected one of: ${TRIGGERS.join(', ')}` }).optional(),
  /** `DefaultChatTransport`: the message being regenerated (or answered). */
  messageId: z.string().nullable().optional(),
});

export type V2MessageRequest = z.infer<typeof v2MessageRequestSchema>;
export type V2Message = z.infer<typeof v2MessageSchema>;

export type V2ValidationResult =
  { ok: true; value: V2MessageRequest; question: string; messages: RequestMessage[] } | { ok: false; issues: FieldIssue[] };

/** Text of a UI message: its `text` parts, joined. */
export function v2MessageText(message: V2Message): string {
  return message.parts
    .filter((p): p is { type: 'text'; text: string } => p.type === 'text' && typeof (p as { text?: unknown }).text === 'string')
    .map((p) => p.text)
    .join('\n')
    .trim();
}

/** The conversation in the shape composers read (role, text content, one text part). */
function toComposerMessages(messages: V2Message[]): RequestMessage[] {
  return messages.map((m) => {
    const content = v2MessageText(m);
    return { id: m.id, role: m.role, content, parts: content ? [{ type: 'text' as const, text: content }] : [] };
  });
}

/** Validate a parsed JSON body. Collects every problem, not just the first. */
export function validateV2MessageRequest(body: unknown): V2ValidationResult {
  const parsed = v2MessageRequestSchema.safeParse(body);
  if (!parsed.success) return { ok: false, issues: fieldIssues(parsed.error.issues) };
  const unstorable = unstorableText(body);
  if (unstorable.length > 0) return { ok: false, issues: unstorable };
  const value = parsed.data;
  const lastUser = value.messages.findLastIndex((m) => m.role === 'user');
  if (lastUser < 0) {
    return { ok: false, issues: [{ path: 'messages', pointer: '/messages', message: 'must contain a message with role "user"' }] };
  }
  const question = v2MessageText(value.messages[lastUser]!);
  if (question === '') {
    return {
      ok: false,
      issues: [
        {
          path: `messages[${lastUser}].parts`,
          pointer: `/messages/${lastUser}/parts`,
          message: 'the last user message has no text (a part {"type": "text", "text": "…"})',
        },
      ],
    };
  }
  if (value.threadKey && !value.threadId) {
    return { ok: false, issues: [{ path: 'threadId', pointer: '/threadId', message: 'is required when threadKey is given' }] };
  }
  return { ok: true, value, question, messages: toComposerMessages(value.messages) };
}
