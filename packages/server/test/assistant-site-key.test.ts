/**
 * The site's own panel key (src/assistant/site-key.ts): created once for the site's domain in a real SQLite key
 * store, reused while it is valid, replaced when it is revoked or the domain changes, created for the organization
 * that already owns the domain; and the domain the panel uses when docs.json names none.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteKeyStore, type KeyStore } from '../src/assistant/keys.ts';
import { ensureSiteKey, panelConfig, siteDomain, SITE_KEY_FILE } from '../src/assistant/site-key.ts';

let root = '';
let keys: KeyStore;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'lectern-site-key-'));
  keys = openSqliteKeyStore(path.join(root, 'keys.db'));
});
afterEach(() => {
  keys.close?.();
  rmSync(root, { recursive: true, force: true });
});

describe('ensureSiteKey', () => {
  it('creates the key once, saves it, and reuses it while it is valid', async () => {
    const first = await ensureSiteKey(keys, root, 'acme');
    expect(first.created).toBe(true);
    expect(JSON.parse(readFileSync(path.join(root, SITE_KEY_FILE), 'utf8'))).toEqual({ domain: 'acme', key: first.key });
    const record = await keys.findBySecret(first.key);
    expect(record).toMatchObject({ org: 'acme', domains: ['acme'] });
    expect(await ensureSiteKey(keys, root, 'acme')).toEqual({ key: first.key, created: false });
    expect(await keys.list()).toHaveLength(1);
  });

  it('replaces a revoked key and a key for another domain', async () => {
    const first = await ensureSiteKey(keys, root, 'acme');
    await keys.revoke((await keys.findBySecret(first.key))!.id);
    const second = await ensureSiteKey(keys, root, 'acme');
    expect(second.created).toBe(true);
    expect(second.key).not.toBe(first.key);
    const third = await ensureSiteKey(keys, root, 'acme-staging');
    expect(third.created).toBe(true);
    expect((await keys.findBySecret(third.key))!.domains).toEqual(['acme-staging']);
  });

  it("creates the key for the organization that already owns the domain (lectern keys create's)", async () => {
    await keys.create({ org: 'acme-inc', domains: ['acme'] });
    const made = await ensureSiteKey(keys, root, 'acme');
    expect((await keys.findBySecret(made.key))!.org).toBe('acme-inc');
  });
});

describe('siteDomain and panelConfig', () => {
  it("uses docs.json's domain, else the site's name as a domain name", () => {
    expect(siteDomain(['acme-docs'], 'Whatever')).toBe('acme-docs');
    expect(siteDomain(undefined, 'Acme Docs')).toBe('acme-docs');
    expect(siteDomain(undefined, '  Ünïcode & Co. ')).toBe('unicode-co');
    expect(siteDomain(undefined, '***')).toBe('docs');
    expect(siteDomain(undefined, undefined)).toBe('docs');
  });

  it('puts the endpoint under the base path', () => {
    expect(panelConfig('/pr-7/', 'acme', 'k').endpoint).toBe('/pr-7/discovery/v2/assistant/acme/message');
    expect(panelConfig('/', 'acme', 'k')).toEqual({
      version: 1,
      domain: 'acme',
      key: 'k',
      endpoint: '/discovery/v2/assistant/acme/message',
    });
  });
});
