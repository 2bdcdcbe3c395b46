/** Preact hooks shared by the islands: the auth gate and the runtime hooks' state. */
import { useEffect, useState } from 'preact/hooks';
import { AUTH_EVENT, canSeePlayground } from './auth.ts';
import { installRuntime, type RuntimeState } from './runtime.ts';

/** Values pushed by site scripts (`window.lectern.playground.*`); installs the hooks on mount. */
export function useRuntime(): RuntimeState {
  const [state, setState] = useState<RuntimeState>({ serverVariables: {}, inputs: {} });
  useEffect(() => {
    const api = installRuntime();
    const update = () => setState({ ...api._state });
    api._subs.add(update);
    update();
    return () => {
      api._subs.delete(update);
    };
  }, []);
  return state;
}

/** `display: 'auth'`: render only for a signed-in reader in the page's groups; re-check on `lectern:auth`. */
export function useAuthGate(display: 'interactive' | 'auth' | undefined, groups: string[] | undefined): boolean {
  const check = () => display !== 'auth' || canSeePlayground(groups);
  // The server renders a placeholder only: the form would repeat the spec slice the props already carry (5 of a
  // 1,200-page site's 100 MB). Hydration must match that HTML, so the form (or the auth check) comes after mount.
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(check());
    update();
    if (display !== 'auth') return;
    window.addEventListener(AUTH_EVENT, update);
    return () => window.removeEventListener(AUTH_EVENT, update);
  }, [display, groups?.join('\n')]);
  return visible;
}
