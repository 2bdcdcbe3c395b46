/**
 * The answer as AI SDK v4 data-stream parts, in the order of Mintlify's real v1 stream: `f` step, `9` search tool
 * call, `a` its result, `e` (tool-calls), `f` step, `0` text…, `2` finish event with the thread id, `e`, `d`.
 */
import { randomBytes } from 'node:crypto';
import { createDataStreamResponse, formatDataStreamPart } from 'ai';
import { estimateTokens, type ComposeInput, type ComposeUsage, type Composer } from './composer.ts';
import type { Passage, SearchOutcome } from './retrieval.ts';
import type { ThreadStore } from './threads.ts';

export const STREAM_ERROR_MESSAGE = 'An error occurred while generating the answer.';

function newId(prefix: string): string {
  return prefix + randomBytes(12).toString('base64url');
}

/** The `search` tool result, in the shape of Mintlify's `/v1/search` results. */
export function searchResult(passages: Passage[]): Array<{ content: string; path: string; metadata: Record<string, unknown> }> {
  return passages.map((p) => {
    const metadata: Record<string, unknown> = { title: p.title, page: p.page, score: Number(p.score.toFixed(4)) };
    if (p.heading) metadata.heading = p.heading;
    if (p.version) metadata.version = p.version;
    if (p.language) metadata.language = p.language;
    return { content: p.content, path: p.path, metadata };
  });
}

export interface AnswerStreamInput {
  headers: Record<string, string>;
  /** What was searched for (the `search` tool call's `query`). */
  searchText: string;
  found: SearchOutcome;
  composer: Composer;
  composeInput: ComposeInput;
  threads: ThreadStore;
  threadId: string;
  onError: (error: unknown) => void;
}

/**
 * Run the composer, handing each non-empty chunk to `onText`; then store the answer (with its sources) in the
 * thread. Shared by the v1 and v2 encoders, so both answer and remember alike.
 */
export async function composeAndStore(
  input: Pick<AnswerStreamInput, 'composer' | 'composeInput' | 'found' | 'threads' | 'threadId'>,
  onText: (chunk: string) => void,
): Promise<{ answer: string; usage: ComposeUsage }> {
  const stream = input.composer(input.composeInput);
  let answer = '';
  for await (const chunk of stream) {
    if (chunk === '') continue;
    answer += chunk;
    onText(chunk);
  }
  const usage = stream.usage?.() ?? {
    promptTokens: estimateTokens(input.composeInput.question),
    completionTokens: estimateTokens(answer),
  };
  const sources = input.found.passages.map((p) => ({ path: p.path, title: p.title }));
  await input.threads.append(input.threadId, [{ role: 'assistant', content: answer, sources, createdAt: new Date().toISOString() }]);
  return { answer, usage };
}

/** A 200 streaming response; a failure after it started becomes a `3:` part and ends the stream. */
export function answerStream({
  headers,
  searchText,
  found,
  composer,
  composeInput,
  threads,
  threadId,
  onError,
}: AnswerStreamInput): Response {
  return createDataStreamResponse({
    status: 200,
    headers,
    onError: (error) => {
      onError(error);
      return STREAM_ERROR_MESSAGE;
    },
    execute: async (writer) => {
      // Let the server send the headers first: the answer streams (chunked) instead of being buffered whole.
      await new Promise((resolve) => setImmediate(resolve));
      const searchTokens = estimateTokens(searchText);
      const toolCallId = newId('call_');
      writer.write(formatDataStreamPart('start_step', { messageId: newId('msg-') }));
      writer.write(formatDataStreamPart('tool_call', { toolCallId, toolName: 'search', args: { query: searchText } }));
      writer.write(formatDataStreamPart('tool_result', { toolCallId, result: searchResult(found.passages) }));
      writer.write(
        formatDataStreamPart('finish_step', {
          finishReason: 'tool-calls',
          usage: { promptTokens: searchTokens, completionTokens: 0 },
          isContinued: false,
        }),
      );
      writer.write(formatDataStreamPart('start_step', { messageId: newId('msg-') }));
      const { usage: stepUsage } = await composeAndStore({ composer, composeInput, found, threads, threadId }, (chunk) =>
        writer.write(formatDataStreamPart('text', chunk)),
      );
      writer.write(formatDataStreamPart('data', [{ type: 'finish', threadId }]));
      writer.write(formatDataStreamPart('finish_step', { finishReason: 'stop', usage: stepUsage, isContinued: false }));
      writer.write(
        formatDataStreamPart('finish_message', {
          finishReason: 'stop',
          usage: {
            promptTokens: stepUsage.promptTokens + searchTokens,
            completionTokens: stepUsage.completionTokens,
          },
          threadId,
        } as { finishReason: 'stop'; usage: { promptTokens: number; completionTokens: number } }),
      );
    },
  });
}
