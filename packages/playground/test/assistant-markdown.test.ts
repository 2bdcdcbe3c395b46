/**
 * The Ask AI panel's Markdown renderer (src/assistant/markdown.ts): answers become elements it chooses, never HTML
 * from the answer, and links keep only http(s), mailto and same-site URLs (under the site's base path).
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { renderMarkdown, safeHref } from '../src/assistant/markdown.ts';

const html = (md: string, base = '/') => renderToString(h('div', null, renderMarkdown(md, base)));

describe('safeHref', () => {
  it('keeps web, mail and same-site links; puts page links under the base', () => {
    expect(safeHref('https://example.com/a', '/')).toBe('https://example.com/a');
    expect(safeHref('mailto:help@example.com', '/')).toBe('mailto:help@example.com');
    expect(safeHref('/guides/webhooks#retries', '/pr-7/')).toBe('/pr-7/guides/webhooks#retries');
    expect(safeHref('/pr-7/guides/webhooks', '/pr-7/')).toBe('/pr-7/guides/webhooks');
    expect(safeHref('#retries', '/pr-7/')).toBe('#retries');
  });

  it('drops script and data URLs however they are spelled', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'javascript\n:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example/x',
      'file:///etc/passwd',
    ])
      expect(safeHref(url, '/'), url).toBeUndefined();
  });
});

describe('renderMarkdown', () => {
  it('renders paragraphs, lists, code, tables and links', () => {
    const out = html(
      '# Title\n\nUse **bold**, *em*, `code` and [Webhooks](/guides/webhooks#retries).\n\n- one\n- two\n  - nested\n\n1. first\n2. second\n\n```ts\nconst a = 1 < 2;\n```\n\n| A | B |\n|---|---|\n| 1 | 2 |\n',
      '/pr-7/',
    );
    expect(out).toContain('<h3>Title</h3>');
    expect(out).toContain('<strong>bold</strong>');
    expect(out).toContain('<em>em</em>');
    expect(out).toContain('<code>code</code>');
    expect(out).toContain('<a href="/pr-7/guides/webhooks#retries">Webhooks</a>');
    expect(out).toMatch(/<ul><li>one<\/li><li><p>two<\/p><ul><li>nested<\/li><\/ul><\/li><\/ul>/);
    expect(out).toContain('<ol><li>first</li><li>second</li></ol>');
    expect(out).toContain('<pre data-lang="ts"><code class="language-ts">const a = 1 &lt; 2;</code></pre>');
    expect(out).toContain('<th>A</th>');
    expect(out).toContain('<td>2</td>');
  });

  it('shows HTML in an answer as text and turns refused links into their label', () => {
    const out = html(
      '<img src=x onerror="alert(1)"> <script>alert(2)</script>\n\n[click](javascript:alert(3)) ![i](https://x.example/a.png)',
    );
    expect(out).not.toMatch(/<img|<script|javascript:/i);
    expect(out).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;>');
    expect(out).toContain('click');
    // An image is a link to it, never loaded.
    expect(out).toContain('<a href="https://x.example/a.png" rel="noopener noreferrer" target="_blank">i</a>');
  });

  it('renders a half-streamed answer without breaking', () => {
    expect(html('See [Webhooks](/guides/web')).toBe('<div><p>See [Webhooks](/guides/web</p></div>');
    expect(html('```js\nconst a')).toContain('<code class="language-js">const a</code>');
  });
});
