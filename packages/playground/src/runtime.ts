/**
 * Runtime hooks for site scripts (browser):
 *   window.lectern.playground.setServerVariables({ region: 'eu' })   // replaces previous runtime values
 *   window.lectern.playground.clearServerVariables()
 *   window.lectern.playground.setInputs({ header, query, cookie, path, server })
 * Calls made before the island's code loaded are queued by the stub (`RUNTIME_STUB` in props.ts) in
 * `window.lectern.playground._q` and replayed here. Precedence: runtime values > saved values > spec defaults.
 */

export interface PlaygroundInputs {
  header?: Record<string, string>;
  query?: Record<string, string>;
  cookie?: Record<string, string>;
  path?: Record<string, string>;
  server?: Record<string, string>;
}

export interface RuntimeState {
  serverVariables: Record<string, string>;
  inputs: PlaygroundInputs;
}

interface PlaygroundApi {
  setServerVariables(values: Record<string, string>): void;
  clearServerVariables(): void;
  setInputs(inputs: PlaygroundInputs): void;
  _q?: Array<[string, unknown?]>;
  _state?: RuntimeState;
  _subs?: Set<() => void>;
}

export interface LecternUser {
  groups?: string[];
  [key: string]: unknown;
}

declare global {
  interface Window {
    lectern?: { playground?: PlaygroundApi; auth?: { user?: LecternUser | null } | null; [key: string]: unknown };
  }
}

function strings(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) if (x !== undefined && x !== null) out[k] = String(x);
  return out;
}

/** Install the real hooks (idempotent), replay queued calls, return the shared state. */
export function installRuntime(): PlaygroundApi & { _state: RuntimeState; _subs: Set<() => void> } {
  const w = window;
  const l = (w.lectern ??= {});
  const existing = l.playground;
  if (existing?._state && existing._subs) return existing as PlaygroundApi & { _state: RuntimeState; _subs: Set<() => void> };
  const state: RuntimeState = { serverVariables: {}, inputs: {} };
  const subs = new Set<() => void>();
  const notify = () => subs.forEach((f) => f());
  const api = {
    _state: state,
    _subs: subs,
    setServerVariables(values: Record<string, string>) {
      state.serverVariables = strings(values);
      notify();
    },
    clearServerVariables() {
      state.serverVariables = {};
      notify();
    },
    setInputs(inputs: PlaygroundInputs) {
      const next: PlaygroundInputs = {};
      for (const k of ['header', 'query', 'cookie', 'path', 'server'] as const) if (inputs?.[k]) next[k] = strings(inputs[k]);
      state.inputs = next;
      notify();
    },
  };
  const queue = existing?._q ?? [];
  l.playground = api;
  for (const [name, arg] of queue) {
    if (name === 'setServerVariables') api.setServerVariables(arg as Record<string, string>);
    else if (name === 'clearServerVariables') api.clearServerVariables();
    else if (name === 'setInputs') api.setInputs(arg as PlaygroundInputs);
  }
  return api;
}
