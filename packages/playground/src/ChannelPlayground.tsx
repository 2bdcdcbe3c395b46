/** AsyncAPI WebSocket channel island: connect, compose `send` messages, live log of frames, disconnect. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChannelPlaygroundProps, PlaygroundAsyncServer, PlaygroundScheme } from './types.ts';
import type { AuthValue } from './request.ts';
import { encode } from './serialize.ts';
import { Label } from './fields.tsx';
import { JsonCode } from './response.tsx';
import { AUTH_PREFIX, load, save } from './storage.ts';
import { useAuthGate, useRuntime } from './hooks.ts';

interface LogEntry { dir: 'in' | 'out' | 'sys'; text: string; at: string }

export function ChannelPlayground(props: ChannelPlaygroundProps) {
  const visible = useAuthGate(props.display, props.groups);
  // Not `null`: Astro's `client:visible` watches the island's first element, so an empty island would never load.
  return visible ? <ChannelForm {...props} /> : <div class="lp-gate" />;
}
export default ChannelPlayground;

/** ws(s) URL of a server + channel address, with variables and parameters filled; query-style auth appended. */
export function channelUrl(server: PlaygroundAsyncServer, vars: Record<string, string>, address: string, params: Record<string, string>): string {
  const host = server.host.replace(/\{([^}]+)\}/g, (w, n: string) => vars[n] ?? server.variables[n]?.default ?? w);
  const pathname = (server.pathname ?? '').replace(/\{([^}]+)\}/g, (w, n: string) => vars[n] ?? w);
  const addr = address.replace(/\{([^}]+)\}/g, (w, n: string) => (params[n] !== undefined ? encode(params[n]!) : w));
  const path = (pathname + (addr && !addr.startsWith('/') && !pathname.endsWith('/') ? '/' : '') + addr) || '/';
  return `${server.protocol}://${host}${path.startsWith('/') ? path : '/' + path}`;
}

/** Query-style credentials go in the URL; every header-style credential becomes a subprotocol. */
export function channelAuth(schemes: PlaygroundScheme[], auth: Record<string, AuthValue>): { query: string[]; protocols: string[] } {
  const query: string[] = [];
  const protocols: string[] = [];
  for (const s of schemes) {
    const v = auth[s.key] ?? (s.xDefault ? { token: s.xDefault } : {});
    const token = s.type === 'http' && s.scheme === 'basic'
      ? (v.user || v.password ? btoa(`${v.user ?? ''}:${v.password ?? ''}`) : '')
      : v.token?.trim() ?? '';
    if (!token) continue;
    if (s.in === 'query' && s.name) query.push(`${encode(s.name)}=${encode(token)}`);
    else protocols.push(token);
  }
  return { query, protocols };
}

function ChannelForm(props: ChannelPlaygroundProps) {
  const fid = (k: string) => `${props.id}-${k.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const [server, setServer] = useState(0);
  const [vars, setVars] = useState<Record<string, string>>({});
  const [params, setParams] = useState<Record<string, string>>(() => Object.fromEntries(props.parameters.filter((p) => p.default !== undefined || p.enum).map((p) => [p.name, p.default ?? p.enum![0]!])));
  const [security, setSecurity] = useState(0);
  const initialAuth = (saved: boolean) => Object.fromEntries(props.security.flatMap((a) => a.schemes)
    .map((s) => [s.key, (saved ? load<AuthValue>(AUTH_PREFIX + s.key) : undefined) ?? (s.xDefault ? { token: s.xDefault } : {})]));
  const [auth, setAuth] = useState<Record<string, AuthValue>>(() => initialAuth(false));
  // Browser storage after mount, so the server render hydrates cleanly.
  useEffect(() => setAuth(initialAuth(true)), []);
  const [msgIndex, setMsgIndex] = useState(0);
  const [text, setText] = useState(() => exampleText(props, 0));
  const [status, setStatus] = useState<'closed' | 'connecting' | 'open'>('closed');
  const [log, setLog] = useState<LogEntry[]>([]);
  const [error, setError] = useState('');
  const ws = useRef<WebSocket | null>(null);

  useEffect(() => () => ws.current?.close(), []);

  const runtime = useRuntime();
  const srv = props.servers[server];
  const effVars: Record<string, string> = {};
  // The reader's edits > runtime values (`setServerVariables`) > spec defaults.
  for (const [n, v] of Object.entries(srv?.variables ?? {})) effVars[n] = vars[n] ?? runtime.serverVariables[n] ?? runtime.inputs.server?.[n] ?? v.default;
  const alt = props.security[security];
  const { query, protocols } = channelAuth(alt?.schemes ?? [], auth);
  const base = srv ? channelUrl(srv, effVars, props.address, params) : '';
  const url = query.length ? `${base}${base.includes('?') ? '&' : '?'}${query.join('&')}` : base;

  const add = (dir: LogEntry['dir'], t: string) => setLog((l) => [...l.slice(-499), { dir, text: t, at: new Date().toLocaleTimeString() }]);

  const connect = () => {
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
    socket.onopen = () => { setStatus('open'); add('sys', `Connected${socket.protocol ? ` (subprotocol accepted)` : ''}`); };
    socket.onmessage = (e) => add('in', typeof e.data === 'string' ? e.data : `[binary frame, ${(e.data as ArrayBuffer).byteLength} bytes]`);
    socket.onerror = () => setError('The connection failed or was refused by the server.');
    socket.onclose = (e) => {
      if (ws.current === socket) ws.current = null;
      setStatus('closed');
      add('sys', `Disconnected (code ${e.code}${e.reason ? `: ${e.reason}` : ''})`);
    };
  };

  const sendMessage = (e: Event) => {
    e.preventDefault();
    const m = props.send[msgIndex];
    if (!m?.contentType || /json/i.test(m.contentType)) {
      try { if (text.trim()) JSON.parse(text); } catch (err) { setError(`Invalid JSON: ${(err as Error).message}`); return; }
    }
    if (!ws.current || ws.current.readyState !== WebSocket.OPEN) { setError('Connect first.'); return; }
    setError('');
    ws.current.send(text);
    add('out', text);
  };

  if (!props.servers.length) return <div class="lectern-playground"><p class="lp-note">This channel has no WebSocket (ws/wss) server to connect to.</p></div>;

  return (
    <div class="lectern-playground lp-channel" id={props.id}>
      <div class="lp-bar">
        <span class="lp-method lp-m-ws">WS</span>
        <code class="lp-url">{base}</code>
        {status === 'closed' ? (
          <button key="connect" type="button" class="lp-btn lp-primary" onClick={connect}>Connect</button>
        ) : (
          <button key="disconnect" type="button" class="lp-btn" onClick={() => ws.current?.close(1000, 'closed by user')}>Disconnect</button>
        )}
      </div>
      <p class="lp-desc" role="status">Status: <span class={`lp-ws-${status}`}>{status}</span></p>
      {error ? <p class="lp-alert" role="alert">{error}</p> : null}
      <fieldset class="lp-section" disabled={status !== 'closed'}>
        <legend class="lp-h">Connection</legend>
        {props.servers.length > 1 ? (
          <div class="lp-field">
            <Label for={fid('server')} name="Server" />
            <select id={fid('server')} value={String(server)} onChange={(e) => setServer(Number((e.currentTarget as HTMLSelectElement).value))}>
              {props.servers.map((s, i) => <option key={s.id} value={String(i)}>{`${s.id} — ${s.protocol}://${s.host}`}</option>)}
            </select>
          </div>
        ) : null}
        {Object.entries(srv?.variables ?? {}).map(([n, v]) => (
          <div class="lp-field" key={`${server}-${n}`}>
            <Label for={fid(`var-${n}`)} name={n} />
            {v.enum ? (
              <select id={fid(`var-${n}`)} value={effVars[n]} onChange={(e) => setVars({ ...vars, [n]: (e.currentTarget as HTMLSelectElement).value })}>
                {v.enum.map((o) => <option key={o} value={o}>{o}</option>)}
              </select>
            ) : <input id={fid(`var-${n}`)} type="text" value={effVars[n]} onInput={(e) => setVars({ ...vars, [n]: (e.currentTarget as HTMLInputElement).value })} />}
          </div>
        ))}
        {props.parameters.map((p) => (
          <div class="lp-field" key={p.name}>
            <Label for={fid(`param-${p.name}`)} name={p.name} required />
            {p.description ? <p class="lp-desc">{p.description}</p> : null}
            {p.enum ? (
              <select id={fid(`param-${p.name}`)} value={params[p.name] ?? ''} onChange={(e) => setParams({ ...params, [p.name]: (e.currentTarget as HTMLSelectElement).value })}>
                {p.enum.map((o) => <option key={o} value={o}>{o}</option>)}
              </select>
            ) : <input id={fid(`param-${p.name}`)} type="text" value={params[p.name] ?? ''} onInput={(e) => setParams({ ...params, [p.name]: (e.currentTarget as HTMLInputElement).value })} />}
          </div>
        ))}
        {props.security.length > 1 ? (
          <div class="lp-field">
            <Label for={fid('security')} name="Authorization method" />
            <select id={fid('security')} value={String(security)} onChange={(e) => setSecurity(Number((e.currentTarget as HTMLSelectElement).value))}>
              {props.security.map((a, i) => <option key={i} value={String(i)}>{a.title}</option>)}
            </select>
          </div>
        ) : null}
        {alt?.schemes.map((s) => (
          <div class="lp-field" key={s.key}>
            <Label for={fid(`auth-${s.key}`)} name={`${s.key.replace(/[_-]+/g, ' ')}${s.in === 'query' ? ` (query ${s.name})` : ' (sent as WebSocket subprotocol)'}`} />
            <input id={fid(`auth-${s.key}`)} type="password" autoComplete="off" value={auth[s.key]?.token ?? ''} onInput={(e) => {
              const v = { token: (e.currentTarget as HTMLInputElement).value };
              setAuth({ ...auth, [s.key]: v });
              save(AUTH_PREFIX + s.key, v);
            }} />
          </div>
        ))}
      </fieldset>
      <form class="lp-section" onSubmit={sendMessage}>
        <h3 class="lp-h">Send a message</h3>
        {props.send.length > 1 ? (
          <div class="lp-field">
            <Label for={fid('message')} name="Message" />
            <select id={fid('message')} value={String(msgIndex)} onChange={(e) => {
              const i = Number((e.currentTarget as HTMLSelectElement).value);
              setMsgIndex(i);
              setText(exampleText(props, i));
            }}>
              {props.send.map((m, i) => <option key={m.id} value={String(i)}>{m.title ?? m.id}</option>)}
            </select>
          </div>
        ) : null}
        <div class="lp-field">
          <Label for={fid('payload')} name="Payload" type={props.send[msgIndex]?.contentType ?? 'application/json'} />
          <textarea id={fid('payload')} class="lp-editor" rows={6} spellcheck={false} value={text} onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)} />
        </div>
        <button type="submit" class="lp-btn lp-primary" disabled={status !== 'open'}>Send message</button>
      </form>
      <section class="lp-section" aria-labelledby={fid('log-h')}>
        <div class="lp-row">
          <h3 class="lp-h" id={fid('log-h')}>Messages</h3>
          <button type="button" class="lp-btn lp-small" onClick={() => setLog([])}>Clear log</button>
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
    </div>
  );
}

function Payload({ text }: { text: string }) {
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object') return <JsonCode text={text} />;
  } catch { /* plain text */ }
  return <pre class="lp-code"><code>{text}</code></pre>;
}

function exampleText(props: ChannelPlaygroundProps, i: number): string {
  const ex = props.send[i]?.example;
  if (ex === undefined) return '';
  return typeof ex === 'string' ? ex : JSON.stringify(ex, null, 2);
}
