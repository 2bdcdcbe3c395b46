/**
 * Retrieval quality of the docs assistant: `node bench/assistant-quality.ts [--mintlify=<path>] [--requests=N]`
 * (also `npm run bench -- assistant-quality --mintlify=<path>`).
 *
 * Question sets live in bench/assistant-quality/*.json: questions written the way readers ask them (not from page
 * titles), each with the page(s) that answer it, in parts: `dev` (used while tuning), `held-out` (every third
 * question of the first batch, never looked at one by one), `held-out-2` (written in a second round before any of
 * its changes and never used for tuning) and `held-out-3` (written in the fourth round, answers found by reading the
 * pages, scored on main before any change and never used for tuning; with its own follow-ups) and `held-out-4` (fifth
 * round for GitHub, seventh for the prose sites: pages drawn at random among those no question named, same rules) and
 * `held-out-5` (eighth round, GitHub and Mintlify's docs, drawn the same way with another seed) and `held-out-6` (ninth
 * round, the same way, seed 9: 30 GitHub and 15 Mintlify questions, written before that round changed anything) and
 * `held-out-7` (tenth round, seed 10, 30 GitHub and 15 Mintlify questions, the same rules) and `held-out-8`
 * (eleventh round, seed 11, the same), `held-out-9` (twelfth round, seed 12), `held-out-10` (thirteenth round,
 * seed 13), `held-out-11` (fourteenth round, seed 14: 30 GitHub questions, and the last 8 Mintlify pages no
 * question named), `held-out-12` (fifteenth round, seed 15, GitHub only) and `held-out-13` (seed 16, GitHub only,
 * written after rounds 14–15 to compare the rankers before and after them), the same way. Sites:
 * - github-rest: the GitHub REST description from @octokit/openapi (1,223 generated endpoint pages);
 * - lectern-docs: this repo's own docs;
 * - mintlify-docs: Mintlify's docs repo (github:mintlify/docs), when `--mintlify=<path>` (or
 *   LECTERN_BENCH_MINTLIFY) names a checkout of it. It is planned with `buildSitePlan`, no site build.
 *
 * For each site: hit@1, hit@5 and MRR@10 of the assistant's retrieval (the offline default) next to a plain BM25
 * baseline (SQLite FTS5 `bm25()`, porter stemming, one document per page: title + description + text) over the same
 * pages; follow-up questions asked inside their conversation and alone; answers of the offline composer ("nothing
 * found" although the page was retrieved, method + path named for API questions, off-topic questions declined).
 * Then the time to first byte of the v1 endpoint over HTTP on the GitHub site.
 *
 * `--previous=<checkout>`: also measure the ranker of another checkout of this repo (its
 * packages/server/src/assistant: documents, index and retrieval) on the same pages in the same run, e.g. a
 * `git archive <commit> packages/server` unpacked next to a `node_modules` link.
 * `--tune`: dev questions only, no answers and no HTTP part (for trying ranking changes without seeing held-out
 * figures).
 * `--rankings=<file>`: also write every result list of the assistant (each question, follow-up and off-topic
 * question: passage path, score, relevance, matched words; with `--previous`, its ranker's too, keyed "previous: …")
 * to a JSON file, to check that a change meant to keep the ranking (a refactor) keeps it question by question (for
 * comparing, not for reading held-out questions).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { writeGitHubRestRepo } from './assistant/github-site.ts';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SitePlan } from '@lectern/core';
import {
  buildAssistantIndex,
  createExtractiveComposer,
  documentsFromPlan,
  openAssistantIndex,
  openSqliteKeyStore,
  retrieve,
  type AssistantDocument,
  siteDefaultLanguage,
  type AssistantIndex,
  type IndexOptions,
  type Retrieval,
} from '../packages/server/src/assistant/index.ts';
import { queryTerms } from '../packages/server/src/assistant/text.ts';

const PARTS = [
  'dev',
  'held-out',
  'held-out-2',
  'held-out-3',
  'held-out-4',
  'held-out-5',
  'held-out-6',
  'held-out-7',
  'held-out-8',
  'held-out-9',
  'held-out-10',
  'held-out-11',
  'held-out-12',
  'held-out-13',
] as const;
interface Question {
  q: string;
  pages: string[];
  set: (typeof PARTS)[number];
}
interface QuestionSet {
  site: string;
  description: string;
  questions: Question[];
  followUps: Array<{ turns: string[]; pages: string[]; set?: 'held-out-3' }>;
  offTopic: string[];
}

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  return args[i]!.includes('=') ? args[i]!.slice(args[i]!.indexOf('=') + 1) : args[i + 1];
};
const here = import.meta.dirname;
const repoRoot = resolve(here, '..');
const tune = args.includes('--tune');
const sets = (name: string): QuestionSet => {
  const set = JSON.parse(readFileSync(join(here, 'assistant-quality', `${name}.json`), 'utf8')) as QuestionSet;
  return tune
    ? {
        ...set,
        questions: set.questions.filter((q) => q.set === 'dev'),
        followUps: set.followUps.filter((f) => f.set === undefined),
        offTopic: [],
      }
    : set;
};

/** The assistant module of the `--previous` checkout. */
type AssistantModule = typeof import('../packages/server/src/assistant/index.ts');
const previousDir = option('previous');
const previous: AssistantModule | undefined = previousDir
  ? ((await import(pathToFileURL(join(resolve(previousDir), 'packages/server/src/assistant/index.ts')).href)) as AssistantModule)
  : undefined;

// ---------------------------------------------------------------------------------------------------------------
// Metrics

interface Scores {
  n: number;
  hit1: number;
  hit5: number;
  mrr: number;
}

function score(ranked: string[][], expected: string[][]): Scores {
  let hit1 = 0;
  let hit5 = 0;
  let mrr = 0;
  ranked.forEach((pages, i) => {
    const want = new Set(expected[i]);
    const at = pages.slice(0, 10).findIndex((p) => want.has(p));
    if (at === 0) hit1++;
    if (at >= 0 && at < 5) hit5++;
    if (at >= 0) mrr += 1 / (at + 1);
  });
  const n = ranked.length;
  return { n, hit1: hit1 / n, hit5: hit5 / n, mrr: mrr / n };
}

const f2 = (x: number) => x.toFixed(2);
function row(label: string, s: Scores): string {
  return `  ${label.padEnd(34)} ${String(s.n).padStart(4)}   ${f2(s.hit1)}   ${f2(s.hit5)}   ${f2(s.mrr)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The plain BM25 baseline: one FTS5 row per page, default bm25(), OR of the question's words.

function baselineIndex(docs: AssistantDocument[]): (q: string) => string[] {
  const db = new DatabaseSync(':memory:');
  db.exec("CREATE VIRTUAL TABLE pages USING fts5(text, page UNINDEXED, tokenize = 'porter unicode61 remove_diacritics 2')");
  const insert = db.prepare('INSERT INTO pages (text, page) VALUES (?, ?)');
  for (const d of docs) insert.run([d.title, d.description ?? '', d.markdown].join('\n\n'), d.path);
  const query = db.prepare('SELECT page FROM pages WHERE pages MATCH ? ORDER BY bm25(pages) LIMIT 10');
  return (q) => {
    const terms = queryTerms(q);
    if (terms.length === 0) return [];
    return query.all(terms.map((t) => `"${t}"`).join(' OR ')).map((r) => String(r.page));
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Sites

async function githubSite(dir: string): Promise<string> {
  return writeGitHubRestRepo(join(dir, 'github'));
}

async function documentsOf(
  root: string,
): Promise<{ plan: SitePlan; docs: AssistantDocument[]; options: IndexOptions; config: Parameters<typeof documentsFromPlan>[1] }> {
  const { buildSitePlan } = await import('@lectern/core');
  const { plan, config } = await buildSitePlan(root);
  const defaultLanguage = siteDefaultLanguage(plan);
  const documentsOptions = config ? { config } : {};
  return {
    plan,
    docs: documentsFromPlan(plan, documentsOptions),
    options: defaultLanguage ? { defaultLanguage } : {},
    config: documentsOptions,
  };
}

interface SiteResult {
  name: string;
  pages: number;
  questions: Question[];
  ours: string[][];
  base: string[][];
}

const composer = createExtractiveComposer();
async function answerText(r: Retrieval, question: string): Promise<string> {
  let text = '';
  for await (const chunk of composer({ question, terms: r.terms, passages: r.passages, messages: [] })) text += chunk;
  return text;
}
/** Every result list of the assistant by site, for `--rankings=<file>`. */
const rankingsFile = option('rankings');
const rankings: Record<string, Record<string, Array<[string, number, number, number]>>> = {};
function keepRanking(site: string, key: string, r: Retrieval): void {
  if (!rankingsFile) return;
  (rankings[site] ??= {})[key] = r.passages.map((p) => [p.path, p.score, p.relevance, p.matched]);
}

const NOT_FOUND = /^I couldn't find/;
const HEDGED = /closest match I found/;

async function evaluate(name: string, root: string, dbDir: string): Promise<SiteResult> {
  const set = sets(name);
  let t = performance.now();
  const { plan, docs, options, config } = await documentsOf(root);
  const planMs = performance.now() - t;
  t = performance.now();
  const dbPath = join(dbDir, `${name}.db`);
  const built = buildAssistantIndex(docs, dbPath, options);
  const buildMs = performance.now() - t;
  const index: AssistantIndex = openAssistantIndex(dbPath);
  const base = baselineIndex(docs);
  console.log(
    `\n### ${name}: ${docs.length} pages indexed of ${plan.pages.length} planned (${built.sections} sections; plan ${planMs.toFixed(0)} ms, index ${buildMs.toFixed(0)} ms)`,
  );

  const ask = (turns: string[], limit = 10) => retrieve(index, { turns: turns.map((text) => ({ role: 'user' as const, text })), limit });
  const times: number[] = [];
  const results = set.questions.map((q) => {
    const s = performance.now();
    const r = ask([q.q]);
    times.push(performance.now() - s);
    return r;
  });
  results.forEach((r, i) => keepRanking(name, `question ${i}`, r));
  const ours = results.map((r) => r.passages.map((p) => p.page));
  const baseRanked = set.questions.map((q) => base(q.q));
  const expected = set.questions.map((q) => q.pages);

  // The previous ranker (--previous): its own documents and index over the same plan, same questions.
  let before: string[][] | undefined;
  const beforeTimes: number[] = [];
  let beforeFollowUps: { inThread: string[][]; alone: string[][] } | undefined;
  if (previous) {
    const prevPath = join(dbDir, `${name}.previous.db`);
    previous.buildAssistantIndex(previous.documentsFromPlan(plan, config), prevPath, options);
    const prevIndex = previous.openAssistantIndex(prevPath);
    const prevAsk = (turns: string[], limit = 10) =>
      previous.retrieve(prevIndex, { turns: turns.map((text) => ({ role: 'user' as const, text })), limit });
    before = set.questions.map((q, i) => {
      const s = performance.now();
      const r = prevAsk([q.q]);
      beforeTimes.push(performance.now() - s);
      keepRanking(name, `previous: question ${i}`, r);
      return r.passages.map((p) => p.page);
    });
    beforeFollowUps = {
      inThread: set.followUps.map((f, i) => {
        const r = prevAsk(f.turns);
        keepRanking(name, `previous: follow-up ${i}, in thread`, r);
        return r.passages.map((p) => p.page);
      }),
      alone: set.followUps.map((f, i) => {
        const r = prevAsk([f.turns.at(-1)!]);
        keepRanking(name, `previous: follow-up ${i}, alone`, r);
        return r.passages.map((p) => p.page);
      }),
    };
    set.offTopic.forEach((q, i) => keepRanking(name, `previous: off-topic ${i}`, prevAsk([q], 5)));
    prevIndex.close();
  }

  console.log(`  ${''.padEnd(34)} ${'n'.padStart(4)}   hit@1  hit@5  MRR@10`);
  const rankers: Array<[string, string[][]]> = [
    ['assistant', ours],
    ...(before ? [['previous ranker', before] as [string, string[][]]] : []),
    ['plain BM25', baseRanked],
  ];
  for (const part of PARTS) {
    const idx = set.questions.map((q, i) => (q.set === part ? i : -1)).filter((i) => i >= 0);
    if (idx.length === 0) continue;
    for (const [label, ranked] of rankers)
      console.log(
        row(
          `${label}, ${part}`,
          score(
            idx.map((i) => ranked[i]!),
            idx.map((i) => expected[i]!),
          ),
        ),
      );
  }
  for (const [label, ranked] of rankers) console.log(row(`${label}, all`, score(ranked, expected)));

  // Follow-ups: the last turn asked inside its conversation, and alone.
  // The follow-ups written with held-out-3 are scored apart from the earlier ones.
  for (const part of [undefined, 'held-out-3'] as const) {
    const idx = set.followUps.map((f, i) => (f.set === part ? i : -1)).filter((i) => i >= 0);
    if (idx.length === 0) continue;
    const label = part ? ` (${part})` : '';
    const inThread = idx.map((i) => {
      const r = ask(set.followUps[i]!.turns);
      keepRanking(name, `follow-up ${i}, in thread`, r);
      return r.passages.map((p) => p.page);
    });
    const alone = idx.map((i) => {
      const r = ask([set.followUps[i]!.turns.at(-1)!]);
      keepRanking(name, `follow-up ${i}, alone`, r);
      return r.passages.map((p) => p.page);
    });
    const want = idx.map((i) => set.followUps[i]!.pages);
    console.log(row(`follow-ups${label}, in thread`, score(inThread, want)));
    console.log(row(`follow-ups${label}, alone`, score(alone, want)));
    const prev = beforeFollowUps;
    if (prev) {
      console.log(
        row(
          `previous: follow-ups${label}, in thread`,
          score(
            idx.map((i) => prev.inThread[i]!),
            want,
          ),
        ),
      );
      console.log(
        row(
          `previous: follow-ups${label}, alone`,
          score(
            idx.map((i) => prev.alone[i]!),
            want,
          ),
        ),
      );
    }
  }

  // Result lists: distinct pages among the first five, other languages when no filter is sent.
  const distinct = ours.map((pages) => new Set(pages.slice(0, 5)).size / Math.max(1, Math.min(5, pages.length)));
  const languages = results.flatMap((r) => r.passages.slice(0, 5).map((p) => p.language));
  const defaultLanguage = index.defaultLanguage?.();
  const foreign = defaultLanguage
    ? languages.filter((l) => l !== undefined && l !== defaultLanguage).length / Math.max(1, languages.length)
    : 0;
  console.log(
    `  distinct pages in the top 5: ${((100 * distinct.reduce((a, b) => a + b, 0)) / distinct.length).toFixed(0)} %; results in another language than the default (no filter): ${(100 * foreign).toFixed(1)} %`,
  );

  // Answers of the offline composer.
  let notFoundButRetrieved = 0;
  let hedged = 0;
  let apiAnswers = 0;
  let apiNamed = 0;
  for (let i = 0; i < (tune ? 0 : results.length); i++) {
    const r = results[i]!;
    const text = await answerText(r, set.questions[i]!.q);
    const want = new Set(expected[i]);
    if (NOT_FOUND.test(text) && r.passages.slice(0, 5).some((p) => want.has(p.page))) {
      notFoundButRetrieved++;
      const rel = (r.passages.find((p) => want.has(p.page))?.relevance ?? 0).toFixed(2);
      console.log(
        `  "nothing found" although retrieved (relevance ${rel}, best ${r.passages[0]!.relevance.toFixed(2)}): ${set.questions[i]!.q}`,
      );
    }
    if (HEDGED.test(text)) hedged++;
    const top = r.passages[0];
    if (top?.operation && want.has(top.page)) {
      apiAnswers++;
      const firstLine = text.split('\n').find((l) => l.trim() !== '') ?? '';
      if (firstLine.includes(`${top.operation.method} ${top.operation.path}`)) apiNamed++;
    }
  }
  let declined = 0;
  let offHedged = 0;
  const offTopicRelevance: number[] = [];
  for (const [i, q] of set.offTopic.entries()) {
    const off = ask([q], 5);
    keepRanking(name, `off-topic ${i}`, off);
    const text = await answerText(off, q);
    offTopicRelevance.push(off.passages[0]?.relevance ?? 0);
    if (NOT_FOUND.test(text)) declined++;
    else if (HEDGED.test(text)) offHedged++;
  }
  console.log(
    `  offline answers: "nothing found" although the page was in the top 5: ${notFoundButRetrieved}/${results.length}; ` +
      `flagged "closest match": ${hedged}/${results.length}; API answers naming method + path first: ${apiNamed}/${apiAnswers}`,
  );
  console.log(
    `  off-topic questions: ${declined}/${set.offTopic.length} "nothing found", ${offHedged} flagged "closest match"; ` +
      `their best relevance: ${offTopicRelevance.map((x) => x.toFixed(2)).join(', ')}`,
  );
  const timing = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return `p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(2)} ms`;
  };
  console.log(`  retrieval time: ${timing(times)}${before ? `; previous ranker ${timing(beforeTimes)}` : ''}`);
  index.close();
  return { name, pages: docs.length, questions: set.questions, ours, base: baseRanked };
}

// ---------------------------------------------------------------------------------------------------------------
// Time to first byte over HTTP (the handler served by bench/assistant.ts --serve in a child process).

async function ttfb(dir: string, githubRoot: string, requests: number): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const { docs, options } = await documentsOf(githubRoot);
  buildAssistantIndex(docs, join(dir, 'index.db'), options);
  const { key } = await openSqliteKeyStore(join(dir, 'keys.db')).create({ org: 'bench', domains: ['github'] });
  const child: ChildProcess = fork(fileURLToPath(new URL('./assistant.ts', import.meta.url)), ['--serve', dir], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: ['--no-warnings'],
  });
  try {
    const port = await new Promise<number>((resolvePort, reject) => {
      child.once('message', (m) => resolvePort((m as { port: number }).port));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const url = `http://127.0.0.1:${port}/discovery/v1/assistant/github/message`;
    const questions = sets('github-rest').questions.map((q) => q.q);
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
      const reader = res.body!.getReader();
      let first = -1;
      for (;;) {
        const { done } = await reader.read();
        if (first < 0) first = performance.now() - start;
        if (done) break;
      }
      return { first, total: performance.now() - start };
    };
    for (let i = 0; i < 20; i++) await ask(questions[i % questions.length]!);
    const firsts: number[] = [];
    const totals: number[] = [];
    for (let i = 0; i < requests; i++) {
      const r = await ask(questions[(i * 7) % questions.length]!);
      firsts.push(r.first);
      totals.push(r.total);
    }
    const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
    console.log(`\n### v1 endpoint over HTTP, GitHub site (${docs.length} pages), ${requests} questions one at a time`);
    console.log(`  time to first byte  p50 ${p(firsts, 0.5).toFixed(2)} ms, p99 ${p(firsts, 0.99).toFixed(2)} ms`);
    console.log(`  full answer         p50 ${p(totals, 0.5).toFixed(2)} ms, p99 ${p(totals, 0.99).toFixed(2)} ms`);
  } finally {
    child.send('exit');
  }
}

// ---------------------------------------------------------------------------------------------------------------

const dir = mkdtempSync(join(tmpdir(), 'lectern-bench-quality-'));
try {
  console.log('Assistant retrieval quality (offline default, no model) vs a plain BM25 baseline over the same pages');
  const github = await githubSite(dir);
  await evaluate('github-rest', github, dir);
  await evaluate('lectern-docs', repoRoot, dir);
  const mintlify = option('mintlify') ?? process.env.LECTERN_BENCH_MINTLIFY;
  if (mintlify && existsSync(join(mintlify, 'docs.json'))) await evaluate('mintlify-docs', resolve(mintlify), dir);
  else console.log('\n### mintlify-docs: skipped (pass --mintlify=<checkout of github:mintlify/docs>)');
  if (rankingsFile) writeFileSync(rankingsFile, `${JSON.stringify(rankings, null, 1)}\n`);
  if (!tune) await ttfb(join(dir, 'serve'), github, Number(option('requests') ?? 200));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
