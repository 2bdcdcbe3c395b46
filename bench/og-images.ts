/**
 * Social images benchmark (issue 34): what drawing a 1200×630 PNG per page adds to a build. A generated site of
 * `--pages=<n>` (default 400) MDX pages in 20 groups, with an SVG logo, is built four times with the CLI:
 *
 *   1. cold, without the cache (`LECTERN_CACHE=off`), images drawn;
 *   2. cold, without the cache, no image drawn (docs.json `seo.metatags["og:image"]` set: the site's own image wins);
 *   3. with a cache, twice: the second build takes every image from the cache.
 *
 * Prints each build's wall time and the build's own `social images:` line (pages, drawn, from the cache, ms, ms each).
 *
 *   node bench/og-images.ts [--pages=400] [--keep]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../packages/astro/bin/lectern.js', import.meta.url));
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const PAGES = Number(arg('pages') ?? 400);

function makeRepo(root: string, ownImage: boolean): void {
  const groups = Array.from({ length: 20 }, (_, g) => ({
    group: `Group ${g + 1}`,
    pages: Array.from({ length: Math.ceil(PAGES / 20) }, (_, i) => `g${g}/page-${i}`).slice(
      0,
      Math.max(0, PAGES - g * Math.ceil(PAGES / 20)),
    ),
  })).filter((g) => g.pages.length);
  writeFileSync(
    path.join(root, 'docs.json'),
    JSON.stringify({
      name: 'Bench Docs',
      theme: 'mint',
      colors: { primary: '#7C3AED', light: '#A78BFA' },
      logo: '/logo.svg',
      thumbnails: { appearance: 'dark' },
      ...(ownImage ? { seo: { metatags: { 'og:image': 'https://cdn.example.test/og.png' } } } : {}),
      navigation: { groups },
    }),
  );
  writeFileSync(
    path.join(root, 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="40" height="40" rx="8" fill="#7C3AED"/></svg>',
  );
  for (const g of groups)
    for (const slug of g.pages) {
      mkdirSync(path.dirname(path.join(root, slug)), { recursive: true });
      const n = slug.replace(/\D+/g, ' ').trim();
      writeFileSync(
        path.join(root, `${slug}.mdx`),
        `---\ntitle: "How to configure widget ${n} for production traffic"\ndescription: "Set up widget ${n}, check its limits and watch it in production."\n---\n\n## Setup\n\nSome words about widget ${n}.\n`,
      );
    }
}

function build(root: string, env: Record<string, string> = {}): { ms: number; line: string } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, 'build', root], {
    encoding: 'utf8',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
  });
  const ms = Math.round(performance.now() - t0);
  if (r.status !== 0) throw new Error(`build failed:\n${r.stdout}\n${r.stderr}`);
  return { ms, line: `${r.stdout}\n${r.stderr}`.match(/social images: .*/)?.[0] ?? '(no social images line)' };
}

const work = mkdtempSync(path.join(tmpdir(), 'lectern-og-bench-'));
try {
  const drawn = path.join(work, 'drawn');
  const none = path.join(work, 'none');
  for (const [dir, own] of [
    [drawn, false],
    [none, true],
  ] as const) {
    mkdirSync(dir);
    makeRepo(dir, own);
  }
  const rows: Array<[string, { ms: number; line: string }]> = [
    ['cold, no cache, images drawn', build(drawn, { LECTERN_CACHE: 'off' })],
    ['cold, no cache, no images (site og:image)', build(none, { LECTERN_CACHE: 'off' })],
    ['cache filled', build(drawn)],
    ['warm, images from the cache', build(drawn)],
  ];
  console.log(`${PAGES} pages`);
  for (const [name, r] of rows) console.log(`${name.padEnd(44)} ${String(r.ms).padStart(7)} ms   ${r.line}`);
} finally {
  if (!process.argv.includes('--keep')) rmSync(work, { recursive: true, force: true });
}
