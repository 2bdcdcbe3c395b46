/**
 * Live request samples (`@lectern/core/live-samples`): the request the playground is about to send, in the site's
 * sample languages, generated in the browser by the same httpsnippet clients and fixes as the page's static
 * samples. The playground loads this module lazily, when the reader opens its samples panel.
 */
import { convertHar } from './generate.ts';
import type { BodyKind, HarBuild, HarParam } from './har.ts';
import { BINARY_MARKER, BINARY_TEXT_PLACEHOLDER, FILE_PLACEHOLDER } from './har.ts';
import { languageInfo, normalizeLanguage, type LanguageKey } from './languages/index.ts';

/** The request as the playground built it (`FormData` parts and files described, not read). */
export interface LiveRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?:
    | { kind: 'text'; text: string }
    | { kind: 'form'; fields: Array<[string, string]> }
    | { kind: 'multipart'; parts: Array<{ name: string; value?: string; fileName?: string; contentType?: string }> }
    | { kind: 'binary' };
}

export interface LiveSample {
  lang: LanguageKey;
  label: string;
  highlight: string;
  source: string;
}

function harOf(req: LiveRequest): HarBuild {
  const headers = Object.entries(req.headers).map(([name, value]) => ({ name, value }));
  const contentType = Object.entries(req.headers).find(([n]) => n.toLowerCase() === 'content-type')?.[1] ?? '';
  const mimeType = contentType.split(';')[0]!.trim() || 'application/octet-stream';
  let bodyKind: BodyKind = 'none';
  let postData: HarBuild['har']['postData'];
  const body = req.body;
  if (body?.kind === 'text') {
    bodyKind = /[/+]json$/i.test(mimeType) ? 'json' : 'text';
    postData = { mimeType: bodyKind === 'json' ? 'application/json' : mimeType, text: body.text };
  } else if (body?.kind === 'form') {
    bodyKind = 'form';
    postData = { mimeType: 'application/x-www-form-urlencoded', params: body.fields.map(([name, value]) => ({ name, value })) };
  } else if (body?.kind === 'multipart') {
    bodyKind = 'multipart';
    const params: HarParam[] = body.parts.map((p) =>
      p.fileName !== undefined
        ? { name: p.name, fileName: p.fileName || FILE_PLACEHOLDER, ...(p.contentType ? { contentType: p.contentType } : {}) }
        : { name: p.name, value: p.value ?? '' },
    );
    postData = { mimeType: 'multipart/form-data', params };
  } else if (body?.kind === 'binary') {
    bodyKind = 'binary';
    postData = { mimeType, text: BINARY_TEXT_PLACEHOLDER, comment: BINARY_MARKER };
  }
  // httpsnippet derives the multipart Content-Type (with its boundary) itself.
  const har = {
    method: req.method.toUpperCase(),
    url: req.url,
    httpVersion: 'HTTP/1.1',
    headers: bodyKind === 'multipart' ? headers.filter((h) => h.name.toLowerCase() !== 'content-type') : headers,
    queryString: [],
    cookies: [],
    headersSize: -1,
    bodySize: -1,
    ...(postData ? { postData } : {}),
  };
  return { har, bodyKind, ...(postData ? { mediaType: mimeType } : {}), tokens: [] };
}

/** Samples of `request` in `languages` (keys or aliases, in order; unknown names are skipped). */
export function liveSamples(request: LiveRequest, languages: readonly string[]): LiveSample[] {
  const build = harOf(request);
  const seen = new Set<LanguageKey>();
  const out: LiveSample[] = [];
  for (const name of languages) {
    const lang = normalizeLanguage(name);
    if (!lang || seen.has(lang)) continue;
    seen.add(lang);
    const info = languageInfo(lang);
    out.push({ lang, label: info.name, highlight: info.highlight, source: convertHar(build, lang) });
  }
  return out;
}
