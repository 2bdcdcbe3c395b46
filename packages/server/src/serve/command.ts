/** `lectern serve [dir] --port <n> --host <addr> [--trust-proxy]`: serves `<dir>/dist` until SIGINT/SIGTERM. */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createServer, type ServeOptions } from './server.ts';

const USAGE = `Usage: lectern serve [dir] [--port <n>] [--host <address>] [--trust-proxy] [--assistant]

Serves the built site in <dir>/dist (dir defaults to ".") with the playground proxy, and the assistant API
(POST /discovery/v1/assistant/{domain}/message) when docs.json sets "lectern": {"assistant": {"enabled": true}}
or --assistant is given.
  --port, -p     port to listen on (default: $PORT or 4321)
  --host         address to bind (default: $HOST or 127.0.0.1; use 0.0.0.0 in a container)
  --trust-proxy  rate-limit by the last X-Forwarded-For entry (only behind your own reverse proxy)
  --assistant    mount the assistant API even when docs.json does not enable it
  --allowed-host <host>  answer requests for this host name (repeatable; ".example.com" includes subdomains;
                 "*" any). IP addresses, localhost and the host of docs.json "lectern.site" are always allowed;
                 other hosts get 403 (DNS-rebinding protection). Also: $LECTERN_ALLOWED_HOSTS, comma-separated`;

/** Extra wiring the CLI may pass (the assistant handler, an auth gate, a logger). */
export type ServeCommandExtras = Pick<ServeOptions, 'assistant' | 'auth' | 'log'>;

/** Runs the command; resolves with the exit code once the server has shut down (or failed to start). */
export async function runServeCommand(argv: string[], extras: ServeCommandExtras = {}): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    console.error(`lectern serve: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length > 1) {
    console.error(`lectern serve: expected at most one directory, got ${positionals.join(' ')}\n\n${USAGE}`);
    return 2;
  }
  const portText = values.port ?? process.env.PORT ?? '4321';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`lectern serve: --port must be an integer from 0 to 65535, got ${JSON.stringify(portText)}`);
    return 2;
  }
  const dist = path.resolve(positionals[0] ?? '.', 'dist');
  try {
    if (!(await stat(dist)).isDirectory()) throw new Error('not a directory');
  } catch {
    console.error(`lectern serve: no build found at ${dist}; run "lectern build" first`);
    return 1;
  }
  const root = path.resolve(positionals[0] ?? '.');
  const allowed = [...(values['allowed-host'] ?? []), ...(process.env.LECTERN_ALLOWED_HOSTS ?? '').split(',')].map((h) => h.trim()).filter(Boolean);
  const trustProxy = values['trust-proxy'] === true;
  let assistant = extras.assistant;
  const settings = await assistantSettings(root);
  if (!assistant && (values.assistant === true || settings.enabled)) {
    const { createAssistantHandler } = await import('../assistant/index.ts');
    assistant = createAssistantHandler({ root, trustProxy, ...(settings.retentionDays !== undefined ? { retentionDays: settings.retentionDays } : {}) });
  }
  let server: Awaited<ReturnType<typeof createServer>>;
  try {
    server = await createServer({
      ...extras,
      ...(assistant ? { assistant } : {}),
      dist,
      port,
      host: values.host ?? process.env.HOST ?? '127.0.0.1',
      proxy: { trustProxy },
      allowedHosts: allowed.includes('*') ? true : allowed,
    });
  } catch (error) {
    console.error(`lectern serve: ${(error as Error).message}`);
    return 1;
  }
  const log = extras.log === false ? () => {} : (extras.log ?? ((line: string) => console.log(line)));
  log(`lectern serve: serving ${dist} at ${server.url}`);
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      log(`lectern serve: ${signal} received, finishing in-flight requests`);
      server.close().then(resolve, resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  log('lectern serve: stopped');
  return 0;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string', short: 'p' },
      host: { type: 'string' },
      'trust-proxy': { type: 'boolean' },
      assistant: { type: 'boolean' },
      'allowed-host': { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

/** docs.json `lectern.assistant` (read directly: serving must not pay for planning the site). */
async function assistantSettings(root: string): Promise<{ enabled: boolean; retentionDays?: number }> {
  try {
    const config = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8')) as { lectern?: { assistant?: { enabled?: unknown; retentionDays?: unknown } } };
    const days = config.lectern?.assistant?.retentionDays;
    return { enabled: config.lectern?.assistant?.enabled === true, ...(typeof days === 'number' && days >= 0 ? { retentionDays: days } : {}) };
  } catch {
    return { enabled: false };
  }
}
