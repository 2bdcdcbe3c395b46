/** `display: 'auth'`: render only for a signed-in reader in the page's groups; re-check on `lectern:auth`. */
import { useEffect, useState } from 'preact/hooks';
import { AUTH_EVENT, canSeePlayground } from './auth.ts';

export function useAuthGate(display: 'interactive' | 'auth' | undefined, groups: string[] | undefined): boolean {
  const check = () => display !== 'auth' || canSeePlayground(groups);
  const [visible, setVisible] = useState(check);
  useEffect(() => {
    if (display !== 'auth') return;
    const update = () => setVisible(check());
    update();
    window.addEventListener(AUTH_EVENT, update);
    return () => window.removeEventListener(AUTH_EVENT, update);
  }, [display, groups?.join('\n')]);
  return visible;
}
