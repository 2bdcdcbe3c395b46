/**
 * Entry of the "Ask AI" panel chunk, imported by the page's small opener (packages/astro/src/client/assistant.ts)
 * the first time a reader opens the panel: adds the panel's styles and renders it into its own root. The panel stays
 * mounted (hidden) when closed, so the conversation is there when the reader opens it again.
 */
import { render } from 'preact';
import { Panel } from './Panel.tsx';
import { PANEL_CSS } from './styles.ts';
import { panelStrings } from './strings.ts';

export type { PanelKey, PanelStrings } from './strings.ts';

export interface AssistantPanel {
  /**
   * Open the panel (asking `question` at once when given, or only putting it in the question box with `ask: false`);
   * `opener` gets the focus back on close.
   */
  open(question?: string, opener?: HTMLElement | null, ask?: boolean): void;
  close(): void;
  toggle(opener?: HTMLElement | null): void;
  readonly isOpen: boolean;
}

export interface MountOptions {
  /** The `lectern serve` to ask (its address with its base path) when it is not the site's own server. */
  server?: string | undefined;
  /** docs.json `lectern.assistant.sampleQuestions`. */
  samples?: string[] | undefined;
  /** A `mode: "assistant"` page's chat area: the panel lives there, always open, instead of over the page. */
  inline?: HTMLElement | null | undefined;
  /** The panel's words in the page's language (the page's `data-assistant-ui`); a string not given reads in English. */
  strings?: Record<string, unknown> | undefined;
  /** The page's language (`<html lang>`). */
  lang?: string | undefined;
}

/** Render the panel for a site served under `base` (`/` or `/pr-7/`). */
export function mountAssistant(base: string, { server, samples, inline, strings, lang }: MountOptions = {}): AssistantPanel {
  const style = document.createElement('style');
  style.textContent = PANEL_CSS;
  document.head.append(style);
  const root = inline ?? document.createElement('div');
  root.id = 'lectern-assistant';
  if (!inline) document.body.append(root);
  let isOpen = !!inline;
  let returnTo: HTMLElement | null = null;
  let initial: { question: string; seq: number; ask: boolean } | undefined;
  let seq = 0;
  const t = panelStrings(strings);
  const draw = () =>
    render(
      <Panel
        base={base}
        server={server ? server.replace(/\/?$/, '/') : base}
        open={isOpen}
        onClose={() => api.close()}
        strings={t}
        {...(lang ? { lang } : {})}
        {...(initial ? { initial } : {})}
        {...(inline ? { inline: true } : {})}
        {...(samples?.length ? { samples } : {})}
      />,
      root,
    );
  /** The header's opener says whether the panel is open (`aria-expanded`), for screen readers. */
  const expanded = () => {
    if (!inline) for (const b of document.querySelectorAll('[data-open-assistant]')) b.setAttribute('aria-expanded', String(isOpen));
  };
  const api: AssistantPanel = {
    get isOpen() {
      return isOpen;
    },
    open(question, opener, ask = true) {
      if (!isOpen) returnTo = opener ?? (document.activeElement as HTMLElement | null);
      isOpen = true;
      // On an assistant page, opening brings the chat into view and its question box into focus.
      if (question || inline) initial = { question: question ?? '', seq: ++seq, ask: ask && !!question };
      if (!inline) document.documentElement.classList.add('lectern-ai-open');
      else root.scrollIntoView({ block: 'nearest' });
      draw();
      expanded();
    },
    close() {
      if (!isOpen || inline) return;
      isOpen = false;
      document.documentElement.classList.remove('lectern-ai-open');
      draw();
      expanded();
      returnTo?.focus();
    },
    toggle(opener) {
      if (inline) api.open(undefined, opener);
      else if (isOpen) api.close();
      else api.open(undefined, opener);
    },
  };
  if (inline) draw();
  return api;
}
