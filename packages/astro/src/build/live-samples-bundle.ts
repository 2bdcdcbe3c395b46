/**
 * The playground's live request samples under `lectern dev` in a repo that cannot pre-bundle Lectern's dependencies
 * (a global install, a repo outside Lectern's install tree): Vite would serve httpsnippet's CommonJS to the browser
 * as is. The module is bundled once with rolldown (Vite's own bundler) instead, on the first request.
 */
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { liveSampleShim } from '@lectern/core/browser-shims';

export const LIVE_SAMPLES_FILE = fileURLToPath(import.meta.resolve('@lectern/core/live-samples'));

let bundled: Promise<string> | undefined;

export function bundleLiveSamples(): Promise<string> {
  bundled ??= (async () => {
    const bundle = await rolldown({
      input: LIVE_SAMPLES_FILE,
      platform: 'browser',
      logLevel: 'silent',
      plugins: [{ name: 'lectern:live-sample-shims', resolveId: (id: string, importer?: string) => liveSampleShim(id, importer) }],
    });
    try {
      const { output } = await bundle.generate({ format: 'esm', codeSplitting: false });
      return output[0].code;
    } finally {
      await bundle.close();
    }
  })();
  bundled.catch(() => {
    bundled = undefined;
  });
  return bundled;
}
