/**
 * Playground paint benchmark: on a site built from the GitHub REST description (@octokit/openapi, ~1,200
 * endpoint pages; set up and built by bench/site-build.ts's `makeRepo`/`build`), served by `lectern serve`
 * (`createServer` from @lectern/server), open endpoint pages in Chromium, click "Try it" and time:
 *
 *   - visible:     click -> first frame painted with the "Try it" panel open (a placeholder: the form is rendered
 *                  in the browser only, from the island's props)
 *   - interactive: click -> the island's first paint: its code loaded, the form rendered and hydrated (Astro drops
 *                  `ssr` from its <astro-island>), and that frame painted
 *
 * "painted" = a requestAnimationFrame callback, then a task after it (the frame has been produced by then).
 * Also the JavaScript the click loads (raw, gzip -6, and as transferred by `lectern serve`, which serves br).
 * Each page gets a fresh browser context (cold cache), then the same pages again in one context (warm: the
 * island's code is cached after the first page).
 *
 *   node bench/playground-paint.ts [--pages=20] [--rebuild]
 *
 * The build (~40 s, ~1 GB) is cached in .cache/playground-paint/ (gitignored) and reused; --rebuild redoes it.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createServer } from '@lectern/server';
import { build, makeRepo } from './site-build.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const CACHE = path.join(REPO, '.cache', 'playground-paint');
const ROOT = path.join(CACHE, 'site');
const STAMP = path.join(CACHE, 'build.json');
const argv = process.argv.slice(2);
const PAGES = Number(argv.find((a) => a.startsWith('--pages='))?.slice(8) ?? 20);
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Stamp {
  date: string;
  commit: string;
  pages: number;
  wallMs: number;
  peakRssMb: number;
}

async function ensureSite(): Promise<Stamp> {
  if (!argv.includes('--rebuild') && existsSync(STAMP) && existsSync(path.join(ROOT, 'dist', 'api-reference'))) {
    return JSON.parse(readFileSync(STAMP, 'utf8')) as Stamp;
  }
  rmSync(CACHE, { recursive: true, force: true });
  mkdirSync(ROOT, { recursive: true });
  makeRepo(undefined, ROOT);
  console.log(`building the GitHub REST site into ${path.relative(REPO, ROOT)} (once; --rebuild to redo)…`);
  const r = await build(ROOT, 'GitHub REST (full)');
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO }).toString().trim();
  } catch {
    /* not a checkout */
  }
  const stamp: Stamp = {
    date: new Date().toISOString(),
    commit,
    pages: r.pages,
    wallMs: Math.round(r.wallMs),
    peakRssMb: Math.round(r.peakRssMb),
  };
  writeFileSync(STAMP, JSON.stringify(stamp, null, 2));
  return stamp;
}

/** Endpoint pages that carry a playground, in a stable order, with their HTML size. */
function endpointPages(dist: string): Array<{ slug: string; bytes: number }> {
  const out: Array<{ file: string; bytes: number }> = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else if (e.name === 'index.html') {
        const html = readFileSync(abs, 'utf8');
        if (html.includes('id="api-playground"')) out.push({ file: abs, bytes: Buffer.byteLength(html) });
      }
    }
  };
  walk(path.join(dist, 'api-reference'));
  return out
    .sort((a, b) => (a.file < b.file ? -1 : 1))
    .map((p) => ({ slug: '/' + path.relative(dist, path.dirname(p.file)).split(path.sep).join('/') + '/', bytes: p.bytes }));
}

/** `n` pages spread evenly over the list (first, last and in between). */
function spread<T>(list: T[], n: number): T[] {
  if (list.length <= n) return list;
  return Array.from({ length: n }, (_, i) => list[Math.round((i * (list.length - 1)) / (n - 1))]!);
}

interface Sample {
  slug: string;
  visibleMs: number;
  interactiveMs: number;
  raw: number;
  gzip: number;
  wire: number;
  scripts: number;
}

async function measure(context: BrowserContext, base: string, slug: string): Promise<Sample> {
  const page: Page = await context.newPage();
  const problems: string[] = [];
  page.on('crash', () => problems.push('renderer crashed'));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  try {
    await page.goto(base + slug, { waitUntil: 'load' });
    await page.locator('.try-it > summary').scrollIntoViewIfNeeded();
    // Timers set up in the page: the click starts them, a frame after each milestone stops them.
    await page.evaluate(() => {
      const w = window as unknown as { __paint: Record<string, number> };
      w.__paint = {};
      const frame = (key: string) =>
        requestAnimationFrame(() =>
          setTimeout(() => {
            w.__paint[key] = performance.now();
          }, 0),
        );
      const island = document.querySelector('#api-playground astro-island')!;
      document.querySelector('.try-it > summary')!.addEventListener(
        'click',
        () => {
          w.__paint.click = performance.now();
          frame('visible');
        },
        { capture: true, once: true },
      );
      const mo = new MutationObserver(() => {
        if (!island.hasAttribute('ssr') && island.querySelector('.lectern-playground form')) {
          mo.disconnect();
          w.__paint.hydrated = performance.now();
          frame('interactive');
        }
      });
      mo.observe(island, { attributes: true, attributeFilter: ['ssr'], childList: true, subtree: true });
    });
    const loads: Array<Promise<{ raw: number; wire: number; gzip: number }>> = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      loads.push(
        (async () => {
          const response = await request.response();
          const body = response ? await response.body() : Buffer.alloc(0);
          const sizes = await request.sizes();
          // From the browser cache: nothing transferred (Chromium reports 0 or -1).
          return { raw: body.length, gzip: gzipSync(body).length, wire: Math.max(0, sizes.responseBodySize) };
        })(),
      );
    });
    await page.click('.try-it > summary');
    await page.waitForFunction(() => (window as unknown as { __paint: Record<string, number> }).__paint.interactive !== undefined, null, {
      timeout: 60_000,
    });
    const t = await page.evaluate(() => (window as unknown as { __paint: Record<string, number> }).__paint);
    const files = await Promise.all(loads);
    if (!(await page.locator('.lectern-playground button[type="submit"]').isVisible()))
      throw new Error('the playground form is not visible');
    return {
      slug,
      visibleMs: t.visible! - t.click!,
      interactiveMs: t.interactive! - t.click!,
      raw: files.reduce((n, f) => n + f.raw, 0),
      gzip: files.reduce((n, f) => n + f.gzip, 0),
      wire: files.reduce((n, f) => n + f.wire, 0),
      scripts: files.length,
    };
  } catch (e) {
    throw new Error(`${slug}: ${(e as Error).message}${problems.length ? ` (${problems.join('; ')})` : ''}`);
  } finally {
    await page.close();
  }
}

function stats(values: number[]): { median: number; p95: number; min: number; max: number } {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return {
    median: s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2,
    p95: at(0.95),
    min: s[0]!,
    max: s[s.length - 1]!,
  };
}

const stamp = await ensureSite();
const dist = path.join(ROOT, 'dist');
const all = endpointPages(dist);
const slugs = spread(
  all.map((p) => p.slug),
  PAGES,
);
const largest = all.reduce((a, b) => (b.bytes > a.bytes ? b : a));
console.log(
  `site: ${stamp.pages} pages built ${stamp.date.slice(0, 10)} at ${stamp.commit} (${(stamp.wallMs / 1000).toFixed(1)} s, ${stamp.peakRssMb} MB peak RSS); ${all.length} endpoint pages with a playground; measuring ${slugs.length}`,
);

const server = await createServer({ dist, port: 0, host: '127.0.0.1', log: false });
const base = server.url.replace(/\/$/, '');
let browser: Browser | undefined;
try {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  const cold: Sample[] = [];
  for (const slug of slugs) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      cold.push(await measure(context, base, slug));
    } finally {
      await context.close();
    }
  }
  // The heaviest endpoint page (most HTML), cold, as a check that size does not change the picture.
  const heavyContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const heavy = await measure(heavyContext, base, largest.slug).finally(() => heavyContext.close());
  const warm: Sample[] = [];
  const shared = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await measure(shared, base, slugs[0]!); // fills the cache
    for (const slug of slugs) warm.push(await measure(shared, base, slug));
  } finally {
    await shared.close();
  }

  const ms = (n: number) => `${n.toFixed(0)} ms`;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `\n| cache | click -> panel open (median / p95) | click -> island painted, interactive (median / p95) | JS loaded by the click: raw / gzip / transferred (median) |`,
  );
  console.log('| --- | ---: | ---: | ---: |');
  for (const [label, list] of [
    ['cold (new context per page)', cold],
    ['warm (island code cached)', warm],
  ] as const) {
    const v = stats(list.map((s) => s.visibleMs));
    const i = stats(list.map((s) => s.interactiveMs));
    const raw = stats(list.map((s) => s.raw)).median;
    const gz = stats(list.map((s) => s.gzip)).median;
    const wire = stats(list.map((s) => s.wire)).median;
    console.log(`| ${label} | ${ms(v.median)} / ${ms(v.p95)} | ${ms(i.median)} / ${ms(i.p95)} | ${kb(raw)} / ${kb(gz)} / ${kb(wire)} |`);
  }
  const slowest = [...cold].sort((a, b) => b.interactiveMs - a.interactiveMs)[0]!;
  console.log(`\ncold: ${cold[0]!.scripts} script files per click; slowest interactive ${ms(slowest.interactiveMs)} on ${slowest.slug}`);
  console.log(
    `heaviest page (${kb(largest.bytes)} HTML, ${largest.slug}), cold: visible ${ms(heavy.visibleMs)}, interactive ${ms(heavy.interactiveMs)}`,
  );
  console.log(
    'per page (cold): ' +
      cold.map((s) => `${s.slug.replace(/^\/api-reference\//, '')} ${s.visibleMs.toFixed(0)}/${s.interactiveMs.toFixed(0)}`).join(', '),
  );
} finally {
  await browser?.close();
  await server.close();
}
