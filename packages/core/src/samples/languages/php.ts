/**
 * PHP samples: httpsnippet's ext-curl client, with its JSON body re-printed (its printer doubles the indentation at
 * every level), `$` in double-quoted strings escaped and real files (`CURLFile`, `file_get_contents`).
 */
import type { Request } from 'httpsnippet';
import { defineLanguage } from '../language.ts';
import { cLit, dropLine, fixDoubleQuoted, MULTIPART_BODY_LINE, MULTIPART_HEADER_LINE, replaceLiteral } from '../fix-kit.ts';
import { BINARY_TEXT_PLACEHOLDER, FILE_PLACEHOLDER, type HarBuild } from '../har.ts';

function phpString(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function phpLiteral(v: unknown, indent: string): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return phpString(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  if (typeof v === 'boolean') return String(v);
  const inner = `${indent}  `;
  if (Array.isArray(v)) return v.length ? `[\n${v.map((x) => inner + phpLiteral(x, inner)).join(',\n')}\n${indent}]` : '[]';
  const entries = Object.entries(v as Record<string, unknown>);
  if (!entries.length) return 'new \\stdClass()';
  return `[\n${entries.map(([k, x]) => `${inner}${phpString(k)} => ${phpLiteral(x, inner)}`).join(',\n')}\n${indent}]`;
}

/** The JSON body is re-printed by `fixPhpJson`: keep httpsnippet's (exponentially indented) printer idle. */
function fixPhpRequest(req: Request): void {
  if (req.postData?.jsonObj) req.postData.jsonObj = { lectern: 0 } as never;
}

/**
 * httpsnippet's PHP array printer doubles the indentation at every level (65,000-space lines on deep
 * bodies): re-print the `json_encode(...)` argument with a 2-space step.
 */
function fixPhpJson(code: string, build: HarBuild): string {
  const marker = 'CURLOPT_POSTFIELDS => json_encode(';
  const start = code.indexOf(marker);
  if (start < 0 || build.bodyKind !== 'json' || !build.har.postData?.text) return code;
  let value: unknown;
  try {
    value = JSON.parse(build.har.postData.text);
  } catch {
    return code;
  }
  let i = start + marker.length;
  let depth = 1;
  while (i < code.length && depth > 0) {
    const ch = code[i]!;
    if (ch === "'" || ch === '"') {
      i++;
      while (i < code.length && code[i] !== ch) i += code[i] === '\\' ? 2 : 1;
    } else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    i++;
  }
  if (depth !== 0) return code;
  return `${code.slice(0, start)}${marker}${phpLiteral(value, '  ')})${code.slice(i)}`;
}

export default defineLanguage({
  key: 'php',
  name: 'PHP',
  aliases: [],
  highlight: 'php',
  byDefault: true,
  comment: '//',
  client: { target: 'php', client: 'curl', library: 'ext-curl' },
  prepare: fixPhpRequest,
  multipart: (code, parts) => {
    const fields = parts.map((p) => `    ${cLit(p.name)} => ${p.file ? `new CURLFile(${cLit(FILE_PLACEHOLDER)})` : cLit(p.value)},`);
    return dropLine(code, MULTIPART_HEADER_LINE).replace(
      MULTIPART_BODY_LINE,
      () => `  CURLOPT_POSTFIELDS => [\n${fields.join('\n')}\n  ],`,
    );
  },
  binary: (code) => replaceLiteral(code, `"${BINARY_TEXT_PLACEHOLDER}"`, `file_get_contents('${FILE_PLACEHOLDER}')`),
  fix: (code, build) => fixDoubleQuoted(fixPhpJson(code, build), (body) => body.replace(/\$/g, '\\$')),
});
