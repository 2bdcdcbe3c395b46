/** `lectern keys create|list|revoke`: managing assistant keys from the command line. */
import { readFileSync } from 'node:fs';
import { KEY_PREFIX, KeyStoreError, openSqliteKeyStore, type KeyStore } from './keys.ts';
import { openPostgresStore } from './pg-store.ts';
import { DEFAULT_KEYS_DB } from './site.ts';
import { chooseDatabase, StoreUnavailableError } from './store.ts';

const KEYS_USAGE = `Usage:
  lectern keys create --org <org> --domain <domain> [--domain <domain> …] [--database <url> | --db <path>]
  lectern keys list [--database <url> | --db <path>] [--json]
  lectern keys revoke <id> [--database <url> | --db <path>]

Keys look like ${KEY_PREFIX}<random>. They are public (safe in client code) and scoped to an
organization and its domains. Only a hash is stored: the key is printed once, at creation.
Where keys live, as for lectern serve: --database <postgres://…> (PostgreSQL, shared by every instance),
else --db <path> (SQLite), else $DATABASE_URL, else docs.json lectern.assistant.database,
else ${DEFAULT_KEYS_DB} (or $LECTERN_KEYS_DB).`;

interface KeysArgs {
  command?: string;
  positional: string[];
  org?: string;
  domains: string[];
  db?: string;
  database?: string;
  json: boolean;
  help: boolean;
  errors: string[];
}

function parseKeysArgs(argv: string[]): KeysArgs {
  const out: KeysArgs = { positional: [], domains: [], json: false, help: false, errors: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
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
      if (v !== undefined)
        out.domains.push(
          ...v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        );
    } else if (flag === '--db') out.db = value();
    else if (flag === '--database') out.database = value();
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
  if (args.db !== undefined && args.database !== undefined)
    args.errors.push('use either --database (PostgreSQL) or --db (SQLite), not both');
  if (args.errors.length > 0) {
    for (const e of args.errors) err(`lectern keys: ${e}`);
    err(KEYS_USAGE);
    return 2;
  }
  let store: KeyStore;
  let where: string;
  let closeStore: () => Promise<void> | void;
  try {
    const choice =
      args.db !== undefined
        ? { source: '--db' }
        : chooseDatabase({ flag: args.database, env: process.env.DATABASE_URL, settings: docsJsonDatabase() });
    if (choice.url) {
      const pg = openPostgresStore(choice.url);
      where = pg.description;
      closeStore = () => pg.close();
      try {
        await pg.ready();
      } catch (error) {
        await pg.close();
        err(`lectern keys: ${(error as Error).message}`);
        return 1;
      }
      store = pg.keys;
    } else {
      const dbPath = args.db ?? process.env.LECTERN_KEYS_DB ?? DEFAULT_KEYS_DB;
      where = `SQLite ${dbPath}`;
      try {
        store = openSqliteKeyStore(dbPath);
      } catch (error) {
        err(`lectern keys: cannot open ${dbPath}: ${(error as Error).message}`);
        return 1;
      }
      const sqlite = store;
      closeStore = () => sqlite.close?.();
    }
  } catch (error) {
    err(`lectern keys: ${(error as Error).message}`);
    return 1;
  }
  try {
    if (args.command === 'create') {
      const { key, record } = await store.create({ org: args.org!, domains: args.domains });
      if (args.json) out(JSON.stringify({ ...record, key }));
      else {
        out(`Created key ${record.id} for organization ${record.org} (domains: ${record.domains.join(', ')}) in ${where}`);
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
      else if (keys.length === 0) out(`No keys in ${where}.`);
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
    out(`Revoked ${id} in ${where}.`);
    return 0;
  } catch (error) {
    if (error instanceof KeyStoreError || error instanceof StoreUnavailableError) {
      err(`lectern keys: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await closeStore();
  }
}

/** docs.json `lectern.assistant.database` of the working directory (the docs repo), when set. */
function docsJsonDatabase(): unknown {
  try {
    const config = JSON.parse(readFileSync('docs.json', 'utf8')) as { lectern?: { assistant?: { database?: unknown } } };
    return config.lectern?.assistant?.database;
  } catch {
    return undefined;
  }
}
