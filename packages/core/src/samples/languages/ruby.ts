/** Ruby samples: httpsnippet's net/http client, with `#{` in double-quoted strings escaped and real files (`set_form`, `File.binread`). */
import { defineLanguage } from '../language.ts';
import { dropLine, fixDoubleQuoted, MULTIPART_BODY_LINE, MULTIPART_HEADER_LINE, replaceLiteral } from '../fix-kit.ts';
import { BINARY_TEXT_PLACEHOLDER, FILE_PLACEHOLDER } from '../har.ts';

function rubyLit(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export default defineLanguage({
  key: 'ruby',
  name: 'Ruby',
  aliases: ['rb'],
  highlight: 'ruby',
  byDefault: true,
  comment: '#',
  client: { target: 'ruby', client: 'native', library: 'net/http' },
  multipart: (code, parts) => {
    const form = parts.map((p) => `[${rubyLit(p.name)}, ${p.file ? `File.open(${rubyLit(FILE_PLACEHOLDER)})` : rubyLit(p.value)}]`);
    return dropLine(code, MULTIPART_HEADER_LINE).replace(
      MULTIPART_BODY_LINE,
      () => `request.set_form([${form.join(', ')}], 'multipart/form-data')`,
    );
  },
  binary: (code) => replaceLiteral(code, `"${BINARY_TEXT_PLACEHOLDER}"`, `File.binread('${FILE_PLACEHOLDER}')`),
  fix: (code) => fixDoubleQuoted(code, (body) => body.replace(/#(?=[{$@])/g, '\\#')),
});
