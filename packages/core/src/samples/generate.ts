/**
 * Request code samples for an operation: hand-written (`x-codeSamples`, `<RequestExample>`) and generated
 * for the configured languages with httpsnippet from one HAR request.
 *
 * Display order rule (documented in docs/api-pages/code-samples.mdx):
 * 1. A page whose MDX has `<RequestExample>` code blocks shows exactly those blocks, in order, and nothing
 *    else (neither `x-codeSamples` nor generated samples) — the author pinned the panel.
 * 2. Otherwise: every `x-codeSamples` entry in spec order, then (unless `autogenerate: false`) one generated
 *    sample per configured language, in the configured order.
 */
import { HTTPSnippet, targets, type HarRequest, type Request, type Target } from 'httpsnippet';
import type { Operation } from '../model.ts';
import { languageInfo, normalizeLanguage, type LanguageKey } from '../languages.ts';
import { harFromOperation, restoreTokens, type HarBuild, type HarParam } from './har.ts';
import { registerTargets } from './targets.ts';
import { fixFileBodies } from './files.ts';
import type { CodeBlock, ManualOperation } from './mdx.ts';

export interface RequestSample {
  /** Canonical language key, or the raw `lang` of a hand-written sample in an unknown language. */
  lang: string;
  /** Tab label: the sample's label/title, else the language display name. */
  label: string;
  /** Shiki language id. */
  highlight: string;
  source: string;
  /** True for samples Lectern generated, false for hand-written ones. */
  generated: boolean;
}

export interface RequestSamplesInput {
  operation: Operation | ManualOperation;
  /** Canonical keys in display order (see `normalizeLanguageList`). */
  languages: readonly LanguageKey[];
  defaults: 'required' | 'all';
  autogenerate: boolean;
  /** Code blocks of the page's `<RequestExample>` (see `extractApiBlocks`). */
  pageExamples?: readonly CodeBlock[];
}

export interface SampleClient {
  /** httpsnippet target id. */
  target: string;
  /** httpsnippet client id. */
  client: string;
  /** Library/tool named in the docs. */
  library: string;
}

/** The client used for each language (one idiomatic client per language). */
export const SAMPLE_CLIENTS: Readonly<Record<LanguageKey, SampleClient>> = {
  bash: { target: 'shell', client: 'lectern-curl', library: 'cURL' },
  python: { target: 'python', client: 'requests', library: 'requests' },
  javascript: { target: 'javascript', client: 'lectern-fetch', library: 'fetch' },
  node: { target: 'node', client: 'lectern-axios', library: 'axios' },
  php: { target: 'php', client: 'curl', library: 'ext-curl' },
  go: { target: 'go', client: 'native', library: 'net/http' },
  java: { target: 'java', client: 'nethttp', library: 'java.net.http.HttpClient' },
  ruby: { target: 'ruby', client: 'native', library: 'net/http' },
  powershell: { target: 'powershell', client: 'lectern-restmethod', library: 'Invoke-RestMethod' },
  swift: { target: 'swift', client: 'lectern-urlsession', library: 'URLSession (Foundation)' },
  csharp: { target: 'csharp', client: 'restsharp', library: 'RestSharp' },
  dotnet: { target: 'csharp', client: 'httpclient', library: 'System.Net.Http.HttpClient' },
  typescript: { target: 'typescript', client: 'fetch', library: 'fetch' },
  c: { target: 'c', client: 'libcurl', library: 'libcurl' },
  'c++': { target: 'cpp', client: 'cpr', library: 'cpr (C++ Requests)' },
  kotlin: { target: 'kotlin', client: 'okhttp', library: 'OkHttp' },
  rust: { target: 'rust', client: 'reqwest', library: 'reqwest' },
  dart: { target: 'dart', client: 'http', library: 'http (package:http)' },
};

/**
 * Apply `fix` to the body of every double-quoted literal of PHP/Ruby code (single-quoted literals are
 * skipped), e.g. to escape `$` (PHP) or `#{` (Ruby) that would interpolate.
 */
function fixDoubleQuoted(code: string, fix: (body: string) => string): string {
  let out = '';
  let i = 0;
  while (i < code.length) {
    const ch = code[i]!;
    if (ch !== '"' && ch !== "'") { out += ch; i++; continue; }
    let j = i + 1;
    while (j < code.length && code[j] !== ch) j += code[j] === '\\' ? 2 : 1;
    const body = code.slice(i + 1, j);
    out += ch + (ch === '"' ? fix(body) : body) + (j < code.length ? ch : '');
    i = j + 1;
  }
  return out;
}

function phpString(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function phpLiteral(v: unknown, indent: string): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return phpString(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  if (typeof v === 'boolean') return String(v);
  const inner = `${indent}  `;
  if (Array.isArray(v)) return v.length ? `[\n${v.map((x) => inner + phpLiteral(x, inner)).join(',\n')}\n${indent}]` : '[]';
  const entries = Object.entries(v as Record<string, unknown>);
  if (!entries.length) return 'new \\stdClass()';
  return `[\n${entries.map(([k, x]) => `${inner}${phpString(k)} => ${phpLiteral(x, inner)}`).join(',\n')}\n${indent}]`;
}

/**
 * httpsnippet's PHP array printer doubles the indentation at every level (65,000-space lines on deep
 * bodies): re-print the `json_encode(...)` argument with a 2-space step.
 */
function fixPhpJson(code: string, build: HarBuild): string {
  const marker = 'CURLOPT_POSTFIELDS => json_encode(';
  const start = code.indexOf(marker);
  if (start < 0 || build.bodyKind !== 'json' || !build.har.postData?.text) return code;
  let value: unknown;
  try {
    value = JSON.parse(build.har.postData.text);
  } catch {
    return code;
  }
  let i = start + marker.length;
  let depth = 1;
  while (i < code.length && depth > 0) {
    const ch = code[i]!;
    if (ch === "'" || ch === '"') {
      i++;
      while (i < code.length && code[i] !== ch) i += code[i] === '\\' ? 2 : 1;
    } else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    i++;
  }
  if (depth !== 0) return code;
  return `${code.slice(0, start)}${marker}${phpLiteral(value, '  ')})${code.slice(i)}`;
}

/** A Dictionary cannot hold repeated form names (exploded arrays): use a list of pairs then. */
function fixDotnetRepeatedForm(code: string, build: HarBuild): string {
  const names = build.bodyKind === 'form' ? (build.har.postData?.params ?? []).map((p) => p.name) : [];
  if (new Set(names).size === names.length || !code.includes('new FormUrlEncodedContent(new Dictionary<string, string>')) return code;
  return code
    .replace('new FormUrlEncodedContent(new Dictionary<string, string>', () => 'new FormUrlEncodedContent(new List<KeyValuePair<string, string>>')
    .replace(/^(\s*)\{ ("(?:[^"\\]|\\.)*"), ("(?:[^"\\]|\\.)*") \},$/gm, (_m, indent: string, k: string, v: string) => `${indent}new KeyValuePair<string, string>(${k}, ${v}),`);
}

/** Fixes applied to one client's output (upstream bugs that leave the code invalid or misleading). */
const POST_PROCESS: Partial<Record<LanguageKey, (code: string) => string>> = {
  // httpsnippet quotes the file expression: `{ "file": "open('x', 'rb')" }` sends the text, not the file.
  python: (code) => code.replace(/"open\('((?:[^'\\]|\\.)*)', 'rb'\)"/g, "open('$1', 'rb')"),
  // Kotlin string templates: every `$` of the okhttp client's output sits inside a string literal; a `$`
  // that would start a template (`$name`, `${`) becomes `${'$'}` (tree-sitter-kotlin misreads `\$\"`).
  kotlin: (code) => code.replace(/\$(?=[A-Za-z_{])/g, () => "${'$'}"),
  // java.net.http samples are statements (JShell / Java 21+ unnamed classes): add the imports they use.
  java: (code) => {
    const imports = ['java.net.URI', 'java.net.http.HttpClient', 'java.net.http.HttpRequest', 'java.net.http.HttpResponse'];
    if (code.includes('Path.of(')) imports.push('java.nio.file.Path');
    return `${imports.map((i) => `import ${i};`).join('\n')}\n\n${code}`;
  },
  php: (code) => fixDoubleQuoted(code, (body) => body.replace(/\$/g, '\\$')),
  ruby: (code) => fixDoubleQuoted(code, (body) => body.replace(/#(?=[{$@])/g, '\\#')),
};

function controlEscape(style: 'x' | 'u{}'): (s: string) => string {
  return (s) => s.replace(/\\/g, '\\\\').replace(/[\u0000-\u001f\u007f]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    const hex = c.charCodeAt(0).toString(16);
    return style === 'x' ? `\\x${hex.padStart(2, '0')}` : `\\u{${hex}}`;
  });
}

function mapJson(value: unknown, str: (s: string) => string, key: (s: string) => string, nul?: unknown): unknown {
  if (typeof value === 'string') return str(value);
  if (value === null) return nul === undefined ? null : nul;
  if (Array.isArray(value)) return value.map((v) => mapJson(v, str, key, nul));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[key(k)] = mapJson(v, str, key, nul);
    return out;
  }
  return value;
}

/**
 * Pre-escaping of the parsed JSON body for clients whose literal printers only escape `"` in strings and
 * nothing in keys (python/rust helpers).
 */
const JSON_OBJ_FIX: Partial<Record<LanguageKey, (v: unknown) => unknown>> = {
  python: (v) => { const e = controlEscape('x'); return mapJson(v, e, (k) => e(k).replace(/"/g, '\\"')); },
  rust: (v) => { const e = controlEscape('u{}'); return mapJson(v, e, (k) => e(k).replace(/"/g, '\\"')); },
};

const prepared = new WeakMap<HarBuild, Request | null>();

/** httpsnippet's validated, prepared request for a build: computed once per build (validation is the costly part). */
function preparedRequest(build: HarBuild): Request | null {
  let req = prepared.get(build);
  if (req === undefined) {
    try {
      // `prepare` mutates the HAR's postData in place: give it a copy.
      req = new HTTPSnippet(structuredClone(build.har) as unknown as HarRequest).requests[0] ?? null;
    } catch {
      req = null;
    }
    prepared.set(build, req);
  }
  return req;
}

function runClient(base: Request, lang: LanguageKey, target: string, clientId: string): string {
  // Every conversion gets its own deep copy of the prepared request: clients mutate it (the cause of
  // corrupted samples when one HTTPSnippet instance serves several languages).
  const req = structuredClone(base);
  const fixJson = JSON_OBJ_FIX[lang];
  if (fixJson && req.postData?.jsonObj) req.postData.jsonObj = fixJson(req.postData.jsonObj) as never;
  REQUEST_FIX[lang]?.(req);
  const client = (targets as unknown as Record<string, Target>)[target]?.clientsById[clientId];
  if (!client) return '';
  return client.convert(req, {});
}

/**
 * One sample in one language from a HAR build. The HAR is validated and prepared once per build; each
 * conversion runs on a fresh deep copy of that prepared request, so no language can corrupt another
 * (pinned by the order-independence test).
 */
export function convertHar(build: HarBuild, lang: LanguageKey): string {
  registerTargets();
  const { target, client } = SAMPLE_CLIENTS[lang];
  const base = preparedRequest(build);
  let code = '';
  if (base) {
    try {
      code = runClient(base, lang, target, client);
      // RestSharp's Method enum has no TRACE/QUERY: the C# tab shows HttpClient then.
      if (lang === 'csharp' && code.startsWith('Method not supported')) code = runClient(base, lang, 'csharp', 'httpclient');
    } catch {
      code = '';
    }
  }
  if (!code) return fallbackComment(lang, build);
  code = fixFileBodies(lang, restoreTokens(code, build.tokens), build);
  if (lang === 'php') code = fixPhpJson(code, build);
  if (lang === 'dotnet') code = fixDotnetRepeatedForm(code, build);
  const fix = POST_PROCESS[lang];
  return fix ? fix(code) : code;
}

/** Rust's reqwest client escapes nothing in query pairs, multipart parts, header values and text bodies. */
function fixRustRequest(req: Request): void {
  const lit = controlEscape('u{}');
  const full = (v: string): string => lit(v).replace(/"/g, '\\"');
  const mapObj = (o: Record<string, unknown>, f: (s: string) => string): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) out[full(k)] = Array.isArray(v) ? v.map((x) => f(String(x))) : typeof v === 'string' ? f(v) : v;
    return out;
  };
  req.queryObj = mapObj(req.queryObj, full) as never;
  req.allHeaders = mapObj(req.allHeaders, lit) as never;
  if (req.postData) {
    if (req.postData.params) req.postData.params = req.postData.params.map((p: HarParam) => ({ ...p, name: full(p.name), ...(p.value !== undefined ? { value: full(p.value) } : {}) }));
    if (req.postData.paramsObj) req.postData.paramsObj = mapObj(req.postData.paramsObj, lit) as never;
    if (req.postData.text && !req.postData.jsonObj) req.postData.text = lit(req.postData.text);
  }
}

/** .NET HttpClient: form field names/values and multipart part names are printed without escaping. */
function fixDotnetRequest(req: Request): void {
  const cs = (v: string): string => JSON.stringify(v).slice(1, -1);
  if (!req.postData?.params) return;
  const form = req.postData.mimeType === 'application/x-www-form-urlencoded';
  req.postData.params = req.postData.params.map((p: HarParam) => ({ ...p, name: cs(p.name), ...(form && p.value !== undefined ? { value: cs(p.value) } : {}) }));
}

/** PHP: the JSON body is re-printed by `fixPhpJson`; keep httpsnippet's (exponentially indented) printer idle. */
function fixPhpRequest(req: Request): void {
  if (req.postData?.jsonObj) req.postData.jsonObj = { lectern: 0 } as never;
}

/** Python requests client: form/multipart field values only get `"` escaped, names nothing. */
function fixPythonRequest(req: Request): void {
  const e = controlEscape('x');
  const key = (k: string): string => e(k).replace(/"/g, '\\"');
  if (!req.postData) return;
  if (req.postData.paramsObj) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(req.postData.paramsObj)) out[key(k)] = Array.isArray(v) ? v.map((x) => e(String(x))) : typeof v === 'string' ? e(v) : v;
    req.postData.paramsObj = out as never;
  }
  if (req.postData.params && req.postData.mimeType.startsWith('multipart/')) {
    req.postData.params = req.postData.params.map((p: HarParam) => ({ ...p, name: key(p.name), ...(p.value !== undefined ? { value: e(p.value) } : {}) }));
  }
}

const REQUEST_FIX: Partial<Record<LanguageKey, (req: Request) => void>> = { rust: fixRustRequest, dotnet: fixDotnetRequest, php: fixPhpRequest, python: fixPythonRequest };

/** A valid comment-only sample when a client cannot render the request (never expected; safety net). */
function fallbackComment(lang: LanguageKey, build: HarBuild): string {
  const line = restoreTokens(`${build.har.method} ${build.har.url}`, build.tokens).replace(/\*\//g, '*\\/');
  switch (lang) {
    case 'bash': case 'python': case 'ruby': case 'powershell': return `# ${line}`;
    default: return `// ${line}`;
  }
}

/**
 * Most recently used results, keyed by operation object then options. Bounded (not a WeakMap) because a
 * site plan keeps every operation alive for the whole build: huge specs would keep every sample in memory.
 */
const CACHE_SIZE = 2048;
const cache = new Map<object, Map<string, readonly RequestSample[]>>();

function handWritten(op: Operation): RequestSample[] {
  return op.codeSamples.map((s) => {
    const key = normalizeLanguage(s.lang);
    const info = key ? languageInfo(key) : undefined;
    return { lang: key ?? s.lang, label: s.label ?? info?.name ?? s.lang, highlight: info?.highlight ?? s.lang.toLowerCase(), source: s.source, generated: false };
  });
}

/** `<RequestExample>` blocks as samples. */
export function samplesFromBlocks(blocks: readonly CodeBlock[]): RequestSample[] {
  return blocks.map((b) => {
    const key = normalizeLanguage(b.lang);
    const info = key ? languageInfo(key) : undefined;
    return { lang: key ?? b.lang, label: b.title ?? info?.name ?? (b.lang || 'Request'), highlight: info?.highlight ?? (b.lang || 'text'), source: b.code, generated: false };
  });
}

/**
 * Request samples in display order. Pure function of its input, computed on demand (pages nobody opens
 * cost nothing) and cached per operation object + options for the 2,048 most recently used operations, so
 * repeated renders are free. The returned array is frozen.
 */
export function requestSamples(input: RequestSamplesInput): readonly RequestSample[] {
  if (input.pageExamples && input.pageExamples.length > 0) return samplesFromBlocks(input.pageExamples);
  const op = input.operation;
  const key = `${input.languages.join(',')}|${input.defaults}|${input.autogenerate}`;
  let perOp = cache.get(op);
  const hit = perOp?.get(key);
  if (perOp) {
    cache.delete(op);
    cache.set(op, perOp);
  }
  if (hit) return hit;
  const out = handWritten(op);
  if (input.autogenerate && input.languages.length) {
    const build = harFromOperation(op, { requiredOnly: input.defaults === 'required' });
    for (const lang of input.languages) {
      const info = languageInfo(lang);
      out.push({ lang, label: info.name, highlight: info.highlight, source: convertHar(build, lang), generated: true });
    }
  }
  const frozen = Object.freeze(out);
  if (!perOp) {
    cache.set(op, (perOp = new Map()));
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  perOp.set(key, frozen);
  return frozen;
}
