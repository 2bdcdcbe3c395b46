/**
 * The request as code, next to the form: the site's sample languages (same order and labels as the page's static
 * samples), regenerated from the form's current values as the reader edits. The generators (httpsnippet and
 * Lectern's clients, ~40 KB gzip) load the first time the panel opens; until then, and if they fail to load, the
 * island's own cURL shows. Credentials the reader typed are masked unless they choose to show them.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { toCurl, type BuiltRequest } from './request.ts';

type LiveModule = typeof import('@lectern/core/live-samples');
type LiveRequest = Parameters<LiveModule['liveSamples']>[0];

let loading: Promise<LiveModule> | undefined;
const loadGenerators = () => (loading ??= import('@lectern/core/live-samples'));

/** The island's request in the generators' terms (files and blobs described, never read). */
export function liveRequest(req: BuiltRequest): LiveRequest {
  const out: LiveRequest = { method: req.method, url: req.url, headers: req.headers };
  const body = req.body;
  const type = Object.entries(req.headers).find(([n]) => n.toLowerCase() === 'content-type')?.[1] ?? '';
  if (typeof body === 'string') {
    out.body = /^application\/x-www-form-urlencoded/i.test(type)
      ? { kind: 'form', fields: [...new URLSearchParams(body)] }
      : { kind: 'text', text: body };
  } else if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const parts: Array<{ name: string; value?: string; fileName?: string; contentType?: string }> = [];
    body.forEach((value, name) => {
      if (typeof value === 'string') parts.push({ name, value });
      else parts.push({ name, fileName: (value as File).name || 'file', ...(value.type ? { contentType: value.type } : {}) });
    });
    out.body = { kind: 'multipart', parts };
  } else if (body) out.body = { kind: 'binary' };
  return out;
}

export function LiveSamples(p: { id: string; languages: string[]; request: BuiltRequest; masked: BuiltRequest; hasSecrets: boolean }) {
  const [open, setOpen] = useState(false);
  const [mod, setMod] = useState<LiveModule | null>(null);
  const [active, setActive] = useState(0);
  const [reveal, setReveal] = useState(false);
  useEffect(() => {
    if (!open || mod) return;
    loadGenerators().then(setMod, (error: unknown) =>
      console.warn('Lectern: live request samples could not load; showing cURL only.', error),
    );
  }, [open]);
  const shown = reveal ? p.request : p.masked;
  const samples = useMemo(() => {
    if (mod) {
      try {
        const list = mod.liveSamples(liveRequest(shown), p.languages);
        if (list.length) return list.map((s) => ({ label: s.label, source: s.source }));
      } catch {
        /* fall back to the island's own cURL */
      }
    }
    return [{ label: 'cURL', source: toCurl(shown) }];
  }, [mod, shown, p.languages.join(',')]);
  const current = samples[Math.min(active, samples.length - 1)]!;
  return (
    <details
      class="lp-curl lp-samples"
      data-live={mod ? 'ready' : 'pending'}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>Request samples</summary>
      {samples.length > 1 ? (
        <div class="lp-tabs lp-sample-tabs" role="tablist" aria-label="Sample language">
          {samples.map((s, i) => (
            <button
              type="button"
              role="tab"
              key={s.label}
              id={`${p.id}-sample-${i}`}
              aria-selected={i === active}
              class="lp-btn lp-small"
              onClick={() => setActive(i)}
            >
              {s.label}
            </button>
          ))}
        </div>
      ) : null}
      <pre class="lp-code" role="tabpanel" aria-label={`${current.label} sample`} data-sample-lang={current.label}>
        <code>{current.source}</code>
      </pre>
      <div class="lp-sample-actions">
        <button
          type="button"
          class="lp-btn lp-small"
          onClick={() => {
            navigator.clipboard?.writeText(current.source).catch(() => undefined);
          }}
        >
          Copy
        </button>
        {p.hasSecrets ? (
          <label class="lp-reveal">
            <input type="checkbox" checked={reveal} onChange={(e) => setReveal((e.currentTarget as HTMLInputElement).checked)} /> Show
            credentials
          </label>
        ) : null}
      </div>
    </details>
  );
}
