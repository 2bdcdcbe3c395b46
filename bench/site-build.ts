/**
 * Site build benchmark: a full `lectern build` of a docs repo generated from the GitHub REST description
 * (@octokit/openapi), and of a ~100-page subset of it (linearity). Prints wall time, peak memory (RSS of the
 * build process), dist/ size, page count, the JavaScript an endpoint page loads before the playground is opened
 * (raw and gzip), and per-page times.
 *
 *   node bench/site-build.ts [--only=small|full] [--keep]
 *
 * `makeRepo` and `build` are also used by bench/playground-paint.ts (importing this file runs nothing).
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const SPEC = path.join(REPO, 'node_modules/@octokit/openapi/generated/api.github.com.json');
const args = new Set(process.argv.slice(2));
const only = [...args].find((a) => a.startsWith('--only='))?.slice(7);

export interface Result { label: string; pages: number; wallMs: number; peakRssMb: number; distMb: number; files: number }

/** A docs repo (docs.json, index.mdx, the spec) with the first `maxOps` operations, or all; in `root` if given. */
/**
 * The docs repo is created inside this checkout (.cache/, gitignored), where Lectern is installed: as in a docs repo
 * that has `lectern` in its node_modules.
 */
function benchRoot(): string {
  mkdirSync(path.join(REPO, '.cache'), { recursive: true });
  return mkdtempSync(path.join(REPO, '.cache', 'bench-site-'));
}

export function makeRepo(maxOps: number | undefined, root = benchRoot()): string {
  const spec = JSON.parse(readFileSync(SPEC, 'utf8')) as { paths: Record<string, Record<string, unknown>>; webhooks?: unknown };
  if (maxOps !== undefined) {
    const paths: typeof spec.paths = {};
    let n = 0;
    for (const [p, item] of Object.entries(spec.paths)) {
      if (n >= maxOps) break;
      paths[p] = item;
      n += Object.keys(item).filter((k) => ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(k)).length;
    }
    spec.paths = paths;
    delete spec.webhooks;
  }
  writeFileSync(path.join(root, 'api.github.com.json'), JSON.stringify(spec));
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify({
    theme: 'mint', name: 'GitHub REST', colors: { primary: '#1F6FEB' },
    navigation: { tabs: [
      { tab: 'Guides', groups: [{ group: 'Start', pages: ['index'] }] },
      { tab: 'REST API', openapi: 'api.github.com.json' },
    ] },
  }, null, 2));
  writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: GitHub REST API\ndescription: Generated from the OpenAPI description.\n---\n\nWelcome.\n');
  return root;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(abs));
    else out.push(abs);
  }
  return out;
}

/**
 * `lectern build` of `root` in a child process; dist/ lands in `root/dist`. Peak RSS is that of the largest process
 * of the build (a large site is built in parts, each in a process of its own), from /usr/bin/time when the machine
 * has it, else the child's own.
 */
export async function build(root: string, label: string): Promise<Result> {
  const child = `
    import { buildSite } from ${JSON.stringify(path.join(REPO, 'packages/astro/src/run.ts'))};
    await buildSite(${JSON.stringify(root)}, { logLevel: 'error' });
    process.stdout.write('\\nRSS=' + process.resourceUsage().maxRSS + '\\n');
  `;
  const t0 = performance.now();
  const out = await new Promise<string>((resolve, reject) => {
    const args = [process.execPath, '--input-type=module', '-e', child];
    const p = existsSync('/usr/bin/time') ? spawn('/usr/bin/time', ['-f', 'TREE_RSS=%M', ...args], { stdio: ['ignore', 'pipe', 'pipe'] }) : spawn(args[0]!, args.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
    p.stderr?.on('data', (d) => { const m = /TREE_RSS=(\d+)/.exec(String(d)); if (m) buf += `\nTREE_RSS=${m[1]}\n`; else process.stderr.write(d); });
    let buf = '';
    p.stdout.on('data', (d) => { buf += d; });
    p.on('exit', (code) => (code === 0 ? resolve(buf) : reject(new Error(`build of ${label} failed (${code})`))));
  });
  const wallMs = performance.now() - t0;
  const rssKb = Number(/TREE_RSS=(\d+)/.exec(out)?.[1] ?? /RSS=(\d+)/.exec(out)?.[1] ?? 0);
  const dist = path.join(root, 'dist');
  const files = walk(dist);
  const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
  const pages = files.filter((f) => f.endsWith('index.html')).length;
  return { label, pages, wallMs, peakRssMb: rssKb / 1024, distMb: bytes / 1e6, files: files.length };
}

/** JS an endpoint page loads before the reader opens the playground: module scripts and their static imports. */
function jsBeforePlayground(dist: string): { raw: number; gzip: number; files: string[] } {
  const pages = walk(path.join(dist, 'api-reference')).filter((f) => f.endsWith('index.html'));
  const html = readFileSync(pages[0] ?? path.join(dist, 'index.html'), 'utf8');
  const seen = new Set<string>();
  const queue = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gz = 0;
  for (const m of html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)) {
    raw += Buffer.byteLength(m[1]!);
    gz += gzipSync(m[1]!).length;
  }
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const file = path.join(dist, url);
    if (!existsSync(file)) continue;
    const src = readFileSync(file);
    raw += src.length;
    gz += gzipSync(src).length;
    for (const m of src.toString().matchAll(/(?:^|[;\n])\s*import\s*(?:[^'"()]*?from\s*)?["']([^"']+)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(url), m[1]!));
    }
  }
  return { raw, gzip: gz, files: [...seen] };
}

async function main(): Promise<void> {
  const results: Result[] = [];
  const roots: string[] = [];
  try {
    if (only !== 'full') {
      const small = makeRepo(100);
      roots.push(small);
      results.push(await build(small, '~100 operations'));
    }
    if (only !== 'small') {
      const full = makeRepo(undefined);
      roots.push(full);
      results.push(await build(full, 'GitHub REST (full)'));
      const js = jsBeforePlayground(path.join(full, 'dist'));
      console.log(`JS loaded by an endpoint page before the playground: ${js.raw} B raw, ${js.gzip} B gzip (${js.files.join(', ') || 'inline only'})`);
      const sample = walk(path.join(full, 'dist', 'api-reference')).filter((f) => f.endsWith('index.html'));
      const sizes = sample.map((f) => statSync(f).size).sort((a, b) => a - b);
      console.log(`endpoint page HTML: median ${(sizes[Math.floor(sizes.length / 2)]! / 1024).toFixed(0)} KiB, max ${(sizes.at(-1)! / 1024).toFixed(0)} KiB over ${sizes.length} pages`);
    }
    console.log('\n| build | pages | wall | peak RSS | dist | ms/page |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const r of results) {
      console.log(`| ${r.label} | ${r.pages} | ${(r.wallMs / 1000).toFixed(1)} s | ${r.peakRssMb.toFixed(0)} MB | ${r.distMb.toFixed(1)} MB | ${(r.wallMs / r.pages).toFixed(1)} |`);
    }
    if (results.length === 2) {
      const [a, b] = results as [Result, Result];
      console.log(`\nlinearity: ${(b.pages / a.pages).toFixed(1)}x pages took ${(b.wallMs / a.wallMs).toFixed(1)}x time (per-page ratio ${((b.wallMs / b.pages) / (a.wallMs / a.pages)).toFixed(2)})`);
    }
    console.log('\naims: <= 30 s, <= 1 GB, dist <= 100 MB');
  } finally {
    if (!args.has('--keep')) for (const r of roots) rmSync(r, { recursive: true, force: true });
    else console.log('kept:', roots.join(' '));
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
