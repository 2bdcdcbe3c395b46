/**
 * The "Ask AI" panel's English words: their one copy. The panel reads a string here when the page does not hand it
 * (English pages hand none), and packages/astro's table of interface strings (shared/render/ui-strings.ts) takes its
 * English row for these keys from this module (`@lectern/playground/assistant/strings-en`); translators edit the
 * other languages there. `{name}` in a string is filled in by strings.ts's `format`.
 */
export const PANEL_STRINGS_EN = {
  askAi: 'Ask AI',
  send: 'Send',
  copy: 'Copy',
  copied: 'Copied',
  aiNewConversation: 'New conversation',
  aiClose: 'Close assistant',
  aiConversation: 'Conversation',
  aiConnecting: 'Connecting to the assistant…',
  aiIntro: "Ask a question about these docs. Answers come from the site's pages, with links to them.",
  aiSampleQuestions: 'Sample questions',
  aiPlaceholder: 'Ask a question…',
  aiAnswering: 'Answering…',
  aiAskLabel: 'Ask a question',
  aiSendLabel: 'Send question',
  aiStop: 'Stop',
  aiStopLabel: 'Stop answering',
  aiNeedPerson: 'Need a person?',
  aiContactSupport: 'Contact support',
  aiSearching: 'Searching the docs…',
  aiSources: 'Sources',
  aiNotCovered: 'The docs may not cover this.',
  aiStopped: 'Stopped.',
  aiRetry: 'Retry',
  aiRetryLabel: 'Retry the last question',
  aiCopyAnswer: 'Copy answer',
  aiFailed: 'Something went wrong while answering. Try again.',
  aiNotHere:
    "The assistant isn't available here: this site is not served by `lectern serve` with the assistant on, and docs.json names no other (lectern.assistant.url).",
  aiOffline: "Can't reach the assistant right now: the server is down or you are offline.",
  aiUnavailableBecause: 'The assistant is unavailable: {message}.',
  aiRateLimited: 'Too many questions right now (rate limited). Try again {when}.',
  aiRateLimitedSoon: 'Too many questions right now (rate limited). Try again in a moment.',
  aiKeyRefused: "The assistant refused this site's key ({status}). Ask the site's owner to check it.",
  aiExpired: 'This conversation has expired. Start a new conversation.',
  aiTooLong: 'This conversation is too long. Start a new conversation.',
  aiDown: 'The assistant is unavailable right now ({status}). Try again in a few seconds.',
  aiCannotAnswer: 'The assistant could not answer this question ({status}).',
  aiStreamError: 'The answer stopped with an error. Try again.',
  aiNetwork: "Can't reach the assistant: the server is down or you are offline. Try again.",
  aiConnectionLost: 'The connection to the assistant was lost before the answer ended. Try again.',
};

/** The strings the panel reads (each one a key of ui-strings.ts's `ASSISTANT_KEYS`; tsc checks it in ui-strings.test.ts). */
export type PanelKey = keyof typeof PANEL_STRINGS_EN;
