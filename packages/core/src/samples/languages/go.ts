/** Go samples: httpsnippet's net/http client, with real files (`mime/multipart` + `os.Open`). */
import { defineLanguage } from '../language.ts';
import { cLit, MULTIPART_BODY_LINE, MULTIPART_HEADER_LINE, replaceLiteral } from '../fix-kit.ts';
import { BINARY_TEXT_PLACEHOLDER, FILE_PLACEHOLDER } from '../har.ts';

export default defineLanguage({
  key: 'go',
  name: 'Go',
  aliases: ['golang'],
  highlight: 'go',
  byDefault: true,
  comment: '//',
  client: { target: 'go', client: 'native', library: 'net/http' },
  multipart: (code, parts) => {
    const lines = ['\tpayload := &bytes.Buffer{}', '\twriter := multipart.NewWriter(payload)'];
    const files = parts.filter((p) => p.file);
    files.forEach((p, i) => {
      const n = files.length > 1 ? String(i + 1) : '';
      lines.push(`\tfile${n}, _ := os.Open(${cLit(FILE_PLACEHOLDER)})`, `\tdefer file${n}.Close()`);
      lines.push(`\tpart${n}, _ := writer.CreateFormFile(${cLit(p.name)}, ${cLit(FILE_PLACEHOLDER)})`, `\tio.Copy(part${n}, file${n})`);
    });
    for (const p of parts) if (!p.file) lines.push(`\twriter.WriteField(${cLit(p.name)}, ${cLit(p.value)})`);
    lines.push('\twriter.Close()');
    let out = code.replace(MULTIPART_BODY_LINE, () => lines.join('\n'));
    out = out.replace(MULTIPART_HEADER_LINE, '\treq.Header.Set("Content-Type", writer.FormDataContentType())');
    const imports = new Set(['bytes', 'fmt', 'io', 'mime/multipart', 'net/http', ...(parts.some((p) => p.file) ? ['os'] : [])]);
    return out.replace(
      /import \([\s\S]*?\)/,
      `import (\n${[...imports]
        .sort()
        .map((i) => `\t"${i}"`)
        .join('\n')}\n)`,
    );
  },
  binary: (code) => {
    const out = replaceLiteral(code, `strings.NewReader("${BINARY_TEXT_PLACEHOLDER}")`, `os.Open("${FILE_PLACEHOLDER}")`);
    return out === code ? code : out.replace('payload := os.Open(', 'payload, _ := os.Open(').replace('\t"strings"\n', '\t"os"\n');
  },
});
