/**
 * `lectern dev` on a big site: the first page a reader opens should not pay for compiling every module and every
 * grammar. As soon as the server listens, it requests one endpoint page itself (Vite transforms and loads the
 * route's modules, the highlighter compiles the site's languages), and code is highlighted in a worker thread,
 * from the build cache when a build or an earlier dev session already highlighted it.
 */
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Site } from '../model/store.ts';
import { cacheEnabled, cacheRoot, lecternFingerprint } from '../shared/build-cache.ts';
import { startHighlightPool, type HighlightPool } from '../workers/highlight-pool.ts';
import { findOperation } from '../endpoint/api-data.ts';
import { panelInputs } from '../endpoint/panel.ts';
import { pageHref } from '../model/nav.ts';

export interface DevWarmup {
  /**
   * Request the first endpoint page and the home page once the server listens, before Astro reports the server
   * ready (it awaits `astro:server:start`): the reader's first page then finds the modules loaded.
   */
  warm(address: AddressInfo, log: (m: string) => void): Promise<void>;
  close(): Promise<void>;
}

const WARM_LIMIT_MS = 15_000;

export function startDevWarmup(site: Site, warn?: (message: string) => void): DevWarmup {
  const pool: HighlightPool = startHighlightPool({
    workers: 1,
    onDemand: true,
    fingerprint: lecternFingerprint(),
    onError: warn,
    cacheFile: cacheEnabled() ? path.join(cacheRoot(site.root), 'highlight.json') : undefined,
  });
  const firstOperation = site.plan.pages.find((p) => p.kind === 'operation' && findOperation(site, p));
  // The worker compiles the grammars of the site's samples while the main thread starts the server.
  if (firstOperation?.kind === 'operation') pool.prefetch(panelInputs(site, firstOperation, findOperation(site, firstOperation)!));
  let closed: Promise<void> | undefined;
  return {
    async warm(address, log) {
      const host =
        address.address === '::' || address.address === '0.0.0.0'
          ? '127.0.0.1'
          : address.address.includes(':')
            ? `[${address.address}]`
            : address.address;
      const base = `http://${host}:${address.port}${site.base.replace(/\/$/, '')}`;
      const t0 = performance.now();
      const urls = [firstOperation ? pageHref(firstOperation.slug) : undefined, '/'].filter((u): u is string => !!u);
      const requests = (async () => {
        // Both at once: while one request waits (a file read, the highlighter's worker) the other's modules compile.
        await Promise.all(
          urls.map((url) =>
            fetch(base + url).then(
              (r) => r.arrayBuffer(),
              () => undefined,
            ),
          ),
        );
        log(`warmed up (${urls.join(', ')}) in ${Math.round(performance.now() - t0)} ms`);
      })();
      // A page that hangs must not keep the server from reporting ready.
      await Promise.race([requests, new Promise((r) => setTimeout(r, WARM_LIMIT_MS).unref())]);
    },
    close() {
      return (closed ??= pool.close().then(
        () => undefined,
        () => undefined,
      ));
    },
  };
}
