/**
 * `lectern dev` without an adapter: Astro serves every page, prerendered or not, from its `ssr` environment; it
 * still loads its whole server runtime a second time in the `prerender` environment, which only an adapter's dev
 * middleware uses. Lectern makes that environment one that runs no code (Vite's plain `DevEnvironment`), so the
 * runtime loads once: about a second less CPU before the first page (see BENCHMARKS.md, "Dev server").
 * With an adapter (its dev middleware may render prerendered pages there) the environment is left as it is.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { DevEnvironmentOptions, Plugin } from 'vite';

type CreateEnvironment = NonNullable<DevEnvironmentOptions['createEnvironment']>;

/** The Vite that Astro runs (its dependency), not whichever `vite` this package would resolve. */
async function astroVite(): Promise<typeof import('vite')> {
  const astro = createRequire(import.meta.url).resolve('astro/package.json');
  return import(pathToFileURL(createRequire(astro).resolve('vite')).href) as Promise<typeof import('vite')>;
}

export function lightPrerenderEnvironment(hasAdapter: () => boolean): Plugin {
  return {
    name: 'lectern:dev-environments',
    apply: 'serve',
    configEnvironment(name) {
      // Astro reports the adapter (astro:config:done) before it creates Vite's server, which resolves this.
      if (name !== 'prerender' || hasAdapter()) return undefined;
      const createEnvironment: CreateEnvironment = async (envName, config) =>
        new (await astroVite()).DevEnvironment(envName, config, { hot: false });
      return { dev: { createEnvironment } };
    },
  };
}
