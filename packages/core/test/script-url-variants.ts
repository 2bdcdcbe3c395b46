/**
 * Ways to hide a `javascript:`, `data:` or `vbscript:` URL in spec content (issue 38), shared by core's and the site's
 * tests; each payload sets `window.__pwned` or opens a dialog. Also the tests' own reading of a URL, independent of
 * the code under test.
 */
export const VARIANTS: Record<string, string> = {
  'cut-and-join inline link': "[v1]{''}(javascript:void(window.__pwned='v1'))",
  'cut-and-join across lines': "[v2]{\n''\n}(javascript:void(window.__pwned='v2'))",
  'two cuts in a row': "[v3]{''}{''}(javascript:void(window.__pwned='v3'))",
  'nested cuts': "[[v4]{''}(javascript:void(window.__pwned='v4a'))]{''}(javascript:void(window.__pwned='v4b'))",
  'cut-and-join link definition': "[d5]{''}: javascript:void(window.__pwned='v5')\n\n[v5 full][d5] and [d5]",
  'link definition': "[d6]: javascript:void(window.__pwned='v6')\n\n[v6 full][d6] and [d6]",
  autolink: "<javascript:void(window.__pwned='v7')>",
  'JSX expression href': '<a href={"javascript:void(window.__pwned=\'v8\')"}>v8</a>',
  'JSX spread href': '<a {...{ href: "javascript:void(window.__pwned=\'v9\')" }}>v9</a>',
  'cut-and-join JSX attribute': '<a hr{...{}}ef="javascript:void(window.__pwned=\'v10\')">v10</a>',
  'numeric reference': '[v11](&#106;avascript:void(window.__pwned=1))',
  'reference without semicolon': '<a href="&#106avascript:void(window.__pwned=1)">v12</a>',
  'named reference': '[v13](javascript&colon;void(window.__pwned=1))',
  'named reference in JSX': '<a href="javascript&colon;void(window.__pwned=1)">v14</a>',
  'tab inside the scheme': '[v15](<java\tscript:void(window.__pwned=1)>)',
  'tab reference inside the scheme': '<a href="java&#9;script:void(window.__pwned=1)">v16</a>',
  'newline inside the scheme': '<a href="java\nscript:void(window.__pwned=1)">v17</a>',
  'leading control character': '<a href="&#1;javascript:void(window.__pwned=1)">v18</a>',
  'leading space': '<a href=" javascript:void(window.__pwned=1)">v19</a>',
  'mixed case': '[v20](JaVaScRiPt:void(window.__pwned=1))',
  'percent-encoded scheme': '<a href="%6Aavascript:void(window.__pwned=1)">v21</a>',
  'data URL': '[v22](data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX19wd25lZD0xPC9zY3JpcHQ+)',
  'vbscript URL': '[v23](vbscript:msgbox)',
  'GFM table cell out of a code span': '| a | b |\n| - | - |\n| `x | [v24](javascript:void(window.__pwned=1)) ` |',
  'component prop joined': '<Card title="v25" hr{...{}}ef="javascript:void(window.__pwned=\'v25\')">v25 body</Card>',
  'srcset candidate': '<img alt="v26" srcset="/a.png 1x, javascript:void(window.__pwned=1) 2x" />',
  image: '![v27](javascript:void(window.__pwned=1))',
};

export const decode = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&colon;?/gi, ':')
    .replace(/&tab;?/gi, '')
    .replace(/&newline;?/gi, '')
    .replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
/** `javascript:`, `vbscript:` or `data:` however spelled (references, percent-escapes, whitespace and control characters). */
export const scriptScheme = (url: string) =>
  /^(javascript|vbscript|data):/i.test(decode(decode(url)).replace(/[\u0000-\u0020\u007f-\u009f]/g, ''));

/** Every variant in one page (the autolink alone makes the whole content invalid MDX, shown as text: it has its own test). */
export const ALL = Object.entries(VARIANTS)
  .filter(([name]) => name !== 'autolink')
  .map(([, v]) => v)
  .join('\n\n');
