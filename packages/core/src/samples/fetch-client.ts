/**
 * The fetch client of the JavaScript (browser, file from an `<input type="file">`) and TypeScript (Node, `openAsBlob`)
 * samples: one httpsnippet client written twice, `typed` or not.
 */
import type { Client } from 'httpsnippet';
import { hasBody, headerList, isBinary, isForm, isMultipart, jsLiteral, jsonBody, sqJs } from './client-kit.ts';
import { FILE_PLACEHOLDER, type HarParam } from './har.ts';

export function fetchClient(key: string, typed: boolean): Client {
  return {
    info: {
      key,
      title: 'fetch',
      link: 'https://developer.mozilla.org/en-US/docs/Web/API/fetch',
      description: typed ? 'TypeScript with the standard fetch API' : 'JavaScript fetch (browsers, Node 18+, Deno, Bun)',
    },
    convert: (req) => {
      const lines: string[] = [];
      const multipart = isMultipart(req);
      const binary = isBinary(req);
      if (binary || (multipart && req.postData.params?.some((p: HarParam) => p.fileName !== undefined))) {
        lines.push(
          typed ? "import { openAsBlob } from 'node:fs';" : 'const fileInput = document.querySelector(\'input[type="file"]\');',
          '',
        );
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
          if (p.fileName !== undefined)
            lines.push(
              `form.append(${sqJs(p.name)}, ${typed ? `await openAsBlob(${sqJs(FILE_PLACEHOLDER)})` : 'fileInput.files[0]'}, ${sqJs(p.fileName || FILE_PLACEHOLDER)});`,
            );
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
