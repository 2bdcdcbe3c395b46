/**
 * The real AI SDK v5+ clients (`ai` 5, 6 and the current major, installed side by side as npm aliases), used the
 * way `useChat` uses them: `DefaultChatTransport.sendMessages` parses the server-sent events against the SDK's own
 * chunk schema, and `readUIMessageStream` folds the chunks into the UI message a chat would show.
 */
import { createRequire } from 'node:module';
import * as ai5 from 'ai5';
import * as ai6 from 'ai6';
import * as ai7 from 'ai7';

const require = createRequire(import.meta.url);

/** The parts of an `ai` module these tests call (identical across 5, 6 and 7). */
interface AiModule {
  DefaultChatTransport: new (options: {
    api: string;
    headers?: Record<string, string>;
    body?: object | (() => object);
    fetch?: typeof fetch;
  }) => {
    sendMessages(options: {
      chatId: string;
      messages: unknown[];
      abortSignal: AbortSignal | undefined;
      trigger: 'submit-message' | 'regenerate-message';
      messageId: string | undefined;
    }): Promise<ReadableStream<any>>;
  };
  readUIMessageStream(options: { stream: ReadableStream<any> }): AsyncIterable<any>;
}

export interface AiClient {
  /** e.g. `ai@5.0.277`. */
  name: string;
  ai: AiModule;
}

export const AI_CLIENTS: AiClient[] = [
  { name: `ai@${require('ai5/package.json').version}`, ai: ai5 as unknown as AiModule },
  { name: `ai@${require('ai6/package.json').version}`, ai: ai6 as unknown as AiModule },
  { name: `ai@${require('ai7/package.json').version}`, ai: ai7 as unknown as AiModule },
];

export interface V2Result {
  status: number;
  headers: Headers;
  /** Every chunk as the client parsed it (unknown keys such as `threadId` kept). */
  chunks: any[];
  /** The assistant UI message the client assembled. */
  message: any;
  /** The JSON body the transport sent. */
  sent: any;
}

export function userUiMessage(text: string, id = `u-${Math.random().toString(36).slice(2)}`) {
  return { id, role: 'user', parts: [{ type: 'text', text }] };
}

/** Send `messages` through the client's `DefaultChatTransport` and read the answer as `useChat` would. */
export async function chatV2(
  client: AiClient,
  options: {
    api: string;
    key: string;
    body?: Record<string, unknown>;
    messages: unknown[];
    trigger?: 'submit-message' | 'regenerate-message';
  },
): Promise<V2Result> {
  let status = 0;
  let headers = new Headers();
  let sent: any;
  const transport = new client.ai.DefaultChatTransport({
    api: options.api,
    headers: { Authorization: `Bearer ${options.key}` },
    body: { fp: 'anonymous', retrievalPageSize: 5, ...options.body },
    fetch: async (input, init) => {
      sent = JSON.parse(String(init?.body));
      const response = await fetch(input, init);
      status = response.status;
      headers = response.headers;
      return response;
    },
  });
  const stream = await transport.sendMessages({
    chatId: 'chat-test',
    messages: options.messages,
    abortSignal: undefined,
    trigger: options.trigger ?? 'submit-message',
    messageId: undefined,
  });
  const [forChunks, forMessage] = stream.tee();
  const chunks: any[] = [];
  const collecting = (async () => {
    const reader = forChunks.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
  })();
  let message: any;
  for await (const m of client.ai.readUIMessageStream({ stream: forMessage })) message = m;
  await collecting;
  return { status, headers, chunks, message, sent };
}
