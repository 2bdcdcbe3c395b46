/**
 * A plan's copies of one MDX text (the same page in several versions) are one text in the plan cache entry, and the plan
 * read back from the entry equals the one planned (issue 37: crewAI's entry held each of its 24,803 pages' text and
 * prepared code once per copy, 800 MB written and read whole for 1,723 distinct texts).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheRoot } from '../src/shared/build-cache.ts';
import { cachedPlanData } from '../src/site/plan-cache.ts';
import { planData, type PlanData } from '../src/site/site.ts';
import { ownModule } from '../src/shared/modules/own-files.ts';
import { packTexts, unpackTexts } from '../src/site/shared-texts.ts';

const VERSIONS = ['v1', 'v2', 'v3', 'v4', 'v5', 'v6'];
const MARKER = 'Webhooks are retried with exponential backoff for up to three days';
let root = '';

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'lectern-plan-texts-'));
  writeFileSync(
    path.join(root, 'docs.json'),
    JSON.stringify({
      name: 'T',
      theme: 'mint',
      colors: { primary: '#0D9373' },
      navigation: { versions: VERSIONS.map((v) => ({ version: v, groups: [{ group: 'G', pages: [`${v}/webhooks`, `${v}/own`] }] })) },
    }),
  );
  for (const v of VERSIONS) {
    mkdirSync(path.join(root, v));
    writeFileSync(
      path.join(root, v, 'webhooks.mdx'),
      `---\ntitle: Webhooks\ndescription: D\n---\n\n${MARKER}.\n\n<Note>Sign every delivery.</Note>\n`,
    );
    writeFileSync(
      path.join(root, v, 'own.mdx'),
      `---\ntitle: Own\ndescription: D\n---\n\nThis page is only in version ${v} of the docs, it says so here.\n`,
    );
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const plan = () => planData(root, ownModule('components/index'));
/** How often `text` occurs in `buffer` (a one-byte string is stored as its bytes). */
const occurrences = (buffer: Buffer, text: string) => {
  let n = 0;
  for (let at = buffer.indexOf(text); at !== -1; at = buffer.indexOf(text, at + 1)) n++;
  return n;
};

describe('the plan cache entry of a site with copies of a page', () => {
  it('holds the copied text once, and reads back the plan that was planned', async () => {
    let planned = 0;
    const first: PlanData = await cachedPlanData(root, () => (planned++, plan()));
    const dir = path.join(cacheRoot(root), 'plan');
    const entry = readFileSync(
      path.join(
        dir,
        readdirSync(dir).find((f) => f.endsWith('.v8'))!,
      ),
    );
    const bodies = first.loaded.plan.pages.filter((p) => p.body.includes(MARKER));
    const codes = first.prepared.filter(([, code]) => code.includes(MARKER));
    expect(bodies.length).toBe(VERSIONS.length);
    expect(codes.length).toBe(VERSIONS.length);
    // One body and one prepared code (they differ), not one of each per version.
    expect(occurrences(entry, MARKER)).toBe(2);
    const again = await cachedPlanData(root, () => (planned++, plan()));
    expect(planned).toBe(1);
    const { planKey: _a, ...read } = again;
    const { planKey: _b, ...made } = first;
    expect(read).toEqual(made);
    // Every page's own text is back where it was (not another page's).
    for (const v of VERSIONS) expect(read.loaded.plan.pages.find((p) => p.slug === `${v}/own`)?.body).toContain(`version ${v} of`);
  });

  it('packs and unpacks a plan to an equal one, and refuses a table that does not fit its pages', async () => {
    const data = await plan();
    const copy = structuredClone(data);
    const packed = packTexts(data);
    expect(data).toEqual(copy);
    expect(packed.texts.filter((t) => t.includes(MARKER)).length).toBe(2);
    expect(unpackTexts(structuredClone(packed))).toEqual(copy);
    expect(unpackTexts({ ...structuredClone(packed), bodies: packed.bodies.slice(1) })).toBeUndefined();
    expect(unpackTexts({ ...structuredClone(packed), codes: packed.codes.map(() => packed.texts.length) })).toBeUndefined();
  });
});
