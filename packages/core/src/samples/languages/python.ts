/** Python samples: httpsnippet's requests client, with the escaping it forgets and real files. */
import type { Request } from 'httpsnippet';
import { defineLanguage } from '../language.ts';
import { controlEscape, escapeJsonBody, replaceLiteral } from '../fix-kit.ts';
import { BINARY_TEXT_PLACEHOLDER, FILE_PLACEHOLDER, type HarParam } from '../har.ts';

/** Python requests client: form/multipart field values only get `"` escaped, names nothing. */
function fixPythonRequest(req: Request): void {
  const e = controlEscape('x');
  const key = (k: string): string => e(k).replace(/"/g, '\\"');
  if (!req.postData) return;
  if (req.postData.paramsObj) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(req.postData.paramsObj))
      out[key(k)] = Array.isArray(v) ? v.map((x) => e(String(x))) : typeof v === 'string' ? e(v) : v;
    req.postData.paramsObj = out as never;
  }
  if (req.postData.params && req.postData.mimeType.startsWith('multipart/')) {
    req.postData.params = req.postData.params.map((p: HarParam) => ({
      ...p,
      name: key(p.name),
      ...(p.value !== undefined ? { value: e(p.value) } : {}),
    }));
  }
}

export default defineLanguage({
  key: 'python',
  name: 'Python',
  aliases: ['py'],
  highlight: 'python',
  byDefault: true,
  comment: '#',
  client: { target: 'python', client: 'requests', library: 'requests' },
  prepare: (req) => {
    escapeJsonBody(req, 'x');
    fixPythonRequest(req);
  },
  binary: (code) => replaceLiteral(code, `"${BINARY_TEXT_PLACEHOLDER}"`, `open('${FILE_PLACEHOLDER}', 'rb')`),
  // httpsnippet quotes the file expression: `{ "file": "open('x', 'rb')" }` sends the text, not the file.
  fix: (code) => code.replace(/"open\('((?:[^'\\]|\\.)*)', 'rb'\)"/g, "open('$1', 'rb')"),
});
