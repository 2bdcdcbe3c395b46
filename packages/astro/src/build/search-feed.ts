/**
 * Hands a build's pages to the search index in render order (Pagefind's index depends on that order, see
 * render-order.ts): a page that comes early is held until every page before it is in. Pages before the first one
 * that must render are handed over from the cache at once (`prefeed`), while Astro starts and bundles.
 */
import type { Page } from '@lectern/core';
import type { BlobStore } from '../shared/build-cache.ts';
import { htmlUnderBase } from '../shared/site/base-path.ts';
import { QUEUE_BYTES, type SearchIndexer } from './search-index.ts';

export class SearchFeed {
  /** Pages handed over early, by slug, until the pages before them are in (null: a page left out, see `skip`). */
  private readonly waiting = new Map<string, Buffer | string | null>();
  /** How many pages of `expected` the index has. */
  private next = 0;
  /** False once the index holds another page than dist/ (see `page`). */
  private valid = true;
  /** The pages handed over from the cache before the build (slug -> the key of their cache entry). */
  private readonly prefed = new Map<string, string>();

  readonly index: SearchIndexer;
  /** Every slug the index takes, in render order. */
  private readonly expected: readonly string[];
  /** Astro's `base` and `build.format`, for the pages' URLs. */
  private readonly base: string;
  private readonly format: string | undefined;

  constructor(index: SearchIndexer, expected: readonly string[], base: string, format?: string) {
    this.index = index;
    this.expected = expected;
    this.base = base;
    this.format = format;
  }

  /**
   * Hand the cached pages at the head of `order` (those whose predicted key is in `pages`) to the index, in the
   * background. A page the cache lost meanwhile ends it: the index is then not the build's.
   */
  prefeed(order: readonly Page[], keys: ReadonlyMap<string, string>, pages: BlobStore): void {
    for (const p of order) {
      const key = keys.get(p.slug);
      if (!key || !pages.has(key)) break;
      this.prefed.set(p.slug, key);
    }
    void (async () => {
      for (const [slug, key] of this.prefed) {
        const html = pages.get(key);
        if (!html) {
          this.valid = false;
          return;
        }
        await this.offer(slug, html);
      }
    })();
  }

  /**
   * A page of the build, as dist/ gets it: `key`, the cache entry it came from (undefined: it rendered). A page handed
   * over from the cache before the build must be that same entry; otherwise the index holds another page than dist/.
   */
  async page(slug: string, html: Buffer | string, key: string | undefined): Promise<void> {
    if (this.prefed.has(slug)) {
      if (this.prefed.get(slug) !== key) this.valid = false;
    } else await this.offer(slug, html);
  }

  /** A page of `expected` the build leaves out (its rendering threw, left-out.ts): the index goes on without it. */
  async skip(slug: string): Promise<void> {
    if (this.prefed.has(slug)) this.valid = false;
    else await this.offer(slug, null);
  }

  /** Whether every page reached the index, each as dist/ has it. */
  complete(): boolean {
    return this.valid && this.next === this.expected.length;
  }

  private url(slug: string): string {
    return slug === 'index' ? '/' : this.format === 'file' ? `/${slug}.html` : `/${slug}/`;
  }

  private async offer(slug: string, html: Buffer | string | null): Promise<void> {
    this.waiting.set(slug, html);
    while (this.next < this.expected.length && this.waiting.has(this.expected[this.next]!)) {
      const s = this.expected[this.next++]!;
      const page = this.waiting.get(s)!;
      this.waiting.delete(s);
      if (page !== null) this.index.add(this.url(s), this.base === '/' ? page : htmlUnderBase(page.toString(), this.base));
    }
    await this.index.drain(QUEUE_BYTES);
  }
}
