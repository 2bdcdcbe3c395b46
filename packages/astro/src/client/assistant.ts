/// <reference types="vite/client" />
/**
 * The "Ask AI" opener, on pages of sites with the assistant on (layout/AssistantButton.astro): the header button and
 * ⌘I / Ctrl+I. The panel itself (@lectern/playground/assistant, Preact) is a separate chunk, imported the first time
 * the reader opens it. `window.lectern.assistant.open(question?)` opens it from other scripts (e.g. search).
 */
import type { AssistantPanel } from '@lectern/playground/assistant';

/** The path the site is served under (`/`, or `/pr-42/` for a preview build): Astro's `base`. */
const BASE: string = import.meta.env.BASE_URL.endsWith('/') ? import.meta.env.BASE_URL : `${import.meta.env.BASE_URL}/`;
let panel: Promise<AssistantPanel> | undefined;

function load(): Promise<AssistantPanel> {
  panel ??= import('@lectern/playground/assistant').then((m) => m.mountAssistant(BASE));
  panel.catch((error: unknown) => {
    panel = undefined;
    console.error('[lectern] the assistant panel failed to load', error);
  });
  return panel;
}

document.addEventListener('click', (ev) => {
  const button = (ev.target as Element | null)?.closest?.<HTMLElement>('[data-open-assistant]');
  if (button) void load().then((p) => p.toggle(button));
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
