/**
 * The site's own public assistant key, for the "Ask AI" panel of its pages. `lectern serve` with the assistant on
 * keeps one key for the site's domain in `.lectern/assistant-site-key.json` (the key itself: it is public by design,
 * as Mintlify's are) and creates it in the key store the first time, or again when it was revoked. The pages read
 * it from `GET {base}/_lectern/assistant.json` (see `panelConfig`).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isValidName, type KeyStore } from './keys.ts';

export const SITE_KEY_FILE = '.lectern/assistant-site-key.json';

/** What `GET {base}/_lectern/assistant.json` answers: where the panel sends questions and with which key. */
export interface PanelConfig {
  version: 1;
  domain: string;
  key: string;
  /** The v2 endpoint, relative to the site's origin (under the base path). */
  endpoint: string;
  /** docs.json `lectern.assistant.supportUrl` / `supportEmail`: the panel's "Contact support" deflection link. */
  support?: PanelSupport;
}

/** Where the panel deflects readers the assistant could not help: a support page, else an email address. */
export interface PanelSupport {
  url?: string;
  email?: string;
}

/** The domain the panel asks for: docs.json `lectern.assistant.domain`, else the site's name as a name the key store accepts. */
export function siteDomain(configured: readonly string[] | undefined, siteName: string | undefined): string {
  if (configured?.[0]) return configured[0];
  const slug = (siteName ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '')
    .slice(0, 100);
  return isValidName(slug) ? slug : 'docs';
}

async function readSaved(file: string): Promise<{ domain: string; key: string } | undefined> {
  try {
    const saved = JSON.parse(await readFile(file, 'utf8')) as { domain?: unknown; key?: unknown };
    return typeof saved.domain === 'string' && typeof saved.key === 'string' ? { domain: saved.domain, key: saved.key } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The saved key when it is still valid for `domain` (known, not revoked, covering the domain); otherwise a new key,
 * created for the organization that owns the domain (or a new organization named after it), and saved.
 */
export async function ensureSiteKey(keys: KeyStore, root: string, domain: string): Promise<{ key: string; created: boolean }> {
  const file = join(root, SITE_KEY_FILE);
  const saved = await readSaved(file);
  if (saved && saved.domain === domain) {
    const record = await keys.findBySecret(saved.key);
    if (record && !record.revokedAt && record.domains.includes(domain)) return { key: saved.key, created: false };
  }
  const org = (await keys.domainOrg(domain)) ?? domain;
  const { key } = await keys.create({ org, domains: [domain] });
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ domain, key }, null, 2) + '\n');
  return { key, created: true };
}

/** The panel's settings for a site served under `base` (`/` or `/pr-7/`). */
export function panelConfig(base: string, domain: string, key: string, support?: PanelSupport): PanelConfig {
  const endpoint = `${base}discovery/v2/assistant/${encodeURIComponent(domain)}/message`;
  return { version: 1, domain, key, endpoint, ...(support?.url || support?.email ? { support } : {}) };
}
