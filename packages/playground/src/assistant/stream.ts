/**
 * One question to the v2 assistant endpoint and its answer, read as it arrives: the AI SDK UI message stream
 * (server-sent `data: {json}` chunks ending with `data: [DONE]`). Reports text deltas, sources and the thread;
 * a refused request becomes an `AskError` whose message says what happened and what to do.
 */
import { format, type PanelStrings } from './strings.ts';

export interface PanelSettings {
  domain: string;
  key: string;
  /** `{base}discovery/v2/assistant/{domain}/message`. */
  endpoint: string;
  /** docs.json `lectern.assistant.supportUrl` / `supportEmail`: where "Contact support" leads. */
  support?: { url?: string; email?: string };
}

export interface Thread {
  threadId: string;
  threadKey: string;
}

export interface Source {
  url: string;
  title: string;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  text: string;
}

export interface AskInput {
  settings: PanelSettings;
  turns: ChatTurn[];
  thread: Thread | undefined;
  regenerate: boolean;
  currentPath: string;
  signal: AbortSignal;
  /** The panel's words in the page's language (strings.ts: the page's over English). */
  strings: PanelStrings;
  /** The page's language (`<html lang>`), for "in 30 seconds". */
  lang?: string;
}

export interface AskEvents {
  /** The server accepted the question (status 200); a new thread's id and key when one was started. */
  onAccepted(thread: Thread | undefined): void;
  onText(delta: string): void;
  onSource(source: Source): void;
}

/** Why a question got no (complete) answer. `kind` picks the panel's wording. */
export class AskError extends Error {
  readonly kind: 'rate-limited' | 'key' | 'thread' | 'unavailable' | 'network' | 'invalid' | 'stream';
  constructor(message: string, kind: AskError['kind']) {
    super(message);
    this.kind = kind;
  }
}

let seq = 0;
const id = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(seq++).toString(36)}`;

/** Build the request body the endpoint documents (`fp`, UI `messages`, the thread, `currentPath`). */
export function requestBody(input: Pick<AskInput, 'turns' | 'thread' | 'regenerate' | 'currentPath'>): unknown {
  return {
    id: 'lectern-panel',
    fp: 'anonymous',
    retrievalPageSize: 5,
    currentPath: input.currentPath.slice(0, 1000),
    trigger: input.regenerate ? 'regenerate-message' : 'submit-message',
    messages: input.turns.map((t) => ({ id: id('m'), role: t.role, parts: [{ type: 'text', text: t.text }] })),
    ...(input.thread ? { threadId: input.thread.threadId, threadKey: input.thread.threadKey } : {}),
  };
}

/** The server's JSON error (`{"error":{"code","message"}}`) as an `AskError` the reader can act on. */
async function refusal(response: Response, t: PanelStrings, lang: string | undefined): Promise<AskError> {
  let code = '';
  let detail = '';
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string } };
    code = body.error?.code ?? '';
    detail = body.error?.message ?? '';
  } catch {
    /* not JSON: a proxy's page */
  }
  const status = response.status;
  if (status === 429) {
    const wait = Number(response.headers.get('Retry-After'));
    if (!(Number.isFinite(wait) && wait > 0)) return new AskError(t.aiRateLimitedSoon, 'rate-limited');
    return new AskError(format(t.aiRateLimited, { when: inTime(wait, lang) }), 'rate-limited');
  }
  const withCode = `${status}${code ? ` ${code}` : ''}`;
  if (status === 401 || status === 403) return new AskError(format(t.aiKeyRefused, { status: withCode }), 'key');
  if (status === 404 && code === 'thread_not_found') return new AskError(t.aiExpired, 'thread');
  if (status === 413 && code === 'thread_too_large') return new AskError(t.aiTooLong, 'thread');
  if (status >= 500 || status === 404) return new AskError(format(t.aiDown, { status: withCode }), 'unavailable');
  return new AskError(format(t.aiCannotAnswer, { status: `${status}${detail ? `: ${detail}` : ''}` }), 'invalid');
}

/** "in 30 seconds" / "in 3 minutes" in the page's language (English when the browser does not know it). */
function inTime(seconds: number, lang: string | undefined): string {
  const [n, unit] = seconds < 120 ? [Math.ceil(seconds), 'second' as const] : [Math.ceil(seconds / 60), 'minute' as const];
  try {
    return new Intl.RelativeTimeFormat(lang || 'en').format(n, unit);
  } catch {
    return new Intl.RelativeTimeFormat('en').format(n, unit);
  }
}

type Chunk = { type: string; delta?: string; url?: string; title?: string; errorText?: string };

function handleChunk(chunk: Chunk, events: AskEvents, t: PanelStrings): void {
  if (chunk.type === 'text-delta' && typeof chunk.delta === 'string') events.onText(chunk.delta);
  else if (chunk.type === 'source-url' && typeof chunk.url === 'string')
    events.onSource({ url: chunk.url, title: chunk.title || chunk.url });
  else if (chunk.type === 'error') throw new AskError(chunk.errorText || t.aiStreamError, 'stream');
}

/** Ask, and call `events` as the answer streams in. Resolves when it is complete; rejects with `AskError` or an `AbortError`. */
export async function ask(input: AskInput, events: AskEvents): Promise<void> {
  const t = input.strings;
  let response: Response;
  try {
    response = await fetch(input.settings.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${input.settings.key}` },
      body: JSON.stringify(requestBody(input)),
      signal: input.signal,
    });
  } catch (error) {
    if (input.signal.aborted) throw error;
    throw new AskError(t.aiNetwork, 'network');
  }
  if (!response.ok || !response.body) throw await refusal(response, t, input.lang);
  const threadId = response.headers.get('X-Thread-Id');
  const threadKey = response.headers.get('X-Thread-Key');
  events.onAccepted(threadId && threadKey ? { threadId, threadKey } : undefined);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let done = false;
  try {
    while (!done) {
      const read = await reader.read();
      if (read.done) break;
      buffer += read.value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = event
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trimStart())
          .join('\n');
        if (data === '[DONE]') done = true;
        else if (data) handleChunk(JSON.parse(data) as Chunk, events, t);
      }
    }
  } catch (error) {
    if (input.signal.aborted || error instanceof AskError) throw error;
    throw new AskError(t.aiConnectionLost, 'network');
  } finally {
    reader.cancel().catch(() => {});
  }
  if (!done) throw new AskError(t.aiConnectionLost, 'network');
}
