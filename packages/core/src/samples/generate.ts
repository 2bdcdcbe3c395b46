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
import { addTarget, addTargetClient, HTTPSnippet, targets, type HarRequest, type Request, type Target } from 'httpsnippet';
import type { Operation } from '../model.ts';
import { languageInfo, normalizeLanguage, sampleLanguage, SAMPLE_LANGUAGES, type LanguageKey } from './languages/index.ts';
import type { SampleLanguage } from './language.ts';
import { harFromOperation, restoreTokens, type HarBuild } from './har.ts';
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

/** The httpsnippet client of each language (one idiomatic client per language; see ./languages/). */
export const SAMPLE_CLIENTS = Object.fromEntries(SAMPLE_LANGUAGES.map((l) => [l.key, { ...l.client }])) as Readonly<
  Record<LanguageKey, SampleClient>
>;

let registered = false;

/** Add the languages' own clients (and targets) to httpsnippet with its plugin API, once. */
function registerClients(): void {
  if (registered) return;
  registered = true;
  const reg = targets as unknown as Record<string, Target>;
  for (const {
    key,
    client: { target },
    ownClient,
  } of SAMPLE_LANGUAGES) {
    if (!ownClient) continue;
    const { client, newTarget } = ownClient;
    if (reg[target]) {
      if (!reg[target].clientsById[client.info.key]) addTargetClient(target as never, client);
    } else if (newTarget) {
      addTarget({
        info: { key: target as never, title: newTarget.title, extname: newTarget.extname, default: client.info.key },
        clientsById: { [client.info.key]: client },
      });
    } else {
      throw new Error(`sample language ${key}: httpsnippet has no target ${JSON.stringify(target)} and the language gives no newTarget`);
    }
  }
}

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

function runClient(base: Request, language: SampleLanguage, clientId: string): string {
  // Every conversion gets its own deep copy of the prepared request: clients mutate it (the cause of
  // corrupted samples when one HTTPSnippet instance serves several languages).
  const req = structuredClone(base);
  language.prepare?.(req);
  const client = (targets as unknown as Record<string, Target>)[language.client.target]?.clientsById[clientId];
  if (!client) return '';
  return client.convert(req, {});
}

/** Replace inlined multipart bodies and binary placeholders by the language's file handling. */
function fixFileBodies(language: SampleLanguage, code: string, build: HarBuild): string {
  if (build.bodyKind === 'binary') return language.binary ? language.binary(code) : code;
  if (build.bodyKind !== 'multipart' || !language.multipart) return code;
  const parts = (build.har.postData?.params ?? []).map((p) => ({ name: p.name, file: p.fileName !== undefined, value: p.value ?? '' }));
  return language.multipart(code, parts);
}

/**
 * One sample in one language from a HAR build. The HAR is validated and prepared once per build; each
 * conversion runs on a fresh deep copy of that prepared request, so no language can corrupt another
 * (pinned by the order-independence test).
 */
export function convertHar(build: HarBuild, lang: LanguageKey): string {
  registerClients();
  const language = sampleLanguage(lang);
  const base = preparedRequest(build);
  let code = '';
  if (base) {
    try {
      code = runClient(base, language, language.client.client);
      const fallback = language.fallbackClient;
      if (fallback?.when(code)) code = runClient(base, language, fallback.client);
    } catch {
      code = '';
    }
  }
  if (!code) return fallbackComment(language, build);
  code = fixFileBodies(language, restoreTokens(code, build.tokens), build);
  return language.fix ? language.fix(code, build) : code;
}

/** A valid comment-only sample when a client cannot render the request (never expected; safety net). */
function fallbackComment(language: SampleLanguage, build: HarBuild): string {
  const line = restoreTokens(`${build.har.method} ${build.har.url}`, build.tokens).replace(/\*\//g, '*\\/');
  return `${language.comment} ${line}`;
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
    return {
      lang: key ?? s.lang,
      label: s.label ?? info?.name ?? s.lang,
      highlight: info?.highlight ?? s.lang.toLowerCase(),
      source: s.source,
      generated: false,
    };
  });
}

/** `<RequestExample>` blocks as samples. */
export function samplesFromBlocks(blocks: readonly CodeBlock[]): RequestSample[] {
  return blocks.map((b) => {
    const key = normalizeLanguage(b.lang);
    const info = key ? languageInfo(key) : undefined;
    return {
      lang: key ?? b.lang,
      label: b.title ?? info?.name ?? (b.lang || 'Request'),
      highlight: info?.highlight ?? (b.lang || 'text'),
      source: b.code,
      generated: false,
    };
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
