/**
 * The code blocks of an MDX page are highlighted in worker threads before the page renders (code-blocks.ts): what the
 * build hands the pool must be exactly what CodeBlock.astro later asks for (the code after `[!code …]` notation, the
 * language, the line marks of `highlight` / `focus` and the notation), or the page highlights it again itself.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeMdx } from '../src/mdx/analyze.ts';
import { codeBlockInputs } from '../src/build/code-blocks.ts';
import { startHighlightPool, type HighlightPool } from '../src/workers/highlight-pool.ts';
import { highlightFence, parseMeta } from '../src/shared/highlight/highlight.ts';
import { loadShiki } from '../src/shared/highlight/shiki-load.ts';

loadShiki();

const page = [
  '---',
  'title: Code',
  '---',
  '',
  '```bash',
  'curl https://api.example.com/v1/pets',
  '```',
  '',
  '```ts title="client.ts" {2}',
  'const a = 1;',
  'const b = 2; // [!code ++]',
  'const c = 3;',
  '```',
  '',
  '```python focus={1}',
  'print("hi")',
  'print("there")  # [!code highlight]',
  '```',
  '',
  '```',
  'plain text, no language',
  '```',
  '',
  '```mermaid',
  'graph TD; A-->B',
  '```',
  '',
  '<CodeBlock language="json" code={`{"written": "with props"}`} />',
  '',
].join('\n');

let pool: HighlightPool | undefined;
afterAll(async () => {
  await pool?.close();
});

describe('code blocks highlighted ahead', () => {
  it('are the inputs the page asks for, so rendering finds every fence done', async () => {
    const { code } = analyzeMdx(page, 'code.mdx', { componentsModule: '/c.ts' });
    const inputs = codeBlockInputs(code);
    // Four fences (mermaid is drawn, not highlighted; the <CodeBlock> with props is known only when it renders).
    expect(inputs.map((i) => i.lang)).toEqual(['bash', 'ts', 'python', 'text']);
    expect(inputs[1]).toMatchObject({
      code: 'const a = 1;\nconst b = 2;\nconst c = 3;',
      marks: { highlight: new Set([2]), add: new Set([2]) },
    });
    expect(inputs[2]?.marks).toMatchObject({ highlight: new Set([2]), focus: new Set([1]) });
    expect(inputs[0]?.marks).toBeUndefined();

    // What CodeBlock.astro does with each `data`, once without the pool and once after the pool had the inputs.
    const blocks = [...code.matchAll(/<CodeBlock data="([^"]*)"/g)]
      .map((m) => JSON.parse(decodeURIComponent(m[1]!)) as { lang: string; meta: string; code: string })
      .filter((b) => b.lang !== 'mermaid');
    const render = () => Promise.all(blocks.map((b) => highlightFence(b.code, b.lang || 'text', parseMeta(b.meta))));
    const alone = await render();
    pool = startHighlightPool({ workers: 1, fingerprint: 'code-blocks-test' });
    pool.prefetch(inputs);
    expect(await render()).toEqual(alone);
    const stats = await pool.close();
    pool = undefined;
    expect(stats).toMatchObject({ prefetched: 4, highlighted: 0 });
  }, 60_000);
});
