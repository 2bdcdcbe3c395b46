/** `lectern serve [dir] --port <n> --host <addr> [--trust-proxy] [--database <url>]`: serves `<dir>/dist` until SIGINT/SIGTERM. */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { KeyStore } from '../assistant/keys.ts';
import type { PanelSupport } from '../assistant/site-key.ts';
import { createServer, readManifest, type ServeOptions } from './server.ts';

const USAGE = `Usage: lectern serve [dir] [--port <n>] [--host <address>] [--trust-proxy] [--proxy-max-concurrent <n>] [--assistant] [--database <url>]

Serves the built site in <dir>/dist (dir defaults to ".") with the playground proxy, and the assistant API
(POST /discovery/v2/assistant/{domain}/message, and the deprecated v1) when docs.json sets
"lectern": {"assistant": {"enabled": true}} or --assistant is given; then GET /_lectern/assistant.json gives the
pages' "Ask AI" panel the site's public key (kept in <dir>/.lectern/assistant-site-key.json). POST /mcp is the docs'
MCP server (Streamable HTTP): tools "search" (the site's public pages) and "get_page" (a page's Markdown).
With docs.json "feedback": {"thumbsRating": true}, POST /_lectern/feedback takes the pages' "Was this page
helpful?" ratings (listed by lectern feedback), stored where the assistant keeps its data.
  --port, -p     port to listen on (default: $PORT or 4321)
  --host         address to bind (default: $HOST or 127.0.0.1; use 0.0.0.0 in a container)
  --trust-proxy  rate-limit by the last X-Forwarded-For entry (only behind your own reverse proxy)
  --proxy-max-concurrent <n>  playground requests the proxy has in flight at once, all readers together
                 (default: $LECTERN_PROXY_MAX_CONCURRENT or 48); past it, 503 proxy_at_capacity
  --assistant    mount the assistant API even when docs.json does not enable it
  --database <url>  keep assistant keys, threads, rate limits and page ratings in this PostgreSQL database, shared by every
                 instance that uses it (default: $DATABASE_URL, then docs.json lectern.assistant.database, else
                 SQLite files in <dir>/.lectern/)
  --allowed-host <host>  answer requests for this host name (repeatable; ".example.com" includes subdomains;
                 "*" any). IP addresses, localhost and the host of docs.json "lectern.site" are always allowed;
                 other hosts get 403 (DNS-rebinding protection). Also: $LECTERN_ALLOWED_HOSTS, comma-separated`;

/** Extra wiring the CLI may pass (the assistant handler, an auth gate, a logger). */
export type ServeCommandExtras = Pick<ServeOptions, 'assistant' | 'auth' | 'log' | 'assistantPanel'>;

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
  const allowed = [...(values['allowed-host'] ?? []), ...(process.env.LECTERN_ALLOWED_HOSTS ?? '').split(',')]
    .map((h) => h.trim())
    .filter(Boolean);
  const trustProxy = values['trust-proxy'] === true;
  const maxText = values['proxy-max-concurrent'] ?? process.env.LECTERN_PROXY_MAX_CONCURRENT;
  const maxConcurrent = maxText === undefined || maxText === '' ? undefined : Number(maxText);
  if (maxConcurrent !== undefined && !(Number.isInteger(maxConcurrent) && maxConcurrent >= 1)) {
    console.error(`lectern serve: --proxy-max-concurrent must be a whole number of at least 1, got ${JSON.stringify(maxText)}`);
    return 2;
  }
  const log = extras.log === false ? () => {} : (extras.log ?? ((line: string) => console.log(line)));
  let assistant = extras.assistant;
  let ownAssistant: { close(): Promise<void> } | undefined;
  let assistantPanel = extras.assistantPanel;
  const settings = await assistantSettings(root);
  if (!assistant && (values.assistant === true || settings.enabled)) {
    if (settings.problems.length > 0) {
      for (const problem of settings.problems) console.error(`lectern serve: ${problem}`);
      return 1;
    }
    const { createAssistantHandler, chooseDatabase, siteDomain } = await import('../assistant/index.ts');
    let database: string | undefined;
    try {
      database = chooseDatabase({ flag: values.database, env: process.env.DATABASE_URL, settings: settings.database }).url;
    } catch (error) {
      console.error(`lectern serve: ${(error as Error).message}`);
      return 1;
    }
    const handler = createAssistantHandler({
      root,
      trustProxy,
      ...(database ? { database } : {}),
      ...(settings.retentionDays !== undefined ? { retentionDays: settings.retentionDays } : {}),
      ...(settings.limits ? { limits: settings.limits } : {}),
      ...(settings.domains ? { domains: settings.domains } : {}),
    });
    assistant = handler;
    ownAssistant = handler;
    assistantPanel = sitePanel(handler.keys, root, siteDomain(settings.domains, settings.name), log, settings.support);
    log(`lectern serve: assistant keys, threads and limits in ${handler.storage}`);
    // Serving starts either way: while the database is unreachable the assistant answers 503, then recovers.
    handler.ready().then(
      () => database && log('lectern serve: assistant database reachable, schema up to date'),
      (error: unknown) =>
        log(`lectern serve: assistant database not reachable yet (${(error as Error).message}); the assistant answers 503 until it is`),
    );
  } else if (values.database !== undefined && !settings.feedback) {
    console.error(
      'lectern serve: --database is for the assistant and page ratings; enable one in docs.json (lectern.assistant.enabled, feedback.thumbsRating) or pass --assistant',
    );
    return 2;
  }
  const feedback = settings.feedback ? await feedbackStore(root, values.database, settings.database, log) : undefined;
  if (feedback instanceof Error) {
    console.error(`lectern serve: ${feedback.message}`);
    await ownAssistant?.close();
    return 1;
  }
  // docs.json `lectern.feedback.retentionDays`: the feedback handler deletes older ratings (feedback/handler.ts).
  const retention = feedback ? (await import('../feedback/command.ts')).readRetentionDays(root) : {};
  if ('problem' in retention) {
    console.error(`lectern serve: ${retention.problem}`);
    await feedback?.close();
    await ownAssistant?.close();
    return 1;
  }
  let server: Awaited<ReturnType<typeof createServer>>;
  try {
    const manifest = await readManifest(dist, log);
    server = await createServer({
      mcp: await mcpHandler({ root, dist, manifest, trustProxy, log, ipLimit: settings.limits?.ipLimit }),
      ...extras,
      manifest,
      ...(assistant ? { assistant } : {}),
      ...(assistantPanel ? { assistantPanel } : {}),
      ...(feedback ? { feedback: { store: feedback, trustProxy, ...retention, log } } : {}),
      dist,
      port,
      host: values.host ?? process.env.HOST ?? '127.0.0.1',
      proxy: { trustProxy, ...(maxConcurrent ? { limits: { maxConcurrent } } : {}) },
      allowedHosts: allowed.includes('*') ? true : allowed,
    });
  } catch (error) {
    console.error(`lectern serve: ${(error as Error).message}`);
    await ownAssistant?.close();
    await feedback?.close();
    return 1;
  }
  log(`lectern serve: serving ${dist} at ${server.url}`);
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      log(`lectern serve: ${signal} received, finishing in-flight requests`);
      server
        .close()
        .then(() => ownAssistant?.close())
        .then(() => feedback?.close())
        .then(resolve, resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  log('lectern serve: stopped');
  return 0;
}

/** The page ratings' store (docs.json `feedback.thumbsRating`): the assistant's database choice, else `.lectern/feedback.db`. */
async function feedbackStore(root: string, flag: string | undefined, settings: unknown, log: (line: string) => void) {
  const { chooseDatabase } = await import('../assistant/store.ts');
  const { openFeedbackStore, DEFAULT_FEEDBACK_DB } = await import('../feedback/store.ts');
  try {
    const store = openFeedbackStore(
      chooseDatabase({ flag, env: process.env.DATABASE_URL, settings }),
      path.join(root, DEFAULT_FEEDBACK_DB),
    );
    log(`lectern serve: page ratings in ${store.description}`);
    store
      .ready()
      .catch((error: unknown) => log(`lectern serve: page ratings: ${(error as Error).message}; ratings answer 503 until it is reachable`));
    return store;
  } catch (error) {
    return error as Error;
  }
}

/**
 * The docs' MCP server: search over the assistant's index of the site (built on first use), pages from dist, and the
 * API operations marked for MCP (the site planned on the first MCP request) called through a playground proxy.
 */
async function mcpHandler(o: {
  root: string;
  dist: string;
  manifest: NonNullable<ServeOptions['manifest']>;
  trustProxy: boolean;
  log: (line: string) => void;
  ipLimit: number | undefined;
}) {
  const { root, dist, manifest, trustProxy, ipLimit } = o;
  const { createMcpHandler } = await import('../mcp/handler.ts');
  const { operationTools } = await import('../mcp/operations.ts');
  const { createProxyHandler } = await import('../proxy/node-handler.ts');
  // Planned on the first MCP request (once), so a site nobody connects to pays nothing.
  const operations = async () => {
    const { buildSitePlan } = await import('@lectern/core');
    try {
      const tools = operationTools((await buildSitePlan(root)).plan, new Set(['search', 'get_page']));
      if (tools.length > 0)
        o.log(`lectern serve: MCP tools for ${tools.length} API operation(s) marked x-mint.mcp: ${tools.map((t) => t.name).join(', ')}`);
      return tools;
    } catch (error) {
      o.log(`lectern serve: MCP: the API operations could not be read (${(error as Error).message}); serving search and get_page only`);
      throw error;
    }
  };
  return createMcpHandler({
    dist,
    manifest,
    trustProxy,
    ...(ipLimit !== undefined ? { limits: { ipLimit } } : {}),
    index: async () => (await import('../assistant/site.ts')).openSiteAssistantIndex(root),
    operations,
    proxy: createProxyHandler({ manifest, trustProxy }),
  });
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string', short: 'p' },
      host: { type: 'string' },
      'trust-proxy': { type: 'boolean' },
      'proxy-max-concurrent': { type: 'string' },
      assistant: { type: 'boolean' },
      'allowed-host': { type: 'string', multiple: true },
      database: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

/**
 * The pages' "Ask AI" panel settings: the site's public key for its domain, created in the key store on the first
 * request (so a database still starting delays only the panel) and kept in .lectern/assistant-site-key.json.
 */
function sitePanel(
  keys: KeyStore,
  root: string,
  domain: string,
  log: (line: string) => void,
  support?: PanelSupport,
): (base: string) => Promise<unknown> {
  let key: Promise<string> | undefined;
  return async (base) => {
    key ??= import('../assistant/site-key.ts').then(async ({ ensureSiteKey }) => {
      const made = await ensureSiteKey(keys, root, domain);
      if (made.created) log(`lectern serve: created the public assistant key of the site's "Ask AI" panel for domain "${domain}"`);
      return made.key;
    });
    key.catch(() => (key = undefined));
    const { panelConfig } = await import('../assistant/site-key.ts');
    return panelConfig(base, domain, await key, support);
  };
}

interface AssistantSettings {
  enabled: boolean;
  /** docs.json `feedback.thumbsRating`: take page ratings at `/_lectern/feedback`. */
  feedback: boolean;
  /** docs.json `name`: the default assistant domain of the site's panel. */
  name?: string;
  retentionDays?: number;
  database?: unknown;
  limits?: { orgLimit?: number; ipLimit?: number };
  /** `lectern.assistant.domain`: the only domain(s) this site answers for. */
  domains?: string[];
  /** `lectern.assistant.supportUrl` / `supportEmail`: the panel's deflection link. */
  support?: PanelSupport;
  /** Settings that cannot be used, each naming its JSON pointer in docs.json. */
  problems: string[];
}

/** docs.json `lectern.assistant` (read directly: serving must not pay for planning the site). */
async function assistantSettings(root: string): Promise<AssistantSettings> {
  let config: { name?: unknown; feedback?: { thumbsRating?: unknown }; lectern?: { assistant?: Record<string, unknown> } };
  try {
    config = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8'));
  } catch {
    return { enabled: false, feedback: false, problems: [] };
  }
  const a = config.lectern?.assistant ?? {};
  const out: AssistantSettings = { enabled: a.enabled === true, feedback: config.feedback?.thumbsRating === true, problems: [] };
  if (typeof config.name === 'string') out.name = config.name;
  const days = a.retentionDays;
  if (typeof days === 'number' && days >= 0) out.retentionDays = days;
  if (a.database !== undefined) out.database = a.database;
  if (a.domain !== undefined) {
    const list = Array.isArray(a.domain) ? a.domain : [a.domain];
    if (list.length > 0 && list.every((d) => typeof d === 'string' && /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(d)))
      out.domains = list as string[];
    else
      out.problems.push(
        `docs.json /lectern/assistant/domain: expected the assistant domain this site answers for, such as "acme-docs" (got ${JSON.stringify(a.domain)})`,
      );
  }
  const support = supportSettings(a, out.problems);
  if (support) out.support = support;
  const limits = a.limits as Record<string, unknown> | undefined;
  if (limits !== undefined) {
    const count = (name: string): number | undefined => {
      const v = limits?.[name];
      if (v === undefined) return undefined;
      if (typeof v === 'number' && Number.isInteger(v) && v >= 1) return v;
      out.problems.push(
        `docs.json /lectern/assistant/limits/${name}: expected a whole number of requests, at least 1 (got ${JSON.stringify(v)})`,
      );
      return undefined;
    };
    if (typeof limits !== 'object' || limits === null || Array.isArray(limits)) {
      out.problems.push(
        'docs.json /lectern/assistant/limits: expected an object such as {"organizationPerHour": 10000, "ipPerDay": 10000}',
      );
    } else {
      for (const name of Object.keys(limits)) {
        if (name !== 'organizationPerHour' && name !== 'ipPerDay') {
          out.problems.push(`docs.json /lectern/assistant/limits/${name}: unknown setting (allowed: organizationPerHour, ipPerDay)`);
        }
      }
      const org = count('organizationPerHour');
      const ip = count('ipPerDay');
      out.limits = { ...(org !== undefined ? { orgLimit: org } : {}), ...(ip !== undefined ? { ipLimit: ip } : {}) };
    }
  }
  return out;
}

/** docs.json `lectern.assistant.supportUrl` (http(s), no credentials) and `supportEmail`, each checked. */
function supportSettings(a: Record<string, unknown>, problems: string[]): PanelSupport | undefined {
  const support: PanelSupport = {};
  const { supportUrl: url, supportEmail: email } = a;
  if (url !== undefined) {
    if (typeof url === 'string' && /^https?:\/\/[^\s/?#@]+([/?#]\S*)?$/.test(url)) support.url = url;
    else
      problems.push(
        `docs.json /lectern/assistant/supportUrl: expected the http(s) address of your support page, without credentials, such as "https://example.com/support" (got ${JSON.stringify(url)})`,
      );
  }
  if (email !== undefined) {
    if (typeof email === 'string' && /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+$/.test(email)) support.email = email;
    else
      problems.push(
        `docs.json /lectern/assistant/supportEmail: expected an email address such as "support@example.com" (got ${JSON.stringify(email)})`,
      );
  }
  return support.url || support.email ? support : undefined;
}
