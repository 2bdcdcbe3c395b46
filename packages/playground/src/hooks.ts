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
    return () => { api._subs.delete(update); };
  }, []);
  return state;
}

/** `display: 'auth'`: render only for a signed-in reader in the page's groups; re-check on `lectern:auth`. */
export function useAuthGate(display: 'interactive' | 'auth' | undefined, groups: string[] | undefined): boolean {
  const check = () => display !== 'auth' || canSeePlayground(groups);
  // Start as the server rendered (it never knows the reader), then check after mount: hydration must match the
  // server's HTML, because Preact's hydrate keeps the existing elements' attributes as they are.
  const [visible, setVisible] = useState(display !== 'auth');
  useEffect(() => {
    if (display !== 'auth') return;
    const update = () => setVisible(check());
    update();
    window.addEventListener(AUTH_EVENT, update);
    return () => window.removeEventListener(AUTH_EVENT, update);
  }, [display, groups?.join('\n')]);
  return visible;
}
