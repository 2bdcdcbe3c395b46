/**
 * Warnings printed while a page renders (an unknown icon, a code block's options that did not parse, a
 * `<GitHub.Repo>` that names no repository). A build that reuses a page from the build cache does not render it, so
 * the build session records each rendered page's warnings with the page and prints them again when it reuses it:
 * a warm build says what a cold build says. The state is on `globalThis` because the render bundle holds its own
 * copy of this module.
 */
const KEY = Symbol.for('lectern.render-warnings');

interface Sink {
  /** Warnings of the page rendering now (the build renders one page at a time), when the session records them. */
  page: string[] | undefined;
  /** Printed in this build: each once. */
  printed: Set<string>;
  /** Instead of printing: collected here (a part of a build in parts hands them to its parent). */
  collected?: string[];
}

function sink(): Sink {
  const g = globalThis as unknown as Record<symbol, Sink | undefined>;
  return (g[KEY] ??= { page: undefined, printed: new Set() });
}

/** Print a warning (once per build) and record it with the page rendering now. */
export function renderWarning(message: string): void {
  const s = sink();
  if (s.page && !s.page.includes(message)) s.page.push(message);
  if (s.printed.has(message)) return;
  s.printed.add(message);
  if (s.collected) s.collected.push(message);
  else console.warn(message);
}

/** From now on, collect the warnings (in the order first seen) instead of printing them; the list they go to. */
export function collectRenderWarnings(): string[] {
  return (sink().collected = []);
}

/** A new build: nothing printed yet. */
export function resetRenderWarnings(): void {
  const s = sink();
  s.page = undefined;
  s.printed.clear();
}

/** Run one page's render and return the warnings it printed or would have printed. */
export async function recordRenderWarnings<T>(render: () => Promise<T>): Promise<{ result: T; warnings: string[] }> {
  const s = sink();
  const warnings: string[] = [];
  s.page = warnings;
  try {
    return { result: await render(), warnings };
  } finally {
    if (s.page === warnings) s.page = undefined;
  }
}
