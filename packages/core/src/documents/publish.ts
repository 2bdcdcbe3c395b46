/**
 * The spec file a site publishes (for "Download API spec" and readers' tools): the author's file minus what an
 * anonymous reader may not see — operations and webhooks marked `x-excluded` or `x-hidden`, those restricted to
 * reader groups (`x-mint.groups` without `public: true`, or shown only by restricted pages), AsyncAPI channels only
 * restricted pages show, and the components only they used. A spec with nothing public left is not published at all. Same format (JSON stays JSON, YAML
 * becomes YAML) so links to it keep working.
 */
import { parseDocument, stringify as stringifyYaml } from 'yaml';
import { isRestricted } from '../access.ts';
import type { Page } from '../model.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const hiddenFromDocs = (op: Json) => op['x-excluded'] === true || op['x-hidden'] === true;

export interface PublishOptions {
  /**
   * The site's pages. An operation some public page shows is published; one only restricted pages show is not,
   * whatever the spec says; one no page shows follows its own `x-mint.groups` / `x-mint.metadata.public`.
   */
  pages?: readonly Page[];
}

/** `get /things`, `webhook name`: how pages name an operation. */
const opKey = (webhook: boolean, method: string, path: string) => (webhook ? `webhook ${path}` : `${method.toLowerCase()} ${path}`);

/** What the pages of `file` say about each operation they show: public if any public page shows it. */
function pageVerdicts(pages: readonly Page[], file: string): Map<string, 'public' | 'restricted'> {
  const verdicts = new Map<string, 'public' | 'restricted'>();
  for (const page of pages) {
    if ((page.kind !== 'operation' && page.kind !== 'channel') || page.spec.replace(/^\/+/, '') !== file) continue;
    const key =
      page.kind === 'channel'
        ? `channel ${page.channel}`
        : page.method === 'webhook'
          ? opKey(true, '', page.path)
          : opKey(false, page.method, page.path);
    if (verdicts.get(key) !== 'public') verdicts.set(key, isRestricted(page) ? 'restricted' : 'public');
  }
  return verdicts;
}

/** Whether the spec itself restricts an operation: `x-mint.groups` (its own, its path item's, or in `metadata`). */
function restrictedBySpec(op: Json, item: Json): boolean {
  const own = isObject(op['x-mint']) ? op['x-mint'] : {};
  const shared = isObject(item['x-mint']) ? item['x-mint'] : {};
  const metadata = isObject(own.metadata) ? own.metadata : {};
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((g): g is string => typeof g === 'string') : []);
  const groups = [...list(shared.groups), ...list(own.groups), ...list(metadata.groups)];
  return isRestricted({ groups, public: metadata.public === true ? true : undefined });
}

interface Stripped {
  /** Operations removed because they are restricted (not counting `x-excluded` / `x-hidden` ones). */
  restricted: Json[];
  /** Operations removed in all. */
  removed: number;
}

/**
 * A path item written as a local `$ref` (`#/components/pathItems/Vault`) that holds a restricted operation becomes an
 * inline copy, so the operation can go from it; the shared path item is then a candidate for pruning like the
 * components the operation used.
 */
function inlineRestrictedRef(
  doc: Json,
  items: Json,
  key: string,
  webhooks: boolean,
  verdicts: Map<string, 'public' | 'restricted'>,
  out: Stripped,
): void {
  const item = items[key];
  if (!isObject(item) || typeof item.$ref !== 'string') return;
  const at = componentOf(item.$ref);
  const target = at && lookup(doc, at);
  if (!isObject(target)) return;
  const restricted = METHODS.some(
    (m) =>
      isObject(target[m]) &&
      (verdicts.get(opKey(webhooks, m, key)) ?? (restrictedBySpec(target[m] as Json, target) ? 'restricted' : 'public')) === 'restricted',
  );
  if (!restricted) return;
  out.restricted.push({ $ref: item.$ref });
  const { $ref: _ref, ...rest } = item;
  items[key] = { ...structuredClone(target), ...rest };
}

/** Remove unpublished operations from a paths/webhooks map; path items left without operations go too. */
function strip(doc: Json, items: unknown, webhooks: boolean, verdicts: Map<string, 'public' | 'restricted'>, out: Stripped): void {
  if (!isObject(items)) return;
  for (const key of Object.keys(items)) inlineRestrictedRef(doc, items, key, webhooks, verdicts, out);
  for (const [key, item] of Object.entries(items)) {
    if (!isObject(item)) continue;
    let here = 0;
    for (const method of [...METHODS, ...Object.keys(isObject(item.additionalOperations) ? item.additionalOperations : {})]) {
      const holder = METHODS.includes(method) ? item : (item.additionalOperations as Json);
      const op = holder[method];
      if (!isObject(op)) continue;
      const verdict = verdicts.get(opKey(webhooks, method, key));
      const restricted = verdict ? verdict === 'restricted' : restrictedBySpec(op, item);
      if (!hiddenFromDocs(op) && !restricted) continue;
      if (restricted) out.restricted.push(op);
      delete holder[method];
      here++;
    }
    const left =
      METHODS.some((m) => item[m] !== undefined) ||
      (isObject(item.additionalOperations) && Object.keys(item.additionalOperations).length > 0);
    if (here && !left) delete items[key];
    out.removed += here;
  }
}

/** AsyncAPI: remove the channels only restricted pages show, and (3.x) the operations on them. */
function stripChannels(doc: Json, verdicts: Map<string, 'public' | 'restricted'>, out: Stripped): void {
  if (!isObject(doc.channels)) return;
  for (const [id, channel] of Object.entries(doc.channels)) {
    if (verdicts.get(`channel ${id}`) !== 'restricted') continue;
    out.restricted.push(channel as Json);
    delete doc.channels[id];
    out.removed++;
    for (const [name, op] of Object.entries(isObject(doc.operations) ? doc.operations : {})) {
      const ref =
        isObject(op) && isObject(op.channel) && typeof op.channel.$ref === 'string' ? pointerSegments(op.channel.$ref) : undefined;
      if (ref?.length !== 2 || ref[0] !== 'channels' || ref[1] !== id) continue;
      out.restricted.push(op as Json);
      delete (doc.operations as Json)[name];
    }
  }
}

/** How many operations a paths/webhooks map holds. */
function countOperations(items: unknown): number {
  if (!isObject(items)) return 0;
  let count = 0;
  for (const item of Object.values(items)) {
    if (!isObject(item)) continue;
    count +=
      METHODS.filter((m) => isObject(item[m])).length +
      (isObject(item.additionalOperations) ? Object.keys(item.additionalOperations).length : 0);
  }
  return count;
}

/** The segments of a local `$ref` (`#/channels/a~1b` -> `['channels', 'a/b']`), or undefined. */
function pointerSegments(ref: string): string[] | undefined {
  if (!ref.startsWith('#/')) return undefined;
  try {
    return ref
      .slice(2)
      .split('/')
      .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
  } catch {
    return undefined;
  }
}

/** The reusable part a local `$ref` points into (`components/schemas/Thing`, Swagger 2's `definitions/Thing`), or undefined. */
function componentOf(ref: string): string[] | undefined {
  const segments = pointerSegments(ref);
  if (!segments) return undefined;
  if (segments[0] === 'components' && segments.length >= 3) return segments.slice(0, 3);
  if (['definitions', 'parameters', 'responses'].includes(segments[0]!) && segments.length >= 2) return segments.slice(0, 2);
  return undefined;
}

const lookup = (doc: Json, at: string[]): unknown => at.reduce<unknown>((v, s) => (isObject(v) ? v[s] : undefined), doc);

/** Every component reachable from `roots` through local `$ref`s (keys: the component's segments joined by NUL). */
function reachable(doc: Json, roots: unknown[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  const visited = new Set<unknown>();
  while (stack.length) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null || visited.has(value)) continue;
    visited.add(value);
    if (!Array.isArray(value) && typeof (value as Json).$ref === 'string') {
      const at = componentOf((value as Json).$ref as string);
      if (at && !seen.has(at.join('\0'))) {
        seen.add(at.join('\0'));
        stack.push(lookup(doc, at));
      }
    }
    stack.push(...(Array.isArray(value) ? value : Object.values(value)));
  }
  return seen;
}

/** The components of the document, each as its segments (`['components', 'schemas', 'Thing']`). */
function components(doc: Json): string[][] {
  const out: string[][] = [];
  if (isObject(doc.components)) {
    for (const [section, entries] of Object.entries(doc.components)) {
      if (isObject(entries)) for (const name of Object.keys(entries)) out.push(['components', section, name]);
    }
  }
  for (const section of ['definitions', 'parameters', 'responses']) {
    const entries = doc[section];
    if (isObject(entries)) for (const name of Object.keys(entries)) out.push([section, name]);
  }
  return out;
}

/**
 * Drop the components the removed restricted operations used that nothing left uses. Everything else of the document
 * (the operations left, the components not in question, `info`, tags…) keeps what it references.
 */
function pruneComponents(doc: Json, removed: Json[]): void {
  const candidates = reachable(doc, removed);
  if (!candidates.size) return;
  const kept = components(doc).filter((at) => !candidates.has(at.join('\0')));
  const rest = Object.entries(doc)
    .filter(([k]) => k !== 'components' && k !== 'definitions' && k !== 'parameters' && k !== 'responses')
    .map(([, v]) => v);
  const used = reachable(doc, [...rest, ...kept.map((at) => lookup(doc, at))]);
  for (const key of candidates) {
    if (used.has(key)) continue;
    const at = key.split('\0');
    const holder = lookup(doc, at.slice(0, -1));
    if (isObject(holder)) delete holder[at[at.length - 1]!];
  }
  if (isObject(doc.components)) {
    for (const [section, entries] of Object.entries(doc.components))
      if (isObject(entries) && !Object.keys(entries).length) delete doc.components[section];
  }
}

/**
 * The spec as the loader reads it (`parseSpecText`): a leading BOM dropped, JSON first, else YAML with merge keys and
 * repeated keys allowed; undefined when it does not read.
 */
function readSpec(text: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch {
    // YAML, a superset of JSON, also reads the JSON files the loader accepts leniently.
  }
  const doc = parseDocument(body, { uniqueKeys: false, merge: true });
  return doc.errors.length ? undefined : doc.toJS({ maxAliasCount: 10_000 });
}

/**
 * The published text of a spec file: unchanged when nothing is unpublished or it does not parse (and nothing of it is
 * restricted), else re-serialized without what is unpublished; null when nothing of it may be published — every
 * operation in it is restricted, or it does not parse and some page showing it is restricted.
 */
export function publishedSpecText(text: string, file: string, options: PublishOptions = {}): string | null {
  const yaml = /\.ya?ml$/i.test(file);
  const verdicts = pageVerdicts(options.pages ?? [], file.replace(/^\/+/, ''));
  const unreadable = () => ([...verdicts.values()].includes('restricted') ? null : text);
  let doc: unknown;
  try {
    doc = readSpec(text);
  } catch {
    return unreadable();
  }
  if (!isObject(doc)) return unreadable();
  const out: Stripped = { restricted: [], removed: 0 };
  strip(doc, doc.paths, false, verdicts, out);
  strip(doc, doc.webhooks, true, verdicts, out);
  stripChannels(doc, verdicts, out);
  if (!out.removed) return text;
  const left = countOperations(doc.paths) + countOperations(doc.webhooks) + (isObject(doc.channels) ? Object.keys(doc.channels).length : 0);
  if (out.restricted.length && !left) return null;
  if (out.restricted.length) pruneComponents(doc, out.restricted);
  return yaml ? stringifyYaml(doc, { lineWidth: 0 }) : JSON.stringify(doc, null, 2) + '\n';
}
