/**
 * The Node transport of the playground proxy: undici Agents whose connector checks the address it actually
 * connects to. Hostnames are resolved by a custom `lookup` handed to `net.connect`/`tls.connect`, and every
 * resolved address is checked there, so a DNS answer that changes between a check and the connect (rebinding)
 * cannot slip through. IP-literal hosts (for which Node skips `lookup`) are checked in the connector itself.
 * TLS certificates are verified (Node defaults; nothing here relaxes them).
 */
import dns from 'node:dns';
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import { Agent, buildConnector } from 'undici';
import { ProxyFailure } from './errors.ts';
import { blockedAddressReason, ipFamily } from './ip.ts';
import type { PrivateAccess, Transport, TransportSettings, UpstreamRequest, UpstreamResponse } from './transport.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Resolves a hostname to its addresses (default: the system resolver, `dns.lookup` with `all: true`). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

/** `connections`: sockets per upstream origin (default 64; the handler passes its `maxConcurrent`). */
export type NodeTransportOptions = TransportSettings;

const BLOCKED = 'ELECTERN_ADDRESS_BLOCKED';

class BlockedAddressError extends Error {
  readonly code = BLOCKED;
  constructor(host: string, address: string, reason: string) {
    super(
      host === address
        ? `${address} is a ${reason}; the proxy does not connect to it unless lectern.proxy.allow names this address`
        : `${host} resolves to ${address}, a ${reason}; the proxy does not connect to it (to reach a private ` +
            'address, name it by IP in lectern.proxy.allow, e.g. "http://10.0.0.5:8080"; "localhost" entries may reach loopback)',
    );
  }
}

const systemResolve: ResolveHost = async (hostname) => {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** Why `address` is refused under `access`, or null. */
function refusal(address: string, access: PrivateAccess): string | null {
  if (access === 'any') return null;
  const reason = blockedAddressReason(address);
  if (reason && access === 'loopback' && reason === 'loopback address') return null;
  return reason;
}

/** A `lookup` for net/tls.connect that resolves with `resolve` and refuses addresses `access` does not allow. */
function makeLookup(resolve: ResolveHost, access: PrivateAccess) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions | number, callback: LookupCallback): void => {
    const opts = typeof options === 'number' ? { family: options } : options;
    resolve(hostname).then(
      (addresses) => {
        for (const a of addresses) {
          const reason = refusal(a.address, access);
          if (reason) return callback(new BlockedAddressError(hostname, a.address, reason), '');
        }
        const family = opts.family === 4 || opts.family === 6 ? opts.family : 0;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (usable.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
          error.code = 'ENOTFOUND';
          return callback(error, '');
        }
        if ('all' in opts && opts.all)
          return callback(
            null,
            usable.map((a) => ({ address: a.address, family: a.family })),
          );
        const first = usable[0] as ResolvedAddress;
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

function connector(resolve: ResolveHost, access: PrivateAccess, timeout: number): buildConnector.connector {
  const base = buildConnector({ timeout, allowH2: false, lookup: makeLookup(resolve, access) } as buildConnector.BuildOptions);
  return (options, callback) => {
    const host = options.hostname.replace(/^\[|\]$/g, '');
    if (ipFamily(host) !== 0) {
      const reason = refusal(host, access);
      if (reason) return callback(new BlockedAddressError(host, host, reason), null);
    }
    base(options, callback);
  };
}

function errorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_SOCKET') return code;
    if (current instanceof AggregateError && current.errors.length) current = current.errors[0];
    else current = (current as { cause?: unknown }).cause;
  }
  return typeof (error as { code?: unknown })?.code === 'string' ? String((error as { code: string }).code) : '';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Maps a transport error to the proxy's refusal (abort errors are rethrown: the handler knows why it aborted). */
export function classifyTransportError(error: unknown, url: URL, signal: AbortSignal): unknown {
  if (signal.aborted || error instanceof ProxyFailure) return error;
  const code = errorCode(error);
  const where = url.host;
  if (code === BLOCKED) return new ProxyFailure(403, 'address_not_allowed', messageOf(findBlocked(error) ?? error));
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT')
    return new ProxyFailure(504, 'upstream_timeout', `connecting to ${where} timed out`);
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
    return new ProxyFailure(504, 'upstream_timeout', `${where} did not answer in time`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME')
    return new ProxyFailure(502, 'upstream_unreachable', `could not resolve ${url.hostname}`);
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_|HOSTNAME_MISMATCH|ALTNAME/.test(code))
    return new ProxyFailure(502, 'upstream_tls_error', `TLS verification of ${where} failed (${code}): ${messageOf(error)}`);
  if (['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EADDRNOTAVAIL'].includes(code))
    return new ProxyFailure(502, 'upstream_unreachable', `could not connect to ${where} (${code})`);
  return new ProxyFailure(502, 'upstream_protocol_error', `request to ${where} failed: ${messageOf(error)}`);
}

function findBlocked(error: unknown): unknown {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === BLOCKED) return current;
    if (current instanceof AggregateError) {
      const inner = current.errors.find((e) => (e as { code?: unknown })?.code === BLOCKED);
      if (inner) return inner;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function nodeTransport(options: NodeTransportOptions): Transport {
  const resolve = options.resolveHost ?? systemResolve;
  const agentOptions = {
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 4_000,
    keepAliveMaxTimeout: Math.max(options.keepAliveTimeoutMs ?? 4_000, 1_000),
    connections: options.connections ?? 64,
    headersTimeout: options.idleTimeoutMs,
    bodyTimeout: options.idleTimeoutMs,
    maxResponseSize: -1,
  };
  // One pool per access level, so a socket opened under a looser rule is never reused under a stricter one.
  const agents: Record<PrivateAccess, Agent> = {
    none: new Agent({ ...agentOptions, connect: connector(resolve, 'none', options.connectTimeoutMs) }),
    loopback: new Agent({ ...agentOptions, connect: connector(resolve, 'loopback', options.connectTimeoutMs) }),
    any: new Agent({ ...agentOptions, connect: connector(resolve, 'any', options.connectTimeoutMs) }),
  };

  return {
    decodesBody: false,
    async send(request: UpstreamRequest): Promise<UpstreamResponse> {
      const agent = agents[request.allowPrivate];
      const flat: string[] = [];
      for (const [name, value] of request.headers) flat.push(name, value);
      try {
        const response = await agent.request({
          origin: request.url.origin,
          path: `${request.url.pathname}${request.url.search}`,
          method: request.method,
          headers: flat,
          body: request.body && request.body.byteLength > 0 ? request.body : null,
          signal: request.signal,
        });
        const headers: Array<[string, string]> = [];
        for (const [name, value] of Object.entries(response.headers)) {
          if (Array.isArray(value)) for (const v of value) headers.push([name, v]);
          else if (value !== undefined) headers.push([name, value]);
        }
        const body = response.body;
        return {
          status: response.statusCode,
          headers,
          body,
          cancel: () => {
            // Destroying emits an AbortError on the body; nobody reads it any more, so swallow it.
            body.on('error', () => {});
            body.destroy();
          },
        };
      } catch (error) {
        throw classifyTransportError(error, request.url, request.signal);
      }
    },
    async close() {
      await Promise.all(Object.values(agents).map((agent) => agent.close()));
    },
  };
}
