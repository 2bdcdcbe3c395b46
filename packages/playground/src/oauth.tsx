/**
 * OAuth 2 helpers run from the browser: client credentials, and authorization code with PKCE (popup;
 * the redirect URI is the docs page itself, which posts the code back to its opener).
 */
import { useState } from 'preact/hooks';
import type { PgScheme } from './types.ts';
import { bytesToBase64 } from './request.ts';
import { send } from './send.ts';

const STATE_PREFIX = 'lectern-';

/** In the popup: hand the authorization response to the opener and close. */
export function handleOAuthCallback(): void {
  if (typeof window === 'undefined' || !window.opener) return;
  const params = new URLSearchParams(location.search);
  if (!params.get('state')?.startsWith(STATE_PREFIX)) return;
  window.opener.postMessage({ lecternOAuth: location.search }, location.origin);
  window.close();
}
handleOAuthCallback();

function b64url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function tokenRequest(url: string, form: Record<string, string>, o: { proxy: boolean; proxyUrl: string; basic?: string }): Promise<string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
  if (o.basic) headers.Authorization = o.basic;
  const body = new URLSearchParams(form).toString();
  const view = await send({ method: 'POST', url, headers, body }, { proxy: o.proxy, proxyUrl: o.proxyUrl, credentials: false, signal: new AbortController().signal });
  if (view.kind === 'error') throw new Error(`${view.title}: ${view.message}`);
  if (view.kind !== 'response') throw new Error('No response');
  let json: { access_token?: string; error?: string; error_description?: string } = {};
  try { json = JSON.parse(view.text ?? '{}'); } catch { /* not JSON */ }
  if (view.status >= 400 || !json.access_token) throw new Error(json.error_description ?? json.error ?? `Token endpoint answered ${view.status}`);
  return json.access_token;
}

export function OAuthTools(p: { scheme: PgScheme; id: string; proxy: boolean; proxyUrl: string; onToken: (t: string) => void }) {
  const flows = p.scheme.flows ?? {};
  const cc = flows.clientCredentials?.tokenUrl ? flows.clientCredentials : undefined;
  const ac = flows.authorizationCode?.authorizationUrl && flows.authorizationCode.tokenUrl ? flows.authorizationCode : undefined;
  const [clientId, setClientId] = useState('');
  const [secret, setSecret] = useState('');
  const [status, setStatus] = useState('');
  if (!cc && !ac) return null;
  const scope = p.scheme.scopes.join(' ');
  const basic = () => (secret ? 'Basic ' + btoa(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`) : undefined);
  const run = async (f: () => Promise<string>) => {
    setStatus('Requesting a token…');
    try { p.onToken(await f()); setStatus('Token received.'); } catch (e) { setStatus((e as Error).message); }
  };
  const clientCredentials = () => run(() => tokenRequest(cc!.tokenUrl!, {
    grant_type: 'client_credentials', ...(scope ? { scope } : {}), ...(secret ? {} : { client_id: clientId }),
  }, { proxy: p.proxy, proxyUrl: p.proxyUrl, basic: basic() }));
  const authorizationCode = () => run(async () => {
    const verifier = b64url(crypto.getRandomValues(new Uint8Array(32)));
    const challenge = b64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
    const state = STATE_PREFIX + b64url(crypto.getRandomValues(new Uint8Array(12)));
    const redirect = location.origin + location.pathname;
    const url = new URL(ac!.authorizationUrl!, location.href);
    for (const [k, v] of Object.entries({ response_type: 'code', client_id: clientId, redirect_uri: redirect, state, code_challenge: challenge, code_challenge_method: 'S256', ...(scope ? { scope } : {}) })) url.searchParams.set(k, v);
    const popup = window.open(url.toString(), 'lectern-oauth', 'width=520,height=680');
    if (!popup) throw new Error('The sign-in window was blocked by the browser.');
    const search = await new Promise<string>((resolve, reject) => {
      const onMessage = (e: MessageEvent) => {
        if (e.origin !== location.origin || typeof e.data?.lecternOAuth !== 'string') return;
        window.removeEventListener('message', onMessage);
        resolve(e.data.lecternOAuth);
      };
      window.addEventListener('message', onMessage);
      setTimeout(() => { window.removeEventListener('message', onMessage); reject(new Error('Sign-in timed out.')); }, 300_000);
    });
    const back = new URLSearchParams(search);
    if (back.get('state') !== state) throw new Error('OAuth state mismatch; try again.');
    const code = back.get('code');
    if (!code) throw new Error(back.get('error_description') ?? back.get('error') ?? 'No authorization code returned.');
    return tokenRequest(ac!.tokenUrl!, {
      grant_type: 'authorization_code', code, redirect_uri: redirect, code_verifier: verifier, ...(secret ? {} : { client_id: clientId }),
    }, { proxy: p.proxy, proxyUrl: p.proxyUrl, basic: basic() });
  });
  return (
    <div class="lp-oauth">
      <div class="lp-field">
        <label class="lp-label" for={`${p.id}-cid`}><span class="lp-name">Client ID</span></label>
        <input id={`${p.id}-cid`} type="text" value={clientId} onInput={(e) => setClientId((e.currentTarget as HTMLInputElement).value)} />
      </div>
      <div class="lp-field">
        <label class="lp-label" for={`${p.id}-secret`}><span class="lp-name">Client secret</span><span class="lp-type">optional with PKCE</span></label>
        <input id={`${p.id}-secret`} type="password" autoComplete="off" value={secret} onInput={(e) => setSecret((e.currentTarget as HTMLInputElement).value)} />
      </div>
      <div class="lp-row">
        {cc ? <button type="button" class="lp-btn lp-small" onClick={clientCredentials}>Get token (client credentials)</button> : null}
        {ac ? <button type="button" class="lp-btn lp-small" onClick={authorizationCode}>Sign in (authorization code + PKCE)</button> : null}
      </div>
      {status ? <p class="lp-desc" role="status">{status}</p> : null}
    </div>
  );
}
