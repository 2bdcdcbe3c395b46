/**
 * Where a browser bundle of the live samples (`@lectern/core/live-samples`) finds the Node modules httpsnippet
 * imports: small stand-ins in ./shims. Bundlers (Vite, rolldown, esbuild) ask `liveSampleShim` for every import.
 */
import { fileURLToPath } from 'node:url';

const EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
const shim = (name: string) => fileURLToPath(new URL(`./shims/${name}${EXT}`, import.meta.url));

const SHIMS: Readonly<Record<string, string>> = {
  url: shim('url'),
  querystring: shim('querystring'),
  'event-stream': shim('empty'),
  'form-data/lib/form_data': shim('empty'),
  'har-validator-compiled': shim('har-validator'),
};
const HTTPSNIPPET = /[\\/]node_modules[\\/]httpsnippet[\\/]/;

/** The stand-in file for `id` imported by `importer`, or undefined: only httpsnippet's own imports are replaced. */
export function liveSampleShim(id: string, importer: string | undefined): string | undefined {
  return importer && Object.hasOwn(SHIMS, id) && HTTPSNIPPET.test(importer) ? SHIMS[id] : undefined;
}

/** The module specifiers `liveSampleShim` replaces (for bundlers that filter by a pattern first). */
export const LIVE_SAMPLE_SHIM_IDS: readonly string[] = Object.keys(SHIMS);
