/** Dart samples: Lectern's own httpsnippet target `dart` with a package:http client. */
import type { Client } from 'httpsnippet';
import { defineLanguage } from '../language.ts';
import { hasBody, headerList, isBinary, isForm, isMultipart, jsonBody, repeatedFormNames } from '../client-kit.ts';
import { FILE_PLACEHOLDER, type HarParam } from '../har.ts';

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
        if (p.fileName !== undefined)
          body.push(`  request.files.add(await http.MultipartFile.fromPath(${dartStr(p.name)}, ${dartStr(FILE_PLACEHOLDER)}));`);
        else body.push(`  request.fields[${dartStr(p.name)}] = ${dartStr(p.value ?? '')};`);
      }
      body.push('  final response = await http.Response.fromStream(await request.send());');
    } else {
      let bodyExpr: string | undefined;
      if (isForm(req) && repeatedFormNames(req)) bodyExpr = dartStr(req.postData.text ?? '');
      else if (isForm(req))
        bodyExpr = `{\n${(req.postData.params ?? []).map((p: HarParam) => `    ${dartStr(p.name)}: ${dartStr(p.value ?? '')},`).join('\n')}\n  }`;
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

export default defineLanguage({
  key: 'dart',
  name: 'Dart',
  aliases: ['flutter'],
  highlight: 'dart',
  comment: '//',
  client: { target: 'dart', client: dartHttp.info.key, library: 'http (package:http)' },
  ownClient: { client: dartHttp, newTarget: { title: 'Dart', extname: '.dart' } },
});
