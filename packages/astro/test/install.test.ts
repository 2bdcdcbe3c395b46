/**
 * Lectern as users get it: the packed tarballs installed into folders outside this checkout, run from there.
 * A file missing from `files`, a path that only exists in the monorepo, TypeScript that Node will not load from
 * node_modules, or a dependency declared in the wrong package fails here.
 *
 * The packages are packed from a copy of their sources (`npm pack` rewrites package.json while it runs; packing the
 * checkout itself would race the other test files importing the workspace packages).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  REPO,
  connectMcp,
  freePort,
  launchChromium,
  mcpGetPage,
  mcpSearch,
  widgetsSpec,
  writeTestSite,
  type McpToolResult,
} from './helpers.ts';

const PACKAGES = ['core', 'server', 'playground', 'astro'];
const BIN_DIR = path.join(REPO, 'node_modules', '.bin');

interface Run {
  code: number | null;
  out: string;
}

/** A command with the repo's Node 22 first on PATH (as `npm run` gives it), in `cwd`. */
function run(cmd: string, args: string[], cwd: string, timeoutMs = 300_000, extraEnv: NodeJS.ProcessEnv = {}): Promise<Run> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${BIN_DIR}${path.delimiter}${process.env.PATH}`,
    ASTRO_TELEMETRY_DISABLED: '1',
    ...extraEnv,
  };
  for (const k of ['VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'NODE_ENV', 'npm_config_prefix', 'INIT_CWD']) delete env[k];
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** A long-running command; resolves once `ready(url)` answers. */
async function serve(
  cmd: string,
  args: string[],
  cwd: string,
  url: string,
  probe: string,
): Promise<{ stop: () => Promise<void>; log: () => string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${BIN_DIR}${path.delimiter}${process.env.PATH}`, ASTRO_TELEMETRY_DISABLED: '1' };
  for (const k of ['VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'NODE_ENV']) delete env[k];
  const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  // The whole process group: npx exits at once on SIGTERM, while the server it started may still be writing `.astro/`
  // on its way out (a folder removed under it fails the cleanup). Wait until no process of the group is left.
  const alive = (pid: number) => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const stop = async () => {
    const pid = child.pid;
    if (!pid || !alive(pid)) return;
    process.kill(-pid, 'SIGTERM');
    await exited;
    // (Bounded: an orphan no init reaps would stay "alive" as a zombie.)
    for (let i = 0; i < 100 && alive(pid); i++) {
      if (i === 40)
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          /* gone meanwhile */
        }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${cmd} ${args.join(' ')} exited with ${child.exitCode}:\n${out}`);
    if (
      await fetch(url + probe).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 240) {
      await stop();
      throw new Error(`${cmd} ${args.join(' ')} did not answer within 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { stop, log: () => out };
}

async function files(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await files(abs, base)));
    else out.push(path.relative(base, abs));
  }
  return out.sort();
}

/** Every page of a built site, by its HTML path, without Astro's hashed asset names. */
const pagesOf = async (dist: string) => (await files(dist)).filter((f) => f.endsWith('.html'));

let work = '';
let tarballs: string[] = [];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'lectern-install-'));
  const stage = path.join(work, 'stage');
  await mkdir(path.join(stage, 'packages'), { recursive: true });
  await cp(path.join(REPO, 'scripts'), path.join(stage, 'scripts'), { recursive: true });
  await cp(path.join(REPO, 'tsconfig.json'), path.join(stage, 'tsconfig.json'));
  await symlink(path.join(REPO, 'node_modules'), path.join(stage, 'node_modules'));
  for (const name of PACKAGES) {
    const from = path.join(REPO, 'packages', name);
    await cp(from, path.join(stage, 'packages', name), {
      recursive: true,
      filter: (src) => !/^(test|node_modules|dist)([\\/]|$)/.test(path.relative(from, src)),
    });
    // Packages whose dependency versions differ from the hoisted ones have their own node_modules.
    if (existsSync(path.join(from, 'node_modules')))
      await symlink(path.join(from, 'node_modules'), path.join(stage, 'packages', name, 'node_modules'));
  }
  const packs = path.join(work, 'packs');
  await mkdir(packs);
  for (const name of PACKAGES) {
    const packed = await run('npm', ['pack', '--pack-destination', packs, '--silent'], path.join(stage, 'packages', name));
    expect(packed.code, packed.out).toBe(0);
  }
  tarballs = (await readdir(packs)).map((f) => path.join(packs, f)).sort();
  expect(tarballs.map((t) => path.basename(t))).toEqual([
    'lectern-0.1.0.tgz',
    'lectern-core-0.1.0.tgz',
    'lectern-playground-0.1.0.tgz',
    'lectern-server-0.1.0.tgz',
  ]);
}, 300_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true, maxRetries: 5 });
});

type Seen = { method?: string; url?: string; authorization: string | null };

/** Adds a spec with operations marked for MCP (`x-mcp`, `x-mint.mcp`) to the repo's docs.json, and the proxy allowlist. */
async function addMcpOperations(repo: string, apiOrigin: string): Promise<void> {
  const spec = widgetsSpec(apiOrigin, {
    '/widgets/{id}': {
      get: {
        operationId: 'getWidget',
        summary: 'Get a widget',
        'x-mcp': { enabled: true, name: 'get_widget', description: 'Read one widget by its id' },
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'The widget' } },
      },
    },
  });
  await writeFile(path.join(repo, 'widgets.json'), JSON.stringify(spec, null, 2));
  const config = JSON.parse(await readFile(path.join(repo, 'docs.json'), 'utf8'));
  config.navigation.tabs.push({ tab: 'Widgets', groups: [{ group: 'Widgets API', openapi: 'widgets.json' }] });
  config.lectern = { ...config.lectern, proxy: { allow: [apiOrigin] } };
  await writeFile(path.join(repo, 'docs.json'), JSON.stringify(config, null, 2));
}

/** The installed repo built, checked and served: its pages, its MCP server (with the API operations), its playground. */
async function installedSite(repo: string, seen: Seen[]): Promise<void> {
  const build = await run('npm', ['run', 'build'], repo);
  expect(build.code, build.out).toBe(0);
  const built = await pagesOf(path.join(repo, 'dist'));
  expect(built).toContain('index.html');
  expect(built.length).toBeGreaterThan(3);
  // Social images drawn from the installed package (satori, resvg's native binding, the Inter font of @fontsource/inter).
  expect(build.out).toMatch(/social images: \d+ pages, [1-9]\d* drawn/);
  expect(build.out).not.toMatch(/social images not written|could not be drawn/);
  const og = await readFile(path.join(repo, 'dist/_lectern/og/index.png'));
  expect(og.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([og.readUInt32BE(16), og.readUInt32BE(20)]).toEqual([1200, 630]);
  // No copy of Lectern's sources in the repo.
  expect(existsSync(path.join(repo, '.lectern', 'runtime'))).toBe(false);

  // The same repo built by the checkout's CLI gives the same pages.
  const fromCheckout = path.join(work, 'checkout-dist');
  const again = await run(process.execPath, [path.join(REPO, 'packages/astro/bin/lectern.js'), 'build', repo, '--out', fromCheckout], work);
  expect(again.code, again.out).toBe(0);
  expect(await pagesOf(fromCheckout)).toEqual(built);

  // A preview build under a sub-path, served by the installed lectern serve: every link and asset resolves.
  // With a highlighting worker thread (the compiled worker module ships in the package).
  const preview = await run('npx', ['lectern', 'build', '--base', '/pr-7/', '--out', 'preview'], repo, 300_000, { LECTERN_WORKERS: '1' });
  expect(preview.code, preview.out).toBe(0);
  expect(preview.out).toMatch(/highlighted ahead in 1 worker/);
  expect(preview.out).not.toMatch(/worker thread failed/);
  {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    await cp(path.join(repo, 'preview'), path.join(work, 'preview-site', 'dist'), { recursive: true });
    const server = await serve('npx', ['lectern', 'serve', path.join(work, 'preview-site'), '--port', String(port)], repo, url, '/pr-7/');
    try {
      const broken: string[] = [];
      for (const page of (await pagesOf(path.join(repo, 'preview'))).filter((f) => f !== '404.html')) {
        const route = '/pr-7/' + page.replace(/(^|\/)index\.html$/, '$1');
        const html = await (await fetch(url + route)).text();
        const images = [...html.matchAll(/<meta property="og:image" content="(\/[^"#]*)"/g)].map((m) => m[1]!);
        for (const link of new Set([...[...html.matchAll(/\s(?:href|src)="(\/[^"#]*)/g)].map((m) => m[1]!), ...images])) {
          if (!link.startsWith('/pr-7/')) broken.push(`${route}: ${link} is outside the base`);
          else if ((await fetch(url + link)).status !== 200) broken.push(`${route}: ${link}`);
        }
      }
      expect(broken).toEqual([]);
    } finally {
      await server.stop();
    }
  }

  const check = await run('npx', ['lectern', 'check'], repo);
  expect(check.code, check.out).toBe(0);
  const unknown = await run('npx', ['lectern', 'build', '--bogus-flag'], repo);
  expect(unknown.code).toBe(2);
  expect(unknown.out).toContain('unknown option --bogus-flag');

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await serve('npx', ['lectern', 'serve', '--port', String(port)], repo, url, '/');
  try {
    for (const page of built.filter((f) => f !== '404.html')) {
      const route = '/' + page.replace(/(^|\/)index\.html$/, '');
      const res = await fetch(url + route);
      expect(res.status, route).toBe(200);
      const html = await res.text();
      for (const asset of new Set([...html.matchAll(/(?:src|href)="(\/_astro\/[^"]+)"/g)].map((m) => m[1]!))) {
        expect((await fetch(url + asset)).status, `${asset} on ${route}`).toBe(200);
      }
    }
    // The docs' MCP server from the installed packages (the MCP SDK loaded on the first request, search over the
    // assistant index built from the repo by the installed @lectern/core): the SDK's own client, and its discovery.
    const discovery = await fetch(`${url}/.well-known/mcp`);
    expect(discovery.status).toBe(200);
    expect(((await discovery.json()) as { servers: Array<{ url: string }> }).servers[0]!.url).toMatch(/\/mcp$/);
    const client = await connectMcp(`${url}/mcp`);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(expect.arrayContaining(['search', 'get_page']));
      const home = await mcpGetPage(client, '/');
      expect(home.isError, home.content[0]?.text).toBeFalsy();
      const title = /^# (.+)$/m.exec(home.content[0]!.text)![1]!;
      const found = await mcpSearch(client, title);
      expect(found.isError, found.content[0]?.text).toBeFalsy();
      expect(found.content[0]!.text).toMatch(/^Title: /);
    } finally {
      await client.close();
    }
    // The spec's operations marked for MCP: listed, called through the proxy on 127.0.0.1 with the client's credential
    // and argument, refused for a blocked address with a clear tool error.
    const authed = await connectMcp(`${url}/mcp`, { Authorization: 'Bearer sk_install_1' });
    try {
      expect((await authed.listTools()).tools.map((t) => t.name)).toEqual(expect.arrayContaining(['get_widget', 'readMetadata']));
      const got = (await authed.callTool({ name: 'get_widget', arguments: { id: 'w 7' } })) as McpToolResult;
      expect(got.isError, got.content[0]?.text).toBeFalsy();
      expect(got.content[0]!.text).toMatch(/^HTTP 200 \(application\/json\)\n\n/);
      expect(JSON.parse(got.content[0]!.text.split('\n\n').slice(1).join('\n\n'))).toEqual({ id: 'w 7', name: 'sprocket' });
      expect(seen).toEqual([{ method: 'GET', url: '/widgets/w%207', authorization: 'Bearer sk_install_1' }]);
      const refused = (await authed.callTool({ name: 'readMetadata', arguments: {} })) as McpToolResult;
      expect(refused.isError).toBe(true);
      expect(refused.content[0]!.text).toMatch(/^readMetadata: the call to http:\/\/169\.254\.169\.254\/latest\/meta-data was refused: /);
      expect(refused.content[0]!.text).toMatch(/169\.254\.169\.254 is a .*lectern\.proxy\.allow/);
      expect(seen).toHaveLength(1);
    } finally {
      await authed.close();
    }
    // The playground island from the installed packages: Try it, then the live request samples (loaded on demand).
    const endpoint = built.find((f) => /^api-reference\/(?!introduction)/.test(f))!;
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${url}/${endpoint.replace(/index\.html$/, '')}`);
      await page.click('.try-it > summary');
      await page.click('.lectern-playground .lp-samples > summary', { timeout: 30_000 });
      await page.waitForSelector('.lectern-playground .lp-samples [role="tab"]', { timeout: 30_000 });
      expect(await page.locator('.lectern-playground .lp-samples [role="tab"]').allInnerTexts()).toEqual(['cURL', 'Python', 'JavaScript']);
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

/** A docs repo with the assistant on: a home page and a pagination guide whose sections the offline answerer quotes. */
async function writeAssistantSite(repo: string): Promise<void> {
  const guide = (title: string, ...paragraphs: string[]) => [`---\ntitle: ${title}\n---`, ...paragraphs, ''].join('\n\n');
  await writeTestSite(
    repo,
    {
      navigation: { groups: [{ group: 'Guides', pages: ['index', 'guides/pagination'] }] },
      lectern: { assistant: { enabled: true, domain: 'acme' } },
    },
    {
      'index.mdx': guide('Home', 'Welcome to the Acme docs.'),
      'guides/pagination.mdx': guide(
        'Pagination',
        'List endpoints return results one page at a time.',
        '## Cursors',
        'To fetch the next page of results, pass the `next_cursor` value of the previous response as the `cursor` query parameter.',
        '## Page size',
        'The `limit` query parameter sets how many results a page holds, up to 100.',
      ),
    },
  );
}

/**
 * The repo built by the installed `lectern` (its bin) with `build` (`args` added) and served by its `serve --assistant`
 * with no model (the offline answerer): in Chromium, the page loads none of the panel's code; Ctrl+I opens the panel; a
 * question gets a streamed answer whose source leads to the section it names, under `base`.
 */
async function installedAssistant(lectern: string, repo: string, base: string, args: string[]): Promise<void> {
  const build = await run(lectern, ['build', ...args], repo);
  expect(build.code, build.out).toBe(0);
  const assets = path.join(repo, 'dist', '_astro');
  const chunks: string[] = [];
  for (const f of (await readdir(assets)).filter((f) => f.endsWith('.js')))
    if ((await readFile(path.join(assets, f), 'utf8')).includes('lectern-ai-box')) chunks.push(f);
  expect(chunks).toHaveLength(1);

  const port = await freePort();
  const site = `http://127.0.0.1:${port}${base.replace(/\/$/, '')}`;
  const noModel = ['-u', 'LECTERN_ASSISTANT_BASE_URL', '-u', 'LECTERN_ASSISTANT_MODEL'];
  const server = await serve('env', [...noModel, lectern, 'serve', '--port', String(port), '--assistant'], repo, site, '/');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const requested: string[] = [];
    const answerTypes: string[] = [];
    page.on('request', (r) => void requested.push(r.url()));
    page.on('response', (r) => {
      if (r.url().includes('/discovery/v2/assistant/')) answerTypes.push(r.headers()['content-type'] ?? '');
    });
    // Each change of an answer's state, as "before>after": streamed text shows as "streaming" until it is "done".
    await page.addInitScript(() => {
      const changes: string[] = ((window as unknown as { __changes: string[] }).__changes = []);
      const record = (records: MutationRecord[]) =>
        records.forEach((r) => changes.push(`${r.oldValue}>${(r.target as Element).getAttribute('data-state')}`));
      new MutationObserver(record).observe(document, { subtree: true, attributeOldValue: true, attributeFilter: ['data-state'] });
    });
    await page.goto(`${site}/`);
    await page.waitForLoadState('networkidle');
    expect(requested.filter((u) => u.endsWith(chunks[0]!) || u.includes('assistant.json'))).toEqual([]);

    await page.keyboard.press('Control+i');
    await page.locator('[role="dialog"][aria-labelledby="lectern-ai-title"]').waitFor({ state: 'visible' });
    expect(requested.filter((u) => u.endsWith(chunks[0]!))).toHaveLength(1);
    await page.getByLabel('Ask a question').fill('How do I fetch the next page of results?');
    await page.getByLabel('Ask a question').press('Enter');
    const answer = page.locator('.lectern-ai-answer[data-state="done"]');
    await answer.waitFor({ timeout: 30_000 });
    await expect(answer.locator('[data-answer]').innerText()).resolves.toContain('next_cursor');
    expect(answerTypes).toEqual([expect.stringContaining('text/event-stream')]);
    await expect(page.evaluate(() => (window as unknown as { __changes: string[] }).__changes)).resolves.toEqual(['streaming>done']);

    const source = answer.locator(`nav[aria-label="Sources"] a[href="${base}guides/pagination#cursors"]`);
    await expect(source.count()).resolves.toBe(1);
    await source.click();
    await page.waitForURL(`${site}/guides/pagination#cursors`);
    await expect(page.locator('h1').first().innerText()).resolves.toBe('Pagination');
    await expect(page.locator('[id="cursors"]').count()).resolves.toBe(1);
  } finally {
    await browser.close();
    await server.stop();
  }
}

describe('installed from the packed tarballs', () => {
  it('tarballs carry compiled JavaScript and declarations, no TypeScript sources', async () => {
    const listing = await run('tar', ['tzf', tarballs[0]!], work);
    const names = listing.out.split('\n').filter(Boolean);
    expect(names).toContain('package/bin/lectern.js');
    expect(names).toContain('package/dist/index.js');
    expect(names).toContain('package/dist/index.d.ts');
    expect(names).toContain('package/dist/routes/page.astro');
    expect(names).toContain('package/template/docs.json');
    expect(names.filter((n) => /\.tsx?$/.test(n) && !n.endsWith('.d.ts'))).toEqual([]);
    expect(names.filter((n) => n.includes('/test/'))).toEqual([]);
    const manifest = JSON.parse((await run('tar', ['xzf', tarballs[0]!, '-O', 'package/package.json'], work)).out);
    expect(manifest.exports['.']).toEqual({ types: './dist/index.d.ts', default: './dist/index.js' });
    expect(manifest.scripts?.prepack).toBeUndefined();
  });

  it('lectern init, npm install, npm run build in a new docs repo; lectern serve answers its pages', async () => {
    const repo = path.join(work, 'my-docs');
    const init = await run(process.execPath, [path.join(REPO, 'packages/astro/bin/lectern.js'), 'init', repo], work);
    expect(init.code, init.out).toBe(0);
    const pkg = JSON.parse(await readFile(path.join(repo, 'package.json'), 'utf8'));
    expect(pkg.devDependencies).toEqual({ lectern: '^0.1.0' });
    // The tarballs stand in for the registry: the same version, installed the way a user adds Lectern.
    const install = await run('npm', ['install', '--no-audit', '--no-fund', '--save-dev', ...tarballs], repo);
    expect(install.code, install.out).toBe(0);
    expect(existsSync(path.join(repo, 'node_modules/lectern/dist/cli/main.js'))).toBe(true);

    // A real test API on 127.0.0.1 and a spec marking its operations for MCP (one on a blocked address), allowed for the
    // playground proxy by docs.json `lectern.proxy.allow`, as in packages/server/test/mcp-operations.test.ts.
    const seen: Seen[] = [];
    const api = createServer((req, res) => {
      seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization ?? null });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: decodeURIComponent(req.url!.split('/').pop()!), name: 'sprocket' }));
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    try {
      const apiOrigin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
      await addMcpOperations(repo, apiOrigin);
      await installedSite(repo, seen);
    } finally {
      await new Promise((r) => api.close(r));
    }
  }, 600_000);

  it('a global install builds a repo that shares no folder with it and has no node_modules', async () => {
    const prefix = path.join(work, 'global');
    const install = await run('npm', ['install', '--global', '--prefix', prefix, '--no-audit', '--no-fund', ...tarballs], work);
    expect(install.code, install.out).toBe(0);
    // /var/tmp and /tmp have no folder in common: Astro's root-relative naming of components is in play.
    const parent = existsSync('/var/tmp') && !path.resolve(work).startsWith('/var/') ? '/var/tmp' : tmpdir();
    const repo = await mkdtemp(path.join(parent, 'lectern-global-repo-'));
    try {
      await cp(path.join(REPO, 'examples', 'minimal'), repo, { recursive: true });
      const build = await run(path.join(prefix, 'bin', 'lectern'), ['build'], repo);
      expect(build.code, build.out).toBe(0);
      const built = await pagesOf(path.join(repo, 'dist'));
      expect(built).toContain('api-reference/pets/list-pets/index.html');
      expect(existsSync(path.join(repo, 'node_modules'))).toBe(false);
      expect(existsSync(path.join(repo, '.lectern', 'runtime'))).toBe(false);
      const page = await readFile(path.join(repo, 'dist', 'api-reference/pets/list-pets/index.html'), 'utf8');
      expect(page).toContain('astro-island');
      expect(page).toMatch(/<link rel="stylesheet" href="\/_astro\/[^"]+\.css"/);
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  }, 600_000);

  it('lectern({ root }) in an Astro project: astro build, astro preview and astro dev serve the docs next to its own pages', async () => {
    const project = path.join(work, 'astro-site');
    await mkdir(path.join(project, 'src', 'pages'), { recursive: true });
    await cp(path.join(REPO, 'examples', 'minimal'), path.join(project, 'docs'), { recursive: true });
    await writeFile(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'astro-site', private: true, type: 'module', scripts: { build: 'astro build' } }, null, 2),
    );
    await writeFile(
      path.join(project, 'astro.config.mjs'),
      "import { defineConfig } from 'astro/config';\nimport lectern from 'lectern';\n\nexport default defineConfig({ integrations: [lectern({ root: './docs' })] });\n",
    );
    await writeFile(path.join(project, 'src', 'pages', 'hello.astro'), '<html><body><h1>Project page</h1></body></html>\n');
    const astroVersion = JSON.parse(await readFile(path.join(REPO, 'node_modules/astro/package.json'), 'utf8')).version as string;
    const install = await run('npm', ['install', '--no-audit', '--no-fund', '--save-dev', `astro@${astroVersion}`, ...tarballs], project);
    expect(install.code, install.out).toBe(0);

    const build = await run('npm', ['run', 'build'], project);
    expect(build.code, build.out).toBe(0);
    const built = await pagesOf(path.join(project, 'dist'));
    expect(built).toContain('hello/index.html');
    expect(built).toContain('api-reference/pets/list-pets/index.html');
    expect(await readFile(path.join(project, 'dist', 'api-reference/pets/list-pets/index.html'), 'utf8')).toContain('astro-island');

    for (const [command, probe] of [
      ['preview', '/hello/'],
      ['dev', '/hello'],
    ] as const) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const server = await serve('npx', ['astro', command, '--port', String(port), '--host', '127.0.0.1'], project, url, probe);
      try {
        const own = await fetch(url + probe);
        expect(await own.text()).toContain('Project page');
        const docs = await fetch(url + '/api-reference/pets/list-pets' + (command === 'preview' ? '/' : ''));
        expect(docs.status, `astro ${command}`).toBe(200);
        expect(await docs.text()).toContain('List pets');
      } finally {
        await server.stop();
      }
    }
  }, 600_000);

  it('the Ask AI panel: built and served (lectern serve --assistant, no model) by the installed packages, at the root and under --base', async () => {
    const repo = path.join(work, 'assistant-docs');
    await mkdir(repo);
    await writeAssistantSite(repo);
    // The packages the `lectern init` test installed (the file's tests run in order), run from outside this repo as a
    // global install is; an install of its own when that test was left out (`-t`).
    let lectern = path.join(work, 'my-docs', 'node_modules', '.bin', 'lectern');
    if (!existsSync(lectern)) {
      await writeFile(path.join(repo, 'package.json'), JSON.stringify({ name: 'assistant-docs', private: true }));
      const install = await run('npm', ['install', '--no-audit', '--no-fund', '--save-dev', ...tarballs], repo);
      expect(install.code, install.out).toBe(0);
      lectern = path.join(repo, 'node_modules', '.bin', 'lectern');
    }
    await installedAssistant(lectern, repo, '/', []);
    await installedAssistant(lectern, repo, '/pr-7/', ['--base', '/pr-7/']);
  }, 600_000);
});
