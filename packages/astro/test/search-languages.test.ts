/**
 * The search index of a site in several languages is written by one Pagefind process per language (the largest
 * process of a 12,930-page build in four languages was Pagefind holding them all), into one bundle whose entry file
 * lists every language with the same index a build of that language alone writes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listFiles, pageLanguage, startSearchIndex } from '../src/build/search-index.ts';
import { unchangedSearchGroups } from '../src/build/parts.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const page = (lang: string, title: string, text: string) =>
  `<!DOCTYPE html><html lang="${lang}"><head><title>${title}</title></head><body><main data-pagefind-body><h1>${title}</h1><p>${text}</p></main></body></html>`;

const PAGES: Array<[string, string]> = [
  ['/en/guide/', page('en', 'Guide', 'Install the command line tool and run the first build.')],
  ['/fr/guide/', page('fr', 'Guide', 'Installez l’outil en ligne de commande et lancez la première construction.')],
  ['/en/api/', page('en', 'API', 'Every endpoint takes a bearer token.')],
  ['/pt-br/guia/', page('pt-BR', 'Guia', 'Instale a ferramenta e execute a primeira compilação.')],
];

/** Pagefind service processes started by this process. */
function pagefindChildren(): number {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out.split('\n').filter((l) => /pagefind.*--service/.test(l)).length;
}

const entry = (out: string) =>
  JSON.parse(readFileSync(path.join(out, 'pagefind-entry.json'), 'utf8')) as {
    languages: Record<string, { hash: string; page_count: number }>;
  };

describe('a search index in several languages', () => {
  it('is indexed by one Pagefind process per language and written as one bundle listing each language', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lectern-search-langs-'));
    expect(pageLanguage(PAGES[3]![1])).toBe('pt-br');
    expect(pageLanguage('<html><body></body></html>')).toBe('');
    const indexer = await startSearchIndex();
    for (const [url, html] of PAGES) indexer.add(url, html);
    await indexer.drain(0);
    expect(pagefindChildren()).toBe(3);
    const out = path.join(dir, 'all');
    const result = await indexer.finish(out);
    expect(result).toMatchObject({ pages: 4, errors: [] });
    expect(pagefindChildren()).toBe(0);
    const all = entry(out);
    expect(Object.keys(all.languages).sort()).toEqual(['en', 'fr', 'pt-br']);
    expect(all.languages.en!.page_count).toBe(2);

    // Each language's index is the one a build of that language alone writes.
    for (const lang of ['en', 'fr', 'pt-br']) {
      const alone = await startSearchIndex();
      for (const [url, html] of PAGES) if (pageLanguage(html) === lang) alone.add(url, html);
      const own = path.join(dir, lang);
      await alone.finish(own);
      expect(entry(own).languages[lang]).toEqual(all.languages[lang]);
      expect(readFileSync(path.join(own, `pagefind.${all.languages[lang]!.hash}.pf_meta`))).toEqual(
        readFileSync(path.join(out, `pagefind.${all.languages[lang]!.hash}.pf_meta`)),
      );
    }
  });

  it('keeps the index of each language in the cache: an edit writes its own language again, the others come back as kept', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lectern-search-langs-'));
    const cacheDir = path.join(dir, 'cache');
    const build = async (pages: Array<[string, string]>, out: string, cache: boolean) => {
      const indexer = await startSearchIndex({ cacheDir: cache ? cacheDir : undefined, fingerprint: 'f', deferred: cache });
      for (const [url, html] of pages) indexer.add(url, html);
      return indexer.finish(path.join(dir, out));
    };
    await build(PAGES, 'first', true);
    const packs = () => readdirSync(cacheDir).sort();
    const before = packs();
    expect(before).toHaveLength(3);
    expect(await build(PAGES, 'again', true)).toMatchObject({ cached: true });
    expect(pagefindChildren()).toBe(0);

    const edited = PAGES.map(([url, html]): [string, string] => [url, url === '/fr/guide/' ? html.replace('première', 'seconde') : html]);
    const warm = await build(edited, 'warm', true);
    expect(warm.cached).toBeUndefined();
    const after = packs();
    expect(after.filter((p) => before.includes(p))).toHaveLength(2);
    expect(after).toHaveLength(3);
    // What a build without the cache writes.
    await build(edited, 'fresh', false);
    expect(await listFiles(path.join(dir, 'warm'))).toEqual(await listFiles(path.join(dir, 'fresh')));
    expect(entry(path.join(dir, 'warm'))).toEqual(entry(path.join(dir, 'fresh')));
    expect(entry(path.join(dir, 'warm')).languages.fr).not.toEqual(entry(path.join(dir, 'first')).languages.fr);
    expect(readdirSync(dir).filter((f) => f.includes('.lang-'))).toEqual([]);
  });

  it('holds the languages expected from the cache: only the edited language starts Pagefind, and the index is the same', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lectern-search-langs-'));
    const cacheDir = path.join(dir, 'cache');
    const build = async (pages: Array<[string, string]>, out: string, hold?: Set<string>) => {
      const indexer = await startSearchIndex({ cacheDir: hold ? cacheDir : undefined, fingerprint: 'f', hold });
      for (const [url, html] of pages) indexer.add(url, html);
      await indexer.drain(0);
      const started = pagefindChildren();
      return { started, result: await indexer.finish(path.join(dir, out)) };
    };
    expect((await build(PAGES, 'first', new Set())).started).toBe(3);
    // A build in parts knows which languages its changed parts hold (here: the French page's).
    const parts = [['en/guide', 'en/api'], ['fr/guide'], ['pt-br/guia']];
    const plan = [
      { slug: 'en/guide', language: 'en' },
      { slug: 'en/api' },
      { slug: 'fr/guide', language: 'fr' },
      { slug: 'pt-br/guia', language: 'pt-BR' },
    ];
    const hold = unchangedSearchGroups(plan, parts, [true, false, true]);
    expect([...hold].sort()).toEqual(['en\u0000', 'pt-br\u0000']);
    const edited = PAGES.map(([url, html]): [string, string] => [url, url === '/fr/guide/' ? html.replace('première', 'seconde') : html]);
    const warm = await build(edited, 'warm', hold);
    expect(warm.started).toBe(1);
    await build(edited, 'fresh');
    expect(await listFiles(path.join(dir, 'warm'))).toEqual(await listFiles(path.join(dir, 'fresh')));
    expect(entry(path.join(dir, 'warm'))).toEqual(entry(path.join(dir, 'fresh')));

    // A held language whose pages changed after all (its pack gone) is indexed at the end, to the same index.
    const again = edited.map(([url, html]): [string, string] => [url, url === '/en/api/' ? html.replace('bearer', 'session') : html]);
    expect((await build(again, 'late', hold)).started).toBe(1);
    await build(again, 'late-fresh');
    expect(entry(path.join(dir, 'late'))).toEqual(entry(path.join(dir, 'late-fresh')));
    expect(pagefindChildren()).toBe(0);
  });
});
