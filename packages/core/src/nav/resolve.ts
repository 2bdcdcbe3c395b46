/**
 * What a navigation entry (`"GET /users"`) or a page's frontmatter (`openapi:`, `asyncapi:`) names, found in the loaded
 * specs: the operation and the slot of its generated page, or the channel; a reference that matches nothing is reported
 * with what is available.
 */
import type { SpecRef } from '../config/navigation.ts';
import type { ApiDocument, AsyncDocument } from '../model.ts';
import { DEFAULT_DIRECTORY, type OperationSlot } from './generate.ts';
import { findOperation, formatOperationRef, matchSpecFile, type FindResult, type OperationRef } from './operation-ref.ts';
import { normalizeSpecSource, operationSlotsFor, type Planner } from './planner.ts';

/** Where an operation reference was written: a navigation entry (pointer) or a page file (file and line). */
export interface RefSite {
  pointer?: string;
  file?: string;
  line?: number;
}

interface Problem {
  message: string;
  hint?: string;
}

type Candidate = { doc: ApiDocument; directory: string };

/** Reports an operation that was not found: an error in the navigation, a warning in a page's frontmatter. */
function reportNotFound(p: Planner, where: RefSite, { message, hint }: Problem): void {
  if (where.pointer !== undefined) p.report(where.pointer, 'nav/operation-not-found', message, hint);
  // Mintlify still publishes a page whose `openapi:` names no operation (without the API reference): a warning.
  else
    p.reportFile(
      where.file ?? p.configFile,
      'page/operation-not-found',
      message,
      `${hint ? `${hint}; ` : ''}the page is built from its MDX content alone, without the endpoint reference`,
      'warning',
      where.line,
    );
}

/** The specs (with the directory of their generated pages) an operation reference may be in; a Problem when none. */
function operationCandidates(p: Planner, ref: OperationRef, inherited: SpecRef[] | undefined): Candidate[] | Problem | undefined {
  if (ref.file) {
    const doc = matchSpecFile(p.openapiDocs, normalizeSpecSource(ref.file));
    if (!doc) {
      if ([...p.failedSpecs].some((s) => s.includes(normalizeSpecSource(ref.file!)))) return undefined;
      return {
        message: `no OpenAPI file matches "${ref.file}" in "${formatOperationRef(ref)}"`,
        hint: p.openapiDocs.length ? `spec files: ${p.openapiDocs.map((d) => d.source).join(', ')}` : 'the repo has no OpenAPI file',
      };
    }
    const inheritedDir = inherited?.find((r) => normalizeSpecSource(r.source) === doc.source)?.directory;
    return [{ doc, directory: inheritedDir ?? DEFAULT_DIRECTORY }];
  }
  if (inherited?.length) {
    const candidates = inherited.flatMap((r) => {
      const doc = p.specs.get(normalizeSpecSource(r.source));
      return doc?.kind === 'openapi' ? [{ doc, directory: r.directory ?? DEFAULT_DIRECTORY }] : [];
    });
    return candidates.length ? candidates : undefined; // none: the spec itself failed to load and was reported
  }
  if (!p.openapiDocs.length) {
    return {
      message: `"${formatOperationRef(ref)}" refers to an operation, but no OpenAPI file is configured`,
      hint: 'set "openapi" on this navigation node or an ancestor, or add the spec file to the repo',
    };
  }
  return p.openapiDocs.map((doc) => ({ doc, directory: DEFAULT_DIRECTORY }));
}

/** Why `findOperation` found nothing in one spec, with what the spec has. */
function notFoundProblem(ref: OperationRef, doc: ApiDocument, found: Extract<FindResult, { error: string }>): Problem {
  const shown = found.available.slice(0, 12).join(', ') + (found.available.length > 12 ? `, … (${found.available.length} in all)` : '');
  if (found.error === 'path')
    return {
      message: `endpoint ${ref.path} not found in ${doc.source}`,
      hint: found.available.length ? `available paths: ${shown}` : 'the spec has no paths',
    };
  if (found.error === 'method')
    return {
      message: `method ${ref.method.toUpperCase()} for endpoint ${ref.path} not found in ${doc.source}`,
      hint: `methods on that path: ${shown}`,
    };
  return {
    message: `webhook "${ref.path}" not found in ${doc.source}`,
    hint: found.available.length ? `available webhooks: ${shown}` : 'the spec has no webhooks',
  };
}

/**
 * An operation reference -> the spec, the directory and the slot of its generated page. `inherited`: the specs of the
 * navigation node the entry is under. Not found (or x-excluded) is reported at `where`.
 */
export function resolveOperation(
  p: Planner,
  ref: OperationRef,
  inherited: SpecRef[] | undefined,
  where: RefSite,
): { doc: ApiDocument; directory: string; slot: OperationSlot } | undefined {
  const candidates = operationCandidates(p, ref, inherited);
  if (!candidates) return undefined;
  if (!Array.isArray(candidates)) {
    reportNotFound(p, where, candidates);
    return undefined;
  }
  let lastError: Problem | undefined;
  for (const { doc, directory } of candidates) {
    const found = findOperation(doc, ref);
    if (!('operation' in found)) {
      lastError = notFoundProblem(ref, doc, found);
      continue;
    }
    if (found.operation.excluded) {
      lastError = {
        message: `${formatOperationRef(ref)} is marked x-excluded in ${doc.source}`,
        hint: 'remove x-excluded from the operation, or remove this entry',
      };
      continue;
    }
    const slot = operationSlotsFor(p, doc, directory).find((s) => s.operation === found.operation);
    if (slot) return { doc, directory, slot };
  }
  if (lastError) reportNotFound(p, where, lastError);
  return undefined;
}

/** `asyncapi:` frontmatter (`"channel"` or `"file channel"`) -> the document and the channel id, or a page/channel-not-found error. */
export function resolveChannel(p: Planner, value: string, where: { file: string }): { doc: AsyncDocument; id: string } | undefined {
  const tokens = value.trim().split(/\s+/);
  const [fileToken, id] = tokens.length >= 2 ? [tokens[0], tokens.slice(1).join(' ')] : [undefined, tokens[0] ?? ''];
  const docs = fileToken
    ? [matchSpecFile(p.asyncDocs, normalizeSpecSource(fileToken))].filter((d): d is AsyncDocument => !!d)
    : p.asyncDocs;
  for (const doc of docs) if (doc.channels.some((c) => c.id === id)) return { doc, id };
  p.reportFile(
    where.file,
    'page/channel-not-found',
    `AsyncAPI channel "${id}" not found${fileToken ? ` in "${fileToken}"` : ''}`,
    docs.length
      ? `channels: ${docs
          .flatMap((d) => d.channels.map((c) => `${d.source} ${c.id}`))
          .slice(0, 12)
          .join(', ')}`
      : 'no AsyncAPI file matches',
  );
  return undefined;
}
