/**
 * Build-time (Node) side of the playground: slice one `Operation` / `Channel` of the core model into the
 * JSON-safe props of its island. The island never sees the whole document.
 *
 * Schemas may be cyclic object graphs; `sliceSchema` breaks cycles (core `jsonSafeSchema`), merges `allOf`,
 * drops `readOnly` properties (request side) and caps depth so a page never embeds an unbounded tree.
 */
import type {
  AsyncDocument,
  AsyncMessage,
  Channel,
  MediaTypeObject,
  Operation,
  Parameter,
  Schema,
  SecurityRequirement,
  Server,
} from '@lectern/core';
import type {
  ChannelPlaygroundProps,
  Json,
  JsonSchema,
  PlaygroundAsyncMessage,
  PlaygroundMediaType,
  PlaygroundParameter,
  PlaygroundScheme,
  PlaygroundSecurityAlternative,
  PlaygroundServer,
  PlaygroundOptions,
  PlaygroundProps,
} from './types.ts';
import { PROXY_PATH } from '@lectern/core/contract';
import { jsonSafeSchema } from '@lectern/core';
import { specValue } from './spec-value.ts';

export type { PlaygroundProps, ChannelPlaygroundProps } from './types.ts';

export interface PlaygroundPropsOptions {
  proxy?: boolean;
  credentials?: boolean;
  prefill?: boolean;
  proxyUrl?: string;
  languages?: string[];
  display?: 'interactive' | 'auth';
  groups?: string[];
  /** Request timeout in ms (default 60 000). */
  timeoutMs?: number;
}

const MAX_DEPTH = 10;

/** Turn any value into JSON (drops functions/undefined, breaks cycles with `null`). */
export function toJson(value: unknown, seen: Set<object> = new Set()): Json | undefined {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return value.toString();
    case 'object':
      break;
    default:
      return undefined;
  }
  const obj = value as object;
  if (seen.has(obj)) return null;
  seen.add(obj);
  try {
    if (Array.isArray(obj)) return obj.map((v) => toJson(v, seen) ?? null);
    if (obj instanceof Date) return obj.toISOString();
    const out: { [k: string]: Json } = {};
    for (const [k, v] of Object.entries(obj)) {
      const j = toJson(v, seen);
      if (j !== undefined) out[k] = j;
    }
    return out;
  } finally {
    seen.delete(obj);
  }
}

/** Keys of a schema copied as plain JSON values (not sub-schemas). */
const SCALAR_KEYS = [
  'type',
  'title',
  'description',
  'format',
  'enum',
  'const',
  'default',
  'example',
  'examples',
  'required',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'readOnly',
  'writeOnly',
  'deprecated',
  'contentMediaType',
  'contentEncoding',
  'nullable',
  'x-default',
];

interface SliceOptions {
  /** Drop `readOnly` properties (request bodies and parameters). */
  request: boolean;
}

/**
 * JSON-safe copy of a (possibly cyclic) schema: cycles become `{ "x-recursive": true, title }` leaves,
 * `allOf` is merged into one schema, depth is capped at 10.
 */
export function sliceSchema(schema: unknown, options: SliceOptions = { request: true }): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema === true ? {} : undefined;
  // Core's cycle breaker first (cycles -> `{ $circular }`, deep nodes -> `{ $truncated }`), then our own shaping.
  return slice(jsonSafeSchema(schema as Schema, { maxDepth: 4 * MAX_DEPTH }), options, [], 0);
}

function slice(schema: unknown, options: SliceOptions, stack: object[], depth: number): JsonSchema | undefined {
  if (schema === true) return {};
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return undefined;
  const s = schema as Schema;
  if (typeof s.$circular === 'string' || typeof s.$truncated === 'string') {
    const label = String(s.$circular ?? s.$truncated);
    return { 'x-recursive': true, ...(label !== 'schema' ? { title: label } : {}) };
  }
  if (stack.includes(s) || depth > MAX_DEPTH) {
    const title = typeof s.title === 'string' ? s.title : undefined;
    return { 'x-recursive': true, ...(title ? { title } : {}), ...(typeof s.type === 'string' ? { type: s.type } : {}) };
  }
  stack.push(s);
  try {
    const out: JsonSchema = {};
    for (const key of SCALAR_KEYS) {
      if (key in s) {
        const j = toJson(s[key]);
        if (j !== undefined) out[key] = j;
      }
    }
    if (s.nullable === true && typeof s.type === 'string') out.type = [s.type, 'null'];
    delete out.nullable;
    const sub = (v: unknown) => slice(v, options, stack, depth + 1);
    if (s.properties && typeof s.properties === 'object') {
      const props: { [k: string]: Json } = {};
      for (const [name, prop] of Object.entries(s.properties as Record<string, unknown>)) {
        if (options.request && prop && typeof prop === 'object' && (prop as Schema).readOnly === true) continue;
        const p = sub(prop);
        if (p) props[name] = p;
      }
      out.properties = props;
      if (Array.isArray(out.required)) out.required = out.required.filter((r) => typeof r === 'string' && r in props);
    }
    if (s.items !== undefined && !Array.isArray(s.items)) {
      const items = sub(s.items);
      if (items) out.items = items;
    }
    if (s.additionalProperties && typeof s.additionalProperties === 'object') {
      const ap = sub(s.additionalProperties);
      if (ap) out.additionalProperties = ap;
    }
    for (const key of ['oneOf', 'anyOf'] as const) {
      const list = s[key];
      if (Array.isArray(list)) {
        const variants = list.map(sub).filter((v): v is JsonSchema => v !== undefined);
        if (variants.length) out[key] = variants;
      }
    }
    if (Array.isArray(s.allOf)) {
      for (const part of s.allOf) mergeInto(out, sub(part));
    }
    return out;
  } finally {
    stack.pop();
  }
}

function mergeInto(target: JsonSchema, part: JsonSchema | undefined): void {
  if (!part) return;
  for (const [key, value] of Object.entries(part)) {
    if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
      const existing = (target.properties ?? {}) as { [k: string]: Json };
      target.properties = { ...existing, ...value };
    } else if (key === 'required' && Array.isArray(value)) {
      const existing = Array.isArray(target.required) ? target.required : [];
      target.required = [...new Set([...existing, ...value])];
    } else if (!(key in target)) {
      target[key] = value;
    }
  }
  if (target.properties && !target.type) target.type = 'object';
}

// ---------------------------------------------------------------------------------------------

function sliceServers(servers: Server[]): PlaygroundServer[] {
  return servers.map((s) => ({
    url: s.url,
    ...(s.description ? { description: s.description } : {}),
    variables: Object.fromEntries(
      Object.entries(s.variables ?? {}).map(([name, v]) => [
        name,
        {
          default: String(v.default ?? ''),
          ...(v.enum ? { enum: v.enum.map(String) } : {}),
          ...(v.description ? { description: v.description } : {}),
        },
      ]),
    ),
  }));
}

/** Option title: scheme names joined by ` & `, `_`/`-` replaced by spaces. */
export function securityTitle(req: SecurityRequirement): string {
  return req.schemes.map((s) => s.scheme.key.replace(/[_-]+/g, ' ')).join(' & ');
}

export function sliceSecurity(security: SecurityRequirement[]): PlaygroundSecurityAlternative[] {
  return security
    .filter((req) => req.schemes.length > 0)
    .map((req) => ({
      title: securityTitle(req),
      schemes: req.schemes.map(({ scheme, scopes }): PlaygroundScheme => {
        const out: PlaygroundScheme = { key: scheme.key, type: scheme.type, scopes: [...scopes] };
        if (scheme.description) out.description = scheme.description;
        if (scheme.scheme) out.scheme = scheme.scheme.toLowerCase();
        if (scheme.bearerFormat) out.bearerFormat = scheme.bearerFormat;
        if (scheme.name) out.name = scheme.name;
        if (scheme.in) out.in = scheme.in;
        if (scheme.openIdConnectUrl) out.openIdConnectUrl = scheme.openIdConnectUrl;
        if (scheme.xDefault !== undefined) out.xDefault = String(scheme.xDefault);
        if (scheme.flows) {
          const flows: NonNullable<PlaygroundScheme['flows']> = {};
          for (const [name, flow] of Object.entries(scheme.flows)) {
            if (!flow) continue;
            flows[name as keyof typeof flows] = {
              ...(flow.authorizationUrl ? { authorizationUrl: flow.authorizationUrl } : {}),
              ...(flow.tokenUrl ? { tokenUrl: flow.tokenUrl } : {}),
              ...(flow.refreshUrl ? { refreshUrl: flow.refreshUrl } : {}),
              scopes: { ...(flow.scopes ?? {}) },
            };
          }
          out.flows = flows;
        }
        return out;
      }),
    }));
}

function firstExampleValue(examples: Array<{ value?: unknown }>): Json | undefined {
  for (const ex of examples) {
    if (ex.value !== undefined) return toJson(ex.value);
  }
  return undefined;
}

function sliceParameter(p: Parameter, prefill: boolean): PlaygroundParameter {
  const raw = p.schema ?? p.content?.schema;
  const schema = sliceSchema(raw);
  const out: PlaygroundParameter = {
    name: p.name,
    in: p.in,
    required: p.in === 'path' ? true : p.required,
    style: p.style,
    explode: p.explode,
  };
  if (p.deprecated) out.deprecated = true;
  if (p.allowReserved) out.allowReserved = true;
  if (!p.schema && p.content) out.contentType = p.content.mediaType;
  if (p.description) out.description = p.description;
  if (schema) out.schema = schema;
  if (raw && 'default' in raw) {
    const d = toJson(raw.default);
    if (d !== undefined) out.default = d;
  }
  if (prefill) {
    // Only what the spec says: the parameter's examples, then its schema's (see spec-value.ts), then x-default.
    const xDefault = p.extensions?.['x-default'];
    const ex =
      firstExampleValue(p.examples) ??
      (p.content ? firstExampleValue(p.content.examples) : undefined) ??
      (raw ? toJson(specValue(raw)) : undefined) ??
      (xDefault !== undefined ? toJson(xDefault) : undefined);
    if (ex !== undefined) out.example = ex;
  }
  return out;
}

function sliceMediaType(m: MediaTypeObject, prefill: boolean): PlaygroundMediaType {
  const schema = sliceSchema(m.schema);
  const out: PlaygroundMediaType = {
    mediaType: m.mediaType,
    examples: m.examples
      .filter((e) => e.value !== undefined)
      .map((e) => ({ key: e.key, ...(e.summary ? { summary: e.summary } : {}), value: toJson(e.value) ?? null })),
  };
  if (schema) out.schema = schema;
  if (m.encoding) {
    out.encoding = Object.fromEntries(Object.entries(m.encoding).map(([k, v]) => [k, v.contentType ? { contentType: v.contentType } : {}]));
  }
  if (prefill) {
    const ex = out.examples[0]?.value ?? (m.schema ? toJson(specValue(m.schema)) : undefined);
    if (ex !== undefined) out.example = ex;
  }
  return out;
}

function options(o: PlaygroundPropsOptions): PlaygroundOptions {
  const out: PlaygroundOptions = {
    proxy: o.proxy ?? true,
    credentials: o.credentials ?? false,
    prefill: o.prefill ?? false,
    proxyUrl: o.proxyUrl ?? PROXY_PATH,
    languages: [...(o.languages ?? [])],
  };
  if (o.display === 'auth') out.display = 'auth';
  if (o.groups?.length) out.groups = [...o.groups];
  if (o.timeoutMs !== undefined && o.timeoutMs > 0) out.timeoutMs = o.timeoutMs;
  return out;
}

function idOf(...parts: string[]): string {
  return (
    parts
      .join('-')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'op'
  );
}

/** Props for `<Playground>`: the operation's own slice of the spec, JSON-safe. */
export function playgroundProps(operation: Operation, opts: PlaygroundPropsOptions = {}): PlaygroundProps {
  const o = options(opts);
  const props: PlaygroundProps = {
    ...o,
    id: idOf(operation.method, operation.path),
    method: operation.method.toUpperCase(),
    path: operation.path,
    servers: sliceServers(operation.servers),
    parameters: operation.parameters.map((p) => sliceParameter(p, o.prefill)),
    security: sliceSecurity(operation.security),
  };
  if (operation.requestBody && operation.requestBody.content.length) {
    props.body = {
      required: operation.requestBody.required,
      ...(operation.requestBody.description ? { description: operation.requestBody.description } : {}),
      content: operation.requestBody.content.map((m) => sliceMediaType(m, o.prefill)),
    };
  }
  return props;
}

function sliceMessage(m: AsyncMessage, prefill: boolean): PlaygroundAsyncMessage {
  const out: PlaygroundAsyncMessage = { id: m.id };
  const title = m.title ?? m.name ?? m.summary;
  if (title) out.title = title;
  if (m.contentType) out.contentType = m.contentType;
  const payload = sliceSchema(m.payload);
  if (payload) out.payload = payload;
  const ex = m.examples.find((e) => e.payload !== undefined)?.payload;
  const value = ex !== undefined ? toJson(ex) : prefill && m.payload ? toJson(specValue(m.payload)) : undefined;
  if (value !== undefined) out.example = value;
  return out;
}

/** Props for `<ChannelPlayground>` (WebSocket servers only: `ws` / `wss`). */
export function channelProps(
  channel: Channel,
  doc: Pick<AsyncDocument, 'servers'>,
  opts: PlaygroundPropsOptions = {},
): ChannelPlaygroundProps {
  const servers = (channel.servers.length ? channel.servers : doc.servers).filter((s) => /^wss?$/i.test(s.protocol));
  const props: ChannelPlaygroundProps = {
    id: idOf('channel', channel.id),
    address: channel.address ?? '',
    servers: servers.map((s) => ({
      id: s.id,
      protocol: s.protocol.toLowerCase(),
      host: s.host,
      ...(s.pathname ? { pathname: s.pathname } : {}),
      ...(s.description ? { description: s.description } : {}),
      variables: sliceServers([{ url: '', variables: s.variables }])[0]!.variables,
    })),
    parameters: channel.parameters.map((p) => ({
      name: p.name,
      ...(p.description ? { description: p.description } : {}),
      ...(p.default !== undefined
        ? { default: String(p.default) }
        : p.examples?.[0] !== undefined && opts.prefill
          ? { default: String(p.examples[0]) }
          : {}),
      ...(p.enum ? { enum: p.enum.map(String) } : {}),
    })),
    send: channel.send.map((m) => sliceMessage(m, opts.prefill ?? false)),
    receive: channel.receive.map((m) => sliceMessage(m, false)),
    security: sliceSecurity(channel.security.length ? channel.security : servers.flatMap((s) => s.security)),
    prefill: opts.prefill ?? false,
  };
  if (opts.display === 'auth') props.display = 'auth';
  if (opts.groups?.length) props.groups = [...opts.groups];
  return props;
}

/**
 * Inline script for the page `<head>` (before any island): defines `window.lectern.playground` with
 * queueing stubs so site scripts can call the runtime hooks before the island's code has loaded, and
 * finishes an OAuth popup: on the redirect back (`?…state=lectern-…` for the authorization-code flow,
 * `#…state=lectern-…` for the implicit flow) it posts query and fragment to the opener page and closes.
 *
 * It also defines the `display: 'auth'` gate, `window.lectern._gate()`: every element with a
 * `data-lectern-auth` attribute (a JSON array of groups, `[]` = any signed-in reader; anything else keeps it
 * hidden) is `hidden` unless
 * `window.lectern.auth.user` may see it (same rule as `canSeePlayground` in auth.ts). It runs on
 * `DOMContentLoaded`, on every `lectern:auth` event (`setAuthUser` dispatches one) and when called.
 */
export const RUNTIME_STUB = `(function(w){try{var b=location.search+location.hash;if(w.opener&&/[?&#]state=lectern-/.test(b)){w.opener.postMessage({lecternOAuth:b},location.origin);w.close();return}}catch(e){}var l=w.lectern=w.lectern||{},d=w.document;if(!l._gate){l._gate=function(){var u=l.auth&&l.auth.user,m=u&&Array.isArray(u.groups)?u.groups:[];d.querySelectorAll("[data-lectern-auth]").forEach(function(e){var g;try{g=JSON.parse(e.getAttribute("data-lectern-auth"))}catch(x){}e.hidden=!u||!Array.isArray(g)||g.length>0&&!g.some(function(x){return m.indexOf(x)>=0})})};w.addEventListener("lectern:auth",l._gate);d.addEventListener("DOMContentLoaded",l._gate)}if(l.playground)return;var q=[];l.playground={_q:q,setServerVariables:function(v){q.push(["setServerVariables",v])},clearServerVariables:function(){q.push(["clearServerVariables"])},setInputs:function(v){q.push(["setInputs",v])}}})(window);`;
