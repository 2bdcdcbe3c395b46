/**
 * Where MDX analyses are kept between builds (cache.ts says which key a page's analysis has): `mdx/<xx>.json` in the
 * build cache, one file per first two hex digits of the key (256 shards), and `mdx/plans.json` (the plan counter and,
 * per shard, the last plan that used it and how many entries it holds).
 *
 * A plan reads a shard when it first asks for one of its keys and rewrites only the shards it changed: after one page
 * of crewAI's 12,900 is edited, one file of about 1 MB is written, not the 280 MB of one `mdx.json`. An analysis is
 * dropped from memory when it is handed out (the plan holds it from then on); a shard that must be rewritten is read
 * again for the entries it gave.
 *
 * An entry is `[plan, analysis as JSON, SHA-256 of that JSON]`. An analysis holds code the build runs, so the hash is
 * checked (and the caller's own check run) before an analysis is used; an entry that fails is dropped and reported.
 * Entries no plan has used for `KEEP` plans leave when their shard is rewritten; a shard no plan has used for as long
 * leaves whole.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { MdxAnalysis } from './analyze.ts';
import { readJson, sha256, writeAtomic } from '../shared/build-cache.ts';

/** Bumped when the layout changes (3: sharded, the analysis kept as its JSON text). */
const FORMAT = 3;
/** Entries (and shards) not used for this many plans leave. */
const KEEP = 3;

type Entry = [plan: number, json: string, hash: string];
interface ShardFile {
  format: number;
  entries: Record<string, Entry>;
}
interface PlansFile {
  format: number;
  plan: number;
  /** Shard -> [the last plan that used it, its entries]. */
  shards: Record<string, [number, number]>;
}

interface Shard {
  /** Stored entries not handed out in this plan. */
  stored: Map<string, Entry>;
  /** Keys handed out or analysed in this plan. */
  used: Set<string>;
  /** Analyses made in this plan: key -> JSON. */
  fresh: Map<string, string>;
  /** Something to write: a new analysis, or a stored entry dropped. */
  dirty: boolean;
}

/** What `take` finds: a sound analysis, an entry that fails its checks (why), or nothing. */
export type Taken = { analysis: MdxAnalysis } | { problem: string } | undefined;

const shardOf = (key: string): string => (/^[0-9a-f]{2}/.test(key) ? key.slice(0, 2) : '__');
const isEntry = (e: unknown): e is Entry =>
  Array.isArray(e) && typeof e[0] === 'number' && typeof e[1] === 'string' && typeof e[2] === 'string';

export class AnalysisStore {
  readonly dir: string;
  private readonly plan: number;
  private readonly known: PlansFile['shards'];
  private readonly shards = new Map<string, Shard>();

  /** `dir`: the store's folder (`<cache>/mdx`). */
  constructor(dir: string) {
    this.dir = dir;
    const plans = readJson<PlansFile>(this.plansFile);
    const sound = plans?.format === FORMAT && plans.shards !== null && typeof plans.shards === 'object';
    this.plan = (sound ? Number(plans.plan) || 0 : 0) + 1;
    this.known = sound ? plans.shards : {};
  }

  private get plansFile(): string {
    return path.join(this.dir, 'plans.json');
  }
  private fileOf(id: string): string {
    return path.join(this.dir, `${id}.json`);
  }

  /** How many analyses the store held when this plan began. */
  get size(): number {
    return Object.values(this.known).reduce((n, v) => n + (Number(v?.[1]) || 0), 0);
  }

  /** Whether the store has an analysis for `key` (stored, or made in this plan). */
  has(key: string): boolean {
    const s = this.shard(key);
    return s.stored.has(key) || s.used.has(key);
  }

  /** The stored analysis of `key`, once `check` (and the hash) passed; from then on the caller holds it. */
  take(key: string, check: (analysis: MdxAnalysis) => string | undefined): Taken {
    const s = this.shard(key);
    let entry = s.stored.get(key);
    if (!entry && s.used.has(key)) {
      // Asked again in the same plan: handed out already, so read again.
      const json = s.fresh.get(key);
      if (json !== undefined) return { analysis: JSON.parse(json) as MdxAnalysis };
      entry = this.read(shardOf(key)).get(key);
    }
    if (!entry) return undefined;
    s.stored.delete(key);
    const found = open(entry, check);
    if ('problem' in found) s.dirty = true;
    else s.used.add(key);
    return found;
  }

  /** Keep an analysis made in this plan. */
  put(key: string, analysis: MdxAnalysis): void {
    const s = this.shard(key);
    s.fresh.set(key, JSON.stringify(analysis));
    s.used.add(key);
    s.stored.delete(key);
    s.dirty = true;
  }

  /** Write back the shards this plan changed (or whose unused entries are too old to keep); drop unused shards. */
  save(): void {
    const recent = (e: Entry) => this.plan - e[0] < KEEP;
    const shards = { ...this.known };
    let changed = false;
    for (const [id, s] of this.shards) {
      if (!s.dirty && [...s.stored.values()].every(recent)) {
        if (s.used.size > 0 && shards[id]) shards[id] = [this.plan, shards[id][1]];
        // Analyses this plan did not use age: the plan is counted.
        if (s.stored.size > 0) changed = true;
        continue;
      }
      // Entries handed out were dropped from memory: the shard as stored has them.
      const before = s.used.size > s.fresh.size ? this.read(id) : new Map<string, Entry>();
      const entries: Record<string, Entry> = {};
      for (const key of s.used) {
        const json = s.fresh.get(key);
        const kept = json === undefined ? before.get(key) : undefined;
        if (json !== undefined) entries[key] = [this.plan, json, sha256(json)];
        else if (kept) entries[key] = [this.plan, kept[1], kept[2]];
      }
      for (const [key, e] of s.stored) if (!(key in entries) && recent(e)) entries[key] = e;
      const size = Object.keys(entries).length;
      if (size > 0) {
        writeAtomic(this.fileOf(id), JSON.stringify({ format: FORMAT, entries } satisfies ShardFile));
        shards[id] = [this.plan, size];
      } else {
        rmSync(this.fileOf(id), { force: true });
        delete shards[id];
      }
      changed = true;
    }
    for (const [id, v] of Object.entries(shards)) {
      if (this.shards.has(id)) continue;
      changed = true;
      if (this.plan - (Number(v?.[0]) || 0) >= KEEP) {
        rmSync(this.fileOf(id), { force: true });
        delete shards[id];
      }
    }
    if (!changed) return;
    writeAtomic(this.plansFile, JSON.stringify({ format: FORMAT, plan: this.plan, shards } satisfies PlansFile));
    // The single file of Lectern before 0.x (format 2), 280 MB on a large site.
    rmSync(path.join(path.dirname(this.dir), 'mdx.json'), { force: true });
  }

  private shard(key: string): Shard {
    const id = shardOf(key);
    let s = this.shards.get(id);
    if (!s) this.shards.set(id, (s = { stored: this.read(id), used: new Set(), fresh: new Map(), dirty: false }));
    return s;
  }

  /** A shard's stored entries (none when it is missing, damaged or of another format). */
  private read(id: string): Map<string, Entry> {
    const file = this.fileOf(id);
    const stored = existsSync(file) ? readJson<ShardFile>(file) : undefined;
    if (stored?.format !== FORMAT || stored.entries === null || typeof stored.entries !== 'object') return new Map();
    return new Map(Object.entries(stored.entries));
  }
}

/** An entry's analysis when its hash matches and `check` passes, else why not. */
function open(entry: Entry, check: (analysis: MdxAnalysis) => string | undefined): { analysis: MdxAnalysis } | { problem: string } {
  const mismatch = { problem: 'does not match the hash stored with it (damaged, edited or written by hand)' };
  if (!isEntry(entry) || sha256(entry[1]) !== entry[2]) return mismatch;
  let analysis: MdxAnalysis;
  try {
    analysis = JSON.parse(entry[1]) as MdxAnalysis;
  } catch {
    return mismatch;
  }
  if (analysis === null || typeof analysis !== 'object') return mismatch;
  const problem = check(analysis);
  return problem === undefined ? { analysis } : { problem };
}
