/**
 * `lectern()` — the Astro integration. Plans the site once (docs.json + MDX + specs), validates every MDX file,
 * injects one catch-all route fed from the plan, and after the build writes the search index and the runtime
 * manifest.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { setSite, getSite } from './model/store.ts';
import { BUILTINS_MODULE, ISLANDS_DIR, prepareFile, formatDiagnostic } from './mdx/prepare.ts';
import { prepareJsxModule } from './mdx/islands.ts';
import { loadShiki } from './shared/highlight/shiki-load.ts';
import { currentCodeTheme, markdownShikiConfig } from './shared/highlight/code-theme.ts';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { planAndPrepare, planData, siteFromPlan, type PlannedSite } from './site/site.ts';
import { cachedPlanData } from './site/plan-cache.ts';
import { LecternBuildError } from './mdx/errors.ts';
import { guardSpecContent } from './mdx/spec-content-guard.ts';
import { astroRedirects } from './shared/site/redirects.ts';
import { afterBuild } from './build/after-build.ts';
import { configWarnings, failIfAnyFailed, reportPlan } from './site/report.ts';
import { mountDevHandlers } from './dev/server.ts';
import { findPackage, isDetached, shadowedDependencies, sharesAncestor } from './shared/modules/install-tree.ts';
import { basePath } from './shared/site/base-path.ts';
import { liveSampleShim } from '@lectern/core/browser-shims';
import { bundleLiveSamples, LIVE_SAMPLES_FILE } from './build/live-samples-bundle.ts';
import { pageFile, pageModules } from './build/page-modules.ts';
import { OWN_DIR, ownModule, PACKAGE_DIR } from './shared/modules/own-files.ts';
import { refusedImport } from './shared/modules/publishable.ts';
import { startBuildSession, type BuildSession, type CacheUsage } from './build/session.ts';
import type { SearchIndexer } from './build/search-index.ts';
import { startDevWarmup, type DevWarmup } from './dev/warmup.ts';
import { lightPrerenderEnvironment } from './dev/environments.ts';
import { nativeAstroRuntime } from './dev/native-runtime.ts';
import { devLoader, devStyleImports, PAGE_BOUNDARY } from './dev/pages.ts';
import { isPackageSpecifier, MINTLIFY_COMPONENTS, REACT_ALIAS, repoPackages } from './shared/modules/package-imports.ts';

export interface LecternOptions {
  /** The docs repo (holding docs.json). Default: the Astro project root. */
  root?: string;
  /** Warnings (broken links, unknown components, …) fail `astro build` too. */
  strict?: boolean;
  /**
   * One part of a build done in parts (`lectern build` of a large site, see run.ts): the site planned once, the pages
   * of this part, and whether it is the first part (the 404 page and redirects). The failure check and what comes after
   * the build (search index, manifest, …) are left to the caller, once, over the merged output. `index` of `count`:
   * its place among the parts (the build cache keeps a part's state apart, see build-session.ts). When Astro is done
   * the integration sets `done`: the search index the part streamed its pages to (one part only), the cache entries
   * it used.
   */
  part?: {
    planned: PlannedSite;
    slugs: ReadonlySet<string>;
    first: boolean;
    reported?: boolean;
    index?: number;
    count?: number;
    done?: { search?: SearchIndexer; cache?: CacheUsage };
  };
}

export { PACKAGE_DIR };
/**
 * Files the dev server never sends, by URL or `/@fs/`: Vite's defaults (env files, keys, .git), every dotfile,
 * Lectern's working folder (`.lectern/`: the assistant's conversations, caches) and databases.
 */
const DEV_DENY = [
  '.env',
  '.env.*',
  '*.{crt,pem,key}',
  '**/.git/**',
  '**/.lectern/!(islands)/**',
  '**/.lectern/*',
  '**/.*',
  '**/*.{db,db-wal,db-shm,sqlite,sqlite3}',
];
const PREACT = /^(preact|@preact\/signals(-core)?)(\/|$)/;
const isInside = (file: string, dir: string) => file === dir || file.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};
const NO_EXTERNAL = ['@astrojs/preact', '@astrojs/mdx', '@lectern/playground', 'lectern', '@lectern/core'];

/** Lectern's folder and Astro's, whose code the build bundles into its chunks with their bare imports. */
function bundledOwners(): string[] {
  const astro = findPackage('astro', PACKAGE_DIR);
  return astro ? [PACKAGE_DIR, astro] : [PACKAGE_DIR];
}

/** The playground's source folder when it is Lectern's workspace (not an installed, compiled package), as a pattern. */
function workspacePlaygroundDir(): RegExp | undefined {
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve('@lectern/playground');
  } catch {
    return undefined;
  }
  if (entry.split(path.sep).includes('node_modules') || !/\.tsx?$/.test(entry)) return undefined;
  const dir = path.dirname(entry) + path.sep;
  return new RegExp('^' + dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

const MISSING_IMAGE = path.join(OWN_DIR, 'assets', 'missing-image.svg');
const IMAGE_FILE = /\.(png|jpe?g|gif|svg|webp|avif|bmp|ico|tiff?)$/i;
/** What a module import of a refused file loads instead (see `refusedImport`): a component that renders nothing. */
const REFUSED_MODULE = '\0lectern:refused-file';

/** The placeholder for an image a `.md` page of the repo names by a relative path to nothing. */
function missingMarkdownImage(id: string, importer: string | undefined, root: string): string | undefined {
  const from = importer?.split('?')[0];
  if (!from || !/\.(md|markdown)$/i.test(from) || !isInside(from, root)) return undefined;
  const bare = id.split(/[?#]/)[0]!;
  if (!IMAGE_FILE.test(bare) || /^[a-z][a-z0-9+.-]*:/i.test(bare) || bare.startsWith('/') || bare.startsWith('\0')) return undefined;
  let decoded = bare;
  try {
    decoded = decodeURI(bare);
  } catch {
    /* kept as written */
  }
  return existsSync(path.resolve(path.dirname(from), decoded)) ? undefined : MISSING_IMAGE;
}

/**
 * Custom heading ids in `.md` pages (`## Title {#id}`, as in MDX pages, where mdx/passes/heading-ids.ts cuts them):
 * Sätteri's heading attributes, switched on unless the Astro project chose otherwise.
 */
function markdownHeadingIds(markdown: { processor?: unknown }): void {
  const processor = markdown.processor as { name?: string; options?: { features?: Record<string, unknown> } } | undefined;
  const features = processor?.name === 'satteri' ? processor.options?.features : undefined;
  if (features) features.headingAttributes ??= true;
}

function vitePlugin(root: string, command: string, componentsModule: string, detached: boolean): Plugin {
  const VIRTUAL = 'virtual:lectern/pages';
  let astroBuild: Plugin | undefined;
  const told = new Set<string>();
  return {
    name: 'lectern',
    enforce: 'pre',
    async resolveId(id, importer, options) {
      if (id === VIRTUAL) return '\0' + VIRTUAL;
      // A file of the repo is judged where it really is (publishable.ts): an import that a symlink leads into .git/, to
      // a dotfile or dot-folder, a restricted page's source or out of the repo loads a stand-in (an image: the
      // missing-image picture), never the file.
      const refused = refusedImport(id, importer, root, getSite(root).plan.pages);
      if (refused) {
        if (!told.has(refused.rel)) console.warn(`[lectern] not read: ${refused.message}`);
        told.add(refused.rel);
        return IMAGE_FILE.test(refused.rel) ? MISSING_IMAGE : REFUSED_MODULE;
      }
      // The playground's live samples run httpsnippet in the browser: its Node-only imports get small stand-ins.
      const shim = liveSampleShim(id, importer);
      if (shim) return shim;
      // An image a Markdown (`.md`) page names by a relative path that does not exist (`![x](path/to/image.png)`):
      // Astro imports it and the whole build would fail; Mintlify shows a broken image. It gets a placeholder image
      // (`lectern check` reports the broken link; MDX pages get the same in prepare.ts).
      const missing = missingMarkdownImage(id, importer, root);
      if (missing) return missing;
      // React in a repo's components is Preact; `@mintlify/components` is Lectern's own (package-imports.ts).
      if (importer && isInside(importer, root) && REACT_ALIAS[id])
        return this.resolve(REACT_ALIAS[id]!, path.join(PACKAGE_DIR, 'package.json'), { ...options, skipSelf: true });
      if (id === MINTLIFY_COMPONENTS && importer && isInside(importer.split('?')[0]!, root)) {
        return /\.mdx?$/i.test(importer.split('?')[0]!) ? componentsModule : BUILTINS_MODULE;
      }
      // A docs repo needs no node_modules of its own: bare imports from its files (astro/jsx-runtime in
      // compiled MDX, preact, …) and Astro's own entry modules (astro/entrypoints/prerender, resolved from the
      // project root) that do not resolve there are resolved from this package instead.
      if (isPackageSpecifier(id)) {
        // One preact for the whole page (hooks keep their state on the instance): outside the install tree, where
        // Lectern's packages may each carry their own copy (a global install), it is always Lectern's.
        if (detached && PREACT.test(id)) return this.resolve(id, path.join(PACKAGE_DIR, 'package.json'), { ...options, skipSelf: true });
        if (await this.resolve(id, importer, { ...options, skipSelf: true })) return undefined;
        return this.resolve(id, path.join(PACKAGE_DIR, 'package.json'), { ...options, skipSelf: true });
      }
      return undefined;
    },
    configResolved(config) {
      astroBuild = config.plugins.find((p) => p.name === 'astro:build');
    },
    load: {
      order: 'pre',
      handler(id) {
        // Astro looks up the compiled parts of a component (`X.astro?astro&type=style…`) under a name it derives from
        // the project root, which is wrong for a component outside every folder the root shares (Lectern installed
        // globally, the repo elsewhere): hand Astro the file-system spelling (`/@fs/…`) it maps back to the real path.
        // The id itself stays the real path, which is what Astro keys scripts and styles by everywhere else.
        if (
          id.includes('.astro?astro&') &&
          id.startsWith('/') &&
          !id.startsWith('/@fs/') &&
          !sharesAncestor(id, root) &&
          astroBuild?.load
        ) {
          const hook = astroBuild.load;
          return (typeof hook === 'function' ? hook : hook.handler).call(this, '/@fs' + id);
        }
        if (command === 'dev' && detached && id.split('?')[0] === LIVE_SAMPLES_FILE)
          return bundleLiveSamples().then((code) => ({ code, map: null }));
        if (id.startsWith(REFUSED_MODULE)) return 'export default function RefusedFile() { return null; }';
        if (id !== '\0' + VIRTUAL) return undefined;
        const site = getSite(root);
        const lines = [`export const root = ${JSON.stringify(site.root)};`, 'export const loaders = {'];
        // A page an MDX error keeps from compiling stays out of the bundle (it renders its errors instead); a build in
        // parts bundles the pages of its part only.
        const bundled = site.plan.pages.filter((p) => !site.blocked.has(p.slug) && (!site.only || site.only.has(p.slug)));
        // Absolute: the docs repo may be a folder of a larger Astro project (`lectern({ root: './docs' })`). A build
        // imports one module for byte-identical copies of a page (page-modules.ts); `lectern dev` each page's own file.
        const modules = command === 'dev' ? new Map(bundled.map((p) => [p.slug, pageFile(site, p)])) : pageModules(site, bundled);
        for (const [slug, file] of modules) {
          if (file === undefined) continue;
          const abs = file.split(path.sep).join('/');
          lines.push(command === 'dev' ? devLoader(slug, abs) : `  ${JSON.stringify(slug)}: () => import(${JSON.stringify(abs)}),`);
        }
        lines.push('};');
        if (command === 'dev') lines.push(...devStyleImports(site, componentsModule));
        return lines.join('\n');
      },
    },
    transform: {
      order: 'pre',
      handler(code, id) {
        // `lectern dev`: a page's boundary module (see dev-pages.ts); Astro writes its code.
        if (id.includes(PAGE_BOUNDARY)) return undefined;
        const file = id.split('?')[0]!;
        const site = getSite(root);
        // A JSX module of the repo (a snippet component): the hooks and built-ins it uses are imported for it.
        if (
          /\.jsx$/.test(file) &&
          isInside(file, site.root) &&
          !isInside(file, path.join(site.root, ISLANDS_DIR)) &&
          !file.includes(`${path.sep}node_modules${path.sep}`)
        ) {
          const rel = path.relative(site.root, file).split(path.sep).join('/');
          return { code: prepareJsxModule(code, rel, BUILTINS_MODULE).code, map: null };
        }
        if (!file.endsWith('.mdx')) return undefined;
        if (command === 'build') {
          const prepared = site.prepared.get(file);
          if (prepared !== undefined) return { code: prepared, map: null };
        }
        const result = prepareFile(file, site.root, site.config, componentsModule);
        if (result.diagnostics.some((d) => d.severity === 'error')) {
          throw new Error(result.diagnostics.map(formatDiagnostic).join('\n'));
        }
        // `lectern dev`: the file's island module follows its edits.
        if (result.island && readText(result.island.path) !== result.island.code) {
          mkdirSync(path.dirname(result.island.path), { recursive: true });
          writeFileSync(result.island.path, result.island.code);
        }
        return { code: result.code, map: null };
      },
    },
  };
}

/** Drop the renderers' pre-bundle lists, which name packages the docs repo cannot resolve (see `noDiscovery`). */
function noPrebundle(): Plugin {
  return {
    name: 'lectern:no-prebundle',
    enforce: 'post',
    configEnvironment(_name, options) {
      if (options.optimizeDeps?.include) options.optimizeDeps.include = [];
    },
    config(config) {
      if (config.optimizeDeps?.include) config.optimizeDeps.include = [];
    },
  };
}

export default function lectern(options: LecternOptions = {}): AstroIntegration {
  let root = '';
  let componentsModule = '';
  let session: BuildSession | undefined;
  let warmup: DevWarmup | undefined;
  let adapter = false;
  /** Whether planning runs the build's MDX compile step (Astro's default processor, Sätteri). */
  let compile = true;
  return {
    name: 'lectern',
    hooks: {
      'astro:config:setup': async ({ config, command, updateConfig, injectRoute, logger }) => {
        // Relative to the Astro project, not the working directory.
        root = path.resolve(fileURLToPath(config.root), options.root ?? '.');
        const t0 = performance.now();
        const detached = isDetached(root);
        componentsModule = ownModule('components/index');
        loadShiki();
        const part = options.part;
        // The MDX compile step ahead of the build is Sätteri's, Astro's default: not run for another processor.
        const processor = (config.markdown as { processor?: { name?: string } } | undefined)?.processor;
        compile = processor === undefined || processor.name === 'satteri';
        let fromCache = false;
        // A build, or `lectern dev` started again, on unchanged files plans nothing (plan-cache.ts).
        const plan = () =>
          cachedPlanData(
            root,
            () => planData(root, componentsModule, { compile }),
            () => {
              fromCache = true;
            },
            { compile },
          ).then(siteFromPlan);
        const { site, errors, warnings } = part?.planned ?? (await plan());
        site.only = part?.slugs;
        if (!part)
          logger.info(
            `planned ${site.plan.pages.length} pages in ${Math.round(performance.now() - t0)} ms${fromCache ? ' (from the cache)' : ''}`,
          );
        if (part && (!part.first || part.reported)) {
          // A part of a build in parts: the caller reported the plan's problems.
        } else if (command === 'build') {
          reportPlan({ site, errors, warnings }, options.strict === true, logger);
        } else {
          for (const d of warnings) logger.warn(formatDiagnostic(d));
          for (const d of errors) logger.error(formatDiagnostic(d));
        }
        site.base = basePath(config.base);
        if (config.site) site.url = config.site;
        setSite(site);
        // Spec content's URLs are checked once more on the tree the build compiles (mdx/spec-content-guard.ts).
        guardSpecContent(
          config.markdown,
          () => getSite(root),
          (m) => logger.warn(m),
        );
        markdownHeadingIds(config.markdown);
        if (command === 'build') {
          await session?.abort();
          session = await startBuildSession(site, {
            base: site.base,
            astroSite: (config.site ?? site.config.lectern?.site) || undefined,
            outDir: fileURLToPath(config.outDir),
            format: config.build.format,
            warn: (m) => logger.warn(m),
            ...(part ? { part: { index: part.index ?? 0, count: part.count ?? 1 } } : {}),
          });
        }
        // A part of a build in parts: the parent says it once for the whole build.
        if ((part?.count ?? 1) <= 1) for (const w of configWarnings(site.config)) logger.warn(w);

        const hasMdx = config.integrations.some((i) => i.name === '@astrojs/mdx');
        const hasPreact = config.integrations.some((i) => i.name === '@astrojs/preact');
        const extra: AstroIntegration[] = [];
        if (!hasMdx) extra.push((await import('@astrojs/mdx')).default());
        // Babel (Preact's JSX transform) only where JSX may be: not on plain TypeScript, which Vite compiles itself
        // (Lectern's own sources run through it when Lectern is not under node_modules, as in its workspace).
        // `lectern dev` in Lectern's workspace: the playground's .tsx sources get what an installed Lectern ships (JSX
        // compiled to Preact calls, here by Vite), not Babel's development transform on every start.
        const ownTsx = command === 'dev' ? workspacePlaygroundDir() : undefined;
        if (!hasPreact)
          extra.push(
            (await import('@astrojs/preact')).default({
              include: [/\.[cm]?jsx?$/, /\.tsx$/],
              ...(ownTsx ? { exclude: [/[\\/]node_modules[\\/]/, ownTsx] } : {}),
            }),
          );

        // docs.json `seo.trailingSlash`: a redirect to a page goes straight to its URL with the slash.
        const isPage = site.config.seo?.trailingSlash ? (slug: string) => site.pages.has(slug) : undefined;
        const { redirects } = astroRedirects(site.config.redirects ?? [], isPage);
        // A site without an `index` page opens on the first page of its navigation (as Mintlify does).
        if (!site.pages.has('index') && !redirects['/']) {
          if (site.nav.home) redirects['/'] = { status: 307, destination: site.nav.href(site.nav.home.replace(/^\/+/, '')) };
        }

        // A repo outside the install tree cannot resolve `preact` itself (JSX snippets import its runtime): let Vite
        // load it, and everything that imports it (one preact instance for hooks), through the plugin above.
        // A build bundles the packages the repo adds for its components (package-imports.ts).
        const noExternal = [
          ...NO_EXTERNAL,
          ...(detached ? ['preact', 'preact-render-to-string', '@preact/signals', '@preact/signals-core'] : []),
          ...(command === 'build' ? repoPackages(root) : []),
          // Astro's or Lectern's dependencies that another version hides from the chunks the build runs under the repo.
          ...(command === 'build' ? shadowedDependencies(bundledOwners(), [root, process.cwd()]) : []),
        ];
        injectRoute({ pattern: '/[...slug]', entrypoint: path.join(OWN_DIR, 'routes', 'page.astro'), prerender: true });
        if (!part || part.first) injectRoute({ pattern: '/404', entrypoint: path.join(OWN_DIR, 'routes', '404.astro'), prerender: true });
        updateConfig({
          integrations: extra,
          redirects: !part || part.first ? redirects : {},
          site: config.site ?? site.config.lectern?.site,
          markdown: { shikiConfig: markdownShikiConfig(currentCodeTheme()) },
          vite: {
            ...(ownTsx && !hasPreact ? { oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } } } : {}),
            plugins: [
              vitePlugin(root, command, componentsModule, detached),
              ...(detached ? [noPrebundle()] : []),
              ...(command === 'dev' ? [lightPrerenderEnvironment(() => adapter), nativeAstroRuntime(() => !adapter)] : []),
            ],
            server: { fs: { allow: [root, PACKAGE_DIR, path.resolve(PACKAGE_DIR, '../..')], deny: DEV_DENY } },
            // Outside Lectern's install tree the dep optimizer cannot resolve the island's packages from the docs
            // repo; found late, they would force a full reload on the reader's first "Try it". Serve them as ESM.
            optimizeDeps: {
              ...(detached ? { noDiscovery: true } : {}),
              // The dev server pre-bundles httpsnippet for the live samples: the same stand-ins there.
              rolldownOptions: {
                plugins: [
                  { name: 'lectern:live-sample-shims', resolveId: (id: string, importer?: string) => liveSampleShim(id, importer) },
                ],
              },
            },
            // Bundle the renderers (they import Astro virtual modules) whatever the docs repo's package.json says.
            ssr: { noExternal },
            environments: { prerender: { resolve: { noExternal } }, ssr: { resolve: { noExternal } } },
          },
        } as never);
      },
      'astro:config:done': ({ config }) => {
        adapter = config.adapter !== undefined;
      },
      'astro:build:start': ({ setPrerenderer }) => {
        // Pages from the cache, and every page to the search index as it renders. An adapter may bring its own
        // prerenderer: then pages all render and the index is built from the files.
        const s = session;
        if (s && !adapter) setPrerenderer((inner) => s.wrap(inner));
      },
      'astro:server:setup': async ({ server, logger }) => {
        warmup = startDevWarmup(getSite(root), (m) => logger.warn(m));
        // After an edit the files are new: plan (the next start writes the cache entry for them).
        await mountDevHandlers(server, root, () => planAndPrepare(root, componentsModule, { compile }), logger);
      },
      'astro:server:start': async ({ address, logger }) => {
        await warmup?.warm(address, (m) => logger.info(m));
      },
      'astro:server:done': async () => {
        await warmup?.close();
        warmup = undefined;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const s = session;
        session = undefined;
        const dist = fileURLToPath(dir);
        try {
          // The shared scripts first: they are part of the output that afterBuild may move under the base.
          await s?.finish(dist, (m) => logger.info(m));
          const search = s?.streamed() ? s.search : undefined;
          // An index that missed pages is dropped: afterBuild then indexes the files.
          if (s?.search && !search) await s.search.close();
          if (options.part) {
            // The caller checks and finishes the merged output (run.ts).
            options.part.done = { search, cache: s?.usage() };
            return;
          }
          const site = getSite(root);
          // Pages that failed are left out (build/left-out.ts): the rest of the site is written, then the build fails.
          await afterBuild(site, dist, logger, search);
          failIfAnyFailed(site, options.strict === true);
        } catch (err) {
          await s?.abort();
          throw err;
        }
      },
    },
  };
}
