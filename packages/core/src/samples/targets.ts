/**
 * httpsnippet targets and clients Lectern adds with httpsnippet's own plugin API (`addTarget` /
 * `addTargetClient`), so every language is generated from the same HAR request:
 *
 * - `typescript` / `fetch`   (TypeScript, fetch with types, `openAsBlob` for files)
 * - `cpp` / `cpr`            (C++, libcpr)
 * - `dart` / `http`          (Dart, package:http)
 * - `powershell` / `lectern-restmethod` (Invoke-RestMethod; httpsnippet's own client leaves single quotes
 *   in bodies and URLs unescaped, which breaks the script)
 * - `javascript` / `lectern-fetch` (httpsnippet's fetch leaves `'` unescaped in URLs and form values)
 * - `node` / `lectern-axios` (ES module; httpsnippet's axios client loses backslashes in bodies)
 * - `swift` / `lectern-urlsession` (httpsnippet's NSURLSession client breaks on multipart, nulls and newlines)
 * - `shell` / `lectern-curl` (httpsnippet's curl, plus `--data-binary @file` for raw binary bodies)
 *
 * Registration is idempotent (the module registry keeps one copy; guarded anyway).
 */
import { addTarget, addTargetClient, targets, type Client, type Request, type Target } from 'httpsnippet';
import { quoted, hexEscape } from './quote.ts';
import { BINARY_MARKER, FILE_PLACEHOLDER, type HarNameValue, type HarParam } from './har.ts';

type Headers = Array<[string, string]>;

function headerList(req: Request, opts: { dropContentType?: boolean } = {}): Headers {
  const out: Headers = [];
  for (const [name, value] of Object.entries(req.allHeaders)) {
    if (opts.dropContentType && name.toLowerCase() === 'content-type') continue;
    out.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
  }
  return out;
}

function contentType(req: Request): string | undefined {
  for (const [name, value] of Object.entries(req.allHeaders)) {
    if (name.toLowerCase() === 'content-type') return Array.isArray(value) ? value[0] : String(value);
  }
  return undefined;
}

function isBinary(req: Request): boolean {
  return req.postData?.comment === BINARY_MARKER;
}

function isMultipart(req: Request): boolean {
  return (req.postData?.mimeType ?? '').startsWith('multipart/');
}

function isForm(req: Request): boolean {
  return req.postData?.mimeType === 'application/x-www-form-urlencoded';
}

function jsonBody(req: Request): unknown {
  if (req.postData?.mimeType !== 'application/json' || !req.postData.text) return undefined;
  try {
    return JSON.parse(req.postData.text) as unknown;
  } catch {
    return undefined;
  }
}

/** Form fields repeat a name (exploded arrays): map/hashtable literals cannot hold them, send the encoded text. */
function repeatedFormNames(req: Request): boolean {
  const names = ((req.postData?.params ?? []) as HarParam[]).map((p) => p.name);
  return new Set(names).size !== names.length;
}

function hasBody(req: Request): boolean {
  return Boolean(req.postData && (req.postData.text || (req.postData.params && req.postData.params.length)));
}

/** Double-quoted string literal with C-family escapes (valid in TS/JS, C++, C#, Java, Kotlin, Go). */
function dq(s: string): string {
  return quoted(s, hexEscape);
}

/** Single-quoted JS/TS literal. */
function sqJs(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}'`;
}

function jsKey(k: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : sqJs(k);
}

/** JS/TS object literal (pretty, 2-space). */
function jsLiteral(v: unknown, indent: string): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return sqJs(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  if (typeof v === 'boolean') return String(v);
  const inner = `${indent}  `;
  if (Array.isArray(v)) {
    if (!v.length) return '[]';
    return `[\n${v.map((x) => inner + jsLiteral(x, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(v as Record<string, unknown>);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([k, x]) => `${inner}${jsKey(k)}: ${jsLiteral(x, inner)}`).join(',\n')}\n${indent}}`;
}

// -------------------------------------------------------------------------------------------
// TypeScript (fetch)
// -------------------------------------------------------------------------------------------

function fetchClient(key: string, typed: boolean): Client {
  return {
  info: { key, title: 'fetch', link: 'https://developer.mozilla.org/en-US/docs/Web/API/fetch', description: typed ? 'TypeScript with the standard fetch API' : 'JavaScript fetch (browsers, Node 18+, Deno, Bun)' },
  convert: (req) => {
    const lines: string[] = [];
    const multipart = isMultipart(req);
    const binary = isBinary(req);
    if (binary || (multipart && req.postData.params?.some((p: HarParam) => p.fileName !== undefined))) {
      lines.push(typed ? "import { openAsBlob } from 'node:fs';" : "const fileInput = document.querySelector('input[type=\"file\"]');", '');
    }
    const init: string[] = [`  method: ${sqJs(req.method)},`];
    const headers = headerList(req, { dropContentType: multipart });
    if (headers.length) {
      init.push('  headers: {');
      for (const [k, v] of headers) init.push(`    ${sqJs(k)}: ${sqJs(v)},`);
      init.push('  },');
    }
    const json = jsonBody(req);
    if (multipart) {
      lines.push('const form = new FormData();');
      for (const p of req.postData.params ?? []) {
        if (p.fileName !== undefined) lines.push(`form.append(${sqJs(p.name)}, ${typed ? `await openAsBlob(${sqJs(FILE_PLACEHOLDER)})` : 'fileInput.files[0]'}, ${sqJs(p.fileName || FILE_PLACEHOLDER)});`);
        else lines.push(`form.append(${sqJs(p.name)}, ${sqJs(p.value ?? '')});`);
      }
      lines.push('');
      init.push('  body: form,');
    } else if (isForm(req)) {
      lines.push('const body = new URLSearchParams();');
      for (const p of req.postData.params ?? []) lines.push(`body.append(${sqJs(p.name)}, ${sqJs(p.value ?? '')});`);
      lines.push('');
      init.push('  body,');
    } else if (binary) {
      init.push(typed ? `  body: await openAsBlob(${sqJs(FILE_PLACEHOLDER)}),` : '  body: fileInput.files[0],');
    } else if (json !== undefined) {
      init.push(`  body: JSON.stringify(${jsLiteral(json, '  ')}),`);
    } else if (hasBody(req)) {
      init.push(`  body: ${sqJs(req.postData.text ?? '')},`);
    }
    lines.push(`const response${typed ? ': Response' : ''} = await fetch(${sqJs(req.fullUrl)}, {`, ...init, '});');
    lines.push(`const data${typed ? ': unknown' : ''} = await response.json();`, 'console.log(data);');
    return lines.join('\n');
  },
  };
}

const tsFetch = fetchClient('fetch', true);
const jsFetch = fetchClient('lectern-fetch', false);

// -------------------------------------------------------------------------------------------
// Node.js (axios, ES module)
// -------------------------------------------------------------------------------------------

const nodeAxios: Client = {
  info: { key: 'lectern-axios', title: 'axios', link: 'https://axios-http.com/', description: 'Node.js with axios (ES module, top-level await)' },
  convert: (req) => {
    const multipart = isMultipart(req);
    const binary = isBinary(req);
    const hasFile = multipart && (req.postData.params ?? []).some((p: HarParam) => p.fileName !== undefined);
    const lines = ["import axios from 'axios';"];
    if (hasFile) lines.push("import { openAsBlob } from 'node:fs';");
    if (binary) lines.push("import { readFile } from 'node:fs/promises';");
    lines.push('');
    if (multipart) {
      lines.push('const form = new FormData();');
      for (const p of (req.postData.params ?? []) as HarParam[]) {
        lines.push(p.fileName !== undefined
          ? `form.append(${sqJs(p.name)}, await openAsBlob(${sqJs(FILE_PLACEHOLDER)}), ${sqJs(FILE_PLACEHOLDER)});`
          : `form.append(${sqJs(p.name)}, ${sqJs(p.value ?? '')});`);
      }
      lines.push('');
    }
    const opts: string[] = [`  method: ${sqJs(req.method)},`, `  url: ${sqJs(req.url)},`];
    const query = req.queryString as HarNameValue[];
    if (query.length) {
      const grouped = new Map<string, string[]>();
      for (const q of query) grouped.set(q.name, [...(grouped.get(q.name) ?? []), q.value]);
      const obj: Record<string, unknown> = {};
      for (const [k, v] of grouped) obj[k] = v.length === 1 ? v[0] : v;
      opts.push(`  params: ${jsLiteral(obj, '  ')},`);
    }
    const headers = headerList(req, { dropContentType: multipart });
    if (headers.length) opts.push(`  headers: {\n${headers.map(([k, v]) => `    ${jsKey(k)}: ${sqJs(v)},`).join('\n')}\n  },`);
    const json = jsonBody(req);
    if (multipart) opts.push('  data: form,');
    else if (isForm(req)) opts.push(`  data: new URLSearchParams(${jsLiteral((req.postData.params ?? []).map((p: HarParam) => [p.name, p.value ?? '']), '  ')}),`);
    else if (binary) opts.push(`  data: await readFile(${sqJs(FILE_PLACEHOLDER)}),`);
    else if (json !== undefined) opts.push(`  data: ${jsLiteral(json, '  ')},`);
    else if (hasBody(req)) opts.push(`  data: ${sqJs(req.postData.text ?? '')},`);
    lines.push('const options = {', ...opts, '};', '', 'const { data } = await axios.request(options);', 'console.log(data);');
    return lines.join('\n');
  },
};

// -------------------------------------------------------------------------------------------
// C++ (cpr)
// -------------------------------------------------------------------------------------------

function cppRaw(s: string): string {
  let delim = 'json';
  let n = 0;
  while (s.includes(`)${delim}"`)) delim = `json${++n}`;
  return `R"${delim}(${s})${delim}"`;
}

const CPR_FUNCTIONS: Record<string, string> = { GET: 'Get', POST: 'Post', PUT: 'Put', PATCH: 'Patch', DELETE: 'Delete', HEAD: 'Head', OPTIONS: 'Options' };

const cppCpr: Client = {
  info: { key: 'cpr', title: 'cpr', link: 'https://github.com/libcpr/cpr', description: 'C++ Requests (libcpr)' },
  convert: (req) => {
    const args: string[] = [`cpr::Url{${dq(req.url)}}`];
    const multipart = isMultipart(req);
    const headers = headerList(req, { dropContentType: multipart });
    if (headers.length) args.push(`cpr::Header{\n${headers.map(([k, v]) => `            {${dq(k)}, ${dq(v)}}`).join(',\n')}\n        }`);
    if (req.queryString.length) args.push(`cpr::Parameters{\n${req.queryString.map((q: HarNameValue) => `            {${dq(q.name)}, ${dq(q.value)}}`).join(',\n')}\n        }`);
    if (multipart) {
      const parts = (req.postData.params ?? []).map((p: HarParam) => (p.fileName !== undefined
        ? `            {${dq(p.name)}, cpr::File{${dq(FILE_PLACEHOLDER)}}}`
        : `            {${dq(p.name)}, ${dq(p.value ?? '')}}`));
      args.push(`cpr::Multipart{\n${parts.join(',\n')}\n        }`);
    } else if (isForm(req)) {
      args.push(`cpr::Payload{\n${(req.postData.params ?? []).map((p: HarParam) => `            {${dq(p.name)}, ${dq(p.value ?? '')}}`).join(',\n')}\n        }`);
    } else if (isBinary(req)) {
      args.push(`cpr::Body{cpr::File{${dq(FILE_PLACEHOLDER)}}}`);
    } else if (hasBody(req)) {
      const text = req.postData.text ?? '';
      args.push(`cpr::Body{${text.includes('\n') ? cppRaw(text) : dq(text)}}`);
    }
    const fn = CPR_FUNCTIONS[req.method.toUpperCase()];
    const lines = ['#include <cpr/cpr.h>', '#include <iostream>', '', 'int main() {'];
    if (fn) {
      lines.push(`    cpr::Response response = cpr::${fn}(`, `        ${args.join(',\n        ')});`);
    } else {
      lines.push('    cpr::Session session;');
      lines.push(`    session.SetOption(${args.join(');\n    session.SetOption(')});`);
      lines.push(`    curl_easy_setopt(session.GetCurlHolder()->handle, CURLOPT_CUSTOMREQUEST, ${dq(req.method.toUpperCase())});`);
      lines.push('    cpr::Response response = session.Get();');
    }
    lines.push('    std::cout << response.status_code << std::endl;', '    std::cout << response.text << std::endl;', '    return 0;', '}');
    return lines.join('\n');
  },
};

// -------------------------------------------------------------------------------------------
// Dart (package:http)
// -------------------------------------------------------------------------------------------

function dartStr(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\$/g, '\\$').replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

function dartLiteral(v: unknown, indent: string): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return dartStr(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  if (typeof v === 'boolean') return String(v);
  const inner = `${indent}  `;
  if (Array.isArray(v)) {
    if (!v.length) return '[]';
    return `[\n${v.map((x) => inner + dartLiteral(x, inner)).join(',\n')},\n${indent}]`;
  }
  const entries = Object.entries(v as Record<string, unknown>);
  if (!entries.length) return '<String, dynamic>{}';
  return `{\n${entries.map(([k, x]) => `${inner}${dartStr(k)}: ${dartLiteral(x, inner)}`).join(',\n')},\n${indent}}`;
}

const DART_SHORTHANDS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']);

const dartHttp: Client = {
  info: { key: 'http', title: 'http', link: 'https://pub.dev/packages/http', description: 'Dart package:http' },
  convert: (req) => {
    const multipart = isMultipart(req);
    const json = jsonBody(req);
    const headers = headerList(req, { dropContentType: multipart });
    const method = req.method.toUpperCase();
    const imports = ["import 'package:http/http.dart' as http;"];
    if (json !== undefined) imports.unshift("import 'dart:convert';");
    if (isBinary(req)) imports.unshift("import 'dart:io';");
    const body: string[] = [`  final url = Uri.parse(${dartStr(req.fullUrl)});`];
    if (headers.length) body.push(`  final headers = {\n${headers.map(([k, v]) => `    ${dartStr(k)}: ${dartStr(v)},`).join('\n')}\n  };`);
    const headersArg = headers.length ? ', headers: headers' : '';
    if (multipart) {
      body.push(`  final request = http.MultipartRequest(${dartStr(method)}, url);`);
      if (headers.length) body.push('  request.headers.addAll(headers);');
      for (const p of req.postData.params ?? []) {
        if (p.fileName !== undefined) body.push(`  request.files.add(await http.MultipartFile.fromPath(${dartStr(p.name)}, ${dartStr(FILE_PLACEHOLDER)}));`);
        else body.push(`  request.fields[${dartStr(p.name)}] = ${dartStr(p.value ?? '')};`);
      }
      body.push('  final response = await http.Response.fromStream(await request.send());');
    } else {
      let bodyExpr: string | undefined;
      if (isForm(req) && repeatedFormNames(req)) bodyExpr = dartStr(req.postData.text ?? '');
      else if (isForm(req)) bodyExpr = `{\n${(req.postData.params ?? []).map((p: HarParam) => `    ${dartStr(p.name)}: ${dartStr(p.value ?? '')},`).join('\n')}\n  }`;
      else if (isBinary(req)) bodyExpr = `await File(${dartStr(FILE_PLACEHOLDER)}).readAsBytes()`;
      else if (json !== undefined) bodyExpr = `jsonEncode(${dartLiteral(json, '  ')})`;
      else if (hasBody(req)) bodyExpr = dartStr(req.postData.text ?? '');
      if (bodyExpr !== undefined) body.push(`  final body = ${bodyExpr};`);
      const noBody = method === 'GET' || method === 'HEAD';
      if (DART_SHORTHANDS.has(method) && !(noBody && bodyExpr !== undefined)) {
        const bodyArg = bodyExpr !== undefined ? ', body: body' : '';
        body.push(`  final response = await http.${method.toLowerCase()}(url${headersArg}${bodyArg});`);
      } else {
        body.push(`  final request = http.Request(${dartStr(method)}, url);`);
        if (headers.length) body.push('  request.headers.addAll(headers);');
        if (bodyExpr !== undefined) {
          if (isBinary(req)) body.push('  request.bodyBytes = body;');
          else if (isForm(req) && !repeatedFormNames(req)) body.push('  request.bodyFields = body;');
          else body.push('  request.body = body;');
        }
        body.push('  final response = await http.Response.fromStream(await request.send());');
      }
    }
    body.push('  print(response.statusCode);', '  print(response.body);');
    return [...imports, '', 'void main() async {', ...body, '}'].join('\n');
  },
};

// -------------------------------------------------------------------------------------------
// Swift (URLSession, async/await)
// -------------------------------------------------------------------------------------------

function swiftStr(s: string): string {
  return quoted(s, (c) => `\\u{${c.toString(16)}}`);
}

/** Multi-line string literal (`"""…"""`): the JSON stays readable; backslashes escaped, `"""` broken up. */
function swiftBlock(s: string): string {
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(s)) return swiftStr(s);
  const body = s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/"""/g, '\\"""');
  return `"""\n${body}\n"""`;
}

const swiftUrlSession: Client = {
  info: { key: 'lectern-urlsession', title: 'URLSession', link: 'https://developer.apple.com/documentation/foundation/urlsession', description: 'Foundation URLSession with async/await' },
  convert: (req) => {
    const multipart = isMultipart(req);
    const lines = ['import Foundation', '', `let url = URL(string: ${swiftStr(req.fullUrl)})!`, 'var request = URLRequest(url: url)', `request.httpMethod = ${swiftStr(req.method)}`];
    for (const [k, v] of headerList(req, { dropContentType: multipart })) lines.push(`request.setValue(${swiftStr(v)}, forHTTPHeaderField: ${swiftStr(k)})`);
    const fileData = `try Data(contentsOf: URL(fileURLWithPath: ${swiftStr(FILE_PLACEHOLDER)}))`;
    if (multipart) {
      lines.push('', 'let boundary = "Boundary-\\(UUID().uuidString)"');
      lines.push('request.setValue("multipart/form-data; boundary=\\(boundary)", forHTTPHeaderField: "Content-Type")');
      lines.push('var body = Data()');
      for (const p of (req.postData.params ?? []) as HarParam[]) {
        const name = p.name.replace(/["\\]/g, '');
        if (p.fileName !== undefined) {
          lines.push(`body.append(Data("--\\(boundary)\\r\\nContent-Disposition: form-data; name=\\"${swiftStr(name).slice(1, -1)}\\"; filename=\\"${FILE_PLACEHOLDER}\\"\\r\\n\\r\\n".utf8))`);
          lines.push(`body.append(${fileData})`);
          lines.push('body.append(Data("\\r\\n".utf8))');
        } else {
          lines.push(`body.append(Data("--\\(boundary)\\r\\nContent-Disposition: form-data; name=\\"${swiftStr(name).slice(1, -1)}\\"\\r\\n\\r\\n".utf8))`);
          lines.push(`body.append(Data(${swiftStr(p.value ?? '')}.utf8))`);
          lines.push('body.append(Data("\\r\\n".utf8))');
        }
      }
      lines.push('body.append(Data("--\\(boundary)--\\r\\n".utf8))', 'request.httpBody = body');
    } else if (isBinary(req)) {
      lines.push(`request.httpBody = ${fileData}`);
    } else if (hasBody(req)) {
      const text = req.postData.text ?? '';
      lines.push(`request.httpBody = Data(${text.includes('\n') ? swiftBlock(text) : swiftStr(text)}.utf8)`);
    }
    lines.push('', 'let (data, response) = try await URLSession.shared.data(for: request)');
    lines.push('print((response as? HTTPURLResponse)?.statusCode ?? 0)', 'print(String(decoding: data, as: UTF8.self))');
    return lines.join('\n');
  },
};

// -------------------------------------------------------------------------------------------
// PowerShell (Invoke-RestMethod)
// -------------------------------------------------------------------------------------------

/** PowerShell verbatim string: single quotes doubled (also the typographic ones PowerShell treats as quotes). */
export function psQuote(s: string): string {
  return `'${s.replace(/['\u2018\u2019\u201a\u201b]/g, (q) => q + q)}'`;
}

function psHereString(s: string): string | undefined {
  if (/(^|\n)\s*'@/.test(s) || s.includes('\r')) return undefined;
  return `@'\n${s}\n'@`;
}

const PS_METHODS = new Set(['DEFAULT', 'DELETE', 'GET', 'HEAD', 'MERGE', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE']);

const psRestMethod: Client = {
  info: { key: 'lectern-restmethod', title: 'Invoke-RestMethod', link: 'https://learn.microsoft.com/powershell/module/microsoft.powershell.utility/invoke-restmethod', description: 'PowerShell Invoke-RestMethod (PowerShell 7)' },
  convert: (req) => {
    const lines: string[] = [];
    const multipart = isMultipart(req);
    const ct = contentType(req);
    const headers = headerList(req, { dropContentType: true });
    const args = [`-Uri ${psQuote(req.fullUrl)}`];
    const method = req.method.toUpperCase();
    args.push(PS_METHODS.has(method) ? `-Method ${method[0]}${method.slice(1).toLowerCase()}` : `-CustomMethod ${psQuote(method)}`);
    if (headers.length) {
      lines.push('$headers = @{');
      for (const [k, v] of headers) lines.push(`    ${psQuote(k)} = ${psQuote(v)}`);
      lines.push('}');
      args.push('-Headers $headers');
    }
    if (multipart) {
      lines.push('$form = @{');
      for (const p of req.postData.params ?? []) {
        lines.push(`    ${psQuote(p.name)} = ${p.fileName !== undefined ? `Get-Item -Path ${psQuote(FILE_PLACEHOLDER)}` : psQuote(p.value ?? '')}`);
      }
      lines.push('}');
      args.push('-Form $form');
    } else if (isForm(req) && repeatedFormNames(req)) {
      lines.push(`$body = ${psQuote(req.postData.text ?? '')}`);
      if (ct) args.push(`-ContentType ${psQuote(ct)}`);
      args.push('-Body $body');
    } else if (isForm(req)) {
      lines.push('$body = @{');
      for (const p of req.postData.params ?? []) lines.push(`    ${psQuote(p.name)} = ${psQuote(p.value ?? '')}`);
      lines.push('}');
      if (ct) args.push(`-ContentType ${psQuote(ct)}`);
      args.push('-Body $body');
    } else if (isBinary(req)) {
      if (ct) args.push(`-ContentType ${psQuote(ct)}`);
      args.push(`-InFile ${psQuote(FILE_PLACEHOLDER)}`);
    } else if (hasBody(req)) {
      const text = req.postData.text ?? '';
      lines.push(`$body = ${psHereString(text) ?? psQuote(text)}`);
      if (ct) args.push(`-ContentType ${psQuote(ct)}`);
      args.push('-Body $body');
    }
    lines.push(`$response = Invoke-RestMethod ${args.join(' ')}`);
    lines.push('$response | ConvertTo-Json -Depth 10');
    return lines.join('\n');
  },
};

// -------------------------------------------------------------------------------------------
// cURL: httpsnippet's client, with raw binary bodies sent from a file
// -------------------------------------------------------------------------------------------

const shellCurl: Client = {
  info: { key: 'lectern-curl', title: 'cURL', link: 'https://curl.se/', description: 'cURL, raw binary bodies from a file' },
  convert: (req, options) => {
    const base = targets.shell.clientsById.curl!;
    if (!isBinary(req)) return base.convert(req, options);
    const withoutBody = { ...req, postData: { ...req.postData, text: '' } } as Request;
    const code = base.convert(withoutBody, options);
    return `${code} \\\n  --data-binary '@${FILE_PLACEHOLDER}'`;
  },
};

let registered = false;

/** Register Lectern's targets/clients with httpsnippet (idempotent). */
export function registerTargets(): void {
  if (registered) return;
  registered = true;
  const reg = targets as unknown as Record<string, Target>;
  const add = (key: string, title: string, extname: `.${string}`, client: Client): void => {
    if (reg[key]) {
      if (!reg[key].clientsById[client.info.key]) addTargetClient(key as never, client);
      return;
    }
    addTarget({ info: { key: key as never, title, extname, default: client.info.key }, clientsById: { [client.info.key]: client } });
  };
  add('typescript', 'TypeScript', '.ts', tsFetch);
  add('cpp', 'C++', '.cpp', cppCpr);
  add('dart', 'Dart', '.dart', dartHttp);
  if (!reg.node!.clientsById[nodeAxios.info.key]) addTargetClient('node', nodeAxios);
  if (!reg.swift!.clientsById[swiftUrlSession.info.key]) addTargetClient('swift', swiftUrlSession);
  if (!reg.javascript!.clientsById[jsFetch.info.key]) addTargetClient('javascript', jsFetch);
  if (!reg.powershell!.clientsById[psRestMethod.info.key]) addTargetClient('powershell', psRestMethod);
  if (!reg.shell!.clientsById[shellCurl.info.key]) addTargetClient('shell', shellCurl);
}
