/** Kotlin samples: httpsnippet's OkHttp client, with `$` kept out of string templates and real files (`MultipartBody`, `File`). */
import { defineLanguage } from '../language.ts';
import { BOUNDARY, cLit, dropLine, lineWith, MULTIPART_BODY_LINE, replaceLiteral } from '../fix-kit.ts';
import { BINARY_TEXT_PLACEHOLDER, FILE_PLACEHOLDER } from '../har.ts';

export default defineLanguage({
  key: 'kotlin',
  name: 'Kotlin',
  aliases: ['kt'],
  highlight: 'kotlin',
  comment: '//',
  client: { target: 'kotlin', client: 'okhttp', library: 'OkHttp' },
  multipart: (code, parts) => {
    const lines = ['val body = MultipartBody.Builder()', '  .setType(MultipartBody.FORM)'];
    for (const p of parts) {
      lines.push(
        p.file
          ? `  .addFormDataPart(${cLit(p.name)}, ${cLit(FILE_PLACEHOLDER)}, RequestBody.create(MediaType.parse("application/octet-stream"), File(${cLit(FILE_PLACEHOLDER)})))`
          : `  .addFormDataPart(${cLit(p.name)}, ${cLit(p.value)})`,
      );
    }
    lines.push('  .build()');
    let out = dropLine(code, lineWith(`MediaType.parse("multipart/form-data; boundary=${BOUNDARY}")`));
    out = dropLine(out, lineWith(`.addHeader("Content-Type", "multipart/form-data; boundary=`));
    return out.replace(MULTIPART_BODY_LINE, () => lines.join('\n'));
  },
  binary: (code) =>
    replaceLiteral(
      code,
      `RequestBody.create(mediaType, "${BINARY_TEXT_PLACEHOLDER}")`,
      `RequestBody.create(mediaType, File("${FILE_PLACEHOLDER}"))`,
    ),
  // Kotlin string templates: every `$` of the okhttp client's output sits inside a string literal; a `$`
  // that would start a template (`$name`, `${`) becomes `${'$'}` (tree-sitter-kotlin misreads `\$\"`).
  fix: (code) => code.replace(/\$(?=[A-Za-z_{])/g, () => "${'$'}"),
});
