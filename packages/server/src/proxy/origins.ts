/**
 * Which origins the playground proxy may reach: the servers of the site's specs and the explicit allowlist.
 *
 * Server URL templates may contain `{variables}`. A variable in the scheme/host/port part (anything before the
 * first `/` of the path) could otherwise point the proxy anywhere, so there only the variable's `default` and its
 * `enum` values are accepted; every combination is expanded into a fixed set of origins. Variables in the path
 * part do not change the origin and may take any value.
 */
import type { Server, SiteManifest } from '@lectern/core';

export interface AllowedOrigins {
  /** Origins from `manifest.servers` (after variable expansion). Private addresses stay refused for them. */
  servers: Set<string>;
  /**
   * Origins from `manifest.proxyAllow`. An entry whose host is an IP literal names that address, so it is reached
   * even when private; `localhost` entries may reach loopback; other hostnames still get the address checks.
   */
  explicit: Set<string>;
  /** Problems with templates or allowlist entries (not fatal: the entry is skipped). */
  problems: string[];
}

/** Cap on the origins one server template may expand to (enums multiply). */
const MAX_COMBINATIONS = 256;

export function allowedOrigins(manifest: Pick<SiteManifest, 'servers' | 'proxyAllow'>): AllowedOrigins {
  const out: AllowedOrigins = { servers: new Set(), explicit: new Set(), problems: [] };
  (manifest.servers ?? []).forEach((server, i) => {
    if (!server || typeof server.url !== 'string') {
      out.problems.push(`servers[${i}] has no "url"; skipped`);
      return;
    }
    for (const origin of serverOrigins(server, `servers[${i}]`, out.problems)) out.servers.add(origin);
  });
  (manifest.proxyAllow ?? []).forEach((entry, i) => {
    const origin = typeof entry === 'string' ? originOf(entry) : null;
    if (!origin) {
      out.problems.push(`proxyAllow[${i}] ${JSON.stringify(entry)} is not an http(s) origin; write it as "https://host[:port]"`);
    } else out.explicit.add(origin);
  });
  return out;
}

/** `scheme://host[:port]` of an absolute http(s) URL (default ports dropped), or null. */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (!parsed.hostname) return null;
  return parsed.origin;
}

const VARIABLE = /\{([^{}]+)\}/g;

/** The origins a server template can produce (see module comment). Relative and non-http servers yield none. */
export function serverOrigins(server: Server, where: string, problems: string[]): string[] {
  const template = server.url.trim();
  const schemeEnd = template.indexOf('://');
  // The origin part ends at the first "/" after "scheme://" (or at "?" / "#"); a template without "://" that
  // starts with a variable (e.g. "{baseUrl}/v1") has its whole first segment in the origin part.
  const authorityStart = schemeEnd === -1 ? 0 : schemeEnd + 3;
  const rest = template.slice(authorityStart);
  const endMatch = /[/?#]/.exec(rest);
  const originPart = template.slice(0, authorityStart + (endMatch ? endMatch.index : rest.length));
  if (schemeEnd === -1 && !originPart.includes('{')) return []; // relative server such as "/api"

  const names = [...new Set([...originPart.matchAll(VARIABLE)].map((m) => m[1] ?? ''))];
  const choices: string[][] = [];
  for (const name of names) {
    const variable = server.variables?.[name];
    if (!variable) {
      problems.push(`${where} ${JSON.stringify(server.url)}: variable {${name}} has no definition; server skipped`);
      return [];
    }
    const values = Array.isArray(variable.enum) ? variable.enum.filter((v): v is string => typeof v === 'string') : [];
    if (typeof variable.default === 'string' && !values.includes(variable.default)) values.unshift(variable.default);
    if (values.length === 0) {
      problems.push(`${where} ${JSON.stringify(server.url)}: variable {${name}} has no default; server skipped`);
      return [];
    }
    choices.push(values);
  }
  let combinations: Array<Record<string, string>> = [{}];
  for (const [i, name] of names.entries()) {
    const next: Array<Record<string, string>> = [];
    for (const combo of combinations) for (const value of choices[i] ?? []) next.push({ ...combo, [name]: value });
    combinations = next;
    if (combinations.length > MAX_COMBINATIONS) {
      problems.push(`${where} ${JSON.stringify(server.url)}: more than ${MAX_COMBINATIONS} host combinations; server skipped`);
      return [];
    }
  }
  const origins = new Set<string>();
  for (const combo of combinations) {
    const expanded = originPart.replace(VARIABLE, (_, name: string) => combo[name] ?? '');
    const absolute = expanded.includes('://') ? expanded : `https://${expanded}`;
    const origin = originOf(absolute);
    if (!origin) {
      problems.push(`${where} ${JSON.stringify(server.url)}: ${JSON.stringify(expanded)} is not an http(s) origin`);
      continue;
    }
    const parsed = new URL(absolute);
    if (parsed.username || parsed.password) {
      problems.push(`${where} ${JSON.stringify(server.url)}: credentials in a server URL are not allowed`);
      continue;
    }
    origins.add(origin);
  }
  return [...origins];
}
