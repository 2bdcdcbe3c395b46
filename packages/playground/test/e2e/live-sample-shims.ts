/** esbuild plugin: the browser stand-ins for the Node modules httpsnippet imports (the playground's live samples). */
import type { Plugin } from 'esbuild';
import { LIVE_SAMPLE_SHIM_IDS, liveSampleShim } from '@lectern/core/browser-shims';

export const liveSampleShims: Plugin = {
  name: 'lectern-live-sample-shims',
  setup(build) {
    const filter = new RegExp(`^(${LIVE_SAMPLE_SHIM_IDS.map((k) => k.replace(/[/.-]/g, '\\$&')).join('|')})$`);
    build.onResolve({ filter }, (args) => {
      const file = liveSampleShim(args.path, args.importer);
      return file ? { path: file } : undefined;
    });
  },
};
