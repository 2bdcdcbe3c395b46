/** Node.js samples: Lectern's axios client (ES module, top-level await; httpsnippet's axios client loses backslashes in bodies). */
import type { Client } from 'httpsnippet';
import { defineLanguage } from '../language.ts';
import { hasBody, headerList, isBinary, isForm, isMultipart, jsKey, jsLiteral, jsonBody, sqJs } from '../client-kit.ts';
import { FILE_PLACEHOLDER, type HarNameValue, type HarParam } from '../har.ts';

const nodeAxios: Client = {
  info: {
    key: 'lectern-axios',
    title: 'axios',
    link: 'https://axios-http.com/',
    description: 'Node.js with axios (ES module, top-level await)',
  },
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
        lines.push(
          p.fileName !== undefined
            ? `form.append(${sqJs(p.name)}, await openAsBlob(${sqJs(FILE_PLACEHOLDER)}), ${sqJs(FILE_PLACEHOLDER)});`
            : `form.append(${sqJs(p.name)}, ${sqJs(p.value ?? '')});`,
        );
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
    else if (isForm(req))
      opts.push(
        `  data: new URLSearchParams(${jsLiteral(
          (req.postData.params ?? []).map((p: HarParam) => [p.name, p.value ?? '']),
          '  ',
        )}),`,
      );
    else if (binary) opts.push(`  data: await readFile(${sqJs(FILE_PLACEHOLDER)}),`);
    else if (json !== undefined) opts.push(`  data: ${jsLiteral(json, '  ')},`);
    else if (hasBody(req)) opts.push(`  data: ${sqJs(req.postData.text ?? '')},`);
    lines.push('const options = {', ...opts, '};', '', 'const { data } = await axios.request(options);', 'console.log(data);');
    return lines.join('\n');
  },
};

export default defineLanguage({
  key: 'node',
  name: 'Node.js',
  aliases: ['nodejs', 'node.js'],
  highlight: 'javascript',
  comment: '//',
  client: { target: 'node', client: nodeAxios.info.key, library: 'axios' },
  ownClient: { client: nodeAxios },
});
