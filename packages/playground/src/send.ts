/** Send a built request (directly or through the Lectern proxy) and turn the answer into a `ResponseView`. */
import type { BuiltRequest } from './request.ts';
import { toProxyRequest } from './request.ts';
import { PROXY_ERROR_HEADER } from '@lectern/core/contract';
import { mediaOf, type ResponseView } from './response.tsx';

export interface SendOptions {
  proxy: boolean;
  proxyUrl: string;
  credentials: boolean;
  signal: AbortSignal;
}

export async function send(req: BuiltRequest, o: SendOptions): Promise<ResponseView> {
  const started = performance.now();
  let res: globalThis.Response;
  try {
    if (o.proxy) {
      res = await fetch(o.proxyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(await toProxyRequest(req)),
        signal: o.signal,
      });
    } else {
      const headers = { ...req.headers };
      delete headers.Cookie; // forbidden in browsers: only the proxy can send cookie parameters
      const noBody = req.method === 'GET' || req.method === 'HEAD';
      res = await fetch(req.url, {
        method: req.method,
        headers,
        ...(noBody || req.body === undefined ? {} : { body: req.body }),
        credentials: o.credentials ? 'include' : 'same-origin',
        signal: o.signal,
      });
    }
  } catch (e) {
    return failure(e, o);
  }
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch (e) {
    return failure(e, o);
  }
  const ms = performance.now() - started;
  if (o.proxy && res.headers.get(PROXY_ERROR_HEADER)) {
    let message = `The proxy answered ${res.status}.`;
    let code = '';
    try {
      const json = JSON.parse(await blob.text()) as { error?: { code?: string; message?: string } };
      if (json.error?.message) message = json.error.message;
      if (json.error?.code) code = json.error.code;
    } catch {
      /* not JSON */
    }
    return { kind: 'error', title: `Proxy error${code ? ` (${code})` : ''} — the request did not reach the API`, message };
  }
  const contentType = res.headers.get('content-type') ?? '';
  const media = mediaOf(contentType, blob.size);
  const view: ResponseView = {
    kind: 'response',
    status: res.status,
    statusText: res.statusText,
    ms,
    size: blob.size,
    headers: [...res.headers.entries()],
    contentType,
    media,
  };
  if (media === 'json' || media === 'text') view.text = await blob.text();
  else if (media !== 'empty') view.url = URL.createObjectURL(blob);
  return view;
}

function failure(e: unknown, o: SendOptions): ResponseView {
  if (o.signal.aborted) {
    const timeout = o.signal.reason === 'timeout';
    return {
      kind: 'error',
      title: timeout ? 'Timed out' : 'Cancelled',
      message: timeout ? 'No response arrived in time; the request was aborted. Your inputs are kept.' : 'The request was cancelled.',
    };
  }
  const detail = e instanceof Error ? e.message : String(e);
  if (o.proxy) {
    return { kind: 'error', title: 'Could not reach the playground proxy', message: `${detail}. Check your connection and try again.` };
  }
  return {
    kind: 'error',
    title: 'Network error or CORS refusal',
    message: `The browser could not complete the request (${detail}). The API may be unreachable, or it does not allow cross-origin requests from this site (CORS).`,
  };
}
