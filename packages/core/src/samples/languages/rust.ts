/** Rust samples: httpsnippet's reqwest client, with the escaping it forgets and real files (`std::fs::read`). */
import type { Request } from 'httpsnippet';
import { defineLanguage } from '../language.ts';
import { controlEscape, escapeJsonBody, replaceLiteral } from '../fix-kit.ts';
import { BINARY_TEXT_PLACEHOLDER, FILE_PLACEHOLDER, type HarParam } from '../har.ts';

/** The reqwest client escapes nothing in query pairs, multipart parts, header values and text bodies. */
function fixRustRequest(req: Request): void {
  const lit = controlEscape('u{}');
  const full = (v: string): string => lit(v).replace(/"/g, '\\"');
  const mapObj = (o: Record<string, unknown>, f: (s: string) => string): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) out[full(k)] = Array.isArray(v) ? v.map((x) => f(String(x))) : typeof v === 'string' ? f(v) : v;
    return out;
  };
  req.queryObj = mapObj(req.queryObj, full) as never;
  req.allHeaders = mapObj(req.allHeaders, lit) as never;
  if (req.postData) {
    if (req.postData.params)
      req.postData.params = req.postData.params.map((p: HarParam) => ({
        ...p,
        name: full(p.name),
        ...(p.value !== undefined ? { value: full(p.value) } : {}),
      }));
    if (req.postData.paramsObj) req.postData.paramsObj = mapObj(req.postData.paramsObj, lit) as never;
    if (req.postData.text && !req.postData.jsonObj) req.postData.text = lit(req.postData.text);
  }
}

export default defineLanguage({
  key: 'rust',
  name: 'Rust',
  aliases: ['rs'],
  highlight: 'rust',
  comment: '//',
  client: { target: 'rust', client: 'reqwest', library: 'reqwest' },
  prepare: (req) => {
    escapeJsonBody(req, 'u{}');
    fixRustRequest(req);
  },
  binary: (code) =>
    replaceLiteral(code, `let payload = "${BINARY_TEXT_PLACEHOLDER}";`, `let payload = std::fs::read("${FILE_PLACEHOLDER}").unwrap();`),
});
