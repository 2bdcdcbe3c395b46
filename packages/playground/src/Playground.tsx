/** The OpenAPI playground island. Receives only its operation's slice (`PlaygroundProps`). */
import { LiveSamples } from './samples.tsx';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { JsonSchema, PlaygroundParameter, PlaygroundScheme, PlaygroundServer, PlaygroundProps } from './types.ts';
import {
  type AuthValue,
  type BodyState,
  bodyKind,
  type BuiltRequest,
  buildRequest,
  paramKey,
  type RequestState,
  serverUrl,
} from './request.ts';
import { Field, FileInput, Label } from './fields.tsx';
import { Response, type ResponseView } from './response.tsx';
import { send } from './send.ts';
import { AUTH_PREFIX, load, save, SERVER_VARS_KEY } from './storage.ts';
import { useAuthGate, useRuntime } from './hooks.ts';
import type { PlaygroundInputs, RuntimeState } from './runtime.ts';
import { OAuthTools } from './oauth.tsx';
import { fieldIds, initialAuth, SecuritySelect } from './form-parts.tsx';

const TIMEOUT_MS = 60_000;
const LOCATIONS = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Headers'],
  ['cookie', 'Cookies'],
] as const;

export function Playground(props: PlaygroundProps) {
  const visible = useAuthGate(props.display, props.groups);
  // Not `null`: Astro's `client:visible` watches the island's first element, so an empty island would never load.
  return visible ? <PlaygroundForm {...props} /> : <div class="lp-gate" aria-busy="true" />;
}
export default Playground;

function initialBodies(props: PlaygroundProps): Record<string, BodyState> {
  const out: Record<string, BodyState> = {};
  for (const m of props.body?.content ?? []) {
    const kind = bodyKind(m.mediaType);
    const ex = props.prefill ? m.example : undefined;
    if (kind === 'json') out[m.mediaType] = { mediaType: m.mediaType, text: ex === undefined ? '' : JSON.stringify(ex, null, 2) };
    else if (kind === 'text') out[m.mediaType] = { mediaType: m.mediaType, text: typeof ex === 'string' ? ex : '' };
    else if (kind === 'file') out[m.mediaType] = { mediaType: m.mediaType };
    else
      out[m.mediaType] = {
        mediaType: m.mediaType,
        fields: ex && typeof ex === 'object' && !Array.isArray(ex) ? stripBinary(ex, m.schema) : {},
      };
  }
  return out;
}

/** Generated placeholders for file fields make no sense: drop them. */
function stripBinary(ex: Record<string, unknown>, schema: JsonSchema | undefined): Record<string, unknown> {
  const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(ex)) {
    const s = props[k];
    if (s && (s.format === 'binary' || s.format === 'base64')) continue;
    out[k] = v;
  }
  return out;
}

/** Parameter values before the reader types: the example when the page prefills, else the schema default. */
function initialParams(props: PlaygroundProps): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of props.parameters) {
    const v = props.prefill && p.example !== undefined ? p.example : p.default;
    if (v !== undefined) out[paramKey(p)] = v;
  }
  return out;
}

/** Runtime prefill (`setInputs`): matching parameters, and security inputs of this endpoint's schemes. */
function runtimePrefill(
  props: PlaygroundProps,
  inputs: PlaygroundInputs,
): { params: Record<string, unknown>; auth: Record<string, AuthValue> } {
  const params: Record<string, unknown> = {};
  for (const p of props.parameters) {
    const v = inputs[p.in]?.[p.name];
    if (v !== undefined) params[paramKey(p)] = v;
  }
  const auth: Record<string, AuthValue> = {};
  for (const alt of props.security) {
    for (const s of alt.schemes) {
      if (load(AUTH_PREFIX + s.key)) continue; // the reader's own value wins
      const v =
        s.type === 'apiKey' && s.name && s.in
          ? inputs[s.in]?.[s.name]
          : s.type === 'http' || s.type === 'oauth2' || s.type === 'openIdConnect'
            ? (inputs.header?.Authorization ?? inputs.header?.authorization)
            : undefined;
      if (v === undefined) continue;
      if (s.type === 'http' && s.scheme === 'basic') continue;
      auth[s.key] = { token: v.replace(/^bearer\s+/i, '') };
    }
  }
  return { params, auth };
}

/** The server's variables: the reader's edit > runtime value > saved in this browser > runtime input > default. */
function serverVariables(
  srv: PlaygroundServer | undefined,
  edits: Record<string, string>,
  runtime: RuntimeState,
  saved: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(srv?.variables ?? {})) {
    out[name] = edits[name] ?? runtime.serverVariables[name] ?? saved[name] ?? runtime.inputs.server?.[name] ?? v.default;
  }
  return out;
}

/** The credentials entered, as placeholders (what the samples panel shows unless the reader asks to see them). */
function placeholderAuth(auth: Record<string, AuthValue>): Record<string, AuthValue> {
  const placeholders: Record<string, AuthValue> = {};
  for (const [k, a] of Object.entries(auth)) {
    placeholders[k] = {
      ...(a.token ? { token: '<token>' } : {}),
      ...(a.user ? { user: '<user>' } : {}),
      ...(a.password ? { password: '<password>' } : {}),
    };
  }
  return placeholders;
}

/** Moves the focus to the first field in error (its input, select or textarea when it has one). */
function focusFirstError(errors: Record<string, string>, fid: (key: string) => string): void {
  const first = Object.keys(errors)[0];
  if (!first) return;
  const id = first === 'body' ? fid('body') : first.startsWith('body:') ? `${fid('body')}-${first.slice(5)}` : fid(first);
  queueMicrotask(() =>
    ((document.getElementById(id)?.querySelector?.('input,select,textarea') as HTMLElement | null) ?? document.getElementById(id))?.focus(),
  );
}

/** What the reader chose and typed (with saved and runtime values folded in), the errors shown, and the setters. */
interface FormInputs {
  server: number;
  /** The chosen server's variables, resolved (see `serverVariables`). */
  serverVars: Record<string, string>;
  params: Record<string, unknown>;
  /** Index of the security alternative; -1 when the operation has none. */
  security: number;
  auth: Record<string, AuthValue>;
  media: string;
  bodies: Record<string, BodyState>;
  /** The JSON body is edited as text rather than as fields. */
  raw: boolean;
  errors: Record<string, string>;
  setServer: (index: number) => void;
  setVar: (name: string, value: string) => void;
  setParam: (p: PlaygroundParameter, value: unknown) => void;
  setSecurity: (index: number) => void;
  setAuthValue: (key: string, value: AuthValue) => void;
  setMedia: (mediaType: string) => void;
  setBody: (body: BodyState) => void;
  setRaw: (raw: boolean) => void;
  setErrors: (errors: Record<string, string>) => void;
}

function useFormInputs(props: PlaygroundProps): FormInputs {
  const runtime = useRuntime();
  const [server, setServer] = useState(0);
  // Server render and first client render must match (hydration): browser storage is read after mount.
  const [saved, setSaved] = useState<Record<string, string>>({});
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [params, setParams] = useState(() => initialParams(props));
  const [security, setSecurity] = useState(props.security.length ? 0 : -1);
  const [auth, setAuth] = useState(() => initialAuth(props.security, false));
  const [media, setMedia] = useState(props.body?.content[0]?.mediaType ?? '');
  const [bodies, setBodies] = useState(() => initialBodies(props));
  const [raw, setRaw] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    setSaved(load(SERVER_VARS_KEY) ?? {});
    setAuth((cur) => ({ ...cur, ...initialAuth(props.security, true) }));
  }, []);

  useEffect(() => {
    const next = runtimePrefill(props, runtime.inputs);
    if (Object.keys(next.params).length) setParams((cur) => ({ ...cur, ...next.params }));
    if (Object.keys(next.auth).length) setAuth((cur) => ({ ...cur, ...next.auth }));
  }, [runtime.inputs]);

  return {
    server,
    serverVars: serverVariables(props.servers[server], edits, runtime, saved),
    params,
    security,
    auth,
    media,
    bodies,
    raw,
    errors,
    setServer,
    setSecurity,
    setMedia,
    setRaw,
    setErrors,
    setVar: (name, value) => {
      setEdits((e) => ({ ...e, [name]: value }));
      const next = { ...saved, [name]: value };
      setSaved(next);
      save(SERVER_VARS_KEY, next);
    },
    setParam: (p, v) => {
      setParams((cur) => ({ ...cur, [paramKey(p)]: v }));
      setErrors((e) => {
        const { [`param:${paramKey(p)}`]: _, ...rest } = e;
        return rest;
      });
    },
    setAuthValue: (key, v) => {
      setAuth((cur) => ({ ...cur, [key]: v }));
      save(AUTH_PREFIX + key, v);
    },
    setBody: (b) => {
      setBodies((cur) => ({ ...cur, [b.mediaType]: b }));
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('body'))));
    },
  };
}

/** The answer shown and the request in flight: one at a time, aborted after the timeout, on Cancel or when the island goes. */
interface Sender {
  view: ResponseView | undefined;
  busy: () => boolean;
  send: (request: BuiltRequest) => Promise<void>;
  cancel: () => void;
}

function useSender(props: PlaygroundProps): Sender {
  const [view, setView] = useState<ResponseView | undefined>();
  const ctrl = useRef<AbortController | null>(null);
  const blobUrl = useRef<string | undefined>(undefined);
  useEffect(
    () => () => {
      ctrl.current?.abort();
      if (blobUrl.current) URL.revokeObjectURL(blobUrl.current);
    },
    [],
  );
  return {
    view,
    busy: () => ctrl.current !== null,
    cancel: () => ctrl.current?.abort('cancel'),
    async send(request) {
      const c = new AbortController();
      ctrl.current = c;
      const timer = setTimeout(() => c.abort('timeout'), props.timeoutMs ?? TIMEOUT_MS);
      setView({ kind: 'loading' });
      const result = await send(request, {
        proxy: props.proxy,
        proxyUrl: props.proxyUrl,
        credentials: props.credentials,
        signal: c.signal,
      });
      clearTimeout(timer);
      ctrl.current = null;
      if (blobUrl.current) URL.revokeObjectURL(blobUrl.current);
      blobUrl.current = result.kind === 'response' ? result.url : undefined;
      setView(result);
    },
  };
}

function PlaygroundForm(props: PlaygroundProps) {
  const fid = fieldIds(props.id);
  const inputs = useFormInputs(props);
  const sender = useSender(props);
  const { server, serverVars, params, security, auth, media, bodies, errors } = inputs;

  const state: RequestState = {
    server,
    serverVars,
    params,
    security,
    auth,
    ...(media && bodies[media] ? { body: bodies[media]! } : {}),
  };
  const origin = typeof location === 'undefined' ? '' : location.origin;
  const built = useMemo(
    () => buildRequest(props, state, origin),
    [server, JSON.stringify(serverVars), params, security, auth, media, bodies],
  );
  // The samples panel shows credentials as placeholders unless the reader asks to see them.
  const hasSecrets = Object.values(auth).some((a) => a.token || a.password || a.user);
  const masked = useMemo(
    () => buildRequest(props, { ...state, auth: placeholderAuth(auth) }, origin).request,
    [server, JSON.stringify(serverVars), params, security, auth, media, bodies],
  );

  const submit = async (e: Event) => {
    e.preventDefault();
    if (sender.busy()) return;
    if (!built.ok) {
      inputs.setErrors(built.errors);
      focusFirstError(built.errors, fid);
      return;
    }
    inputs.setErrors({});
    await sender.send(built.request);
  };

  const method = props.method.toUpperCase();
  return (
    <div class="lectern-playground" id={props.id}>
      <form onSubmit={submit} noValidate aria-label={`Try ${method} ${props.path}`}>
        <div class="lp-bar">
          <span class={`lp-method lp-m-${method.toLowerCase()}`}>{method}</span>
          <code class="lp-url" title={built.request.url}>
            {built.request.url}
          </code>
          {sender.view?.kind === 'loading' ? (
            <button
              key="cancel"
              type="button"
              class="lp-btn"
              onClick={(e) => {
                e.preventDefault();
                sender.cancel();
              }}
            >
              Cancel
            </button>
          ) : (
            <button key="send" type="submit" class="lp-btn lp-primary">
              Send
            </button>
          )}
        </div>
        {Object.keys(errors).length ? (
          <p class="lp-alert" role="alert">
            Fix the marked fields before sending ({Object.keys(errors).length}).
          </p>
        ) : null}
        <ServerSection props={props} inputs={inputs} fid={fid} origin={origin} />
        <AuthSection props={props} inputs={inputs} fid={fid} />
        <ParameterSections props={props} inputs={inputs} fid={fid} />
        <BodySection props={props} inputs={inputs} fid={fid} />
        <LiveSamples id={fid('samples')} languages={props.languages} request={built.request} masked={masked} hasSecrets={hasSecrets} />
      </form>
      <Response view={sender.view} id={props.id} />
    </div>
  );
}

/** What each section of the form is drawn from. */
interface SectionProps {
  props: PlaygroundProps;
  inputs: FormInputs;
  fid: (key: string) => string;
}

/** The base URL (when there are several) and the server's variables. */
function ServerSection({ props, inputs, fid, origin }: SectionProps & { origin: string }) {
  const { server, serverVars, setVar } = inputs;
  const srv = props.servers[server];
  if (!(props.servers.length > 1 || Object.keys(srv?.variables ?? {}).length)) return null;
  return (
    <fieldset class="lp-section">
      <legend class="lp-h">Server</legend>
      {props.servers.length > 1 ? (
        <div class="lp-field">
          <Label for={fid('server')} name="Base URL" />
          <select
            id={fid('server')}
            value={String(server)}
            onChange={(e) => inputs.setServer(Number((e.currentTarget as HTMLSelectElement).value))}
          >
            {props.servers.map((s, i) => (
              <option key={i} value={String(i)}>
                {s.description ? `${s.description} — ${s.url}` : s.url}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {Object.entries(srv?.variables ?? {}).map(([name, v]) => (
        <div class="lp-field" key={`${server}-${name}`}>
          <Label for={fid(`var-${name}`)} name={name} type={v.enum ? 'enum<string>' : 'string'} />
          {v.description ? <p class="lp-desc">{v.description}</p> : null}
          {v.enum ? (
            <select
              id={fid(`var-${name}`)}
              value={serverVars[name]}
              onChange={(e) => setVar(name, (e.currentTarget as HTMLSelectElement).value)}
            >
              {(v.enum.includes(serverVars[name] ?? '') ? v.enum : [serverVars[name] ?? '', ...v.enum]).map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={fid(`var-${name}`)}
              type="text"
              value={serverVars[name]}
              onInput={(e) => setVar(name, (e.currentTarget as HTMLInputElement).value)}
            />
          )}
        </div>
      ))}
      {srv ? <p class="lp-desc">{serverUrl(srv, serverVars, origin)}</p> : null}
    </fieldset>
  );
}

/** The security alternative (when there are several) and the credentials of its schemes. */
function AuthSection({ props, inputs, fid }: SectionProps) {
  if (!props.security.length) return null;
  return (
    <fieldset class="lp-section">
      <legend class="lp-h">Authorization</legend>
      <SecuritySelect id={fid('security')} label="Method" security={props.security} value={inputs.security} onChange={inputs.setSecurity} />
      {props.security[inputs.security]?.schemes.map((s) => (
        <AuthInputs
          key={s.key}
          scheme={s}
          id={fid(`auth-${s.key}`)}
          value={inputs.auth[s.key] ?? {}}
          proxy={props.proxy}
          proxyUrl={props.proxyUrl}
          onChange={(v) => inputs.setAuthValue(s.key, v)}
        />
      ))}
    </fieldset>
  );
}

/** One section per parameter location that has parameters. */
function ParameterSections({ props, inputs, fid }: SectionProps) {
  const { params, errors } = inputs;
  const cookieNote =
    !props.proxy &&
    (props.parameters.some((p) => p.in === 'cookie') || props.security[inputs.security]?.schemes.some((s) => s.in === 'cookie'));
  return (
    <>
      {LOCATIONS.map(([loc, title]) => {
        const list = props.parameters.filter((p) => p.in === loc);
        if (!list.length) return null;
        return (
          <fieldset class="lp-section" key={loc}>
            <legend class="lp-h">{title}</legend>
            {loc === 'cookie' && cookieNote ? (
              <p class="lp-note">
                Browsers do not let pages set cookies on other sites: cookie values are only sent when the playground proxy is on.
              </p>
            ) : null}
            {list.map((p) => (
              <Field
                key={paramKey(p)}
                id={fid(`param:${paramKey(p)}`)}
                name={p.name}
                schema={p.schema}
                value={params[paramKey(p)]}
                required={p.required}
                deprecated={p.deprecated}
                description={p.description}
                error={errors[`param:${paramKey(p)}`]}
                onChange={(v) => inputs.setParam(p, v)}
              />
            ))}
          </fieldset>
        );
      })}
    </>
  );
}

/** The body's media type (when there are several) and its editor. */
function BodySection({ props, inputs, fid }: SectionProps) {
  const { media, bodies } = inputs;
  const bodyMedia = props.body?.content.find((m) => m.mediaType === media);
  if (!props.body || !bodyMedia) return null;
  return (
    <fieldset class="lp-section">
      <legend class="lp-h">
        Body
        {props.body.required ? (
          <>
            {' '}
            <span class="lp-req">required</span>
          </>
        ) : null}
      </legend>
      {props.body.content.length > 1 ? (
        <div class="lp-field">
          <Label for={fid('media')} name="Content-Type" />
          <select id={fid('media')} value={media} onChange={(e) => inputs.setMedia((e.currentTarget as HTMLSelectElement).value)}>
            {props.body.content.map((m) => (
              <option key={m.mediaType} value={m.mediaType}>
                {m.mediaType}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p class="lp-desc">{bodyMedia.mediaType}</p>
      )}
      <BodyEditor
        id={fid('body')}
        media={bodyMedia}
        state={bodies[media]!}
        raw={inputs.raw}
        setRaw={inputs.setRaw}
        errors={inputs.errors}
        onChange={inputs.setBody}
      />
    </fieldset>
  );
}

function AuthInputs(p: {
  scheme: PlaygroundScheme;
  id: string;
  value: AuthValue;
  proxy: boolean;
  proxyUrl: string;
  onChange: (v: AuthValue) => void;
}) {
  const s = p.scheme;
  const name = s.key.replace(/[_-]+/g, ' ');
  const desc = s.description ? <p class="lp-desc">{s.description}</p> : null;
  if (s.type === 'mutualTLS') return <p class="lp-note">{name}: mutual TLS uses your browser's client certificate.</p>;
  if (s.type === 'http' && s.scheme === 'basic') {
    return (
      <div class="lp-auth">
        {desc}
        <div class="lp-field">
          <Label for={`${p.id}-user`} name={`${name}: username`} />
          <input
            id={`${p.id}-user`}
            type="text"
            autoComplete="username"
            value={p.value.user ?? ''}
            onInput={(e) => p.onChange({ ...p.value, user: (e.currentTarget as HTMLInputElement).value })}
          />
        </div>
        <div class="lp-field">
          <Label for={`${p.id}-password`} name={`${name}: password`} />
          <input
            id={`${p.id}-password`}
            type="password"
            autoComplete="current-password"
            value={p.value.password ?? ''}
            onInput={(e) => p.onChange({ ...p.value, password: (e.currentTarget as HTMLInputElement).value })}
          />
        </div>
      </div>
    );
  }
  const where =
    s.type === 'apiKey'
      ? `${s.name ?? ''} (${s.in ?? 'header'})`
      : `Authorization (${s.type === 'http' ? (s.scheme ?? 'http') : s.type === 'oauth2' ? 'OAuth 2 token' : 'OpenID Connect token'})`;
  return (
    <div class="lp-auth">
      {desc}
      <div class="lp-field">
        <Label for={p.id} name={`${name}: ${where}`} />
        <input
          id={p.id}
          type="password"
          autoComplete="off"
          spellcheck={false}
          value={p.value.token ?? ''}
          placeholder={s.type === 'apiKey' ? 'key' : (s.bearerFormat ?? 'token')}
          onInput={(e) => p.onChange({ ...p.value, token: (e.currentTarget as HTMLInputElement).value })}
        />
      </div>
      {s.type === 'oauth2' ? (
        <OAuthTools scheme={s} id={p.id} proxy={p.proxy} proxyUrl={p.proxyUrl} onToken={(token) => p.onChange({ ...p.value, token })} />
      ) : null}
    </div>
  );
}

function BodyEditor(p: {
  id: string;
  media: NonNullable<PlaygroundProps['body']>['content'][number];
  state: BodyState;
  raw: boolean;
  setRaw: (r: boolean) => void;
  errors: Record<string, string>;
  onChange: (b: BodyState) => void;
}) {
  const kind = bodyKind(p.media.mediaType);
  const schema = p.media.schema;
  const err = p.errors.body;
  if (kind === 'file') {
    return (
      <div class={`lp-field${err ? ' lp-invalid' : ''}`}>
        <Label for={p.id} name="File" type="binary" />
        <FileInput
          id={p.id}
          value={p.state.file}
          onChange={(f) => p.onChange({ ...p.state, file: f as Blob | undefined })}
          aria-invalid={err ? true : undefined}
        />
        {err ? (
          <p class="lp-error" role="alert">
            {err}
          </p>
        ) : null}
      </div>
    );
  }
  if (kind === 'form' || kind === 'multipart') {
    return (
      <Field
        id={p.id}
        name="body"
        schema={schema ?? { type: 'object', properties: {} }}
        value={p.state.fields ?? {}}
        files={kind === 'multipart'}
        errors={p.errors}
        errorPrefix="body:"
        error={err}
        onChange={(v) => p.onChange({ ...p.state, fields: (v ?? {}) as Record<string, unknown> })}
      />
    );
  }
  const text = p.state.text ?? '';
  let parsed: unknown;
  let parseError: string | undefined;
  if (kind === 'json' && text.trim()) {
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      parseError = (e as Error).message;
    }
  }
  const showForm = kind === 'json' && !p.raw && !!schema && Object.keys(schema).length > 0;
  return (
    <div>
      {kind === 'json' && schema ? (
        <div class="lp-tabs" role="group" aria-label="Body editor">
          <button type="button" class="lp-btn lp-small" aria-pressed={!p.raw} onClick={() => p.setRaw(false)}>
            Fields
          </button>
          <button type="button" class="lp-btn lp-small" aria-pressed={p.raw} onClick={() => p.setRaw(true)}>
            Raw JSON
          </button>
        </div>
      ) : null}
      {p.media.examples.length > 1 ? (
        <div class="lp-field">
          <Label for={`${p.id}-example`} name="Example" />
          <select
            id={`${p.id}-example`}
            onChange={(e) => {
              const ex = p.media.examples[Number((e.currentTarget as HTMLSelectElement).value)];
              if (ex)
                p.onChange({
                  ...p.state,
                  text: typeof ex.value === 'string' && kind === 'text' ? ex.value : JSON.stringify(ex.value, null, 2),
                });
            }}
          >
            {p.media.examples.map((ex, i) => (
              <option key={ex.key} value={String(i)}>
                {ex.summary ?? ex.key}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {showForm && !parseError ? (
        <Field
          id={p.id}
          name="body"
          schema={schema}
          value={parsed}
          errors={p.errors}
          errorPrefix="body:"
          error={err}
          onChange={(v) => p.onChange({ ...p.state, text: v === undefined ? '' : JSON.stringify(v, null, 2) })}
        />
      ) : (
        <div class={`lp-field${err || parseError ? ' lp-invalid' : ''}`}>
          <Label for={p.id} name={kind === 'json' ? 'JSON body' : 'Body'} />
          <textarea
            id={p.id}
            class="lp-editor"
            rows={10}
            spellcheck={false}
            value={text}
            aria-invalid={err || parseError ? true : undefined}
            aria-describedby={parseError || err ? `${p.id}-err` : undefined}
            onInput={(e) => p.onChange({ ...p.state, text: (e.currentTarget as HTMLTextAreaElement).value })}
          />
          {parseError || err ? (
            <p class="lp-error" id={`${p.id}-err`} role="alert">
              {parseError ? `Invalid JSON: ${parseError}` : err}
            </p>
          ) : null}
        </div>
      )}
      {showForm && parseError ? <p class="lp-note">The body is not valid JSON; fix it in the raw editor to edit fields.</p> : null}
    </div>
  );
}
