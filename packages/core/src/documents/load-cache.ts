/**
 * Loaded specs kept between runs: a spec file whose text did not change is not parsed and dereferenced again (about
 * 0.8 s for the GitHub REST description, in every build and every start of `lectern dev`). `buildSitePlan` asks the
 * cache it is given (the Astro integration's, in the build cache, named also by Lectern's code) with the key below.
 *
 * Only what its own text decides is cached: a file of the repo whose `$ref`s all point into itself. A spec fetched
 * over the network, or one that refers to other files or URLs, is loaded every time.
 */
import { createHash } from 'node:crypto';
import type { LoadSpecResult } from './load.ts';
import { isDiagnostic, locateSource, readLocalText } from './source.ts';

export interface SpecLoadCache {
  get(key: string): LoadSpecResult | undefined;
  put(key: string, result: LoadSpecResult): void;
}

/** A `$ref` whose value does not start with `#` (JSON or YAML, quoted or not): another file or a URL. */
const OUTSIDE_REF = /\$ref["']?\s*:(?!\s*["']?#)/;

/** The key of a local, self-contained spec (its path, kind and text), or undefined when it cannot be cached. */
export async function specLoadKey(root: string, source: string, kind: string | undefined): Promise<string | undefined> {
  const loc = locateSource(root, source);
  if (isDiagnostic(loc) || loc.type !== 'file') return undefined;
  const read = await readLocalText(root, loc);
  if (isDiagnostic(read) || OUTSIDE_REF.test(read.text)) return undefined;
  return createHash('sha256')
    .update(`spec-load 1\u0000${loc.id}\u0000${kind ?? ''}\u0000`)
    .update(read.text)
    .digest('hex');
}
