/**
 * Response examples per status code and media type (reference §3.9): named `examples` (with `summary`),
 * else `example`, else generated from the schema (response mode: `writeOnly` left out). A page's
 * `<ResponseExample>` code blocks replace them.
 */
import type { ApiResponse, MediaTypeObject, Operation } from '../model.ts';
import { exampleFromSchema } from './example.ts';
import { isJsonMediaType } from './har.ts';
import type { CodeBlock } from './mdx.ts';

export interface ResponseExample {
  mediaType: string;
  /** Key under `examples`, `example` for a lone example, `generated` for a schema-generated one, or the block title. */
  key: string;
  summary?: string;
  /** Pretty JSON text for JSON media types (and non-string values), else the text as written. */
  value: string;
}

export interface ResponseExampleSet {
  /** `200`, `4XX`, `default`, … (for `<ResponseExample>` blocks: the code in the block title, else the title). */
  status: string;
  description?: string;
  examples: ResponseExample[];
}

function render(value: unknown, mediaType: string): string {
  if (typeof value === 'string' && !isJsonMediaType(mediaType)) return value;
  return JSON.stringify(value, null, 2) ?? 'null';
}

function mediaExamples(media: MediaTypeObject): ResponseExample[] {
  const out: ResponseExample[] = [];
  for (const ex of media.examples) {
    const value = ex.value !== undefined ? render(ex.value, media.mediaType) : ex.externalValue;
    if (value === undefined) continue;
    out.push({ mediaType: media.mediaType, key: ex.key, ...(ex.summary ? { summary: ex.summary } : {}), value });
  }
  if (out.length) return out;
  if (media.schema) {
    return [
      {
        mediaType: media.mediaType,
        key: 'generated',
        value: render(exampleFromSchema(media.schema, { mode: 'response' }), media.mediaType),
      },
    ];
  }
  return [];
}

function fromResponse(r: ApiResponse): ResponseExampleSet {
  return { status: r.status, ...(r.description ? { description: r.description } : {}), examples: r.content.flatMap(mediaExamples) };
}

const MEDIA_BY_LANG: Record<string, string> = {
  json: 'application/json',
  xml: 'application/xml',
  html: 'text/html',
  yaml: 'application/yaml',
};

/** `<ResponseExample>` blocks: one set per block, status from the first 3-digit code (or `NXX`) in the title. */
export function responseExamplesFromBlocks(blocks: readonly CodeBlock[]): ResponseExampleSet[] {
  return blocks.map((b, i) => {
    const title = b.title ?? '';
    const status = /\b([1-5](?:\d\d|XX))\b/i.exec(title)?.[1]?.toUpperCase() ?? (title || `Response ${i + 1}`);
    return {
      status,
      ...(title ? { description: title } : {}),
      examples: [{ mediaType: MEDIA_BY_LANG[b.lang.toLowerCase()] ?? 'text/plain', key: title || `example-${i + 1}`, value: b.code }],
    };
  });
}

const CACHE_SIZE = 2048;
const cache = new Map<object, ResponseExampleSet[]>();

/**
 * Response examples, one set per status in spec order. Cached (2,048 most recently used operations) when no
 * blocks are given; do not mutate the result.
 */
export function responseExamples(operation: Operation, pageExamples?: readonly CodeBlock[]): ResponseExampleSet[] {
  if (pageExamples && pageExamples.length) return responseExamplesFromBlocks(pageExamples);
  const hit = cache.get(operation);
  if (hit) {
    cache.delete(operation);
    cache.set(operation, hit);
    return hit;
  }
  const out = operation.responses.map(fromResponse);
  cache.set(operation, out);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return out;
}
