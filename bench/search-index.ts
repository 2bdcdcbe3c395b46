/**
 * The search index alone, from a built site: every page of `<dist>` (its `index.html` files and `*.html` pages, the
 * `pagefind/` folder left out) fed to build/search-index.ts in the order of their paths, then written into a folder
 * of its own (`<dist>/../pagefind-bench`, removed at the end). While it runs, the resident memory (RSS) of every
 * Pagefind process this one started is sampled every 200 ms: the figure is the largest one seen, and the largest sum.
 *
 *   node bench/search-index.ts <dist> [--module=<another checkout's search-index.ts>] [--no-versions]
 *
 * `--module` runs that file's `startSearchIndex` instead (the before/after figures of a change). `--no-versions` hides
 * the pages' version switchers from the index, as if the site had none: each language is cut by size only.
 */
import { execFileSync } from 'node:child_process';
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

const argv = process.argv.slice(2);
const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const dist = path.resolve(argv.find((a) => !a.startsWith('--')) ?? 'dist');
const noVersions = argv.includes('--no-versions');
const modulePath = option('module') ?? '../packages/astro/src/build/search-index.ts';
const { startSearchIndex } = (await import(
  modulePath.startsWith('.') ? modulePath : path.resolve(modulePath)
)) as typeof import('../packages/astro/src/build/search-index.ts');

/** Pages of `dist` as the build names them for Pagefind (`/a/b/`, `/a.html`), sorted by path. */
async function pagesOf(root: string): Promise<Array<[string, string]>> {
  const out: Array<[string, string]> = [];
  const walk = async (rel: string) => {
    for (const e of await readdir(path.join(root, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (child !== 'pagefind' && child !== '_astro') await walk(child);
      } else if (e.name.endsWith('.html')) out.push([child, e.name === 'index.html' ? `/${rel ? `${rel}/` : ''}` : `/${child}`]);
    }
  };
  await walk('');
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** RSS (kB) of each Pagefind process whose parent is this one. */
function childRss(): number[] {
  try {
    const out = execFileSync('ps', ['-o', 'rss=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
    return out
      .split('\n')
      .filter((line) => line.includes('pagefind'))
      .map((line) => parseInt(line, 10));
  } catch {
    return [];
  }
}

const { pageLanguage, searchHtml } = await import('../packages/astro/src/build/search-index.ts');
const pages = await pagesOf(dist);
let largest = 0;
let sum = 0;
let processes = 0;
const sampler = setInterval(() => {
  const rss = childRss();
  largest = Math.max(largest, ...rss);
  sum = Math.max(
    sum,
    rss.reduce((a, b) => a + b, 0),
  );
  processes = Math.max(processes, rss.length);
}, 200);
const t0 = performance.now();
const index = await startSearchIndex({});
let bytes = 0;
/** Characters of page text Pagefind reads (search-index.ts `searchHtml`), by language. */
const byLanguage = new Map<string, number>();
for (const [file, url] of pages) {
  const read = await readFile(path.join(dist, file), 'utf8');
  // `--no-versions`: the pages as a site without versions would have them (one unit per language, cut by size only).
  const html = noVersions ? read.replaceAll('data-menu="version"', 'data-menu="none"') : read;
  bytes += html.length;
  const text = searchHtml(html);
  const lang = pageLanguage(text);
  byLanguage.set(lang, (byLanguage.get(lang) ?? 0) + text.length);
  index.add(url, html);
  await index.drain(8_000_000);
}
const fed = performance.now();
const out = path.join(dist, '..', 'pagefind-bench');
const result = await index.finish(out);
clearInterval(sampler);
const written = performance.now();
await rm(out, { recursive: true, force: true });
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
console.log(
  `${pages.length} pages (${(bytes / 1e6).toFixed(0)} MB of HTML), ${result.errors.length} errors; fed in ${((fed - t0) / 1000).toFixed(1)} s, ` +
    `written ${((written - fed) / 1000).toFixed(1)} s later; largest Pagefind process ${mb(largest)}, all Pagefind processes at most ${mb(sum)} (${processes} at once at most)`,
);
console.log(
  `page text Pagefind reads, by language: ${[...byLanguage].map(([l, n]) => `${l || 'none'} ${(n / 1e6).toFixed(1)} MB`).join(', ')}`,
);
