/**
 * The "Ask AI" panel (Preact): a conversation with the site's assistant. Loads its settings from
 * `{base}_lectern/assistant.json`, streams each answer into an `aria-live` log, renders it as Markdown without HTML,
 * lists the sources, keeps the thread for the tab's session (sessionStorage), and offers stop, retry, copy and a new
 * conversation. A dialog: focus moves in on open, Tab stays inside, Escape closes and focus returns to the opener.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { renderMarkdown, safeHref } from './markdown.ts';
import { ask, AskError, type ChatTurn, type PanelSettings, type Source, type Thread } from './stream.ts';
import { format, type PanelStrings } from './strings.ts';

export interface Turn extends ChatTurn {
  sources?: Source[];
  /** Assistant turns: streaming, complete, stopped by the reader, or failed (`error`). */
  state?: 'streaming' | 'done' | 'stopped' | 'error';
  error?: string;
  /** The server stored the question (a retry regenerates instead of asking twice). */
  stored?: boolean;
}

interface Saved {
  thread?: Thread;
  turns: Turn[];
}

export interface PanelProps {
  /** The site's base path: the answers' page links are under it. */
  base: string;
  /** Where the assistant is: the site's base path, or the address of a `lectern serve` elsewhere (ends with `/`). */
  server: string;
  open: boolean;
  onClose(): void;
  /** A question to ask as soon as the panel is ready (search hand-off), or only to put in the box (`ask: false`). */
  initial?: { question: string; seq: number; ask?: boolean };
  /** In the page's content (a `mode: "assistant"` page) rather than a dialog over it. */
  inline?: boolean;
  /** docs.json `lectern.assistant.sampleQuestions`: offered in the empty conversation, asked on click. */
  samples?: string[];
  /** The panel's words in the page's language (strings.ts: the page's over English). */
  strings: PanelStrings;
  /** The page's language (`<html lang>`). */
  lang?: string;
}

function storageKey(domain: string): string {
  return `lectern:assistant:${domain}`;
}
function loadSaved(domain: string): Saved {
  try {
    const raw = sessionStorage.getItem(storageKey(domain));
    const saved = raw ? (JSON.parse(raw) as Saved) : undefined;
    if (saved && Array.isArray(saved.turns))
      return { ...saved, turns: saved.turns.map((t) => (t.state === 'streaming' ? { ...t, state: 'stopped' } : t)) };
  } catch {
    /* storage unavailable or damaged: start afresh */
  }
  return { turns: [] };
}
function save(domain: string, saved: Saved): void {
  try {
    sessionStorage.setItem(storageKey(domain), JSON.stringify(saved));
  } catch {
    /* storage unavailable: the conversation lasts as long as the page */
  }
}

/** `{server}_lectern/assistant.json` (its endpoint resolved against `server`), or a message saying why the panel cannot work. */
async function loadSettings(server: string, t: PanelStrings): Promise<PanelSettings | string> {
  try {
    const url = new URL(`${server}_lectern/assistant.json`, location.href);
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    if (response.status === 404) return t.aiNotHere;
    const body = (await response.json()) as Partial<PanelSettings> & { error?: { message?: string } };
    if (!response.ok || !body.endpoint || !body.key || !body.domain)
      return body.error?.message ? format(t.aiUnavailableBecause, { message: body.error.message }) : t.aiOffline;
    const support = body.support && typeof body.support === 'object' ? body.support : undefined;
    return { endpoint: new URL(body.endpoint, url).href, key: body.key, domain: body.domain, ...(support ? { support } : {}) };
  } catch {
    return t.aiOffline;
  }
}

/**
 * The reader's page as the server names pages (as in the sources it returns): the path without the site's base
 * (`/pr-7/docs/x` -> `/docs/x`), so that the page's language and version are searched first under a preview too.
 */
export function pagePath(pathname: string, base: string): string {
  return base !== '/' && `${pathname}/`.startsWith(base) ? `/${pathname.slice(base.length)}` : pathname;
}

/**
 * The "Contact support" address (deflection): the support page with the conversation's `threadId` (as Mintlify adds
 * it, so a support tool can attach the transcript), else a mailto: link; only http(s) and mailto: addresses.
 */
export function supportHref(support: PanelSettings['support'], thread: Thread | undefined): string | undefined {
  if (support?.url && /^https?:\/\//i.test(support.url)) {
    try {
      const url = new URL(support.url);
      if (url.username || url.password) return undefined;
      if (thread?.threadId) url.searchParams.set('threadId', thread.threadId);
      return url.href;
    } catch {
      return undefined;
    }
  }
  if (support?.email && /^[^\s@<>()?&]+@[^\s@<>()?&]+$/.test(support.email)) return `mailto:${support.email}`;
  return undefined;
}

const FOCUSABLE = 'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keep Tab inside the dialog. */
function trapTab(ev: KeyboardEvent, box: HTMLElement): void {
  const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
  if (items.length === 0) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  if (ev.shiftKey && (document.activeElement === first || !box.contains(document.activeElement))) {
    ev.preventDefault();
    last.focus();
  } else if (!ev.shiftKey && document.activeElement === last) {
    ev.preventDefault();
    first.focus();
  }
}

export function Panel({ base, server, open, onClose, initial, inline, samples = [], strings: t, lang }: PanelProps) {
  const [settings, setSettings] = useState<PanelSettings | string | undefined>();
  const [saved, setSaved] = useState<Saved>({ turns: [] });
  const [question, setQuestion] = useState('');
  const abort = useRef<AbortController | undefined>(undefined);
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const current = useRef(saved);
  current.current = saved;
  const busy = saved.turns.some((t) => t.state === 'streaming');

  useEffect(() => {
    if (!open || settings !== undefined) return;
    loadSettings(server, t).then((s) => {
      setSettings(s);
      if (typeof s !== 'string') setSaved(loadSaved(s.domain));
    });
  }, [open]);

  useEffect(() => {
    if (open && (!inline || initial)) input.current?.focus();
  }, [open, settings, initial?.seq]);

  useEffect(() => {
    if (!initial || typeof settings !== 'object') return;
    if (initial.ask === false) {
      if (initial.question) setQuestion(initial.question);
      input.current?.focus();
    } else void send(initial.question, false);
  }, [initial?.seq, typeof settings === 'object']);

  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [saved]);

  /** Update the conversation, keep it for the session. */
  function update(next: (s: Saved) => Saved): void {
    const value = next(current.current);
    current.current = value;
    setSaved(value);
    if (typeof settings === 'object') save(settings.domain, value);
  }
  function patchLast(patch: (t: Turn) => Turn): void {
    update((s) => ({ ...s, turns: s.turns.map((t, i) => (i === s.turns.length - 1 ? patch(t) : t)) }));
  }

  /** Ask `text` (or, with `retry`, the last question again). */
  async function send(text: string, retry: boolean): Promise<void> {
    if (typeof settings !== 'object' || busy || !text.trim()) return;
    const before = current.current;
    const last = before.turns[before.turns.length - 1];
    const regenerate = retry && !!last?.stored && !!before.thread;
    const history = retry ? before.turns.slice(0, -1) : [...before.turns, { role: 'user' as const, text }];
    update((s) => ({ ...s, turns: [...history, { role: 'assistant', text: '', sources: [], state: 'streaming' }] }));
    const controller = new AbortController();
    abort.current = controller;
    try {
      await ask(
        {
          settings,
          turns: history.filter((t) => t.role === 'user' || t.state === 'done').map(({ role, text }) => ({ role, text })),
          thread: before.thread,
          regenerate,
          currentPath: pagePath(location.pathname, base),
          signal: controller.signal,
          strings: t,
          ...(lang ? { lang } : {}),
        },
        {
          onAccepted: (thread) => {
            if (thread) update((s) => ({ ...s, thread }));
            patchLast((t) => ({ ...t, stored: true }));
          },
          onText: (delta) => patchLast((t) => ({ ...t, text: t.text + delta })),
          onSource: (source) => patchLast((t) => ({ ...t, sources: [...(t.sources ?? []), source] })),
        },
      );
      patchLast((t) => ({ ...t, state: 'done' }));
    } catch (error) {
      if (controller.signal.aborted) patchLast((t) => ({ ...t, state: 'stopped' }));
      else {
        const message = error instanceof AskError ? error.message : t.aiFailed;
        if (error instanceof AskError && error.kind === 'thread') update((s) => ({ ...s, thread: undefined }));
        patchLast((t) => ({ ...t, state: 'error', error: message }));
      }
    } finally {
      if (abort.current === controller) abort.current = undefined;
    }
  }

  function submit(ev: Event): void {
    ev.preventDefault();
    const text = question.trim();
    if (!text || busy) return;
    setQuestion('');
    void send(text, false);
  }
  function newConversation(): void {
    abort.current?.abort();
    update(() => ({ turns: [] }));
    input.current?.focus();
  }
  function onKeyDown(ev: KeyboardEvent): void {
    if (inline) return;
    if (ev.key === 'Escape') {
      ev.preventDefault();
      ev.stopPropagation();
      onClose();
    } else if (ev.key === 'Tab' && box.current) trapTab(ev, box.current);
  }
  function onInputKey(ev: KeyboardEvent): void {
    if (ev.key === 'Enter' && !ev.shiftKey && !ev.isComposing) submit(ev);
  }

  const lastQuestion = [...saved.turns].reverse().find((t) => t.role === 'user')?.text ?? '';
  const support = typeof settings === 'object' ? supportHref(settings.support, saved.thread) : undefined;
  return (
    <div class={inline ? 'lectern-ai lectern-ai-inline' : 'lectern-ai'} hidden={!open} data-assistant-panel>
      {!inline && <div class="lectern-ai-backdrop" onClick={onClose} />}
      <div
        class="lectern-ai-box"
        ref={box}
        role={inline ? 'region' : 'dialog'}
        aria-modal={inline ? undefined : 'true'}
        aria-labelledby="lectern-ai-title"
        onKeyDown={onKeyDown}
      >
        <header class="lectern-ai-head">
          <h2 id="lectern-ai-title">{t.askAi}</h2>
          <button
            type="button"
            class="lectern-ai-ghost"
            onClick={newConversation}
            disabled={saved.turns.length === 0}
            aria-label={t.aiNewConversation}
          >
            {t.aiNewConversation}
          </button>
          {!inline && (
            <button type="button" class="lectern-ai-icon" onClick={onClose} aria-label={t.aiClose}>
              ×
            </button>
          )}
        </header>
        <div class="lectern-ai-log" ref={log} aria-live="polite" aria-busy={busy} aria-label={t.aiConversation} role="log" tabIndex={0}>
          {typeof settings === 'string' && (
            <p class="lectern-ai-error" role="alert">
              {settings}
            </p>
          )}
          {settings === undefined && open && <p class="lectern-ai-muted">{t.aiConnecting}</p>}
          {typeof settings === 'object' && saved.turns.length === 0 && <p class="lectern-ai-muted">{t.aiIntro}</p>}
          {typeof settings === 'object' && saved.turns.length === 0 && samples.length > 0 && (
            <ul class="lectern-ai-samples" aria-label={t.aiSampleQuestions}>
              {samples.map((q) => (
                <li key={q}>
                  <button type="button" class="lectern-ai-ghost" onClick={() => void send(q, false)}>
                    {q}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {saved.turns.map((turn, i) =>
            turn.role === 'user' ? (
              <p key={i} class="lectern-ai-question">
                {turn.text}
              </p>
            ) : (
              <Answer
                key={i}
                turn={turn}
                base={base}
                last={i === saved.turns.length - 1}
                support={support}
                t={t}
                onRetry={() => void send(lastQuestion, true)}
              />
            ),
          )}
        </div>
        <form class="lectern-ai-form" onSubmit={submit}>
          <textarea
            ref={input}
            rows={2}
            value={question}
            onInput={(ev) => setQuestion((ev.target as HTMLTextAreaElement).value)}
            onKeyDown={onInputKey}
            placeholder={busy ? t.aiAnswering : t.aiPlaceholder}
            aria-label={t.aiAskLabel}
            maxLength={4000}
            disabled={typeof settings !== 'object'}
          />
          {busy ? (
            <button type="button" class="lectern-ai-send" onClick={() => abort.current?.abort()} aria-label={t.aiStopLabel}>
              {t.aiStop}
            </button>
          ) : (
            <button
              type="submit"
              class="lectern-ai-send"
              disabled={typeof settings !== 'object' || !question.trim()}
              aria-label={t.aiSendLabel}
            >
              {t.send}
            </button>
          )}
        </form>
        {support && (
          <p class="lectern-ai-support">
            {t.aiNeedPerson}{' '}
            <a href={support} target="_blank" rel="noopener noreferrer" data-assistant-support>
              {t.aiContactSupport}
            </a>
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * A "Sources:" list ending an answer (the server's extractive answers end with one, for API clients that show only
 * text), under its heading in any language the server writes (packages/server's assistant/answer-strings.ts).
 */
const SOURCES_LIST =
  /\n+(?:Sources|Quellen|Fuentes|Fontes|Fonti|Источники|出典|출처|来源|來源) ?[:：]\n((?:- \[(?:\\.|[^\]\\\n])*\]\([^)\s]+\)\n?)+)\s*$/;

/** The answer's text without its closing "Sources:" list when every page it links is among `sources` (the panel lists them once, under the answer). */
export function answerBody(text: string, sources: readonly Source[]): string {
  const list = SOURCES_LIST.exec(text);
  if (!list) return text;
  const urls = new Set(sources.map((s) => s.url));
  const linked = [...list[1]!.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
  return linked.every((url) => urls.has(url)) ? text.slice(0, list.index) : text;
}

/** An answer saying the docs do not cover the question (the server's own words in its languages, or a model's). */
export const NOT_FOUND =
  /\b(couldn't|could not|can't|cannot) (find|answer)\b|^(Je n'ai rien trouvé|Ich habe .{0,80}nichts gefunden|No encontré nada|Não encontrei nada|Non ho trovato nulla|Я не нашёл)|見つからなかった|찾지 못해|没有找到|找不到/i;

interface AnswerProps {
  turn: Turn;
  base: string;
  last: boolean;
  /** The "Contact support" address, offered under a finished answer that cites no page or finds nothing. */
  support: string | undefined;
  t: PanelStrings;
  onRetry(): void;
}

function Answer({ turn, base, last, support, t, onRetry }: AnswerProps) {
  const [copied, setCopied] = useState(false);
  const sources = (turn.sources ?? []).filter((s, i, all) => all.findIndex((o) => o.url === s.url) === i);
  return (
    <div class="lectern-ai-answer" data-state={turn.state}>
      <div class="lectern-ai-md" data-answer>
        {renderMarkdown(answerBody(turn.text, sources), base)}
        {turn.state === 'streaming' && !turn.text && <p class="lectern-ai-muted">{t.aiSearching}</p>}
      </div>
      {sources.length > 0 && turn.state !== 'streaming' && (
        <nav class="lectern-ai-sources" aria-label={t.aiSources}>
          <h3>{t.aiSources}</h3>
          <ul>
            {sources.map((s) => {
              const href = safeHref(s.url, base);
              return <li key={s.url}>{href ? <a href={href}>{s.title}</a> : s.title}</li>;
            })}
          </ul>
        </nav>
      )}
      {support && turn.state === 'done' && (sources.length === 0 || NOT_FOUND.test(turn.text)) && (
        <p class="lectern-ai-muted lectern-ai-deflect">
          {t.aiNotCovered}{' '}
          <a href={support} target="_blank" rel="noopener noreferrer" data-assistant-support>
            {t.aiContactSupport}
          </a>
        </p>
      )}
      {turn.state === 'stopped' && <p class="lectern-ai-muted">{t.aiStopped}</p>}
      {turn.state === 'error' && (
        <p class="lectern-ai-error" role="alert">
          {turn.error}
        </p>
      )}
      {turn.state !== 'streaming' && (
        <div class="lectern-ai-actions">
          {last && (turn.state === 'error' || turn.state === 'stopped') && (
            <button type="button" class="lectern-ai-ghost" onClick={onRetry} aria-label={t.aiRetryLabel}>
              {t.aiRetry}
            </button>
          )}
          {turn.text && (
            <button
              type="button"
              class="lectern-ai-ghost"
              aria-label={t.aiCopyAnswer}
              onClick={() =>
                void navigator.clipboard?.writeText(turn.text).then(
                  () => setCopied(true),
                  () => {},
                )
              }
            >
              {copied ? t.copied : t.copy}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
