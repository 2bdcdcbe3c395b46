/** Response rendering by Content-Type. Text nodes only: an HTML response is shown as text, never parsed. */
import type { ComponentChildren } from 'preact';

export type ResponseView =
  | { kind: 'loading' }
  | { kind: 'error'; title: string; message: string }
  | {
      kind: 'response';
      status: number;
      statusText: string;
      ms: number;
      size: number;
      headers: Array<[string, string]>;
      contentType: string;
      /** image / audio / video / binary: a blob: URL. */
      url?: string;
      /** json / text */
      text?: string;
      media: 'image' | 'audio' | 'video' | 'json' | 'text' | 'binary' | 'empty';
    };

export function mediaOf(contentType: string, size: number): Exclude<Extract<ResponseView, { kind: 'response' }>['media'], never> {
  const ct = contentType.toLowerCase().split(';')[0]!.trim();
  if (size === 0) return 'empty';
  if (ct.startsWith('image/')) return 'image';
  if (ct.startsWith('audio/')) return 'audio';
  if (ct.startsWith('video/')) return 'video';
  if (ct === 'application/json' || ct.endsWith('+json') || ct.endsWith('/json')) return 'json';
  if (!ct || ct.startsWith('text/') || /(xml|javascript|yaml|x-www-form-urlencoded|x-ndjson|graphql)/.test(ct)) return 'text';
  return 'binary';
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false)\b|\b(null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

/** Pretty JSON as spans with CSS classes (lp-k key, lp-s string, lp-n number, lp-b boolean, lp-z null). */
export function JsonCode(props: { text: string }) {
  let pretty = props.text;
  try {
    pretty = JSON.stringify(JSON.parse(props.text), null, 2);
  } catch {
    return (
      <pre class="lp-code">
        <code>{props.text}</code>
      </pre>
    );
  }
  const out: ComponentChildren[] = [];
  let last = 0;
  for (const m of pretty.matchAll(TOKEN)) {
    const at = m.index ?? 0;
    if (at > last) out.push(pretty.slice(last, at));
    if (m[1] !== undefined) {
      out.push(<span class={m[2] ? 'lp-k' : 'lp-s'}>{m[1]}</span>);
      if (m[2]) out.push(m[2]);
    } else if (m[3]) out.push(<span class="lp-b">{m[3]}</span>);
    else if (m[4]) out.push(<span class="lp-z">{m[4]}</span>);
    else out.push(<span class="lp-n">{m[5]}</span>);
    last = at + m[0].length;
  }
  out.push(pretty.slice(last));
  return (
    <pre class="lp-code lp-json">
      <code>{out}</code>
    </pre>
  );
}

export function Response(props: { view: ResponseView | undefined; id: string }) {
  const v = props.view;
  return (
    <section class="lp-response" aria-labelledby={`${props.id}-resp-h`} aria-busy={v?.kind === 'loading'}>
      <h3 class="lp-h" id={`${props.id}-resp-h`}>
        Response
      </h3>
      {!v ? <p class="lp-desc">Send a request to see the response.</p> : null}
      {v?.kind === 'loading' ? (
        <p class="lp-desc" role="status">
          Sending…
        </p>
      ) : null}
      {v?.kind === 'error' ? (
        <div class="lp-alert" role="alert">
          <strong>{v.title}</strong>
          <p>{v.message}</p>
        </div>
      ) : null}
      {v?.kind === 'response' ? <ResponseBody v={v} /> : null}
    </section>
  );
}

function ResponseBody({ v }: { v: Extract<ResponseView, { kind: 'response' }> }) {
  const cls = v.status >= 500 ? 'lp-5xx' : v.status >= 400 ? 'lp-4xx' : v.status >= 300 ? 'lp-3xx' : 'lp-2xx';
  return (
    <div>
      <p class="lp-meta" role="status">
        <span class={`lp-status ${cls}`} data-status={v.status}>
          {v.status} {v.statusText}
        </span>
        <span class="lp-time">{Math.round(v.ms)} ms</span>
        <span class="lp-size">{formatBytes(v.size)}</span>
      </p>
      {v.status >= 500 ? (
        <p class="lp-alert" role="alert">
          The API answered with a server error ({v.status}).
        </p>
      ) : null}
      {v.media === 'image' ? <img class="lp-media" src={v.url} alt={`Response image (${v.contentType})`} /> : null}
      {v.media === 'audio' ? <audio class="lp-media" controls src={v.url} aria-label="Response audio" /> : null}
      {v.media === 'video' ? <video class="lp-media" controls src={v.url} aria-label="Response video" /> : null}
      {v.media === 'json' ? <JsonCode text={v.text ?? ''} /> : null}
      {v.media === 'text' ? (
        <pre class="lp-code">
          <code>{v.text}</code>
        </pre>
      ) : null}
      {v.media === 'binary' ? (
        <p>
          <a href={v.url} download="response">
            Download binary response ({v.contentType}, {formatBytes(v.size)})
          </a>
        </p>
      ) : null}
      {v.media === 'empty' ? <p class="lp-desc">Empty body.</p> : null}
      <details class="lp-headers">
        <summary>Response headers ({v.headers.length})</summary>
        <table>
          <tbody>
            {v.headers.map(([k, val]) => (
              <tr key={k}>
                <th scope="row">{k}</th>
                <td>{val}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
