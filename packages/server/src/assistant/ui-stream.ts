/**
 * The answer as an AI SDK UI message stream (v2; what `DefaultChatTransport` of `ai` 5, 6 and 7 reads): server-sent
 * events, one `data: {json}` chunk each, ended by `data: [DONE]`, with the header `x-vercel-ai-ui-message-stream: v1`.
 *
 * Chunks: `start` (message id, metadata `{threadId}`), one step for the `search` tool the server ran
 * (`tool-input-available` + `tool-output-available`, `providerExecuted`), one step with the text
 * (`text-start`, `text-delta`…, `text-end`) and a `source-url` per passage, then `finish` carrying `threadId` —
 * Mintlify documents the thread id as `event.threadId` of the `finish` event — and the same in `messageMetadata`,
 * where `useChat` keeps it (`message.metadata.threadId`).
 */
import { randomBytes } from 'node:crypto';
import { composeAndStore, searchResult, STREAM_ERROR_MESSAGE, type AnswerStreamInput } from './stream.ts';

/** The UI message chunks this server sends (a subset of AI SDK's `UIMessageChunk`). */
export type UiChunk =
  | { type: 'start'; messageId: string; messageMetadata?: Record<string, unknown> }
  | { type: 'start-step' }
  | { type: 'finish-step' }
  | { type: 'tool-input-available'; toolCallId: string; toolName: string; input: unknown; providerExecuted?: boolean }
  | { type: 'tool-output-available'; toolCallId: string; output: unknown; providerExecuted?: boolean }
  | { type: 'text-start'; id: string }
  | { type: 'text-delta'; id: string; delta: string }
  | { type: 'text-end'; id: string }
  | { type: 'source-url'; sourceId: string; url: string; title?: string }
  | { type: 'error'; errorText: string }
  | { type: 'finish'; finishReason?: 'stop'; messageMetadata?: Record<string, unknown>; threadId?: string };

export const UI_MESSAGE_STREAM_HEADERS: Record<string, string> = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  'X-Accel-Buffering': 'no',
  'x-vercel-ai-ui-message-stream': 'v1',
};

const encoder = new TextEncoder();

/** One server-sent event carrying `chunk`. */
export function sseChunk(chunk: UiChunk): Uint8Array {
  return encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`);
}

export const SSE_DONE = encoder.encode('data: [DONE]\n\n');

function newId(prefix: string): string {
  return prefix + randomBytes(12).toString('base64url');
}

/** A 200 streaming response; a failure after it started becomes an `error` chunk and ends the stream. */
export function uiMessageStream(input: AnswerStreamInput): Response {
  const { headers, searchText, found, threadId, onError } = input;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (chunk: UiChunk) => {
        if (!cancelled) controller.enqueue(sseChunk(chunk));
      };
      // Let the server send the headers first: the answer streams instead of being buffered whole.
      await new Promise((resolve) => setImmediate(resolve));
      const metadata = { threadId };
      try {
        send({ type: 'start', messageId: newId('msg-'), messageMetadata: metadata });
        const toolCallId = newId('call_');
        send({ type: 'start-step' });
        send({ type: 'tool-input-available', toolCallId, toolName: 'search', input: { query: searchText }, providerExecuted: true });
        send({ type: 'tool-output-available', toolCallId, output: searchResult(found.passages), providerExecuted: true });
        send({ type: 'finish-step' });
        send({ type: 'start-step' });
        const textId = newId('txt-');
        let started = false;
        await composeAndStore(input, (delta) => {
          if (!started) {
            started = true;
            send({ type: 'text-start', id: textId });
          }
          send({ type: 'text-delta', id: textId, delta });
        });
        if (started) send({ type: 'text-end', id: textId });
        for (const [i, p] of found.passages.entries()) {
          send({ type: 'source-url', sourceId: `src-${i + 1}`, url: p.path, title: p.heading ? `${p.title} › ${p.heading}` : p.title });
        }
        send({ type: 'finish-step' });
        send({ type: 'finish', finishReason: 'stop', threadId, messageMetadata: metadata });
      } catch (error) {
        onError(error);
        send({ type: 'error', errorText: STREAM_ERROR_MESSAGE });
      }
      if (!cancelled) {
        controller.enqueue(SSE_DONE);
        controller.close();
      }
    },
    cancel() {
      cancelled = true;
    },
  });
  return new Response(body, { status: 200, headers: { ...UI_MESSAGE_STREAM_HEADERS, ...headers } });
}
