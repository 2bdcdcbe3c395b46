/**
 * Assistant API keys: `lectern_dsc_<random>`, public (safe in client code), each scoped to one organization and
 * some of its domains. Only the sha-256 of a key is stored; the key itself is shown once, at creation.
 */
import { createHash, randomBytes } from 'node:crypto';
import { openDatabase, transaction, type DatabaseSync } from './db.ts';

export const KEY_PREFIX = 'lectern_dsc_';

export interface KeyRecord {
  id: string;
  org: string;
  domains: string[];
  /** First characters of the key, for recognising it in listings (`lectern_dsc_AbCd…`). */
  hint: string;
  createdAt: string;
  revokedAt?: string;
}

/** Where keys and domain ownership live. SQLite by default; a hosted deployment can back it with anything. */
export interface KeyStore {
  /** Create a key; registers each domain to `org` (a domain of another organization is refused). */
  create(input: { org: string; domains: string[] }): Promise<{ record: KeyRecord; key: string }>;
  /** The key with this secret, revoked or not; `undefined` when unknown. */
  findBySecret(secret: string): Promise<KeyRecord | undefined>;
  list(): Promise<KeyRecord[]>;
  /** `false` when no such key. Revoking twice is fine. */
  revoke(id: string): Promise<boolean>;
  /** The organization a domain belongs to, `undefined` for an unknown domain. */
  domainOrg(domain: string): Promise<string | undefined>;
  /** Release the underlying connection, if any. */
  close?(): void;
}

export class KeyStoreError extends Error {}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function generateKey(): string {
  return KEY_PREFIX + randomBytes(24).toString('base64url');
}

export function isValidName(name: string): boolean {
  return NAME.test(name);
}

/** SQLite key store (`node:sqlite`). */
export function openSqliteKeyStore(pathOrDb: string | DatabaseSync): KeyStore {
  const db = typeof pathOrDb === 'string' ? openDatabase(pathOrDb) : pathOrDb;
  db.exec(`
    CREATE TABLE IF NOT EXISTS assistant_domains (domain TEXT PRIMARY KEY, org TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS assistant_keys (
      id TEXT PRIMARY KEY, org TEXT NOT NULL, hash TEXT NOT NULL UNIQUE, hint TEXT NOT NULL,
      created_at TEXT NOT NULL, revoked_at TEXT);
    CREATE TABLE IF NOT EXISTS assistant_key_domains (
      key_id TEXT NOT NULL REFERENCES assistant_keys(id) ON DELETE CASCADE, domain TEXT NOT NULL,
      PRIMARY KEY (key_id, domain));
  `);
  const getDomain = db.prepare('SELECT org FROM assistant_domains WHERE domain = ?');
  const insertDomain = db.prepare('INSERT OR IGNORE INTO assistant_domains (domain, org) VALUES (?, ?)');
  const insertKey = db.prepare('INSERT INTO assistant_keys (id, org, hash, hint, created_at) VALUES (?, ?, ?, ?, ?)');
  const insertKeyDomain = db.prepare('INSERT OR IGNORE INTO assistant_key_domains (key_id, domain) VALUES (?, ?)');
  const byHash = db.prepare('SELECT * FROM assistant_keys WHERE hash = ?');
  const domainsOf = db.prepare('SELECT domain FROM assistant_key_domains WHERE key_id = ? ORDER BY domain');
  const all = db.prepare('SELECT * FROM assistant_keys ORDER BY created_at, id');
  const revoke = db.prepare('UPDATE assistant_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?');

  const toRecord = (row: Record<string, unknown>): KeyRecord => {
    const record: KeyRecord = {
      id: String(row.id),
      org: String(row.org),
      domains: domainsOf.all(String(row.id)).map((r) => String(r.domain)),
      hint: String(row.hint),
      createdAt: String(row.created_at),
    };
    if (row.revoked_at != null) record.revokedAt = String(row.revoked_at);
    return record;
  };

  return {
    async create({ org, domains }) {
      if (!isValidName(org)) throw new KeyStoreError(`invalid organization "${org}": use letters, digits, ".", "_" or "-"`);
      if (domains.length === 0) throw new KeyStoreError('a key needs at least one domain');
      for (const d of domains) {
        if (!isValidName(d)) throw new KeyStoreError(`invalid domain "${d}": use letters, digits, ".", "_" or "-"`);
      }
      const key = generateKey();
      const id = 'key_' + randomBytes(8).toString('hex');
      const createdAt = new Date().toISOString();
      transaction(db, () => {
        for (const d of domains) {
          const owner = getDomain.get(d) as { org: string } | undefined;
          if (owner && owner.org !== org) {
            throw new KeyStoreError(`domain "${d}" belongs to another organization`);
          }
          insertDomain.run(d, org);
        }
        insertKey.run(id, org, hashSecret(key), key.slice(0, KEY_PREFIX.length + 4), createdAt);
        for (const d of domains) insertKeyDomain.run(id, d);
      });
      return { key, record: toRecord({ id, org, hint: key.slice(0, KEY_PREFIX.length + 4), created_at: createdAt }) };
    },
    async findBySecret(secret) {
      const row = byHash.get(hashSecret(secret));
      return row ? toRecord(row) : undefined;
    },
    async list() {
      return all.all().map(toRecord);
    },
    async revoke(id) {
      return Number(revoke.run(new Date().toISOString(), id).changes) > 0;
    },
    async domainOrg(domain) {
      const row = getDomain.get(domain) as { org: string } | undefined;
      return row?.org;
    },
    close() {
      if (typeof pathOrDb === 'string' && db.isOpen) db.close();
    },
  };
}
