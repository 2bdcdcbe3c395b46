/// <reference types="vite/client" />
/**
 * The "Ask AI" opener, on pages of sites with the assistant on (layout/AssistantButton.astro): the header button and
 * ⌘I / Ctrl+I. The panel itself (@lectern/playground/assistant, Preact) is a separate chunk, imported the first time
 * the reader opens it. The search dialog offers "Ask AI about <query>", which opens the panel with the query; the page
 * menu's "Ask AI about this page" (contextual option `assistant`) opens it with "About <title>: " to complete. On a
 * `mode: "assistant"` page the panel is loaded at once, into the page's chat area (`[data-assistant-page]`).
 * `window.lectern.assistant.open(question?)` opens it from other scripts.
 */
import type { AssistantPanel } from '@lectern/playground/assistant';

/** The path the site is served under (`/`, or `/pr-42/` for a preview build): Astro's `base`. */
const BASE: string = import.meta.env.BASE_URL.endsWith('/') ? import.meta.env.BASE_URL : `${import.meta.env.BASE_URL}/`;
let panel: Promise<AssistantPanel> | undefined;

/**
 * The panel's words in the page's language that differ from English (shared/render/ui-strings.ts), carried by the
 * header button's `data-assistant-ui` (absent on English pages: the panel reads its English module for the rest).
 */
function strings(): Record<string, string> {
  try {
    const data = document.querySelector<HTMLElement>('[data-assistant-ui]')?.dataset.assistantUi;
    const parsed: unknown = data ? JSON.parse(data) : undefined;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}
/** A string of the opener's own, with `{name}` replaced. */
function say(key: 'aiAboutPage' | 'aiAskAbout', values: Record<string, string>, english: string): string {
  const template = typeof strings()[key] === 'string' ? strings()[key]! : english;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** docs.json `lectern.assistant.sampleQuestions`, carried by the header button. */
function samples(data: string | undefined): string[] | undefined {
  try {
    const list: unknown = data ? JSON.parse(data) : undefined;
    return Array.isArray(list) ? list.filter((q): q is string => typeof q === 'string') : undefined;
  } catch {
    return undefined;
  }
}

function load(): Promise<AssistantPanel> {
  // docs.json `lectern.assistant.url`: a `lectern serve` elsewhere (static hosting); else this site's own server.
  const data = document.querySelector<HTMLElement>('[data-open-assistant]')?.dataset;
  const inline = document.querySelector<HTMLElement>('[data-assistant-page]');
  panel ??= import('@lectern/playground/assistant').then((m) =>
    m.mountAssistant(BASE, {
      server: data?.assistantUrl,
      samples: samples(data?.sampleQuestions),
      inline,
      strings: strings(),
      lang: document.documentElement.lang,
    }),
  );
  panel.catch((error: unknown) => {
    panel = undefined;
    console.error('[lectern] the assistant panel failed to load', error);
  });
  return panel;
}

document.addEventListener('click', (ev) => {
  const target = ev.target as Element | null;
  const button = target?.closest?.<HTMLElement>('[data-open-assistant]');
  if (button) void load().then((p) => p.toggle(button));
  // The page menu's "Ask AI about this page": the question starts with the page's title, the reader completes it; the
  // request carries the page's path (`currentPath`), which the assistant prefers in its search.
  const about = target?.closest?.<HTMLElement>('[data-ask-about-page]');
  if (about) {
    const menu = about.closest('details');
    menu?.removeAttribute('open');
    void load().then((p) =>
      p.open(
        say('aiAboutPage', { title: about.dataset.askAboutPage ?? '' }, 'About {title}: '),
        menu?.querySelector('summary') ?? about,
        false,
      ),
    );
  }
});
document.addEventListener('keydown', (ev) => {
  if ((ev.ctrlKey || ev.metaKey) && !ev.altKey && !ev.shiftKey && ev.key.toLowerCase() === 'i') {
    ev.preventDefault();
    const from = document.activeElement as HTMLElement | null;
    void load().then((p) => p.toggle(from));
  }
});

const w = window as unknown as { lectern?: Record<string, unknown> };
w.lectern ??= {};
w.lectern.assistant = { open: (question?: string) => void load().then((p) => p.open(question)) };

/** Search hand-off: a button under the search box that asks the assistant the query. */
function searchHandOff(): void {
  const input = document.querySelector<HTMLInputElement>('[data-search-input]');
  if (!input) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'search-ask-ai';
  button.hidden = true;
  input.after(button);
  input.addEventListener('input', () => {
    const query = input.value.trim();
    button.hidden = !query;
    button.textContent = say('aiAskAbout', { query }, 'Ask AI about “{query}”');
  });
  button.addEventListener('click', () => {
    const query = input.value.trim();
    const dialog = document.querySelector<HTMLElement>('[data-search-dialog]');
    if (dialog) dialog.hidden = true;
    void load().then((p) => p.open(query, document.querySelector<HTMLElement>('[data-open-assistant]')));
  });
}
searchHandOff();
if (document.querySelector('[data-assistant-page]')) void load();
