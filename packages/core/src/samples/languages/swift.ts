/** Swift samples: Lectern's URLSession client (async/await; httpsnippet's NSURLSession client breaks on multipart, nulls and newlines). */
import type { Client } from 'httpsnippet';
import { defineLanguage } from '../language.ts';
import { hasBody, headerList, isBinary, isMultipart } from '../client-kit.ts';
import { quoted } from '../quote.ts';
import { FILE_PLACEHOLDER, type HarParam } from '../har.ts';

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
  info: {
    key: 'lectern-urlsession',
    title: 'URLSession',
    link: 'https://developer.apple.com/documentation/foundation/urlsession',
    description: 'Foundation URLSession with async/await',
  },
  convert: (req) => {
    const multipart = isMultipart(req);
    const lines = [
      'import Foundation',
      '',
      `let url = URL(string: ${swiftStr(req.fullUrl)})!`,
      'var request = URLRequest(url: url)',
      `request.httpMethod = ${swiftStr(req.method)}`,
    ];
    for (const [k, v] of headerList(req, { dropContentType: multipart }))
      lines.push(`request.setValue(${swiftStr(v)}, forHTTPHeaderField: ${swiftStr(k)})`);
    const fileData = `try Data(contentsOf: URL(fileURLWithPath: ${swiftStr(FILE_PLACEHOLDER)}))`;
    if (multipart) {
      lines.push('', 'let boundary = "Boundary-\\(UUID().uuidString)"');
      lines.push('request.setValue("multipart/form-data; boundary=\\(boundary)", forHTTPHeaderField: "Content-Type")');
      lines.push('var body = Data()');
      for (const p of (req.postData.params ?? []) as HarParam[]) {
        const name = p.name.replace(/["\\]/g, '');
        if (p.fileName !== undefined) {
          lines.push(
            `body.append(Data("--\\(boundary)\\r\\nContent-Disposition: form-data; name=\\"${swiftStr(name).slice(1, -1)}\\"; filename=\\"${FILE_PLACEHOLDER}\\"\\r\\n\\r\\n".utf8))`,
          );
          lines.push(`body.append(${fileData})`);
          lines.push('body.append(Data("\\r\\n".utf8))');
        } else {
          lines.push(
            `body.append(Data("--\\(boundary)\\r\\nContent-Disposition: form-data; name=\\"${swiftStr(name).slice(1, -1)}\\"\\r\\n\\r\\n".utf8))`,
          );
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

export default defineLanguage({
  key: 'swift',
  name: 'Swift',
  aliases: [],
  highlight: 'swift',
  comment: '//',
  client: { target: 'swift', client: swiftUrlSession.info.key, library: 'URLSession (Foundation)' },
  ownClient: { client: swiftUrlSession },
});
