/** AsyncAPI WebSocket channel island: connect, compose `send` messages, live log of frames, disconnect. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChannelPlaygroundProps, PlaygroundAsyncServer, PlaygroundScheme } from './types.ts';
import type { AuthValue } from './request.ts';
import { encode } from './serialize.ts';
import { Label } from './fields.tsx';
import { JsonCode } from './response.tsx';
import { AUTH_PREFIX, save } from './storage.ts';
import { useAuthGate, useRuntime } from './hooks.ts';
import type { RuntimeState } from './runtime.ts';
import { fieldIds, initialAuth, SecuritySelect } from './form-parts.tsx';

interface LogEntry {
  dir: 'in' | 'out' | 'sys';
  text: string;
  at: string;
}

export function ChannelPlayground(props: ChannelPlaygroundProps) {
  const visible = useAuthGate(props.display, props.groups);
  // Not `null`: Astro's `client:visible` watches the island's first element, so an empty island would never load.
  return visible ? <ChannelForm {...props} /> : <div class="lp-gate" />;
}
export default ChannelPlayground;

/** ws(s) URL of a server + channel address, with variables and parameters filled; query-style auth appended. */
export function channelUrl(
  server: PlaygroundAsyncServer,
  vars: Record<string, string>,
  address: string,
  params: Record<string, string>,
): string {
  const host = server.host.replace(/\{([^}]+)\}/g, (w, n: string) => vars[n] ?? server.variables[n]?.default ?? w);
  const pathname = (server.pathname ?? '').replace(/\{([^}]+)\}/g, (w, n: string) => vars[n] ?? w);
  const addr = address.replace(/\{([^}]+)\}/g, (w, n: string) => (params[n] !== undefined ? encode(params[n]!) : w));
  const path = pathname + (addr && !addr.startsWith('/') && !pathname.endsWith('/') ? '/' : '') + addr || '/';
  return `${server.protocol}://${host}${path.startsWith('/') ? path : '/' + path}`;
}

/** Query-style credentials go in the URL; every header-style credential becomes a subprotocol. */
export function channelAuth(schemes: PlaygroundScheme[], auth: Record<string, AuthValue>): { query: string[]; protocols: string[] } {
  const query: string[] = [];
  const protocols: string[] = [];
  for (const s of schemes) {
    const v = auth[s.key] ?? (s.xDefault ? { token: s.xDefault } : {});
    const token =
      s.type === 'http' && s.scheme === 'basic'
        ? v.user || v.password
          ? btoa(`${v.user ?? ''}:${v.password ?? ''}`)
          : ''
        : (v.token?.trim() ?? '');
    if (!token) continue;
    if (s.in === 'query' && s.name) query.push(`${encode(s.name)}=${encode(token)}`);
    else protocols.push(token);
  }
  return { query, protocols };
}

/** The reader's connection settings: server, its variables, channel parameters, security alternative, credentials. */
interface ChannelInputs {
  server: number;
  /** Variables edited by the reader (see `channelVariables` for the values used). */
  vars: Record<string, string>;
  params: Record<string, string>;
  security: number;
  auth: Record<string, AuthValue>;
  setServer: (index: number) => void;
  setVars: (vars: Record<string, string>) => void;
  setParams: (params: Record<string, string>) => void;
  setSecurity: (index: number) => void;
  setAuth: (auth: Record<string, AuthValue>) => void;
}

function useChannelInputs(props: ChannelPlaygroundProps): ChannelInputs {
  const [server, setServer] = useState(0);
  const [vars, setVars] = useState<Record<string, string>>({});
  const [params, setParams] = useState<Record<string, string>>(() =>
    Object.fromEntries(props.parameters.filter((p) => p.default !== undefined || p.enum).map((p) => [p.name, p.default ?? p.enum![0]!])),
  );
  const [security, setSecurity] = useState(0);
  const [auth, setAuth] = useState<Record<string, AuthValue>>(() => initialAuth(props.security, false));
  // Browser storage after mount, so the server render hydrates cleanly.
  useEffect(() => setAuth(initialAuth(props.security, true)), []);
  return { server, vars, params, security, auth, setServer, setVars, setParams, setSecurity, setAuth };
}

/** The server's variables: the reader's edits > runtime values (`setServerVariables`) > runtime inputs > spec defaults. */
function channelVariables(
  srv: PlaygroundAsyncServer | undefined,
  vars: Record<string, string>,
  runtime: RuntimeState,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [n, v] of Object.entries(srv?.variables ?? {}))
    out[n] = vars[n] ?? runtime.serverVariables[n] ?? runtime.inputs.server?.[n] ?? v.default;
  return out;
}

/** The socket: its status, the frames logged (the last 500), the error shown; closed when the island goes. */
interface Connection {
  status: 'closed' | 'connecting' | 'open';
  log: LogEntry[];
  error: string;
  setError: (error: string) => void;
  /** Opens `url` (`base` is the address shown, without query credentials). */
  connect: (url: string, protocols: string[], base: string) => void;
  /** Sends a text frame, or says to connect first. */
  send: (text: string) => void;
  disconnect: () => void;
  clearLog: () => void;
}

function useConnection(): Connection {
  const [status, setStatus] = useState<Connection['status']>('closed');
  const [log, setLog] = useState<LogEntry[]>([]);
  const [error, setError] = useState('');
  const ws = useRef<WebSocket | null>(null);
  useEffect(() => () => ws.current?.close(), []);

  const add = (dir: LogEntry['dir'], t: string) => setLog((l) => [...l.slice(-499), { dir, text: t, at: new Date().toLocaleTimeString() }]);

  const connect = (url: string, protocols: string[], base: string) => {
    setError('');
    let socket: WebSocket;
    try {
      socket = protocols.length ? new WebSocket(url, protocols) : new WebSocket(url);
    } catch (e) {
      setError(`Cannot open ${base}: ${(e as Error).message}`);
      return;
    }
    socket.binaryType = 'arraybuffer';
    ws.current = socket;
    setStatus('connecting');
    add('sys', `Connecting to ${base}`);
    socket.onopen = () => {
      setStatus('open');
      add('sys', `Connected${socket.protocol ? ` (subprotocol accepted)` : ''}`);
    };
    socket.onmessage = (e) =>
      add('in', typeof e.data === 'string' ? e.data : `[binary frame, ${(e.data as ArrayBuffer).byteLength} bytes]`);
    socket.onerror = () => setError('The connection failed or was refused by the server.');
    socket.onclose = (e) => {
      if (ws.current === socket) ws.current = null;
      setStatus('closed');
      add('sys', `Disconnected (code ${e.code}${e.reason ? `: ${e.reason}` : ''})`);
    };
  };

  const send = (text: string) => {
    if (!ws.current || ws.current.readyState !== WebSocket.OPEN) {
      setError('Connect first.');
      return;
    }
    setError('');
    ws.current.send(text);
    add('out', text);
  };

  return {
    status,
    log,
    error,
    setError,
    connect,
    send,
    disconnect: () => ws.current?.close(1000, 'closed by user'),
    clearLog: () => setLog([]),
  };
}

function ChannelForm(props: ChannelPlaygroundProps) {
  const fid = fieldIds(props.id);
  const inputs = useChannelInputs(props);
  const connection = useConnection();
  const runtime = useRuntime();
  const srv = props.servers[inputs.server];
  const effVars = channelVariables(srv, inputs.vars, runtime);
  const { query, protocols } = channelAuth(props.security[inputs.security]?.schemes ?? [], inputs.auth);
  const base = srv ? channelUrl(srv, effVars, props.address, inputs.params) : '';
  const url = query.length ? `${base}${base.includes('?') ? '&' : '?'}${query.join('&')}` : base;
  const { status, error } = connection;

  if (!props.servers.length)
    return (
      <div class="lectern-playground">
        <p class="lp-note">This channel has no WebSocket (ws/wss) server to connect to.</p>
      </div>
    );

  return (
    <div class="lectern-playground lp-channel" id={props.id}>
      <div class="lp-bar">
        <span class="lp-method lp-m-ws">WS</span>
        <code class="lp-url">{base}</code>
        {status === 'closed' ? (
          <button key="connect" type="button" class="lp-btn lp-primary" onClick={() => connection.connect(url, protocols, base)}>
            Connect
          </button>
        ) : (
          <button key="disconnect" type="button" class="lp-btn" onClick={connection.disconnect}>
            Disconnect
          </button>
        )}
      </div>
      <p class="lp-desc" role="status">
        Status: <span class={`lp-ws-${status}`}>{status}</span>
      </p>
      {error ? (
        <p class="lp-alert" role="alert">
          {error}
        </p>
      ) : null}
      <ConnectionFields props={props} inputs={inputs} effVars={effVars} fid={fid} disabled={status !== 'closed'} />
      <MessageComposer props={props} connection={connection} fid={fid} />
      <MessageLog log={connection.log} onClear={connection.clearLog} fid={fid} />
    </div>
  );
}

/** Server, its variables, the channel's parameters, the security alternative and its credentials (locked while connected). */
function ConnectionFields({
  props,
  inputs,
  effVars,
  fid,
  disabled,
}: {
  props: ChannelPlaygroundProps;
  inputs: ChannelInputs;
  effVars: Record<string, string>;
  fid: (key: string) => string;
  disabled: boolean;
}) {
  const { server, vars, params, auth, setVars, setParams } = inputs;
  const srv = props.servers[server];
  return (
    <fieldset class="lp-section" disabled={disabled}>
      <legend class="lp-h">Connection</legend>
      {props.servers.length > 1 ? (
        <div class="lp-field">
          <Label for={fid('server')} name="Server" />
          <select
            id={fid('server')}
            value={String(server)}
            onChange={(e) => inputs.setServer(Number((e.currentTarget as HTMLSelectElement).value))}
          >
            {props.servers.map((s, i) => (
              <option key={s.id} value={String(i)}>{`${s.id} — ${s.protocol}://${s.host}`}</option>
            ))}
          </select>
        </div>
      ) : null}
      {Object.entries(srv?.variables ?? {}).map(([n, v]) => (
        <div class="lp-field" key={`${server}-${n}`}>
          <Label for={fid(`var-${n}`)} name={n} />
          {v.enum ? (
            <select
              id={fid(`var-${n}`)}
              value={effVars[n]}
              onChange={(e) => setVars({ ...vars, [n]: (e.currentTarget as HTMLSelectElement).value })}
            >
              {v.enum.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={fid(`var-${n}`)}
              type="text"
              value={effVars[n]}
              onInput={(e) => setVars({ ...vars, [n]: (e.currentTarget as HTMLInputElement).value })}
            />
          )}
        </div>
      ))}
      {props.parameters.map((p) => (
        <div class="lp-field" key={p.name}>
          <Label for={fid(`param-${p.name}`)} name={p.name} required />
          {p.description ? <p class="lp-desc">{p.description}</p> : null}
          {p.enum ? (
            <select
              id={fid(`param-${p.name}`)}
              value={params[p.name] ?? ''}
              onChange={(e) => setParams({ ...params, [p.name]: (e.currentTarget as HTMLSelectElement).value })}
            >
              {p.enum.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={fid(`param-${p.name}`)}
              type="text"
              value={params[p.name] ?? ''}
              onInput={(e) => setParams({ ...params, [p.name]: (e.currentTarget as HTMLInputElement).value })}
            />
          )}
        </div>
      ))}
      <SecuritySelect
        id={fid('security')}
        label="Authorization method"
        security={props.security}
        value={inputs.security}
        onChange={inputs.setSecurity}
      />
      {props.security[inputs.security]?.schemes.map((s) => (
        <div class="lp-field" key={s.key}>
          <Label
            for={fid(`auth-${s.key}`)}
            name={`${s.key.replace(/[_-]+/g, ' ')}${s.in === 'query' ? ` (query ${s.name})` : ' (sent as WebSocket subprotocol)'}`}
          />
          <input
            id={fid(`auth-${s.key}`)}
            type="password"
            autoComplete="off"
            value={auth[s.key]?.token ?? ''}
            onInput={(e) => {
              const v = { token: (e.currentTarget as HTMLInputElement).value };
              inputs.setAuth({ ...auth, [s.key]: v });
              save(AUTH_PREFIX + s.key, v);
            }}
          />
        </div>
      ))}
    </fieldset>
  );
}

/** The message to send (when there are several), its payload (checked when JSON), Send. */
function MessageComposer({
  props,
  connection,
  fid,
}: {
  props: ChannelPlaygroundProps;
  connection: Connection;
  fid: (key: string) => string;
}) {
  const [msgIndex, setMsgIndex] = useState(0);
  const [text, setText] = useState(() => exampleText(props, 0));
  const sendMessage = (e: Event) => {
    e.preventDefault();
    const m = props.send[msgIndex];
    if (!m?.contentType || /json/i.test(m.contentType)) {
      try {
        if (text.trim()) JSON.parse(text);
      } catch (err) {
        connection.setError(`Invalid JSON: ${(err as Error).message}`);
        return;
      }
    }
    connection.send(text);
  };
  return (
    <form class="lp-section" onSubmit={sendMessage}>
      <h3 class="lp-h">Send a message</h3>
      {props.send.length > 1 ? (
        <div class="lp-field">
          <Label for={fid('message')} name="Message" />
          <select
            id={fid('message')}
            value={String(msgIndex)}
            onChange={(e) => {
              const i = Number((e.currentTarget as HTMLSelectElement).value);
              setMsgIndex(i);
              setText(exampleText(props, i));
            }}
          >
            {props.send.map((m, i) => (
              <option key={m.id} value={String(i)}>
                {m.title ?? m.id}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div class="lp-field">
        <Label for={fid('payload')} name="Payload" type={props.send[msgIndex]?.contentType ?? 'application/json'} />
        <textarea
          id={fid('payload')}
          class="lp-editor"
          rows={6}
          spellcheck={false}
          value={text}
          onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
        />
      </div>
      <button type="submit" class="lp-btn lp-primary" disabled={connection.status !== 'open'}>
        Send message
      </button>
    </form>
  );
}

/** The frames sent and received, and the connection's own events. */
function MessageLog({ log, onClear, fid }: { log: LogEntry[]; onClear: () => void; fid: (key: string) => string }) {
  return (
    <section class="lp-section" aria-labelledby={fid('log-h')}>
      <div class="lp-row">
        <h3 class="lp-h" id={fid('log-h')}>
          Messages
        </h3>
        <button type="button" class="lp-btn lp-small" onClick={onClear}>
          Clear log
        </button>
      </div>
      <ol class="lp-log" aria-live="polite">
        {log.map((l, i) => (
          <li key={i} class={`lp-log-${l.dir}`}>
            <span class="lp-log-dir">{l.dir === 'in' ? '↓ received' : l.dir === 'out' ? '↑ sent' : '•'}</span>
            <time>{l.at}</time>
            {l.dir === 'sys' ? <span class="lp-desc"> {l.text}</span> : <Payload text={l.text} />}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Payload({ text }: { text: string }) {
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object') return <JsonCode text={text} />;
  } catch {
    /* plain text */
  }
  return (
    <pre class="lp-code">
      <code>{text}</code>
    </pre>
  );
}

function exampleText(props: ChannelPlaygroundProps, i: number): string {
  const ex = props.send[i]?.example;
  if (ex === undefined) return '';
  return typeof ex === 'string' ? ex : JSON.stringify(ex, null, 2);
}
