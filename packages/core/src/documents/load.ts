/** `loadSpec`: locate, read, parse, dereference and normalise one OpenAPI or AsyncAPI document. */
import type { Diagnostic, SpecDocument } from '../model.ts';
import { normalizeOpenApi } from './openapi.ts';
import { dereferenceOpenApi } from './refs.ts';
import { describeAge, type RemoteSpecCache } from './remote-cache.ts';
import { fetchText, isDiagnostic, locateSource, readLocalText } from './source.ts';
import { convertSwagger2 } from './swagger2.ts';
import { kindOf, parseSpecText, type SpecKind } from './text.ts';

export interface LoadSpecOptions {
  /** Absolute path of the docs repo. */
  root: string;
  /** Repo-relative posix path (leading `/` optional) or an https URL. */
  source: string;
  /** Expected kind; detected from the top-level key when omitted. */
  kind?: SpecKind;
  /** Allow `http:` URLs (tests against 127.0.0.1, local preview). */
  allowHttp?: boolean;
  /** Fetch implementation for remote specs and remote `$ref`s. */
  fetch?: typeof fetch;
  /** Per-request timeout for remote reads, in ms (default 15 000). */
  timeoutMs?: number;
  /**
   * Where the last good copy of a remote spec is kept: written after each fetch that loads, read (with a
   * `spec/stale-copy` warning naming its age) when a later fetch of the same URL fails.
   */
  remoteCache?: RemoteSpecCache;
  /** The clock for the age in that warning (tests). */
  now?: () => number;
}

export interface LoadSpecResult {
  document?: SpecDocument;
  diagnostics: Diagnostic[];
}

const OPENAPI_3 = /^3\.\d+(\.\d+)?(-.+)?$/;

export async function loadSpec(options: LoadSpecOptions): Promise<LoadSpecResult> {
  const diagnostics: Diagnostic[] = [];
  const read: { id?: string; text?: string } = {};
  let result: SpecDocument | undefined;
  try {
    result = await load(options, diagnostics, read);
  } catch (e) {
    // Last line of defence: a bug or an unexpected library failure is still reported as a Diagnostic.
    const file = read.id ?? options.source;
    diagnostics.push({
      severity: 'error',
      code: 'spec/invalid',
      file,
      message: `${file} could not be loaded: ${String((e as Error)?.message ?? e).split('\n')[0]}`,
    });
  }
  if (read.id !== undefined && read.text !== undefined && diagnostics.some((d) => d.pointer && d.line === undefined)) {
    const { addLines } = await import('./locate.ts');
    addLines(diagnostics, read.id, read.text);
  }
  return { ...(result ? { document: result } : {}), diagnostics: dedupe(diagnostics) };
}

async function load(
  options: LoadSpecOptions,
  diagnostics: Diagnostic[],
  source: { id?: string; text?: string },
): Promise<SpecDocument | undefined> {
  const state = { fresh: false };
  const document = await loadDocument(options, diagnostics, source, state);
  // Only a copy that loaded as a spec is kept (an HTML maintenance page served with 200 is not a last good copy).
  if (document && state.fresh && source.id && source.text !== undefined) options.remoteCache?.write(source.id, source.text);
  return document;
}

async function loadDocument(
  options: LoadSpecOptions,
  diagnostics: Diagnostic[],
  source: { id?: string; text?: string },
  state: { fresh: boolean },
): Promise<SpecDocument | undefined> {
  const loc = locateSource(options.root, options.source, options);
  if (isDiagnostic(loc)) return void diagnostics.push(loc);
  const fetchOpts = {
    ...(options.allowHttp !== undefined ? { allowHttp: options.allowHttp } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  };
  let read = loc.type === 'file' ? await readLocalText(options.root, loc) : await fetchText(loc.url, fetchOpts);
  let fresh = loc.type === 'url' && !isDiagnostic(read);
  if (isDiagnostic(read) && read.code === 'spec/fetch-failed' && loc.type === 'url') {
    const copy = options.remoteCache?.read(loc.id);
    if (copy) {
      const age = describeAge((options.now ?? Date.now)() - copy.fetchedAt);
      diagnostics.push({
        severity: 'warning',
        code: 'spec/stale-copy',
        file: loc.id,
        message: `${read.message.replace(/\.$/, '')}; built with the copy fetched ${age} ago (${new Date(copy.fetchedAt).toISOString()}) and kept in the build cache, so its pages may be out of date.`,
        hint: 'The copy is only used for this exact URL. Fix the URL or the network to refresh it; `--strict` makes this an error.',
      });
      read = { text: copy.text };
      fresh = false;
    }
  }
  if (isDiagnostic(read)) return void diagnostics.push(read);

  state.fresh = fresh;
  const id = loc.id;
  source.id = id;
  source.text = read.text;
  const parsed = await parseSpecText(read.text, id);
  if (!parsed.ok) return void diagnostics.push(parsed.diagnostic);
  const value = parsed.value as Record<string, unknown>;
  const kind = kindOf(value);
  if (!kind) {
    diagnostics.push({
      severity: 'error',
      code: 'spec/unknown-kind',
      file: id,
      message: `${id} is not an OpenAPI or AsyncAPI document: it has no top-level \`openapi\`, \`swagger\` or \`asyncapi\` key.`,
      hint: 'Supported: OpenAPI 3.0/3.1/3.2, Swagger 2.0, AsyncAPI 2.x/3.x.',
    });
    return undefined;
  }
  if (options.kind && options.kind !== kind) {
    diagnostics.push({
      severity: 'error',
      code: 'spec/wrong-kind',
      file: id,
      message: `${id} is an ${kind === 'openapi' ? 'OpenAPI' : 'AsyncAPI'} document, but an ${options.kind === 'openapi' ? 'OpenAPI' : 'AsyncAPI'} spec was expected here.`,
      hint:
        kind === 'asyncapi' ? 'Reference it with `asyncapi` instead of `openapi`.' : 'Reference it with `openapi` instead of `asyncapi`.',
    });
    return undefined;
  }
  const base = loc.type === 'file' ? loc.abs : loc.id;
  const remote = loc.type === 'url';

  if (kind === 'asyncapi') {
    // Imported on demand: the AsyncAPI parser (Spectral) is heavy and most sites only have OpenAPI specs.
    const { loadAsyncApi } = await import('./asyncapi.ts');
    const out = await loadAsyncApi(read.text, { ...fetchOpts, root: options.root, id, base, remote });
    diagnostics.push(...out.diagnostics);
    return out.document;
  }

  let api = value;
  let swaggerBundled = false;
  const originalVersion = String(value.openapi ?? value.swagger ?? '');
  if (value.swagger !== undefined) {
    if (String(value.swagger) !== '2.0') {
      diagnostics.push({
        severity: 'error',
        code: 'spec/unsupported-version',
        file: id,
        pointer: '/swagger',
        message: `${id} declares Swagger ${String(value.swagger)}; only Swagger 2.0 is supported.`,
        hint: 'Use OpenAPI 3.0, 3.1 or 3.2 (or Swagger "2.0", as a string).',
      });
      return undefined;
    }
    // Bundle external files into the document first, so that Swagger 2.0 fragments in other files (parameters,
    // `x-nullable`, …) are converted too.
    const bundled = await dereferenceOpenApi(value, { ...fetchOpts, root: options.root, id, base, remote }, { mode: 'bundle' });
    diagnostics.push(...bundled.diagnostics);
    const converted = await convertSwagger2(bundled.document ?? value, id);
    diagnostics.push(...converted.diagnostics);
    if (!converted.document) return undefined;
    api = converted.document;
    swaggerBundled = true;
  } else if (typeof value.openapi !== 'string' || !OPENAPI_3.test(value.openapi)) {
    diagnostics.push({
      severity: 'error',
      code: 'spec/unsupported-version',
      file: id,
      pointer: '/openapi',
      message: `${id} declares OpenAPI ${JSON.stringify(value.openapi)}; supported versions are 3.0.x, 3.1.x and 3.2.x (as a string).`,
      hint: 'Write e.g. `openapi: "3.1.0"`.',
    });
    return undefined;
  }
  if (api.paths === undefined && api.webhooks === undefined) {
    diagnostics.push({
      severity: 'error',
      code: 'spec/invalid',
      file: id,
      message: `${id} has neither \`paths\` nor \`webhooks\`.`,
      hint: 'An OpenAPI document describes its operations under `paths` (or `webhooks` in 3.1+).',
    });
    return undefined;
  }
  // After bundling, external refs left in a Swagger 2.0 document are broken ones that were already reported.
  const deref = await dereferenceOpenApi(api, { ...fetchOpts, root: options.root, id, base, remote }, { external: !swaggerBundled });
  diagnostics.push(...deref.diagnostics);
  if (!deref.document) return undefined;
  try {
    return normalizeOpenApi(deref.document, id, originalVersion, diagnostics);
  } catch (e) {
    diagnostics.push({
      severity: 'error',
      code: 'spec/invalid',
      file: id,
      message: `${id} could not be read as OpenAPI: ${(e as Error).message.split('\n')[0]}`,
      hint: 'Check the document against the OpenAPI specification.',
    });
    return undefined;
  }
}

function dedupe(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.severity}|${d.code}|${d.file}|${d.pointer ?? ''}|${d.line ?? ''}|${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
