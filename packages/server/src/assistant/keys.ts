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
  const insertKey = db.prepare(
    'INSERT INTO assistant_keys (id, org, hash, hint, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const insertKeyDomain = db.prepare('INSERT OR IGNORE INTO assistant_key_domains (key_id, domain) VALUES (?, ?)');
  const byHash = db.prepare('SELECT * FROM assistant_keys WHERE hash = ?');
  const domainsOf = db.prepare('SELECT domain FROM assistant_key_domains WHERE key_id = ? ORDER BY domain');
  const all = db.prepare('SELECT * FROM assistant_keys ORDER BY created_at, id');
  const revoke = db.prepare(
    'UPDATE assistant_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?',
  );

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

// ---------------------------------------------------------------------------------------------
// `lectern keys …`
// ---------------------------------------------------------------------------------------------

export const DEFAULT_KEYS_DB = '.lectern/assistant-keys.db';

const KEYS_USAGE = `Usage:
  lectern keys create --org <org> --domain <domain> [--domain <domain> …] [--db <path>]
  lectern keys list [--db <path>] [--json]
  lectern keys revoke <id> [--db <path>]

Keys look like ${KEY_PREFIX}<random>. They are public (safe in client code) and scoped to an
organization and its domains. Only a hash is stored: the key is printed once, at creation.
Default database: ${DEFAULT_KEYS_DB} (or $LECTERN_KEYS_DB).`;

interface KeysArgs {
  command?: string;
  positional: string[];
  org?: string;
  domains: string[];
  db?: string;
  json: boolean;
  help: boolean;
  errors: string[];
}

function parseKeysArgs(argv: string[]): KeysArgs {
  const out: KeysArgs = { positional: [], domains: [], json: false, help: false, errors: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string | undefined => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) {
        out.errors.push(`${flag} needs a value`);
        return undefined;
      }
      i++;
      return next;
    };
    if (flag === '--org') out.org = value();
    else if (flag === '--domain') {
      const v = value();
      if (v !== undefined) out.domains.push(...v.split(',').map((s) => s.trim()).filter(Boolean));
    } else if (flag === '--db') out.db = value();
    else if (flag === '--json') out.json = true;
    else if (flag === '--help' || flag === '-h') out.help = true;
    else if (flag.startsWith('-')) out.errors.push(`unknown option ${flag}`);
    else if (out.command === undefined) out.command = arg;
    else out.positional.push(arg);
  }
  return out;
}

/**
 * `lectern keys create|list|revoke`. `argv` is what follows `keys`. Returns the process exit code
 * (0 ok, 1 failure, 2 usage error). Output goes to stdout, errors to stderr.
 */
export async function runKeysCommand(argv: string[]): Promise<number> {
  const args = parseKeysArgs(argv);
  const out = (s: string) => process.stdout.write(s + '\n');
  const err = (s: string) => process.stderr.write(s + '\n');
  if (args.help || args.command === undefined || args.command === 'help') {
    (args.help || args.command === 'help' ? out : err)(KEYS_USAGE);
    return args.help || args.command === 'help' ? 0 : 2;
  }
  if (!['create', 'list', 'revoke'].includes(args.command)) args.errors.push(`unknown command "${args.command}"`);
  if (args.command === 'create') {
    if (!args.org) args.errors.push('--org is required');
    if (args.domains.length === 0) args.errors.push('at least one --domain is required');
    if (args.positional.length > 0) args.errors.push(`unexpected argument "${args.positional[0]}"`);
  }
  if (args.command === 'revoke' && args.positional.length !== 1) args.errors.push('revoke needs exactly one key id');
  if (args.command === 'list' && args.positional.length > 0) args.errors.push(`unexpected argument "${args.positional[0]}"`);
  if (args.errors.length > 0) {
    for (const e of args.errors) err(`lectern keys: ${e}`);
    err(KEYS_USAGE);
    return 2;
  }
  const dbPath = args.db ?? process.env.LECTERN_KEYS_DB ?? DEFAULT_KEYS_DB;
  let store: KeyStore;
  try {
    store = openSqliteKeyStore(dbPath);
  } catch (error) {
    err(`lectern keys: cannot open ${dbPath}: ${(error as Error).message}`);
    return 1;
  }
  try {
    if (args.command === 'create') {
      const { key, record } = await store.create({ org: args.org!, domains: args.domains });
      if (args.json) out(JSON.stringify({ ...record, key }));
      else {
        out(`Created key ${record.id} for organization ${record.org} (domains: ${record.domains.join(', ')})`);
        out('');
        out(`  ${key}`);
        out('');
        out('This is the only time the key is shown: store it now. It is public (safe in client code).');
      }
      return 0;
    }
    if (args.command === 'list') {
      const keys = await store.list();
      if (args.json) out(JSON.stringify(keys));
      else if (keys.length === 0) out('No keys.');
      else {
        for (const k of keys) {
          const state = k.revokedAt ? `revoked ${k.revokedAt}` : 'active';
          out(`${k.id}  ${k.hint}…  org=${k.org}  domains=${k.domains.join(',')}  created ${k.createdAt}  ${state}`);
        }
      }
      return 0;
    }
    const id = args.positional[0]!;
    if (!(await store.revoke(id))) {
      err(`lectern keys: no key with id "${id}" (see \`lectern keys list\`)`);
      return 1;
    }
    out(`Revoked ${id}.`);
    return 0;
  } catch (error) {
    if (error instanceof KeyStoreError) {
      err(`lectern keys: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    store.close?.();
  }
}
