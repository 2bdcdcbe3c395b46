/**
 * Real file handling in samples whose httpsnippet client inlines a hand-built multipart body (with empty
 * file content) or a placeholder string for raw binary bodies: each language gets its own idiomatic file
 * API instead (Go `mime/multipart` + `os.Open`, Ruby `set_form` + `File.binread`, PHP `CURLFile`, …).
 *
 * Works on the client's output by replacing the body statement it emitted; every replacement is pinned
 * by the unit tests and the tree-sitter sweep.
 */
import type { LanguageKey } from '../languages.ts';
import { hexEscape, quoted } from './quote.ts';
import { BINARY_TEXT_PLACEHOLDER, FILE_PLACEHOLDER, type HarBuild, type HarParam } from './har.ts';

/** The boundary httpsnippet uses for multipart bodies. */
const BOUNDARY = '---011000010111000001101001';

function cLit(s: string, unicode = false): string {
  return quoted(s, unicode ? (c) => `\\u${c.toString(16).padStart(4, '0')}` : hexEscape);
}

function rubyLit(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

const lineWith = (needle: string): RegExp => new RegExp(`^.*${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*$`, 'm');
const dropLine = (code: string, re: RegExp): string => code.replace(new RegExp(`${re.source}\\n?`, 'm'), '');

function multipartFix(lang: LanguageKey, code: string, params: HarParam[]): string {
  const parts = params.map((p) => ({ name: p.name, file: p.fileName !== undefined, value: p.value ?? '' }));
  const bodyLine = lineWith(`-----${BOUNDARY.slice(3)}`);
  const headerLine = lineWith(`boundary=${BOUNDARY}`);
  switch (lang) {
    case 'go': {
      const lines = ['\tpayload := &bytes.Buffer{}', '\twriter := multipart.NewWriter(payload)'];
      const files = parts.filter((p) => p.file);
      files.forEach((p, i) => {
        const n = files.length > 1 ? String(i + 1) : '';
        lines.push(`\tfile${n}, _ := os.Open(${cLit(FILE_PLACEHOLDER)})`, `\tdefer file${n}.Close()`);
        lines.push(`\tpart${n}, _ := writer.CreateFormFile(${cLit(p.name)}, ${cLit(FILE_PLACEHOLDER)})`, `\tio.Copy(part${n}, file${n})`);
      });
      for (const p of parts) if (!p.file) lines.push(`\twriter.WriteField(${cLit(p.name)}, ${cLit(p.value)})`);
      lines.push('\twriter.Close()');
      let out = code.replace(bodyLine, () => lines.join('\n'));
      out = out.replace(headerLine, '\treq.Header.Set("Content-Type", writer.FormDataContentType())');
      const imports = new Set(['bytes', 'fmt', 'io', 'mime/multipart', 'net/http', ...(parts.some((p) => p.file) ? ['os'] : [])]);
      return out.replace(/import \([\s\S]*?\)/, `import (\n${[...imports].sort().map((i) => `\t"${i}"`).join('\n')}\n)`);
    }
    case 'ruby': {
      const form = parts.map((p) => `[${rubyLit(p.name)}, ${p.file ? `File.open(${rubyLit(FILE_PLACEHOLDER)})` : rubyLit(p.value)}]`);
      return dropLine(code, headerLine).replace(bodyLine, () => `request.set_form([${form.join(', ')}], 'multipart/form-data')`);
    }
    case 'php': {
      const fields = parts.map((p) => `    ${cLit(p.name)} => ${p.file ? `new CURLFile(${cLit(FILE_PLACEHOLDER)})` : cLit(p.value)},`);
      return dropLine(code, headerLine).replace(bodyLine, () => `  CURLOPT_POSTFIELDS => [\n${fields.join('\n')}\n  ],`);
    }
    case 'kotlin': {
      const lines = ['val body = MultipartBody.Builder()', '  .setType(MultipartBody.FORM)'];
      for (const p of parts) {
        lines.push(p.file
          ? `  .addFormDataPart(${cLit(p.name)}, ${cLit(FILE_PLACEHOLDER)}, RequestBody.create(MediaType.parse("application/octet-stream"), File(${cLit(FILE_PLACEHOLDER)})))`
          : `  .addFormDataPart(${cLit(p.name)}, ${cLit(p.value)})`);
      }
      lines.push('  .build()');
      let out = dropLine(code, lineWith(`MediaType.parse("multipart/form-data; boundary=${BOUNDARY}")`));
      out = dropLine(out, lineWith(`.addHeader("Content-Type", "multipart/form-data; boundary=`));
      return out.replace(bodyLine, () => lines.join('\n'));
    }
    case 'c': {
      const lines = ['curl_mime *mime = curl_mime_init(hnd);', 'curl_mimepart *part;'];
      for (const p of parts) {
        lines.push('part = curl_mime_addpart(mime);', `curl_mime_name(part, ${cLit(p.name)});`);
        lines.push(p.file ? `curl_mime_filedata(part, ${cLit(FILE_PLACEHOLDER)});` : `curl_mime_data(part, ${cLit(p.value)}, CURL_ZERO_TERMINATED);`);
      }
      lines.push('curl_easy_setopt(hnd, CURLOPT_MIMEPOST, mime);');
      return dropLine(code, headerLine).replace(bodyLine, () => lines.join('\n'));
    }
    case 'csharp': {
      const lines = ['request.AlwaysMultipartFormData = true;'];
      for (const p of parts) lines.push(p.file ? `request.AddFile(${cLit(p.name, true)}, ${cLit(FILE_PLACEHOLDER, true)});` : `request.AddParameter(${cLit(p.name, true)}, ${cLit(p.value, true)});`);
      return dropLine(code, headerLine).replace(bodyLine, () => lines.join('\n'));
    }
    case 'dotnet':
      // HttpClient's MultipartFormDataContent: file parts as a stream of the file instead of empty text.
      return code.replace(
        /new StringContent\(""\)(\s*\{\s*Headers =\s*\{\s*ContentDisposition = new ContentDispositionHeaderValue\("form-data"\)\s*\{\s*Name = "(?:[^"\\]|\\.)*",\s*FileName = )"[^"]*"/g,
        `new StreamContent(File.OpenRead(${cLit(FILE_PLACEHOLDER, true)}))$1${cLit(FILE_PLACEHOLDER, true)}`,
      );
    default:
      return code;
  }
}

/** Replacement of the placeholder body literal by a file read, per language (literal as the client prints it). */
const BINARY: Partial<Record<LanguageKey, [search: string, replace: string]>> = {
  python: [`"${BINARY_TEXT_PLACEHOLDER}"`, `open('${FILE_PLACEHOLDER}', 'rb')`],
  go: [`strings.NewReader("${BINARY_TEXT_PLACEHOLDER}")`, `os.Open("${FILE_PLACEHOLDER}")`],
  java: [`HttpRequest.BodyPublishers.ofString("${BINARY_TEXT_PLACEHOLDER}")`, `HttpRequest.BodyPublishers.ofFile(Path.of("${FILE_PLACEHOLDER}"))`],
  ruby: [`"${BINARY_TEXT_PLACEHOLDER}"`, `File.binread('${FILE_PLACEHOLDER}')`],
  php: [`"${BINARY_TEXT_PLACEHOLDER}"`, `file_get_contents('${FILE_PLACEHOLDER}')`],
  kotlin: [`RequestBody.create(mediaType, "${BINARY_TEXT_PLACEHOLDER}")`, `RequestBody.create(mediaType, File("${FILE_PLACEHOLDER}"))`],
  csharp: [`"${BINARY_TEXT_PLACEHOLDER}", ParameterType.RequestBody`, `File.ReadAllBytes("${FILE_PLACEHOLDER}"), ParameterType.RequestBody`],
  dotnet: [`new StringContent("${BINARY_TEXT_PLACEHOLDER}")`, `new ByteArrayContent(File.ReadAllBytes("${FILE_PLACEHOLDER}"))`],
  c: [`curl_easy_setopt(hnd, CURLOPT_POSTFIELDS, "${BINARY_TEXT_PLACEHOLDER}");`, `FILE *file = fopen("${FILE_PLACEHOLDER}", "rb");\ncurl_easy_setopt(hnd, CURLOPT_UPLOAD, 1L);\ncurl_easy_setopt(hnd, CURLOPT_READDATA, file);`],
  rust: [`let payload = "${BINARY_TEXT_PLACEHOLDER}";`, `let payload = std::fs::read("${FILE_PLACEHOLDER}").unwrap();`],
};

function binaryFix(lang: LanguageKey, code: string): string {
  const rule = BINARY[lang];
  if (!rule || !code.includes(rule[0])) return code;
  let out = code.split(rule[0]).join(rule[1]);
  if (lang === 'go') {
    out = out.replace('payload := os.Open(', 'payload, _ := os.Open(').replace('\t"strings"\n', '\t"os"\n');
  }
  return out;
}

/** Replace inlined multipart bodies and binary placeholders by real file handling. */
export function fixFileBodies(lang: LanguageKey, code: string, build: HarBuild): string {
  if (build.bodyKind === 'binary') return binaryFix(lang, code);
  if (build.bodyKind === 'multipart') return multipartFix(lang, code, build.har.postData?.params ?? []);
  return code;
}
