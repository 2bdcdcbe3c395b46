/**
 * `Host` validation against DNS rebinding: a page on an attacker's domain that re-resolves to 127.0.0.1 is
 * same-origin with `lectern serve` and could use its proxy to reach allow-listed local APIs. Like Vite's
 * `server.allowedHosts`, requests are answered only for IP literals, `localhost` (and `*.localhost`), the host of the
 * site's published address, and the hosts the operator allows (`--allowed-host`, `LECTERN_ALLOWED_HOSTS`).
 */
import { isIP } from 'node:net';

export type HostCheck = (hostHeader: string | null | undefined) => boolean;

/** The host name of a `Host` header (`example.com:8080` -> `example.com`, `[::1]:80` -> `::1`), lower-cased. */
export function hostName(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') === -1 ? undefined : h.indexOf(']'));
  const colon = h.lastIndexOf(':');
  return colon === -1 ? h : h.slice(0, colon);
}

/**
 * `allowed`: host names (`docs.example.com`), `.example.com` for a domain and its subdomains, or `true` for any host
 * (behind a reverse proxy that checks hosts itself).
 */
export function hostCheck(allowed: string[] | true, site?: string): HostCheck {
  if (allowed === true) return () => true;
  const exact = new Set<string>();
  const suffixes: string[] = [];
  for (const entry of allowed) {
    const e = entry.trim().toLowerCase();
    if (!e) continue;
    if (e.startsWith('.')) suffixes.push(e);
    else exact.add(hostName(e));
  }
  if (site) {
    try {
      exact.add(new URL(site).hostname.toLowerCase().replace(/^\[|\]$/g, ''));
    } catch {
      // not a URL: nothing to add
    }
  }
  return (header) => {
    if (!header) return false;
    const name = hostName(header).replace(/\.$/, '');
    if (!name) return false;
    if (isIP(name) || name === 'localhost' || name.endsWith('.localhost')) return true;
    return exact.has(name) || suffixes.some((s) => name.endsWith(s) || name === s.slice(1));
  };
}
