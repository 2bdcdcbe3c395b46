/**
 * The `lectern` command. `build | dev | preview | init` live here; `check | generate` come from @lectern/core,
 * `serve | keys` from @lectern/server (loaded on demand so each command only pays for what it uses).
 */
import path from 'node:path';
import { LecternBuildError } from './errors.ts';

const HELP = `lectern — docs for API products (docs.json + MDX + OpenAPI/AsyncAPI)

Usage: lectern <command> [dir] [options]

Commands:
  init [dir]       Create a new docs repo from the starter template (no network needed)
  dev [dir]        Start the dev server with live reload (default port 4321)
  build [dir]      Build the static site into <dir>/dist (fails with every error, file and line)
  preview [dir]    Serve the built site locally
  check [dir]      Validate docs.json, pages, specs and internal links without building
  generate [dir]   Write generated endpoint pages as MDX files
  serve [dir]      Serve the built site with the playground proxy and assistant API
  keys <cmd>       Manage assistant API keys
  schema           Print the JSON Schema of docs.json (for editors)

Options:
  --port <n>       Port for dev / preview (default 4321)
  --host <addr>    Host for dev / preview (default 127.0.0.1)
  --out <dir>      Output directory for build (default <dir>/dist)
  --strict         check: warnings (broken links, missing descriptions) fail too
  --json           check: diagnostics as JSON
  -h, --help       Show this help
`;

interface Parsed { positional: string[]; flags: Record<string, string | boolean> }

function parse(argv: string[]): Parsed {
  const positional: string[] = [];
  const flags: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const [k, v] = a.slice(2).split('=', 2) as [string, string | undefined];
      if (v !== undefined) flags[k] = v;
      else if (argv[i + 1] && !argv[i + 1]!.startsWith('-') && ['port', 'host', 'out'].includes(k)) flags[k] = argv[++i]!;
      else flags[k] = true;
    } else if (a === '-h') flags.help = true;
    else positional.push(a);
  }
  return { positional, flags };
}

type Runner = (argv: string[]) => Promise<number | void> | number | void;

async function external(pkg: string, fn: string, argv: string[]): Promise<number> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pkg)) as Record<string, unknown>;
  } catch (err) {
    process.stderr.write(`lectern: ${pkg} could not be loaded (${(err as Error).message}).\n`);
    return 1;
  }
  const run = mod[fn] as Runner | undefined;
  if (typeof run !== 'function') {
    process.stderr.write(`lectern: this command is not available yet (${pkg} does not export ${fn}).\n`);
    return 1;
  }
  const code = await run(argv);
  return typeof code === 'number' ? code : 0;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { positional, flags } = parse(rest);
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(HELP);
    return command ? 0 : 1;
  }
  if (flags.help) { process.stdout.write(HELP); return 0; }
  const dir = path.resolve(positional[0] ?? '.');
  const port = flags.port ? Number(flags.port) : undefined;
  const host = typeof flags.host === 'string' ? flags.host : undefined;
  switch (command) {
    case 'build': {
      const { buildSite } = await import('./run.ts');
      try {
        const { outDir } = await buildSite(dir, { outDir: typeof flags.out === 'string' ? path.resolve(flags.out) : undefined });
        process.stdout.write(`lectern: built ${path.relative(process.cwd(), outDir) || outDir}\n`);
        return 0;
      } catch (err) {
        process.stderr.write(`\n${errorText(err)}\n`);
        return 1;
      }
    }
    case 'dev': {
      const { devSite } = await import('./run.ts');
      try {
        await devSite(dir, { port, host });
        return await new Promise<number>(() => {}); // runs until interrupted
      } catch (err) {
        process.stderr.write(`\n${errorText(err)}\n`);
        return 1;
      }
    }
    case 'preview': {
      const { previewSite } = await import('./run.ts');
      try {
        await previewSite(dir, { port, host });
        return await new Promise<number>(() => {});
      } catch (err) {
        process.stderr.write(`\n${errorText(err)}\n`);
        return 1;
      }
    }
    case 'init': {
      const { initRepo } = await import('./init.ts');
      try {
        const files = await initRepo(dir, { force: flags.force === true });
        process.stdout.write(`lectern: created ${files.length} files in ${dir}\nNext: cd ${path.relative(process.cwd(), dir) || '.'} && npx lectern dev\n`);
        return 0;
      } catch (err) {
        process.stderr.write(`lectern init: ${(err as Error).message}\n`);
        return 1;
      }
    }
    case 'check': return external('@lectern/core', 'runCheckCommand', rest);
    case 'generate': return external('@lectern/core', 'runGenerateCommand', rest);
    case 'serve': return external('@lectern/server', 'runServeCommand', rest);
    case 'keys': return external('@lectern/server', 'runKeysCommand', rest);
    case 'schema': return external('@lectern/core', 'runSchemaCommand', rest);
    default:
      process.stderr.write(`lectern: unknown command "${command}".\n\n${HELP}`);
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
