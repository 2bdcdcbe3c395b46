/**
 * `$ref` resolution for OpenAPI documents through @apidevtools/swagger-parser (a document of plain internal
 * pointers through internal-refs.ts, which gives the same result faster): external relative files
 * (confined to the repo root), remote refs over https with a timeout, circular refs kept as object cycles.
 * Broken refs become Diagnostics naming the file, the pointer of the `$ref` and the missing target.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../model.ts';
import { dereferenceInternal } from './internal-refs.ts';
import { toPointer } from './pointer.ts';
import { fetchText, insideRoot, isDiagnostic, type FetchOptions } from './source.ts';
import { describeRefusal, refusedRepoFileAsync } from '../publishable.ts';

/** OpenAPI versions swagger-parser's own `parse` accepts. */
const SWAGGER_PARSER_VERSIONS = /^(2\.0|3\.0\.[0-4]|3\.1\.[0-2])$/;

export interface DereferenceContext extends FetchOptions {
  root: string;
  /** Source id for diagnostics (`specs/api.yaml` or a URL). */
  id: string;
  /** Absolute file path or URL used as the base for relative refs. */
  base: string;
  /** Whether `base` is a URL. */
  remote: boolean;
}

interface RefParserLike {
  dereference(base: string, api: object, options: object): Promise<object>;
  bundle(base: string, api: object, options: object): Promise<object>;
  schema?: object | null;
}

type ParserErrorLike = Error & {
  code?: string;
  path?: Array<string | number> | null;
  source?: string;
  targetRef?: string;
  targetToken?: string;
  targetFound?: string;
  errors?: ParserErrorLike[];
};

export interface RefOptions {
  /** `bundle` inlines external files as internal refs; `dereference` (default) replaces every `$ref`. */
  mode?: 'bundle' | 'dereference';
  /** Resolve external files/URLs (default true). */
  external?: boolean;
  /** Always through the library, also for plain internal pointers (tests compare the two). */
  library?: boolean;
}

/**
 * Dereference `api` in place. Returns the dereferenced document (partially dereferenced when some refs are
 * broken: those are left `null`/unresolved) plus diagnostics; `document` is undefined only when nothing usable
 * came out.
 */
export async function dereferenceOpenApi(
  api: Record<string, unknown>,
  ctx: DereferenceContext,
  refOptions: RefOptions = {},
): Promise<{ document?: Record<string, unknown>; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const version = String(api.openapi ?? api.swagger ?? '');
  // Plain internal pointers only: resolved without the library (internal-refs.ts). Not where swagger-parser's own
  // checks would refuse the document (a 3.0 document without `paths`, a numeric `info.version`): it says why.
  const swaggerChecks =
    SWAGGER_PARSER_VERSIONS.test(version) &&
    (api.paths === undefined || typeof (api.info as { version?: unknown } | undefined)?.version === 'number');
  if (refOptions.mode !== 'bundle' && !refOptions.library && !ctx.remote && !swaggerChecks) {
    const document = dereferenceInternal(api);
    if (document) return { document, diagnostics };
  }
  // Loaded when first needed (with Ajv, ~0.1 s): most specs never get here.
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  // OpenAPI 3.2 (and later 3.x patch levels) are not accepted by swagger-parser's version gate, but its
  // base class (json-schema-ref-parser) dereferences them the same way.
  const Parser = (SWAGGER_PARSER_VERSIONS.test(version) ? SwaggerParser : Object.getPrototypeOf(SwaggerParser)) as new () => RefParserLike;
  const parser = new Parser();
  const resolverErrors = new Map<string, Diagnostic>();
  const options = {
    continueOnError: true,
    timeoutMs: 120_000,
    resolve: {
      file: false,
      http: false,
      external: refOptions.external ?? true,
      lectern: {
        order: 1,
        canRead: true,
        read: (file: { url: string }) => readRef(file.url, ctx, resolverErrors),
      },
    },
    dereference: { circular: true },
  };
  let document: Record<string, unknown> | undefined;
  try {
    document = (
      refOptions.mode === 'bundle' ? await parser.bundle(ctx.base, api, options) : await parser.dereference(ctx.base, api, options)
    ) as Record<string, unknown>;
  } catch (e) {
    const err = e as ParserErrorLike;
    const list = Array.isArray(err.errors) && err.errors.length ? err.errors : [err];
    for (const item of list) diagnostics.push(describeError(item, ctx, resolverErrors));
    // What resolved is kept: one dangling $ref never removes the spec's other operations (Mintlify renders them).
    const partial = parser.schema;
    if (partial && typeof partial === 'object' && list.every((x) => x.code !== 'ETIMEOUT')) {
      document = partial as Record<string, unknown>;
    }
  }
  return { ...(document ? { document } : {}), diagnostics: dedupe(diagnostics) };
}

function dedupe(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.code}|${d.file}|${d.pointer ?? ''}|${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function readRef(url: string, ctx: DereferenceContext, errors: Map<string, Diagnostic>): Promise<string | Buffer> {
  if (/^https?:\/\//i.test(url)) {
    const result = await fetchText(new URL(url), ctx);
    if (isDiagnostic(result)) {
      errors.set(url, result);
      throw new Error(result.message);
    }
    return result.text;
  }
  if (ctx.remote) {
    const message = `Refusing to read local file ${url} referenced from remote spec ${ctx.id}.`;
    errors.set(url, { severity: 'error', code: 'spec/ref-outside-root', file: ctx.id, message });
    throw new Error(message);
  }
  const abs = toFsPath(url);
  const refused = await refusedRepoFileAsync(ctx.root, abs);
  if (refused?.why === 'out of the repo' || !(await insideRoot(ctx.root, abs))) {
    const message = `$ref target ${abs} is outside the docs repo.`;
    errors.set(url, {
      severity: 'error',
      code: 'spec/ref-outside-root',
      file: ctx.id,
      message,
      hint: 'External $refs must point to files inside the repo.',
    });
    throw new Error(message);
  }
  if (refused) {
    const message = `$ref target ${describeRefusal(displayFile(abs, ctx), refused)}: not read.`;
    errors.set(url, {
      severity: 'error',
      code: 'spec/refused-file',
      file: ctx.id,
      message,
      hint: 'A $ref may not read a file under .git/ or another dot-folder, or a dotfile (a symlink is judged by the file it leads to).',
    });
    throw new Error(message);
  }
  try {
    return await readFile(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const rel = displayFile(abs, ctx);
    const message = code === 'ENOENT' ? `file ${rel} does not exist` : `file ${rel} cannot be read (${code ?? 'error'})`;
    errors.set(url, { severity: 'error', code: 'spec/broken-ref', file: ctx.id, message });
    throw new Error(message);
  }
}

/** The ref parser hands resolvers URL-encoded paths (`sub%20dir/a.yaml`). */
function toFsPath(url: string): string {
  if (url.startsWith('file:')) return fileURLToPath(url);
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/** Repo-relative name of a ref-parser source (absolute path or URL). */
function displayFile(source: string | undefined, ctx: DereferenceContext): string {
  if (!source) return ctx.id;
  if (/^https?:\/\//i.test(source)) return source;
  const abs = toFsPath(source);
  const rel = path.relative(ctx.root, abs).split(path.sep).join('/');
  return rel && !rel.startsWith('..') ? rel : abs;
}

/** What a dangling $ref does to the site (it is a warning, as on Mintlify). */
const BROKEN_REF_EFFECT = 'What it points at is shown as an unknown value; the rest of the spec is built.';

function describeError(err: ParserErrorLike, ctx: DereferenceContext, resolverErrors: Map<string, Diagnostic>): Diagnostic {
  const pointer = Array.isArray(err.path) ? toPointer(err.path) : undefined;
  const at = pointer !== undefined ? { pointer } : {};
  const targetFile = displayFile(err.source, ctx);
  switch (err.code) {
    case 'EMISSINGPOINTER': {
      const ref = err.targetRef ?? '';
      const target = targetFile === ctx.id ? ref : `${targetFile}${ref}`;
      return {
        severity: 'warning',
        code: 'spec/broken-ref',
        file: ctx.id,
        ...at,
        message: `Broken $ref at ${pointer ?? '(unknown location)'}: target "${target}" does not exist (no "${err.targetToken ?? ''}" under "${err.targetFound ?? '#'}").`,
        hint: `Point the $ref at an existing definition, e.g. "#/components/schemas/Name" or "other.yaml#/Name". ${BROKEN_REF_EFFECT}`,
      };
    }
    case 'EINVALIDPOINTER':
      return {
        severity: 'warning',
        code: 'spec/broken-ref',
        file: ctx.id,
        ...at,
        message: `Invalid $ref at ${pointer ?? '(unknown location)'}: ${err.message}`,
        hint: `A $ref is a URI with an optional JSON pointer after "#", e.g. "#/components/schemas/Name". ${BROKEN_REF_EFFECT}`,
      };
    case 'ERESOLVER':
    case 'EUNMATCHEDRESOLVER': {
      const known =
        (err.source ? resolverErrors.get(err.source) : undefined) ??
        [...resolverErrors.values()].find((d) => err.message.includes(d.message));
      const reason = (known?.message ?? cleanMessage(err.message)).replace(/\.$/, '');
      const refused = known?.code === 'spec/ref-outside-root' || known?.code === 'spec/refused-file' ? known.code : undefined;
      return {
        severity: refused ? 'error' : 'warning',
        code: refused ?? 'spec/broken-ref',
        file: ctx.id,
        ...at,
        message: `Broken $ref at ${pointer ?? '(unknown location)'}: ${reason}.`,
        hint: known?.hint ?? `External $refs must name files that exist (paths are relative to the referencing file). ${BROKEN_REF_EFFECT}`,
      };
    }
    case 'EPARSER':
    case 'EUNMATCHEDPARSER': {
      // The parser names the referenced file in its message ("Error parsing /abs/file.json: …").
      const named = /Error parsing (.+?): /.exec(err.message ?? '')?.[1];
      const file = named ? displayFile(named, ctx) : targetFile;
      const reason = cleanMessage(err.message).replace(/^Error parsing .+?: /, '');
      return {
        severity: 'error',
        code: 'spec/invalid-syntax',
        file: ctx.id,
        ...at,
        message: `The file referenced at ${pointer ?? '(unknown location)'} (${file}) is not valid JSON/YAML: ${reason}`,
        hint: `Fix the syntax of ${file}.`,
      };
    }
    case 'ETIMEOUT':
      return {
        severity: 'error',
        code: 'spec/timeout',
        file: ctx.id,
        message: `Resolving the $refs of ${ctx.id} took too long and was stopped.`,
      };
    default:
      return {
        severity: 'error',
        code: 'spec/invalid',
        file: ctx.id,
        ...at,
        message: `${ctx.id} was rejected by the OpenAPI parser: ${cleanMessage(err.message)}`,
        hint: 'Check the document against the OpenAPI specification (3.0, 3.1, or Swagger 2.0).',
      };
  }
}

function cleanMessage(message: string | undefined): string {
  return (message ?? 'unknown error')
    .split('\n')[0]!
    .replace(/\s+at .*$/, '')
    .trim();
}
