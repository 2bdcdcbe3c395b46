/**
 * Assistant API benchmark: `node bench/assistant.ts [--requests N] [--concurrent N] [--concurrency N]`
 * (default: 200 sequential requests, then 2,000 streams at 10 and at 50 in flight).
 *
 * Site: the GitHub REST description from @octokit/openapi (~1,200 operations) planned by `buildSitePlan`, turned into
 * assistant documents and indexed. Measures index build, retrieval latency (and top-1 hit rate for questions made
 * from operation summaries), then — against the handler served by @hono/node-server in a child process on
 * 127.0.0.1 — time to first byte, full-answer time, streams per second under concurrency, and the server's peak RSS.
 * Then real `lectern serve` processes on the v2 endpoint (`--pg-requests N`, `--pg-concurrency N`; default 2,000
 * answers, 100 in flight): one instance on SQLite, and two instances sharing one PostgreSQL server.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { writeGitHubRestRepo } from './assistant/github-site.ts';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

if (args[0] === '--serve') {
  await serveChild(args[1]!);
} else {
  await main();
}

async function serveChild(dir: string): Promise<void> {
  const { serve } = await import('@hono/node-server');
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const ports = new Set<string>();
  let startRssMB = 0;
  const { createAssistantHandler } = await import('../packages/server/src/assistant/index.ts');
  const handler = createAssistantHandler({
    index: join(dir, 'index.db'),
    keys: join(dir, 'keys.db'),
    threads: join(dir, 'threads.db'),
    siteName: 'GitHub REST',
  });
  const server = serve(
    {
      fetch: (req, env) => {
        const socket = (env as { incoming: { socket: { remoteAddress?: string; remotePort?: number } } }).incoming.socket;
        ports.add(`${socket.remoteAddress}:${socket.remotePort}`);
        return handler(req, { clientIp: socket.remoteAddress });
      },
      hostname: '127.0.0.1',
      port: 0,
    },
    () => {
      startRssMB = process.memoryUsage().rss / 1e6;
      process.send!({ port: (server.address() as AddressInfo).port });
    },
  );
  process.on('message', (m: unknown) => {
    if (m === 'stats') {
      process.send!({
        maxRssMB: process.resourceUsage().maxRSS / 1024,
        rssMB: process.memoryUsage().rss / 1e6,
        loopMaxMs: loop.max / 1e6,
        loopP99Ms: loop.percentile(99) / 1e6,
        connections: ports.size,
        startRssMB,
      });
    } else if (m === 'exit') {
      server.close();
      process.exit(0);
    }
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function fmt(ms: number): string {
  return ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`;
}

async function main(): Promise<void> {
  const { openSqliteKeyStore } = await import('../packages/server/src/assistant/index.ts');
  const requests = arg('requests', 200);
  const concurrentTotal = arg('concurrent', 2000);
  const only = arg('concurrency', 0);
  const concurrencyLevels = only > 0 ? [only] : [10, 50];

  const dir = mkdtempSync(join(tmpdir(), 'lectern-bench-assistant-'));
  writeGitHubRestRepo(dir);
  let child: ChildProcess | undefined;
  try {
    console.log('Lectern assistant benchmark (GitHub REST description, extractive composer)\n');
    // Plan and documents stay inside buildPhase: the dereferenced spec is a big heap that would slow the client's GC.
    const questions = await buildPhase(dir);

    // --- server ---
    const { key } = await openSqliteKeyStore(join(dir, 'keys.db')).create({ org: 'bench', domains: ['github'] });
    child = fork(fileURLToPath(import.meta.url), ['--serve', dir], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: ['--no-warnings'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      child!.once('message', (m) => resolve((m as { port: number }).port));
      child!.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const url = `http://127.0.0.1:${port}/discovery/v1/assistant/github/message`;
    const ask = async (q: string) => {
      const start = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          fp: 'bench',
          retrievalPageSize: 5,
          messages: [{ role: 'user', content: q, parts: [{ type: 'text', text: q }] }],
        }),
      });
      if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
      const reader = res.body!.getReader();
      let ttfb = -1;
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (ttfb < 0) ttfb = performance.now() - start;
        bytes += value.byteLength;
      }
      return { ttfb, total: performance.now() - start, bytes };
    };
    for (let i = 0; i < 20; i++) await ask(questions[i]!.q); // warm-up
    const ttfb: number[] = [];
    const total: number[] = [];
    let bytes = 0;
    for (let i = 0; i < requests; i++) {
      const r = await ask(questions[(i * 7) % questions.length]!.q);
      ttfb.push(r.ttfb);
      total.push(r.total);
      bytes += r.bytes;
    }
    console.log(`\nsequential          ${requests} requests, one at a time (avg ${(bytes / requests / 1024).toFixed(1)} KiB per stream)`);
    console.log(`  time to first byte  p50 ${fmt(percentile(ttfb, 50))}, p99 ${fmt(percentile(ttfb, 99))}`);
    console.log(`  full answer         p50 ${fmt(percentile(total, 50))}, p99 ${fmt(percentile(total, 99))}`);

    for (const level of concurrencyLevels) {
      let next = 0;
      let errors = 0;
      const ctotal: number[] = [];
      const start = performance.now();
      await Promise.all(
        Array.from({ length: level }, async () => {
          while (next < concurrentTotal) {
            const i = next++;
            try {
              ctotal.push((await ask(questions[(i * 13) % questions.length]!.q)).total);
            } catch {
              errors++;
            }
          }
        }),
      );
      const seconds = (performance.now() - start) / 1000;
      console.log(
        `\nconcurrent          ${concurrentTotal} streams, ${level} in flight: ${(concurrentTotal / seconds).toFixed(0)} streams/s, ${errors} errors`,
      );
      console.log(
        `  full answer         p50 ${fmt(percentile(ctotal, 50))}, p90 ${fmt(percentile(ctotal, 90))}, p99 ${fmt(percentile(ctotal, 99))}, over 1 s: ${ctotal.filter((x) => x > 1000).length}`,
      );
    }
    const stats = await new Promise<{ maxRssMB: number; rssMB: number; loopMaxMs: number; loopP99Ms: number }>((resolve) => {
      child!.once('message', (m) => resolve(m as { maxRssMB: number; rssMB: number; loopMaxMs: number; loopP99Ms: number }));
      child!.send('stats');
    });
    const startRss = (stats as { startRssMB?: number }).startRssMB ?? 0;
    console.log(
      `\nserver memory       peak RSS ${stats.maxRssMB.toFixed(0)} MB (at start ${startRss.toFixed(0)} MB, now ${stats.rssMB.toFixed(0)} MB)`,
    );
    console.log(`server connections  ${(stats as { connections?: number }).connections} distinct client ports`);
    console.log(`server event loop   delay p99 ${stats.loopP99Ms.toFixed(1)} ms, max ${stats.loopMaxMs.toFixed(1)} ms`);
    console.log('(machine: shared 2 cores; client and server on the same host)');

    // lectern serve processes: one on SQLite, then two sharing PostgreSQL (bench/assistant/instances.ts).
    // `--pg-requests 0` skips them.
    const { benchInstances } = await import('./assistant/instances.ts');
    if (arg('pg-requests', 2000) > 0)
      await benchInstances({ dir, questions, requests: arg('pg-requests', 2000), concurrency: arg('pg-concurrency', 100) });
  } finally {
    child?.send('exit');
    rmSync(dir, { recursive: true, force: true });
  }
}

async function buildPhase(dir: string): Promise<Array<{ q: string; page: string }>> {
  const { buildSitePlan } = await import('@lectern/core');
  const { buildAssistantIndex, documentsFromPlan, openAssistantIndex } = await import('../packages/server/src/assistant/index.ts');
  let t = performance.now();
  const { plan } = await buildSitePlan(dir);
  const planMs = performance.now() - t;
  t = performance.now();
  const docs = documentsFromPlan(plan);
  const docsMs = performance.now() - t;
  t = performance.now();
  const indexPath = join(dir, 'index.db');
  const built = buildAssistantIndex(docs, indexPath);
  const buildMs = performance.now() - t;
  console.log(`site plan           ${plan.pages.length} pages in ${planMs.toFixed(0)} ms`);
  console.log(`documents           ${docs.length} in ${docsMs.toFixed(0)} ms`);
  console.log(
    `index build         ${built.sections} sections in ${buildMs.toFixed(0)} ms, ${(statSync(indexPath).size / 1e6).toFixed(1)} MB on disk`,
  );

  // --- retrieval ---
  const index = openAssistantIndex(indexPath);
  const ops = docs.filter((d) => d.markdown.startsWith('`'));
  const questions = ops.map((d) => ({ q: `How do I ${d.title.toLowerCase()}?`, page: d.path }));
  const extra = [
    'How do I authenticate with a personal access token?',
    'How do I paginate through a list of issues?',
    'What is the rate limit for the search API?',
    'How do I create a webhook for a repository?',
    'How can I merge a pull request with squash?',
    'Where do I find the workflow run logs?',
    'zzzz qqqq nothing matches this',
  ];
  const times: number[] = [];
  let hits = 0;
  let hits5 = 0;
  for (let round = 0; round < 2; round++) {
    for (const { q, page } of questions) {
      const s = performance.now();
      const out = index.search({ text: q, limit: 5 });
      times.push(performance.now() - s);
      if (round === 0 && out.passages[0]?.page === page) hits++;
      if (round === 0 && out.passages.some((p) => p.page === page)) hits5++;
    }
    for (const q of extra) {
      const s = performance.now();
      index.search({ text: q, limit: 5 });
      times.push(performance.now() - s);
    }
  }
  console.log(
    `retrieval           ${times.length} searches: p50 ${fmt(percentile(times, 50))}, p99 ${fmt(percentile(times, 99))}, max ${fmt(Math.max(...times))}`,
  );
  console.log(
    `retrieval quality   "How do I <operation summary>?" finds its page: top-1 ${hits}/${questions.length} (${((100 * hits) / questions.length).toFixed(1)}%), top-5 ${hits5}/${questions.length} (${((100 * hits5) / questions.length).toFixed(1)}%)`,
  );
  index.close();

  return questions;
}
