/**
 * API operations as MCP tools: every OpenAPI operation marked `x-mint: {mcp: {enabled: true}}` (or the older
 * `x-mcp`) becomes a tool whose arguments are the operation's parameters (and `body`). A call goes through the
 * playground proxy, so its rules apply unchanged: only the specs' servers and `lectern.proxy.allow`, private and
 * metadata addresses refused, bounded sizes and time. Credentials are the MCP client's own request headers
 * (`Authorization`, or an API key header the operation's security names), passed on for that call and never kept.
 */
import type { ApiDocument, Operation, Parameter, SitePlan } from '@lectern/core';
import { PROXY_ERROR_HEADER, PROXY_PATH } from '@lectern/core/contract';
import { z, type ZodTypeAny } from 'zod';
import type { ConnectionInfo } from '../proxy/handler.ts';

/** Most characters of an API answer given back to the MCP client. */
export const MAX_ANSWER_CHARS = 100_000;

export interface OperationTool {
  name: string;
  description: string;
  operation: Operation;
  /** Argument name -> the parameter it fills (`body` fills the request body). */
  params: Map<string, Parameter>;
  shape: Record<string, ZodTypeAny>;
}

/** The operations of `plan` marked for MCP, as tools (restricted and excluded operations never). */
export function operationTools(plan: Pick<SitePlan, 'specs'>, taken: Set<string>): OperationTool[] {
  const tools: OperationTool[] = [];
  for (const spec of Object.values(plan.specs) as ApiDocument[]) {
    if (spec.kind !== 'openapi') continue;
    for (const op of spec.operations) {
      if (op.kind !== 'operation' || op.excluded || op.xMint.groups.length > 0 || op.xMint.mcp?.enabled !== true) continue;
      const name = uniqueName(op.xMint.mcp.name ?? op.operationId ?? `${op.method}_${op.path}`, taken);
      const description = [op.xMint.mcp.description ?? op.summary ?? op.description ?? '', `(${op.method.toUpperCase()} ${op.path})`]
        .filter(Boolean)
        .join(' ');
      tools.push({ name, description, operation: op, ...argumentsOf(op) });
    }
  }
  return tools;
}

function uniqueName(raw: string, taken: Set<string>): string {
  const base =
    raw
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 60) || 'operation';
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}_${i}`;
  taken.add(name);
  return name;
}

function scalarType(p: Parameter): ZodTypeAny {
  const t = p.schema?.type;
  const type = Array.isArray(t) ? t.find((x) => x !== 'null') : t;
  if (type === 'integer') return z.number().int();
  if (type === 'number') return z.number();
  if (type === 'boolean') return z.boolean();
  if (type === 'array') return z.array(z.union([z.string(), z.number(), z.boolean()]));
  return z.string();
}

function argumentsOf(op: Operation): Pick<OperationTool, 'params' | 'shape'> {
  const params = new Map<string, Parameter>();
  const shape: Record<string, ZodTypeAny> = {};
  for (const p of op.parameters) {
    if (p.in === 'cookie') continue;
    const key = params.has(p.name) || p.name === 'body' ? `${p.in}_${p.name}` : p.name;
    params.set(key, p);
    let schema = scalarType(p);
    const about = [`${p.in} parameter "${p.name}"`, p.description?.slice(0, 500)].filter(Boolean).join(': ');
    schema = schema.describe(about);
    shape[key] = p.required ? schema : schema.optional();
  }
  const body = op.requestBody;
  if (body && body.content.length > 0) {
    const media = body.content[0]!.mediaType;
    const json = /json/i.test(media);
    const schema = (json ? z.any() : z.string()).describe(
      `The request body (${media})${json ? ', as JSON' : ''}${body.description ? `: ${body.description.slice(0, 500)}` : ''}`,
    );
    shape.body = body.required && !json ? schema : schema.optional();
  }
  return { params, shape };
}

/** The operation's first server, its variables at their defaults, or undefined. */
function serverUrl(op: Operation): string | undefined {
  const server = op.servers[0];
  if (!server) return undefined;
  return server.url.replace(/\{([^}]+)\}/g, (m, name: string) => server.variables[name]?.default ?? m).replace(/\/+$/, '');
}

/** Headers of the MCP request the operation's security schemes name: the client's credentials, for this call only. */
function credentials(op: Operation, from: Headers): { headers: Record<string, string>; query: Record<string, string> } {
  const headers: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const requirement of op.security) {
    for (const { scheme } of requirement.schemes) {
      if (scheme.type === 'apiKey' && scheme.name) {
        const value = from.get(scheme.name);
        if (value && scheme.in === 'header') headers[scheme.name] = value;
        if (value && scheme.in === 'query') query[scheme.name] = value;
      } else if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
        const value = from.get('authorization');
        if (value) headers.Authorization = value;
      }
    }
  }
  return { headers, query };
}

export type ToolAnswer = { isError?: boolean; content: Array<{ type: 'text'; text: string }> };

const fail = (text: string): ToolAnswer => ({ isError: true, content: [{ type: 'text', text }] });

/** Calls the operation through `proxy` with `args`; the upstream's status and body, or why it was refused. */
export async function callOperation(
  tool: OperationTool,
  args: Record<string, unknown>,
  proxy: (request: Request, info?: ConnectionInfo) => Promise<Response>,
  client: { headers: Headers; info?: ConnectionInfo | undefined },
): Promise<ToolAnswer> {
  const op = tool.operation;
  const base = serverUrl(op);
  if (!base || !/^https?:\/\//i.test(base)) {
    return fail(`${tool.name}: the API description gives ${op.method.toUpperCase()} ${op.path} no absolute server URL to call`);
  }
  const auth = credentials(op, client.headers);
  let path = op.path;
  const query = new URLSearchParams(auth.query);
  const headers: Record<string, string> = { ...auth.headers };
  for (const [key, p] of tool.params) {
    const value = args[key];
    if (value === undefined) continue;
    if (p.in === 'path') path = path.replaceAll(`{${p.name}}`, encodeURIComponent(String(value)));
    else if (p.in === 'query') for (const v of Array.isArray(value) ? value : [value]) query.append(p.name, String(v));
    else if (p.in === 'header') headers[p.name] = Array.isArray(value) ? value.join(',') : String(value);
  }
  let body: string | undefined;
  if (args.body !== undefined) {
    const media = op.requestBody?.content[0]?.mediaType ?? 'application/json';
    body = typeof args.body === 'string' && !/json/i.test(media) ? args.body : JSON.stringify(args.body);
    headers['Content-Type'] = media;
  }
  const url = `${base}${path}${query.size > 0 ? `?${query}` : ''}`;
  const request = new Request(`http://lectern.invalid${PROXY_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ method: op.method.toUpperCase(), url, headers, ...(body !== undefined ? { body } : {}) }),
  });
  const response = await proxy(request, client.info);
  const text = await response.text();
  if (response.headers.get(PROXY_ERROR_HEADER)) {
    let message = text;
    try {
      message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? text;
    } catch {
      // not JSON: the text as it is
    }
    return fail(`${tool.name}: the call to ${url} was refused: ${message}`);
  }
  const shown =
    text.length > MAX_ANSWER_CHARS ? `${text.slice(0, MAX_ANSWER_CHARS)}\n… (${text.length - MAX_ANSWER_CHARS} more characters)` : text;
  const type = response.headers.get('content-type');
  const answer = `HTTP ${response.status}${type ? ` (${type})` : ''}\n\n${shown}`;
  return response.status >= 400 ? fail(answer) : { content: [{ type: 'text', text: answer }] };
}
