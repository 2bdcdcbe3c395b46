/**
 * OAuth 2 helpers run from the browser, one per flow the spec describes: client credentials, resource-owner
 * password, authorization code with PKCE, and implicit. The two redirect flows use a popup whose redirect URI is
 * the docs page itself; the page's head stub (`RUNTIME_STUB` in props.ts) posts the answer back to the opener:
 * the query string (`?code=…&state=lectern-…`) for the code flow, the fragment (`#access_token=…&state=lectern-…`)
 * for the implicit flow.
 */
import { oauthEndpoint } from './oauth-url.ts';
import { useState } from 'preact/hooks';
import type { PlaygroundScheme } from './types.ts';
import { bytesToBase64 } from './request.ts';
import { send } from './send.ts';

const STATE_PREFIX = 'lectern-';

/** In the popup: hand the authorization response (query and fragment) to the opener and close. */
export function handleOAuthCallback(): void {
  if (typeof window === 'undefined' || !window.opener) return;
  const back = location.search + location.hash;
  if (!/[?&#]state=lectern-/.test(back)) return;
  window.opener.postMessage({ lecternOAuth: back }, location.origin);
  window.close();
}
handleOAuthCallback();

function b64url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** `?query#fragment` as posted by the popup: the fragment's parameters (implicit) or the query's (code). */
export function oauthReturn(back: string, part: 'query' | 'fragment'): URLSearchParams {
  const hash = back.indexOf('#');
  const query = hash < 0 ? back : back.slice(0, hash);
  return new URLSearchParams(part === 'fragment' ? (hash < 0 ? '' : back.slice(hash + 1)) : query);
}

async function tokenRequest(
  raw: string,
  form: Record<string, string>,
  o: { proxy: boolean; proxyUrl: string; basic?: string },
): Promise<string> {
  const endpoint = oauthEndpoint(raw, location.href);
  if (endpoint instanceof Error) throw endpoint;
  const url = endpoint.toString();
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
  if (o.basic) headers.Authorization = o.basic;
  const body = new URLSearchParams(form).toString();
  const view = await send(
    { method: 'POST', url, headers, body },
    { proxy: o.proxy, proxyUrl: o.proxyUrl, credentials: false, signal: new AbortController().signal },
  );
  if (view.kind === 'error') throw new Error(`${view.title}: ${view.message}`);
  if (view.kind !== 'response') throw new Error('No response');
  let json: { access_token?: string; error?: string; error_description?: string } = {};
  try {
    json = JSON.parse(view.text ?? '{}');
  } catch {
    /* not JSON */
  }
  if (view.status >= 400 || !json.access_token)
    throw new Error(json.error_description ?? json.error ?? `Token endpoint answered ${view.status}`);
  return json.access_token;
}

/** Open the authorization URL in a popup and wait for the page stub to post the redirect back. */
async function popup(authorizationUrl: string, query: Record<string, string>): Promise<string> {
  const url = oauthEndpoint(authorizationUrl, location.href);
  if (url instanceof Error) throw url;
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const win = window.open(url.toString(), 'lectern-oauth', 'width=520,height=680');
  if (!win) throw new Error('The sign-in window was blocked by the browser.');
  return new Promise<string>((resolve, reject) => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== location.origin || typeof e.data?.lecternOAuth !== 'string') return;
      window.removeEventListener('message', onMessage);
      resolve(e.data.lecternOAuth);
    };
    window.addEventListener('message', onMessage);
    setTimeout(() => {
      window.removeEventListener('message', onMessage);
      reject(new Error('Sign-in timed out.'));
    }, 300_000);
  });
}

const input = (set: (v: string) => void) => (e: Event) => set((e.currentTarget as HTMLInputElement).value);

export function OAuthTools(p: { scheme: PlaygroundScheme; id: string; proxy: boolean; proxyUrl: string; onToken: (t: string) => void }) {
  const flows = p.scheme.flows ?? {};
  const cc = flows.clientCredentials?.tokenUrl ? flows.clientCredentials : undefined;
  const ac = flows.authorizationCode?.authorizationUrl && flows.authorizationCode.tokenUrl ? flows.authorizationCode : undefined;
  const im = flows.implicit?.authorizationUrl ? flows.implicit : undefined;
  const pw = flows.password?.tokenUrl ? flows.password : undefined;
  // Scopes offered: every scope the flows declare, plus the requirement's; the requirement's start selected.
  const offered = [...new Set([...Object.values(flows).flatMap((f) => Object.keys(f?.scopes ?? {})), ...p.scheme.scopes])];
  const [scopes, setScopes] = useState<string[]>(() => [...p.scheme.scopes]);
  const [clientId, setClientId] = useState('');
  const [secret, setSecret] = useState('');
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState('');
  if (!cc && !ac && !im && !pw) return null;
  const scope = offered.filter((s) => scopes.includes(s)).join(' ');
  const withScope: Record<string, string> = scope ? { scope } : {};
  const basic = () => (secret ? 'Basic ' + btoa(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`) : undefined);
  const clientAuth = (): Record<string, string> => (secret ? {} : { client_id: clientId });
  const transport = () => ({ proxy: p.proxy, proxyUrl: p.proxyUrl, basic: basic() });
  const redirect = () => location.origin + location.pathname;
  const newState = () => STATE_PREFIX + b64url(crypto.getRandomValues(new Uint8Array(12)));
  const run = async (f: () => Promise<string>) => {
    setStatus('Requesting a token…');
    try {
      p.onToken(await f());
      setStatus('Token received.');
    } catch (e) {
      setStatus((e as Error).message);
    }
  };
  const clientCredentials = () =>
    run(() => tokenRequest(cc!.tokenUrl!, { grant_type: 'client_credentials', ...withScope, ...clientAuth() }, transport()));
  const passwordGrant = () =>
    run(() =>
      tokenRequest(
        pw!.tokenUrl!,
        {
          grant_type: 'password',
          username: user,
          password,
          ...withScope,
          ...clientAuth(),
        },
        transport(),
      ),
    );
  const authorizationCode = () =>
    run(async () => {
      const verifier = b64url(crypto.getRandomValues(new Uint8Array(32)));
      const challenge = b64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
      const state = newState();
      const back = oauthReturn(
        await popup(ac!.authorizationUrl!, {
          response_type: 'code',
          client_id: clientId,
          redirect_uri: redirect(),
          state,
          code_challenge: challenge,
          code_challenge_method: 'S256',
          ...withScope,
        }),
        'query',
      );
      if (back.get('state') !== state) throw new Error('OAuth state mismatch; try again.');
      const code = back.get('code');
      if (!code) throw new Error(back.get('error_description') ?? back.get('error') ?? 'No authorization code returned.');
      return tokenRequest(
        ac!.tokenUrl!,
        { grant_type: 'authorization_code', code, redirect_uri: redirect(), code_verifier: verifier, ...clientAuth() },
        transport(),
      );
    });
  const implicit = () =>
    run(async () => {
      const state = newState();
      const back = oauthReturn(
        await popup(im!.authorizationUrl!, { response_type: 'token', client_id: clientId, redirect_uri: redirect(), state, ...withScope }),
        'fragment',
      );
      if (back.get('state') !== state) throw new Error('OAuth state mismatch; try again.');
      const token = back.get('access_token');
      if (!token) throw new Error(back.get('error_description') ?? back.get('error') ?? 'No access token returned.');
      return token;
    });
  const field = (key: string, label: string, value: string, set: (v: string) => void, type = 'text', hint?: string, auto = 'off') => (
    <div class="lp-field">
      <label class="lp-label" for={`${p.id}-${key}`}>
        <span class="lp-name">{label}</span>
        {hint ? <span class="lp-type">{hint}</span> : null}
      </label>
      <input id={`${p.id}-${key}`} type={type} autoComplete={auto} value={value} onInput={input(set)} />
    </div>
  );
  return (
    <div class="lp-oauth">
      {offered.length ? (
        <fieldset class="lp-scopes">
          <legend class="lp-name">Scopes</legend>
          {offered.map((s) => (
            <label
              key={s}
              title={Object.values(flows)
                .map((f) => f?.scopes[s])
                .find(Boolean)}
            >
              <input
                type="checkbox"
                checked={scopes.includes(s)}
                onChange={(e) => {
                  const on = (e.currentTarget as HTMLInputElement).checked;
                  setScopes((cur) => (on ? [...cur, s] : cur.filter((x) => x !== s)));
                }}
              />
              {s}
            </label>
          ))}
        </fieldset>
      ) : null}
      {field('cid', 'Client ID', clientId, setClientId)}
      {cc || ac || pw ? field('secret', 'Client secret', secret, setSecret, 'password', 'optional') : null}
      {pw ? field('username', 'Username', user, setUser, 'text', undefined, 'username') : null}
      {pw ? field('userpass', 'Password', password, setPassword, 'password', undefined, 'current-password') : null}
      <div class="lp-row">
        {cc ? (
          <button type="button" class="lp-btn lp-small" onClick={clientCredentials}>
            Get token (client credentials)
          </button>
        ) : null}
        {pw ? (
          <button type="button" class="lp-btn lp-small" onClick={passwordGrant}>
            Get token (password)
          </button>
        ) : null}
        {ac ? (
          <button type="button" class="lp-btn lp-small" onClick={authorizationCode}>
            Sign in (authorization code + PKCE)
          </button>
        ) : null}
        {im ? (
          <button type="button" class="lp-btn lp-small" onClick={implicit}>
            Sign in (implicit)
          </button>
        ) : null}
      </div>
      {status ? (
        <p class="lp-desc" role="status">
          {status}
        </p>
      ) : null}
    </div>
  );
}
