/** C++ samples: Lectern's own httpsnippet target `cpp` with a libcpr client. */
import type { Client } from 'httpsnippet';
import { defineLanguage } from '../language.ts';
import { dq, hasBody, headerList, isBinary, isForm, isMultipart } from '../client-kit.ts';
import { FILE_PLACEHOLDER, type HarNameValue, type HarParam } from '../har.ts';

function cppRaw(s: string): string {
  let delim = 'json';
  let n = 0;
  while (s.includes(`)${delim}"`)) delim = `json${++n}`;
  return `R"${delim}(${s})${delim}"`;
}

const CPR_FUNCTIONS: Record<string, string> = {
  GET: 'Get',
  POST: 'Post',
  PUT: 'Put',
  PATCH: 'Patch',
  DELETE: 'Delete',
  HEAD: 'Head',
  OPTIONS: 'Options',
};

const cppCpr: Client = {
  info: { key: 'cpr', title: 'cpr', link: 'https://github.com/libcpr/cpr', description: 'C++ Requests (libcpr)' },
  convert: (req) => {
    const args: string[] = [`cpr::Url{${dq(req.url)}}`];
    const multipart = isMultipart(req);
    const headers = headerList(req, { dropContentType: multipart });
    if (headers.length) args.push(`cpr::Header{\n${headers.map(([k, v]) => `            {${dq(k)}, ${dq(v)}}`).join(',\n')}\n        }`);
    if (req.queryString.length)
      args.push(
        `cpr::Parameters{\n${req.queryString.map((q: HarNameValue) => `            {${dq(q.name)}, ${dq(q.value)}}`).join(',\n')}\n        }`,
      );
    if (multipart) {
      const parts = (req.postData.params ?? []).map((p: HarParam) =>
        p.fileName !== undefined
          ? `            {${dq(p.name)}, cpr::File{${dq(FILE_PLACEHOLDER)}}}`
          : `            {${dq(p.name)}, ${dq(p.value ?? '')}}`,
      );
      args.push(`cpr::Multipart{\n${parts.join(',\n')}\n        }`);
    } else if (isForm(req)) {
      args.push(
        `cpr::Payload{\n${(req.postData.params ?? []).map((p: HarParam) => `            {${dq(p.name)}, ${dq(p.value ?? '')}}`).join(',\n')}\n        }`,
      );
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

export default defineLanguage({
  key: 'c++',
  name: 'C++',
  aliases: ['cpp'],
  highlight: 'cpp',
  comment: '//',
  client: { target: 'cpp', client: cppCpr.info.key, library: 'cpr (C++ Requests)' },
  ownClient: { client: cppCpr, newTarget: { title: 'C++', extname: '.cpp' } },
});
