/** C samples: httpsnippet's libcurl client, with real files (`curl_mime`, `CURLOPT_READDATA`). */
import { defineLanguage } from '../language.ts';
import { cLit, dropLine, MULTIPART_BODY_LINE, MULTIPART_HEADER_LINE, replaceLiteral } from '../fix-kit.ts';
import { BINARY_TEXT_PLACEHOLDER, FILE_PLACEHOLDER } from '../har.ts';

export default defineLanguage({
  key: 'c',
  name: 'C',
  aliases: [],
  highlight: 'c',
  comment: '//',
  client: { target: 'c', client: 'libcurl', library: 'libcurl' },
  multipart: (code, parts) => {
    const lines = ['curl_mime *mime = curl_mime_init(hnd);', 'curl_mimepart *part;'];
    for (const p of parts) {
      lines.push('part = curl_mime_addpart(mime);', `curl_mime_name(part, ${cLit(p.name)});`);
      lines.push(
        p.file ? `curl_mime_filedata(part, ${cLit(FILE_PLACEHOLDER)});` : `curl_mime_data(part, ${cLit(p.value)}, CURL_ZERO_TERMINATED);`,
      );
    }
    lines.push('curl_easy_setopt(hnd, CURLOPT_MIMEPOST, mime);');
    return dropLine(code, MULTIPART_HEADER_LINE).replace(MULTIPART_BODY_LINE, () => lines.join('\n'));
  },
  binary: (code) =>
    replaceLiteral(
      code,
      `curl_easy_setopt(hnd, CURLOPT_POSTFIELDS, "${BINARY_TEXT_PLACEHOLDER}");`,
      `FILE *file = fopen("${FILE_PLACEHOLDER}", "rb");\ncurl_easy_setopt(hnd, CURLOPT_UPLOAD, 1L);\ncurl_easy_setopt(hnd, CURLOPT_READDATA, file);`,
    ),
});
