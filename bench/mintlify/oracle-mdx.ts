/**
 * Whether Mintlify's own published MDX pipeline accepts a page: a test oracle, run in a child process, on the files
 * bench/mintlify-oracle.ts names (those Lectern refused).
 *
 *   node bench/mintlify/oracle-mdx.ts <oracle install dir> <docs folder> <files.json> <out.json>
 *
 * A file is accepted when both steps Mintlify runs on a page succeed: the prebuild's `preparseMdx`
 * (`@mintlify/prebuild`: custom heading ids and fragment code preprocessed, then its remark pass; a failure there is
 * reported through `onError` and the page becomes a placeholder) and the render's `getMdx`
 * (`@mintlify/common/server-mdx`: the page compiled with Mintlify's remark/rehype plugins by `@mintlify/mdx`'s
 * `serialize`; a failure sets `parseFailed` and the page becomes a placeholder). Snippet imports are not resolved
 * (Mintlify removes imports before compiling; an unknown component is dropped, not an error), so what is judged is
 * the page's own MDX. Output: `{ file: { accepted, reason? } }`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface MdxVerdict {
  accepted: boolean;
  reason?: string;
}

type Preparse = (content: string, dir: string, file: string, onError: (message: string) => void) => Promise<string>;
type GetMdx = (args: Record<string, unknown>) => Promise<{ parseFailed?: boolean }>;

async function main(): Promise<void> {
  const [oracleDir, site, filesJson, outFile] = process.argv.slice(2) as [string, string, string, string];
  const files = JSON.parse(readFileSync(filesJson, 'utf8')) as string[];
  let printed: string[] = [];
  const keep = (...args: unknown[]) => {
    printed.push(
      args
        .map((a) => (a instanceof Error ? a.message : typeof a === 'object' ? JSON.stringify(a)?.slice(0, 300) : String(a)))
        .join(' ')
        .slice(0, 300),
    );
  };
  console.log = keep;
  console.warn = keep;
  console.error = keep;
  const mod = (rel: string) => import(pathToFileURL(path.join(oracleDir, 'node_modules', rel)).href);
  const { preparseMdx } = (await mod('@mintlify/prebuild/dist/index.js')) as { preparseMdx: Preparse };
  const { getMdx } = (await mod('@mintlify/common/dist/mdx/server-only/index.js')) as { getMdx: GetMdx };
  const verdicts: Record<string, MdxVerdict> = {};
  for (const file of files) {
    printed = [];
    try {
      const content = readFileSync(path.join(site, file), 'utf8');
      let preparseError: string | undefined;
      await preparseMdx(content, site, file, (message) => {
        preparseError = message;
      });
      if (preparseError) {
        verdicts[file] = { accepted: false, reason: `prebuild: ${preparseError.replace(/\s+/g, ' ').slice(0, 300)}` };
        continue;
      }
      const compiled = await getMdx({ path: file, content, metadata: {}, snippets: [], config: {} });
      verdicts[file] = compiled.parseFailed
        ? { accepted: false, reason: `getMdx: ${printed.find((p) => /failed to parse/.test(p)) ?? 'parseFailed'}`.slice(0, 300) }
        : { accepted: true };
    } catch (e) {
      verdicts[file] = { accepted: false, reason: `threw: ${e instanceof Error ? e.message : String(e)}`.slice(0, 300) };
    }
  }
  writeFileSync(outFile, JSON.stringify(verdicts));
  process.exit(0);
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) await main();
