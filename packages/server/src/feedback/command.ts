/**
 * `lectern feedback [dir] [--since <when>] [--json] [--database <url> | --db <path>]`: the pages' ratings, most
 * thumbs-down first. `--prune [--older-than <when>]`: delete old ratings instead (docs.json
 * `lectern.feedback.retentionDays` by default).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chooseDatabase } from '../assistant/store.ts';
import { DEFAULT_FEEDBACK_DB, openFeedbackStore, type FeedbackStore, type PageFeedback } from './store.ts';

const USAGE = `Usage: lectern feedback [dir] [--since <when>] [--json] [--database <url> | --db <path>]
       lectern feedback [dir] --prune [--older-than <when>] [--json] [--database <url> | --db <path>]

Lists the "Was this page helpful?" ratings lectern serve took (docs.json "feedback": {"thumbsRating": true}):
per page, thumbs up, thumbs down, the newest rating's time and the newest comment; most thumbs-down first.
  --since <when>   only ratings from then on: a date (2026-11-01, or a full ISO time) or an age (7d, 12h)
  --json           one JSON array: [{"path", "up", "down", "lastAt", "lastComment"?, "lastCommentAt"?}]
  --prune          delete the ratings older than docs.json lectern.feedback.retentionDays days (lectern serve
                   also does so on start and hourly), or than --older-than: an age (90d) or a date;
                   with --json, prints {"deleted", "before"}
Where ratings live, as for lectern serve: --database <postgres://…> (PostgreSQL), else --db <path> (SQLite),
else $DATABASE_URL, else <dir>/docs.json lectern.assistant.database, else <dir>/${DEFAULT_FEEDBACK_DB}
(dir: the docs repo, default the current folder).`;

/** `--since`: an age (`7d`, `12h`, `30m`) or a date; the ISO time it means, or `undefined` when it is neither. */
export function parseSince(value: string, now: number = Date.now()): string | undefined {
  const age = /^(\d+)([dhm])$/.exec(value.trim());
  if (age) return new Date(now - Number(age[1]) * { d: 86_400_000, h: 3_600_000, m: 60_000 }[age[2] as 'd' | 'h' | 'm']).toISOString();
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}

/** The ratings per page, from `since` (ISO) on. */
export async function listFeedback(store: FeedbackStore, since?: string): Promise<PageFeedback[]> {
  return store.summary(since);
}

/** The list as text, one page a line: counts, then the newest comment quoted. */
export function formatFeedback(pages: PageFeedback[], where: string): string {
  if (pages.length === 0) return `No ratings in ${where}.`;
  const width = Math.max(4, ...pages.map((p) => p.path.length));
  const lines = [`${'Page'.padEnd(width)}  Up  Down  Last rating               Last comment`];
  for (const p of pages) {
    const comment = p.lastComment ? JSON.stringify(p.lastComment.length > 80 ? p.lastComment.slice(0, 79) + '…' : p.lastComment) : '';
    lines.push(`${p.path.padEnd(width)}  ${String(p.up).padStart(2)}  ${String(p.down).padStart(4)}  ${p.lastAt}  ${comment}`.trimEnd());
  }
  return lines.join('\n');
}

/** Runs the command (`argv` follows `feedback`); resolves with the exit code: 0 ok, 1 failure, 2 usage error. */
export async function runFeedbackCommand(argv: string[]): Promise<number> {
  let values: {
    since?: string;
    json?: boolean;
    database?: string;
    db?: string;
    help?: boolean;
    prune?: boolean;
    'older-than'?: string;
  };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        since: { type: 'string' },
        json: { type: 'boolean' },
        database: { type: 'string' },
        db: { type: 'string' },
        prune: { type: 'boolean' },
        'older-than': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`lectern feedback: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length > 1) {
    console.error(`lectern feedback: expected at most one directory, got ${positionals.join(' ')}\n\n${USAGE}`);
    return 2;
  }
  const root = positionals[0] ?? '.';
  const since = values.since === undefined ? undefined : parseSince(values.since);
  if (values.since !== undefined && since === undefined) {
    console.error(
      `lectern feedback: --since: expected a date such as 2026-11-01 or an age such as 7d, 12h (got ${JSON.stringify(values.since)})`,
    );
    return 2;
  }
  if (values.db !== undefined && values.database !== undefined) {
    console.error('lectern feedback: use either --database (PostgreSQL) or --db (SQLite), not both');
    return 2;
  }
  if (values['older-than'] !== undefined && !values.prune) {
    console.error(`lectern feedback: --older-than goes with --prune (to list recent ratings, use --since)\n\n${USAGE}`);
    return 2;
  }
  const before = values.prune ? pruneBefore(root, values) : undefined;
  if (typeof before === 'number') return before;
  let store: FeedbackStore;
  try {
    const choice =
      values.db !== undefined
        ? {}
        : chooseDatabase({ flag: values.database, env: process.env.DATABASE_URL, settings: docsJsonDatabase(root) });
    store = openFeedbackStore(choice, values.db ?? path.join(root, DEFAULT_FEEDBACK_DB));
  } catch (error) {
    console.error(`lectern feedback: ${(error as Error).message}`);
    return 1;
  }
  try {
    if (before !== undefined) {
      const deleted = await store.prune(before);
      console.log(
        values.json ? JSON.stringify({ deleted, before }) : `Deleted ${deleted} ratings made before ${before} from ${store.description}.`,
      );
      return 0;
    }
    const pages = await listFeedback(store, since);
    console.log(values.json ? JSON.stringify(pages) : formatFeedback(pages, store.description));
    return 0;
  } catch (error) {
    console.error(`lectern feedback: ${(error as Error).message}`);
    return 1;
  } finally {
    await store.close();
  }
}

/** `--prune`: the ISO time ratings before which are deleted, or the exit code of a usage error (reported). */
function pruneBefore(root: string, values: { since?: string; 'older-than'?: string }): string | number {
  if (values.since !== undefined) {
    console.error(`lectern feedback: --since lists ratings; with --prune, say which to delete with --older-than\n\n${USAGE}`);
    return 2;
  }
  const olderThan = values['older-than'];
  if (olderThan !== undefined) {
    const before = parseSince(olderThan);
    if (before === undefined)
      console.error(
        `lectern feedback: --older-than: expected a date such as 2026-01-01 or an age such as 90d (got ${JSON.stringify(olderThan)})`,
      );
    return before ?? 2;
  }
  const retention = readRetentionDays(root);
  if ('problem' in retention) {
    console.error(`lectern feedback: ${retention.problem}`);
    return 2;
  }
  if (retention.retentionDays === undefined) {
    console.error(
      `lectern feedback: --prune needs an age: set "lectern": {"feedback": {"retentionDays": 365}} in ${path.join(root, 'docs.json')} or pass --older-than 365d`,
    );
    return 2;
  }
  return new Date(Date.now() - retention.retentionDays * 86_400_000).toISOString();
}

interface DocsJson {
  lectern?: { assistant?: { database?: unknown }; feedback?: { retentionDays?: unknown } };
}

/** The docs repo's docs.json, or `{}` when it cannot be read (its own checks report that). */
function docsJson(root: string): DocsJson {
  try {
    const config: unknown = JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8'));
    return typeof config === 'object' && config !== null ? (config as DocsJson) : {};
  } catch {
    return {};
  }
}

/** docs.json `lectern.assistant.database` of the docs repo, when set. */
function docsJsonDatabase(root: string): unknown {
  return docsJson(root).lectern?.assistant?.database;
}

/**
 * docs.json `lectern.feedback.retentionDays` of the docs repo (read directly, as `lectern serve` reads its settings):
 * `{retentionDays}` when set, `{}` when not, `{problem}` naming its JSON pointer when it is no whole number of days.
 */
export function readRetentionDays(root: string): { retentionDays?: number } | { problem: string } {
  const days = docsJson(root).lectern?.feedback?.retentionDays;
  if (days === undefined) return {};
  if (typeof days === 'number' && Number.isInteger(days) && days >= 1) return { retentionDays: days };
  return {
    problem: `docs.json /lectern/feedback/retentionDays: expected a whole number of days, at least 1, such as 365 (got ${JSON.stringify(days)})`,
  };
}
