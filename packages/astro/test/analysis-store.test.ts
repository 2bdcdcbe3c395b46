/**
 * The sharded store of MDX analyses (mdx/analysis-store.ts): a plan that changes one analysis rewrites one shard and
 * leaves the others' bytes alone; what no plan uses for three plans leaves; a damaged shard costs its analyses, never
 * the plan; the single `mdx.json` of the former layout is removed.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnalysisStore } from '../src/mdx/analysis-store.ts';
import type { MdxAnalysis } from '../src/mdx/analyze.ts';
import { sha256 } from '../src/shared/build-cache.ts';

let cache: string;
let dir: string;
beforeEach(() => {
  cache = mkdtempSync(path.join(tmpdir(), 'lectern-analysis-store-'));
  dir = path.join(cache, 'mdx');
});
afterEach(() => rmSync(cache, { recursive: true, force: true }));

const analysis = (code: string) => ({ code, diagnostics: [] }) as unknown as MdxAnalysis;
/** 40 keys spread over many shards, as SHA-256 keys are. */
const KEYS = Array.from({ length: 40 }, (_, i) => sha256(`page-${i}`));
const pass = () => undefined;
const shardFiles = () =>
  Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f !== 'plans.json')
      .map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]),
  );

/** One plan: every key in `keys` asked for; a miss is analysed (its code from `code`). */
function plan(keys: string[], code: (key: string) => string = (k) => `code of ${k}`): { hits: number } {
  const store = new AnalysisStore(dir);
  let hits = 0;
  for (const key of keys) {
    const taken = store.take(key, pass);
    if (taken && 'analysis' in taken) {
      expect(taken.analysis.code).toBe(code(key));
      hits++;
    } else store.put(key, analysis(code(key)));
  }
  store.save();
  return { hits };
}

describe('the MDX analysis store', () => {
  it('answers the next plan and rewrites only the shard of an analysis that changed', () => {
    expect(plan(KEYS).hits).toBe(0);
    const before = shardFiles();
    expect(Object.keys(before).length).toBeGreaterThan(20);
    expect(new AnalysisStore(dir).size).toBe(KEYS.length);
    expect(plan(KEYS).hits).toBe(KEYS.length);
    // One page edited: its old key is gone from the plan, a new one comes.
    const edited = sha256('page-0 edited');
    expect(plan([edited, ...KEYS.slice(1)]).hits).toBe(KEYS.length - 1);
    const after = shardFiles();
    const changed = Object.keys(after).filter((f) => after[f] !== before[f]);
    // The new analysis's shard; the old one keeps the page's former analysis a few plans (an edit undone is free).
    expect(changed).toEqual([`${edited.slice(0, 2)}.json`]);
    expect(changed.length).toBeLessThan(Object.keys(after).length / 10);
  });

  it('lets go of analyses and shards no plan used for three plans', () => {
    plan(KEYS);
    const rest = KEYS.slice(20);
    const gone = KEYS[0]!.slice(0, 2);
    const sharedShards = new Set(rest.map((k) => k.slice(0, 2)));
    for (let i = 0; i < 3; i++) plan(rest);
    // One more plan that changes something writes the store's bookkeeping.
    plan([...rest, sha256('new page')]);
    const store = new AnalysisStore(dir);
    for (const key of KEYS.slice(0, 20)) {
      const kept = store.has(key);
      if (!sharedShards.has(key.slice(0, 2)) && key.slice(0, 2) !== sha256('new page').slice(0, 2)) expect(kept).toBe(false);
    }
    if (!sharedShards.has(gone)) expect(existsSync(path.join(dir, `${gone}.json`))).toBe(false);
    for (const key of rest) expect(store.has(key)).toBe(true);
  });

  it('a damaged shard costs its analyses, not the plan; a tampered entry is refused and reported', () => {
    plan(KEYS);
    const [first, second] = Object.keys(shardFiles());
    writeFileSync(path.join(dir, first!), '{"format":3,"entries":');
    const stored = JSON.parse(readFileSync(path.join(dir, second!), 'utf8')) as { entries: Record<string, [number, string, string]> };
    const [key] = Object.keys(stored.entries);
    stored.entries[key!]![1] = JSON.stringify(analysis('PLANTED'));
    writeFileSync(path.join(dir, second!), JSON.stringify(stored));
    const store = new AnalysisStore(dir);
    const taken = store.take(key!, pass);
    expect(taken).toEqual({ problem: expect.stringMatching(/does not match the hash/) });
    // The caller's own check refuses a sound entry too.
    const other = KEYS.find((k) => `${k.slice(0, 2)}.json` !== first && k !== key)!;
    expect(store.take(other, () => 'names an island module outside .lectern/islands')).toEqual({
      problem: expect.stringMatching(/island/),
    });
    store.save();
    // Analysed again by the next plan, everything else still answered.
    const hits = plan(KEYS).hits;
    const lost = KEYS.filter((k) => `${k.slice(0, 2)}.json` === first).length;
    expect(hits).toBe(KEYS.length - lost - 2);
    expect(plan(KEYS).hits).toBe(KEYS.length);
  });

  it('gives an analysis asked for twice in one plan both times', () => {
    plan(KEYS);
    const store = new AnalysisStore(dir);
    const a = store.take(KEYS[3]!, pass);
    const b = store.take(KEYS[3]!, pass);
    expect(a).toEqual(b);
    expect(a && 'analysis' in a && a.analysis).not.toBe(b && 'analysis' in b && b.analysis);
    store.put(KEYS[39]!, analysis('new'));
    expect(store.take(KEYS[39]!, pass)).toEqual({ analysis: analysis('new') });
  });

  it('removes the single mdx.json of the former layout', () => {
    mkdirSync(cache, { recursive: true });
    writeFileSync(path.join(cache, 'mdx.json'), '{"format":2,"generation":1,"entries":{}}');
    plan(KEYS.slice(0, 3));
    expect(existsSync(path.join(cache, 'mdx.json'))).toBe(false);
  });
});
