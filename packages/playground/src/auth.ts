/**
 * The site-auth hook for `display: 'auth'` (browser). The site's own script (or `lectern serve`) sets
 *   window.lectern = { ...window.lectern, auth: { user: { groups: ['admin'] } } }
 * or calls `setAuthUser(user)` exported here, which also tells mounted islands to re-check.
 */
import type { LecternUser } from './runtime.ts';

export const AUTH_EVENT = 'lectern:auth';

/** Signed in, and (when the page has `groups`) in one of them. */
export function canSeePlayground(groups?: string[], user: LecternUser | null | undefined = currentUser()): boolean {
  if (!user) return false;
  if (!groups || groups.length === 0) return true;
  const mine = Array.isArray(user.groups) ? user.groups : [];
  return groups.some((g) => mine.includes(g));
}

export function currentUser(): LecternUser | null | undefined {
  return typeof window === 'undefined' ? undefined : window.lectern?.auth?.user;
}

/** Set (or clear with `null`) the signed-in reader and re-render `auth` islands. */
export function setAuthUser(user: LecternUser | null): void {
  const l = (window.lectern ??= {});
  l.auth = { ...(l.auth ?? {}), user };
  window.dispatchEvent(new Event(AUTH_EVENT));
}
