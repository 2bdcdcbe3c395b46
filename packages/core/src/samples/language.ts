/**
 * What a code-sample language is: the contract each module of ./languages/ fulfils (one object per language,
 * listed in ./languages/index.ts). The sample pipeline (generate.ts) reads only these fields, never a key.
 */
import type { Client, Request } from 'httpsnippet';
import type { HarBuild } from './har.ts';

/** One part of a multipart body, as `multipart` fixes see it. */
export interface FilePart {
  name: string;
  /** A file part (its content is read from `FILE_PLACEHOLDER`). */
  file: boolean;
  /** Text of a field part; `''` for a file part. */
  value: string;
}

export interface SampleLanguage<K extends string = string> {
  /** Canonical key written in docs.json (`api.examples.languages`). */
  key: K;
  /** Tab label. */
  name: string;
  /** Other accepted spellings of `key` (matched case-insensitively). */
  aliases: readonly string[];
  /** Shiki / fenced-code language id used to highlight a sample. */
  highlight: string;
  /** Shown when `api.examples.languages` is not set. */
  byDefault?: boolean;
  /** Line-comment prefix, for the comment-only sample written when no client can render a request. */
  comment: '#' | '//';
  /** The httpsnippet target and client that write the sample, and the library the sample uses (named in the docs). */
  client: { target: string; client: string; library: string };
  /**
   * Lectern's own httpsnippet client (`client.client` is its `info.key`), added once with httpsnippet's plugin API;
   * `newTarget` describes the target when httpsnippet has none of that name.
   */
  ownClient?: { client: Client; newTarget?: { title: string; extname: `.${string}` } };
  /** Another client of the same target, used when the output of the first one says it cannot render the request. */
  fallbackClient?: { client: string; when: (code: string) => boolean };
  /** Adjusts the prepared request before the client reads it (a private deep copy): escaping its printer forgets. */
  prepare?: (req: Request) => void;
  /** Replaces the inlined multipart body the client wrote (empty file content) by the language's file API. */
  multipart?: (code: string, parts: readonly FilePart[]) => string;
  /** Replaces the placeholder text of a raw binary body by a file read. */
  binary?: (code: string) => string;
  /** Last fixes of the generated code (upstream bugs that leave it invalid or misleading). */
  fix?: (code: string, build: HarBuild) => string;
}

/** Identity, for a module's one language object: keeps `key` a literal type (`LanguageKey` is derived from the registry). */
export function defineLanguage<const K extends string>(language: SampleLanguage<K>): SampleLanguage<K> {
  return language;
}
