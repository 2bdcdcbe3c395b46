/** localStorage helpers that never throw (private mode, disabled storage, quota). */
export const AUTH_PREFIX = 'lectern:auth:';
export const SERVER_VARS_KEY = 'lectern:server-vars';

export function load<T>(key: string): T | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function save(key: string, value: unknown): void {
  try {
    if (value === undefined) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage unavailable: values simply don't persist */
  }
}
