/**
 * AsyncAPI 2.x / 3.x through @asyncapi/parser, normalised into `AsyncDocument`.
 * Messages are split by the READER's side: what the reader sends (the application receives: 3.x
 * `action: receive`, 2.x `publish`) and what the reader receives (3.x `action: send`, 2.x `subscribe`).
 * External `$ref`s: files must stay inside the repo; remote refs are fetched with a timeout. A ref that cannot be
 * read is reported and replaced by an empty placeholder schema, so loading never hangs on the network.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Parser } from '@asyncapi/parser';
import type {
  AsyncAPIDocumentInterface,
  ChannelInterface,
  MessageInterface,
  OperationInterface,
  SecurityRequirementsInterface,
  ServerInterface,
} from '@asyncapi/parser';
import type {
  AsyncDocument,
  AsyncMessage,
  AsyncServer,
  Channel,
  ChannelParameter,
  Diagnostic,
  SecurityRequirement,
  SecurityScheme,
  ServerVariable,
} from '../model.ts';
import { extensionsOf, isRecord } from './extensions.ts';
import { childPointer, toPointer } from './pointer.ts';
import { fetchText, insideRoot, isDiagnostic, type FetchOptions } from './source.ts';
import { describeRefusal, refusedRepoFileAsync } from '../publishable.ts';

export interface AsyncLoadContext extends FetchOptions {
  root: string;
  id: string;
  /** Absolute file path or URL. */
  base: string;
  remote: boolean;
  /** Whole-parse limit (default 60 s). */
  parseTimeoutMs?: number;
}

interface RefState {
  ctx: AsyncLoadContext;
  diagnostics: Diagnostic[];
}

const refState = new AsyncLocalStorage<RefState>();

function placeholder(uri: string): string {
  return JSON.stringify({ 'x-lectern-unresolved': uri });
}

async function readHttpRef(uri: { toString(): string }): Promise<string> {
  const state = refState.getStore();
  const href = uri.toString();
  if (!state) return placeholder(href);
  const result = await fetchText(new URL(href), state.ctx);
  if (isDiagnostic(result)) {
    state.diagnostics.push({
      ...result,
      file: state.ctx.id,
      code: 'spec/broken-ref',
      message: `Remote $ref ${href} could not be loaded: ${result.message}`,
      hint: 'Vendor the schema into the repo and reference it with a relative path.',
    });
    return placeholder(href);
  }
  return result.text;
}

async function readFileRef(uri: { toString(): string; path?: () => string }): Promise<string> {
  const state = refState.getStore();
  const raw = uri.toString();
  if (!state) return placeholder(raw);
  const { ctx } = state;
  const abs = decodeURIComponent(raw.replace(/^file:\/\//, ''));
  const rel = path.relative(ctx.root, abs).split(path.sep).join('/');
  const refused = ctx.remote ? undefined : await refusedRepoFileAsync(ctx.root, abs);
  if (ctx.remote || refused?.why === 'out of the repo' || !(await insideRoot(ctx.root, abs))) {
    state.diagnostics.push({
      severity: 'error',
      code: 'spec/ref-outside-root',
      file: ctx.id,
      message: `$ref target ${abs} is outside the docs repo and was not read.`,
      hint: 'External $refs must point to files inside the repo.',
    });
    return placeholder(raw);
  }
  if (refused) {
    state.diagnostics.push({
      severity: 'error',
      code: 'spec/refused-file',
      file: ctx.id,
      message: `$ref target ${describeRefusal(rel, refused)}: not read.`,
      hint: 'A $ref may not read a file under .git/ or another dot-folder, or a dotfile (a symlink is judged by the file it leads to).',
    });
    return placeholder(raw);
  }
  try {
    return await readFile(abs, 'utf8');
  } catch {
    state.diagnostics.push({
      severity: 'error',
      code: 'spec/broken-ref',
      file: ctx.id,
      message: `$ref target ${rel} does not exist.`,
      hint: 'External $refs are relative to the referencing file.',
    });
    return placeholder(raw);
  }
}

let parser: Parser | undefined;
function getParser(): Parser {
  parser ??= new Parser({
    __unstable: {
      resolver: {
        cache: false,
        resolvers: [
          { schema: 'https', order: 1, read: readHttpRef },
          { schema: 'http', order: 1, read: readHttpRef },
          { schema: 'file', order: 1, read: readFileRef },
        ],
      },
    },
  });
  return parser;
}

/** Parse and normalise an AsyncAPI text. */
export async function loadAsyncApi(text: string, ctx: AsyncLoadContext): Promise<{ document?: AsyncDocument; diagnostics: Diagnostic[] }> {
  const state: RefState = { ctx, diagnostics: [] };
  const limit = ctx.parseTimeoutMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), limit);
  });
  let output: Awaited<ReturnType<Parser['parse']>> | 'timeout';
  try {
    output = await Promise.race([refState.run(state, () => getParser().parse(text, { source: ctx.base })), timeout]);
  } catch (e) {
    return {
      diagnostics: [
        ...state.diagnostics,
        {
          severity: 'error',
          code: 'spec/invalid',
          file: ctx.id,
          message: `${ctx.id} was rejected by the AsyncAPI parser: ${(e as Error).message.split('\n')[0]}`,
        },
      ],
    };
  } finally {
    clearTimeout(timer);
  }
  if (output === 'timeout') {
    return {
      diagnostics: [
        ...state.diagnostics,
        {
          severity: 'error',
          code: 'spec/timeout',
          file: ctx.id,
          message: `Parsing ${ctx.id} did not finish within ${limit / 1000} s (a remote $ref may be unreachable).`,
        },
      ],
    };
  }
  const diagnostics = [...state.diagnostics];
  for (const d of output.diagnostics) {
    // Only errors: the parser's warnings/hints are style-guide advice ("should have a contact"), not problems.
    if (d.severity !== 0) continue;
    const pointer = Array.isArray(d.path) && d.path.length ? toPointer(d.path.map(String)) : undefined;
    const isRef = d.code === 'invalid-ref';
    if (isRef && state.diagnostics.length && /x-lectern-unresolved/.test(d.message)) continue;
    diagnostics.push({
      severity: d.severity === 0 ? 'error' : 'warning',
      code: isRef ? 'spec/broken-ref' : `spec/asyncapi/${String(d.code)}`,
      file: ctx.id,
      ...(pointer !== undefined ? { pointer } : {}),
      ...(d.range ? { line: d.range.start.line + 1, column: d.range.start.character + 1 } : {}),
      message: d.message,
    });
  }
  if (!output.document) {
    if (!diagnostics.some((d) => d.severity === 'error')) {
      diagnostics.push({ severity: 'error', code: 'spec/invalid', file: ctx.id, message: `${ctx.id} is not a valid AsyncAPI document.` });
    }
    return { diagnostics };
  }
  try {
    return { document: normalizeAsyncApi(output.document, ctx.id, diagnostics), diagnostics };
  } catch (e) {
    diagnostics.push({
      severity: 'error',
      code: 'spec/invalid',
      file: ctx.id,
      message: `${ctx.id} could not be read as AsyncAPI: ${(e as Error).message.split('\n')[0]}`,
      hint: 'Check the document against the AsyncAPI 2.x / 3.x specification.',
    });
    return { diagnostics };
  }
}

// Normalisation -----------------------------------------------------------------------------

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function withoutParserKeys(ext: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(ext)) if (!k.startsWith('x-parser-')) out[k] = v;
  return out;
}

function mapScheme(key: string, raw: unknown, file: string, diagnostics: Diagnostic[]): SecurityScheme | undefined {
  if (!isRecord(raw)) return undefined;
  const type = str(raw.type);
  const base = {
    key,
    ...(str(raw.description) ? { description: str(raw.description) } : {}),
    ...(typeof raw['x-default'] === 'string' ? { xDefault: raw['x-default'] } : {}),
  };
  const location = str(raw.in);
  const web: Pick<SecurityScheme, 'in'> = location === 'header' || location === 'query' || location === 'cookie' ? { in: location } : {};
  switch (type) {
    case 'http':
      return {
        ...base,
        type: 'http',
        ...(str(raw.scheme) ? { scheme: str(raw.scheme)!.toLowerCase() } : {}),
        ...(str(raw.bearerFormat) ? { bearerFormat: str(raw.bearerFormat) } : {}),
      };
    case 'httpApiKey':
    case 'apiKey':
      return { ...base, type: 'apiKey', ...(str(raw.name) ? { name: str(raw.name) } : {}), ...web };
    case 'userPassword':
      return { ...base, type: 'http', scheme: 'basic' };
    case 'X509':
      return { ...base, type: 'mutualTLS' };
    case 'oauth2': {
      const flows = isRecord(raw.flows) ? raw.flows : {};
      const flow = (f: unknown) => {
        if (!isRecord(f)) return undefined;
        const scopes = isRecord(f.availableScopes) ? f.availableScopes : isRecord(f.scopes) ? f.scopes : {};
        return {
          ...(str(f.authorizationUrl) ? { authorizationUrl: str(f.authorizationUrl) } : {}),
          ...(str(f.tokenUrl) ? { tokenUrl: str(f.tokenUrl) } : {}),
          ...(str(f.refreshUrl) ? { refreshUrl: str(f.refreshUrl) } : {}),
          scopes: Object.fromEntries(Object.entries(scopes).map(([k, v]) => [k, typeof v === 'string' ? v : ''])),
        };
      };
      const out: NonNullable<SecurityScheme['flows']> = {};
      for (const name of ['implicit', 'password', 'clientCredentials', 'authorizationCode'] as const) {
        const f = flow(flows[name]);
        if (f) out[name] = f;
      }
      return { ...base, type: 'oauth2', flows: out };
    }
    case 'openIdConnect':
      return { ...base, type: 'openIdConnect', ...(str(raw.openIdConnectUrl) ? { openIdConnectUrl: str(raw.openIdConnectUrl) } : {}) };
    default:
      diagnostics.push({
        severity: 'warning',
        code: 'spec/unsupported-security-scheme',
        file,
        pointer: childPointer('/components/securitySchemes', key),
        message: `Security scheme "${key}" has type "${type ?? ''}", which the playground does not support; it is listed without an auth input.`,
        hint: 'Supported: http, httpApiKey, apiKey, userPassword, X509, oauth2, openIdConnect.',
      });
      return undefined;
  }
}

/** Finds the component key of a security scheme model: by id (2.x), identity, or shape (3.x inline copies). */
interface SchemeIndex {
  schemes: Record<string, SecurityScheme>;
  byObject: Map<object, string>;
  byShape: Map<string, string>;
}

function shapeKey(raw: Record<string, unknown>): string {
  const pick = (k: string) => (typeof raw[k] === 'string' ? raw[k] : '');
  return [pick('type'), pick('name'), pick('in'), pick('scheme'), pick('description'), pick('openIdConnectUrl')].join('\u0000');
}

function readSecurity(list: SecurityRequirementsInterface[], index: SchemeIndex): SecurityRequirement[] {
  const out: SecurityRequirement[] = [];
  for (const requirements of list) {
    const entries: SecurityRequirement['schemes'] = [];
    for (const req of requirements.all()) {
      const model = req.scheme();
      const json = model.json() as unknown;
      const key =
        (model.id() && index.schemes[model.id()] ? model.id() : undefined) ??
        (isRecord(json) ? (index.byObject.get(json) ?? index.byShape.get(shapeKey(json))) : undefined);
      const scheme = key ? index.schemes[key] : undefined;
      if (scheme) entries.push({ scheme, scopes: (req.scopes() ?? []).filter((x): x is string => typeof x === 'string') });
    }
    if (entries.length) out.push({ schemes: entries });
  }
  return out;
}

function securityKey(req: SecurityRequirement): string {
  return req.schemes
    .map((s) => `${s.scheme.key}:${s.scopes.join(',')}`)
    .sort()
    .join('&');
}

function readServer(server: ServerInterface, schemes: SchemeIndex): AsyncServer {
  const json = server.json() as Record<string, unknown>;
  const variables: Record<string, ServerVariable> = {};
  for (const v of server.variables().all()) {
    const allowed = v.allowedValues();
    variables[v.id()] = {
      default: v.defaultValue() ?? allowed[0] ?? '',
      ...(allowed.length ? { enum: allowed.map(String) } : {}),
      ...(v.description() ? { description: v.description() } : {}),
    };
  }
  // 2.x servers have a `url` that may lack a protocol (the parser's own `host()` throws on those).
  let host = str(json.host) ?? '';
  let pathname = str(json.pathname);
  if (!host && typeof json.url === 'string') {
    const rest = json.url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
    const slash = rest.indexOf('/');
    host = slash === -1 ? rest : rest.slice(0, slash);
    if (slash !== -1 && rest.length > slash + 1) pathname = rest.slice(slash);
  }
  return {
    id: server.id(),
    protocol: str(json.protocol) ?? '',
    host,
    ...(pathname ? { pathname } : {}),
    ...(server.description() ? { description: server.description() } : {}),
    variables,
    security: readSecurity(server.security(), schemes),
    bindings: isRecord(json.bindings) ? json.bindings : {},
  };
}

/** 2.x messages often have no id: fall back to messageId, name, then the message's pointer. */
function messageId(message: MessageInterface): string {
  const json = message.json() as Record<string, unknown>;
  return message.id() || str(json.messageId) || message.name() || str(json['x-parser-message-name']) || message.meta().pointer;
}

function readMessage(message: MessageInterface): AsyncMessage {
  const json = message.json() as Record<string, unknown>;
  const payload = message.payload()?.json();
  const headers = message.headers()?.json();
  return {
    id: messageId(message),
    ...(message.name() ? { name: message.name() } : {}),
    ...(message.title() ? { title: message.title() } : {}),
    ...(message.summary() ? { summary: message.summary() } : {}),
    ...(message.description() ? { description: message.description() } : {}),
    ...(message.contentType() ? { contentType: message.contentType() } : {}),
    ...(isRecord(payload) ? { payload } : {}),
    ...(isRecord(headers) ? { headers } : {}),
    examples: message
      .examples()
      .all()
      .map((ex) => ({
        ...(ex.name() ? { name: ex.name() } : {}),
        ...(ex.summary() ? { summary: ex.summary() } : {}),
        ...(ex.hasPayload() ? { payload: ex.payload() } : {}),
        ...(ex.hasHeaders() ? { headers: ex.headers() } : {}),
      })),
    bindings: isRecord(json.bindings) ? json.bindings : {},
  };
}

function readParameters(channel: ChannelInterface): ChannelParameter[] {
  return channel
    .parameters()
    .all()
    .map((p) => {
      const json = p.json() as Record<string, unknown>;
      const schema = isRecord(json.schema) ? json.schema : {};
      const def = json.default ?? schema.default;
      const values = Array.isArray(json.enum) ? json.enum : Array.isArray(schema.enum) ? schema.enum : undefined;
      const examples = Array.isArray(json.examples) ? json.examples : Array.isArray(schema.examples) ? schema.examples : undefined;
      return {
        name: p.id(),
        ...(p.description() ? { description: p.description() } : {}),
        ...(def !== undefined ? { default: String(def) } : {}),
        ...(values ? { enum: values.map(String) } : {}),
        ...(examples ? { examples: examples.map(String) } : {}),
        ...(p.location() ? { location: p.location() } : {}),
      };
    });
}

export function normalizeAsyncApi(doc: AsyncAPIDocumentInterface, source: string, diagnostics: Diagnostic[]): AsyncDocument {
  const raw = doc.json() as Record<string, unknown>;
  const components = isRecord(raw.components) ? raw.components : {};
  const schemes: Record<string, SecurityScheme> = {};
  const index: SchemeIndex = { schemes, byObject: new Map(), byShape: new Map() };
  if (isRecord(components.securitySchemes)) {
    for (const [key, value] of Object.entries(components.securitySchemes)) {
      const scheme = mapScheme(key, value, source, diagnostics);
      if (!scheme || !isRecord(value)) continue;
      schemes[key] = scheme;
      index.byObject.set(value, key);
      if (!index.byShape.has(shapeKey(value))) index.byShape.set(shapeKey(value), key);
    }
  }
  const servers = doc
    .servers()
    .all()
    .map((s) => readServer(s, index));
  const byServerId = new Map(servers.map((s) => [s.id, s]));
  const info = doc.info();

  const channels: Channel[] = doc
    .channels()
    .all()
    .map((channel) => readChannel(channel, index, byServerId, servers));
  return {
    kind: 'asyncapi',
    source,
    originalVersion: doc.version(),
    title: info.title() ?? '',
    ...(info.description() ? { description: info.description() } : {}),
    apiVersion: info.version() ?? '',
    servers,
    channels,
    securitySchemes: schemes,
    extensions: withoutParserKeys(extensionsOf(raw)),
  };
}

function readChannel(
  channel: ChannelInterface,
  schemes: SchemeIndex,
  byServerId: Map<string, AsyncServer>,
  allServers: AsyncServer[],
): Channel {
  const json = channel.json() as Record<string, unknown>;
  const send: AsyncMessage[] = [];
  const receive: AsyncMessage[] = [];
  const seenSend = new Set<string>();
  const seenReceive = new Set<string>();
  const security: SecurityRequirement[] = [];
  const seenSecurity = new Set<string>();
  const addSecurity = (list: SecurityRequirement[]) => {
    for (const req of list) {
      const key = securityKey(req);
      if (!seenSecurity.has(key)) {
        seenSecurity.add(key);
        security.push(req);
      }
    }
  };
  for (const op of channel.operations().all() as OperationInterface[]) {
    // The application receives what the reader sends, and the other way round.
    const readerSends = op.isReceive();
    const target = readerSends ? send : receive;
    const seen = readerSends ? seenSend : seenReceive;
    for (const message of op.messages().all()) {
      const id = messageId(message);
      if (seen.has(id)) continue;
      seen.add(id);
      target.push(readMessage(message));
    }
    addSecurity(readSecurity(op.security(), schemes));
  }
  const channelServers = channel
    .servers()
    .all()
    .map((s) => byServerId.get(s.id()))
    .filter((s): s is AsyncServer => !!s);
  const servers = channelServers.length ? channelServers : allServers;
  if (!security.length) for (const server of servers) addSecurity(server.security);
  const tags = Array.isArray(json.tags)
    ? json.tags.map((t) => (isRecord(t) ? str(t.name) : undefined)).filter((t): t is string => !!t)
    : [];
  return {
    id: channel.id(),
    ...(channel.address() ? { address: channel.address()! } : {}),
    ...(str(json.title) ? { title: str(json.title) } : {}),
    ...(str(json.summary) ? { summary: str(json.summary) } : {}),
    ...(channel.description() ? { description: channel.description() } : {}),
    tags,
    servers,
    parameters: readParameters(channel),
    bindings: isRecord(json.bindings) ? json.bindings : {},
    send,
    receive,
    security,
    extensions: withoutParserKeys(extensionsOf(json)),
    pointer: childPointer('/channels', channel.id()),
  };
}
