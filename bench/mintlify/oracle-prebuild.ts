/**
 * The navigation Mintlify deploys for a docs folder, by Mintlify's own published prebuild (`@mintlify/prebuild`,
 * installed by bench/mintlify-oracle.ts outside the workspace): a test oracle, run in a child process.
 *
 *   node bench/mintlify/oracle-prebuild.ts <oracle install dir> <docs folder (a copy: prebuild may write)> <out.json>
 *
 * `prebuild(dir, { lazyPages: true, skipStaticFiles: true })` is run with a scratch folder as the working directory
 * (it writes `src/_props/` and `public/` there); its decorated navigation (`src/_props/generatedDocsNav.json`: every
 * page with its `href` and `title`, OpenAPI pages generated) is written to out.json as a list of pages, with what it
 * printed. When the prebuild stops (offline, a spec named by URL cannot be fetched) it is run again with
 * `disableOpenApi`, and `error` says so: the navigation then lacks the generated OpenAPI pages. `lazyPages` skips parsing every page (the MDX verdicts come from bench/mintlify/oracle-mdx.ts, for the
 * pages that need one); the titles are those of the page's frontmatter or, failing that, of its slug, as deployed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface OraclePage {
  slug: string;
  title: string;
  sidebarTitle?: string;
  openapi?: string;
  asyncapi?: string;
}
export interface PrebuildResult {
  pages: OraclePage[];
  printed: string[];
  error?: string;
  ms: number;
}

/** Every page of a decorated navigation: an object with an `href` and a `title`. */
function pagesOf(nav: unknown, out: OraclePage[] = []): OraclePage[] {
  if (Array.isArray(nav)) {
    for (const n of nav) pagesOf(n, out);
    return out;
  }
  if (!nav || typeof nav !== 'object') return out;
  const node = nav as Record<string, unknown>;
  if (typeof node.href === 'string' && typeof node.title === 'string') {
    out.push({
      slug: node.href.replace(/^\/+|\/+$/g, ''),
      title: node.title,
      ...(typeof node.sidebarTitle === 'string' ? { sidebarTitle: node.sidebarTitle } : {}),
      ...(typeof node.openapi === 'string' ? { openapi: node.openapi } : {}),
      ...(typeof node.asyncapi === 'string' ? { asyncapi: node.asyncapi } : {}),
    });
    return out;
  }
  for (const value of Object.values(node)) if (value && typeof value === 'object') pagesOf(value, out);
  return out;
}

async function main(): Promise<void> {
  const [oracleDir, site, outFile] = process.argv.slice(2) as [string, string, string];
  const printed: string[] = [];
  const keep = (...args: unknown[]) => {
    if (printed.length < 200) printed.push(args.map(String).join(' ').slice(0, 500));
  };
  console.log = keep;
  console.warn = keep;
  console.error = keep;
  const work = mkdtempSync(path.join(tmpdir(), 'lectern-oracle-prebuild-'));
  const t0 = performance.now();
  const result: PrebuildResult = { pages: [], printed, ms: 0 };
  try {
    process.chdir(work);
    const entry = pathToFileURL(path.join(oracleDir, 'node_modules/@mintlify/prebuild/dist/index.js')).href;
    const { prebuild } = (await import(entry)) as { prebuild: (dir: string, options: Record<string, unknown>) => Promise<unknown> };
    try {
      await prebuild(path.resolve(site), { lazyPages: true, skipStaticFiles: true });
    } catch (e) {
      // Offline, a spec named by URL cannot be fetched and the prebuild stops: the navigation without generated
      // OpenAPI pages is still the oracle for every other page (noted in the result).
      result.error = `${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}; navigation taken with disableOpenApi`;
      await prebuild(path.resolve(site), { lazyPages: true, skipStaticFiles: true, disableOpenApi: true });
    }
    const nav = JSON.parse(readFileSync(path.join(work, 'src/_props/generatedDocsNav.json'), 'utf8')) as unknown;
    const seen = new Set<string>();
    result.pages = pagesOf(nav).filter((p) => !seen.has(p.slug) && seen.add(p.slug));
  } catch (e) {
    result.error = `${result.error ? `${result.error}; then ` : ''}${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
  } finally {
    result.ms = Math.round(performance.now() - t0);
    process.chdir(tmpdir());
    rmSync(work, { recursive: true, force: true });
  }
  writeFileSync(outFile, JSON.stringify(result));
  process.exit(0);
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) await main();
