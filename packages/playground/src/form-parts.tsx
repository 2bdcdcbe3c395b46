/** What both islands' forms share: their element ids, the credentials a form starts with, the authorization method select. */
import type { PlaygroundSecurityAlternative } from './types.ts';
import type { AuthValue } from './request.ts';
import { Label } from './fields.tsx';
import { AUTH_PREFIX, load } from './storage.ts';

/** Element ids of an island's fields: `<island id>-<key>`, the key's other characters than letters, digits, `_`, `-` as `_`. */
export function fieldIds(islandId: string): (key: string) => string {
  return (key) => `${islandId}-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** Auth values of every scheme: `x-default`, or (`saved`) what the reader stored in this browser. */
export function initialAuth(security: PlaygroundSecurityAlternative[], saved: boolean): Record<string, AuthValue> {
  const out: Record<string, AuthValue> = {};
  for (const alt of security) {
    for (const s of alt.schemes) {
      out[s.key] = (saved ? load<AuthValue>(AUTH_PREFIX + s.key) : undefined) ?? (s.xDefault !== undefined ? { token: s.xDefault } : {});
    }
  }
  return out;
}

/** The choice between the security alternatives, when there is more than one. */
export function SecuritySelect(p: {
  id: string;
  label: string;
  security: PlaygroundSecurityAlternative[];
  value: number;
  onChange: (index: number) => void;
}) {
  if (p.security.length <= 1) return null;
  return (
    <div class="lp-field">
      <Label for={p.id} name={p.label} />
      <select id={p.id} value={String(p.value)} onChange={(e) => p.onChange(Number((e.currentTarget as HTMLSelectElement).value))}>
        {p.security.map((a, i) => (
          <option key={i} value={String(i)}>
            {a.title}
          </option>
        ))}
      </select>
    </div>
  );
}
