import { describe, expect, it } from 'vitest';
import { createHighlighter } from 'shiki';
import { codeCss, highlight, highlightDirect, truncateCode, parseTitle, parseHighlight } from '../src/shared/highlight/highlight.ts';
import { startHighlightPool } from '../src/workers/highlight-pool.ts';
import { loadShiki } from '../src/shared/highlight/shiki-load.ts';
import { htmlText } from './helpers.ts';

// The integration registers Shiki for the pages; these tests call the highlighter directly.
loadShiki();

describe('highlight', () => {
  it('keeps the exact text of large JSON (fast path) and escapes HTML', async () => {
    const value = JSON.stringify(
      {
        a: '<script>alert(1)</script>',
        n: -1.5e3,
        ok: true,
        nil: null,
        list: Array.from({ length: 30 }, (_, i) => ({ id: i, s: `x"y\\z${i}` })),
      },
      null,
      2,
    );
    const html = await highlight(value, 'json');
    expect(htmlText(html)).toBe(value);
    expect(html).not.toContain('<script>');
    expect(html).toMatch(/<span class="k[0-9A-Za-z_-]+">"a"<\/span>/);
  });

  it('uses classes, not inline token styles, for Shiki output too', async () => {
    const html = await highlight('const a = 1;', 'js');
    expect(html).not.toMatch(/<span style=/);
    expect(htmlText(html)).toBe('const a = 1;');
  });

  it('leaves over-long lines uncolored but keeps their text', async () => {
    const body = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `n${i}` })) });
    const code = `String body = "${body.replace(/"/g, '\\"')}";\nint x = 1;`;
    const html = await highlight(code, 'java');
    expect(htmlText(html)).toBe(code);
    const [first, second] = html.split('\n');
    expect(first).not.toMatch(/<span class="k/);
    expect(second).toMatch(/<span class="k/);
  });

  // Lines are tokenised once per grammar state (generated samples repeat most of their lines): the same line inside a
  // comment, a string, a heredoc or plain code must still be colored for where it stands.
  it('colors a repeated line for where it stands, as tokenising the whole code does', async () => {
    const codes: Array<[string, string]> = [
      ['javascript', 'const x = 1;'],
      ['javascript', '/*\nconst x = 1;\n*/\nconst x = 1;'],
      ['javascript', 'const s = `\nconst x = 1;\n`;'],
      // The same lines under two heredoc delimiters: which line ends the heredoc depends on the opening line (in
      // Ruby, the two states differ only in that end pattern).
      ['bash', 'cat <<EOF\nEND\necho hi\nEOF\necho done'],
      ['bash', 'cat <<END\nEOF\necho hi\nEND\necho done'],
      ['ruby', 'x = <<~FOO\nBAR\nFOO\nputs x'],
      ['ruby', 'x = <<~BAR\nFOO\nBAR\nputs x'],
      ['python', '"""\nimport os\n"""\nimport os'],
      ['python', 'import os'],
      ['ruby', 'sql = <<~SQL\n  SELECT 1\nSQL\nputs sql'],
      ['php', '<?php\n$a = 1;\n?>\n$a = 1;'],
      ['php', '$a = 1;'],
      ['go', 'x := `\nfunc main() {}\n`\nfunc main() {}'],
    ];
    const whole = async () => {
      process.env.LECTERN_HIGHLIGHT_LINES = 'off';
      try {
        return await Promise.all(codes.map(([lang, code]) => highlightDirect(code, lang)));
      } finally {
        delete process.env.LECTERN_HIGHLIGHT_LINES;
      }
    };
    const expected = await whole();
    expect(new Set(expected).size).toBe(codes.length);
    // In order, then backwards: each line's tokens come from the cache filled by the other codes.
    for (const order of [codes.map((_, i) => i), codes.map((_, i) => codes.length - 1 - i)]) {
      for (const i of order)
        expect(await highlightDirect(codes[i]![1], codes[i]![0]), `${codes[i]![0]}: ${codes[i]![1]}`).toBe(expected[i]);
    }
  });

  // Shiki colors code embedded in Markdown and MDX (JSX, inline HTML, fenced code) only with that language loaded, so
  // a block came out plain or colored depending on what its thread had highlighted before.
  it('colors MDX and Markdown blocks the same in a fresh thread as after other languages', async () => {
    const blocks = [
      { code: '<Card title="Quickstart" href="/quickstart">\n  Start here.\n</Card>', lang: 'mdx' },
      { code: 'Some *text* with <b>inline HTML</b>.\n\n```python\nprint("hi")\n```', lang: 'markdown' },
    ];
    const pool = startHighlightPool({ workers: 1, fingerprint: 'test-embeds' });
    pool.prefetch(blocks);
    const fresh = await Promise.all(blocks.map((b) => highlight(b.code, b.lang)));
    await pool.close();
    for (const lang of ['tsx', 'vue', 'html', 'python']) await highlightDirect('x', lang);
    expect(fresh).toEqual(await Promise.all(blocks.map((b) => highlightDirect(b.code, b.lang))));
    // The JSX tag name, the inline HTML tag and the fenced Python are colored.
    expect(fresh[0]).toMatch(/<span class="k[^"]*">Card<\/span>/);
    expect(fresh[1]).toMatch(/&lt;<span class="k[^"]*">b<\/span>/);
    expect(fresh[1]).toMatch(/<span class="k[^"]*">print<\/span>/);
  }, 60_000);

  it('parses fence meta and truncates very long examples at a line boundary', () => {
    expect(parseTitle('app.js {1,3-4} wrap')).toBe('app.js');
    expect([...parseHighlight('x {1,3-4}')]).toEqual([1, 3, 4]);
    const long = Array.from({ length: 2000 }, (_, i) => `line ${i}`).join('\n');
    const cut = truncateCode(long, 100);
    expect(cut.split('\n').at(-1)).toMatch(/^… \d+ more lines \(truncated\)$/);
    expect(cut.length).toBeLessThan(160);
  });

  // One tokenisation for both themes must color every character exactly as Shiki's own dual-theme mode does.
  // (Both sides with a generous time limit: Shiki's default 500 ms per line cuts a cold first line on a busy machine.)
  it('colors each character as Shiki dual themes do, in light and dark', async () => {
    const samples: Array<[string, string]> = [
      [
        'bash',
        "curl --request POST \\\n  --url 'https://api.example.com/v1/pets?limit=10' \\\n  --header 'Authorization: Bearer <token>' # comment",
      ],
      ['python', 'import requests\n\nresponse = requests.post("https://x", json={"a": 1, "b": [True, None]})\nprint(response.json())'],
      [
        'typescript',
        'interface Pet { id: number; name?: string }\nexport async function get(id: number): Promise<Pet> {\n  return (await fetch(`/pets/${id}`)).json();\n}',
      ],
      ['php', '<?php\n$curl = curl_init();\ncurl_setopt_array($curl, [CURLOPT_URL => "https://x"]);'],
      ['markdown', '# Title\n\n*em* **strong** `code` [link](https://x)'],
      ['go', 'package main\n\nimport "fmt"\n\nfunc main() { fmt.Println("hi", 42) }'],
    ];
    const shiki = await createHighlighter({ themes: ['github-light', 'github-dark'], langs: samples.map(([l]) => l) });
    const colorOf = (style: string, theme: 'light' | 'dark') => new RegExp(`--shiki-${theme}:([^;]+)`).exec(style)?.[1]?.toLowerCase();
    for (const [lang, code] of samples) {
      const expected: string[] = [];
      for (const line of shiki.codeToTokens(code, {
        lang: lang as never,
        themes: { light: 'github-light', dark: 'github-dark' },
        defaultColor: false,
        tokenizeTimeLimit: 10_000,
      }).tokens) {
        for (const t of line) {
          const st = (t.htmlStyle ?? {}) as Record<string, string>;
          for (const ch of t.content)
            if (!/\s/.test(ch))
              expected.push(`${st['--shiki-light']?.toLowerCase() ?? '#24292e'} ${st['--shiki-dark']?.toLowerCase() ?? '#e1e4e8'}`);
        }
      }
      const html = await highlight(code, lang);
      const classes = new Map(
        (await codeCss())
          .trim()
          .split('\n')
          .map((l) => {
            const m = /^\.(\w+)\{(.*)\}$/.exec(l)!;
            return [m[1]!, m[2]!] as const;
          }),
      );
      const actual: string[] = [];
      const body = html
        .replace(/^<pre[^>]*><code>/, '')
        .replace(/<\/code><\/pre>$/, '')
        .replace(/<span class="line[^"]*">|<\/span>(?=\n|$)/g, '');
      for (const m of body.matchAll(/<span class="([\w-]+)">([^<]*)<\/span>|([^<]+)/g)) {
        const style = m[1] ? classes.get(m[1])! : '';
        const chars = (m[2] ?? m[3]!).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
        for (const ch of chars)
          if (!/\s/.test(ch)) actual.push(`${colorOf(style, 'light') ?? '#24292e'} ${colorOf(style, 'dark') ?? '#e1e4e8'}`);
      }
      expect(actual, lang).toEqual(expected);
      expect(htmlText(html), lang).toBe(code);
    }
  });
});
