/** Stored conversations are kept for a bounded time: threads idle longer than the retention are deleted. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { createAssistantHandler, openSqliteThreadStore } from '../src/index.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'lectern-retention-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

/** A thread store whose threads were last active `ages` days ago (set in the database, as time would). */
async function storeWith(file: string, ages: number[]) {
  const db = new DatabaseSync(file);
  const store = openSqliteThreadStore(db);
  const ids: string[] = [];
  for (const age of ages) {
    const { thread } = await store.create({ org: 'acme', domain: 'acme', fp: 'anonymous' });
    await store.append(thread.id, [{ role: 'user', content: `question ${age}`, createdAt: daysAgo(age) }]);
    db.prepare('UPDATE assistant_threads SET created_at = ? WHERE id = ?').run(daysAgo(age + 1), thread.id);
    ids.push(thread.id);
  }
  const count = () => Number((db.prepare('SELECT COUNT(*) AS n FROM assistant_messages').get() as { n: number }).n);
  return { db, store, ids, count };
}

describe('assistant retention', () => {
  it('purge deletes threads and messages idle since before the cutoff, and nothing newer', async () => {
    const { db, store, ids, count } = await storeWith(path.join(dir, 'a.db'), [45, 31, 2]);
    expect(await store.purge(new Date(Date.now() - 30 * 86_400_000))).toBe(2);
    expect(await store.messages(ids[0]!)).toEqual([]);
    expect((await store.messages(ids[2]!)).map((m) => m.content)).toEqual(['question 2']);
    expect(count()).toBe(1);
    // A reply in an old thread keeps it: activity counts, not creation.
    const { thread } = await store.create({ org: 'acme', domain: 'acme', fp: 'x' });
    db.prepare('UPDATE assistant_threads SET created_at = ? WHERE id = ?').run(daysAgo(90), thread.id);
    await store.append(thread.id, [{ role: 'user', content: 'still here', createdAt: new Date().toISOString() }]);
    expect(await store.purge(new Date(Date.now() - 30 * 86_400_000))).toBe(0);
    db.close();
  });

  it('the handler purges at start with the configured retention (default 30 days)', async () => {
    const file = path.join(dir, 'b.db');
    const { db, ids } = await storeWith(file, [40, 10]);
    db.close();
    const exists = (id: string) => {
      const check = new DatabaseSync(file);
      try {
        return check.prepare('SELECT 1 FROM assistant_threads WHERE id = ?').get(id) !== undefined;
      } finally {
        check.close();
      }
    };
    const handler = createAssistantHandler({
      index: path.join(dir, 'index.db'),
      keys: path.join(dir, 'keys.db'),
      threads: file,
      onError: () => {},
    });
    await new Promise((r) => setTimeout(r, 50));
    expect([exists(ids[0]!), exists(ids[1]!)]).toEqual([false, true]);
    handler.close();
    const strict = createAssistantHandler({
      index: path.join(dir, 'index.db'),
      keys: path.join(dir, 'keys.db'),
      threads: file,
      retentionDays: 7,
      onError: () => {},
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(exists(ids[1]!)).toBe(false);
    strict.close();
  });
});
