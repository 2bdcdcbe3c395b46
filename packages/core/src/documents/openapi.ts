/**
 * Normalises a dereferenced OpenAPI 3.x document into `ApiDocument`. Pure: no I/O.
 * Never serialises or deep-copies schemas (they may be cyclic); schema objects are shared with the input.
 */
import {
  HTTP_METHODS,
  type ApiDocument,
  type ApiResponse,
  type Callback,
  type Diagnostic,
  type MediaTypeObject,
  type NamedExample,
  type Operation,
  type Parameter,
  type ParameterLocation,
  type RequestBody,
  type ResponseHeader,
  type Schema,
  type SecurityRequirement,
  type SecurityScheme,
  type Server,
  type ServerVariable,
  type Tag,
  type OAuthFlow,
} from '../model.ts';
import { createDialect, type Dialect } from './dialect.ts';
import { extensionsOf, isRecord, readCodeSamples, readXMint } from './extensions.ts';
import { childPointer } from './pointer.ts';

const METHOD_SET = new Set<string>(HTTP_METHODS);
const LOCATIONS = new Set<string>(['path', 'query', 'header', 'cookie']);

interface Ctx {
  file: string;
  diagnostics: Diagnostic[];
  dialect: Dialect;
  schemes: Record<string, SecurityScheme>;
  rootSecurity: SecurityRequirement[] | undefined;
  rootServers: Server[];
}

export function normalizeOpenApi(
  doc: Record<string, unknown>,
  source: string,
  originalVersion: string,
  diagnostics: Diagnostic[],
): ApiDocument {
  const info = isRecord(doc.info) ? doc.info : {};
  const components = isRecord(doc.components) ? doc.components : {};
  const ctx: Ctx = { file: source, diagnostics, dialect: createDialect(), schemes: {}, rootSecurity: undefined, rootServers: [] };
  ctx.schemes = readSecuritySchemes(components.securitySchemes, ctx);
  ctx.rootServers = readServers(doc.servers, '/servers', ctx);
  ctx.rootSecurity = Array.isArray(doc.security) ? readSecurity(doc.security, '/security', ctx) : undefined;

  const operations: Operation[] = [];
  for (const [section, kind] of [
    ['paths', 'operation'],
    ['webhooks', 'webhook'],
  ] as const) {
    const map = doc[section];
    if (map === undefined || map === null) continue;
    if (!isRecord(map)) {
      warn(
        ctx,
        'spec/invalid',
        `/${section}`,
        `\`${section}\` must be an object keyed by ${kind === 'operation' ? 'path' : 'webhook name'}.`,
      );
      continue;
    }
    for (const key of Object.keys(map)) {
      if (section === 'paths' && key.startsWith('x-')) continue; // `paths` allows specification extensions
      const pathItem = map[key];
      const pointer = childPointer(`/${section}`, key);
      if (!isRecord(pathItem)) {
        if (pathItem !== null) warn(ctx, 'spec/invalid', pointer, `Path item "${key}" must be an object.`);
        continue;
      }
      operations.push(...readPathItem(pathItem, key, kind, pointer, source, ctx));
    }
  }

  const schemas: Record<string, Schema> = {};
  if (isRecord(components.schemas)) {
    for (const [name, schema] of Object.entries(components.schemas)) {
      if (isRecord(schema)) schemas[name] = ctx.dialect.schema(schema);
    }
  }

  return {
    kind: 'openapi',
    source,
    originalVersion,
    title: typeof info.title === 'string' ? info.title : '',
    ...(typeof info.description === 'string' ? { description: info.description } : {}),
    apiVersion: info.version === undefined ? '' : String(info.version),
    servers: ctx.rootServers,
    tags: readTags(doc.tags, ctx),
    operations,
    securitySchemes: ctx.schemes,
    extensions: extensionsOf(doc),
    schemas,
  };
}

function warn(ctx: Ctx, code: Diagnostic['code'], pointer: string, message: string, hint?: string): void {
  ctx.diagnostics.push({ severity: 'warning', code, file: ctx.file, pointer, message, ...(hint ? { hint } : {}) });
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function opt<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

// Path items and operations -----------------------------------------------------------------

function readPathItem(
  item: Record<string, unknown>,
  key: string,
  kind: 'operation' | 'webhook',
  pointer: string,
  source: string,
  ctx: Ctx,
  inCallback = false,
): Operation[] {
  const out: Operation[] = [];
  for (const name of Object.keys(item)) {
    if (!METHOD_SET.has(name)) continue;
    out.push(...readOperationAt(item, name, name, childPointer(pointer, name), pointer, key, kind, source, ctx, inCallback));
  }
  // OpenAPI 3.2: custom methods under `additionalOperations`, method kept as written.
  const extra = item.additionalOperations;
  if (isRecord(extra)) {
    for (const method of Object.keys(extra)) {
      const holder = { [method]: extra[method] };
      out.push(
        ...readOperationAt(
          holder,
          method,
          method,
          childPointer(pointer, 'additionalOperations', method),
          pointer,
          key,
          kind,
          source,
          ctx,
          inCallback,
          item,
        ),
      );
    }
  }
  return out;
}

function readOperationAt(
  holder: Record<string, unknown>,
  prop: string,
  method: string,
  pointer: string,
  itemPointer: string,
  key: string,
  kind: 'operation' | 'webhook',
  source: string,
  ctx: Ctx,
  inCallback: boolean,
  pathItem: Record<string, unknown> = holder,
): Operation[] {
  const op = holder[prop];
  if (!isRecord(op)) {
    if (op !== null) warn(ctx, 'spec/invalid', pointer, `Operation ${method.toUpperCase()} ${key} must be an object.`);
    return [];
  }
  return [readOperation(op, pathItem, method, key, kind, pointer, itemPointer, source, ctx, inCallback)];
}

function readOperation(
  op: Record<string, unknown>,
  pathItem: Record<string, unknown>,
  method: string,
  key: string,
  kind: 'operation' | 'webhook',
  pointer: string,
  itemPointer: string,
  source: string,
  ctx: Ctx,
  inCallback: boolean,
): Operation {
  const opServers = readServers(op.servers, childPointer(pointer, 'servers'), ctx);
  const itemServers = opServers.length ? [] : readServers(pathItem.servers, childPointer(itemPointer, 'servers'), ctx);
  const servers = opServers.length ? opServers : itemServers.length ? itemServers : inCallback ? [] : ctx.rootServers;

  const useRootSecurity = kind === 'operation' && !inCallback;
  const security = Array.isArray(op.security)
    ? readSecurity(op.security, childPointer(pointer, 'security'), ctx)
    : useRootSecurity
      ? (ctx.rootSecurity ?? [])
      : [];

  const tags = Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [];
  const description = str(op.description) ?? str(pathItem.description);
  return {
    kind,
    source,
    method,
    path: key,
    ...opt('operationId', str(op.operationId)),
    ...opt('summary', str(op.summary)),
    ...opt('description', description),
    tags,
    deprecated: op.deprecated === true,
    servers,
    parameters: mergeParameters(pathItem.parameters, op.parameters, itemPointer, pointer, ctx),
    ...opt('requestBody', readRequestBody(op.requestBody, childPointer(pointer, 'requestBody'), ctx)),
    responses: readResponses(op.responses, childPointer(pointer, 'responses'), ctx),
    security,
    callbacks: readCallbacks(op.callbacks, childPointer(pointer, 'callbacks'), source, ctx),
    codeSamples: readCodeSamples(op, ctx.file, pointer, ctx.diagnostics),
    xMint: readXMint(op, pathItem, ctx.file, pointer, ctx.diagnostics),
    hidden: op['x-hidden'] === true,
    excluded: op['x-excluded'] === true,
    extensions: extensionsOf(op),
    pointer,
  };
}

function readCallbacks(value: unknown, pointer: string, source: string, ctx: Ctx): Callback[] {
  if (!isRecord(value)) return [];
  const out: Callback[] = [];
  for (const [name, callback] of Object.entries(value)) {
    if (!isRecord(callback)) continue;
    for (const [expression, item] of Object.entries(callback)) {
      if (!isRecord(item) || expression.startsWith('x-')) continue;
      out.push({
        name,
        expression,
        operations: readPathItem(item, expression, 'operation', childPointer(pointer, name, expression), source, ctx, true),
      });
    }
  }
  return out;
}

// Parameters --------------------------------------------------------------------------------

function mergeParameters(itemParams: unknown, opParams: unknown, itemPointer: string, opPointer: string, ctx: Ctx): Parameter[] {
  const merged: Parameter[] = [];
  const index = new Map<string, number>();
  const add = (list: unknown, base: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((raw, i) => {
      const param = readParameter(raw, childPointer(base, i), ctx);
      if (!param) return;
      const key = `${param.in}\u0000${param.name}`;
      const at = index.get(key);
      if (at === undefined) {
        index.set(key, merged.length);
        merged.push(param);
      } else merged[at] = param;
    });
  };
  add(itemParams, childPointer(itemPointer, 'parameters'));
  add(opParams, childPointer(opPointer, 'parameters'));
  return merged;
}

function readParameter(raw: unknown, pointer: string, ctx: Ctx): Parameter | undefined {
  if (!isRecord(raw)) {
    if (raw !== null) warn(ctx, 'spec/invalid-parameter', pointer, 'A parameter must be an object.');
    return undefined;
  }
  const name = str(raw.name);
  const location = str(raw.in);
  if (!name || !location || !LOCATIONS.has(location)) {
    warn(
      ctx,
      'spec/invalid-parameter',
      pointer,
      `Parameter ${name ? `"${name}" ` : ''}was skipped: ${!name ? '`name` is missing' : `\`in\` is "${location ?? ''}"`}.`,
      'Parameters need a `name` and `in` (path, query, header or cookie).',
    );
    return undefined;
  }
  const loc = location as ParameterLocation;
  const style = str(raw.style) ?? (loc === 'path' || loc === 'header' ? 'simple' : 'form');
  const content = readContent(raw.content, childPointer(pointer, 'content'), ctx)[0];
  return {
    name,
    in: loc,
    required: loc === 'path' ? true : raw.required === true,
    deprecated: raw.deprecated === true,
    ...opt('description', str(raw.description)),
    ...opt('schema', isRecord(raw.schema) ? ctx.dialect.schema(raw.schema) : undefined),
    style,
    explode: typeof raw.explode === 'boolean' ? raw.explode : style === 'form',
    allowReserved: raw.allowReserved === true,
    allowEmptyValue: raw.allowEmptyValue === true,
    examples: readExamples(raw),
    ...opt('content', content),
    extensions: extensionsOf(raw),
  };
}

// Bodies and responses ----------------------------------------------------------------------

function readExamples(holder: Record<string, unknown>): NamedExample[] {
  const out: NamedExample[] = [];
  if (isRecord(holder.examples)) {
    for (const [key, ex] of Object.entries(holder.examples)) {
      if (isRecord(ex) && ('value' in ex || 'externalValue' in ex || 'summary' in ex || 'description' in ex)) {
        out.push({
          key,
          ...opt('summary', str(ex.summary)),
          ...opt('description', str(ex.description)),
          ...('value' in ex ? { value: ex.value } : {}),
          ...opt('externalValue', str(ex.externalValue)),
        });
      } else if (ex !== null && ex !== undefined) {
        out.push({ key, value: ex });
      }
    }
  }
  if (holder.example !== undefined) out.push({ key: 'example', value: holder.example });
  return out;
}

function readContent(value: unknown, pointer: string, ctx: Ctx): MediaTypeObject[] {
  if (!isRecord(value)) return [];
  const out: MediaTypeObject[] = [];
  for (const [mediaType, media] of Object.entries(value)) {
    if (!isRecord(media)) {
      if (media !== null && media !== undefined)
        warn(
          ctx,
          'spec/invalid',
          childPointer(pointer, mediaType),
          `Media type "${mediaType}" must be an object (with \`schema\`, \`example(s)\`, \`encoding\`).`,
        );
      out.push({ mediaType, examples: [] });
      continue;
    }
    const encoding = isRecord(media.encoding) ? readEncoding(media.encoding) : undefined;
    out.push({
      mediaType,
      ...opt('schema', isRecord(media.schema) ? ctx.dialect.schema(media.schema) : undefined),
      examples: readExamples(media),
      ...opt('encoding', encoding),
    });
  }
  return out;
}

function readEncoding(map: Record<string, unknown>): NonNullable<MediaTypeObject['encoding']> {
  const out: NonNullable<MediaTypeObject['encoding']> = {};
  for (const [name, enc] of Object.entries(map)) {
    if (!isRecord(enc)) continue;
    out[name] = {
      ...opt('contentType', str(enc.contentType)),
      ...opt('style', str(enc.style)),
      ...(typeof enc.explode === 'boolean' ? { explode: enc.explode } : {}),
      ...(isRecord(enc.headers) ? { headers: enc.headers } : {}),
    };
  }
  return out;
}

function readRequestBody(value: unknown, pointer: string, ctx: Ctx): RequestBody | undefined {
  if (!isRecord(value)) return undefined;
  return {
    required: value.required === true,
    ...opt('description', str(value.description)),
    content: readContent(value.content, childPointer(pointer, 'content'), ctx),
  };
}

function readResponses(value: unknown, pointer: string, ctx: Ctx): ApiResponse[] {
  if (!isRecord(value)) return [];
  const out: ApiResponse[] = [];
  for (const [status, response] of Object.entries(value)) {
    if (status.startsWith('x-') || !isRecord(response)) continue;
    const headers: ResponseHeader[] = [];
    if (isRecord(response.headers)) {
      for (const [name, header] of Object.entries(response.headers)) {
        if (!isRecord(header)) continue;
        const schema = isRecord(header.schema) ? header.schema : undefined;
        headers.push({
          name,
          ...opt('description', str(header.description)),
          required: header.required === true,
          deprecated: header.deprecated === true,
          ...opt('schema', schema ? ctx.dialect.schema(schema) : undefined),
        });
      }
    }
    out.push({
      status,
      ...opt('description', str(response.description)),
      headers,
      content: readContent(response.content, childPointer(pointer, status, 'content'), ctx),
    });
  }
  return out;
}

// Servers, security, tags -------------------------------------------------------------------

function readServers(value: unknown, pointer: string, ctx: Ctx): Server[] {
  if (!Array.isArray(value)) return [];
  const out: Server[] = [];
  value.forEach((server, i) => {
    if (!isRecord(server) || typeof server.url !== 'string') {
      warn(ctx, 'spec/invalid-server', childPointer(pointer, i), 'A server needs a `url` string; this one was skipped.');
      return;
    }
    const variables: Record<string, ServerVariable> = {};
    if (isRecord(server.variables)) {
      for (const [name, variable] of Object.entries(server.variables)) {
        if (!isRecord(variable)) continue;
        const values = Array.isArray(variable.enum) ? variable.enum.map((v) => String(v)) : undefined;
        variables[name] = {
          default: variable.default === undefined ? (values?.[0] ?? '') : String(variable.default),
          ...opt('enum', values),
          ...opt('description', str(variable.description)),
        };
      }
    }
    out.push({ url: server.url, ...opt('description', str(server.description)), variables });
  });
  return out;
}

const SCHEME_TYPES = new Set(['http', 'apiKey', 'oauth2', 'openIdConnect', 'mutualTLS']);

function readFlow(value: unknown): OAuthFlow | undefined {
  if (!isRecord(value)) return undefined;
  const scopes: Record<string, string> = {};
  if (isRecord(value.scopes)) for (const [k, v] of Object.entries(value.scopes)) scopes[k] = typeof v === 'string' ? v : '';
  return {
    ...opt('authorizationUrl', str(value.authorizationUrl)),
    ...opt('tokenUrl', str(value.tokenUrl)),
    ...opt('refreshUrl', str(value.refreshUrl)),
    scopes,
  };
}

function readSecuritySchemes(value: unknown, ctx: Ctx): Record<string, SecurityScheme> {
  const out: Record<string, SecurityScheme> = {};
  if (!isRecord(value)) return out;
  for (const [key, raw] of Object.entries(value)) {
    const pointer = childPointer('/components/securitySchemes', key);
    if (!isRecord(raw) || typeof raw.type !== 'string' || !SCHEME_TYPES.has(raw.type)) {
      warn(
        ctx,
        'spec/invalid-security-scheme',
        pointer,
        `Security scheme "${key}" was skipped: its \`type\` must be one of http, apiKey, oauth2, openIdConnect, mutualTLS.`,
      );
      continue;
    }
    const location = str(raw.in);
    const flows = isRecord(raw.flows) ? raw.flows : undefined;
    const xDefault = raw['x-default'];
    out[key] = {
      key,
      type: raw.type as SecurityScheme['type'],
      ...opt('description', str(raw.description)),
      ...opt('scheme', str(raw.scheme)?.toLowerCase()),
      ...opt('bearerFormat', str(raw.bearerFormat)),
      ...opt('name', str(raw.name)),
      ...(location === 'header' || location === 'query' || location === 'cookie' ? { in: location } : {}),
      ...(flows
        ? {
            flows: {
              ...opt('implicit', readFlow(flows.implicit)),
              ...opt('password', readFlow(flows.password)),
              ...opt('clientCredentials', readFlow(flows.clientCredentials)),
              ...opt('authorizationCode', readFlow(flows.authorizationCode)),
            },
          }
        : {}),
      ...opt('openIdConnectUrl', str(raw.openIdConnectUrl)),
      ...(typeof xDefault === 'string' || typeof xDefault === 'number' ? { xDefault: String(xDefault) } : {}),
    };
  }
  return out;
}

export function readSecurityList(
  value: unknown[],
  pointer: string,
  file: string,
  schemes: Record<string, SecurityScheme>,
  diagnostics: Diagnostic[],
): SecurityRequirement[] {
  const out: SecurityRequirement[] = [];
  value.forEach((req, i) => {
    if (!isRecord(req)) return;
    const names = Object.keys(req);
    const entries: SecurityRequirement['schemes'] = [];
    for (const name of names) {
      const scheme = schemes[name];
      if (!scheme) {
        diagnostics.push({
          severity: 'warning',
          code: 'spec/unknown-security-scheme',
          file,
          pointer: childPointer(pointer, i, name),
          message: `Security requirement names "${name}", which is not defined under components.securitySchemes.`,
          hint: `Defined schemes: ${Object.keys(schemes).join(', ') || '(none)'}.`,
        });
        continue;
      }
      const scopes = req[name];
      entries.push({ scheme, scopes: Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [] });
    }
    // `{}` is an explicit "anonymous allowed" alternative; an alternative whose every scheme is unknown is dropped.
    if (entries.length || names.length === 0) out.push({ schemes: entries });
  });
  return out;
}

function readSecurity(value: unknown[], pointer: string, ctx: Ctx): SecurityRequirement[] {
  return readSecurityList(value, pointer, ctx.file, ctx.schemes, ctx.diagnostics);
}

function readTags(value: unknown, ctx: Ctx): Tag[] {
  if (!Array.isArray(value)) return [];
  const out: Tag[] = [];
  value.forEach((tag, i) => {
    if (!isRecord(tag) || typeof tag.name !== 'string') {
      warn(ctx, 'spec/invalid-tag', childPointer('/tags', i), 'A tag needs a `name` string; this one was skipped.');
      return;
    }
    out.push({
      name: tag.name,
      ...opt('description', str(tag.description)),
      ...opt('xGroup', str(tag['x-group'])),
      ...opt('summary', str(tag.summary)),
      ...opt('parent', str(tag.parent)),
      ...opt('kind', str(tag.kind)),
    });
  });
  return out;
}
