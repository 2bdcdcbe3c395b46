/**
 * The `lectern` command. `build | dev | preview | init` live here; `check | generate | schema` come from
 * @lectern/core, `serve | keys` from @lectern/server (loaded on demand so each command only pays for what it uses;
 * those parse their own options and print their own help).
 */
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { LecternBuildError } from '../mdx/errors.ts';

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | undefined>;

interface LocalCommand {
  usage: string;
  about: string;
  options: Options;
  /** Help text of each option, in order. */
  help: Array<[flag: string, text: string]>;
  run(dir: string, values: Values): Promise<number>;
}

const HELP = `lectern — docs for API products (docs.json + MDX + OpenAPI/AsyncAPI)

Usage: lectern <command> [dir] [options]      (dir: the docs repo, default the current folder)

Commands:
  init [dir]       Create a new docs repo from the starter template (no network needed)
  dev [dir]        Start the dev server with live reload (default port 4321)
  build [dir]      Build the static site into <dir>/dist (a failing page is left out; every failure listed, exit 1)
  preview [dir]    Serve the built site locally
  check [dir]      Validate docs.json, pages, specs and internal links without building
  generate [dir]   Write generated endpoint pages as MDX files
  serve [dir]      Serve the built site with the playground proxy and assistant API
  keys <cmd>       Manage assistant API keys
  feedback [dir]   List the pages' "Was this page helpful?" ratings (taken by serve), or delete old ones (--prune)
  schema           Print the JSON Schema of docs.json (for editors)

Run \`lectern <command> --help\` for a command's options.
`;

const port = { type: 'string' } as const;
const host = { type: 'string' } as const;
const help = { type: 'boolean', short: 'h' } as const;
/** How long `lectern dev` waits for its server to close once interrupted. */
const STOP_GRACE_MS = 5_000;

const LOCAL: Record<string, LocalCommand> = {
  build: {
    usage: 'lectern build [dir] [--out <dir>] [--base <path>] [--site <url>] [--strict]',
    about:
      'Builds the static site. A page that fails to compile or render is left out: every other page and the rest of the site are written, every failure is listed with file and line, and the build exits 1. Errors in docs.json, the navigation or specs stop it before anything is written.',
    options: { out: { type: 'string' }, base: { type: 'string' }, site: { type: 'string' }, strict: { type: 'boolean' }, help },
    help: [
      ['--out <dir>', 'output directory (default <dir>/dist)'],
      ['--base <path>', 'serve the site under a sub-path, e.g. /pr-42/ for a pull-request preview'],
      ['--site <url>', 'the address the site is published at, for absolute URLs (canonical, sitemap, llms.txt)'],
      ['--strict', 'warnings (broken links, unknown components, …) fail the build too'],
    ],
    async run(dir, v) {
      const { buildSite, normalizeBase, normalizeSite } = await import('./run.ts');
      try {
        if (typeof v.base === 'string') normalizeBase(v.base);
        if (typeof v.site === 'string') normalizeSite(v.site);
      } catch (err) {
        throw new UsageError((err as Error).message);
      }
      const { outDir } = await buildSite(dir, {
        outDir: typeof v.out === 'string' ? path.resolve(v.out) : undefined,
        base: v.base as string | undefined,
        site: v.site as string | undefined,
        strict: v.strict === true,
      });
      process.stdout.write(`lectern: built ${path.relative(process.cwd(), outDir) || outDir}\n`);
      return 0;
    },
  },
  dev: {
    usage: 'lectern dev [dir] [--port <n>] [--host <address>]',
    about: 'Starts the dev server: pages, specs and docs.json are watched and the browser reloads on change.',
    options: { port, host, help },
    help: [
      ['--port <n>', 'port to listen on (default 4321)'],
      ['--host <address>', 'address to bind (default 127.0.0.1)'],
    ],
    async run(dir, v) {
      const { devSite } = await import('./run.ts');
      // Runs until interrupted; then the server closes (and keeps its highlighting cache for the next start). A page
      // still loading its modules when the server closes (the start's warm-up, a reader's request) waits for answers
      // its closed module runner never gets, and Vite gives up only after 60 s: past a few seconds, exit anyway. The
      // signals are taken from the start, the warm-up included.
      let interrupted: () => void = () => {};
      const stopped = new Promise<void>((resolve) => (interrupted = resolve));
      const stop = () => {
        setTimeout(() => process.exit(0), STOP_GRACE_MS).unref();
        interrupted();
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      const server = await devSite(dir, { port: portOf(v), host: v.host as string | undefined });
      await stopped;
      await server.stop();
      return 0;
    },
  },
  preview: {
    usage: 'lectern preview [dir] [--out <dir>] [--port <n>] [--host <address>]',
    about: 'Serves the built site (no proxy, no assistant: `lectern serve` has those).',
    options: { out: { type: 'string' }, port, host, help },
    help: [
      ['--out <dir>', 'the built site (default <dir>/dist)'],
      ['--port <n>', 'port to listen on (default 4321)'],
      ['--host <address>', 'address to bind (default 127.0.0.1)'],
    ],
    async run(dir, v) {
      const { previewSite } = await import('./run.ts');
      await previewSite(dir, {
        outDir: typeof v.out === 'string' ? path.resolve(v.out) : undefined,
        port: portOf(v),
        host: v.host as string | undefined,
      });
      return new Promise<number>(() => {});
    },
  },
  init: {
    usage: 'lectern init [dir] [--force]',
    about: 'Creates a docs repo from the starter template: docs.json, pages, an OpenAPI file, package.json scripts.',
    options: { force: { type: 'boolean' }, help },
    help: [['--force', 'write the starter files even if the folder already has a docs.json']],
    async run(dir, v) {
      const { initRepo } = await import('./init.ts');
      const files = await initRepo(dir, { force: v.force === true });
      const rel = path.relative(process.cwd(), dir) || '.';
      process.stdout.write(`lectern: created ${files.length} files in ${dir}\nNext: cd ${rel} && npm install && npm run dev\n`);
      return 0;
    },
  },
};

type Runner = (argv: string[]) => Promise<number | void> | number | void;
/** Commands that parse their own options (loaded on demand); check adds the build's MDX analysis to core's. */
const DELEGATED: Record<string, () => Promise<Runner>> = {
  check: async () => (await import('./check.ts')).runCheck,
  generate: async () => (await import('@lectern/core')).runGenerateCommand,
  schema: async () => (await import('@lectern/core')).runSchemaCommand,
  serve: async () => (await import('@lectern/server')).runServeCommand,
  keys: async () => (await import('@lectern/server')).runKeysCommand,
  feedback: async () => (await import('@lectern/server')).runFeedbackCommand,
};

function portOf(v: Values): number | undefined {
  if (v.port === undefined) return undefined;
  const n = Number(v.port);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new UsageError(`--port must be an integer from 0 to 65535, got ${JSON.stringify(v.port)}`);
  return n;
}

class UsageError extends Error {}

function commandHelp(name: string, cmd: LocalCommand): string {
  const width = Math.max(...cmd.help.map(([f]) => f.length), '-h, --help'.length) + 2;
  const lines = [...cmd.help, ['-h, --help', 'show this help'] as [string, string]].map(([f, t]) => `  ${f.padEnd(width)}${t}`);
  return `Usage: ${cmd.usage}\n\n${cmd.about}\n\nOptions:\n${lines.join('\n')}\n`;
}

/** Parse a local command's arguments; an unknown option or a missing value names itself and what is allowed. */
export function parseCommand(name: string, cmd: LocalCommand, argv: string[]): { dir: string; values: Values } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: cmd.options, allowPositionals: true, strict: true });
  } catch (err) {
    const e = err as Error & { code?: string };
    const allowed = cmd.help
      .map(([f]) => f)
      .concat('--help')
      .join(', ');
    const flag = /'(-{1,2}[^' ]+)/.exec(e.message)?.[1];
    if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`unknown option ${flag ?? e.message}. Allowed: ${allowed}`);
    if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new UsageError(`${flag ?? 'an option'} needs a value. Allowed: ${allowed}`);
    throw new UsageError(e.message);
  }
  if (parsed.positionals.length > 1)
    throw new UsageError(`expected at most one folder, got ${parsed.positionals.map((p) => JSON.stringify(p)).join(' ')}`);
  return { dir: path.resolve(parsed.positionals[0] ?? '.'), values: parsed.values as Values };
}

async function delegated(load: () => Promise<Runner>, argv: string[]): Promise<number> {
  const code = await (await load())(argv);
  return typeof code === 'number' ? code : 0;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    const topic = command === 'help' ? rest[0] : undefined;
    if (topic && LOCAL[topic]) {
      process.stdout.write(commandHelp(topic, LOCAL[topic]));
      return 0;
    }
    if (topic && DELEGATED[topic]) return delegated(DELEGATED[topic], ['--help']);
    process.stdout.write(HELP);
    return command ? 0 : 1;
  }
  if (command === '--version' || command === '-v') {
    const { readFileSync } = await import('node:fs');
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    process.stdout.write(`${pkg.version}\n`);
    return 0;
  }
  const target = DELEGATED[command];
  if (target) return delegated(target, rest);
  const cmd = LOCAL[command];
  if (!cmd) {
    process.stderr.write(`lectern: unknown command "${command}".\n\n${HELP}`);
    return 1;
  }
  let parsed;
  try {
    parsed = parseCommand(command, cmd, rest);
  } catch (err) {
    process.stderr.write(`lectern ${command}: ${(err as Error).message}\nRun \`lectern ${command} --help\` for usage.\n`);
    return 2;
  }
  if (parsed.values.help) {
    process.stdout.write(commandHelp(command, cmd));
    return 0;
  }
  try {
    return await cmd.run(parsed.dir, parsed.values);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`lectern ${command}: ${err.message}\n`);
      return 2;
    }
    process.stderr.write(command === 'init' ? `lectern init: ${(err as Error).message}\n` : `\n${errorText(err)}\n`);
    return 1;
  }
}

function errorText(err: unknown): string {
  if (err instanceof LecternBuildError) return err.message;
  const e = err as { message?: string; loc?: { file?: string; line?: number; column?: number }; id?: string; name?: string };
  // Astro wraps errors thrown in integration hooks; find ours inside.
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof LecternBuildError) return cause.message;
  if (e?.message?.includes('Lectern found')) return e.message.slice(e.message.indexOf('Lectern found'));
  const where = e?.loc?.file ? `${e.loc.file}${e.loc.line ? `:${e.loc.line}` : ''}${e.loc.column ? `:${e.loc.column}` : ''} ` : '';
  return `error ${where}${e?.message ?? String(err)}`;
}
