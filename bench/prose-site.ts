/**
 * A big prose site: 1,000 generated MDX pages (headings, paragraphs, lists, tables, code blocks in six languages,
 * callouts, cards, tabs, steps, accordions, code groups) in 2 tabs of 25 groups, built cold, then warm after one
 * page changed. Prints wall time, CPU time, peak RSS of the build process and dist/ size.
 *
 *   node bench/prose-site.ts [--pages=1000] [--versions=1] [--keep] [--root=<docs repo>]
 *
 * `--versions=k`: the pages are k versions of the same pages / k files (byte-identical copies, as in a versioned repo).
 *
 * `--root` builds an existing docs repo instead (e.g. a checkout of Mintlify's own docs), cold and warm after one
 * edit to its first page file.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Result } from './site-build.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const argv = process.argv.slice(2);
const PAGES = Number(argv.find((a) => a.startsWith('--pages='))?.slice(8) ?? 1000);
const VERSIONS = Number(argv.find((a) => a.startsWith('--versions='))?.slice(11) ?? 1);

const WORDS =
  'request response token scope header cursor page limit webhook event retry backoff tenant project key secret region deploy build preview branch commit review merge cache index search query filter sort field schema record batch stream queue worker job'.split(
    ' ',
  );

/** A deterministic pseudo-random sequence (the same site every run). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

function sentence(r: () => number, n = 12): string {
  const w = Array.from({ length: n }, () => WORDS[Math.floor(r() * WORDS.length)]!);
  w[0] = w[0]![0]!.toUpperCase() + w[0]!.slice(1);
  return w.join(' ') + '.';
}

const CODE: Array<[string, (r: () => number) => string]> = [
  [
    'bash',
    (r) =>
      `curl --request POST \\\n  --url https://api.example.com/v1/${WORDS[Math.floor(r() * WORDS.length)]} \\\n  --header 'Authorization: Bearer <token>' \\\n  --data '{"limit": ${Math.floor(r() * 100)}}'`,
  ],
  [
    'python',
    (r) =>
      `import requests\n\ndef fetch_${WORDS[Math.floor(r() * WORDS.length)]}(client, limit=${Math.floor(r() * 50)}):\n    """Fetch a page of results."""\n    response = client.get("/v1/items", params={"limit": limit})\n    response.raise_for_status()\n    return [item["id"] for item in response.json()["data"]]`,
  ],
  [
    'javascript',
    (r) =>
      `const res = await fetch('https://api.example.com/v1/${WORDS[Math.floor(r() * WORDS.length)]}', {\n  method: 'POST',\n  headers: { Authorization: \`Bearer \${token}\` },\n  body: JSON.stringify({ retries: ${Math.floor(r() * 5)} }),\n});\nconsole.log(await res.json());`,
  ],
  [
    'json',
    (r) =>
      JSON.stringify(
        { id: `evt_${Math.floor(r() * 1e6)}`, type: 'item.updated', data: { fields: WORDS.slice(0, 6), count: Math.floor(r() * 1000) } },
        null,
        2,
      ),
  ],
  [
    'yaml',
    (r) =>
      `name: deploy\non:\n  push:\n    branches: [main]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci && npm run build # ${Math.floor(r() * 100)}`,
  ],
  [
    'go',
    (r) =>
      `package main\n\nimport "fmt"\n\nfunc main() {\n\tfor i := 0; i < ${Math.floor(r() * 10) + 1}; i++ {\n\t\tfmt.Println("retry", i)\n\t}\n}`,
  ],
];

function pageText(i: number, title: string): string {
  const r = rng(i + 1);
  const code = (k: number) => {
    const [lang, gen] = CODE[(i + k) % CODE.length]!;
    return '```' + lang + '\n' + gen(r) + '\n```';
  };
  const parts = [
    `---\ntitle: ${JSON.stringify(title)}\ndescription: ${JSON.stringify(sentence(r, 10))}\n---\n`,
    sentence(r, 24) + ' ' + sentence(r, 18) + ` See [the overview](/guides/g0/p0) and \`${WORDS[i % WORDS.length]}\` for details.`,
    `## ${sentence(r, 3).slice(0, -1)}\n\n${sentence(r, 30)}\n\n- ${sentence(r, 8)}\n- ${sentence(r, 9)}\n- **${WORDS[i % 7]}**: ${sentence(r, 7)}`,
    code(0),
    `<Note>${sentence(r, 16)}</Note>`,
    `### ${sentence(r, 2).slice(0, -1)}\n\n| Field | Type | Description |\n| --- | --- | --- |\n` +
      Array.from({ length: 5 }, (_, k) => `| \`${WORDS[(i + k) % WORDS.length]}\` | string | ${sentence(r, 8)} |`).join('\n'),
    `<Tabs>\n<Tab title="cURL">\n\n${code(1)}\n\n</Tab>\n<Tab title="Python">\n\n${code(2)}\n\n</Tab>\n</Tabs>`,
    `<Steps>\n<Step title="${sentence(r, 3).slice(0, -1)}">${sentence(r, 12)}</Step>\n<Step title="${sentence(r, 3).slice(0, -1)}">${sentence(r, 12)}</Step>\n</Steps>`,
    `## ${sentence(r, 2).slice(0, -1)}\n\n${sentence(r, 40)}\n\n${code(3)}`,
    `<CardGroup cols={2}>\n<Card title="${sentence(r, 2).slice(0, -1)}" icon="rocket" href="/guides/g1/p1">${sentence(r, 10)}</Card>\n<Card title="${sentence(r, 2).slice(0, -1)}" icon="book" href="/reference/g0/p0">${sentence(r, 10)}</Card>\n</CardGroup>`,
    `<AccordionGroup>\n<Accordion title="${sentence(r, 4).slice(0, -1)}">${sentence(r, 20)}</Accordion>\n<Accordion title="${sentence(r, 4).slice(0, -1)}">\n\n${code(4)}\n\n</Accordion>\n</AccordionGroup>`,
    `<Tip>${sentence(r, 14)}</Tip>`,
    `### ${sentence(r, 2).slice(0, -1)}\n\n${sentence(r, 28)}\n\n${code(5)}`,
  ];
  return parts.join('\n\n') + '\n';
}

/**
 * A docs repo of `n` pages in `root`. With `versions` > 1, the pages are `versions` copies of the same n / versions
 * pages (`v1/…`, `v2/…`, byte-identical files), each copy a version of the navigation: as in a versioned repo.
 */
export function makeProseRepo(n: number, root: string, versions = 1): string {
  const tabs = [
    { tab: 'Guides', prefix: 'guides' },
    { tab: 'Reference', prefix: 'reference' },
  ];
  const each = Math.ceil(n / versions);
  const perTab = Math.ceil(each / tabs.length);
  const groups = 25;
  const tabsOf = (dir: string) => {
    let made = 0;
    return tabs.map(({ tab, prefix }) => ({
      tab,
      groups: Array.from({ length: groups }, (_, g) => {
        const pages: string[] = [];
        for (let p = 0; p < Math.ceil(perTab / groups) && made < each; p++, made++) {
          const slug = `${dir}${prefix}/g${g}/p${p}`;
          mkdirSync(path.join(root, `${dir}${prefix}`, `g${g}`), { recursive: true });
          writeFileSync(
            path.join(root, `${slug}.mdx`),
            pageText(made, `${tab} ${g}.${p}: ${WORDS[made % WORDS.length]} ${WORDS[(made * 7) % WORDS.length]}`),
          );
          pages.push(slug);
        }
        return { group: `${tab} group ${g}`, pages };
      }).filter((g) => g.pages.length),
    }));
  };
  const navigation =
    versions > 1
      ? { versions: Array.from({ length: versions }, (_, v) => ({ version: `v${v + 1}`, tabs: tabsOf(`v${v + 1}/`) })) }
      : { tabs: tabsOf('') };
  writeFileSync(
    path.join(root, 'docs.json'),
    JSON.stringify({ theme: 'mint', name: 'Prose', colors: { primary: '#0D9373' }, navigation }, null, 2),
  );
  return root;
}

async function main(): Promise<void> {
  const rootArg = argv.find((a) => a.startsWith('--root='))?.slice(7);
  mkdirSync(path.join(REPO, '.cache'), { recursive: true });
  const root = rootArg ? path.resolve(rootArg) : makeProseRepo(PAGES, mkdtempSync(path.join(REPO, '.cache', 'bench-prose-')), VERSIONS);
  // An edit to a page a third of the way into the navigation.
  type Tab = { groups: Array<{ pages: string[] }> };
  const nav = rootArg
    ? undefined
    : (
        JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8')) as {
          navigation: { tabs?: Tab[]; versions?: Array<{ tabs: Tab[] }> };
        }
      ).navigation;
  const files = (nav?.versions?.flatMap((v) => v.tabs) ?? nav?.tabs ?? []).flatMap((t) => t.groups.flatMap((g) => g.pages));
  const edited = rootArg ? undefined : path.join(root, `${files[Math.floor(files.length / 3)]!}.mdx`);
  const original = edited ? readFileSync(edited, 'utf8') : undefined;
  const results: Result[] = [];
  try {
    rmSync(path.join(root, '.lectern'), { recursive: true, force: true });
    results.push(await build(root, rootArg ? `${path.basename(root)}, cold` : `${PAGES} prose pages, cold`));
    if (edited) {
      writeFileSync(edited, original!.replace(/\n$/, '\n\nOne more paragraph, written between two builds.\n'));
      results.push(await build(root, 'warm, one page changed'));
    }
  } finally {
    if (edited && original !== undefined) writeFileSync(edited, original);
    if (!rootArg && !argv.includes('--keep')) rmSync(root, { recursive: true, force: true });
  }
  console.log('| build | pages | wall | CPU (user+sys) | peak RSS | dist |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results)
    console.log(
      `| ${r.label} | ${r.pages} | ${(r.wallMs / 1000).toFixed(1)} s | ${((r.cpuMs ?? 0) / 1000).toFixed(1)} s | ${r.peakRssMb.toFixed(0)} MB | ${r.distMb.toFixed(1)} MB |`,
    );
  if (results.length === 2) console.log(`\nwarm / cold: ${((100 * results[1]!.wallMs) / results[0]!.wallMs).toFixed(0)} %`);
  console.log('aim: peak RSS <= 1 GB');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
