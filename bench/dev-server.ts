/**
 * `lectern dev` on a big spec: the site generated from the GitHub REST description (bench/site-build.ts's
 * `makeRepo`, 1,223 operations), the CLI started as users start it (its own process). Prints
 *
 *   - ready:          process start -> `lectern dev` prints its address (Astro's "ready" banner; Lectern loads the
 *                     page modules before it, so it comes after the server first answers HTTP, also printed)
 *   - first page:     GET of an endpoint page right after ready (what a reader who opens the browser at once waits)
 *   - next page:      GET of another endpoint page
 *   - edit to reload: an edit saved -> the reload message on Vite's HMR WebSocket (what the browser acts on), and
 *                     -> the edited text served, for an MDX page edit and for an operation edited in the spec;
 *                     and in Chromium (`--browser`): save -> the open page shows the edit.
 *
 *   node bench/dev-server.ts [--browser] [--keep] [--root=<dir>] [--twice] [--packed] [--pairs=<n>]
 *
 * `--packed` measures Lectern as users run it too (bench/packed.ts: the packages packed, compiled, and installed from
 * the tarballs in a folder under os.tmpdir(), removed at the end): each start of this checkout's `lectern dev` is
 * followed by the same start of the installed one, on a repo of its own inside that install; `--pairs=<n>` repeats
 * the pairs (default 1) and prints both trees' figures side by side.
 *
 * `--twice` starts `lectern dev` a second time on the same repo, unchanged (the plan from the cache), and measures
 * ready and the first pages again.
 *
 * `--root` measures another docs repo (its first endpoint page and first page file are used).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeRepo } from './site-build.ts';
import { packedInstall, type PackedInstall } from './packed.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const argv = process.argv.slice(2);
const BROWSER = argv.includes('--browser');
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Peak resident memory of a process (Linux: VmHWM). */
function peakRss(pid: number): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await f();
  return [r, performance.now() - t0];
}

/** CPU seconds a process has used (all its threads; Linux), a figure the other work on a shared machine disturbs less. */
function cpuSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Vite's HMR socket (the dev client's token is in /@vite/client). */
async function hmrSocket(base: string): Promise<{ next(type: string, timeoutMs?: number): Promise<number>; close(): void }> {
  const client = await (await fetch(`${base}/@vite/client`)).text();
  const token = /wsToken\s*=\s*"([^"]*)"/.exec(client)?.[1] ?? '';
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/?token=${encodeURIComponent(token)}`, 'vite-hmr');
  const seen: Array<{ type: string; at: number }> = [];
  ws.addEventListener('message', (e) => {
    const msg = JSON.parse(String(e.data)) as { type: string };
    seen.push({ type: msg.type, at: performance.now() });
  });
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve());
    ws.addEventListener('error', () => reject(new Error('HMR socket failed')));
  });
  return {
    /** Resolves with the time of the next message of `type` after now. */
    async next(type, timeoutMs = 30_000) {
      const from = seen.length;
      const t0 = performance.now();
      while (performance.now() - t0 < timeoutMs) {
        const hit = seen
          .slice(from)
          .find((m) => m.type === type || (type === 'reload' && (m.type === 'full-reload' || m.type === 'update')));
        if (hit) return hit.at;
        await sleep(5);
      }
      throw new Error(`no ${type} message within ${timeoutMs} ms`);
    },
    close: () => ws.close(),
  };
}

/** Poll `url` until its body contains `text`; returns when. */
async function servedWith(url: string, text: string, timeoutMs = 30_000): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    const body = await fetch(url).then(
      (r) => r.text(),
      () => '',
    );
    if (body.includes(text)) return performance.now();
    await sleep(20);
  }
  throw new Error(`${url} never showed ${text}`);
}

const TWICE = argv.includes('--twice');

/** Which Lectern runs: this checkout's sources, or the packed install (`--packed`). */
interface Tree {
  label: string;
  bin: string;
  newRoot(): string;
}
const WORKSPACE: Tree = {
  label: 'workspace',
  bin: path.join(REPO, 'packages/astro/bin/lectern.js'),
  newRoot: () => {
    mkdirSync(path.join(REPO, '.cache'), { recursive: true });
    return mkdtempSync(path.join(REPO, '.cache', 'bench-dev-'));
  },
};
const packedTree = (p: PackedInstall): Tree => ({ label: 'packed', bin: p.bin, newRoot: () => p.newSite('dev-') });
/** Every row of every start, by start label, for the side-by-side table of `--packed`. */
const allRows = new Map<string, Array<[string, string]>>();

/** One start of `lectern dev` on `again` (a repo an earlier start used) or a new repo; returns the repo. */
async function main(again?: string, tree: Tree = WORKSPACE, startLabel = ''): Promise<string> {
  const rootArg = argv.find((a) => a.startsWith('--root='))?.slice(7);
  const root = again ?? (rootArg ? path.resolve(rootArg) : makeRepo(undefined, tree.newRoot()));
  // Another docs repo: its first generated endpoint page and next one, and its first page file (planned here, untimed).
  let pick: { first: string; second: string; file?: string; fileUrl: string } | undefined;
  if (rootArg) {
    const { planData, siteFromPlan } = await import('../packages/astro/src/site/site.ts');
    const { ownModule } = await import('../packages/astro/src/shared/modules/own-files.ts');
    const { site } = await siteFromPlan(await planData(root, ownModule('components/index')));
    const ops = site.plan.pages.filter((p) => p.kind === 'operation');
    const file = site.plan.pages.find((p) => p.file?.endsWith('.mdx'));
    const url = (slug: string) => (slug === 'index' ? '/' : `/${slug}`);
    if (ops.length < 2) throw new Error(`${root}: fewer than two generated endpoint pages`);
    pick = {
      first: url(ops[0]!.slug),
      second: url(ops[1]!.slug),
      file: file?.file && path.join(root, file.file),
      fileUrl: file ? url(file.slug) : '/',
    };
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, [tree.bin, 'dev', root, '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  let log = '';
  child.stdout!.on('data', (d) => {
    log += d;
  });
  child.stderr!.on('data', (d) => {
    log += d;
  });
  const rows: Array<[string, string]> = [];
  const mdx = pick ? (pick.file ?? '') : path.join(root, 'index.mdx');
  const mdxUrl = pick?.fileUrl ?? '/';
  const specFile = path.join(root, 'api.github.com.json');
  const originals = new Map<string, string>();
  try {
    // The server answers (a static route of Lectern's, no page render); then it prints its address.
    let answers: number | undefined;
    while (true) {
      if (child.exitCode !== null) throw new Error(`lectern dev exited:\n${log}`);
      if (
        answers === undefined &&
        (await fetch(`${base}/_lectern/code.css`).then(
          (r) => r.ok,
          () => false,
        ))
      )
        answers = performance.now() - t0;
      if (/Local\s+http/.test(log.replace(/\x1b\[[0-9;]*m/g, ''))) break;
      await sleep(25);
    }
    const ready = performance.now() - t0;
    if (answers !== undefined) rows.push(['server answers HTTP (start ->)', `${(answers / 1000).toFixed(2)} s`]);
    rows.push(['ready (start -> address printed)', `${(ready / 1000).toFixed(2)} s`]);
    const cpu = cpuSeconds(child.pid!);
    if (cpu !== undefined) rows.push(['CPU used until ready (all threads)', `${cpu.toFixed(2)} s`]);

    const first = pick?.first ?? '/api-reference/repos/get-a-repository';
    const [firstRes, firstMs] = await timed(() =>
      fetch(base + first).then(async (r) => ({ status: r.status, bytes: (await r.text()).length })),
    );
    if (firstRes.status !== 200) throw new Error(`${first}: ${firstRes.status}\n${log}`);
    rows.push([`first endpoint page (${first}, ${(firstRes.bytes / 1024).toFixed(0)} KiB)`, `${Math.round(firstMs)} ms`]);
    const second = pick?.second ?? '/api-reference/issues/list-issues-assigned-to-the-authenticated-user';
    const [, secondMs] = await timed(() => fetch(base + second).then((r) => r.text()));
    rows.push([`next endpoint page (${second})`, `${Math.round(secondMs)} ms`]);
    const [, homeMs] = await timed(() => fetch(base + '/').then((r) => r.text()));
    rows.push(['home page', `${Math.round(homeMs)} ms`]);
    // A second start measures starting only.
    if (again) return root;

    const hmr = await hmrSocket(base);
    // 1. An MDX page edit.
    if (mdx && existsSync(mdx)) {
      originals.set(mdx, readFileSync(mdx, 'utf8'));
      for (let i = 1; i <= 3; i++) {
        const marker = `Edited in dev ${i} ${Date.now()}`;
        const e0 = performance.now();
        // The GitHub site's home page has "Welcome."; another repo's page gets a paragraph at its end.
        writeFileSync(
          mdx,
          pick ? `${originals.get(mdx)!.trimEnd()}\n\n${marker}\n` : originals.get(mdx)!.replace(/Welcome\.|Edited in dev [^\n]*/, marker),
        );
        const reloadAt = await hmr.next('reload');
        const servedAt = await servedWith(base + mdxUrl, marker);
        rows.push([
          `MDX page edit ${i}: save -> reload message / -> edit served`,
          `${Math.round(reloadAt - e0)} ms / ${Math.round(servedAt - e0)} ms`,
        ]);
        await sleep(300);
      }
    }
    // 2. An operation edited in the spec (its description).
    if (!pick && existsSync(specFile)) {
      originals.set(specFile, readFileSync(specFile, 'utf8'));
      const spec = JSON.parse(originals.get(specFile)!) as { paths: Record<string, Record<string, { description?: string }>> };
      for (let i = 1; i <= 2; i++) {
        const marker = `Edited operation ${i} ${Date.now()}`;
        spec.paths['/repos/{owner}/{repo}']!.get!.description = marker;
        const e0 = performance.now();
        writeFileSync(specFile, JSON.stringify(spec));
        const reloadAt = await hmr.next('reload');
        const servedAt = await servedWith(base + first, marker);
        rows.push([
          `operation edit ${i} (spec): save -> reload message / -> edit served`,
          `${Math.round(reloadAt - e0)} ms / ${Math.round(servedAt - e0)} ms`,
        ]);
        await sleep(300);
      }
    }
    hmr.close();

    if (BROWSER) {
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
      try {
        const page = await browser.newPage();
        for (const [label, file, url] of [
          ['MDX page', mdx, mdxUrl],
          ['operation (spec)', specFile, first],
        ] as const) {
          if (!file || !existsSync(file) || (pick && file === specFile)) continue;
          // A reload from the previous edit may still be on its way: settle, then open the page.
          await sleep(1500);
          for (let attempt = 0; ; attempt++) {
            try {
              await page.goto(base + url, { waitUntil: 'load' });
              break;
            } catch (err) {
              if (attempt >= 3) throw err;
              await sleep(1000);
            }
          }
          await sleep(500);
          const marker = `Browser edit ${Date.now()}`;
          const text =
            file === mdx
              ? pick
                ? `${originals.get(mdx)!.trimEnd()}\n\n${marker}\n`
                : originals.get(mdx)!.replace(/Welcome\./, marker)
              : (() => {
                  const s = JSON.parse(originals.get(specFile)!);
                  s.paths['/repos/{owner}/{repo}'].get.description = marker;
                  return JSON.stringify(s);
                })();
          const e0 = performance.now();
          writeFileSync(file, text);
          await page.waitForFunction((m) => document.body?.innerText.includes(m), marker, { timeout: 30_000, polling: 10 });
          rows.push([`Chromium, ${label} edit: save -> the open page shows it`, `${Math.round(performance.now() - e0)} ms`]);
          writeFileSync(file, originals.get(file)!);
        }
      } finally {
        await browser.close();
      }
    }
    const rss = peakRss(child.pid!);
    if (rss) rows.push(['dev server peak RSS', `${rss.toFixed(0)} MB`]);
  } finally {
    for (const [file, text] of originals) writeFileSync(file, text);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    if (!rootArg && !argv.includes('--keep') && (again || !TWICE)) rmSync(root, { recursive: true, force: true });
    if (startLabel) allRows.set(startLabel, rows);
    console.log(
      `| lectern dev${tree === WORKSPACE ? '' : ` (${tree.label})`}, ${rootArg ? path.basename(root) : 'GitHub REST site'}${again ? ', second start' : ''} | |`,
    );
    console.log('| --- | ---: |');
    for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
    console.log('\naims: ready <= 5 s, first endpoint page <= 1.5 s, edit to reload <= 1 s');
  }
  return root;
}

if (argv.includes('--packed') && argv.some((a) => a.startsWith('--root='))) {
  // The installed Lectern would run on a repo outside its install (a detached set-up, not what a user has).
  throw new Error('--packed measures the GitHub REST site made inside the install; it does not take --root');
}
if (argv.includes('--packed')) {
  const packed = packedInstall();
  const pairs = Number(argv.find((a) => a.startsWith('--pairs='))?.slice(8) ?? 1);
  const labels: string[] = [];
  try {
    for (let pair = 1; pair <= pairs; pair++) {
      for (const tree of [WORKSPACE, packedTree(packed)]) {
        console.log('');
        const label = `${tree.label} ${pair}`;
        labels.push(label);
        const used = await main(undefined, tree, label);
        if (TWICE) {
          console.log('');
          labels.push(`${label}, second start`);
          await main(used, tree, `${label}, second start`);
        }
      }
    }
  } finally {
    if (!argv.includes('--keep')) packed.remove();
    else console.log(`kept: ${packed.dir}`);
  }
  // Side by side: one column per start, in the order they ran.
  const keys = [...new Set(labels.flatMap((l) => (allRows.get(l) ?? []).map(([k]) => k.replace(/ \(\/[^)]*\)| \([^)]*KiB\)/g, ''))))];
  console.log(`\n| start | ${labels.join(' | ')} |`);
  console.log(`| --- |${labels.map(() => ' ---: |').join('')}`);
  for (const key of keys) {
    console.log(
      `| ${key} | ${labels.map((l) => (allRows.get(l) ?? []).find(([k]) => k.replace(/ \(\/[^)]*\)| \([^)]*KiB\)/g, '') === key)?.[1] ?? '–').join(' | ')} |`,
    );
  }
} else {
  const used = await main();
  if (TWICE) {
    console.log('');
    await main(used);
  }
}
