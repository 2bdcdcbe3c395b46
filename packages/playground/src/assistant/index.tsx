/**
 * Entry of the "Ask AI" panel chunk, imported by the page's small opener (packages/astro/src/client/assistant.ts)
 * the first time a reader opens the panel: adds the panel's styles and renders it into its own root. The panel stays
 * mounted (hidden) when closed, so the conversation is there when the reader opens it again.
 */
import { render } from 'preact';
import { Panel } from './Panel.tsx';
import { PANEL_CSS } from './styles.ts';

export interface AssistantPanel {
  /** Open the panel (asking `question` at once when given); `opener` gets the focus back on close. */
  open(question?: string, opener?: HTMLElement | null): void;
  close(): void;
  toggle(opener?: HTMLElement | null): void;
  readonly isOpen: boolean;
}

/**
 * Render the panel for a site served under `base` (`/` or `/pr-7/`). `server` is the `lectern serve` to ask (its
 * address with its base path) when it is not the site's own server.
 */
export function mountAssistant(base: string, server?: string): AssistantPanel {
  const style = document.createElement('style');
  style.textContent = PANEL_CSS;
  document.head.append(style);
  const root = document.createElement('div');
  root.id = 'lectern-assistant';
  document.body.append(root);
  let isOpen = false;
  let returnTo: HTMLElement | null = null;
  let initial: { question: string; seq: number } | undefined;
  let seq = 0;
  const draw = () =>
    render(
      <Panel
        base={base}
        server={server ? server.replace(/\/?$/, '/') : base}
        open={isOpen}
        onClose={() => api.close()}
        {...(initial ? { initial } : {})}
      />,
      root,
    );
  const api: AssistantPanel = {
    get isOpen() {
      return isOpen;
    },
    open(question, opener) {
      if (!isOpen) returnTo = opener ?? (document.activeElement as HTMLElement | null);
      isOpen = true;
      if (question) initial = { question, seq: ++seq };
      document.documentElement.classList.add('lectern-ai-open');
      draw();
    },
    close() {
      if (!isOpen) return;
      isOpen = false;
      document.documentElement.classList.remove('lectern-ai-open');
      draw();
      returnTo?.focus();
    },
    toggle(opener) {
      if (isOpen) api.close();
      else api.open(undefined, opener);
    },
  };
  return api;
}
