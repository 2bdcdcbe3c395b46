/**
 * PowerShell samples: Lectern's Invoke-RestMethod client (PowerShell 7; httpsnippet's own client leaves single
 * quotes in bodies and URLs unescaped, which breaks the script).
 */
import type { Client } from 'httpsnippet';
import { defineLanguage } from '../language.ts';
import { contentType, hasBody, headerList, isBinary, isForm, isMultipart, repeatedFormNames } from '../client-kit.ts';
import { FILE_PLACEHOLDER } from '../har.ts';

/** PowerShell verbatim string: single quotes doubled (also the typographic ones PowerShell treats as quotes). */
function psQuote(s: string): string {
  return `'${s.replace(/['\u2018\u2019\u201a\u201b]/g, (q) => q + q)}'`;
}

function psHereString(s: string): string | undefined {
  if (/(^|\n)\s*'@/.test(s) || s.includes('\r')) return undefined;
  return `@'\n${s}\n'@`;
}

const PS_METHODS = new Set(['DEFAULT', 'DELETE', 'GET', 'HEAD', 'MERGE', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE']);

const psRestMethod: Client = {
  info: {
    key: 'lectern-restmethod',
    title: 'Invoke-RestMethod',
    link: 'https://learn.microsoft.com/powershell/module/microsoft.powershell.utility/invoke-restmethod',
    description: 'PowerShell Invoke-RestMethod (PowerShell 7)',
  },
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
        lines.push(
          `    ${psQuote(p.name)} = ${p.fileName !== undefined ? `Get-Item -Path ${psQuote(FILE_PLACEHOLDER)}` : psQuote(p.value ?? '')}`,
        );
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

export default defineLanguage({
  key: 'powershell',
  name: 'PowerShell',
  aliases: [],
  highlight: 'powershell',
  comment: '#',
  client: { target: 'powershell', client: psRestMethod.info.key, library: 'Invoke-RestMethod' },
  ownClient: { client: psRestMethod },
});
