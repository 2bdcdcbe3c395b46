/**
 * Request body of `POST /discovery/v1/assistant/:domain/message` (seed §2.1–2.4), as zod 4 schemas.
 *
 * Unknown keys are tolerated everywhere (AI SDK v4 clients send `id`, `data`, `revisionId`, `toolInvocations`,
 * `reasoning`, …). Message `id` is optional because `useChat` omits it unless `sendExtraMessageFields` is on.
 */
import { z } from 'zod/v4';

export const MAX_RETRIEVAL_PAGE_SIZE = 20;
export const DEFAULT_RETRIEVAL_PAGE_SIZE = 5;
export const MAX_CURRENT_PATH = 200;

export const ROLES = ['system', 'assistant', 'data', 'user'] as const;
export const PART_TYPES = ['text', 'reasoning', 'step-start', 'source', 'tool-invocation'] as const;
export const TOOL_STATES = ['partial-call', 'call', 'result'] as const;

/** A key that must be present (`z.unknown()` alone accepts a missing key). */
const present = () => z.unknown().refine((v) => v !== undefined, { message: 'Required' });

const reasoningDetail = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('text'), text: z.string(), signature: z.string().optional() }),
    z.object({ type: z.literal('redacted'), data: z.string() }),
  ],
  { error: 'expected a reasoning detail with type "text" or "redacted"' },
);

const toolCallFields = {
  step: z.number().optional(),
  toolCallId: z.string(),
  toolName: z.string(),
  args: present(),
};

const toolInvocation = z.discriminatedUnion(
  'state',
  [
    z.object({ state: z.literal('partial-call'), ...toolCallFields }),
    z.object({ state: z.literal('call'), ...toolCallFields }),
    z.object({ state: z.literal('result'), ...toolCallFields, result: present() }),
  ],
  { error: `expected a tool invocation with state one of: ${TOOL_STATES.join(', ')}` },
);

export const partSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('text'), text: z.string() }),
    z.object({ type: z.literal('reasoning'), reasoning: z.string(), details: z.array(reasoningDetail) }),
    z.object({ type: z.literal('step-start') }),
    z.object({
      type: z.literal('source'),
      source: z.object({
        sourceType: z.literal('url'),
        id: z.string(),
        url: z.string(),
        title: z.string().optional(),
      }),
    }),
    z.object({ type: z.literal('tool-invocation'), toolInvocation }),
  ],
  { error: `expected a part with type one of: ${PART_TYPES.join(', ')}` },
);

export const attachmentSchema = z.object({
  name: z.string().optional(),
  contentType: z.string().optional(),
  url: z.string(),
});

export const messageSchema = z.object({
  id: z.string().optional(),
  role: z.enum(ROLES, { error: `expected one of: ${ROLES.join(', ')}` }),
  createdAt: z.iso.datetime({ offset: true, error: 'expected an ISO 8601 date-time string' }).optional(),
  content: z.string(),
  annotations: z.array(z.unknown()).optional(),
  parts: z.array(partSchema),
  experimental_attachments: z.array(attachmentSchema).optional(),
});

export const contextItemSchema = z.object({
  type: z.enum(['code', 'textSelection'], { error: 'expected "code" or "textSelection"' }),
  value: z.string(),
  path: z.string().optional(),
  elementId: z.string().optional(),
});

/** Fields the v1 and v2 message requests share. */
export const requestFields = {
  /** The chat id of the AI SDK's `useChat` (v4) or `DefaultChatTransport` (v5+); not in the seed. */
  id: z.string().optional(),
  fp: z.string().min(1, { error: 'must be a non-empty string ("anonymous" or a user id)' }),
  threadId: z.string().min(1).nullable().optional(),
  /** Mintlify's embed guide sends it with `threadId`; not in the seed's schema. */
  threadKey: z.string().min(1).nullable().optional(),
  retrievalPageSize: z
    .number()
    .int({ error: 'expected an integer' })
    .min(1, { error: 'must be at least 1' })
    .max(MAX_RETRIEVAL_PAGE_SIZE, { error: `must be at most ${MAX_RETRIEVAL_PAGE_SIZE}` })
    .optional(),
};

export const messageRequestSchema = z.object({
  ...requestFields,
  messages: z.array(messageSchema).min(1, { error: 'must contain at least one message' }),
  filter: z.object({ version: z.string().nullable().optional(), language: z.string().nullable().optional() }).nullable().optional(),
  context: z.array(contextItemSchema).optional(),
  currentPath: z
    .string()
    .max(MAX_CURRENT_PATH, { error: `must be at most ${MAX_CURRENT_PATH} characters` })
    .optional(),
  /** AI SDK v4 `append(msg, {data})`. */
  data: z.unknown().optional(),
});

export type MessageRequest = z.infer<typeof messageRequestSchema>;
export type RequestMessage = z.infer<typeof messageSchema>;
export type ContextItem = z.infer<typeof contextItemSchema>;

export interface FieldIssue {
  /** Dotted path with indices, e.g. `messages[0].parts[1].type` (`(body)` for the whole body). */
  path: string;
  /** RFC 6901 pointer into the request body, e.g. `/messages/0/parts/1/type`. */
  pointer: string;
  message: string;
}

export type ValidationResult = { ok: true; value: MessageRequest; question: string } | { ok: false; issues: FieldIssue[] };

export function dotted(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out === '' ? String(seg) : `.${String(seg)}`;
  }
  return out === '' ? '(body)' : out;
}

export function pointer(path: ReadonlyArray<PropertyKey>): string {
  return path.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** Text of a message: its `text` parts first, `content` as the fallback. */
export function messageText(message: RequestMessage): string {
  const fromParts = message.parts
    .filter((p): p is Extract<typeof p, { type: 'text' }> => p.type === 'text')
    .map((p) => p.text)
    .join('\n')
    .trim();
  return fromParts !== '' ? fromParts : message.content.trim();
}

/** Validate a parsed JSON body. Collects every problem, not just the first. */
/** zod's issues as field issues (dotted path and JSON pointer), each pointer + message once. */
export function fieldIssues(zodIssues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldIssue[] {
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const issue of zodIssues) {
    const item = { path: dotted(issue.path), pointer: pointer(issue.path), message: issue.message };
    const key = `${item.pointer}\u0000${item.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(item);
  }
  return issues;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Strings of the body that no store can keep: a NUL character (PostgreSQL text refuses it) or a lone surrogate
 * (not valid Unicode). Checked for both versions before any query, so SQLite and PostgreSQL answer the same 400.
 */
export function unstorableText(body: unknown, limit = 5): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const check = (text: string, path: PropertyKey[]) => {
    const problem = text.includes('\u0000')
      ? 'contains a NUL character (\\u0000), which is not allowed in text'
      : LONE_SURROGATE.test(text)
        ? 'contains a lone surrogate (an invalid UTF-16 \\uD800–\\uDFFF escape), which is not valid text'
        : undefined;
    if (problem) issues.push({ path: dotted(path), pointer: pointer(path), message: problem });
  };
  const stack: Array<{ value: unknown; path: PropertyKey[] }> = [{ value: body, path: [] }];
  while (stack.length > 0 && issues.length < limit) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') check(value, path);
    else if (Array.isArray(value)) for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
    else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value).reverse()) {
        check(k, [...path, k]);
        stack.push({ value: v, path: [...path, k] });
      }
    }
  }
  return issues.slice(0, limit);
}

export function validateMessageRequest(body: unknown): ValidationResult {
  const parsed = messageRequestSchema.safeParse(body);
  if (!parsed.success) return { ok: false, issues: fieldIssues(parsed.error.issues) };
  const unstorable = unstorableText(body);
  if (unstorable.length > 0) return { ok: false, issues: unstorable };
  const value = parsed.data;
  // The question is the last user message; it must carry some text.
  const lastUser = value.messages.findLastIndex((m) => m.role === 'user');
  if (lastUser < 0) {
    return {
      ok: false,
      issues: [{ path: 'messages', pointer: '/messages', message: 'must contain a message with role "user"' }],
    };
  }
  const question = messageText(value.messages[lastUser]!);
  if (question === '') {
    return {
      ok: false,
      issues: [
        {
          path: `messages[${lastUser}].content`,
          pointer: `/messages/${lastUser}/content`,
          message: 'the last user message has no text (in `parts` or `content`)',
        },
      ],
    };
  }
  if (value.threadKey && !value.threadId) {
    return {
      ok: false,
      issues: [{ path: 'threadId', pointer: '/threadId', message: 'is required when threadKey is given' }],
    };
  }
  return { ok: true, value, question };
}
